"""Rule studies: the same matches played under several rule sets, compared with 95% intervals from running sums.

`compare` plays match *i* (seed `derive_seed(seed, "game", i)`, the same
seats) once under each rule set — common random numbers, so a difference
is not noise from different deals — through the chunk machinery of
`muggins.simulate` (same chunks, same reorder buffer, so the answer is
identical for any worker count or cluster). Each rule set gets the full
`simulate` summary. Every per-match figure (win share per seat, draws,
matches stopped at the limit, decisions, scores and per-seat figures per
seat and per side, each numeric stat) is folded into a `CrossSums` over the
vector of its values under each rule set, which gives each rule set's mean
with a 95% interval and each rule set's paired difference from the first
with its interval. A list stat (points per hand) is compared as the values
per match and as the mean per value, a ratio of sums with a delta-method
interval. Figures per side are compared only when every rule set forms the
same sides. Memory stays flat in the number of matches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .game import Game
from .rules import rules_from_dict, rules_to_dict
from .simulate import ChunkPlan, GameOutcome, SimulationInterrupted, Totals, in_force, open_runner, plan_answers, renamed, resolve_setup, run_chunks, sides_of, summary_of
from .stats import CrossSums

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["compare", "figures_of", "CONFIDENCE"]

CONFIDENCE = 0.95

# The order figures are listed in: the outcome first, then the game's own figures.
_GROUPS = ("wins", "draws", "limit_reached", "decisions", "scores", "seat_stats", "sides.wins", "sides.scores", "sides.seat_stats", "stats")


def figures_of(outcome: GameOutcome, players: int, sides: Sequence[Sequence[int]] | None) -> tuple[dict[str, float], dict[str, tuple[float, int]]]:
    """The per-match figures of one outcome by raw name, and its list stats as (sum of numeric values, count of values)."""
    players_won = outcome.winners
    share = 1 / len(players_won) if players_won else 0.0
    # Every seat's win share is listed, so a seat that never wins still shows its zero.
    figures: dict[str, float] = {f"wins[{seat}]": 0.0 for seat in range(players)}
    for seat in players_won:
        figures[f"wins[{seat}]"] += share
    figures["draws"] = 0.0 if players_won else 1.0
    figures["limit_reached"] = float(outcome.limit_reached)
    figures["decisions"] = float(outcome.decisions)
    for seat, value in enumerate(outcome.scores):
        figures[f"scores[{seat}]"] = value
    for name, values in outcome.seat_stats.items():
        for seat, value in enumerate(values):
            figures[f"seat_stats.{name}[{seat}]"] = value
    if sides is not None:
        for n, side in enumerate(sides):
            won = sum(1 for seat in players_won if seat in side)
            figures[f"sides.wins[{n}]"] = won * share
            if outcome.scores:
                figures[f"sides.scores[{n}]"] = sum(outcome.scores[seat] for seat in side)
            for name, values in outcome.seat_stats.items():
                figures[f"sides.seat_stats.{name}[{n}]"] = sum(values[seat] for seat in side)
    lists: dict[str, tuple[float, int]] = {}
    for key, value in outcome.stats.items():
        if isinstance(value, (list, tuple)):
            lists[key] = (sum(v for v in value if isinstance(v, (int, float))), sum(1 for v in value if isinstance(v, (int, float))))
        elif isinstance(value, (int, float)):
            figures[f"stats.{key}"] = value
    return figures, lists


def _order(name: str) -> tuple[int, str, int]:
    base, _, index = name.partition("[")
    group = next(g for g in sorted(_GROUPS, key=len, reverse=True) if base == g or base.startswith(g + "."))
    return _GROUPS.index(group), base, int(index.rstrip("]")) if index else -1


class _Paired:
    """Cross sums per figure over the rule sets, folded match by match."""

    def __init__(self, rule_sets: int, players: int, sides: Sequence[Sequence[int]] | None) -> None:
        self.size = rule_sets
        self.players = players
        self.sides = sides
        self.count = 0
        self.figures: dict[str, CrossSums] = {}
        self.lists: dict[str, CrossSums] = {}  # entries: the sums under each rule set, then the counts

    def add(self, outcomes: Sequence[GameOutcome]) -> None:
        k = self.size
        values: dict[str, list[float]] = {}
        lists: dict[str, list[float]] = {}
        for r, outcome in enumerate(outcomes):
            figures, list_stats = figures_of(outcome, self.players, self.sides)
            for name, value in figures.items():
                values.setdefault(name, [0.0] * k)[r] = value
            for name, (total, count) in list_stats.items():
                entry = lists.setdefault(name, [0.0] * (2 * k))
                entry[r], entry[k + r] = total, count
        self.count += 1
        for name, vector in values.items():
            found = self.figures.get(name)
            if found is None:
                found = self.figures[name] = CrossSums(k)
            found.add(vector)
        for name, vector in lists.items():
            found = self.lists.get(name)
            if found is None:
                found = self.lists[name] = CrossSums(2 * k)
            found.add(vector)

    def summary(self) -> dict[str, Any]:
        k, n = self.size, self.count
        unit = [[1.0 if i == r else 0.0 for i in range(k)] for r in range(k)]
        figures: dict[str, Any] = {}
        for name in sorted(self.figures, key=_order):
            sums = self.figures[name]
            figures[name] = {
                "means": [sums.linear(unit[r], n) for r in range(k)],
                "differences": [None] + [sums.linear([a - b for a, b in zip(unit[r], unit[0])], n) for r in range(1, k)],
            }
        for name in sorted(self.lists):
            sums = self.lists[name]
            counts = [[1.0 if i == k + r else 0.0 for i in range(2 * k)] for r in range(k)]
            figures[f"stats.{name}.values"] = {
                "means": [sums.linear(counts[r], n) for r in range(k)],
                "differences": [None] + [sums.linear([a - b for a, b in zip(counts[r], counts[0])], n) for r in range(1, k)],
            }
            figures[f"stats.{name}.mean"] = {
                "means": [sums.ratio(r, k + r, n) for r in range(k)],
                "differences": [None] + [sums.ratio_difference((0, k), (r, k + r), n) for r in range(1, k)],
            }
        return figures


def compare(
    game: str | Game,
    rule_sets: Sequence[Any],
    players: int | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 0,
    games: int | None = None,
    workers: int = 1,
    progress: Callable[[int], Any] | None = None,
    *,
    registry: Registry | None = None,
    engine: Callable[[ChunkPlan], Any] | None = None,
    labels: Sequence[str | None] | None = None,
    matches: int | None = None,
    seats: Sequence[str] | None = None,
    runner: Callable[[ChunkPlan], Any] | None = None,
) -> dict[str, Any]:
    """Play `matches` matches under every rule set (the same seeds for each) and compare them.

    `rule_sets`: rules instances or plain dicts, at least one. `labels`
    (say the rules files) are carried into the result. Returns JSON-ready
    data: `rule_sets` (label and rules of each), `summaries` (one
    `simulate` summary per rule set), and `figures`: for each figure's raw
    name, `means` (one `{mean, low, high}` per rule set) and `differences`
    (null for the first rule set, then each rule set minus the first).
    Raises as `simulate` does, and takes its parameters (`games`, `kinds`
    and `engine` are the first names of `matches`, `seats` and `runner`);
    an interrupt raises `SimulationInterrupted` carrying this result for
    the matches folded so far, marked partial.
    """
    games = renamed(matches, games, "matches", "games", 1)
    kinds = renamed(seats, kinds, "seats", "kinds", None)
    engine = renamed(runner, engine, "runner", "engine", None)
    if not rule_sets:
        raise ValueError("compare needs at least one rule set")
    registry, game, players, kinds, workers = resolve_setup(registry, game, players, kinds, games, workers)
    rules = [game.Rules() if r is None else rules_from_dict(game.Rules, r) if isinstance(r, Mapping) else r for r in rule_sets]
    labels = list(labels) if labels is not None else [None] * len(rules)
    sides = [sides_of(game, r, players) for r in rules]
    totals = [Totals(players, s) for s in sides]
    # Side figures are paired only when every rule set forms the same sides (a partnership rule may not).
    paired = _Paired(len(rules), players, sides[0] if all(s == sides[0] for s in sides) else None)

    def fold(outcomes: list[list[GameOutcome]]) -> None:
        for r, per_rules in enumerate(outcomes):
            for outcome in per_rules:
                totals[r].add(outcome)
        for match in zip(*outcomes):
            paired.add(match)

    house_rules = tuple(in_force(registry, game, r) for r in rules)

    def result(partial: bool) -> dict[str, Any]:
        return {
            "game": game.name,
            "version": game.version,
            "players": players,
            "seats": list(kinds),
            "seed": seed,
            "games": paired.count,
            "games_requested": games,
            "partial": partial,
            "confidence": CONFIDENCE,
            "rule_sets": [{"label": label, "rules": rules_to_dict(r), "house_rules": list(h)} for label, r, h in zip(labels, rules, house_rules)],
            "summaries": [summary_of(game, r, players, kinds, seed, games, t, partial=partial, house_rules=h) for r, t, h in zip(rules, totals, house_rules)],
            "figures": paired.summary(),
        }

    answers = plan_answers(registry, game, rules, players, house_rules)  # asked once, here; every worker plays by them
    plan = ChunkPlan(game.name, tuple(rules_to_dict(r) for r in rules), players, kinds, seed, house_rules, answers=answers)
    try:
        run_chunks(lambda: open_runner(plan, workers, games, registry, game, rules, engine), games, fold, progress)
    except KeyboardInterrupt as exc:
        raise SimulationInterrupted(result(True)) from exc
    return result(False)
