"""The int pack of muggins.deck: its tables, reading card text, the shuffle, the deal, the cut and Layout; and seats.seats_from_left."""

import random

import pytest
from hypothesis import given, strategies as st

from muggins.cards import Rank, Suit, card, parse_card, standard_deck
from muggins.deck import (
    CODE_BY_ID, CODE_INDEX, CODES, DECK, INDEX_BY_ID, RANKS, SORT_KEY, TEXTS, Layout, card_index, card_indices, cut_for_dealer,
    deal_round, shuffled,
)
from muggins.seats import seats_from_left


def test_tables_follow_the_standard_deck_suit_by_suit():
    assert list(DECK) == standard_deck()
    assert DECK[0] is card("AC") and DECK[12] is card("KC") and DECK[13] is card("AD") and DECK[51] is card("KS")
    for i, c in enumerate(DECK):
        assert c is parse_card(c.code)  # the interned cards themselves
        assert CODES[i] == c.code and TEXTS[i] == str(c) and RANKS[i] == int(c.rank)
        assert CODE_INDEX[c.code] == i and INDEX_BY_ID[id(c)] == i and CODE_BY_ID[id(c)] == c.code
    assert c.suit is Suit.SPADES and c.rank is Rank.KING
    assert TEXTS[CODE_INDEX["TS"]] == "10♠"


def test_sort_key_is_the_order_of_sorted_cards():
    assert sorted(range(52), key=SORT_KEY.__getitem__) == [INDEX_BY_ID[id(c)] for c in sorted(DECK)]
    assert sorted(SORT_KEY) == list(range(52))


def test_card_text_in_any_form_reads_to_its_index():
    ten_of_spades = CODE_INDEX["TS"]
    assert {card_index(t) for t in ("10♠", "TS", "ts", "10s", "t♠", " T S ")} == {ten_of_spades}
    assert card_indices(["AC", "kS", "6♥"]) == [0, 51, CODE_INDEX["6H"]]
    with pytest.raises(ValueError, match="not a card: 'ZZ'"):
        card_index("ZZ")


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=80))  # above 64 the loop, not the straight function
def test_shuffled_is_random_shuffle_item_for_item(seed, size):
    expected = list(range(size))
    random.Random(seed).shuffle(expected)
    rng = random.Random(seed)
    assert shuffled(range(size), rng) == expected
    assert rng.getstate() == _after_shuffle(seed, size)  # the same numbers drawn, so the stream goes on alike


def _after_shuffle(seed: int, size: int):
    rng = random.Random(seed)
    rng.shuffle(list(range(size)))
    return rng.getstate()


def test_shuffled_cards_are_the_shuffled_indices_and_leaves_its_input_alone():
    pack = list(DECK)
    assert shuffled(pack, random.Random(7)) == [DECK[i] for i in shuffled(range(52), random.Random(7))]
    assert pack == list(DECK)


def test_shuffled_uses_a_generators_own_shuffle_when_it_is_not_a_plain_random():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    assert shuffled(range(5), Reversing(1)) == [4, 3, 2, 1, 0]


@given(st.integers(min_value=0, max_value=6), st.integers(min_value=1, max_value=7), st.integers(min_value=0, max_value=7))
def test_deal_round_is_one_card_at_a_time_from_the_dealers_left(dealer, players, each):
    dealer %= players
    pack = shuffled(range(52), random.Random(dealer * 100 + players * 10 + each))
    if players * each > 52:
        with pytest.raises(ValueError, match="cannot deal"):
            deal_round(pack, dealer=dealer, players=players, each=each)
        return
    expected: list[list[int]] = [[] for _ in range(players)]
    for i in range(players * each):
        expected[(dealer + 1 + i) % players].append(pack[i])
    hands = deal_round(pack, dealer=dealer, players=players, each=each)
    assert hands == expected
    assert all(type(hand) is list for hand in hands)


def test_deal_round_of_a_tuple_gives_lists_and_starts_left_of_the_dealer():
    hands = deal_round(DECK, dealer=1, players=3, each=2)  # seat 2 first
    assert hands == [[DECK[1], DECK[4]], [DECK[2], DECK[5]], [DECK[0], DECK[3]]]
    assert all(type(hand) is list for hand in hands)


def test_the_cut_lowest_deals_and_ties_cut_again():
    for seed in range(300):
        dealer, rounds = cut_for_dealer(random.Random(seed), range(4))
        replay = random.Random(seed)
        contenders = [0, 1, 2, 3]
        for number, cut in enumerate(rounds):
            pack = list(range(52))
            replay.shuffle(pack)
            assert cut == list(zip(contenders, pack))
            low = min(RANKS[c] for _, c in cut)
            lowest = [s for s, c in cut if RANKS[c] == low]
            if number == len(rounds) - 1:
                assert lowest == [dealer]
            else:
                assert len(lowest) > 1
                contenders = lowest
    assert any(len(cut_for_dealer(random.Random(seed), range(5))[1]) > 1 for seed in range(50)), "some seed should tie"


def test_the_cut_keeps_the_order_of_the_seats_given():
    dealer, rounds = cut_for_dealer(random.Random(3), [2, 0, 1])
    assert [s for s, _ in rounds[0]] == [2, 0, 1]
    with pytest.raises(ValueError):
        cut_for_dealer(random.Random(3), [])


def test_layout_takes_texts_and_piles_by_seat_and_leaves_the_rest_in_pack_order():
    layout = Layout()
    assert layout.take(["10♠", "ac"]) == [CODE_INDEX["TS"], 0]
    assert layout.take("6H") == [CODE_INDEX["6H"]]  # one text is a pile of one
    assert layout.by_seat({"1": ["2C"], 0: "3C"}) == {1: [1], 0: [2]}
    assert layout.by_seat([["4C", "5C"], [], "6C"]) == {0: [3, 4], 1: [], 2: [5]}
    assert layout.taken == {0, 1, 2, 3, 4, 5, CODE_INDEX["TS"], CODE_INDEX["6H"]}
    assert layout.rest() == [i for i in range(52) if i not in layout.taken]
    assert layout.rest()[:3] == [6, 7, 8]


def test_layout_refuses_a_card_named_twice_and_a_seat_named_twice():
    layout = Layout()
    layout.take(["QS"])
    with pytest.raises(ValueError, match="a card is named twice in the position: QS"):
        layout.by_seat([["2D"], ["qs"]])
    with pytest.raises(ValueError, match="named twice in the position: 7H"):
        Layout().take(["7H", "7♥"])
    with pytest.raises(ValueError, match="seat 1 is named twice"):
        Layout().by_seat({1: ["2C"], "1": ["3C"]})


@given(st.lists(st.lists(st.sampled_from(CODES), max_size=8), max_size=6))
def test_layout_never_yields_a_card_twice_and_rest_plus_taken_is_the_pack(piles):
    layout = Layout()
    yielded: list[int] = []
    for pile in piles:
        try:
            yielded += layout.take(pile)
        except ValueError:
            assert any(pile.count(c) > 1 for c in pile) or any(CODE_INDEX[c] in yielded for c in pile)
            break
    assert len(set(yielded)) == len(yielded)
    assert set(yielded) <= layout.taken
    rest = layout.rest()
    assert sorted(rest + sorted(layout.taken)) == list(range(52)) and not set(rest) & layout.taken
    assert rest == sorted(rest)


def test_seats_from_left_go_once_round_clockwise_the_seat_itself_last():
    assert seats_from_left(4) == ((1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2), (0, 1, 2, 3))
    assert seats_from_left(1) == ((0,),)
    assert seats_from_left(5) is seats_from_left(5)  # built once per table size
    for players in range(1, 8):
        for seat, row in enumerate(seats_from_left(players)):
            assert row[-1] == seat and sorted(row) == list(range(players))
            assert row[0] == (seat + 1) % players
    with pytest.raises(ValueError):
        seats_from_left(0)
