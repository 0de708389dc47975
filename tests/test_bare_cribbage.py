"""The bare cribbage loop of benchmarks/ scores as the game does: its shows and pegging against cribbage_muggins.scoring.

The benchmark's reference (`benchmarks/bare_cribbage.py`) is only a fair
pace if it plays the same game, so its own scorers are checked here on every
show and pegged card of a few random games and on random shows besides (its
`--check` does the same on many more).
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

pytest.importorskip("cribbage_muggins")

BARE = Path(__file__).resolve().parents[1] / "benchmarks" / "bare_cribbage.py"


@pytest.fixture
def bare():
    spec = importlib.util.spec_from_file_location("bare_cribbage_under_test", BARE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bare_loop_scores_shows_and_pegging_as_the_game_does(bare):
    shows, pegs = bare.check(games=30, shows=3000, seed=7)
    assert shows >= 4000 and pegs >= 2500  # every show and pegged card of the games was compared, and the random shows


def test_the_check_catches_a_wrong_scorer(bare):
    right = bare._base_points
    bare._base_points = lambda ranks: right(ranks) + (1 if 5 in ranks else 0)
    with pytest.raises(AssertionError):
        bare.check(games=5, shows=500, seed=1)
    bare._BASE.clear()
    bare._base_points = right
    wrong_peg = bare.peg_points
    bare.peg_points = lambda ranks, count: wrong_peg(ranks, count) + (count == 21)
    with pytest.raises(AssertionError):
        bare.check(games=20, shows=0, seed=1)


def test_a_bare_game_ends_at_the_target(bare):
    for seed in range(20):
        scores = bare.play_game(random.Random(seed))
        assert max(scores) >= bare.TARGET > min(scores)
