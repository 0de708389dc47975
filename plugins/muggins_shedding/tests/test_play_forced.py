"""`SheddingState.play_forced`: a quiet expert match taking the certain placements at once ends exactly as one played decision by decision.

A listener makes the engine play one decision at a time (nobody is quiet),
so each quiet run is compared with the same seed listened to
(`muggins.testing.play_to_end`, as the kit's determinism check does): the
decision count and the final saved state, which holds the result, must be
equal, at the decision limit too (the match then stops at the same
decision).
"""

from __future__ import annotations

import pytest

from muggins.engine import Match
from muggins.players import make_players
from muggins.testing import play_to_end


def play(registry, game, rules, players, seed, listen, limit=None):
    return play_to_end(game, rules, seed, make_players(registry, game, ["expert"] * players, seed), listen=listen, limit=limit)


@pytest.mark.parametrize("players, rules", [
    (4, {"hands": 1}), (3, {}), (7, {"hands": 1}), (5, {"mistakes": "prevented"}), (3, {"repetition": "draw", "turn_limit": 200}),
])
def test_quiet_expert_matches_end_as_listened_ones(registry, game, players, rules):
    house = game.Rules(**rules)
    for seed in range(6):
        assert play(registry, game, house, players, seed, False) == play(registry, game, house, players, seed, True)


def test_the_decision_limit_stops_both_at_the_same_decision(registry, game):
    house = game.Rules(hands=1)
    for seed in range(3):
        for limit in (1, 2, 4, 5, 6, 50, 133):
            quiet = play(registry, game, house, 4, seed, False, limit)
            assert quiet[1] == "aborted at the decision limit" and quiet == play(registry, game, house, 4, seed, True, limit)


def test_a_quiet_expert_match_takes_most_decisions_in_play_forced(registry, game, monkeypatch):
    state_class = type(game.new(game.Rules(hands=1), 4, 0))
    counted = []
    original = state_class.play_forced

    def spy(self, budget):
        taken = original(self, budget)
        counted.append(taken)
        return taken

    monkeypatch.setattr(state_class, "play_forced", spy)
    state = game.new(game.Rules(hands=1), 4, 0)
    match = Match(state, make_players(registry, game, ["expert"] * 4, 0))
    match.run()
    assert sum(counted) > 0.9 * match.decisions
