"""A state saved before the per-seat counts were called seat_stats (they were seat_figures) loads as the position it was: the same saved form but for that key, the same counts, the same play from there."""

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


def test_saves_naming_the_per_seat_counts_either_way_load_as_the_same_position(game):
    old = json.loads(SAVED.read_text(encoding="utf-8"))
    assert "seat_figures" in old and "seat_stats" not in old
    restored = game.state_from_dict(old)
    now = _walk(game, 30).to_dict()
    renamed = {("seat_stats" if key == "seat_figures" else key): value for key, value in old.items()}
    def before_figures(data):  # points by kind came later, for simulations: an old save counts them from zero; the back pegs later still
        return {key: value for key, value in data.items() if key not in ("points_by", "back_pegs")}

    assert before_figures(restored.to_dict()) == renamed == before_figures(now)
    assert restored.points_by == {"peg_points": [0, 0], "show_points": [0, 0]}
    assert game.state_from_dict(now).to_dict() == now
    assert restored.seat_stats == old["seat_figures"] and restored.seat_stats["counts_high"] == [2, 2]
    assert restored.seat_figures is restored.seat_stats  # the old name still reads them

