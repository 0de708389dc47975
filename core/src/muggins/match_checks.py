"""Seating, checking and reopening matches for any front end: what `play`, `resume` and `replay --verify` share, without Click.

This module owns the domain half of playing from a front end: the kinds of
seat a front end answers for itself (`human`, a person at the terminal or
at a browser table), checking seat specs before any record exists
(`check_seats`), seating bots and front-end players together
(`seat_players`, with the front end's factory for its own kinds), checking
that the installed game can read a record (`installed_game`,
`check_record_seats`), verifying a record end to end (`verify`), and
reopening an unfinished one (`reopen`: the state its decisions reach and
bots whose random streams stand where they stood). Bad input is a
`SessionError` and a record that the installed game or its seats would not
have played a `RecordMismatch`, each one line naming the record as the
front end calls it (`source`, its file name at the terminal). The terminal (`muggins_cli.commands`)
is the first client; a second front end uses the same calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence

from .defaults import DEFAULT_OPPONENT
from .game import Game, State
from .houserules import check_record
from .i18n import N_, translator
from .limits import clip
from .players import FRONT_END_KINDS, HUMAN, Seating, make_players, parse_seat
from .plugins import KindConflict, conflict_message
from .records import Record, RecordError
from .replay import check_players, replay, result_divergence

if TYPE_CHECKING:
    from .registry import Registry

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext
ngettext = translator("muggins", package_file=__file__).ngettext

#: How a record is named in a message when the caller gives no file name.
THE_RECORD = N_("the record")


def _named(source: str) -> str:
    return _(THE_RECORD) if source == THE_RECORD else source

__all__ = [
    "DEFAULT_OPPONENT", "FRONT_END_KINDS", "HUMAN", "OtherBots", "RecordMismatch", "SessionError", "check_record_seats", "check_seats",
    "default_opponent", "installed_game", "same_bots", "reopen", "seat_players", "stand_in_bot", "verify",
]

#: How a front end makes its player for a seat: `factory(seat)`.
FrontEndFactory = Callable[[int], Any]


class SessionError(ValueError):
    """Input a match cannot be made from (a seat spec, a record's header): one line naming what is wrong and what is allowed."""


class RecordMismatch(Exception):
    """A record the installed game or the record's seats would not have played: `where` names the first difference."""

    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


class OtherBots(RecordMismatch):
    """A record played by bots the installed game no longer has, refused for seating bots in it again: the record is fine, the request is not."""


def _front_end_kind(spec: str) -> str | None:
    name, _options = parse_seat(spec)
    return name if name in FRONT_END_KINDS else None


def check_seats(registry: Registry, game: Game, seats: Sequence[str], *, front_end: Collection[str] = ()) -> None:
    """SessionError (one line) for a seat spec that cannot be played here: an unknown kind, a bad option, a kind refusing the game.

    `front_end` names the front-end kinds this front end answers for (a
    bots-only run passes none, so a `human` seat is refused). The bots are
    built once, so a factory's refusal is reported before any record exists.
    """
    known = registry.kind_names(game.name)
    offered = [k for k in FRONT_END_KINDS if k in front_end] + list(known)
    for spec in seats:
        try:
            kind, options = parse_seat(spec)
        except ValueError as exc:
            raise SessionError(str(exc)) from exc
        if kind in FRONT_END_KINDS:
            if kind not in front_end:
                raise SessionError(_("seat kind {kind} is {what}; this runs bots only; choose seat kinds from: {kinds}").format(
                    kind=repr(kind), what=_(FRONT_END_KINDS[kind]), kinds=", ".join(known)))
            if options:
                raise SessionError(_("seat {seat}: player kind {kind} takes no options").format(seat=repr(clip(spec)), kind=repr(kind)))
            continue
        try:
            registry.seat(spec, game.name)
        except KindConflict as exc:  # several plugins registered this kind for the game: name them
            raise SessionError(str(exc)) from exc
        except KeyError as exc:
            raise SessionError(_("unknown seat kind {kind}; kinds for {game}: {kinds}").format(
                kind=repr(clip(kind)), game=game.name, kinds=", ".join(offered))) from exc
        except ValueError as exc:
            raise SessionError(str(exc)) from exc
    try:
        seat_players(registry, game, seats, 0, front_end={k: _stand_in for k in front_end})
    except (KeyError, ValueError) as exc:
        raise SessionError(str(exc.args[0]) if exc.args else str(exc)) from exc


def _stand_in(seat: int) -> None:
    return None


def seat_players(registry: Registry, game: Game, seats: Sequence[str], seed: int, *, front_end: Mapping[str, FrontEndFactory] | None = None) -> Seating:
    """One player per seat: bots from their specs (each on its own derived stream), the front end's players for its kinds.

    A bot's stream depends on its seat and kind alone, so seating a person
    at one seat never changes what the bots at the others do. `plugins`
    on the result names each bot's plugin (None for a front-end seat).
    KeyError or ValueError (one line) as `make_players`; ValueError for a
    front-end kind this front end does not answer for.
    """
    front_end = front_end or {}
    kinds = [_front_end_kind(spec) for spec in seats]
    for seat, kind in enumerate(kinds):
        if kind is not None and kind not in front_end:
            raise ValueError(_("seat {seat} is {kind} ({what}), which this front end does not seat").format(
                seat=seat, kind=repr(kind), what=_(FRONT_END_KINDS[kind])))
    bots = make_players(registry, game, ["random" if kind else spec for spec, kind in zip(seats, kinds)], seed)
    seated = Seating(front_end[kind](seat) if kind else bot for seat, (kind, bot) in enumerate(zip(kinds, bots)))
    seated.plugins = tuple(None if kind else plugin for kind, plugin in zip(kinds, getattr(bots, "plugins", (None,) * len(bots))))
    return seated


def stand_in_bot(registry: Registry, game: Game, players: int, seat: int, spec: str, seed: int, *,
                 seat_limit: Callable[[str], None] | None = None) -> Any:
    """The bot of kind `spec` that stands in at `seat` of a match of `players` seeded `seed`, on the stream that seat's bot would have.

    SessionError (one line) for a spec a bot cannot be made from here (a
    person's kind, an unknown kind, a bad option), or one `seat_limit` (a
    front end's own limit, ValueError) refuses.
    """
    check_seats(registry, game, [spec])
    if seat_limit is not None:
        try:
            seat_limit(spec)
        except ValueError as exc:
            raise SessionError(str(exc)) from exc
    specs = ["random"] * players  # only the stand-in's seat is made for play; a bot's stream depends on its seat and kind alone
    specs[seat] = spec
    return seat_players(registry, game, specs, seed)[seat]


def installed_game(registry: Registry, record: Record, *, source: str = "the record") -> tuple[Game, str | None]:
    """The record's game as installed, and a warning line or None; SessionError for a game not installed, at another version, or refused by its house rules.

    `source` names the record in the messages (a front end passes its file name).
    """
    source = _named(source)
    if record.game in getattr(registry, "conflicts", {}):
        raise SessionError(_("{source}: {reason}").format(source=source, reason=conflict_message(record.game, registry.conflicts[record.game])))
    if record.game not in registry.games:
        installed = ", ".join(sorted(registry.games)) or _("none")
        raise SessionError(_("{source} is a record of game {game}, which is not installed; installed games: {installed}").format(
            source=source, game=repr(clip(record.game)), installed=installed))
    game = registry.games[record.game]
    if record.version != str(game.version):
        raise SessionError(_("{source} was recorded with {game} version {recorded}, but the installed {game} is version {installed}").format(
            source=source, game=game.name, recorded=clip(record.version), installed=game.version))
    refusal, warning = check_record(registry, game, record)
    if refusal:
        raise SessionError(_("{source}: {reason}").format(source=source, reason=refusal))
    return game, (_("{source}: {reason}").format(source=source, reason=warning) if warning else None)


def check_record_seats(registry: Registry, game: Game, record: Record, *, front_end: Collection[str] = tuple(FRONT_END_KINDS),
                       source: str = "the record") -> None:
    """One seat spec per player, each a kind the game knows with valid options, or a front-end kind (SessionError otherwise)."""
    source = _named(source)
    if len(record.seats) != record.players:
        raise SessionError(_("{source}: the header names {seats} seat kinds for {players} players").format(
            source=source, seats=len(record.seats), players=record.players))
    try:
        check_seats(registry, game, record.seats, front_end=front_end)
    except SessionError as exc:
        raise SessionError(_("{source}: header seats: {reason}").format(source=source, reason=exc)) from exc


def _replayed(game: Game, record: Record, source: str) -> State:
    try:
        state, divergence = replay(game, record, verify=True)
    except RecursionError as exc:
        raise RecordError(_("events nested too deeply; not a muggins record")) from exc
    if divergence is not None:
        raise RecordMismatch(_("{source} does not match the installed {game} at {where}").format(source=_named(source), game=game.name, where=divergence))
    return state


def reopen(game: Game, record: Record, players: Sequence[Any], *, given_like: type | None = None, source: str = "the record") -> State:
    """The state an unfinished record's decisions reach, with each bot in `players` caught up to it.

    Every decision's events must be the recorded ones (RecordMismatch at the
    first difference; RecordError for a record that is not one). Each bot
    then takes the record's past decisions again through the engine, so its
    random stream stands where it left off; one that would have chosen
    otherwise (its seat kind was changed in the header) is a RecordMismatch.
    Front-end seats (not bots) take their recorded choices as given, with
    the engine declarations of `given_like`, their class. A record played by
    other bots than the installed game's (`same_bots`) cannot seat bots
    again: OtherBots (a RecordMismatch) says so.
    """
    state = _replayed(game, record, source)
    bots = [None if _is_front_end(p, given_like) else p for p in players]
    # A seat that searched against the clock cannot choose again as it did: its recorded moves are taken as given.
    checked = [None if seat in timed_seats(record.seats) else bot for seat, bot in enumerate(bots)]
    if any(bot is not None for bot in checked):
        if not same_bots(game, record):
            if game.bots_version is None:
                other = _("{source} was played by {bots}, which choose otherwise than the installed first bots: "
                          "it replays (muggins replay), but its bot seats cannot take up where they left off")
            else:
                other = _("{source} was played by {bots}, which choose otherwise than the installed bots version {version}: "
                          "it replays (muggins replay), but its bot seats cannot take up where they left off")
            raise OtherBots(other.format(source=_named(source), bots=_bots_named(record.bots, game.name), version=game.bots_version))
        divergence = check_players(game, record, checked, given_like=given_like)
        if divergence is not None:
            raise RecordMismatch(_("{source} does not match its seats at {where}").format(source=_named(source), where=divergence))
    return state


def timed_seats(seats: Sequence[str]) -> list[int]:
    """The seats whose spec gives the search a time limit (`search:seconds=0.1`): their choices depend on the machine, so no replay checks them."""
    found = []
    for seat, spec in enumerate(seats):
        try:
            kind, options = parse_seat(spec)
        except ValueError:
            continue
        try:
            limited = kind == "search" and float(options.get("seconds", "0")) > 0
        except ValueError:  # not a number: seating it fails with the kind's own message
            limited = False
        if limited:
            found.append(seat)
    return found


def _is_front_end(player: Any, given_like: type | None) -> bool:
    return player is None or (given_like is not None and isinstance(player, given_like))


def verify(registry: Registry, game: Game, record: Record, *, given_like: type | None = None, source: str = "the record") -> str | None:
    """The deal, every decision's events, every bot's choice and the result as recorded; RecordMismatch at the first difference.

    Returns None when everything was checked, or a line saying what was not:
    the bots' choices of a record played by bots the installed game no
    longer has (`Game.bots_version`), whose moves are checked all the same;
    or the moves of seats that searched with a time limit (`timed_seats`),
    taken as given.

    Bots are rebuilt from the header's seat specs and the seed; front-end
    seats' choices are taken as given (with `given_like`'s engine
    declarations, the class that played them).
    """
    try:
        state, divergence = replay(game, record, verify=True)
    except RecursionError as exc:
        raise RecordError(_("events nested too deeply; not a muggins record")) from exc
    where = str(divergence) if divergence is not None else result_divergence(record, state)
    unchecked = None
    if where is None:
        bots = seat_players(registry, game, record.seats, record.seed, front_end={k: _stand_in for k in FRONT_END_KINDS})
        timed = timed_seats(record.seats)
        bots = Seating(None if seat in timed else bot for seat, bot in enumerate(bots))  # taken as given, like a front end's
        if not same_bots(game, record) and any(bot is not None for bot in bots):
            if game.bots_version is None:
                unchecked = _("bot choices not checked: the match was played by {bots}, which choose otherwise than the installed first bots")
            else:
                unchecked = _("bot choices not checked: the match was played by {bots}, which choose otherwise than the installed bots version {version}")
            unchecked = unchecked.format(bots=_bots_named(record.bots, game.name), version=game.bots_version)
        else:
            mismatch = check_players(game, record, bots, given_like=given_like)
            where = None if mismatch is None else _("{where} (the header's seats did not play this match)").format(where=mismatch)
            if timed:
                unchecked = ngettext(
                    "moves of seat {seats} not checked: a search with a time limit (seconds=) chooses by the machine's speed, "
                    "so a replay cannot choose again as it did",
                    "moves of seats {seats} not checked: a search with a time limit (seconds=) chooses by the machine's speed, "
                    "so a replay cannot choose again as it did", len(timed)).format(seats=", ".join(map(str, timed)))
    if where is not None:
        raise RecordMismatch(_("{source} diverges at {where}").format(source=_named(source), where=where))
    return unchecked


def same_bots(game: Game, record: Record) -> bool:
    """Whether the record was played by the bots the installed game has (its `bots_version`, None for the first release's)."""
    return record.bots == getattr(game, "bots_version", None)


def _bots_named(version: str | None, game: str) -> str:
    if version is None:
        return _("the first bots of {game}").format(game=game)
    return _("bots version {version} of {game}").format(version=version, game=game)




def default_opponent(registry: Registry, game: Game) -> str:
    """The seat kind a front end fills the seats its people leave with: `DEFAULT_OPPONENT`, or the game's nearest.

    A game whose novice has no `error_rate` option gets its plain novice, and
    a game without novices its experts. The terminal's `play` and the
    browser's lobby both ask here, so both seat the same bots.
    """
    kind_name, _options = parse_seat(DEFAULT_OPPONENT)
    try:
        kind = registry.player_kind(kind_name, game.name)
    except KeyError:
        return "expert"
    try:
        registry.seat(DEFAULT_OPPONENT, game.name)
    except (KeyError, ValueError):
        return kind.name
    return DEFAULT_OPPONENT
