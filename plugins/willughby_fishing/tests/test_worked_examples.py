"""Seed 004, section 06, word for word: "Une dame capture les trois autres" and the settlement example.

"Vous avez Q♠ ; Q♥, Q♦ et Q♣ sont sur table. Jouez Q♠ et prenez les 4 dames,
soit 2 paires. Ne prendre que Q♥ laisserait une paire réclamable par un
observateur attentif. Autre exemple de règlement : les collections comptent
16, 12, 10, 8 et 6 cartes. Ajustements : +4, +2, +1, 0 et −1, total +6. La
prime séparée de +5 au survivant utilise exactement le pot initial de 11
après le paiement pour la paire manquante."
"""

from __future__ import annotations

from muggins import standard_deck

from willughby_fishing import FishingRules, settlement

HANDS = {0: ["QS", "3C"], 1: ["4D", "8H"], 2: ["9C", "KD"], 3: ["5S", "JC"], 4: ["6H", "7C"]}
FIELD = ["QH", "QD", "QC", "2S", "10D", "JH"]


def queens(position):
    return position(hands=HANDS, field=FIELD, mover=0, dealer=4)


def test_playing_the_queen_of_spades_takes_all_four_queens_two_pairs(position, act, event_types):
    state = queens(position)
    decision = state.decision()
    assert [str(c) for c in decision.correct] == ["play QS take QC QD QH"]
    before = len(state.collections[0])
    events = act(state, "play QS take QC QD QH")
    assert event_types(events) == ["capture"] and events[0]["played"] == ["QS"] and events[0]["taken"] == ["QC", "QD", "QH"]
    assert len(state.collections[0]) - before == 4  # 4 queens = 2 pairs
    assert state.window is None and state.decision().seat == 1  # nothing to claim: no window, seat 1 plays


def test_taking_only_the_queen_of_hearts_leaves_a_pair_an_attentive_observer_claims(position, act):
    state = queens(position)
    assert "play QS take QH" in [str(c) for c in state.decision().choices]
    act(state, "play QS take QH")
    assert [c for c in state.view(None)["field"] if c[0] == "Q"] == ["QC", "QD"]
    decision = state.decision()
    assert decision.kind == "respond" and decision.seat == 1 and [str(c) for c in decision.correct] == ["claim"]
    events = act(state, "claim")
    claim = events[0]
    assert claim["type"] == "claim" and claim["upheld"] and claim["what"] == "left_pair" and claim["seat"] == 1
    assert claim["cards"] == ["QC", "QD"] and claim["against"] == 0
    assert {"QC", "QD"} <= set(state.view(None)["collections"][1])
    assert state.decision().seat == 1 and state.decision().kind == "turn"  # the claim used no turn: seat 1 plays on


def test_the_settlement_of_16_12_10_8_6_cards():
    chips = settlement([16, 12, 10, 8, 6])
    assert chips == [4, 2, 1, 0, -1] and sum(chips) == 6
    assert sum(chips) + 5 == 11  # the survivor's separate +5 uses exactly the initial pot of 11


def test_the_whole_end_of_a_hand_with_those_collections_empties_the_pot_of_11(position, act, event_types):
    # Seat 1 takes the last 2 with its last card; seat 2 alone holds a card (9H): the hand stops.
    deck = [c.code for c in standard_deck()]
    named = {"2C", "2D", "9H", "KC", "2H", "2S"}
    spare = [c for c in deck if c not in named]
    collections = {1: spare[0:10], 2: spare[10:20], 3: spare[20:26] + ["2H", "2S"], 4: spare[26:32]}
    state = position(FishingRules(deals=1), hands={1: ["2C"], 2: ["9H"]}, field=["2D", "KC"], collections=collections, mover=1, dealer=0)
    assert state.pot == 11 and state.ledger == [-3, -2, -2, -2, -2]
    events = act(state, "play 2C take 2D")
    while state.decision() is not None and state.decision().kind == "respond":
        events += act(state, "pass")
    kinds = event_types(events)
    assert kinds[kinds.index("stop"):kinds.index("settle") + 1] == ["stop", "reward", "sweep", "settle"]
    reward = next(e for e in events if e["type"] == "reward")
    assert reward["seat"] == 2 and reward["chips"] == 5 and reward["pot"] == 6
    settle = next(e for e in events if e["type"] == "settle")
    assert settle["sizes"] == [16, 12, 10, 8, 6]
    assert settle["chips"] == [4, 2, 1, 0, -1]
    assert settle["pot"] == 0 and state.pot == 0
    assert settle["ledger"] == [-3 + 4, -2 + 2, -2 + 5 + 1, -2 + 0, -2 - 1]
    assert sum(settle["ledger"]) == 0 and state.ledger == settle["ledger"]
    assert state.decision() is None and state.result().scores == tuple(settle["ledger"])
