"""Same seeds, same decisions, same events: a baseline of the shipped games' matches, written once and checked later.

Usage: `uv run python scripts/events_baseline.py write FILE [--matches N]`
then, after a change, `uv run python scripts/events_baseline.py check FILE`.
Plays N matches per game and player count (default 40) with mixed seats
(expert, novice, random), the default rules and a few house rules, and
stores every decision's seat and text with its events. `check` replays the
same matches and reports the first difference: a different decision, a
different event, or a field of the baseline's event missing or changed.
Fields an event gained are allowed (the record format is additive). Only
the shipped games are loaded, so an installed house-rule plugin cannot
change the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import sys

from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry, reset_registry
from muggins.records import RecordWriter, header_for
from muggins.rules import rules_from_dict

GAMES = ("muggins_shedding", "cribbage_muggins", "willughby_fishing")
SEATS = ("expert", "novice", "random")
RULE_SETS = {
    "muggins_shedding": [{}, {"opponent_discards": "nearest_only"}],
    "cribbage_muggins": [{}, {"target": 61}, {"lowball": True}],
    "willughby_fishing": [{}, {"reward": "last_capture", "deals": 2}],
}


def matches(count: int):
    """(game name, rules data, players, seed, kinds) for every match of the baseline."""
    registry = load_registry(only=list(GAMES))
    reset_registry(registry)
    for name in GAMES:
        game = registry.game(name)
        for players in game.players:
            for n in range(count):
                rules = RULE_SETS[name][n % len(RULE_SETS[name])]
                if name == "cribbage_muggins" and players == 4 and n % 4 == 3:
                    rules = {"partnerships": True, "target": 61}
                kinds = [SEATS[(n + s) % 3] for s in range(players)]
                yield registry, game, rules, players, 1000 + n, kinds


def play(registry, game, rules_data, players, seed, kinds) -> list:
    """The match's record lines after the header: opening, every decision with its events, the result."""
    rules = rules_from_dict(game.Rules, rules_data)
    state = game.new(rules, players, seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(game, rules, players, seed, kinds), state.opening_events())
    Match(state, make_players(registry, game, kinds, seed), writer=writer).run()
    return [json.loads(line) for line in stream.getvalue().splitlines()[1:]]


def _key(game, rules, players, seed, kinds) -> str:
    return json.dumps([game.name, rules, players, seed, kinds], sort_keys=True)


def write(path: str, count: int) -> int:
    with open(path, "w", encoding="utf-8") as out:
        for registry, game, rules, players, seed, kinds in matches(count):
            out.write(json.dumps({"match": _key(game, rules, players, seed, kinds), "steps": play(registry, game, rules, players, seed, kinds)}) + "\n")
    print(f"wrote {path}")
    return 0


def _differs(old, new, where: str) -> str | None:
    """Where `new` fails to keep `old` (dict fields may be added), or None."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return f"{where}: {old!r} became {new!r}"
        for key, value in old.items():
            if key not in new:
                return f"{where}.{key}: missing"
            found = _differs(value, new[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(old, list):
        if not isinstance(new, list) or len(old) != len(new):
            return f"{where}: {json.dumps(old)[:200]} became {json.dumps(new)[:200]}"
        for i, (a, b) in enumerate(zip(old, new)):
            found = _differs(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if old == new else f"{where}: {old!r} became {new!r}"


def check(path: str) -> int:
    with open(path, encoding="utf-8") as found:
        baseline = [json.loads(line) for line in found]
    count = 0
    registry = load_registry(only=list(GAMES))
    reset_registry(registry)
    for entry in baseline:
        name, rules, players, seed, kinds = json.loads(entry["match"])
        game = registry.game(name)
        steps = play(registry, game, rules, players, seed, kinds)
        problem = _differs(entry["steps"], steps, entry["match"])
        if problem:
            print(f"differs: {problem}")
            return 1
        count += 1
    print(f"{count} matches: the same decisions and events (added fields allowed)")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("write", "check"))
    parser.add_argument("file")
    parser.add_argument("--matches", type=int, default=40, help="matches per game and player count (write)")
    args = parser.parse_args(argv)
    return write(args.file, args.matches) if args.mode == "write" else check(args.file)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
