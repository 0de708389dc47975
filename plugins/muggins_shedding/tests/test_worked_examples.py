"""The two worked examples of the seed's section 07, word for word, as hand-made positions.

Seats: A = 0, B = 1, C = 2, D = 3 (clockwise, so B is on A's left).
"""

from __future__ import annotations

from muggins import check_conservation, standard_deck


COMMONS = ["5C", "9D", "KH", "2S"]  # "Common tops are 5♣ 9♦ K♥ 2♠."


def example_one(position):
    return position(
        players=4,
        commons=COMMONS,
        stocks={0: ["4D", "8C"], 1: ["2C", "KC"], 2: ["4S", "3H"], 3: ["5D", "TS"]},
        discards={1: ["7D"]},  # "B's discard shows 7♦."
        mover=0,
        exposed="6H",  # "A turns 6♥"
    )


def test_example_one_common_has_priority_over_b_discard(position):
    state = example_one(position)
    decision = state.decision()
    assert decision.seat == 0 and decision.kind == "play"
    # "Both ranks fit, but the common 5♣ has priority."
    assert [str(a) for a in decision.correct] == ["play 6H to common 1"]
    assert "play 6H to discard 1" in [str(a) for a in decision.choices]  # physically possible, an error


def test_example_one_call_moves_the_card_and_transfers_k_3_10(position, act, kinds):
    state = example_one(position)
    # "If A puts 6♥ on B's 7♦, call the error, move 6♥ onto 5♣ and transfer the penalty cards"
    placed = act(state, "play 6H to discard 1")
    assert placed == [{"type": "place", "seat": 0, "card": "6H", "pile": "discard 1", "on": "7D"}]
    assert state.decision().kind == "respond" and state.decision().seat == 1
    events = act(state, "muggins")
    assert kinds(events)[:3] == ["call", "correction", "penalty"]
    assert events[0]["upheld"] is True and events[0]["correct"] == ["common 1"]
    assert events[1] == {"type": "correction", "seat": 0, "card": "6H", "from_pile": "discard 1", "pile": "common 1", "on": "5C"}
    penalties = [e for e in events if e["type"] == "penalty"]
    # "For example K♣, 3♥ and 10♠ go to the bottom of A's closed stock."
    assert [(e["donor"], e["card"]) for e in penalties] == [(1, "KC"), (2, "3H"), (3, "TS")]
    piles = state.piles()
    assert piles["common 1"][-1].code == "6H" and piles["discard 1"][-1].code == "7D"
    # Each card goes under the previous one: reading A's stock from the top down, the last three are K♣, 3♥, 10♠.
    top_down = [c.code for c in reversed(piles["stock 0"])]
    assert top_down == ["8C", "4D", "KC", "3H", "TS"]
    # "No card is destroyed or invented."
    check_conservation(piles, standard_deck())
    # Play goes on with B turning a card (the call came before B's exposure).
    assert kinds(events)[-1] == "expose" and events[-1]["seat"] == 1


def example_two(position):
    return position(
        players=4,
        commons=COMMONS,
        stocks={0: ["4D", "4H"], 1: ["2C", "3C"], 2: ["4S", "6S"], 3: ["5D", "6D"]},
        discards={1: ["QS"], 2: ["TC"]},  # "B has Q♠ and C has 10♣ on their discards."
        mover=0,
        exposed="JH",  # "A turns J♥"
    )


def test_example_two_j_goes_to_b_not_c(position):
    state = example_two(position)
    # "No common fits; B is the first eligible opponent clockwise, so J♥ must go to B, not C."
    assert [str(a) for a in state.decision().correct] == ["play JH to discard 1"]


def test_example_two_j_on_c_is_called_and_moved_to_b(position, act):
    state = example_two(position)
    act(state, "play JH to discard 2")
    events = act(state, "muggins")  # B calls
    correction = next(e for e in events if e["type"] == "correction")
    assert correction["from_pile"] == "discard 2" and correction["pile"] == "discard 1" and correction["on"] == "QS"
    piles = state.piles()
    assert piles["discard 1"][-1].code == "JH" and piles["discard 2"][-1].code == "TC"
