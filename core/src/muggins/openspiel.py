"""Every installed game as an OpenSpiel game: `import muggins.openspiel`, then `pyspiel.load_game("muggins_shedding(players=4)")`.

This module owns the bridge between a muggins match and OpenSpiel's Python
game API (`pyspiel.register_game`; open-spiel is installed apart, it is not
a dependency of muggins: pyspiel is imported when this module registers
the games, numpy when an observer is made, and nothing of muggins imports
this module). Importing it registers every
installed game under its own name (`register` does so for another
registry). A game's parameters are `players` (the game's usual count by
default), `deals` (how many deals the opening chance node draws from,
1000 by default) and `rules` (house rules, `key:value` pairs separated by
`;`, each value read as JSON where it is JSON and as text otherwise, as a
rules file's values: `willughby_fishing(players=5,rules=deals:1)`; `=`
does for `:` when the parameters are given as a dict; empty, the
default, is the game's own rules). The first node is a chance node whose outcome *n*, each
as likely, is the seed of the deal, the one `muggins play GAME --seed n`
deals; every later deal of the match follows from it, so the rest of the
game has no chance node. After it the match is played as the PettingZoo
environment plays it (`muggins.rl`): the player to act is the seat the
engine asks next (a challenge window's responders one after another),
action *i* is the *i*-th choice of the decision, and the returns are the
result's wins (1 for each winner, -1 for the others, 0 for all in a draw)
when the match ends. Observations come from the seat's own view and its
own pending decision alone: the observation tensor is the game's
observation encoding (`muggins.observation`), the observation string is
the view itself, and the information-state string adds, for perfect
recall, the seat's own past decisions (a digest of the view it chose from
and its choice). `resample_from_infostate` deals the cards hidden from a
player afresh (`State.determinize`), which OpenSpiel's Python ISMCTS asks for.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import TYPE_CHECKING, Any

from .engine import Match
from .game import Game, Result
from .i18n import translator
from .observation import encoding_for, observation
from .players import HUMAN
from .plugins import load_registry
from .request import MatchRequest
from .session import PushedSeat

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["DEFAULT_DEALS", "house_rules", "register", "wins"]

_ = translator("muggins", package_file=__file__).gettext

#: How many deals (seeds 0 … deals-1) the opening chance node draws from, unless the game's `deals` parameter says otherwise.
DEFAULT_DEALS = 1000


def wins(result: Result, seat: int) -> float:
    """A seat's return: 1 for a winner, -1 for the others, 0 for everyone in a draw (the environment's `reward="wins"`)."""
    if not result.winners:
        return 0.0
    return 1.0 if seat in result.winners else -1.0


def house_rules(text: str) -> dict[str, Any]:
    """The house rules of a `rules` game parameter (`hands:1;target:61`) as the mapping a rules file's table gives."""
    values: dict[str, Any] = {}
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        key, separator, value = part.replace("=", ":", 1).partition(":")
        if not separator or not key.strip():
            raise ValueError(_("house rules are key:value pairs separated by ';', got {part!r}").format(part=part))
        try:
            values[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            values[key.strip()] = value.strip()
    return values


def _text(view: Any) -> str:
    return json.dumps(view, sort_keys=True, default=str, separators=(",", ":"))


class _Table:
    """One match played from outside: a `Match` whose seats are all pushed in, and each seat's own past decisions.

    OpenSpiel clones a state by deep-copying its attributes: this copies
    the muggins state (`State.clone`) and seats a fresh `Match` on it, so
    the registry and the encoding are shared, never copied. It serializes
    (OpenSpiel pickles a Python state's attributes) as its deal and the
    choices taken since, and is replayed from them when read back; a
    resampled table (`reseat`) has no such history and refuses to.
    """

    def __init__(self, bound: "_Bound", seed: int) -> None:
        self.bound = bound
        self.request = bound.request
        self.players = bound.players
        self.seed = seed
        self.match = Match(self.request.with_seed(seed).new_state(), [PushedSeat(seat) for seat in range(self.players)])
        self.history: list[list[str]] = [[] for _ in range(self.players)]
        self.taken: list[int] | None = []  # None once resampled: the deal no longer explains the cards
        self.decision = self.match.advance(lambda seat: True)

    def __deepcopy__(self, memo: dict) -> "_Table":
        twin = object.__new__(_Table)
        twin.bound = self.bound
        twin.request = self.request
        twin.players = self.players
        twin.seed = self.seed
        twin.match = Match(self.match.state.clone(), [PushedSeat(seat) for seat in range(self.players)], narrate_opening=False)
        twin.match.decisions = self.match.decisions
        twin.history = [list(seen) for seen in self.history]
        twin.taken = list(self.taken) if self.taken is not None else None
        twin.decision = twin.match.state.decision() if self.decision is not None else None
        return twin

    def __reduce__(self) -> tuple:
        if self.taken is None:
            raise TypeError(_("{game}: a resampled state cannot be serialized (its cards follow from no deal)").format(
                game=self.bound.game.name))
        return _replayed, (self.bound, self.seed, tuple(self.taken))

    def reseat(self, state: Any) -> None:
        """Go on from `state` instead (a determinization of this match: the same decisions taken, the hidden cards dealt otherwise)."""
        taken = self.match.decisions
        self.match = Match(state, [PushedSeat(seat) for seat in range(self.players)], narrate_opening=False)
        self.match.decisions = taken
        self.taken = None
        self.decision = state.decision() if self.decision is not None else None

    def take(self, index: int) -> None:
        decision = self.decision
        assert decision is not None
        seat = decision.seat
        digest = hashlib.sha1(_text(self.match.state.view(seat)).encode()).hexdigest()[:16]
        choice = decision.choices[index]
        self.history[seat].append(f"{digest} {decision.kind}: {choice}")
        if self.taken is not None:
            self.taken.append(index)
        self.match.submit(seat, choice)
        self.decision = None if self.match.taken >= self.match.limit else self.match.advance(lambda seat: True)


class _Observer:
    """OpenSpiel's observer of a seat: the tensor from the seat's view and own decision, the strings from the same alone."""

    def __init__(self, game: Any, iig_obs_type: Any, params: Any) -> None:
        import numpy as np

        if params:
            raise ValueError(_("{game}: observation parameters are not supported (given: {params})").format(
                game=game.muggins.game.name, params=params))
        self.encoding = game.encoding
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        if state.table is None:
            self.tensor.fill(0)
            return
        match_state = state.table.match.state
        decision = state.table.decision
        mine = decision if decision is not None and decision.seat == player else None
        self.tensor[:] = observation(self.encoding, dict(match_state.view(player)), player, mine)["observation"]

    def string_from(self, state: Any, player: int) -> str:
        if state.table is None:
            return f"seat {player}: before the deal"
        decision = state.table.decision
        lines = [f"seat {player}", _text(state.table.match.state.view(player))]
        if decision is not None and decision.seat == player:
            lines.append(f"to choose ({decision.kind}): " + " | ".join(map(str, decision.choices)))
        if self.perfect_recall:
            lines.extend(state.table.history[player])
        return "\n".join(lines)


_CLASSES: tuple[type, type] | None = None


def _classes() -> tuple[type, type]:
    """The OpenSpiel game and state classes, built once when first asked for (pyspiel loads then, never with muggins)."""
    global _CLASSES
    if _CLASSES is not None:
        return _CLASSES
    import pyspiel

    class _State(pyspiel.State):
        """A muggins match as an OpenSpiel state: the deal's chance node, then one seat's decision at each node."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._muggins = game.muggins
            self.table: _Table | None = None

        def current_player(self) -> int:
            if self.table is None:
                return pyspiel.PlayerId.CHANCE
            if self.table.decision is None:
                return pyspiel.PlayerId.TERMINAL
            return self.table.decision.seat

        def _legal_actions(self, player: int) -> list[int]:
            decision = self.table.decision if self.table is not None else None
            if decision is None or decision.seat != player:
                return []
            return list(range(len(decision.choices)))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            deals = self._muggins.deals
            return [(seed, 1.0 / deals) for seed in range(deals)]

        def _apply_action(self, action: int) -> None:
            if self.table is None:
                self.table = _Table(self._muggins, int(action))
            else:
                self.table.take(int(action))

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state `player_id` cannot tell from this one: the cards hidden from it dealt afresh (`State.determinize`).

            What OpenSpiel's ISMCTS asks for at each simulation;
            `probability_sampler()` gives the randomness (a float in [0, 1)).
            """
            twin = self.clone()
            if self.table is not None:
                rng = random.Random(int(probability_sampler() * 2**53))
                twin.table.reseat(self.table.match.state.determinize(player_id, rng))
            return twin

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"deal {action}"
            decision = self.table.decision if self.table is not None else None
            if decision is not None and 0 <= action < len(decision.choices):
                return str(decision.choices[action])
            return f"choice {action}"

        def is_terminal(self) -> bool:
            return self.table is not None and self.table.decision is None

        def returns(self) -> list[float]:
            result = self.result()
            if result is None:
                return [0.0] * self._muggins.players
            return [wins(result, seat) for seat in range(self._muggins.players)]

        def result(self) -> Result | None:
            """The muggins result of a finished match (None before the end, or when the match stopped at the game's decision limit)."""
            if self.table is None or self.table.decision is not None:
                return None
            return self.table.match.state.result()

        def __str__(self) -> str:
            # Cheap on purpose: OpenSpiel prints states in its checks at every step (the table: `Game.render` of a view).
            if self.table is None:
                return f"{self._muggins.game.name}: before the deal"
            match = self.table.match
            to_act = "over" if self.table.decision is None else f"seat {self.table.decision.seat} to act"
            return f"{self._muggins.game.name}: deal {match.state.seed}, {match.taken} decisions, {to_act}"

    class _MugginsGame(pyspiel.Game):
        """A muggins game as an OpenSpiel game, for one player count and number of deals."""

        def __init__(self, game_type: Any, params: dict, muggins: "_Spec") -> None:
            players = int(params.get("players", muggins.usual))
            deals = int(params.get("deals", DEFAULT_DEALS))
            if deals < 1:
                raise ValueError(_("{game}: deals must be at least 1, got {deals}").format(game=muggins.game.name, deals=deals))
            rules = house_rules(str(params.get("rules", "")))
            request = MatchRequest(muggins.game, players, seats=[HUMAN], seed=0, opponents=HUMAN,
                                   rules=rules or None).check(muggins.registry)
            first = request.new_state()
            encoding = encoding_for(muggins.game, request.rules, request.players, first=first)
            limit = muggins.game.max_decisions(request.rules, request.players)
            info = pyspiel.GameInfo(
                num_distinct_actions=encoding.max_choices,
                max_chance_outcomes=deals,
                num_players=request.players,
                min_utility=-1.0,
                max_utility=1.0,
                max_game_length=int(min(limit, 10**7)) + 1,
            )
            super().__init__(game_type, info, params)
            self.muggins = _Bound(muggins.game, request, request.players, deals)
            _BOUNDS.setdefault((muggins.game.name, repr(request.rules), request.players, deals), self.muggins)
            self.encoding = encoding

        def new_initial_state(self) -> Any:
            return _State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            return _Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    _CLASSES = _MugginsGame, _State
    return _CLASSES


class _Bound:
    """What a state needs of its game: the muggins game, its checked request, the player count and the deals."""

    def __init__(self, game: Game, request: Any, players: int, deals: int) -> None:
        self.game, self.request, self.players, self.deals = game, request, players, deals

    def __deepcopy__(self, memo: dict) -> "_Bound":
        return self

    def __reduce__(self) -> tuple:
        return _bound, (self.game.name, self.request.rules, self.players, self.deals)


#: Every game's bound made in this process, by what names it: serialized states read back share it.
_BOUNDS: dict[tuple[str, str, int, int], _Bound] = {}


def _bound(name: str, rules: Any, players: int, deals: int) -> _Bound:
    """The bound of a serialized state: the one this process made for the same game, else one made afresh from the installed games."""
    key = (name, repr(rules), players, deals)
    if key not in _BOUNDS:
        registry = load_registry()
        game = registry.game(name)
        request = MatchRequest(game, players, seats=[HUMAN], seed=0, opponents=HUMAN, rules=rules).check(registry)
        _BOUNDS[key] = _Bound(game, request, players, deals)
    return _BOUNDS[key]


def _replayed(bound: _Bound, seed: int, taken: tuple[int, ...]) -> _Table:
    """A serialized table read back: dealt from its seed and its choices taken again."""
    table = _Table(bound, seed)
    for index in taken:
        table.take(index)
    return table


class _Spec:
    def __init__(self, game: Game, registry: Registry, usual: int) -> None:
        self.game, self.registry, self.usual = game, registry, usual


def _player_counts(game: Game) -> tuple[int, int, int]:
    counts = game.players
    return min(counts), max(counts), game.default_players


def register(registry: Registry | None = None) -> list[str]:
    """Register every game of `registry` (the installed plugins by default) with OpenSpiel; returns their names.

    A name OpenSpiel already knows is left as it is (a game registered once stays for the process).
    """
    import pyspiel

    game_class, _ = _classes()
    registry = registry if registry is not None else load_registry()
    names = []
    known = set(pyspiel.registered_names())
    for name, game in sorted(registry.games.items()):
        if name in known:  # registered already (OpenSpiel keeps one game per name for the process)
            names.append(name)
            continue
        low, high, usual = _player_counts(game)
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"muggins: {name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=high,
            min_num_players=low,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"players": usual, "deals": DEFAULT_DEALS, "rules": ""},
        )
        spec = _Spec(game, registry, usual)

        def __init__(self: Any, params: Any = None, _type: Any = game_type, _spec: _Spec = spec, _base: type = game_class) -> None:
            _base.__init__(self, _type, params or {}, _spec)

        # A class, as OpenSpiel's own Python games register (a bare function as the factory crashes the interpreter at exit).
        pyspiel.register_game(game_type, type(f"MugginsGame_{name}", (game_class,), {"__init__": __init__, "__module__": __name__}))
        names.append(name)
    return names


register()
