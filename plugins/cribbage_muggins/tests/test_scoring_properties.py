"""Cribbage scoring against an independent brute-force reference, over thousands of random hands and counts.

The reference scorer below is written from the rules alone, in the most
literal way (every subset for fifteens, every pair, every subset for runs
keeping only the longest run size present), and shares no code with
cribbage_muggins.scoring. The same holds for other scorings (`ShowScoring`,
`PegScoring`, as house rules make them), against the reference with each
item weighed by the table.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.cards import standard_deck

from cribbage_muggins.scoring import (
    PEG_ITEMS,
    SHOW_BASE,
    SHOW_ITEMS,
    STANDARD_PEG,
    STANDARD_SHOW,
    PegScoring,
    ShowScoring,
    card_index,
    score_peg,
    score_show,
    score_total,
    score_total_indices,
)

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


@pytest.mark.untraced
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


@pytest.mark.untraced
@settings(max_examples=1500, deadline=None)
@given(st.one_of(counts(), run_heavy_counts()))
def test_peg_matches_the_reference(played):
    result = score_peg(played)
    assert result.total == reference_peg(played)
    assert result.count == sum(value(c) for c in played)
    assert sum(item.points for item in result.items) == result.total


# -- other scorings (house rules) against a reference weighing each item by the table -------------------------------
def reference_scored_show(hand, starter, crib: bool, points: dict) -> int:
    """`reference_show` with each item's points from `points` (item names as the house-rule hook names them)."""
    five = list(hand) + [starter]
    total = points["fifteen"] * sum(1 for size in range(2, 6) for combo in combinations(five, size) if sum(value(c) for c in combo) == 15)
    total += points["pair"] * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for size in (5, 4, 3):
        runs = sum(1 for combo in combinations(five, size)
                   if sorted(int(c.rank) for c in combo) == list(range(min(int(c.rank) for c in combo), min(int(c.rank) for c in combo) + size)))
        if runs:
            total += points["run card"] * runs * size
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            total += points["five-flush"]
        else:
            total += points["crib four-flush" if crib else "hand four-flush"]
    return total + points["nobs"] * sum(1 for c in hand if int(c.rank) == 11 and c.suit == starter.suit)


def reference_scored_peg(played, points: dict) -> int:
    count = sum(value(c) for c in played)
    total = points["fifteen"] if count == 15 else points["thirty-one"] if count == 31 else 0
    equal = 0
    for c in reversed(played):
        if c.rank != played[-1].rank:
            break
        equal += 1
    total += {1: 0, 2: points["pair"], 3: points["pair royal"], 4: points["double pair royal"]}[equal]
    best = 0
    for k in range(3, len(played) + 1):
        ranks = sorted(int(c.rank) for c in played[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            best = k
    return total + best * points["run card"]


item_points = st.integers(0, 12)
show_tables = st.fixed_dictionaries({name: item_points for name in SHOW_ITEMS})
peg_tables = st.fixed_dictionaries({name: (st.integers(1, 12) if name in ("last card", "thirty-one") else item_points) for name in PEG_ITEMS})


@pytest.mark.untraced
@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans(), show_tables)
def test_another_show_scoring_matches_the_reference_fast_and_itemised(five, crib, table):
    hand, starter = five[:4], five[4]
    scoring = ShowScoring.from_items(table)
    expected = reference_scored_show(hand, starter, crib, table)
    itemised = scoring.show(hand, starter, crib)
    assert itemised.total == expected and all(item.points > 0 for item in itemised.items)
    assert scoring.total(hand, starter, crib) == expected
    assert scoring.total([c.code for c in hand], starter.code, crib) == expected
    assert scoring.total_indices([card_index(c) for c in hand], card_index(starter), crib) == expected


def test_a_house_scoring_totals_flushes_and_nobs_by_every_path():
    # The property above runs untraced (a soak); these hands reach each of `total`'s paths under coverage too:
    # a five-card flush, a hand and a crib four-flush, his nobs, cards given as codes.
    table = {name: n + 1 for n, name in enumerate(SHOW_ITEMS)}
    scoring = ShowScoring.from_items(table)
    by_code = {card.code: card for card in DECK}
    hands = [("2H 5H 9H JH", "KH"), ("2H 5H 9H JH", "KS"), ("3C 6C 8C QC", "AD"), ("JD 4S 7C 9H", "2D"), ("5S 5D JS TC", "5C")]
    for crib in (False, True):
        for cards, starter in hands:
            hand, cut = [by_code[c] for c in cards.split()], by_code[starter]
            expected = reference_scored_show(hand, cut, crib, table)
            assert scoring.show(hand, cut, crib).total == expected
            assert scoring.total(hand, cut, crib) == scoring.total(cards.split(), starter, crib) == expected
            assert scoring.total_indices([card_index(c) for c in hand], card_index(cut), crib) == expected


@settings(max_examples=25, deadline=None)
@given(st.lists(five_cards, min_size=40, max_size=40), show_tables)
def test_no_hand_or_crib_scores_above_the_largest_total(hands, table):
    scoring = ShowScoring.from_items(table)
    for five in hands:
        for crib in (False, True):
            assert scoring.total(five[:4], five[4], crib) <= scoring.max_total(crib) <= scoring.max_total()


@settings(max_examples=400, deadline=None)
@given(st.one_of(counts(), run_heavy_counts()), peg_tables)
def test_another_peg_scoring_matches_the_reference_fast_and_itemised(played, table):
    scoring = PegScoring.from_items(table)
    expected = reference_scored_peg(played, table)
    itemised = scoring.score(played)
    assert itemised.total == expected and all(item.points > 0 for item in itemised.items)
    assert scoring.points(played, itemised.count) == expected


def test_the_standard_scorings_are_the_standard_functions():
    assert ShowScoring() == STANDARD_SHOW and STANDARD_SHOW.standard and STANDARD_SHOW.changes() == {}
    assert STANDARD_SHOW.base is SHOW_BASE and STANDARD_SHOW.max_total() == 29
    assert PegScoring() == STANDARD_PEG and STANDARD_PEG.standard
    assert ShowScoring.from_items({"nobs": 2}).max_total() == 30  # 5 5 5 J with the 5 of the jack's suit
