"""Cribbage's decisions in French: prompts and menu labels worded when read, in the reader's language; action texts unchanged.

A decision is made once and may be read by players of two languages (a
server's seats, a cached decision): each reading gets its own language,
and English reads byte for byte as it always did.
"""

from __future__ import annotations

import random

from muggins import Claim, Move, Pass
from muggins.i18n import using_language

from cribbage_muggins.game import CribbageGame
from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import ACCEPT, MUGGINS, OVERCOUNT, CribbageState


def _first_of_each_kind(seed: int = 5, players: int = 2) -> dict:
    """The first decision of each kind in a match whose responders answer at random (so windows and counts come up)."""
    state = CribbageState.new(CribbageGame(), CribbageRules(), players, seed)
    rng, found = random.Random(1), {}
    while len(found) < 4:
        decision = state.decision()
        found.setdefault(decision.kind, decision)
        choice = rng.choice(decision.choices) if decision.kind == "respond" else decision.correct[0]
        state.apply(decision.seat, choice)
    return found


def _words(decision, language: str) -> tuple[str, list[str]]:
    with using_language(language):
        return decision.prompt, [c.label for c in decision.choices]


def test_each_decision_reads_in_the_language_in_force_and_english_as_before():
    found = _first_of_each_kind()
    prompt, labels = _words(found["discard"], "en")
    assert prompt == "Lay away 2 cards to seat 0's crib" and labels[3] == "lay away 4♣ J♣"
    prompt, labels = _words(found["discard"], "fr")
    assert prompt == "Mettez 2 cartes à la crib du joueur 0" and labels[3] == "mettre 4♣ V♣ à la crib"
    assert _words(found["play"], "en") == ("Count 0: play a card", ["7♦", "9♦", "J♣", "J♥"])
    assert _words(found["play"], "fr") == ("Total 0\u202f: jouez une carte", ["7♦", "9♦", "V♣", "V♥"])
    assert _words(found["count"], "en")[0] == "Count your hand 7♦ 9♦ J♣ J♥ with 6♠ (type 0-29)"
    assert _words(found["count"], "fr")[0] == "Comptez votre main 7♦ 9♦ V♣ V♥ avec 6♠ (tapez 0-29)"
    prompt, labels = _words(found["respond"], "en")
    assert prompt == "seat 1 counts 4 for their hand: 7♦ 9♦ J♣ J♥ with 6♠" and labels[:3] == ["accept", "overcount", "muggins 1"]
    prompt, labels = _words(found["respond"], "fr")
    assert prompt == "Le joueur 1 annonce 4 pour sa main\u202f: 7♦ 9♦ V♣ V♥ avec 6♠"
    assert labels[:3] == ["accepter", "compte trop élevé", "muggins 1"]
    # The same decision read in English again: nothing of the French reading stuck to it.
    assert _words(found["respond"], "en")[1][:2] == ["accept", "overcount"]


def test_the_texts_records_hold_do_not_change_with_the_language():
    found = _first_of_each_kind()
    with using_language("fr"):
        texts = {kind: [str(c) for c in d.choices] for kind, d in found.items()}
    assert texts["discard"][3] == "discard 4C JC" and texts["play"][2] == "play JC"
    assert texts["respond"][:3] == ["pass", "overcount", "muggins 1"]
    assert {c.keys for c in found["respond"].choices[:2]} == {ACCEPT.keys, ("o",)}


def test_the_worded_actions_equal_the_cores():
    assert ACCEPT == Pass() and Pass() == ACCEPT and hash(ACCEPT) == hash(Pass())
    assert MUGGINS[3] == Claim("muggins", amount=3) and OVERCOUNT == Claim("overcount") and OVERCOUNT != Claim("muggins")
    found = _first_of_each_kind()
    play = found["play"].choices[0]
    assert play == Move("play 7D") and hash(play) == hash(Move("play 7D")) and found["play"].find("play 7D") is play


def test_the_crib_is_named_in_the_prompt_for_each_seat():
    state = CribbageState.new(CribbageGame(), CribbageRules(partnerships=True), 4, 2)
    seen = set()
    while state.phase == "discard":
        decision = state.decision()
        with using_language("fr"):
            seen.add(decision.prompt)
        seen.add(decision.prompt)
        state.apply(decision.seat, decision.choices[0])
    dealer = state.dealer
    assert set(seen) == {f"Lay away 1 card to seat {dealer}'s crib", "Lay away 1 card to your partner's crib",
                         "Lay away 1 card to your crib", f"Mettez 1 carte à la crib du joueur {dealer}",
                         "Mettez 1 carte à la crib de votre partenaire", "Mettez 1 carte à votre crib"}


def test_the_cut_for_deal_names_the_reader_in_french_too():
    # Marked inside an f-string, this word was missed by extraction and read "You" in French.
    state = CribbageState.new(CribbageGame(), CribbageRules(), 2, 5)
    (cut,) = [e for e in state.opening if e["type"] == "cut_for_deal"]
    with using_language("fr"):
        assert CribbageGame().describe(cut, 0) == "Coupe pour la donne\u202f: vous 7♦, joueur 1 10♠\u202f; vous donnez en premier."
    assert CribbageGame().describe(cut, 0) == "Cut for deal: You 7♦, seat 1 10♠; You deal first."
