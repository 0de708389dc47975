"""The thinking limit (`muggins.thinking`): nothing outside a limit, a stop from another thread, the seconds of one decision, the search checking it."""

from __future__ import annotations

import threading

import pytest

from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.thinking import ThinkingLimit, ThinkingStopped, keep_thinking, limited


def test_outside_any_limit_thinking_always_goes_on():
    keep_thinking()  # a simulation, the terminal, a replay: no limit, nothing raised


def test_a_limit_stopped_from_another_thread_stops_the_next_check_and_only_on_its_own_thread():
    limit = ThinkingLimit(None)
    limit.begin()
    with limited(limit):
        keep_thinking()
        threading.Thread(target=limit.stop, args=("the server is stopping",)).start()
        seen_elsewhere = []
        other = threading.Thread(target=lambda: seen_elsewhere.append(keep_thinking()))
        other.start(), other.join()
        for _ in range(100000):  # the stopping thread's write lands at some check
            try:
                keep_thinking()
            except ThinkingStopped as exc:
                assert str(exc) == "the server is stopping"
                break
        else:
            pytest.fail("the stop was never seen")
    assert seen_elsewhere == [None]  # the other thread runs under no limit
    keep_thinking()  # the block's limit is gone with it


def test_a_decision_past_its_seconds_is_stopped_and_the_next_begins_afresh():
    limit = ThinkingLimit(0.0)
    with limited(limit):
        keep_thinking()  # no decision begun: no deadline yet
        limit.begin()
        with pytest.raises(ThinkingStopped, match="thought for more than 0 s on one decision"):
            keep_thinking()
        limit.seconds = 3600
        limit.begin()
        keep_thinking()


def test_the_search_checks_the_limit_between_simulations_and_makes_no_move_when_stopped():
    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    state = game.new(game.Rules(), 2, 3)
    match = Match(state, make_players(registry, game, ["search:iterations=100000000", "expert"], 3), narrate_opening=False)
    limit = ThinkingLimit(None)
    limit.stop("stopped at once")
    with limited(limit), pytest.raises(ThinkingStopped, match="stopped at once"):
        match.advance()
    waiting = match.pending()  # the search's decision is still to be taken: it made no move
    assert waiting.seat == 0 and len(waiting.correct) > 1
