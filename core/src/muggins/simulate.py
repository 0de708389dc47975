"""Simulation: many bot-only matches of one game, run in one or several processes, summed.

`simulate` plays game *i* with the seed `derive_seed(seed, "game", i)` and
player streams derived from that seed (`muggins.players.make_players`; seats
are specs such as `novice:error_rate=0.3`), so game *i* is the same match
however the work is split. Matches run in chunks of consecutive indices,
either in this process or in worker processes started with the `spawn`
method (each worker rebuilds its registry from the installed entry points,
honouring `MUGGINS_LOAD_PLUGINS`, which is why the game travels by name and
the house rules as plain data). Per-game outcomes are folded in index
order, so every total — floats included — is identical for any worker
count and any `PYTHONHASHSEED`. The summary counts games, wins per seat (a
tie shares one win among the winners), draws, matches that stopped at the
game's declared limit, decisions per game, every `Result.stats` key
(numbers are summed and given per game, lists are concatenated and given
as count, mean and median), `Result.scores` summed per seat (None when no
match reported scores) and every `Result.seat_stats` figure summed per
seat, each also per game (over all games, so a match that does not report a
figure counts as zero). For a game whose `Game.sides(rules, players)` names
partnerships it also gives wins, scores and figures per side: a side's
figure in a match is the sum of its seats' figures, and a side's win share
the sum of its seats' shares (so a side listed whole among the winners wins
one match).
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .engine import Match
from .game import Game
from .players import make_players
from .rng import derive_seed
from .rules import rules_from_dict, rules_to_dict

__all__ = ["simulate", "GameOutcome", "play_one"]

# Chunks per worker: enough for even load and a live progress bar, few enough to keep IPC cheap.
_CHUNKS_PER_WORKER = 8


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


def play_one(registry: Any, game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, index: int) -> GameOutcome:
    """Play match `index` of a simulation seeded with `seed` and return its outcome."""
    game_seed = derive_seed(seed, "game", index)
    state = game.new(rules, players, game_seed)
    match = Match(state, make_players(registry, game, kinds, game_seed), registry=registry)
    result = match.run()
    seat_stats = {name: tuple(values) for name, values in result.seat_stats.items()}
    return GameOutcome(index, tuple(result.winners), bool(result.limit_reached), match.decisions, dict(result.stats), tuple(result.scores), seat_stats)


def _run_chunk(registry: Any, game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, start: int, stop: int) -> list[GameOutcome]:
    return [play_one(registry, game, rules, players, kinds, seed, i) for i in range(start, stop)]


# -- worker processes ---------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _worker_init(game_name: str, rules: dict[str, Any], players: int, kinds: tuple[str, ...], seed: int) -> None:
    """Runs once in each spawned worker: rebuild the registry, find the game, rebuild the rules.

    A failure is kept and raised by the first chunk: an initializer that
    raises would make the pool respawn workers forever.
    """
    try:
        from .plugins import get_registry

        registry = get_registry()
        game = registry.game(game_name)
        _WORKER.update(registry=registry, game=game, rules=rules_from_dict(game.Rules, rules, source="simulation rules"), players=players, kinds=kinds, seed=seed)
    except Exception as exc:
        _WORKER["error"] = exc


def _worker_chunk(bounds: tuple[int, int]) -> list[GameOutcome]:
    if "error" in _WORKER:
        raise _WORKER["error"]
    w = _WORKER
    return _run_chunk(w["registry"], w["game"], w["rules"], w["players"], w["kinds"], w["seed"], *bounds)


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    count = max(1, min(games, workers * _CHUNKS_PER_WORKER))
    size, extra = divmod(games, count)
    bounds, start = [], 0
    for n in range(count):
        stop = start + size + (1 if n < extra else 0)
        bounds.append((start, stop))
        start = stop
    return bounds


# -- summing ------------------------------------------------------------------
class _Totals:
    """Folds outcomes in index order; the order fixes every float sum."""

    def __init__(self, players: int, sides: Sequence[Sequence[int]] | None = None) -> None:
        self.players = players
        self.sides = None if sides is None else [tuple(side) for side in sides]
        self.games = 0
        self.wins = [0.0] * players
        self.scores: list[float] = [0] * players
        self.scored = 0
        self.seat_stats: dict[str, list[float]] = {}
        if self.sides is not None:
            self.side_wins = [0.0] * len(self.sides)
            self.side_scores: list[float] = [0] * len(self.sides)
            self.side_stats: dict[str, list[float]] = {}
        self.draws = 0
        self.limit_reached = 0
        self.decisions = 0
        self.numbers: dict[str, float] = {}
        self.lists: dict[str, list[Any]] = {}

    def add(self, outcome: GameOutcome) -> None:
        # Per-seat figures are checked before anything is counted, so a refused outcome leaves no trace.
        if outcome.scores:
            self._per_seat("scores", outcome.scores, outcome.index)
        for name, values in outcome.seat_stats.items():
            self._per_seat(f"seat_stats[{name!r}]", values, outcome.index)
        self.games += 1
        if outcome.winners:
            share = 1 / len(outcome.winners)
            for seat in outcome.winners:
                self.wins[seat] += share
            if self.sides is not None:
                for n, side in enumerate(self.sides):
                    won = sum(1 for seat in outcome.winners if seat in side)
                    if won:
                        self.side_wins[n] += won * share
        else:
            self.draws += 1
        if outcome.scores:
            self.scored += 1
            self._fold(self.scores, self.side_scores if self.sides is not None else None, outcome.scores)
        for name, values in outcome.seat_stats.items():
            sides = None if self.sides is None else self.side_stats.setdefault(name, [0] * len(self.sides))
            self._fold(self.seat_stats.setdefault(name, [0] * self.players), sides, values)
        self.limit_reached += outcome.limit_reached
        self.decisions += outcome.decisions
        for key, value in outcome.stats.items():
            if isinstance(value, (list, tuple)):
                if key in self.numbers:
                    raise ValueError(f"stat {key!r} is a number in one game and a list in another")
                self.lists.setdefault(key, []).extend(value)
            elif isinstance(value, (int, float)):
                if key in self.lists:
                    raise ValueError(f"stat {key!r} is a list in one game and a number in another")
                self.numbers[key] = self.numbers.get(key, 0) + value

    def _per_seat(self, what: str, values: Sequence[Any], index: int) -> None:
        if len(values) != self.players or not all(isinstance(v, (int, float)) for v in values):
            raise ValueError(f"game {index}: Result.{what} must be one number per seat ({self.players}), got {list(values)!r}")

    def _fold(self, seats: list[float], sides: list[float] | None, values: Sequence[float]) -> None:
        for seat, value in enumerate(values):
            seats[seat] += value
        if sides is not None:
            for n, side in enumerate(self.sides or ()):
                total: float = 0
                for seat in side:
                    total += values[seat]
                sides[n] += total

    def _per_game(self, totals: Sequence[float]) -> dict[str, list[float]]:
        games = self.games
        return {"total": list(totals), "mean": [t / games if games else 0.0 for t in totals]}

    def summary(self) -> dict[str, Any]:
        games = self.games
        stats: dict[str, Any] = {}
        for key in sorted(self.numbers):
            total = self.numbers[key]
            stats[key] = {"total": total, "mean": total / games if games else 0.0}
        for key in sorted(self.lists):
            values = self.lists[key]
            numeric = [v for v in values if isinstance(v, (int, float))]
            stats[key] = {
                "count": len(values),
                "mean": statistics.fmean(numeric) if numeric else None,
                "median": statistics.median(numeric) if numeric else None,
            }
        return {
            "games": games,
            "wins": self.wins,
            "win_rate": [w / games if games else 0.0 for w in self.wins],
            "draws": self.draws,
            "limit_reached": self.limit_reached,
            "decisions": {"total": self.decisions, "mean": self.decisions / games if games else 0.0},
            "stats": stats,
            "scores": self._per_game(self.scores) if self.scored else None,
            "seat_stats": {name: self._per_game(self.seat_stats[name]) for name in sorted(self.seat_stats)},
            "sides": None if self.sides is None else {
                "seats": [list(side) for side in self.sides],
                "wins": self.side_wins,
                "win_rate": [w / games if games else 0.0 for w in self.side_wins],
                "scores": self._per_game(self.side_scores) if self.scored else None,
                "seat_stats": {name: self._per_game(self.side_stats[name]) for name in sorted(self.side_stats)},
            },
        }


def _sides(game: Game, rules: Any, players: int) -> tuple[tuple[int, ...], ...] | None:
    """The game's partnerships, checked: every seat in exactly one side."""
    sides = game.sides(rules, players)
    if sides is None:
        return None
    sides = tuple(tuple(side) for side in sides)
    seats = sorted(seat for side in sides for seat in side)
    if seats != list(range(players)) or not all(sides):
        raise ValueError(f"{game.name}.sides() must put each of the {players} seats in exactly one side, got {sides!r}")
    return sides


def simulate(
    game: str | Game,
    rules: Any = None,
    players: int | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 0,
    games: int = 1,
    workers: int = 1,
    progress: Callable[[int], Any] | None = None,
    *,
    registry: Any = None,
) -> dict[str, Any]:
    """Play `games` bot-only matches and return their summary as JSON-ready data.

    `game` is a name or a `Game`; `rules` a rules instance, a plain dict, or
    None for the defaults; `players` defaults to the game's default count and
    `kinds` (a seat spec per seat, `novice:error_rate=0.3`) to all `expert`.
    `workers` > 1 runs chunks
    in spawned processes (0 means one per CPU); a game given as an object
    must then also be installed under its name. `progress(n)` is called with
    the number of matches just finished. Raises KeyError for an unknown game
    or kind, ValueError for bad counts, a bad seat option or a kind that
    refuses the game, `MatchAborted` if a match passes the game's decision
    limit.
    """
    if registry is None:
        from .plugins import get_registry

        registry = get_registry()
    if isinstance(game, str):
        game = registry.game(game)
    players = game.default_players if players is None else players
    if players not in game.players:
        raise ValueError(f"{game.name} is played by {game.players.start} to {game.players.stop - 1} players, not {players}")
    kinds = tuple(kinds) if kinds is not None else ("expert",) * players
    if len(kinds) != players:
        raise ValueError(f"{players} players need {players} player kinds, got {len(kinds)}")
    make_players(registry, game, kinds, seed)  # KeyError or ValueError for a bad seat, before any work
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if rules is None:
        rules = game.Rules()
    elif isinstance(rules, Mapping):
        rules = rules_from_dict(game.Rules, rules)
    workers = (os.cpu_count() or 1) if workers == 0 else workers
    if workers < 0:
        raise ValueError("workers must be 0 (one per CPU) or more")
    workers = max(1, min(workers, games))

    totals = _Totals(players, _sides(game, rules, players))
    if workers == 1:
        for start, stop in _chunks(games, 1):
            for outcome in _run_chunk(registry, game, rules, players, kinds, seed, start, stop):
                totals.add(outcome)
            if progress is not None:
                progress(stop - start)
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        initargs = (game.name, rules_to_dict(rules), players, kinds, seed)
        done: dict[int, list[GameOutcome]] = {}
        with context.Pool(workers, initializer=_worker_init, initargs=initargs) as pool:
            for outcomes in pool.imap_unordered(_worker_chunk, _chunks(games, workers)):
                done[outcomes[0].index] = outcomes
                if progress is not None:
                    progress(len(outcomes))
        for start in sorted(done):
            for outcome in done[start]:
                totals.add(outcome)

    summary = {
        "game": game.name,
        "version": game.version,
        "players": players,
        "seats": list(kinds),
        "rules": rules_to_dict(rules),
        "seed": seed,
    }
    summary.update(totals.summary())
    return summary
