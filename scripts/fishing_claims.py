"""A soak of the fishing game's rarer claims, kept out of the CI suite: the capturer's own other pair and laid-down pairs.

Usage: `uv run python scripts/fishing_claims.py [--matches N] [--seed S] [--seat KIND ...]`.
Plays N five-deal matches (default 500) with forgetful novices by default
(`novice:forget_rate=0.6,attention=0.5`, so that threes go unclaimed and
other pairs are forgotten) and prints one JSON object: how often a capturer
held the other pair of the rank it captured (RULES.md fishing item 3: "the
capturer included") and laid it, how often a laid-down hand held a pair
whose other two cards were already collected, and who claimed those pairs
(counted by the claimant's place after the player who lay down: 1 is the
left neighbour), plus the refusals of each kind. Figures come from the
record events and from the open window's own verdict, read after each step.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry

from willughby_fishing.state import CODES


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", action="append", default=None, help="seat kinds, repeated (default: five forgetful novices)")
    args = parser.parse_args(argv)
    registry = load_registry(only=["willughby_fishing"])
    game = registry.game("willughby_fishing")
    kinds = args.seat or ["novice:forget_rate=0.6,attention=0.5"] * 5
    if len(kinds) != 5:
        parser.error("give five --seat kinds, or none")
    figures: Counter = Counter()
    by_place: Counter = Counter()
    start = time.perf_counter()
    for n in range(args.matches):
        seed = args.seed + n
        state = game.new(game.Rules(), 5, seed)
        match = Match(state, make_players(registry, game, kinds, seed))
        pending: set[str] = set()  # ranks of the collected pairs the open lie-down window is about
        while state.result() is None:
            was_window = state.phase == "window"
            for event in match.step():
                kind = event["type"]
                if kind == "capture" and state.phase == "window" and state.what == "other_pair" and state.entitled == (event["seat"],):
                    figures["capturer_held_other_pair"] += 1
                elif kind == "lie_down" and state.phase == "window":
                    laid = [c[0] for c in event["cards"]]
                    due = {CODES[c][0] for c in state.due}
                    pending = {r for r in due if laid.count(r) == 2}
                    figures["laid_down_collected_pairs"] += len(pending)
                elif kind == "claim" and event["upheld"]:
                    if event["what"] == "other_pair":
                        figures["other_pair_laid_by_capturer" if event["seat"] == event["against"] else "other_pair_laid_by_another"] += 1
                    elif event["what"] == "laid_down" and pending:
                        figures["laid_down_collected_pairs_claimed"] += len(pending)
                        by_place[(event["seat"] - event["against"]) % 5] += len(pending)
                        pending = set()
            if was_window and state.phase != "window" and pending:
                figures["laid_down_collected_pairs_missed"] += len(pending)
                pending = set()
    figures["matches"] = args.matches
    out: dict = dict(sorted(figures.items()))
    out["collected_pairs_claimed_by_place_left_of_the_one_who_lay_down"] = {str(k): by_place[k] for k in sorted(by_place)}
    out["kinds"] = kinds
    out["seed"] = args.seed
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
