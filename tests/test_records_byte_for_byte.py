"""The shipped games' records, byte for byte: a fixed set of seeds, seat mixes and rules must write the same files forever.

A refactoring of the core or a game (the engine, the records, the games'
plumbing) must not change what a match writes. Each case plays one match
through `Match` with a `RecordWriter`, exactly as `muggins play` and
`simulate` build it, and compares the SHA-256 of the whole record (header,
opening, every decision with its events, the result) with the digest kept
in `tests/golden/records.json`. A change that is meant to change records
(a rules fix) rewrites the file with
`uv run --group dev python tests/test_records_byte_for_byte.py --write`
and says why in its commit.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "records.json"
GAMES = ("muggins_shedding", "cribbage_muggins", "willughby_fishing")
MIXES = (("expert", "novice", "random"), ("novice:error_rate=0.5", "expert"), ("random",))
RULES = {
    "muggins_shedding": ({}, {"opponent_discards": "nearest_only", "hands": 2}),
    "cribbage_muggins": ({}, {"target": 61}, {"lowball": True}),
    "willughby_fishing": ({}, {"reward": "last_capture", "deals": 2}),
}


def cases():
    """(case name, game, rules data, players, seed, seats) for every record kept."""
    for name in GAMES:
        from muggins.plugins import load_registry

        game = load_registry(only=[name]).game(name)
        for players in game.players:
            for n, mix in enumerate(MIXES):
                rules = RULES[name][n % len(RULES[name])]
                if name == "cribbage_muggins" and players == 4 and n == 1:
                    rules = {"partnerships": True, "target": 61}
                seats = [mix[(s + n) % len(mix)] for s in range(players)]
                seed = 7000 + 10 * players + n
                yield f"{name}-{players}p-{n}", name, rules, players, seed, seats


def record_text(name: str, rules_data: dict, players: int, seed: int, seats: list[str]) -> str:
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry
    from muggins.records import RecordWriter, header_for
    from muggins.rules import rules_from_dict

    registry = load_registry(only=[name])
    game = registry.game(name)
    rules = rules_from_dict(game.Rules, rules_data)
    state = game.new(rules, players, seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(game, rules, players, seed, seats), state.opening_events())
    Match(state, make_players(registry, game, seats, seed), writer=writer, registry=registry).run()
    return stream.getvalue()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


ALL = list(cases())


@pytest.mark.plugins
@pytest.mark.parametrize("case", ALL, ids=[c[0] for c in ALL])
def test_the_record_is_the_same_byte_for_byte(case, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    kept = json.loads(GOLDEN.read_text(encoding="utf-8"))
    key, name, rules, players, seed, seats = case
    text = record_text(name, rules, players, seed, seats)
    assert text.count("\n") > 3 and '"result"' in text.splitlines()[-1]
    assert digest(text) == kept[key], f"{key}: the record of seed {seed}, seats {seats}, rules {rules} changed"


def test_every_kept_record_is_still_played():
    assert sorted(json.loads(GOLDEN.read_text(encoding="utf-8"))) == sorted(c[0] for c in ALL)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_records_byte_for_byte.py --write")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({key: digest(record_text(*rest)) for key, *rest in ALL}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(ALL)} digests to {GOLDEN}")
