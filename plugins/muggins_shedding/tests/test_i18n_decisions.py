"""What a player reads of the shedding game's decisions, in French and in English: prompts, menu labels, window headers, the answers' labels.

A decision is worded when it is read, in the language in force then: the
same cached decision reads in French inside `using_language("fr")` and in
English outside it, with the cards named V, D, R in French. Action texts
(what records hold and what may be typed) never change with the language.
"""

from __future__ import annotations

import pickle
import re

import pytest

from muggins import Claim, Pass
from muggins.i18n import using_language

from muggins_shedding.state import MUGGINS, PASS, _card_text

#: English words of these decisions that a French one must not carry.
ENGLISH = re.compile(r"\b(seat|put|on|common|discard|own|move|Place|first|else|pass|fitting)\b")
#: Seed 000's position: commons 5♣ 9♦ K♥ 2♠, seat 1's discard 7♦.
COMMONS = ["5C", "9D", "KH", "2S"]
STOCKS = {0: ["9C", "9H"], 1: ["2C", "KC"], 2: ["4S", "3H"], 3: ["5D", "TS"]}


def _placing(position, exposed: str):
    return position(players=4, commons=COMMONS, stocks=STOCKS, discards={1: ["7D"]}, mover=0, exposed=exposed)


def test_the_play_decision_reads_in_french_with_french_ranks_and_in_english_unchanged(position):
    state = _placing(position, "QD")
    decision = state.decision()
    english = [c.label for c in decision.choices]
    assert decision.prompt == "Place Q♦ (commons first; else the first fitting opponent discard clockwise; else your own)"
    assert english[:2] == ["Q♦ on common pile 1", "Q♦ on common pile 2"]
    assert english[4:6] == ["Q♦ on your own discard", "Q♦ on seat 1's discard"]
    with using_language("fr"):
        assert decision.prompt == ("Placez D♦ (piles communes d’abord\u202f; sinon la première défausse adverse qui convient "
                                   "en sens horaire\u202f; sinon la vôtre)")
        french = [c.label for c in decision.choices]
    assert french[:2] == ["D♦ sur la pile commune 1", "D♦ sur la pile commune 2"]
    assert french[4:6] == ["D♦ sur votre propre défausse", "D♦ sur la défausse du joueur 1"]
    assert [line for line in french if ENGLISH.search(line)] == []
    # The same decision object, read again outside the French block, is English again: nothing was fixed when it was made.
    assert [c.label for c in state.decision().choices] == english and state.decision() is decision
    assert [str(c) for c in decision.choices][:1] == ["play QD to common 1"]


def test_a_decision_made_in_french_reads_in_english_and_its_texts_are_the_english_ones(position):
    with using_language("fr"):
        state = _placing(position, "JC")
        decision = state.decision()
        texts = [str(c) for c in decision.choices]
    assert texts[0] == "play JC to common 1" and decision.prompt.startswith("Place J♣ (commons first;")
    assert [c.label for c in decision.choices][0] == "J♣ on common pile 1"


def test_the_window_header_in_french_says_what_the_narration_says(position, game):
    state = _placing(position, "KS")
    state.apply(0, state.decision().find("play KS to discard 1"))  # a mistake: K♠ fits nowhere, so it belongs on seat 0's own discard
    window = state.decision()
    assert window.kind == "respond" and window.seat == 1
    assert window.prompt == "seat 0 put K♠ on your discard (on 7♦)"
    assert [c.label for c in window.choices] == ["pass", "muggins"]
    with using_language("fr"):
        assert window.prompt == "Le joueur 0 pose R♠ sur votre défausse (sur 7♦)"
        assert [c.label for c in window.choices] == ["passer", "Muggins\u202f!"]
        narration = game.describe({"type": "place", "seat": 0, "card": "KS", "pile": "discard 1", "on": "7D"}, 1)
    assert narration == "Le joueur 0 pose R♠ sur votre défausse (sur 7♦)."
    assert [str(c) for c in window.choices] == ["pass", "muggins"]
    state.apply(1, window.find("pass"))
    other = state.decision()
    assert other.seat == 2 and other.prompt == "seat 0 put K♠ on seat 1's discard (on 7♦)"
    with using_language("fr"):
        assert other.prompt == "Le joueur 0 pose R♠ sur la défausse du joueur 1 (sur 7♦)"


def test_a_window_on_a_common_pile_and_on_an_empty_discard(position):
    state = _placing(position, "6H")
    state.apply(0, state.decision().find("play 6H to common 1"))
    assert state.decision().prompt == "seat 0 put 6♥ on common pile 1 (on 5♣)"
    with using_language("fr"):
        assert state.decision().prompt == "Le joueur 0 pose 6♥ sur la pile commune 1 (sur 5♣)"
    state = _placing(position, "6H")
    state.apply(0, state.decision().find("play 6H to discard 0"))
    assert state.decision().prompt == "seat 0 put 6♥ on their own discard (empty)"
    with using_language("fr"):
        assert state.decision().prompt == "Le joueur 0 pose 6♥ sur sa propre défausse (vide)"


def test_the_correction_reads_in_french(position):
    state = position(players=3, commons=["5C", "9D", "7S"], stocks={0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"]}, mover=0, exposed="6H")
    state.apply(0, state.decision().find("play 6H to discard 0"))
    state.apply(1, state.decision().find("muggins"))
    decision = state.decision()
    assert decision.kind == "correct" and decision.prompt == "Muggins! Move 6♥ to one of the fitting common piles"
    assert [c.label for c in decision.choices] == ["move 6♥ to common 1", "move 6♥ to common 3"]
    with using_language("fr"):
        assert decision.prompt == "Muggins\u202f! Déplacez 6♥ sur l’une des piles communes qui conviennent"
        assert [c.label for c in decision.choices] == ["déplacer 6♥ sur la pile commune 1", "déplacer 6♥ sur la pile commune 3"]
    assert [str(c) for c in decision.choices] == ["correct 6H to common 1", "correct 6H to common 3"]


def test_a_house_rule_prompt_states_the_order_in_french(position):
    order = [["common"], ["own"], ["opponent"]]
    state = position(players=4, commons=COMMONS, stocks=STOCKS, discards={1: ["7D"]}, mover=0, exposed="QD", order=order, extra=(), penalty=1)
    decision = state.decision()
    assert decision.prompt.startswith("Place Q♦ (house rule: a fitting common pile; else your own discard if it fits; ")
    with using_language("fr"):
        assert decision.prompt == ("Placez D♦ (règle maison\u202f: une pile commune qui convient\u202f; sinon votre propre défausse si elle convient\u202f; "
                                   "sinon la première défausse adverse qui convient en sens horaire\u202f; sinon votre propre défausse)")


def test_the_answers_equal_the_cores_and_a_narrowed_decision_still_reads_in_french(position):
    assert PASS == Pass() and Pass() == PASS and hash(PASS) == hash(Pass())
    assert MUGGINS == Claim("muggins") and Claim("muggins") == MUGGINS and hash(MUGGINS) == hash(Claim("muggins"))
    assert MUGGINS != Claim("muggins", 4) and PASS != MUGGINS
    assert str(PASS) == "pass" and str(MUGGINS) == "muggins" and PASS.keys == Pass().keys and MUGGINS.keys == ("m",)
    state = _placing(position, "QD")
    decision = state.decision()
    assert pickle.loads(pickle.dumps(PASS)) == PASS and pickle.loads(pickle.dumps(MUGGINS)).label == "muggins"
    narrowed = decision._replace(correct=decision.choices[:1])  # as the core narrows a decision under mistakes = "prevented"
    assert narrowed.prompt == decision.prompt
    with using_language("fr"):
        assert narrowed.prompt.startswith("Placez D♦")
    assert type(decision.prompt) is str and type(decision[4]) is not str  # a plain str for readers; the tuple holds the English


def test_every_card_is_named_the_french_way_and_the_english_way_as_ever():
    from muggins.deck import TEXTS

    assert [_card_text(i) for i in range(52)] == list(TEXTS)
    with using_language("fr"):
        assert [_card_text(i) for i in range(13)] == ["A♣", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣", "V♣", "D♣", "R♣"]


def test_an_unknown_commons_rule_is_refused_in_the_language_in_force():
    from muggins_shedding.bots import ExpertBot

    with pytest.raises(ValueError, match=r"^commons_rule must be one of cover, first, not 'foo'$"):
        ExpertBot(commons_rule="foo")
    with using_language("fr"), pytest.raises(ValueError, match=r"^commons_rule doit être l’un de cover, first, pas 'foo'$"):
        ExpertBot(commons_rule="foo")


def test_a_frame_of_one_decision_is_worded_for_each_reader_in_turn(position, game):
    # A browser table frames the same cached decision for readers of several languages: the labels worked out
    # for one reader are not handed to the next.
    from muggins.projection import seat_decision

    decision = _placing(position, "QD").decision()
    english = [c["label"] for c in seat_decision(decision, game)["choices"]]
    with using_language("fr"):
        french = [c["label"] for c in seat_decision(decision, game)["choices"]]
    assert english[0] == "Q♦ on common pile 1" and french[0] == "D♦ sur la pile commune 1"
    assert [c["label"] for c in seat_decision(decision, game)["choices"]] == english
