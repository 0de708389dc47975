"""The search horizon's estimates: win chances from the needs and the deal, the points difference of a deal, by side."""

from __future__ import annotations

import pytest

from muggins.plugins import load_registry

from cribbage_muggins.horizon import HORIZON_POINTS, win_estimate


def test_the_win_estimate_favours_the_side_ahead_and_the_dealer_and_flips_in_lowball():
    even = win_estimate([60, 60], dealer_side=0)
    assert even[0] > 0.5 and sum(even) == pytest.approx(1)
    ahead = win_estimate([40, 60], dealer_side=1)
    assert ahead[0] > 0.5 > ahead[1]
    assert win_estimate([10, 30], 1)[0] > win_estimate([100, 120], 1)[0]  # the same lead counts for more near the end
    assert win_estimate([40, 60], 1, lowball=True) == pytest.approx(list(reversed(ahead)))
    three = win_estimate([30, 50, 70], dealer_side=2)
    assert sum(three) == pytest.approx(1) and three[0] > three[1]
    assert sum(win_estimate([30, 50, 70], 2, lowball=True)) == pytest.approx(1)


def test_horizon_returns_wait_for_the_end_of_the_deal_and_partners_share_them():
    game = load_registry(only=["cribbage_muggins"]).game("cribbage_muggins")
    state = game.new(game.Rules(partnerships=True), 4, 9)
    origin = state.clone()
    assert state.horizon_returns(origin, "wins") is None
    state.deal_no += 1
    state.scores = [origin.scores[0] + 12, origin.scores[1]]
    wins = state.horizon_returns(origin, "wins")
    assert wins[0] == wins[2] > 0.5 > wins[1] == wins[3]
    points = state.horizon_returns(origin, "scores")
    assert points == pytest.approx([0.5 + 12 / (2 * HORIZON_POINTS), 0.5 - 12 / (2 * HORIZON_POINTS)] * 2)
    state.scores = [origin.scores[0] + 99, origin.scores[1]]
    assert state.horizon_returns(origin, "scores") == [1.0, 0.0, 1.0, 0.0]


def test_in_lowball_the_points_of_a_deal_count_against_the_side_that_scored_them():
    game = load_registry(only=["cribbage_muggins"]).game("cribbage_muggins")
    state = game.new(game.Rules(lowball=True), 2, 3)
    origin = state.clone()
    state.deal_no += 1
    state.scores = [origin.scores[0] + 6, origin.scores[1]]
    assert state.horizon_returns(origin, "scores") == pytest.approx([0.5 - 6 / (2 * HORIZON_POINTS), 0.5 + 6 / (2 * HORIZON_POINTS)])
    wins = state.horizon_returns(origin, "wins")
    assert wins[0] < 0.5 < wins[1] and sum(wins) == pytest.approx(1)
