"""The cribbage expert's pegging against its earlier heuristic, paired over the same deals: win share, points and speed.

The expert pegs by `bots.play_value`: the points a card pegs now, less
`REPLY_WEIGHT` times the points the next seat may expect to peg at once in
reply (`bots.reply_points`, its cards drawn from those the expert has not
seen), with the old lead and tie-break preferences. Before, it pegged by
`bots.peg_value` alone (fixed penalties for leaving 5 or 21 and for two
cards one or two ranks apart). This script plays every seed twice, the
current expert in seat 0 and then in seat 1, the earlier one (discarding
exactly as the expert does, pegging by `peg_value`) in the other seat, two
players to 121, and reports the current expert's win share and its points
less the other's, each with a normal 95% interval over the seeds (the mean
of each seed's two games is one pair), and both bots' CPU seconds per
pegging decision (`--weight` tries another weight without editing the
module).

Run: `uv run python scripts/cribbage_expert_pegging.py [--seeds 1000] [--seed 1] [--weight W]`; one JSON line on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any


def _interval(values: list[float]) -> dict[str, Any]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    half = 1.96 * sd / math.sqrt(n)
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weight", type=float, default=None, help="REPLY_WEIGHT to try (default: the module's)")
    args = parser.parse_args(argv)
    from muggins.engine import Match
    from muggins.plugins import load_registry
    from muggins.rng import derive_seed

    from cribbage_muggins import bots

    if args.weight is not None:
        bots.REPLY_WEIGHT = args.weight
    spent = {"current": [0, 0.0], "earlier": [0, 0.0]}

    class Timed(bots.ExpertBot):
        label = "current"

        def choose(self, view: Any, decision: Any) -> Any:
            if decision.kind != "play" or len(decision.choices) == 1:
                return super().choose(view, decision)
            start = time.process_time()
            found = self.play(view, decision)
            tally = spent[self.label]
            tally[0] += 1
            tally[1] += time.process_time() - start
            return found

        def play(self, view: Any, decision: Any) -> Any:
            return bots.best_play(view, decision)

    class Earlier(Timed):
        label = "earlier"

        def play(self, view: Any, decision: Any) -> Any:
            seq, count = view["sequence"], view["count"]
            scoring = bots.view_scorings(view)[1] if "peg_scoring" in view else None
            return max(decision.choices, key=lambda option: bots.peg_value(seq, count, option.data, scoring))

    game = load_registry(only=["cribbage_muggins"]).game("cribbage_muggins")
    rules = game.Rules()
    shares, points = [], []
    for index in range(args.seeds):
        seed = derive_seed(args.seed, "expert pegging", index)
        share = margin = 0.0
        for seat in (0, 1):
            players = [Timed(seat=0), Earlier(seat=1)] if seat == 0 else [Earlier(seat=0), Timed(seat=1)]
            result = Match(game.new(rules, 2, seed), players).run()
            share += (seat in result.winners) / 2
            margin += (result.scores[seat] - result.scores[1 - seat]) / 2
        shares.append(share)
        points.append(margin)
    print(json.dumps({
        "seeds": args.seeds, "games": 2 * args.seeds, "reply_weight": bots.REPLY_WEIGHT,
        "current_win_share": _interval(shares), "current_points_less_earlier": _interval(points),
        "seconds_per_pegging_decision": {k: round(v[1] / v[0], 7) if v[0] else None for k, v in spent.items()},
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
