"""RULES.md item 3 (and the seed's sections 03-04): correct destinations and their priority."""

from __future__ import annotations

import pytest

from muggins_shedding import SheddingRules

BIG = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


def correct(state) -> list[str]:
    return [str(a) for a in state.decision().correct]


def test_every_physical_placement_is_offered(position):
    state = position(players=4, commons=["5C", "9D", "KH", "2S"], stocks=BIG, mover=0, exposed="6H")
    texts = [str(a) for a in state.decision().choices]
    # Every common pile and every discard, empty opposing ones and one's own included.
    assert texts == [f"play 6H to common {j}" for j in range(1, 5)] + [f"play 6H to discard {s}" for s in range(4)]


def test_several_fitting_commons_are_all_correct_the_mover_chooses(position):
    state = position(players=4, commons=["5C", "7D", "KH", "5S"], stocks=BIG, mover=0, exposed="6H")
    assert correct(state) == ["play 6H to common 1", "play 6H to common 2", "play 6H to common 4"]


def test_common_beats_a_fitting_opponent_discard(position):
    state = position(players=4, commons=["5C", "9D"], stocks=BIG, discards={1: ["7D"]}, mover=0, exposed="6H")
    assert correct(state) == ["play 6H to common 1"]


@pytest.mark.parametrize(
    ("discards", "expected"),
    [
        ({1: ["QS"], 2: ["TC"]}, "discard 1"),  # the first eligible clockwise
        ({1: ["3D"], 2: ["TC"]}, "discard 2"),  # B's top does not fit: C is the first eligible
        ({2: ["TC"], 3: ["QC"]}, "discard 2"),  # B's discard is empty: never seeded, skipped
        ({3: ["QC"]}, "discard 3"),
        ({1: ["3D"], 2: ["4D"], 3: ["5D"]}, "discard 0"),  # nothing fits: one's own discard
        ({}, "discard 0"),
    ],
)
def test_first_eligible_opponent_clockwise_else_own_discard(position, discards, expected):
    state = position(players=4, commons=["5C", "2S"], stocks=BIG, discards=discards, mover=0, exposed="JH")
    assert correct(state) == [f"play JH to {expected}"]


def test_clockwise_starts_at_the_movers_left_and_wraps(position):
    stocks = {0: ["2C", "3C"], 1: ["2D", "3D"], 2: ["2H", "3H"], 3: ["2S", "3S"]}
    state = position(players=4, commons=["5C"], stocks=stocks, discards={0: ["QC"], 1: ["QD"], 3: ["TS"]}, mover=2, exposed="JH")
    assert correct(state) == ["play JH to discard 3"]  # seat 3 is on seat 2's left; seat 0 and 1 come later
    state = position(players=4, commons=["5C"], stocks=stocks, discards={0: ["QC"], 1: ["QD"]}, mover=2, exposed="JH")
    assert correct(state) == ["play JH to discard 0"]  # wraps past seat 3's empty discard to seat 0


def test_own_fitting_discard_never_beats_an_opponent(position):
    state = position(players=4, commons=["5C"], stocks=BIG, discards={0: ["QC"], 2: ["TC"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to discard 2"]


def test_nearest_only_house_rule(position):
    rules = SheddingRules(opponent_discards="nearest_only")
    # B is the nearest non-empty discard and does not fit: C's fitting discard does not count.
    state = position(rules, players=4, commons=["5C"], stocks=BIG, discards={1: ["3D"], 2: ["TC"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to discard 0"]
    # With B's discard empty, C's is the nearest non-empty one and fits.
    state = position(rules, players=4, commons=["5C"], stocks=BIG, discards={2: ["TC"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to discard 2"]
    # Commons still come first.
    state = position(rules, players=4, commons=["QC"], stocks=BIG, discards={1: ["TC"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to common 1"]


@pytest.mark.parametrize(
    ("card", "top", "fits"),
    [("AH", "2C", True), ("2H", "AC", True), ("KH", "QC", True), ("QH", "KC", True),
     ("6H", "6C", False), ("KH", "AC", False), ("AH", "KC", False), ("6H", "8C", False), ("TH", "JC", True)],
)
def test_one_rank_apart_no_wrap_equal_never(position, card, top, fits):
    state = position(players=3, commons=[top], stocks={0: ["2D", "3D"], 1: ["4D"], 2: ["5D"]}, mover=0, exposed=card)
    assert correct(state) == ([f"play {card} to common 1"] if fits else [f"play {card} to discard 0"])


def test_suits_never_matter(position):
    for top in ("5C", "5D", "5H", "5S"):
        state = position(players=3, commons=[top], stocks={0: ["2D", "3D"], 1: ["4D"], 2: ["9D"]}, mover=0, exposed="6H")
        assert correct(state) == ["play 6H to common 1"]
