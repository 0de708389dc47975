"""The unit of simulation work: one match's outcome, the chunk bounds, and playing a chunk from a plan in any process.

Match *i* is played with the seed `derive_seed(seed, "game", i)` and player
streams derived from it, so it is the same match wherever it runs. Chunks
are runs of consecutive matches whose bounds depend on the number of
matches alone (`chunk_bounds`), and a `ChunkPlan` carries as plain data
(the game by name, each rule set as a dict, the house-rule plugins'
answers the planning process was given) what a worker process needs to
rebuild its registry and play them by the same answers; the worker keeps
the last plan it prepared.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ..engine import Match
from ..game import Game
from ..houserules import Asked, compare_in_force, house_rule_plugins, keep_answers
from ..players import make_players
from ..rng import derive_seed
from ..rules import rules_from_dict

if TYPE_CHECKING:
    from ..registry import Registry

#: The most matches in one chunk: small enough that even a slow game (cribbage, about
#: 45 matches a second per core) finishes a chunk well within a second.
CHUNK_GAMES = 16


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What one simulated match contributes to the summary."""

    index: int
    winners: tuple[int, ...]
    limit_reached: bool
    decisions: int
    stats: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple[float, ...] = ()
    seat_stats: Mapping[str, tuple[float, ...]] = field(default_factory=dict)


def play_one(registry: Registry, game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, index: int) -> GameOutcome:
    """Play match `index` of a simulation seeded with `seed` and return its outcome.

    Plugin code ending the match (SystemExit, its own KeyboardInterrupt…)
    raises `PluginFault` naming the plugin and the match.
    """
    try:
        game_seed = derive_seed(seed, "game", index)
        state = game.new(rules, players, game_seed)
        match = Match(state, make_players(registry, game, kinds, game_seed), registry=registry)
        result = match.run()
        # A figure a game reports outside its records (`Result.figures`) is summed like any other per-seat figure.
        seat_stats = {name: tuple(values) for name, values in {**dict(getattr(result, "figures", {}) or {}), **result.seat_stats}.items()}
        return GameOutcome(index, tuple(result.winners), bool(result.limit_reached), match.decisions, dict(result.stats), tuple(result.scores), seat_stats)
    except BaseException as exc:
        from ..plugins import PluginFault, plugin_fault

        fault = exc if isinstance(exc, PluginFault) else plugin_fault(exc, registry)
        if fault is None:
            raise
        raise PluginFault(f"{fault} (match {index} of the run)", fault.plugin) from exc


def chunk_bounds(games: int) -> Iterator[tuple[int, int]]:
    """The chunks of a run of `games` matches: single matches up to 127, then 64 to 127 chunks, then chunks of `CHUNK_GAMES` from 1,024.

    The bounds depend on the number of matches only, so any worker count
    or cluster plays exactly the same chunks.
    """
    size = chunk_size(games)
    for start in range(0, games, size):
        yield start, min(start + size, games)


def chunk_size(games: int) -> int:
    return min(CHUNK_GAMES, max(1, games // 64))


def chunk_count(games: int) -> int:
    return -(-games // chunk_size(games)) if games else 0


@dataclass(frozen=True)
class ChunkPlan:
    """Everything a worker needs to play chunks, as plain data: the game by name, each rule set as a dict."""

    game: str
    rules: tuple[Mapping[str, Any], ...]
    players: int
    kinds: tuple[str, ...]
    seed: int
    #: Per rule set, the house-rule plugins in force where the run was planned (each `{"name", "distribution",
    #: "version"}`); a worker with other plugins in force refuses the plan. None: not checked.
    house_rules: tuple[tuple[Mapping[str, Any], ...], ...] | None = None
    #: Several seatings, a seat spec per seat each (`muggins.ladder`): every match is then played under each rule set
    #: and each seating, one list of outcomes per (rule set, seating), rule set-major. None: `kinds` is the one seating.
    seatings: tuple[tuple[str, ...], ...] | None = None
    #: The house-rule plugins' answers, asked once where the run was planned (`muggins.simulate.plan_answers`):
    #: every process plays the plan's matches by them (`muggins.houserules.keep_answers`), never asking its own.
    answers: tuple[tuple[str, Asked], ...] = ()

    def key(self) -> str:
        return json.dumps([self.game, list(self.rules), self.players, list(self.kinds), self.seed, self.house_rules], sort_keys=True, default=str)


_PREPARED: dict[str, tuple[Any, Game, list[Any]]] = {}


def _prepare(plan: ChunkPlan) -> tuple[Any, Game, list[Any]]:
    """This process's registry, the game and the rule sets of `plan`, built once per process and plan."""
    key = plan.key()
    if key not in _PREPARED:
        from ..plugins import get_registry

        registry = get_registry()
        game = registry.game(plan.game)
        rules = [rules_from_dict(game.Rules, r, source="simulation rules") for r in plan.rules]
        if plan.house_rules is not None:
            for wanted, each in zip(plan.house_rules, rules):
                difference = compare_in_force(wanted, house_rule_plugins(registry, game, each))
                if difference:
                    raise KeyError(f"house-rule plugins differ on this worker: {difference}")
        _PREPARED.clear()
        _PREPARED[key] = (registry, game, rules)
    return _PREPARED[key]


def play_chunk(registry: Registry, game: Game, rule_sets: Sequence[Any], players: int, kinds: Sequence[str], seed: int, start: int, stop: int) -> list[list[GameOutcome]]:
    """Matches start..stop-1, each under every rule set in turn: one list of outcomes per rule set."""
    return [[play_one(registry, game, rules, players, kinds, seed, i) for i in range(start, stop)] for rules in rule_sets]


def run_planned_chunk(plan: ChunkPlan, start: int, stop: int) -> list[list[GameOutcome]]:
    """A chunk played from a plan in whatever process this is (a pool worker or a Dask worker)."""
    registry, game, rules = _prepare(plan)
    keep_answers(game, plan.answers)  # each chunk, so however many questions this process keeps, the plan's stand
    if plan.seatings is not None:
        return [play_chunk(registry, game, [each], plan.players, seating, plan.seed, start, stop)[0] for each in rules for seating in plan.seatings]
    return play_chunk(registry, game, rules, plan.players, plan.kinds, plan.seed, start, stop)
