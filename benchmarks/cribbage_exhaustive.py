"""Cribbage show distribution over all 12,994,800 hand-and-starter combinations, by counting.

Prints how many combinations of four cards and a starter (C(52,4) * 48)
score each total 0..29, as a hand and as a crib (a crib scores only a
five-card flush), and the seconds it took. The method
(`cribbage_muggins.analysis.show_distribution`) enumerates rank multisets of
the four cards with the starter's rank and counts suit assignments,
flushes and nobs combinatorially, so it does about 24,000 table look-ups
instead of scoring 13 million combinations; the seconds reported include
building that table (importing the scoring module). `--brute` also scores every
combination one by one with `score_total` (about a minute) and says whether
the two agree.

Run: `uv run python benchmarks/cribbage_exhaustive.py [--json] [--brute]`.
"""

from __future__ import annotations

import json
import sys
import time
from itertools import combinations


def brute_force() -> dict[str, list[int]]:
    """Score every (four cards, starter) combination of the full pack with `score_total_indices`."""
    from cribbage_muggins.scoring import score_total_indices

    hand = [0] * 30
    crib = [0] * 30
    for four in combinations(range(52), 4):
        for starter in range(52):
            if starter in four:
                continue
            hand[score_total_indices(four, starter)] += 1
            crib[score_total_indices(four, starter, True)] += 1
    return {"hand": hand, "crib": crib}


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    # Imported here so that the seconds include building the rank-multiset table at import.
    from cribbage_muggins.analysis import show_distribution

    counts = show_distribution()
    seconds = time.perf_counter() - started
    result = {"hand": counts["hand"], "crib": counts["crib"], "seconds": round(seconds, 4)}
    if "--brute" in argv:
        started = time.perf_counter()
        brute = brute_force()
        result["brute_seconds"] = round(time.perf_counter() - started, 1)
        result["brute_agrees"] = brute == counts
    if "--json" in argv:
        print(json.dumps(result))
        return 0
    print(f"{'total':>5} {'hand':>10} {'crib':>10}")
    for points in range(30):
        print(f"{points:>5} {counts['hand'][points]:>10,} {counts['crib'][points]:>10,}")
    print(f"{'all':>5} {sum(counts['hand']):>10,} {sum(counts['crib']):>10,}")
    print(f"counted in {seconds:.4f} s")
    if "brute_agrees" in result:
        print(f"brute force ({result['brute_seconds']} s) agrees: {result['brute_agrees']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
