"""The body of `muggins replay`: a record narrated as it was played, or verified against the installed game (`--verify`).

A record is read and its game found installed at its version, its seats
checked (`muggins.match_checks`); narrating it replays every decision and
prints each event as the terminal words it, stopping at the first that
diverges, and verifying it checks every decision's events, every bot's
choice, the result and a committed deal (`--commitment`: the one noted
at the start), one line for what was not checked. A record that is not
one is a `BadInput` line (exit 2); one that diverges a `GameError` (exit 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import click

from muggins.fairness import deal_from_header
from muggins.game import Event, Game
from muggins.limits import clip, clip_path
from muggins.records import Record, RecordError, read_record
from muggins.replay import rebuild_state, replay as replay_record
from muggins.match_checks import RecordMismatch, SessionError, check_record_seats, installed_game, verify as verify_record

from .errors import BadInput, GameError
from .human import HumanPlayer
from .i18n import _, ngettext
from .recording import resume_command
from .results import describe_result, echo_result
from .session import registry as get_registry
from .style import echo_fitted

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["load_record", "narrator", "replay_command"]


def load_record(registry: Registry, path: str) -> tuple[Record, Game]:
    """Read a record and find its game, refusing a game or version that is not installed."""
    try:
        record = read_record(path)
    except RecordError as exc:
        raise BadInput(str(exc)) from exc
    return record, _installed_game(registry, record, path)


def narrator(game: Game) -> Callable[[str, Event], None]:
    """A listener printing each event as the terminal words it, one line: a replay's narration, and a match of bots alone."""
    def narrate(name: str, ev: Event) -> None:
        line = game.describe(ev, None)
        if line is not None:
            echo_fitted(line)

    return narrate


def _installed_game(registry: Registry, record: Record, path: str) -> Game:
    """The record's game, refusing one that is not installed or is installed at another version (`sessions.installed_game`)."""
    try:
        game, warning = installed_game(registry, record, source=clip_path(path))
    except SessionError as exc:
        raise BadInput(str(exc)) from exc
    if warning:
        click.echo(_("warning: {line}").format(line=warning), err=True)
    return game


def _check_record_seats(registry: Registry, game: Game, record: Record, path: str) -> None:
    """One seat spec per player, each a kind the game knows with valid options (BadInput naming the file)."""
    try:
        check_record_seats(registry, game, record, source=clip_path(path))
    except SessionError as exc:
        raise BadInput(str(exc)) from exc


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


def _verify(game: Game, record: Record, path: str, registry: Registry) -> str | None:
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
    say = narrator(game)
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
    echo_result(describe_result(result, record.seats, game.sides(state.rules, state.players), game))
