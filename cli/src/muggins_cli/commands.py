"""The bodies of the commands that play at the terminal: play and resume.

`main.py` declares the commands and their options and imports this module
only when one of them runs, so the game core is never imported just to
show help (`info.py` holds the lighter list, plugins and rules; replay and
simulate are `replaying.py` and `simulating.py`). This module is the
terminal's input and output around the core's `muggins.session.Session`:
what the user gave becomes a `muggins.request.MatchRequest`, checked by the
core as every front end's is (its refusal one `BadInput` line, exit 2,
`checks.py`); the session runs the match with the terminal's `HumanPlayer`
at `human` seats and its record on a locked `RecordFile`, so each decision
is on disk as soon as it is taken; Ctrl-C, SIGTERM, SIGHUP, the end of
input or a failed write become a saved record plus the exact resume
command (`recording.py` owns the records folder, that command and the
signals); and the narration and result are printed (`results.py`).
"""

from __future__ import annotations

import errno
import sys
from typing import Any, Sequence

import click

from muggins.engine import Match, MatchAborted
from muggins.game import Game, Result
from muggins.limits import clip_path
from muggins.plugins import PluginFault
from muggins.records import Record, RecordError, RecordWriteError
from muggins.request import MatchRequest
from muggins.session import FrontEnd, NotStarted, Session, SessionBroken
from muggins.match_checks import HUMAN, OtherBots, RecordMismatch, SessionError, default_opponent  # noqa: F401  (default_opponent: its old home)
from muggins.store import StoreError

from .checks import announce_house_rules, checked, first_state
from .errors import EXIT_ERROR, EXIT_INTERRUPTED, BadInput, GameError
from .human import HumanPlayer
from .i18n import _, ngettext
from .recording import SignalStop, bounded_stdin, latest_unfinished, records_store, resume_command, stop_signals, store_refusal
from .replaying import narrator
from .results import Sides, describe_result, echo_deal, echo_result, record_sides  # noqa: F401  (describe_result: its old home)
from .session import registry as get_registry
from .style import echo_fitted
from .thinking import show_thinking


# -- play and resume -------------------------------------------------------------
def play_to_the_end(match: Match, path: str) -> Result:
    """Play to the end; every way of stopping early keeps the record and says how to resume.

    Ctrl-C exits 130, SIGTERM 143 and SIGHUP 129 (the record is complete to
    its last decision); end of input exits 1; a record that cannot be
    written (disk full) exits 1 naming the failure, the record cut back to
    its last whole line; plugin code that ends the match (SystemExit, its
    own KeyboardInterrupt) exits 1 naming the plugin, the record kept.
    """
    try:
        return match.run()
    except MatchAborted as exc:
        raise GameError(str(exc)) from exc
    except PluginFault as exc:
        kept = match.writer.written if match.writer is not None else match.decisions
        raise GameError(ngettext("{reason}; the match stopped after {kept} decision; the record is saved; continue with: {command}",
                                "{reason}; the match stopped after {kept} decisions; the record is saved; continue with: {command}", kept).format(
            reason=exc, kept=kept, command=resume_command(path))) from exc
    except SignalStop as exc:
        _stopped(match, path, exc.why, exc.exit_code)
    except KeyboardInterrupt:
        _stopped(match, path, "interrupted", EXIT_INTERRUPTED)
    except EOFError:
        _stopped(match, path, "input ended", EXIT_ERROR)
    except RecordWriteError as exc:
        kept = match.writer.written if match.writer is not None else 0
        if getattr(exc.__cause__, "errno", None) == errno.EFBIG:  # `ulimit -f`: no disk is full, the process may write no larger a file
            raise GameError(ngettext(
                "cannot write record {path}: the file size limit (ulimit -f) was reached; the record keeps {kept} decision; "
                "raise the limit, then continue with: {command}",
                "cannot write record {path}: the file size limit (ulimit -f) was reached; the record keeps {kept} decisions; "
                "raise the limit, then continue with: {command}", kept).format(
                path=clip_path(path), kept=kept, command=resume_command(path))) from exc
        raise GameError(ngettext("{reason}; the record keeps {kept} decision; free some space, then continue with: {command}",
                                "{reason}; the record keeps {kept} decisions; free some space, then continue with: {command}", kept).format(
            reason=exc, kept=kept, command=resume_command(path))) from exc
    raise AssertionError("unreachable")  # pragma: no cover


def _stopped(match: Match, path: str, why: str, code: int) -> None:
    kept = match.writer.written if match.writer is not None else match.decisions
    try:
        if sys.stdin is not None and sys.stdin.isatty():  # pragma: no cover - close the line the ^C was echoed on
            click.echo(err=True)
        echo_fitted(ngettext("muggins: {why} after {kept} decision; the record is saved; continue with: {command}",
                              "muggins: {why} after {kept} decisions; the record is saved; continue with: {command}", kept).format(
            why=_(why), kept=kept, command=resume_command(path)), err=True,
                    whole=(resume_command(path),))
    except (OSError, ValueError):  # after SIGHUP the terminal may be gone; the exit code still tells
        pass
    raise click.exceptions.Exit(code)


def _finish(game: Game, players: Sequence[Any], kinds: Sequence[str], result: Result, path: str, sides: Sides = None,
            record: Record | None = None) -> None:
    humans = [p for p in players if isinstance(p, HumanPlayer)]
    if humans:
        humans[0].flush()
    echo_result(describe_result(result, kinds, sides, game))
    echo_fitted(_("record: {path}").format(path=path), whole=(path,))
    if record is not None and record.deal is not None:
        echo_deal(record)


def play(game_name: str, players: int | None, seats: Sequence[str], rules_path: str | None, seed: int | None, record_path: str | None, *,
         opponents: str | None = None, pace: float | None = 0) -> None:
    """A new match at the terminal: the core's request check and `Session.open`, with the terminal's human, narration, hints and stops around it.

    A seed the user does not choose is drawn in secret by the check (it gives every hidden card away): its commitment is shown instead.
    """
    registry = get_registry()
    request = checked(registry, MatchRequest(game_name, players, list(seats) or None, rules_file=rules_path, seed=seed, opponents=opponents,
                                             record_path=record_path))
    # The match is made before its record: a house rule refused at creation leaves no file behind.
    state = first_state(request)
    announce_house_rules(registry, request.game, request.rules, request.players, rules_path)
    with stop_signals() as stops, bounded_stdin():
        try:
            session = Session.open(registry, request, records_store(), front_end=_terminal(stops, pace), state=state)
        except (StoreError, RecordError) as exc:
            raise store_refusal(exc, record_path) from exc
        except NotStarted as exc:
            raise _not_started(exc) from exc
        except SessionError as exc:
            raise BadInput(str(exc)) from exc
        with session:
            _tell_partners(session.players, request.game.sides(request.rules, request.players))
            echo_fitted(_("recording to {path}").format(path=session.path), whole=(session.path,))
            if request.deal is not None:
                click.echo(_("deal committed: {commitment}").format(commitment=request.deal.commitment))
            result = play_to_the_end(session.match, session.path)
    game = request.game
    _finish(game, session.players, request.seats, result, session.path, game.sides(request.rules, request.players), session.record)


def _tell_partners(players: Any, sides: Any) -> None:
    """Each person at the terminal is told the seats on their side (their opponents line names them apart)."""
    for player in players:
        if isinstance(player, HumanPlayer):
            side = next((tuple(side) for side in sides or () if player.seat in side), ())
            player.partners = tuple(seat for seat in side if seat != player.seat)


def _terminal(stops: Any, pace: float | None) -> FrontEnd:
    """How the terminal takes part in a session: its human at `human` seats, narration for bots alone, its stops waiting for the record's lines."""
    return FrontEnd(
        factories=lambda game, seats: {HUMAN: lambda seat: HumanPlayer(game, seat, pace=pace, seats=seats)},
        listeners=lambda game, seats: [] if HUMAN in seats else [narrator(game)],  # a person's own table narrates what it sees
        on_record=lambda stream: stops.wait_for(stream.guard), on_seated=lambda seated, seats: show_thinking(seated, seats, HUMAN),
        warn=lambda line: click.echo(_("warning: {line}").format(line=line), err=True), tell=lambda line: click.echo(line, err=True),
        given_like=HumanPlayer)


def _not_started(exc: NotStarted) -> GameError | BaseException:
    """The line for a match that did not start: its record removed (nothing was written) or kept to be continued."""
    if isinstance(exc.cause, PluginFault):
        return GameError(_("{reason}; the match did not start; the record is saved; start it with: {command}").format(
            reason=exc.cause, command=resume_command(exc.path)))
    if isinstance(exc.cause, RecordWriteError):
        if not exc.kept:
            return GameError(_("{reason}; the match did not start and nothing was kept").format(reason=exc.cause))
        return GameError(_("{reason}; the match did not start; start it again, or continue it with: {command}").format(
            reason=exc.cause, command=resume_command(exc.path)))
    return exc.cause


def resume(path: str | None, *, pace: float | None = 0) -> None:
    """Continue a record (the most recent unfinished one in the records folder when `path` is None) under its writer's lock: the core's `Session.reopen`."""
    registry = get_registry()
    if path is None:
        path = str(latest_unfinished())
        echo_fitted(_("the most recent unfinished match: {path}").format(path=path), whole=(str(path),))
    with stop_signals() as stops, bounded_stdin():
        try:
            session = Session.reopen(registry, records_store(), path, front_end=_terminal(stops, pace), source=clip_path(path))
        except (SessionError, OtherBots) as exc:
            raise BadInput(str(exc)) from exc
        except (RecordMismatch, SessionBroken) as exc:
            raise GameError(str(exc)) from exc
        with session:
            record, game = session.record, session.game
            if session.finished:  # verified, and left as it is
                click.echo(_("{path}: this match is already over").format(path=path))
                echo_result(describe_result(session.result(), record.seats, record_sides(game, record), game))  # type: ignore[arg-type]
                return
            _tell_partners(session.players, record_sides(game, record))
            for player in session.players:
                if isinstance(player, HumanPlayer):
                    # The human sees again what it saw since its last decision; the pending decision is drawn with the table and waits.
                    player.resumed(session)
            # No seed here: it would give every hidden card away before the end.
            echo_fitted(ngettext("resuming {path} after {count} decision", "resuming {path} after {count} decisions",
                                 len(record.decisions)).format(path=path, count=len(record.decisions)),
                        whole=(str(path),))
            if record.deal is not None:
                click.echo(_("deal committed: {commitment}").format(commitment=record.deal["commitment"]))
            try:
                result = session.run() if session.over else play_to_the_end(session.match, path)
            except RecordWriteError as exc:  # the result of a match already over could not be written
                raise GameError(_("{reason}; continue with: {command}").format(reason=exc, command=resume_command(path))) from exc
    _finish(game, session.players, record.seats, result, path, game.sides(session.state.rules, session.state.players), record)
