"""Instructions per match, counted by valgrind's callgrind: a before/after figure that machine load does not move.

Timings on a shared machine swing by several per cent from run to run;
instruction counts repeat to the instruction for the same interpreter and
inputs, whatever else runs. This script plays N1 and then N2 expert-only
matches of a game (seeds 0 up, default rules and player count; `--kind`
and `--rule NAME=VALUE` for other seats and house rules) in fresh
interpreters under `valgrind --tool=callgrind`, and reports the
difference divided by N2 - N1: the steady cost of a match, without the
one-time costs of starting, importing and compiling (the environment may
forbid bytecode caches). With `--baseline DIR` the same is counted for
another checkout (its packages first on `PYTHONPATH`) and the ratio given.
Needs valgrind (Debian's `valgrind`); slow (tens of seconds a run).

    uv run --group dev python benchmarks/count_instructions.py willughby_fishing --baseline /tmp/old
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import checkout_env  # noqa: E402

PLAY = """
import json, sys
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry
registry = load_registry(only=[sys.argv[2]])
game = registry.game(sys.argv[2])
kind, rules = sys.argv[3], game.Rules(**json.loads(sys.argv[4]))
for seed in range(int(sys.argv[1])):
    state = game.new(rules, game.default_players, seed)
    Match(state, make_players(registry, game, [kind] * game.default_players, seed)).run()
"""


def _rule(text: str) -> tuple[str, object]:
    """`NAME=VALUE` of `--rule`, the value read as JSON where it is (`muggins=false`, `hands=1`), else as text."""
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def instructions(game: str, matches: int, env: dict[str, str], kind: str = "expert", rules: dict | None = None) -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        play = [sys.executable, "-c", PLAY, str(matches), game, kind, json.dumps(rules or {})]
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *play],
                              env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_match(game: str, first: int, second: int, env: dict[str, str], kind: str = "expert", rules: dict | None = None) -> float:
    return (instructions(game, second, env, kind, rules) - instructions(game, first, env, kind, rules)) / (second - first)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--matches", nargs=2, type=int, default=(2, 6), metavar=("N1", "N2"), help="the two match counts (default 2 6)")
    parser.add_argument("--baseline", help="another checkout to count the same for")
    parser.add_argument("--kind", default="expert", help="the player kind in every seat (default expert; random for the OpenSpiel comparison)")
    parser.add_argument("--rule", action="append", type=_rule, default=[], metavar="NAME=VALUE",
                        help="a house rule for every match, repeatable (`--rule muggins=false`)")
    options = parser.parse_args()
    first, second = options.matches
    if not 0 <= first < second:
        parser.error("--matches needs 0 <= N1 < N2")
    rules = dict(options.rule)
    now = per_match(options.game, first, second, dict(os.environ), options.kind, rules)
    row = {"bench": "instructions", "metric": f"instructions_per_{options.kind}_match", "game": options.game, "value": round(now),
           "matches": [first, second]}
    if options.kind != "expert" or rules:
        row.update(kind=options.kind, rules=rules)
    if options.baseline:
        before = per_match(options.game, first, second, checkout_env(options.baseline), options.kind, rules)
        row.update(baseline=options.baseline, baseline_value=round(before), ratio_to_baseline=round(now / before, 4))
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
