"""Cribbage scoring against an independent brute-force reference, over thousands of random hands and counts.

The reference scorer below is written from the rules alone, in the most
literal way (every subset for fifteens, every pair, every subset for runs
keeping only the longest run size present), and shares no code with
cribbage_muggins.scoring.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.cards import standard_deck

from cribbage_muggins.scoring import card_index, score_peg, score_show, score_total, score_total_indices

DECK = standard_deck()


def value(c) -> int:
    return min(int(c.rank), 10)


def reference_show(hand, starter, crib: bool) -> int:
    five = list(hand) + [starter]
    points = 0
    for size in range(2, 6):
        points += 2 * sum(1 for combo in combinations(five, size) if sum(value(c) for c in combo) == 15)
    points += 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for size in (5, 4, 3):
        runs = 0
        for combo in combinations(five, size):
            ranks = sorted(int(c.rank) for c in combo)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += runs * size
            break
    hand_suits = {c.suit for c in hand}
    if len(hand_suits) == 1:
        if starter.suit in hand_suits:
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in hand if int(c.rank) == 11 and c.suit == starter.suit)
    return points


def reference_peg(played) -> int:
    count = sum(value(c) for c in played)
    points = 2 if count in (15, 31) else 0
    equal = 0
    for c in reversed(played):
        if c.rank != played[-1].rank:
            break
        equal += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[equal]
    best = 0
    for k in range(3, len(played) + 1):
        ranks = sorted(int(c.rank) for c in played[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            best = k
    return points + best


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=1000, deadline=None)
@given(five_cards, st.booleans())
def test_show_matches_the_reference(five, crib):
    hand, starter = five[:4], five[4]
    expected = reference_show(hand, starter, crib)
    itemised = score_show(hand, starter, crib)
    assert itemised.total == expected
    assert sum(item.points for item in itemised.items) == expected
    assert score_total(hand, starter, crib) == expected
    assert score_total([c.code for c in hand], starter.code, crib) == expected
    assert score_total_indices([card_index(c) for c in hand], card_index(starter), crib) == expected
    assert expected not in (19, 25, 26, 27) and 0 <= expected <= 29


def test_ten_thousand_seeded_random_hands_match_the_reference():
    rng = random.Random(20240607)
    for _ in range(10_000):
        five = rng.sample(DECK, 5)
        crib = rng.random() < 0.5
        assert score_total(five[:4], five[4], crib) == reference_show(five[:4], five[4], crib), five


@settings(max_examples=300, deadline=None)
@given(five_cards, st.booleans())
def test_show_items_are_well_formed(five, crib):
    hand, starter = five[:4], five[4]
    for item in score_show(hand, starter, crib).items:
        assert set(item.cards) <= set(five)
        if item.kind == "fifteen":
            assert sum(value(c) for c in item.cards) == 15 and item.points == 2
        elif item.kind == "pair":
            assert len(item.cards) == 2 and item.cards[0].rank == item.cards[1].rank and item.points == 2
        elif item.kind == "run":
            ranks = sorted(int(c.rank) for c in item.cards)
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks))) and item.points == len(ranks) >= 3
        elif item.kind == "flush":
            assert len({c.suit for c in item.cards}) == 1 and item.points == len(item.cards)
        else:
            assert item.kind == "nobs" and item.points == 1 and item.cards[0].suit == starter.suit


@st.composite
def counts(draw):
    """A legal count: distinct cards played in order, never passing 31."""
    played = []
    total = 0
    for c in draw(st.permutations(DECK))[:13]:
        if total + value(c) > 31:
            break
        played.append(c)
        total += value(c)
    return played[: draw(st.integers(1, max(1, len(played))))]


@st.composite
def run_heavy_counts(draw):
    """Counts made of low ranks, so runs and pairs turn up often."""
    low = [c for c in DECK if int(c.rank) <= 7]
    played = []
    total = 0
    for c in draw(st.permutations(low)):
        if total + value(c) > 31:
            break
        played.append(c)
        total += value(c)
    return played[: draw(st.integers(1, max(1, len(played))))]


@settings(max_examples=1500, deadline=None)
@given(st.one_of(counts(), run_heavy_counts()))
def test_peg_matches_the_reference(played):
    result = score_peg(played)
    assert result.total == reference_peg(played)
    assert result.count == sum(value(c) for c in played)
    assert sum(item.points for item in result.items) == result.total
