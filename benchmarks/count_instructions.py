"""Instructions per match, counted by valgrind's callgrind: a before/after figure that machine load does not move.

Timings on a shared machine swing by several per cent from run to run;
instruction counts repeat for the same interpreter and inputs, whatever
else runs (within about 2% unless `PYTHONHASHSEED` is fixed: string hashes
change the sets' and dicts' layouts, so the script fixes it to 0 unless the
environment sets it). This script plays N1 and then N2 expert-only
matches of a game (seeds 0 up, default rules and player count; `--kind`
and `--rule NAME=VALUE` for other seats and house rules) in fresh
interpreters under `valgrind --tool=callgrind`, and reports the
difference divided by N2 - N1: the steady cost of a match, without the
one-time costs of starting, importing and compiling (the environment may
forbid bytecode caches). With `--baseline DIR` the same is counted for
another checkout (its packages first on `PYTHONPATH`) and the ratio given.
Needs valgrind (Debian's `valgrind`); slow (tens of seconds a run).

    uv run --group dev python benchmarks/count_instructions.py willughby_fishing --baseline /tmp/old

`--bytecodes` is the profile instead (no valgrind): the same matches
played under `sys.settrace` with opcode events, and the Python bytecodes
each function executed itself, per decision, with their share by part
(engine: engine, game, window, actions; rules: the game's state, scoring,
rules and terms modules; bots; deal and randomness: rng, deck, random).
Also load-independent, but a guide only: a C call counts as one bytecode
however long it runs, so a rewrite that moves work into builtins can cut
bytecodes and still cost more instructions (judge it by the count).
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


PROFILE = """
import collections, json, sys
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry
registry = load_registry(only=[sys.argv[2]])
game = registry.game(sys.argv[2])
kind, rules, top = sys.argv[3], game.Rules(**json.loads(sys.argv[4])), int(sys.argv[5])
counts = collections.Counter()

def tracer(frame, event, arg):
    if event == "call":
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
    elif event == "opcode":
        counts[frame.f_code] += 1
    return tracer

Match(game.new(rules, game.default_players, 0), make_players(registry, game, [kind] * game.default_players, 0)).run()  # lazy tables built untraced
decisions = 0
for seed in range(int(sys.argv[1])):
    match = Match(game.new(rules, game.default_players, seed), make_players(registry, game, [kind] * game.default_players, seed))
    sys.settrace(tracer)
    match.run()
    sys.settrace(None)
    decisions += match.decisions
PARTS = {"engine": ("muggins/engine.py", "muggins/game.py", "muggins/window.py", "muggins/actions.py"),
         "bots": ("bots.py", "muggins/players.py"), "deal and randomness": ("muggins/rng.py", "muggins/deck.py", "/random.py")}
RULES = ("state.py", "scoring.py", "rules.py", "terms.py")
parts = collections.Counter()
for code, n in counts.items():
    name = code.co_filename
    part = next((p for p, ends in PARTS.items() if name.endswith(ends)), None)
    if name.startswith("<muggins.deck"):  # the straight shuffle deck.py makes per pile size
        part = "deal and randomness"
    if part is None:
        part = "rules" if "/plugins/" in name and name.endswith(RULES) else "other"
    parts[part] += n
total = sum(counts.values())
print(json.dumps({"bench": "bytecodes", "metric": "bytecodes_per_decision", "game": sys.argv[2], "kind": kind,
                  "value": round(total / decisions, 1), "decisions": decisions,
                  "parts": {p: round(n / total, 3) for p, n in parts.most_common()}}))
for code, n in counts.most_common(top):
    where = code.co_filename.split("/src/")[-1]
    print(f"{n / decisions:8.1f} {n / total:6.1%}  {where}:{code.co_firstlineno} {code.co_qualname}")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--matches", nargs=2, type=int, default=(2, 6), metavar=("N1", "N2"), help="the two match counts (default 2 6)")
    parser.add_argument("--baseline", help="another checkout to count the same for")
    parser.add_argument("--kind", default="expert", help="the player kind in every seat (default expert; random for the OpenSpiel comparison)")
    parser.add_argument("--rule", action="append", type=_rule, default=[], metavar="NAME=VALUE",
                        help="a house rule for every match, repeatable (`--rule muggins=false`)")
    parser.add_argument("--bytecodes", type=int, metavar="TOP", help="print the bytecode profile of N2 matches instead, its TOP functions")
    options = parser.parse_args()
    first, second = options.matches
    if not 0 <= first < second:
        parser.error("--matches needs 0 <= N1 < N2")
    rules = dict(options.rule)
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if options.bytecodes is not None:
        for env in [dict(os.environ)] + ([checkout_env(options.baseline)] if options.baseline else []):
            subprocess.run([sys.executable, "-c", PROFILE, str(second), options.game, options.kind, json.dumps(rules), str(options.bytecodes)],
                           env=env, check=True)
        return 0
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
