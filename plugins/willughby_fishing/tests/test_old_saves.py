"""A state saved before the base class kept the opening and the counts moved to a Tally loads as the position it was: the same saved form, the same counts, the same play from there."""

from __future__ import annotations

import json
import random
from pathlib import Path

SAVED = Path(__file__).parent / "data" / "saved_before_tally.json"


def _walk(game, steps: int):
    """How the saved file was made: seed 3, every choice drawn by a random walk seeded 5."""
    state = game.new(game.Rules(), game.default_players, 3)
    rng = random.Random(5)
    for _ in range(steps):
        found = state.decision()
        state.apply(found.seat, rng.choice(found.choices))
    return state


def test_a_save_from_before_the_tally_and_the_base_opening_loads_unchanged(game):
    old = json.loads(SAVED.read_text(encoding="utf-8"))
    restored = game.state_from_dict(old)
    assert restored.to_dict() == old == _walk(game, 90).to_dict()
    assert restored.seat_stats == old["seat_stats"] and restored.opening_events() == old["opening"]

