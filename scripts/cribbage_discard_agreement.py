"""How often the cribbage expert's discard is the exact advisor's best, and what it gives away when it is not.

The expert (`cribbage_muggins.bots.best_discard`, through
`analysis.best_discard_indices`) adds to the exact kept-hand expectation a
crib expectation looked up in a table keyed by the discarded ranks, worked
out with only the discards removed from the pack. The exact advisor
(`analysis.rank_discards`, what `muggins cribbage discard` prints) also
removes the four kept cards. For `--deals` random deals per case (2
players as dealer and as pone; 3 players as dealer and as pone unless
`--two-only`), this script asks both, and counts the deals where the
expert keeps a hand whose exact net value is the best one (ties with the
advisor's best count as agreement), and the mean net points the expert
loses by the advisor's figures, over all deals and over those it misses.

Run: `uv run python scripts/cribbage_discard_agreement.py [--deals 4000] [--seed 1] [--two-only]`; one JSON line per case on stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import sys


def compare(players: int, dealer: bool, deals: int, seed: int) -> dict:
    """The agreement figures of one case (players, dealer or pone) over `deals` random deals."""
    from cribbage_muggins.analysis import HAND_SIZE, best_discard_indices, rank_discards
    from cribbage_muggins.scoring import index_card

    rng = random.Random(f"{seed}/{players}/{dealer}")
    same = 0
    lost_total = 0.0
    worst = 0.0
    for _ in range(deals):
        indices = rng.sample(range(52), HAND_SIZE[players])
        cards = [index_card(i) for i in indices]
        ranked = rank_discards(cards, dealer, players=players)
        laid = {index_card(i) for i in best_discard_indices(indices, dealer, players)}
        chosen = next(option for option in ranked if set(option.discard) == laid)
        lost = ranked[0].net - chosen.net
        if lost <= 1e-9:
            same += 1
        else:
            lost_total += lost
            worst = max(worst, lost)
    missed = deals - same
    return {
        "players": players, "crib": "own" if dealer else "opponent's", "deals": deals,
        "expert_keeps_best_net": round(same / deals, 4),
        "mean_net_points_lost_per_deal": round(lost_total / deals, 4),
        "mean_net_points_lost_when_missed": round(lost_total / missed, 4) if missed else 0.0,
        "worst_net_points_lost": round(worst, 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--two-only", action="store_true", help="only the two-player cases")
    args = parser.parse_args(argv)
    for players in (2,) if args.two_only else (2, 3):
        for dealer in (True, False):
            print(json.dumps(compare(players, dealer, args.deals, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
