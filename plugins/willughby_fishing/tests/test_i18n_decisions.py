"""The fishing game's decisions in French: prompts and menu labels worded when read, in the reader's language; action texts unchanged.

A decision is made once and may be read by players of two languages (a
server's seats, a cached decision): each reading gets its own language,
and English reads byte for byte as it always did.
"""

from __future__ import annotations

import random

from muggins import Claim, Move, Pass
from muggins.i18n import using_language

from willughby_fishing import state as fishing
from willughby_fishing.game import FishingGame
from willughby_fishing.rules import FishingRules
from willughby_fishing.state import CLAIM, DONE, LIE_DOWN, PASS, FishingState


def _decisions(seeds=range(12)):
    """Every decision of a few matches whose responders answer at random, by (kind, the English prompt's first words)."""
    rng, found = random.Random(1), {}
    for seed in seeds:
        state = FishingState.new(FishingGame(), FishingRules(deals=1), 5, seed)
        while (decision := state.decision()) is not None:
            found.setdefault((decision.kind, str.__str__(decision.prompt).split(" ")[0]), decision)
            choice = rng.choice(decision.choices) if decision.kind == "respond" else decision.correct[0]
            state.apply(decision.seat, choice)
            if state.phase == "over":
                break
    return found


def _words(decision, language):
    with using_language(language):
        return decision.prompt, [c.label for c in decision.choices]


def test_each_decision_reads_in_the_language_in_force_and_english_as_before():
    found = _decisions()
    english = {key: _words(d, "en") for key, d in found.items()}
    french = {key: _words(d, "fr") for key, d in found.items()}
    assert english[("turn", "Capture")][0] == "Capture (capturing is compulsory)"
    assert french[("turn", "Capture")][0] == "Capturez (la capture est obligatoire)"
    assert all(" takes " in label for label in english[("turn", "Capture")][1])
    assert all(" prend " in label for label in french[("turn", "Capture")][1])
    assert english[("turn", "No")] == ("No capture is possible", ["lie down, laying your whole hand face up on the table"])
    assert french[("turn", "No")] == ("Aucune capture n’est possible", ["se coucher, en posant toute votre main face visible sur la table"])
    assert english[("hand_claim", "Before")][1][-1] == "no (more) claims"
    assert french[("hand_claim", "Before")] == ("Avant le premier tour\u202f: réclamez les brelans (une paire) et les carrés de votre main",
                                                 french[("hand_claim", "Before")][1])
    assert french[("hand_claim", "Before")][1][-1] == "aucune (autre) réclamation"
    responds = [key for key in found if key[0] == "respond"]
    for key in responds:
        assert english[key][1] == ["let it be", "claim (take what was forgotten, or lay your other pair)"]
        assert french[key][1] == ["laisser", "réclamer (prendre l’oubli, ou poser votre autre paire)"]
        assert english[key][0].endswith(": claim?") and french[key][0].endswith("\u202f: réclamer\u202f?")
    # Read in English again: nothing of the French reading stuck to the decision.
    assert _words(found[responds[0]], "en") == english[responds[0]]


def test_every_prompt_and_label_of_a_window_and_a_claim_in_french():
    with using_language("fr"):
        assert fishing._layout_words(3, False) == "l’étalement (le joueur 3 a donné)\u202f: réclamer\u202f?"
        assert fishing._lie_down_words(2, True) == "Vous vous couchez\u202f: réclamer\u202f?"
        assert fishing._capture_words(1, False, 10, 24) == "Le joueur 1 joue V♣ et prend D♦\u202f: réclamer\u202f?"
        assert fishing._took_words(4, False, 13, 2) == "Le joueur 4 a pris un R (2 sur la table avant)\u202f: réclamer\u202f?"
        assert fishing._claim_move(12, 4, "field").label == "poser le carré de D de la table dans votre collection"
        assert fishing._claim_move(11, 4, "hand").label == "poser le carré de V de votre main dans votre collection"
        assert fishing._claim_move(1, 3, "hand").label == "poser une paire de A dans votre collection et garder la troisième carte"
    assert fishing._claim_move(12, 4, "field").label == "lay the four Qs from the table into your collection"
    assert fishing._claim_move(1, 3, "hand").label == "lay a pair of As into your collection and keep the third"


def test_the_texts_records_hold_do_not_change_with_the_language_and_the_actions_equal_the_cores():
    with using_language("fr"):
        assert [str(a) for a in (PASS, CLAIM, LIE_DOWN, DONE)] == ["pass", "claim", "lie down", "done"]
        assert str(fishing._claim_move(12, 4, "field")) == "claim Q" and fishing._claim_move(12, 4, "field").data == 12
    assert PASS == Pass() and hash(PASS) == hash(Pass()) and CLAIM == Claim("claim") and CLAIM != Claim("muggins")
    assert LIE_DOWN == Move("lie down") and hash(DONE) == hash(Move("done")) and DONE.keys == ("", "d") and PASS.keys == ("", "p")


def test_the_cut_names_the_reader_in_french_too():
    # Marked inside an f-string, this word was missed by extraction and read "You" in French.
    state = FishingState.new(FishingGame(), FishingRules(), 5, 5)
    (cut,) = [e for e in state.opening if e["type"] == "cut"]
    with using_language("fr"):
        assert FishingGame().describe(cut, 0).startswith("Coupe pour la donne\u202f: vous 4♠, joueur 1 5♠")
    assert FishingGame().describe(cut, 0).startswith("Cut for deal: You 4♠, seat 1 5♠")
