"""Cribbage scoring and discard speed: show totals per second, itemised shows per second, discard decisions per second.

Hands are generated first (distinct random hand-and-starter combinations
from a fixed seed, as `muggins.Card`s and as ints 0..51) and only the
scoring loop is timed: every figure's loop runs in turns within each repeat
(`timing.interleave`, CPU time of the process with wall time beside), and
each figure is the median over repeats with min and max. Nothing
is cached between calls: `score_total` looks its rank multiset up in a
table built at import, which is the method, not a cache of inputs.
Figures: `score_total` on Cards and on ints (`score_total_indices`),
`score_show` with its itemised breakdown, `best_discard` decisions (table
crib built before timing) for 2 and 3 players, and exact `rank_discards`
rankings (what `muggins cribbage discard` computes). `--baseline DIR` adds
every figure with this checkout's and DIR's packages in two worker
processes, in the same turns. Printed as a table, or as JSON lines through
benchmarks/run.py or with `--json`; never asserted.

Run: `uv run python benchmarks/bench_cribbage_scoring.py [--json] [--quick] [--baseline DIR]`
(or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Callable, Iterable

import timing


def _deck() -> list:
    from muggins.cards import standard_deck

    return list(standard_deck())


def distinct_hands(count: int, seed: int = 1) -> list[tuple[list, object]]:
    """`count` different (four cards, starter) combinations, each as it would come from a game (the same ones for the same count and seed)."""
    key = (count, seed)
    if key not in _HANDS:
        _HANDS[key] = _distinct_hands(count, seed)
    return _HANDS[key]


_HANDS: dict[tuple[int, int], list[tuple[list, object]]] = {}


def _distinct_hands(count: int, seed: int) -> list[tuple[list, object]]:
    deck = _deck()
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


#: (hands scored, deals decided, deals ranked, repeats), by default and with --quick.
SIZES = {False: (200_000, 2000, 50, 15), True: (50_000, 500, 20, 3)}
#: metric -> (task, unit of its count)
FIGURES = {
    "score_total_hands_per_s": ("score_total", "hands"),
    "score_total_indices_hands_per_s": ("score_total_indices", "hands"),
    "score_show_hands_per_s": ("score_show", "hands"),
    "best_discard_2p_decisions_per_s": ("best_discard_2p", "deals"),
    "best_discard_3p_decisions_per_s": ("best_discard_3p", "deals"),
    "rank_discards_2p_exact_per_s": ("rank_discards_2p", "deals"),
}


def counts(quick: bool) -> dict[str, int]:
    """How many items each task handles per repeat."""
    hands, decided, ranked, _ = SIZES[quick]
    return {"score_total": hands, "score_total_indices": hands, "score_show": hands // 20,
            "best_discard_2p": decided, "best_discard_3p": decided, "rank_discards_2p": ranked}


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """Each figure's loop by name; its data are made (from fixed seeds) when it is built, outside the timing."""
    n = counts(quick)

    def totals() -> Callable[[int], object]:
        from cribbage_muggins.scoring import score_total

        hands = distinct_hands(n["score_total"])

        def loop(_: int) -> None:  # a bare loop: at 2 million calls a second, keeping the totals would cost a tenth
            for hand, starter in hands:
                score_total(hand, starter)

        return loop

    def totals_ints() -> Callable[[int], object]:
        from cribbage_muggins.scoring import card_index, score_total_indices

        index = {card: card_index(card) for card in _deck()}
        hands = [([index[c] for c in hand], index[starter]) for hand, starter in distinct_hands(n["score_total_indices"])]

        def loop(_: int) -> None:
            for hand, starter in hands:
                score_total_indices(hand, starter)

        return loop

    def shows() -> Callable[[int], object]:
        from cribbage_muggins.scoring import score_show

        hands = distinct_hands(n["score_show"])
        return lambda _: [score_show(hand, starter) for hand, starter in hands]

    def deals(players: int, size: int, count: int, seed: int) -> list:
        from muggins.cards import standard_deck

        deck = standard_deck()
        rng = random.Random(seed)
        return [(rng.sample(deck, size), rng.random() < 0.5) for _ in range(count)]

    def decide(players: int, size: int) -> Callable[[], Callable[[int], object]]:
        def make() -> Callable[[int], object]:
            from cribbage_muggins.analysis import best_discard, crib_table

            crib_table(2)
            crib_table(1)
            dealt = deals(players, size, n[f"best_discard_{players}p"], players)
            return lambda _: [str(best_discard(cards, dealer, players)) for cards, dealer in dealt]
        return make

    def rank_all() -> Callable[[int], object]:
        from cribbage_muggins.analysis import rank_discards

        dealt = [(cards, True) for cards, _ in deals(2, 6, n["rank_discards_2p"], 4)]
        return lambda _: [rank_discards(cards, dealer) for cards, dealer in dealt]

    return {"score_total": totals, "score_total_indices": totals_ints, "score_show": shows,
            "best_discard_2p": decide(2, 6), "best_discard_3p": decide(3, 5), "rank_discards_2p": rank_all}


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    repeats = SIZES[quick][3]
    made, n = tasks(quick), counts(quick)
    names = list(made)
    contenders = {name: make() for name, make in made.items()}
    before = timing.Baseline(__file__, baseline, ["muggins", "cribbage_muggins"], {"quick": quick}) if baseline else None
    found = timing.interleave_against(before, contenders, names, repeats)
    for metric, (task, unit) in FIGURES.items():
        yield found.rate(task, n[task], metric, **{unit: n[task]})
        if before:
            yield from before.figures(found, task, n[task], metric, **{unit: n[task]})


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        return timing.main(run, "cribbage_scoring", tasks, argv)
    baseline = argv[argv.index("--baseline") + 1] if "--baseline" in argv else None
    figures = list(run(quick="--quick" in argv, baseline=baseline))
    if "--json" in argv:
        for f in figures:
            print(json.dumps({"bench": "cribbage_scoring", **f}))
        return 0
    print(f"{'figure':<52} {'per CPU s':>10} {'min':>10} {'max':>10} {'per wall s':>10}  over")
    for f in figures:
        if f["value"] is None:
            print(f"{f['metric']:<52} {'-':>10}  {f.get('error', '')}")
            continue
        over = ", ".join(f"{k} {v}" for k, v in f.items() if k not in ("metric", "value", "min", "max", "wall", "clock"))
        print(f"{f['metric']:<52} {f['value']:>10,} {f['min']:>10,} {f['max']:>10,} {f['wall']:>10,}  {over}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
