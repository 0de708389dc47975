"""RULES.md item 2 (exposure, lazy unshuffled recycle) and one card per turn."""

from __future__ import annotations


def test_recycle_turns_the_discard_over_old_bottom_first(position, act, kinds):
    # Seat 0's stock is empty; its discard holds 7C (bottom), 9D, JS (top).
    state = position(players=3, commons=["2C"], stocks={1: ["4D", "5D"], 2: ["4H", "5H"]}, discards={0: ["7C", "9D", "JS"]}, mover=0)
    assert kinds(state.opening_events()) == ["recycle", "expose"]
    assert state.opening_events()[0] == {"type": "recycle", "seat": 0, "count": 3, "reason": "expose"}
    assert state.opening_events()[1]["card"] == "7C"  # the old bottom card comes first
    seen = ["7C"]
    for _ in range(2):
        act(state, "play %s to discard 0" % seen[-1])  # nothing fits: own discard
        for _ in range(2):
            act(state, "pass")
        act(state, str(state.decision().correct[0]))  # seat 1
        act(state, "pass"), act(state, "pass")
        act(state, str(state.decision().correct[0]))  # seat 2
        events = act(state, "pass") + act(state, "pass")
        seen.append(events[-1]["card"])
    assert seen == ["7C", "9D", "JS"]  # never reshuffled: the old order, bottom first


def test_recycling_is_lazy(position, act, kinds):
    # Seat 0 turns its last stock card; its discard is not turned over at the end of its turn.
    state = position(players=3, commons=["2C"], stocks={0: ["KH"], 1: ["4D", "5D"], 2: ["4H", "5H"]}, discards={0: ["7C"]}, mover=0)
    events = act(state, "play KH to discard 0") + act(state, "pass") + act(state, "pass")
    assert "recycle" not in kinds(events)
    assert state.piles()["stock 0"] == [] and [c.code for c in state.piles()["discard 0"]] == ["7C", "KH"]
    assert state.decision().seat == 1  # seat 1 turns next: one card per turn, even after a good play
    # The recycle happens when seat 0 must expose again.
    for _ in range(2):
        act(state, str(state.decision().correct[0]))
        events = act(state, "pass") + act(state, "pass")
    assert kinds(events)[-2:] == ["recycle", "expose"] and events[-1] == {"type": "expose", "seat": 0, "card": "7C", "n": 4}


def test_one_card_per_turn_even_after_a_successful_play(position, act):
    state = position(players=4, commons=["5C"], stocks={0: ["2C", "3C"], 1: ["2D"], 2: ["2H"], 3: ["2S"]}, mover=0, exposed="6H")
    act(state, "play 6H to common 1")
    for _ in range(3):
        act(state, "pass")
    decision = state.decision()
    assert decision.seat == 1 and decision.kind == "play"
    assert [c.code for c in state.piles()["stock 0"]] == ["2C", "3C"]  # seat 0 turned nothing more
