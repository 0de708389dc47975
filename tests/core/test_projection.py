"""muggins.projection: what one seat may be shown — its view, its events, its decision without the answers — and a window's decisions in one call."""

from __future__ import annotations

import json

import pytest

from muggins.actions import standing_answer
from muggins.players import make_players
from muggins.projection import seat_decision, seat_update, visible_events, window_decisions
from muggins.testing import check_events_privacy, check_view_privacy


def test_events_addressed_to_seats_reach_only_those_seats():
    events = [{"type": "deal", "to": [1], "cards": ["AS"]}, {"type": "play", "seat": 0}, {"type": "peek", "to": [0, 2]}]
    assert visible_events(events, 1) == events[:2]
    assert visible_events(events, 2) == events[1:]
    assert visible_events(events, None) == [events[1]]  # a spectator: only what is public


def _walk(registry, game, seats, seed, until):
    """Play a match with bots, calling `until(state, events)` after each step; stop when it returns True."""
    state = game.new(game.Rules(), len(seats), seed)
    players = make_players(registry, game, seats, seed)
    events = state.opening_events()
    while True:
        if until(state, events):
            return state
        decision = state.decision()
        if decision is None:
            return state
        before = {s: state.hidden_from(s) for s in range(state.players)}
        events = state.apply(decision.seat, players[decision.seat].choose(state.view(decision.seat), decision))
        for seat in range(state.players):
            update = seat_update(state, seat, events)
            check_view_privacy(state, seat)
            check_events_privacy(state, update["events"], f"update of seat {seat}", before)


def test_an_update_carries_the_seats_view_its_events_and_its_decision_without_the_answers(registry, tally):
    checked = []

    def look(state, events):
        decision = state.decision()
        if decision is None:
            return True
        for seat in range(state.players):
            update = seat_update(state, seat, events)
            assert update["view"] == dict(state.view(seat)) and update["to_act"] == decision.seat and not update["over"]
            assert update["lines"] == [line for line in (tally.describe(e, seat) for e in update["events"]) if line is not None]
            if seat == decision.seat:
                shown = update["decision"]
                assert [c["text"] for c in shown["choices"]] == [str(c) for c in decision.choices]
                assert "correct" not in shown and "correct" not in json.dumps(shown)
                standing = standing_answer(decision)
                assert shown["standing"] == (None if standing is None else str(standing))
                checked.append(shown["kind"])
            else:
                assert update["decision"] is None
        return False

    for seed in range(6):
        _walk(registry, tally, ["random", "novice", "expert"], seed, look)
    assert "respond" in checked and len(set(checked)) >= 2
    json.dumps(seat_update(tally.new(tally.Rules(), 3, 1), None))  # plain data, spectator included


def test_window_decisions_are_each_responders_decision_in_polling_order(registry, tally):
    seen = []

    def at_window(state, events):
        window = state.open_window()
        if window is None or window.position != 0:
            return False
        found = window_decisions(state)
        assert [d.seat for d in found] == list(window.remaining)
        assert found[0] == state.decision()
        # answered in that order with the standing answer, each is the decision the seat then faces
        probe = state.clone()
        for expected in found:
            now = probe.decision()
            assert now.seat == expected.seat and [str(c) for c in now.choices] == [str(c) for c in expected.choices]
            probe.apply(now.seat, standing_answer(now))
        assert state.decision() == found[0]  # the state itself was not moved
        seen.append(len(found))
        return len(seen) >= 5

    for seed in range(10):
        _walk(registry, tally, ["random", "random", "random"], seed, at_window)
        if len(seen) >= 5:
            break
    assert seen and max(seen) >= 2


def test_no_window_no_window_decisions(registry, tally):
    state = tally.new(tally.Rules(), 3, 2)
    assert state.open_window() is None and window_decisions(state) == []
    assert seat_decision(state.decision())["seat"] == state.decision().seat
