"""Cribbage scoring: hand-made shows and pegging plays with known points, input forms and errors.

The random-hand comparison against an independent brute-force scorer lives
in test_scoring_properties.py.
"""

from __future__ import annotations

import json

import pytest

from muggins.cards import Card, Rank, Suit, card, cards

from cribbage_muggins.scoring import (
    INDEX_RANK,
    INDEX_SUIT,
    SHOW_BASE,
    card_index,
    index_card,
    rank_key,
    score_peg,
    score_show,
    score_total,
    score_total_indices,
)


def show(hand: str, starter: str, crib: bool = False):
    return score_show(hand.split(), starter, crib=crib)


def total_everywhere(hand: str, starter: str, crib: bool = False) -> int:
    """The show total through every entry point; they must agree."""
    itemised = show(hand, starter, crib)
    assert sum(item.points for item in itemised.items) == itemised.total
    fast = score_total(cards(hand), card(starter), crib)
    as_text = score_total(hand.split(), starter, crib)
    as_ints = score_total_indices([card_index(c) for c in hand.split()], card_index(starter), crib)
    assert fast == as_text == as_ints == itemised.total, (hand, starter, crib)
    return itemised.total


# -- whole hands with published totals ------------------------------------------

@pytest.mark.parametrize(
    "hand, starter, expected",
    [
        ("5H 5D 5S JC", "5C", 29),  # the 29 hand: nobs with the starter 5 of the jack's suit
        ("5H 5D 5S JC", "5D", None),  # invalid (5D twice): checked separately
        ("5H 5D 5S 5C", "JD", 28),
        ("5H 5D 5S JC", "5C", 29),
        ("5H 5D JS JC", "5C", 23),  # 7 fifteens, 4 pairs, nobs
        ("7H 7D 8S 8C", "9C", 24),  # double-double run of 3 with four fifteens
        ("4H 4D 5S 5C", "6C", 24),
        ("3H 3D 4S 4C", "5C", 20),
        ("4H 4D 4S 5C", "6C", 21),  # triple run
        ("3H 4D 5S 5C", "6C", 14),  # double run of 4
        ("3H 3D 3S 3C", "9C", 24),
        ("7H 7D 7S 7C", "AC", 24),
        ("6H 6D 6S 6C", "3C", 24),
        ("AH 2D 3S 4C", "5C", 7),  # run of 5 (5) and one fifteen (2)
        ("2H 3D 4S 5C", "6C", 9),  # run of 5, 4+5+6 and 2+3+4+6 — two fifteens
        ("AC 3D 9H QS", "7C", 0),
        ("KH QD 8S 2C", "4C", 0),
        ("TH JD QS KC", "5C", 12),  # four fifteens with the 5, run of 4
        ("6H 6D 9S 9C", "3C", 14),  # 6+9 four ways, 6+6+3, two pairs
    ],
)
def test_published_hand_totals(hand, starter, expected):
    if expected is None:
        with pytest.raises(ValueError, match="appears twice"):
            show(hand, starter)
        return
    assert total_everywhere(hand, starter) == expected


def test_two_jacks_three_fives_itemised():
    result = show("5H 5D JS JC", "5C")
    kinds = [item.kind for item in result.items]
    # each of 3 fives with each of 2 jacks, and 5+5+5; the three fives pair 3 ways, the jacks once
    assert kinds == ["fifteen"] * 7 + ["pair"] * 4 + ["nobs"]
    nobs = [item for item in result.items if item.kind == "nobs"]
    assert [item.cards for item in nobs] == [(card("JC"),)]  # JS is not the starter's suit


def test_the_29_hand_itemised_and_displayed():
    result = show("5H 5D 5S JC", "5C")
    assert result.total == 29
    kinds = [item.kind for item in result.items]
    assert kinds == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]
    assert all(item.points == 2 for item in result.items[:14]) and result.items[-1].points == 1
    assert result.lines()[0] == "fifteen 2: 5♣ J♣"
    assert result.lines()[4] == "fifteen 2: 5♣ 5♦ 5♥"
    assert result.lines()[8] == "pair 2: 5♣ 5♦"
    assert result.lines()[-1] == "nobs 1: J♣"
    assert str(result).splitlines()[-1] == "total 29"
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["total"] == 29 and data["items"][-1] == {"kind": "nobs", "cards": ["JC"], "points": 1}


def test_double_double_run_items():
    result = show("7H 7D 8S 8C", "9C")
    runs = [item for item in result.items if item.kind == "run"]
    assert len(runs) == 4 and all(item.points == 3 and len(item.cards) == 3 for item in runs)
    assert {frozenset(c.code for c in item.cards) for item in runs} == {
        frozenset(x) for x in (("7H", "8S", "9C"), ("7H", "8C", "9C"), ("7D", "8S", "9C"), ("7D", "8C", "9C"))
    }
    assert str(runs[0]).startswith("run of 3 3: 7♦ 8♣ 9♣")
    assert result.total == 4 * 2 + 2 * 2 + 4 * 3


def test_triple_run_is_three_runs_and_three_pairs():
    result = show("4H 4D 4S 5C", "6C")
    assert sum(1 for item in result.items if item.kind == "run") == 3
    assert sum(1 for item in result.items if item.kind == "pair") == 3
    assert sum(1 for item in result.items if item.kind == "fifteen") == 3


def test_run_of_four_is_not_also_two_runs_of_three():
    result = show("3H 4D 5S 6C", "KD")
    runs = [item for item in result.items if item.kind == "run"]
    assert [(item.label, item.points) for item in runs] == [("run of 4", 4)]


# -- flush ---------------------------------------------------------------------

def test_four_card_flush_in_hand_scores_4_but_not_in_crib():
    assert total_everywhere("AH 3H 9H QH", "7C") == 4
    assert total_everywhere("AH 3H 9H QH", "7C", crib=True) == 0
    flush = show("AH 3H 9H QH", "7C").items
    assert [(i.kind, i.points, len(i.cards)) for i in flush] == [("flush", 4, 4)]
    assert card("7C") not in flush[0].cards


def test_five_card_flush_scores_5_in_hand_and_crib():
    assert total_everywhere("AH 3H 9H QH", "7H") == 5
    assert total_everywhere("AH 3H 9H QH", "7H", crib=True) == 5
    assert [(i.kind, i.points, len(i.cards)) for i in show("AH 3H 9H QH", "7H").items] == [("flush", 5, 5)]


def test_starter_alone_matching_three_hand_cards_is_no_flush():
    assert total_everywhere("AH 3H 9H QC", "7H") == 0


# -- nobs and his heels ------------------------------------------------------------

def test_nobs_is_the_jack_of_the_starters_suit_in_hand():
    assert total_everywhere("JD 2C 4S 8H", "KD") == 1
    assert [(i.kind, i.cards) for i in show("JD 2C 4S 8H", "KD").items] == [("nobs", (card("JD"),))]
    assert total_everywhere("JD 2C 4S 8H", "KC") == 0


def test_nobs_counts_in_the_crib_too():
    assert show("JD 2C 4S 8H", "KD", crib=True).total == show("JD 2C 4S 8H", "KD").total


def test_his_heels_is_not_part_of_the_show():
    result = show("AC 3D 9H QS", "JC")
    assert result.total == 0 and result.items == ()
    assert str(result) == "total 0"


# -- card forms -------------------------------------------------------------------------

def test_cards_as_text_in_every_accepted_form():
    assert score_show(["5♥", "5d", "5 S", "jc"], "5C").total == 29
    assert score_show(["10H", "TD", "JS", "QC"], "KC").total == score_total(["TH", "10D", "JS", "QC"], "KC")
    assert score_show([card("5H"), "5D", Card(Rank.FIVE, Suit.SPADES), "JC"], "5C").total == 29


def test_card_index_round_trip_matches_the_standard_deck_order():
    for i in range(52):
        c = index_card(i)
        assert card_index(c) == i and card_index(c.code) == i
        assert INDEX_RANK[i] == int(c.rank) and INDEX_SUIT[i] == "CDHS".index(c.suit.value)
    assert card_index("AC") == 0 and card_index("KS") == 51 and card_index("JD") == 13 + 10


def test_score_total_accepts_ints():
    assert score_total([card_index(x) for x in "5H 5D 5S JC".split()], card_index("5C")) == 29


def test_rank_key_is_order_free():
    assert rank_key([5, 5, 5, 11, 5]) == rank_key([11, 5, 5, 5, 5])
    assert SHOW_BASE[rank_key([5, 5, 5, 5, 11])] == 28


@pytest.mark.parametrize(
    "hand, starter, message",
    [
        ("5H 5D 5S", "JC", "4 cards"),
        ("5H 5D 5S JC 2C", "3C", "4 cards"),
        ("5H 5D 5S 5H", "JC", "appears twice"),
        ("5H 5D 5S JC", "JC", "appears twice"),
        ("5H 5D 5S XX", "JC", "not a card"),
        ("5H 5D 5S 1X", "JC", "not a card"),
    ],
)
def test_bad_shows_raise_one_clear_value_error(hand, starter, message):
    with pytest.raises(ValueError, match=message):
        score_show(hand.split(), starter)


def test_bad_input_types_raise():
    with pytest.raises(ValueError, match="not a card"):
        score_show([5, "5D", "5S", "JC"], "5C")
    with pytest.raises(ValueError, match="sequence of cards"):
        score_show("5H 5D 5S JC", "5C")
    with pytest.raises(ValueError, match="4 cards"):
        score_total(["5H", "5D", "5S"], "5C")


# -- pegging -------------------------------------------------------------------------------

def peg(text: str):
    return score_peg(text.split())


@pytest.mark.parametrize(
    "played, total, kinds",
    [
        ("7H 8D", 2, ["fifteen"]),
        ("KH QD 8S 3C", 2, ["thirty-one"]),
        ("5H 5D", 2, ["pair"]),
        ("4H 4D 4S", 6, ["pair"]),  # pair royal
        ("2H 2D 2S 2C", 12, ["pair"]),  # double pair royal
        ("2H 4D 3S", 3, ["run"]),  # run out of order
        ("4H 6D 5S", 5, ["fifteen", "run"]),  # 4+6+5 = 15 as well
        ("4H 6D 5S 4C", 3, ["run"]),  # the last three 6 5 4 are a run; the last four repeat the 4
        ("3H 4D 4S 5C", 0, []),  # a run broken by a pair
        ("AH 2D 3S 4C", 4, ["run"]),
        ("3H 5D 4S 6C", 4, ["run"]),
        ("7H 6D 5S 4C 3H", 5, ["run"]),
        ("5H 4D 3S 5C", 3, ["run"]),
        ("7H 4D 4S", 4, ["fifteen", "pair"]),  # 15 and a pair at once
        ("5H 5D 5S", 8, ["fifteen", "pair"]),  # 15 and a pair royal
        ("KH 7D 7S 7C", 8, ["thirty-one", "pair"]),  # 31 and a pair royal
        ("9H 9D", 2, ["pair"]),
        ("KH QD", 0, []),  # equal counting value is not a pair
        ("JH QD KS", 3, ["run"]),
        ("QH KD AS", 0, []),  # no wrap-around: K A is not consecutive
        ("AH 2D 3S 3C", 2, ["pair"]),
        ("5H", 0, []),
        ("2H 3D 4S 6C 5H", 5, ["run"]),  # run of five once the 5 fills the gap: 2 3 4 6 5
    ],
)
def test_pegging_points_for_the_last_card(played, total, kinds):
    result = peg(played)
    assert result.total == total, str(result)
    assert [item.kind for item in result.items] == kinds


def test_peg_labels_and_count():
    royal = peg("4H 4D 4S")
    assert royal.count == 12 and royal.items[0].label == "pair royal" and royal.items[0].points == 6
    assert str(royal.items[0]) == "pair royal 6: 4♥ 4♦ 4♠"
    double = peg("2H 2D 2S 2C")
    assert double.items[0].label == "double pair royal" and len(double.items[0].cards) == 4
    run = peg("4H 6D 5S 4C")
    assert run.items[0].cards == (card("6D"), card("5S"), card("4C")) and run.items[0].label == "run of 3"
    data = peg("7H 4D 4S").to_dict()
    assert data == {
        "total": 4,
        "count": 15,
        "items": [
            {"kind": "fifteen", "cards": ["7H", "4D", "4S"], "points": 2},
            {"kind": "pair", "cards": ["4D", "4S"], "points": 2},
        ],
    }
    assert str(peg("7H 8D")).splitlines() == ["fifteen 2: 7♥ 8♦", "total 2"]


@pytest.mark.parametrize(
    "played, message",
    [("", "no card"), ("KH QD JS 2C", "never passes 31"), ("5H 5H", "appears twice"), ("5H ZZ", "not a card")],
)
def test_bad_pegging_input_raises(played, message):
    with pytest.raises(ValueError, match=message):
        score_peg(played.split())
