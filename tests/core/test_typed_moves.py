"""A move that names cards, typed by a player: by its label as shown with the cards in their notation, or by its cards alone when no other choice names the same."""

from __future__ import annotations

from muggins.actions import Claim, Move, Pass, picked_by

LAY_AWAY = [Move("discard 3D 5C", label="mettre 3♦ 5♣ à la crib"), Move("discard 3D 8D", label="mettre 3♦ 8♦ à la crib")]
PLACEMENTS = [Move("play 4S to common 1", label="4♠ sur la pile commune 1"), Move("play 4S to discard 0", label="4♠ sur votre propre défausse")]


def test_french_cards_pick_a_move_by_its_cards_alone():
    # K carreau, T trèfle: `3K 5T` is 3♦ 5♣ (English `5C` would be the five of hearts in French).
    assert picked_by(LAY_AWAY, "3K 5T", None, "fr") is LAY_AWAY[0]
    assert picked_by(LAY_AWAY, "5t 3♦", None, "fr") is LAY_AWAY[0]
    assert picked_by(LAY_AWAY, "3K 5C", None, "fr") is None  # 5C is 5♥ in French: no choice lays it away
    assert picked_by(LAY_AWAY, "3D 5C", None, "en") is LAY_AWAY[0]


def test_a_label_is_typed_with_the_cards_in_the_players_notation():
    assert picked_by(PLACEMENTS, "4P sur la pile commune 1", None, "fr") is PLACEMENTS[0]
    assert picked_by(PLACEMENTS, "4♠ sur votre propre défausse", None, "fr") is PLACEMENTS[1]
    assert picked_by(PLACEMENTS, "4p SUR la pile  commune 1", None, "fr") is PLACEMENTS[0]


def test_cards_that_several_choices_name_pick_none():
    assert picked_by(PLACEMENTS, "4P", None, "fr") is None
    assert picked_by(PLACEMENTS, "4S", None, "en") is None


def test_choices_that_name_no_card_are_left_to_their_texts_and_keys():
    window = [Pass(), Claim("overcount", keys=("o",))]
    assert picked_by(window, "overcount", None, "fr") is None
    assert picked_by(window, "pass", None, "en") is None
    assert picked_by(LAY_AWAY + window, "3K", None, "fr") is None  # a card no choice names alone
