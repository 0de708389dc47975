"""Cribbage scoring and discard speed: show totals per second, itemised shows per second, discard decisions per second.

Hands are generated first (distinct random hand-and-starter combinations
from a fixed seed, as `muggins.Card`s and as ints 0..51) and only the
scoring loop is timed (CPU time of the process); each figure is the
median of several runs. Nothing
is cached between calls: `score_total` looks its rank multiset up in a
table built at import, which is the method, not a cache of inputs.
Figures: `score_total` on Cards and on ints (`score_total_indices`),
`score_show` with its itemised breakdown, `best_discard` decisions (table
crib built before timing) for 2 and 3 players, and exact `rank_discards`
rankings (what `muggins cribbage discard` computes).

Run: `uv run python benchmarks/bench_cribbage_scoring.py [--json] [--quick]`
(or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Callable, Iterable

from muggins.cards import standard_deck

from cribbage_muggins.analysis import best_discard, crib_table, rank_discards
from cribbage_muggins.scoring import card_index, score_show, score_total, score_total_indices


def distinct_hands(count: int, seed: int = 1) -> list[tuple[list, object]]:
    """`count` different (four cards, starter) combinations, each as it would come from a game."""
    deck = standard_deck()
    rng = random.Random(seed)
    seen: set = set()
    hands = []
    while len(hands) < count:
        five = rng.sample(deck, 5)
        key = (frozenset(five[:4]), five[4])
        if key not in seen:
            seen.add(key)
            hands.append((five[:4], five[4]))
    return hands


def median_rate(items: int, loop: Callable[[], None], repeats: int) -> tuple[float, float]:
    """Items per second over `repeats` timed runs of `loop`: (median per CPU second, median per wall second).

    The CPU figure is the headline because benchmark machines are shared:
    another process on the same core stretches the wall clock, not the work.
    """
    cpu_rates = []
    wall_rates = []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        loop()
        cpu_rates.append(items / (time.process_time() - cpu))
        wall_rates.append(items / (time.perf_counter() - wall))
    return statistics.median(cpu_rates), statistics.median(wall_rates)


def figure(metric: str, items: int, loop: Callable[[], None], repeats: int, **over: object) -> dict:
    cpu, wall = median_rate(items, loop, repeats)
    return {"metric": metric, "value": round(cpu), "wall_value": round(wall), **over, "repeats": repeats}


def run(quick: bool = False) -> Iterable[dict]:
    count = 100_000 if quick else 200_000
    repeats = 3 if quick else 7
    hands = distinct_hands(count)
    as_ints = [([card_index(c) for c in hand], card_index(starter)) for hand, starter in hands]

    def totals() -> None:
        for hand, starter in hands:
            score_total(hand, starter)

    def totals_ints() -> None:
        for hand, starter in as_ints:
            score_total_indices(hand, starter)

    shown = hands[: count // 10]

    def shows() -> None:
        for hand, starter in shown:
            score_show(hand, starter)

    yield figure("score_total_hands_per_s", count, totals, repeats, hands=count)
    yield figure("score_total_indices_hands_per_s", count, totals_ints, repeats, hands=count)
    yield figure("score_show_hands_per_s", len(shown), shows, max(3, repeats // 2), hands=len(shown))

    deck = standard_deck()
    rng = random.Random(2)
    crib_table(2)
    crib_table(1)
    for players, size in ((2, 6), (3, 5)):
        deals = [(rng.sample(deck, size), rng.random() < 0.5) for _ in range(1000 if quick else 3000)]

        def decide(deals=deals, players=players) -> None:
            for dealt, dealer in deals:
                best_discard(dealt, dealer, players)

        yield figure(f"best_discard_{players}p_decisions_per_s", len(deals), decide, repeats, deals=len(deals))

    ranked = [(rng.sample(deck, 6), True) for _ in range(50 if quick else 200)]

    def rank_all() -> None:
        for dealt, dealer in ranked:
            rank_discards(dealt, dealer)

    yield figure("rank_discards_2p_exact_per_s", len(ranked), rank_all, 3, deals=len(ranked))


def main(argv: list[str]) -> int:
    figures = list(run(quick="--quick" in argv))
    if "--json" in argv:
        print(json.dumps({f["metric"]: {"cpu": f["value"], "wall": f["wall_value"]} for f in figures}))
        return 0
    print(f"{'figure':<36} {'per CPU s':>12} {'per wall s':>12}  over")
    for f in figures:
        over = ", ".join(f"{k} {v}" for k, v in f.items() if k not in ("metric", "value", "wall_value"))
        print(f"{f['metric']:<36} {f['value']:>12,} {f['wall_value']:>12,}  {over}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
