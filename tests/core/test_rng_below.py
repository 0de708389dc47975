"""`muggins.rng.below`: the same numbers as `randrange`, the generator left in the same state, and its refusals."""

import random

import pytest

from muggins.rng import below, derive_rng


def test_below_draws_what_randrange_draws_and_leaves_the_same_state():
    for seed in range(20):
        theirs, mine = derive_rng(seed, "bot", 1), derive_rng(seed, "bot", 1)
        draw = below(mine)
        sizes = [1 + (seed * 7 + i) % 300 for i in range(500)] + [2**40 + 3, 52, 1]
        assert [draw(n) for n in sizes] == [theirs.randrange(n) for n in sizes]
        assert mine.getstate() == theirs.getstate()


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError):
        below(random.Random(1))(0)


def test_below_of_another_kind_of_generator_is_its_randrange():
    class Mine(random.Random):
        pass

    rng = Mine(3)
    assert below(rng) == rng.randrange
