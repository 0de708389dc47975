"""A request to play one match, checked and filled before any record exists: `MatchRequest` and its `check`.

This module owns what every front end asks when a match is to be made:
which game (by name), which house rules (the game's defaults, a rules TOML
file, or a mapping of the same tables, as a browser's form sends them),
how many players, which seat kinds (a person's kind where the front end
seats people, bots from their specs), the seed, and where the record goes.
`MatchRequest.check` fills what the request leaves open (the player count,
a person at seat 0 where people play, the default opponent at every other
open seat, a secret seed drawn and committed to) and refuses what cannot be
played, in one `RequestRefused` whose lines are worded the same for the
terminal, a browser table and any other front end: an unknown game, a rules
file that cannot be read, a bad house-rule value (one line each), a
`[plugins]` switch that names no installed house rule, a player count out
of range, more seats than players, an unknown seat kind or a bad option, a
person's seat where the front end seats none, and rules the game cannot
play by with that many players. The result (`CheckedRequest`) is what
`muggins.session.Session.open` starts a match from; its `new_state` turns a
house-rule plugin's refusal at creation into the same refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence

from .error_words import os_reason
from .fairness import Deal, draw_deal
from .game import Game, State
from .houserules import HouseRuleError, check_switches
from .i18n import translator
from .limits import MAX_RULES_BYTES, SEED_BOUND, LimitError, clip, clip_path, read_limited
from .players import FRONT_END_KINDS, HUMAN
from .rules import RulesError, load_rules, rules_from_dict
from .match_checks import SessionError, check_seats, default_opponent

if TYPE_CHECKING:
    from .registry import Registry

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["CheckedRequest", "MatchRequest", "RequestRefused", "check_playable", "read_house_rules"]

#: A front end's own limit on a seat spec (a browser table's on what a bot may cost its server): ValueError, one line, to refuse it.
SeatLimit = Callable[[str], None]
#: How a mapping of house rules is named in its refusals, as a rules file is by its name.
MAPPING_SOURCE = "rules"


class RequestRefused(SessionError):
    """A request no match can be made from: `lines`, one per thing wrong (most requests have one), the first the most telling."""

    def __init__(self, lines: Sequence[str] | str) -> None:
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        super().__init__("\n".join(self.lines))


@dataclass(frozen=True)
class MatchRequest:
    """What a front end asks for; `check` fills it and refuses what cannot be played.

    `game` is a game's name (or the installed `Game`); `players` the player
    count as the front end was given it (None: the game's usual count, or
    as many as the seats given if more), refused unless a whole number in
    the game's range. `seats` are seat specs from seat 0 (`novice:error_rate=0.3`, kept as
    written: records store them unchanged); None asks for one person at
    seat 0 where the front end seats people (`people`, the front-end kinds
    it answers for), none otherwise. Every seat they leave open is
    `opponents`, by default `default_opponent` where people play and
    `expert` for a bots-only run. `rules` is the game's defaults (None), a
    mapping as a rules TOML file's tables, or the game's `Rules` value;
    `rules_file` a TOML file read instead. `seed` None draws one in secret
    (`muggins.fairness.draw_deal`), committed to in the record's header.
    `record_path` and `mode` are where the record goes and its permission
    bits (`muggins.store.RecordStore.create`).
    """

    game: Any
    players: Any = None
    seats: Sequence[str] | None = None
    rules: Any = None
    rules_file: str | None = None
    seed: int | None = None
    opponents: str | None = None
    people: Collection[str] = (HUMAN,)
    record_path: str | None = None
    mode: int | None = None

    def check(self, registry: Registry, *, seat_limit: SeatLimit | None = None) -> CheckedRequest:
        """The request filled and checked, or RequestRefused; nothing is written and no match is made.

        `seat_limit` is the front end's own limit on a seat spec, asked once
        for each distinct spec after the seats are found playable; every
        spec it refuses is a line.
        """
        game = _game(registry, self.game)
        source = clip_path(self.rules_file) if self.rules_file is not None else None
        rules = read_house_rules(game, self.rules_file) if self.rules_file is not None else _rules(game, self.rules)
        try:
            check_switches(registry, game, rules)
        except ValueError as exc:
            raise RequestRefused(_sourced(source, str(exc))) from exc
        people = tuple(kind for kind in FRONT_END_KINDS if kind in self.people)
        players, seats = _seats(registry, game, self.players, self.seats, people, self.opponents)
        try:
            check_seats(registry, game, seats, front_end=people)
        except SessionError as exc:
            raise RequestRefused(str(exc)) from exc
        if seat_limit is not None:
            refused = []
            for spec in dict.fromkeys(seats):
                try:
                    seat_limit(spec)
                except ValueError as exc:
                    refused.append(str(exc))
            if refused:
                raise RequestRefused(refused)
        check_playable(game, rules, players, source)
        seed, deal = _seed(self.seed)
        return CheckedRequest(game, rules, players, tuple(seats), seed, deal=deal, rules_source=source, people=people,
                              record_path=self.record_path, mode=self.mode)


@dataclass(frozen=True)
class CheckedRequest:
    """A request `MatchRequest.check` found playable, every open part filled: what `Session.open` starts a match from.

    `deal` is the secret seed's commitment when the request chose no seed
    (None for a chosen one); `rules_source` names the rules file in lines
    about them (None: the defaults, or a mapping).
    """

    game: Game
    rules: Any
    players: int
    seats: tuple[str, ...]
    seed: int
    deal: Deal | None = None
    rules_source: str | None = None
    people: Collection[str] = (HUMAN,)
    record_path: str | None = None
    mode: int | None = None

    def new_state(self) -> State:
        """The match's first state (`Game.new`), a house-rule plugin's refusal at creation as a RequestRefused line."""
        try:
            return self.game.new(self.rules, self.players, self.seed)
        except HouseRuleError as exc:
            raise RequestRefused(str(exc)) from exc

    def with_seed(self, seed: int) -> CheckedRequest:
        """The same request with a chosen seed (nothing committed)."""
        return replace(self, seed=seed, deal=None)


def read_house_rules(game: Game, path: str) -> Any:
    """The house rules of the TOML file `path` (RequestRefused, one line, for a file that cannot be read or is not the game's rules)."""
    try:
        text = read_limited(path, MAX_RULES_BYTES, "house rules")
    except OSError as exc:
        raise RequestRefused(_("cannot read house rules {path}: {reason}").format(path=clip_path(path), reason=os_reason(exc))) from exc
    except LimitError as exc:
        raise RequestRefused(str(exc)) from exc
    try:
        return load_rules(game.Rules, text, source=path)
    except RulesError as exc:
        raise RequestRefused(str(exc)) from exc


def check_playable(game: Game, rules: Any, players: int, source: str | None = None) -> None:
    """RequestRefused (one line, naming the rules file `source` if any) when the game cannot be played by these rules and players (`Game.check_rules`)."""
    try:
        game.check_rules(rules, players)
    except ValueError as exc:
        raise RequestRefused(_sourced(source, clip(exc, 200))) from exc


def _sourced(source: str | None, line: str) -> str:
    return f"{source}: {line}" if source else line


def _game(registry: Registry, name: Any) -> Game:
    if isinstance(name, Game):
        return name
    try:
        return registry.game(name if isinstance(name, str) else str(name))
    except KeyError as exc:  # unknown, or claimed by rival plugins: the registry's line names them
        raise RequestRefused(str(exc.args[0]) if exc.args else str(exc)) from exc


def _rules(game: Game, given: Any) -> Any:
    """The house rules from a mapping, checked as a rules file's are but every bad value on a line of its own; the defaults for None."""
    if given is None:
        return game.Rules()
    if isinstance(given, game.Rules):
        return given
    if not isinstance(given, Mapping):
        raise RequestRefused(_("rules must be an object of house rules, as in a rules TOML file"))
    lines = []
    for key, value in given.items():
        try:
            rules_from_dict(game.Rules, {key: value}, source=MAPPING_SOURCE)
        except RulesError as exc:
            lines.append(str(exc))
    if lines:
        raise RequestRefused(lines)
    try:
        return rules_from_dict(game.Rules, dict(given), source=MAPPING_SOURCE)
    except RulesError as exc:  # values fine one by one, refused together
        raise RequestRefused(clip(str(exc), 200)) from exc


def _seats(registry: Registry, game: Game, players: Any, seats: Sequence[str] | None, people: tuple[str, ...],
           opponents: str | None) -> tuple[int, list[str]]:
    """The player count and one seat spec per seat: the seats given from seat 0, then the opponents."""
    if seats is None:
        seats = [HUMAN] if HUMAN in people else []
    if isinstance(seats, str) or not isinstance(seats, Sequence) or not all(isinstance(s, str) for s in seats):
        raise RequestRefused(_("seats must be a list of seat kinds such as \"human\" or \"novice:error_rate=0.2\""))
    if players is None:
        players = max(game.default_players, len(seats))
    if isinstance(players, bool) or not isinstance(players, int) or players not in game.players:
        raise RequestRefused(_("{game} is played by {low} to {high} players, not {players}").format(
            game=game.name, low=game.players.start, high=game.players.stop - 1, players=clip(str(players))))
    if len(seats) > players:
        raise RequestRefused(_("{seats} seats for {players} players; give at most one per seat").format(seats=len(seats), players=players))
    if opponents is None:
        opponents = default_opponent(registry, game) if people else "expert"
    return players, list(seats) + [opponents] * (players - len(seats))


def _seed(seed: Any) -> tuple[int, Deal | None]:
    """The seed, and the deal committed to when none was chosen."""
    if seed is None:
        deal = draw_deal()
        return deal.seed, deal
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_BOUND < seed < SEED_BOUND:
        raise RequestRefused(_("seed must be a whole number of at most 20 digits"))
    return seed, None
