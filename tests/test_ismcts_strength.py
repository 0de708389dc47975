"""`benchmarks/ismcts_strength.py`: one tiny pair of OpenSpiel's ISMCTS against a muggins player is paired and well-formed.

A pair plays one deal twice with ISMCTS's seats swapped (the same cards,
each seat once on each side), its figures add up from its two matches, and
the deals of a run are fixed by its seed. Skipped when open-spiel (the
benchmark group's) is not installed: `uv run --group dev --group bench
pytest tests/test_ismcts_strength.py`.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open-spiel is not installed (uv sync --group dev --group bench)")

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
import ismcts_strength  # noqa: E402

pytestmark = pytest.mark.plugins

SHEDDING = "muggins_shedding"


@pytest.fixture(scope="module")
def pair():
    rules = {"hands": 1}
    return ismcts_strength.play_pair((SHEDDING, rules, 4, 3, "expert", 2, 11, 0))


def test_the_two_matches_of_a_pair_are_dealt_alike_with_the_seats_swapped(pair):
    import pyspiel

    first, second = pair["matches"]
    assert first["deal"] == second["deal"] == pair["deal"] == 3
    assert first["dealt"] == second["dealt"]
    game = pyspiel.load_game(SHEDDING, {"players": 4, "rules": "hands:1"})
    digests = []
    for deal in (3, 4):
        state = game.new_initial_state()
        state.apply_action(deal)
        digests.append(ismcts_strength.deal_digest(state.table.match.state))
    assert digests[0] == first["dealt"] != digests[1]  # the digest tells deals apart
    assert first["ismcts_seats"] == [0, 2] and second["ismcts_seats"] == [1, 3]
    assert first["stream"] != second["stream"]  # ISMCTS's own randomness differs by match, fixed by the pair's stream


def test_a_pairs_figures_add_up_from_its_matches(pair):
    for match in pair["matches"]:
        assert match["ended"] and math.isclose(sum(match["shares"]), 1.0)
        assert match["spent"]["ismcts"][0] > 0 and match["spent"]["ismcts"][1] >= 0.0
    ismcts = sum(m["shares"][s] for m in pair["matches"] for s in m["ismcts_seats"]) / 2
    assert pair["ismcts_share"] == ismcts and math.isclose(pair["ismcts_share"] + pair["ours_share"], 1.0)
    points = sum((1 if s in m["ismcts_seats"] else -1) * m["scores"][s] for m in pair["matches"] for s in range(4)) / 4
    assert math.isclose(pair["points_difference"], points)
    summary = ismcts_strength.summary([pair, pair])
    assert summary["pairs"] == 2 and summary["ismcts_win_share"]["mean"] == pair["ismcts_share"]
    assert summary["win_share_difference"]["ci95"] == [summary["win_share_difference"]["mean"]] * 2  # no spread, no width
    ahead = (pair["ismcts_share"] > pair["ours_share"], pair["ismcts_share"] == pair["ours_share"], pair["ismcts_share"] < pair["ours_share"])
    assert (summary["pairs_ismcts_ahead"], summary["pairs_level"], summary["pairs_ours_ahead"]) == tuple(2 * flag for flag in ahead)
    assert summary["decisions"]["ismcts"] == 2 * sum(m["spent"]["ismcts"][0] for m in pair["matches"])


def test_a_runs_deals_are_fixed_by_its_seed_and_differ_within_it():
    def deals(seed):
        return [task[3] for task in ismcts_strength.pair_tasks(SHEDDING, "search", 50, seed, 200, {"hands": 1}, 4)]

    assert deals(7) == deals(7) and len(set(deals(7))) == 50
    assert deals(7) != deals(8)
    assert ismcts_strength.ismcts_seats(5, False) == (0, 2, 4) and ismcts_strength.ismcts_seats(5, True) == (1, 3)
