"""Cards: parsing every accepted form, printing, interning, the deck, stable hashing."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from muggins.cards import Card, Rank, Suit, card, cards, format_cards, parse_card, respell_cards, standard_deck


@pytest.mark.parametrize("text", ["10♠", "TS", "10s", "t♠", "ts", " 10 S ", "T♤"])
def test_ten_of_spades_in_every_form(text):
    assert parse_card(text) == Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize("text,rank,suit", [("AH", Rank.ACE, Suit.HEARTS), ("6♥", Rank.SIX, Suit.HEARTS), ("qd", Rank.QUEEN, Suit.DIAMONDS), ("K♣", Rank.KING, Suit.CLUBS), ("2c", Rank.TWO, Suit.CLUBS), ("J♦", Rank.JACK, Suit.DIAMONDS)])
def test_parse_named_cards(text, rank, suit):
    assert parse_card(text) == (rank, suit)


@pytest.mark.parametrize("bad", ["", "1", "ZZ", "11S", "10X", "S10", "♠"])
def test_bad_cards_name_the_text_and_the_forms(bad):
    with pytest.raises(ValueError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value) and "10♠" in str(info.value)


def test_printing_and_codes():
    assert str(card("TS")) == "10♠"
    assert card("10♠").code == "TS"
    assert str(card("6h")) == "6♥" and card("6♥").code == "6H"
    assert repr(card("QD")) == "card('QD')"
    assert format_cards(cards("5C 9D KH 2S")) == "5♣ 9♦ K♥ 2♠"
    assert format_cards(cards("5C, 9D"), ascii=True) == "5C 9D"


def test_cards_are_interned_and_immutable():
    assert Card(Rank.SIX, Suit.HEARTS) is card("6H") is Card(6, Suit.HEARTS)
    with pytest.raises(AttributeError):
        card("6H").rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(14, Suit.HEARTS)


def test_standard_deck_is_52_distinct_cards_in_suit_order():
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert deck[0] == card("AC") and deck[12] == card("KC") and deck[-1] == card("KS")
    deck.pop()
    assert len(standard_deck()) == 52  # a fresh list every time


def test_rank_properties():
    assert [r.label for r in Rank][9:] == ["10", "J", "Q", "K"]
    assert Rank.TEN.code == "T" and Rank.ACE.code == "A"
    assert [Rank.ACE.pips, Rank.NINE.pips, Rank.TEN.pips, Rank.KING.pips] == [1, 9, 10, 10]
    assert Suit.HEARTS.symbol == "♥" and Suit.CLUBS.code == "C"


@given(st.sampled_from(standard_deck()))
def test_every_card_round_trips_through_both_forms(c):
    assert parse_card(str(c)) is c
    assert parse_card(c.code) is c
    assert parse_card(c.code.lower()) is c


def test_set_order_does_not_depend_on_pythonhashseed():
    code = "from muggins.cards import standard_deck; print([c.code for c in set(standard_deck())])"
    outputs = {
        subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "99")
    }
    assert len(outputs) == 1


@given(st.sampled_from(standard_deck()), st.sampled_from(["{code}", "{code_lower}", "{shown}", "{ten}"]))
def test_every_spelling_of_every_card_is_respelt_as_its_code(c, spelling):
    # What the table prints (10♥), what records hold (TH), lower case, and 10 for T: all one code.
    word = spelling.format(code=c.code, code_lower=c.code.lower(), shown=str(c), ten=c.code.replace("T", "10"))
    assert respell_cards(f"play {word} to common 2") == f"play {c.code} to common 2"


def test_respelling_keeps_every_other_word():
    assert respell_cards("play  10♥ to common 2") == "play TH to common 2"
    assert respell_cards("muggins 4 pass ok 10 X1 ♥ announce 12") == "muggins 4 pass ok 10 X1 ♥ announce 12"


# -- cards typed in the player's notation (issue 40, item 2) ---------------------------------------------------------
@pytest.mark.parametrize("typed, code", [
    ("5C", "5H"),    # C is cœur to a French player, not clubs
    ("10P", "TS"), ("RC", "KH"), ("VT", "JC"), ("DK", "QD"), ("AP", "AS"),
    ("10♦", "TD"), ("R♣", "KC"),  # the signs read the same in every language
    ("5h", "5H"), ("5s", "5S"), ("5d", "5D"),  # English letters that name no other suit in French
])
def test_a_french_player_types_cards_in_french_notation(typed, code):
    from muggins.cards import parse_card

    assert parse_card(typed, "fr").code == code


def test_without_a_language_cards_are_codes_and_english_letters():
    from muggins.cards import parse_card

    assert parse_card("5C").code == "5C" and parse_card("5C", "en").code == "5C"
    with pytest.raises(ValueError, match="suits C D H S"):
        parse_card("5P")  # records and views hold codes: a French letter there is no card
    with pytest.raises(ValueError, match="P C K T"):
        parse_card("5X", "fr")  # the refusal shows how a French player writes cards


def test_a_typed_action_is_found_with_its_cards_in_the_players_notation():
    from dataclasses import dataclass

    from muggins.actions import Action, find_action

    @dataclass(frozen=True)
    class Play(Action):
        code: str

        def __str__(self) -> str:
            return f"play {self.code}"

    choices = [Play("5C"), Play("5H")]
    assert respell_cards("jouer 5C à 10P", "fr") == "jouer 5H à TS"
    assert find_action(choices, "play 5c", "fr") is choices[1]  # cœur, though the text equals the clubs' choice
    assert find_action(choices, "play 5c", "en") is choices[0] and find_action(choices, "play 5c") is choices[0]
    assert find_action(choices, "play 5♥", "fr") is choices[1]
    assert find_action(choices, "play 5 C", "fr") is None  # a word apart is no card
    assert find_action(choices, "PLAY 5♣") is choices[0]


def test_suits_compare_in_bridge_order():
    from muggins.cards import _SUIT_RANK

    order = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert sorted(reversed(order)) == order
    for a in order:
        for b in order:
            ra, rb = _SUIT_RANK[a], _SUIT_RANK[b]
            assert (a < b, a <= b, a > b, a >= b) == (ra < rb, ra <= rb, ra > rb, ra >= rb)
    assert sorted([card("5S"), card("5C"), card("4H"), card("5H")]) == [card("4H"), card("5C"), card("5H"), card("5S")]
