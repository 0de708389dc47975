"""muggins.wording: a decision's prompt and a game's stats labels are worded when read, in the reader's language, and hold their English."""

from __future__ import annotations

import json
import pickle

from muggins import Decision, Pass
from muggins.i18n import using_language
from muggins.wording import TranslatedLabels, Worded, WordedDecision, worded


def _shout(card: str) -> str:  # a module-level function, as `worded` asks, so a prompt pickles
    return f"POSEZ {card}"


def _french(text: str) -> str:
    return {"calls": "appels", "Muggins calls": "appels Muggins"}.get(text, text)


def test_a_worded_prompt_reads_in_the_language_in_force_and_holds_its_english():
    decision = WordedDecision(0, "play", (Pass(),), (Pass(),), worded("Place 7H", _shout, "7♥"))
    assert decision.prompt == "Place 7H" and type(decision.prompt) is str
    with using_language("fr"):
        assert decision.prompt == "POSEZ 7♥"
    assert decision.prompt == "Place 7H"
    # What equality, repr and the core's narrowing see is the English: the same as a plain decision's.
    plain = Decision(0, "play", (Pass(),), (Pass(),), "Place 7H")
    assert decision == plain
    narrowed = decision._replace(choices=decision.correct)
    assert type(narrowed) is WordedDecision
    with using_language("fr"):
        assert narrowed.prompt == "POSEZ 7♥"
    prompt = pickle.loads(pickle.dumps(tuple.__getitem__(decision, 4)))  # a prompt pickles with its wording
    assert type(prompt) is Worded and prompt == "Place 7H" and prompt.say(*prompt.args) == "POSEZ 7♥"


def test_a_plain_prompt_in_a_worded_decision_reads_as_it_is():
    decision = WordedDecision(0, "play", (Pass(),), (Pass(),), "Knock")
    with using_language("fr"):
        assert decision.prompt == "Knock"


def test_translated_labels_hold_english_and_answer_lookups_through_the_catalogue():
    labels = TranslatedLabels(_french, {"calls": "Muggins calls", "hands": "hands played"})
    assert json.dumps(labels) == '{"calls": "Muggins calls", "hands": "hands played"}'  # what --json reads
    assert labels["calls"] == "appels Muggins" and labels.get("hands") == "hands played" and labels.get("gone", "-") == "-"
    assert dict(labels.items()) == {"calls": "Muggins calls", "hands": "hands played"}
    copied = pickle.loads(pickle.dumps(labels))  # a catalogue does not pickle: a copy is the English dict
    assert copied == {"calls": "Muggins calls", "hands": "hands played"} and type(copied) is dict


def test_a_game_translates_its_own_words_through_its_catalogue_and_keeps_them_without_one():
    from muggins import Game

    class Catalogue:
        def gettext(self, text):
            return {"a rule": "une règle"}.get(text, text)

    class Plain(Game):
        name, title = "plain", "Plain"

        def max_decisions(self, rules, players):
            return 1

    class Worded(Plain):
        translations = Catalogue()

    assert Plain().translate("a rule") == "a rule"  # a game from before translations: its words as written
    assert Worded().translate("a rule") == "une règle" and Worded().translate("other") == "other" and Worded().translate("") == ""


def test_a_rank_is_named_as_the_reader_writes_it():
    from muggins.wording import rank_word

    assert [rank_word(r) for r in (1, 2, 10, 11, 12, 13)] == ["A", "2", "10", "J", "Q", "K"]
    with using_language("fr"):
        assert [rank_word(r) for r in (1, 2, 10, 11, 12, 13)] == ["A", "2", "10", "V", "D", "R"]


def _let_it_be() -> str:
    return "laisser"


def test_an_actions_worded_label_is_read_in_the_readers_language_and_leaves_text_keys_and_equality_alone():
    from muggins import Claim, Move
    from muggins.i18n import worded

    standing = Pass(label=worded("let it be", _let_it_be))
    claim = Claim("muggins", amount=3, label=worded("muggins 3", _shout, "3"))
    move = Move("play 7H", label=worded("7♥", _shout, "7♥"))
    assert [standing.label, claim.label, move.label] == ["let it be", "muggins 3", "7♥"]
    with using_language("fr"):
        assert [standing.label, claim.label, move.label] == ["laisser", "POSEZ 3", "POSEZ 7♥"]
    assert standing == Pass() and claim == Claim("muggins", amount=3) and move == Move("play 7H")
    assert hash(standing) == hash(Pass()) and str(claim) == "muggins 3" and standing.keys == Pass().keys
    assert pickle.loads(pickle.dumps(move)).label == "7♥"
