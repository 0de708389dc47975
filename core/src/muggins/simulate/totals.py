"""Summing outcomes into a simulation's summary: `Totals`, the game's sides checked (`sides_of`) and the summary itself (`summary_of`).

Outcomes are folded in index order (the order fixes every float sum) into
running sums whose size does not grow with the number of matches: wins per
seat (a tie shares one win), draws, limits reached, decisions, every
`Result.stats` key, scores and seat figures, and for partnerships the same
per side.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game import Game
from ..rules import rules_to_dict
from ..stats import ValueCounts
from .chunks import GameOutcome


class Totals:
    """Folds outcomes in index order (the order fixes every float sum) into sums whose size does not grow with the games."""

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
        self.lists: dict[str, ValueCounts] = {}

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
                found = self.lists.get(key)
                if found is None:
                    found = self.lists[key] = ValueCounts()
                found.extend(value)
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
            stats[key] = self.lists[key].summary()
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


def sides_of(game: Game, rules: Any, players: int) -> tuple[tuple[int, ...], ...] | None:
    """The game's partnerships, checked: every seat in exactly one side."""
    sides = game.sides(rules, players)
    if sides is None:
        return None
    sides = tuple(tuple(side) for side in sides)
    seats = sorted(seat for side in sides for seat in side)
    if seats != list(range(players)) or not all(sides):
        raise ValueError(f"{game.name}.sides() must put each of the {players} seats in exactly one side, got {sides!r}")
    return sides


def summary_of(game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, games: int, totals: Totals, *, partial: bool,
             house_rules: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    summary = {
        "game": game.name,
        "version": game.version,
        "players": players,
        "seats": list(kinds),
        "rules": rules_to_dict(rules),
        "house_rules": [dict(p) for p in house_rules],
        "seed": seed,
    }
    summary.update(totals.summary())
    summary["partial"] = partial
    summary["games_requested"] = games
    return summary

