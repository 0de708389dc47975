"""A policy seat under a front end's thinking limit (the browser table's): an answer that came after the limit, or after a stop, is not played."""

from __future__ import annotations

import sys
import time

import pytest

pytest.importorskip("numpy", reason="policy seats need numpy (the core's rl extra)")

POLICIES = '''
import time
import numpy as np

def slow(observation):
    time.sleep(0.2)
    return int(np.flatnonzero(observation["action_mask"])[0])

def quick(observation):
    return int(np.flatnonzero(observation["action_mask"])[0])
'''


@pytest.fixture
def seated(tmp_path, monkeypatch):
    """A two-player cribbage match seated with the named policy: (the seat to decide first, its view, its decision)."""
    from muggins.plugins import load_registry, reset_registry

    (tmp_path / "limit_test_policies.py").write_text(POLICIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("limit_test_policies", None)
    registry = load_registry(only=["cribbage_muggins", "policy"])
    reset_registry(registry)

    def seat(function):
        from muggins.engine import Match
        from muggins.players import make_players

        game = registry.game("cribbage_muggins")
        players = make_players(registry, game, [f"policy:fn=limit_test_policies:{function}"] * 2, 4)
        match = Match(game.new(game.Rules(), 2, 4), players, registry=registry)
        decision = match.state.decision()
        return players[decision.seat], match.state.view(decision.seat), decision

    yield seat
    reset_registry(None)
    sys.modules.pop("limit_test_policies", None)


def test_a_policy_answering_after_the_limit_is_stopped_as_a_search_is(seated):
    from muggins.thinking import ThinkingLimit, ThinkingStopped, limited

    player, view, decision = seated("slow")
    limit = ThinkingLimit(0.05)
    with limited(limit), pytest.raises(ThinkingStopped, match="thought for more than 0.05 s on one decision"):
        limit.begin()
        player.choose(view, decision)


def test_a_quick_policy_plays_under_the_limit_and_a_stop_asked_for_stops_it(seated):
    from muggins.thinking import ThinkingLimit, ThinkingStopped, limited

    player, view, decision = seated("quick")
    limit = ThinkingLimit(30)
    with limited(limit):
        limit.begin()
        assert player.choose(view, decision) in decision.choices
        limit.stop("the server is stopping")
        with pytest.raises(ThinkingStopped, match="the server is stopping"):
            player.choose(view, decision)
    started = time.monotonic()
    assert player.choose(view, decision) in decision.choices and time.monotonic() - started < 30  # no limit outside a front end's
