"""RULES.md item 6: the paused finish — a win is confirmed only when the play's window closes without an upheld call."""

from __future__ import annotations

from muggins_shedding import SheddingRules

OTHERS = {1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


def last_card(position, rules=None):
    # Seat 0's last card is 6H; its discard is empty. 6H fits common 1 (5C).
    return position(rules, players=4, commons=["5C"], stocks=OTHERS, mover=0, exposed="6H")


def test_a_correct_final_play_wins_when_the_window_closes(position, act, kinds):
    state = last_card(position)
    assert kinds(act(state, "play 6H to common 1")) == ["place"]  # paused: no win yet
    assert act(state, "pass") == [] and act(state, "pass") == []
    assert state.wins == [0, 0, 0, 0]
    events = act(state, "pass")
    assert events[0] == {"type": "win", "seat": 0, "hand": 0, "how": "shed", "exposures": 1, "wins": [1, 0, 0, 0]}


def test_an_unsupported_call_does_not_stop_a_correct_finish(position, act):
    state = last_card(position)
    act(state, "play 6H to common 1")
    events = act(state, "muggins") + act(state, "pass") + act(state, "pass")
    assert [e["type"] for e in events][:2] == ["call", "win"] and events[1]["seat"] == 0


def test_a_called_erroneous_final_play_is_overturned(position, act, kinds):
    state = last_card(position)
    act(state, "play 6H to discard 2")
    events = act(state, "muggins")
    assert "win" not in kinds(events)
    assert [c.code for c in state.piles()["stock 0"]] == ["7C", "8H", "8C"]  # three penalty cards: no finish
    assert state.piles()["common 1"][-1].code == "6H"
    assert state.decision().seat == 1 and state.decision().kind == "play"


def test_an_uncalled_erroneous_final_play_stands_and_wins(position, act):
    state = last_card(position)
    act(state, "play 6H to discard 2")
    events = act(state, "pass") + act(state, "pass") + act(state, "pass")
    assert events[0]["type"] == "win" and events[0]["seat"] == 0
    assert state.stats["errors"] == 1


def test_a_final_card_on_ones_own_discard_is_no_finish(position, act):
    state = position(players=4, commons=["2C"], stocks=OTHERS, mover=0, exposed="JH")
    act(state, "play JH to discard 0")
    events = act(state, "pass") + act(state, "pass") + act(state, "pass")
    assert "win" not in [e["type"] for e in events] and state.decision().seat == 1


def test_without_windows_the_finish_is_immediate(position, act):
    state = last_card(position, SheddingRules(mistakes="prevented"))
    events = act(state, "play 6H to common 1")
    assert events[1]["type"] == "win" and events[1]["seat"] == 0
