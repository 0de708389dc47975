"""Long contract soaks, kept out of the CI suite: every installed game, many matches per player count.

Usage: `uv run python scripts/soak.py [--games N] [--seed S] [GAME ...]`.
Prints one JSON line per game with what was covered and the wall time; a
contract failure prints the reproduction (seed, seats, decisions) and exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from muggins.plugins import load_registry
from muggins.testing import ContractError, check_game


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_wanted", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=2000, help="matches per player count (default 2000)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--deep-every", type=int, default=10, help="run the costly checks on every n-th match")
    args = parser.parse_args(argv)
    registry = load_registry()
    for line in registry.errors:
        print(f"warning: {line}", file=sys.stderr)
    names = args.games_wanted or sorted(registry.games)
    status = 0
    for name in names:
        game = registry.game(name)
        start = time.perf_counter()
        try:
            report = check_game(game, games=args.games, seed=args.seed, kinds=("random", "expert", "novice"), registry=registry, deep_every=args.deep_every)
        except ContractError as exc:
            print(str(exc), file=sys.stderr)
            status = 1
            continue
        print(json.dumps({"game": name, "seed": args.seed, "matches": report.matches, "decisions": report.decisions,
                          "windows": report.windows, "claims": report.claims, "seconds": round(time.perf_counter() - start, 1)}))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
