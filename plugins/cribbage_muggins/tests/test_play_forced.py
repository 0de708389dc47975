"""`CribbageState.play_forced`: a quiet expert match taking its certain decisions at once ends exactly as one played decision by decision.

A listener makes the engine play one decision at a time, so each quiet run
is compared with the same seed listened to: result, decision count and
final saved state must be equal, at the decision limit too.
"""

from __future__ import annotations

import json

import pytest

from muggins.engine import Match, MatchAborted
from muggins.players import make_players


def play(registry, game, rules, seed, listen, limit=None, players=2):
    state = game.new(rules, players, seed)
    match = Match(state, make_players(registry, game, ["expert"] * players, seed), listeners=[lambda g, e: None] if listen else [])
    if limit is not None:
        match.limit = limit
    try:
        result = match.run()
    except MatchAborted:
        result = "aborted"
    return result, match.decisions, json.dumps(state.to_dict(), sort_keys=True, default=repr)


@pytest.mark.parametrize("players, rules", [(2, {}), (2, {"muggins": False}), (3, {})])
def test_quiet_expert_matches_end_as_listened_ones(registry, game, players, rules):
    house = game.Rules(**rules)
    for seed in range(4):
        assert play(registry, game, house, seed, False, players=players) == play(registry, game, house, seed, True, players=players)


def test_the_decision_limit_stops_both_at_the_same_decision(registry, game):
    house = game.Rules()
    for seed in range(2):
        for limit in (1, 2, 3, 7, 8, 9, 40, 101):
            quiet = play(registry, game, house, seed, False, limit)
            assert quiet[0] == "aborted" and quiet == play(registry, game, house, seed, True, limit)
