"""The bodies of the game-running commands: play, resume, replay and simulate.

`main.py` declares the commands and their options and imports this module
only when one of them runs, so the game core is never imported just to
show help (`info.py` holds the lighter list, plugins and rules). This
module owns the terminal's half of playing: reading what the user gave
(game names, house rules files, player counts, seat specs) into
`BadInput` lines (exit 2), running matches with a `RecordWriter` on a
locked `RecordFile` so each decision is on disk as soon as it is taken,
turning Ctrl-C, SIGTERM, SIGHUP, the end of input or a failed write into a
saved record plus the exact resume command (`recording.py` owns the
records folder, that command and the signals), and printing results and
narrations. The domain half — seating bots with the terminal's
`HumanPlayer` for `human` seats, checking seats and records, verifying,
reopening a record with its bots caught up — is `muggins.sessions`, which
any other front end uses too; simulation summaries are `summary.py`'s.
"""

from __future__ import annotations

import errno
import json
import sys
from typing import Any, Callable, Sequence

import click

from muggins.engine import Match, MatchAborted
from muggins.error_words import os_reason
from muggins.fairness import deal_from_header, draw_deal
from muggins.game import Event, Game, Result
from muggins.houserules import HouseRuleError, check_switches, house_rule_plugins
from muggins.i18n import written_number
from muggins.players import parse_seat
from muggins.plugins import PluginFault
from muggins.limits import MAX_RULES_BYTES, LimitError, clip, clip_path, read_limited
from muggins.records import Record, RecordError, RecordWriteError, read_record
from muggins.replay import rebuild_state, replay as replay_record
from muggins.rng import new_seed
from muggins.rules import RulesError, load_rules, rules_from_dict
from muggins.seat_words import describe_seats
from muggins.session import NotStarted, Session, SessionBroken
from muggins.sessions import HUMAN, OtherBots, RecordMismatch, SessionError, check_record_seats, check_seats, default_opponent, installed_game, seat_players, verify as verify_record
from muggins.store import StoreError

from .errors import EXIT_ERROR, EXIT_INTERRUPTED, BadInput, GameError
from .i18n import _, ngettext
from .human import HumanPlayer
from .style import echo_fitted
from .info import find_game
from .session import registry as get_registry
from .recording import SignalStop, bounded_stdin, latest_unfinished, records_store, resume_command, stop_signals, store_refusal
from .thinking import show_thinking


# -- shared checks ---------------------------------------------------------------
def read_rules(game: Game, path: str | None) -> Any:
    """The house rules from a TOML file, or the game's defaults."""
    if path is None:
        return game.Rules()
    try:
        text = read_limited(path, MAX_RULES_BYTES, "house rules")
    except OSError as exc:
        raise BadInput(_("cannot read house rules {path}: {reason}").format(path=clip_path(path), reason=os_reason(exc))) from exc
    except LimitError as exc:
        raise BadInput(str(exc)) from exc
    try:
        return load_rules(game.Rules, text, source=path)
    except RulesError as exc:
        raise BadInput(str(exc)) from exc


def new_state(game: Game, rules: Any, players: int, seed: int) -> Any:
    """`game.new`, with a house-rule plugin's refusal at creation as one BadInput line."""
    try:
        return game.new(rules, players, seed)
    except HouseRuleError as exc:
        raise BadInput(str(exc)) from exc


def warn_overridden(game: Game, rules: Any, players: int, source: str | None) -> None:
    """A warning line for each value the rules chose that a house-rule plugin in force overrides (`target = 151`, played to 91)."""
    from muggins.houserules import chosen_rules_overridden

    from .session import warn

    for setting in chosen_rules_overridden(game, rules, players):
        warn(f"{clip_path(source) + ': ' if source else ''}{setting.describe()}")


def announce_house_rules(registry: Any, game: Game, rules: Any, players: int, source: str | None) -> None:
    """Before a match: the rules' values a plugin overrides (warnings), and with a house-rule plugin in force one line
    naming the plugins and what the match plays by (`Game.describe_rules`: the target, the scoring changed)."""
    warn_overridden(game, rules, players, source)
    plugins = house_rule_plugins(registry, game, rules)
    if plugins:
        described = game.describe_rules(rules, players)
        echo_fitted(_("house rules in force: {rules}").format(rules=", ".join(p.describe() for p in plugins)) + (f"; {described}" if described else ""))


def check_plugin_switches(registry: Any, game: Game, rules: Any, source: str | None) -> None:
    """BadInput (one line) when the rules' `[plugins]` table names a plugin that is not an installed house rule of `game`."""
    try:
        check_switches(registry, game, rules)
    except ValueError as exc:
        raise BadInput(f"{source or 'rules'}: {exc}") from exc


def seat_kinds(registry: Any, game: Game, players: int | None, seats: Sequence[str], *, human_first: bool, opponents: str | None = None) -> tuple[int, list[str]]:
    """The player count and one seat spec per seat: `--seat` values from seat 0, defaults for the rest.

    Without `--players` the count is the game's default, or the number of
    `--seat` options if that is larger. For play, seat 0 defaults to the
    human and every other open seat to `opponents` (`--opponents`), else to
    `default_opponent`; for simulate every open seat is an expert. Specs
    are kept as written (`novice:error_rate=0.3`): records store them unchanged.
    """
    if players is None:
        players = max(game.default_players, len(seats))
    low, high = game.players.start, game.players.stop - 1
    if players not in game.players:
        raise BadInput(_("{game} is played by {low} to {high} players, not {players}").format(game=game.name, low=low, high=high, players=players))
    if len(seats) > players:
        raise BadInput(_("{count} --seat options for {players} players; give at most one per seat").format(count=len(seats), players=players))
    if human_first:
        others = opponents if opponents is not None else default_opponent(registry, game)
        defaults = [HUMAN] + [others] * (players - 1)
    else:
        defaults = ["expert"] * players
    kinds = list(seats) + defaults[len(seats):]
    check_kinds(registry, game, kinds, allow_human=human_first)
    return players, kinds


def prepare(game_name: str, players: int | None, seats: Sequence[str], rules_path: str | None, *, human_first: bool, opponents: str | None = None) -> tuple[Any, Game, Any, int, list[str]]:
    """What play and simulate both check first: the game, its house rules, the player count and seat kinds."""
    registry = get_registry()
    game = find_game(registry, game_name)
    rules = read_rules(game, rules_path)
    check_plugin_switches(registry, game, rules, rules_path)
    count, kinds = seat_kinds(registry, game, players, seats, human_first=human_first, opponents=opponents)
    check_playable(game, rules, count, rules_path)
    return registry, game, rules, count, kinds


def check_playable(game: Game, rules: Any, players: int, source: str | None) -> None:
    """BadInput (one line) when the rules cannot be played by this many players (`Game.check_rules`)."""
    try:
        game.check_rules(rules, players)
    except ValueError as exc:
        raise BadInput(f"{clip_path(source) + ': ' if source else ''}{clip(exc, 160)}") from exc


def check_kinds(registry: Any, game: Game, seats: Sequence[str], *, allow_human: bool) -> None:
    """BadInput (one line) for a seat spec that cannot be played: an unknown kind, a bad option, a kind refusing the game (`sessions.check_seats`)."""
    if not allow_human and any(_is_human(spec) for spec in seats):
        raise BadInput(_("simulate runs bots only; choose seat kinds from: {kinds}").format(kinds=", ".join(registry.kind_names(game.name))))
    try:
        check_seats(registry, game, seats, front_end=(HUMAN,) if allow_human else ())
    except SessionError as exc:
        raise BadInput(str(exc)) from exc


def _is_human(spec: str) -> bool:
    try:
        return parse_seat(spec)[0] == HUMAN
    except ValueError:
        return False


def load_record(registry: Any, path: str) -> tuple[Record, Game]:
    """Read a record and find its game, refusing a game or version that is not installed."""
    try:
        record = read_record(path)
    except RecordError as exc:
        raise BadInput(str(exc)) from exc
    return record, _installed_game(registry, record, path)


def build_players(registry: Any, game: Game, seats: Sequence[str], seed: int, *, pace: float | None = 0) -> list[Any]:
    """Bots from the seat specs (each on its derived stream, options applied) and a HumanPlayer per `human` seat.

    Beside a human on a terminal, a bot that takes its time says so (`thinking.py`).
    """
    seated = seat_players(registry, game, seats, seed, front_end={HUMAN: lambda seat: HumanPlayer(game, seat, pace=pace, seats=seats)})
    show_thinking(seated, seats, HUMAN)
    return seated


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


def _narrator(game: Game) -> Callable[[str, Event], None]:
    def narrate(name: str, ev: Event) -> None:
        line = game.describe(ev, None)
        if line is not None:
            echo_fitted(line)

    return narrate


def _finish(game: Game, players: Sequence[Any], kinds: Sequence[str], result: Result, path: str, sides: Sides = None,
            record: Record | None = None) -> None:
    humans = [p for p in players if isinstance(p, HumanPlayer)]
    if humans:
        humans[0].flush()
    _echo_result(describe_result(result, kinds, sides, game))
    echo_fitted(_("record: {path}").format(path=path), whole=(path,))
    if record is not None and record.deal is not None:
        _echo_deal(record)


def _echo_deal(record: Record) -> None:
    """The seed and nonce of a committed deal, once the match is over, and whether they give the commitment shown at its start."""
    deal = deal_from_header(record.seed, record.deal)
    assert deal is not None
    click.echo(_("the deal's seed was {seed} (nonce {nonce})").format(seed=deal.seed, nonce=deal.nonce))
    if not deal.checks():
        click.echo(_("warning: that seed and nonce do not give the commitment shown at the start"), err=True)


def _echo_result(lines: Sequence[str]) -> None:
    """The result's lines, each broken between items to the terminal's width (a pipe keeps them whole)."""
    for line in lines:
        echo_fitted(line)


Sides = Sequence[Sequence[int]] | None


def _record_sides(game: Game, record: Record) -> Sides:
    """The sides the record's rules form (None when its rules no longer parse: every seat alone)."""
    try:
        return game.sides(rules_from_dict(game.Rules, record.rules, source="record rules"), record.players)
    except RulesError:
        return None


def _seats_words(seats: Sequence[int]) -> str:
    if len(seats) > 1:
        return _("seats {seats} and {last}").format(seats=", ".join(str(s) for s in seats[:-1]), last=seats[-1])
    return _("seat {seat}").format(seat=seats[0])


def describe_result(result: Result, kinds: Sequence[str], sides: Sides = None, game: Game | None = None) -> list[str]:
    """The result as lines: who won (each seat's kind in words, `muggins.seat_words`), the scores, and whether a limit stopped the match.

    With `sides` (the game's partnerships, `Game.sides`) the lines name sides, not seats: the
    winning side or sides and each side's total, the sum of its seats' scores (a side's seats
    score together). Several winners whose scores differ share the win (a lowball game's sides
    that did not reach the target); several with equal scores tie.
    """
    said = dict(zip(kinds, describe_seats(kinds, game)))

    def who(seat: int) -> str:
        return _("seat {seat} ({kind})").format(seat=seat, kind=said[kinds[seat]]) if seat < len(kinds) else _("seat {seat}").format(seat=seat)

    scores = result.scores
    if sides and scores:
        totals = [sum(scores[s] for s in side) for side in sides]
        won = [n for n, side in enumerate(sides) if side and all(s in result.winners for s in side)]
        order = won + [n for n in range(len(sides)) if n not in won]
        figures = _(" to ").join(f"{totals[n]:g}" for n in order)
        if not result.winners:
            lines = [_("result: no winner (a draw), {figures}").format(figures=figures)]
        elif len(won) == 1:
            side = sides[won[0]]
            lines = [ngettext("result: {side} wins, {figures}", "result: {side} win, {figures}", len(side)).format(side=_seats_words(side), figures=figures)]
        else:
            lines = [_("result: {sides} share the win, {figures}").format(sides=_(" and ").join(_seats_words(sides[n]) for n in won), figures=figures)]
        lines.append(_("sides: {sides}").format(sides=" · ".join(
            f"{_seats_words(side)} ({', '.join(said[kinds[s]] for s in side if s < len(kinds))}) {totals[n]:g}" for n, side in enumerate(sides))))
    else:
        if not result.winners:
            lines = [_("result: no winner (a draw)")]
        elif len(result.winners) == 1:
            lines = [_("result: {seat} wins").format(seat=who(result.winners[0]))]
        elif scores and len({scores[s] for s in result.winners}) > 1:
            lines = [_("result: {seats} share the win").format(seats=_(" and ").join(who(s) for s in result.winners))]
        else:
            lines = [_("result: a tie between {seats}").format(seats=_(" and ").join(who(s) for s in result.winners))]
        if scores:
            lines.append(_("scores: {scores}").format(scores=", ".join(_("seat {seat} {score}").format(seat=s, score=written_number(f"{score:g}")) for s, score in enumerate(scores))))
    if result.limit_reached:
        lines.append(_("the match stopped at the game's declared limit"))
    return lines


def play(game_name: str, players: int | None, seats: Sequence[str], rules_path: str | None, seed: int | None, record_path: str | None, *, opponents: str | None = None, pace: float | None = 0) -> None:
    """A new match at the terminal: the core's `Session.start`, with the terminal's human, narration, hints and stops around it."""
    registry, game, rules, count, kinds = prepare(game_name, players, seats, rules_path, human_first=True, opponents=opponents)
    # A seed drawn here is secret until the end (it gives every hidden card away): its commitment is shown instead.
    deal = draw_deal() if seed is None else None
    if deal is not None:
        seed = deal.seed
    # The match is made before its record: a house rule refused at creation leaves no file behind.
    state = new_state(game, rules, count, seed)
    announce_house_rules(registry, game, rules, count, rules_path)
    with stop_signals() as stops, bounded_stdin():
        try:
            session = Session.start(registry, game, rules, count, kinds, seed, records_store(), record_path=record_path, state=state, deal=deal,
                                    front_end=_human_seats(game, kinds, pace), listeners=_listeners(game, kinds),
                                    on_record=lambda stream: stops.wait_for(stream.guard), on_seated=lambda seated, seats: show_thinking(seated, seats, HUMAN))
        except (StoreError, RecordError) as exc:
            raise store_refusal(exc, record_path) from exc
        except NotStarted as exc:
            raise _not_started(exc) from exc
        except SessionError as exc:
            raise BadInput(str(exc)) from exc
        with session:
            echo_fitted(_("recording to {path}").format(path=session.path), whole=(session.path,))
            if deal is not None:
                click.echo(_("deal committed: {commitment}").format(commitment=deal.commitment))
            result = play_to_the_end(session.match, session.path)
    _finish(game, session.players, kinds, result, session.path, game.sides(rules, count), session.record)


def _human_seats(game: Game, seats: Sequence[str], pace: float | None) -> dict[str, Callable[[int], Any]]:
    """The terminal's player for a `human` seat: asked by the engine like a bot, answering from the keyboard."""
    return {HUMAN: lambda seat: HumanPlayer(game, seat, pace=pace, seats=seats)}


def _listeners(game: Game, seats: Sequence[str]) -> list[Callable[[str, Event], None]]:
    """Bots alone are narrated line by line; a person's own table narrates what it sees."""
    return [] if HUMAN in seats else [_narrator(game)]


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
            session = Session.reopen(registry, records_store(), path, front_end=lambda game, seats: _human_seats(game, seats, pace),
                                     listeners=lambda game, seats: _listeners(game, seats), given_like=HumanPlayer, source=clip_path(path),
                                     on_record=lambda stream: stops.wait_for(stream.guard), warn=lambda line: click.echo(_("warning: {line}").format(line=line), err=True),
                                     tell=lambda line: click.echo(line, err=True), on_seated=lambda seated, seats: show_thinking(seated, seats, HUMAN))
        except (SessionError, OtherBots) as exc:
            raise BadInput(str(exc)) from exc
        except (RecordMismatch, SessionBroken) as exc:
            raise GameError(str(exc)) from exc
        with session:
            record, game = session.record, session.game
            if session.match.writer is None:  # finished already: verified, and left as it is
                click.echo(_("{path}: this match is already over").format(path=path))
                _echo_result(describe_result(session.result(), record.seats, _record_sides(game, record), game))  # type: ignore[arg-type]
                return
            for player in session.players:
                if isinstance(player, HumanPlayer):
                    # The human sees again what it saw since its last decision; the pending decision is drawn with the table and waits.
                    player.resumed(record.decisions, record.events, record.opening)
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


def _installed_game(registry: Any, record: Record, path: str) -> Game:
    """The record's game, refusing one that is not installed or is installed at another version (`sessions.installed_game`)."""
    try:
        game, warning = installed_game(registry, record, source=clip_path(path))
    except SessionError as exc:
        raise BadInput(str(exc)) from exc
    if warning:
        click.echo(_("warning: {line}").format(line=warning), err=True)
    return game


def _check_record_seats(registry: Any, game: Game, record: Record, path: str) -> None:
    """One seat spec per player, each a kind the game knows with valid options (BadInput naming the file)."""
    try:
        check_record_seats(registry, game, record, source=clip_path(path))
    except SessionError as exc:
        raise BadInput(str(exc)) from exc


# -- replay ----------------------------------------------------------------------
def replay_command(path: str, verify: bool, commitment: str | None = None) -> None:
    if commitment is not None and not verify:
        raise BadInput(_("--commitment is checked by --verify; add --verify"))
    registry = get_registry()
    record, game = load_record(registry, path)
    _check_record_seats(registry, game, record, path)
    try:
        if verify:
            unchecked = _verify(game, record, path, registry)
            deal_line = _check_deal(record, path, commitment)
            if record.result is None:
                raise GameError(ngettext(
                    "{path}: unfinished: {count} decision verified, and the record stops before the end of the match; continue it with: {command}",
                    "{path}: unfinished: {count} decisions verified, and the record stops before the end of the match; continue it with: {command}",
                    len(record.decisions)).format(path=clip_path(path), count=len(record.decisions), command=resume_command(path))
                    + (f"; {unchecked}" if unchecked else ""))
            click.echo(_("ok: {count} decisions verified").format(count=len(record.decisions)) + (f"; {unchecked}" if unchecked else ""))
            if deal_line:
                echo_fitted(deal_line)
        else:
            _narrate(game, record, path)
    except RecordError as exc:
        raise BadInput(f"{clip_path(path)}: {exc}") from exc
    except RecursionError as exc:
        raise BadInput(f"{clip_path(path)}: events nested too deeply; not a muggins record") from exc


def _verify(game: Game, record: Record, path: str, registry: Any) -> str | None:
    """The deal, every decision's events, every bot's choice and the result, as recorded (`sessions.verify`); GameError at the first difference.

    Returns what was not checked (the choices of bots the installed game no longer has), or None. BadInput
    for a record that is not one (a result line no match ends with, rules the game refuses).
    """
    try:
        return verify_record(registry, game, record, given_like=HumanPlayer, source=clip_path(path))
    except RecordError as exc:
        raise BadInput(f"{clip_path(path)}: {exc}") from exc
    except RecordMismatch as exc:
        raise GameError(str(exc)) from exc


def _check_deal(record: Record, path: str, commitment: str | None) -> str | None:
    """The line saying the deal is the one committed to at the start; GameError when the record's seed and nonce do not give it.

    `commitment` is the one a player noted at the start (`--commitment`): the
    record must hold that one. A record of a chosen seed commits to nothing.
    """
    deal = deal_from_header(record.seed, record.deal)
    if deal is None:
        if commitment is not None:
            raise GameError(_("{path}: the record commits to no deal (its seed was chosen when the match was made)").format(path=clip_path(path)))
        return None
    if not deal.checks():
        raise GameError(_("{path}: the deal's seed and nonce do not give the commitment in its header: the seed was changed after the start").format(
            path=clip_path(path)))
    if commitment is not None and commitment.strip().lower() != deal.commitment:
        raise GameError(_("{path}: the record commits to {recorded}, not to the {given} given").format(
            path=clip_path(path), recorded=deal.commitment, given=clip(commitment, 70)))
    return _("deal: seed {seed} and nonce {nonce} give the commitment {commitment}").format(
        seed=deal.seed, nonce=deal.nonce, commitment=deal.commitment)


def _narrate(game: Game, record: Record, path: str) -> None:
    _replayed, divergence = replay_record(game, record, verify=False)
    stop = len(record.decisions) if divergence is None else divergence.index
    state = rebuild_state(game, record)
    say = _narrator(game)
    for ev in state.opening_events():
        say(game.name, ev)
    for seat, text in record.decisions[:stop]:
        action = state.decision().find(text)  # type: ignore[union-attr]
        for ev in state.apply(seat, action):  # type: ignore[arg-type]
            say(game.name, ev)
    if divergence is not None:
        raise GameError(_("{path}: replay stopped at {divergence}").format(path=clip_path(path), divergence=divergence))
    result = state.result()
    if result is None:
        echo_fitted(_("the record stops before the end of the match ({stop} decisions); continue it with: {command}").format(stop=stop, command=resume_command(path)),
                    whole=(resume_command(path),))
        return
    _echo_result(describe_result(result, record.seats, game.sides(state.rules, state.players), game))


# -- simulate --------------------------------------------------------------------
def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # closed (`2>&-`) or replaced by something without a terminal
        return False


def simulate(game_name: str, count: int, players: int | None, seats: Sequence[str], rules_paths: Sequence[str] | str | None, seed: int | None, workers: int, as_json: bool, cluster: str | None = None) -> None:
    """One rule set: a summary; several `--rules`: a paired comparison; `--cluster`: the chunks run on Dask.

    `--workers` above the CPUs this process may use is capped, with one
    warning line. Everything that runs plugin code (checking the seats, the
    matches) runs with standard output sent to standard error, so only the
    summary reaches standard output; plugin code that ends a match exits 1
    naming the plugin, and so do worker processes that keep dying.
    """
    from muggins.plugins import output_to_stderr
    from muggins.simulate import WorkersLost

    from . import study

    stopped = None
    # SIGTERM and SIGHUP while the seats are checked and house-rule hooks asked, before the run's own handlers: a line and 143/129.
    with output_to_stderr(), study.signals_stop_the_run():
        try:
            summary, comparing, game, paths, stopped = _simulate(game_name, count, players, seats, rules_paths, seed, workers, cluster)
        except (MatchAborted, WorkersLost) as exc:
            raise GameError(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
    else:
        from .style import line_width
        from .summary import comparison_lines, summary_lines

        width = line_width(sys.stdout)
        lines = comparison_lines(summary, game, width) if comparing else summary_lines(summary, game, paths[0] if paths else None, width)
        for line in lines:
            click.echo(line)
    if stopped is not None:
        from . import study
        from .summary import number

        raise study.Stopped(_("interrupted after {done} of {asked} matches; the summary is partial").format(
            done=number(summary["games"]), asked=number(count)), stopped)


def _simulate(game_name: str, count: int, players: int | None, seats: Sequence[str], rules_paths: Sequence[str] | str | None, seed: int | None,
              workers: int, cluster: str | None) -> tuple[dict[str, Any], bool, Game, list[str], int | None]:
    """Check what was asked and run it: the summary, whether it compares rule sets, the game, the rules paths, and the exit code of a stop (None)."""
    from muggins.simulate import SimulationInterrupted, decision_bound_warning, simulate as run
    from muggins.study import compare

    from . import study

    paths = [rules_paths] if isinstance(rules_paths, str) else list(rules_paths or ())
    registry, game, rules, players, kinds = prepare(game_name, players, seats, paths[0] if paths else None, human_first=False)
    rule_sets = [rules] + [read_rules(game, path) for path in paths[1:]]
    for path, each in zip(paths[1:], rule_sets[1:]):
        check_plugin_switches(registry, game, each, path)
        check_playable(game, each, players, path)
    for path, each in zip(paths or [None], rule_sets):
        try:
            warn_overridden(game, each, players, path)
        except HouseRuleError:
            pass  # refused: the run says so, once, when it is planned
        warning = decision_bound_warning(game, each, players, kinds, registry=registry)
        if warning:
            click.echo(_("muggins: warning: {message}").format(message=f"{path + ': ' if path else ''}{warning}"), err=True)
    if cluster is None and workers > 1:
        from muggins.simulate import usable_cpus

        usable = usable_cpus()
        if workers > usable:
            click.echo(ngettext("muggins: warning: --workers {workers} is more than the {usable} CPU this process may use; using {usable}",
                                "muggins: warning: --workers {workers} is more than the {usable} CPUs this process may use; using {usable}",
                                usable).format(workers=workers, usable=usable), err=True)
            workers = usable
    if seed is None:
        seed = new_seed()
    comparing = len(rule_sets) > 1
    stopped = None
    try:
        with study.signals_stop_the_run() as caught, study.cluster_runner(cluster, game) as runner:
            with study.progress_line(_("simulating {game}").format(game=game.name), count, _stderr_is_terminal()) as progress:
                if comparing:
                    summary = compare(game, rule_sets, players, kinds, seed, count, workers, progress, registry=registry, runner=runner, labels=paths)
                else:
                    summary = run(game, rules, players, kinds, seed, count, workers, progress, registry=registry, runner=runner)
    except SimulationInterrupted as exc:
        summary, stopped = exc.summary, caught["exit"]
    return summary, comparing, game, paths, stopped
