"""The K-touches-A house rule, tested the way its author would: hand-made positions and a few matches.

Run with `pytest` in this folder once the plugin is installed next to the
shedding game (`pip install PATH/core PATH/plugins/muggins_shedding . pytest`,
PATH a clone of muggins). The `registry`
fixture loads the game and this plugin alone, so nothing else installed
changes the figures, and makes it the process registry, where the game
looks for house-rule plugins. Positions are built with
`SheddingState.from_position`, which asks the plugins in force as a new
match does.
"""

from __future__ import annotations

import pytest

from muggins import load_rules
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry, reset_registry
from muggins.testing import act

import shedding_k_touches_a
from muggins_shedding import SheddingRules, SheddingState

PLUGIN = "shedding_k_touches_a"
STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}
# A rules file can switch a house-rule plugin off for a match: its `[plugins]` table.
WITHOUT = load_rules(SheddingRules, f"hands = 1\n[plugins]\n{PLUGIN} = false\n")


@pytest.fixture
def registry():
    loaded = load_registry(only=["muggins_shedding", PLUGIN])
    assert not loaded.errors, loaded.errors
    assert PLUGIN in {p.name for p in loaded.plugins}
    reset_registry(loaded)
    yield loaded
    reset_registry()


@pytest.fixture
def game(registry):
    return registry.game("muggins_shedding")


def king_turned_over_an_ace(game, rules=None):
    """Seat 0 turns K♥; the only common shows A♣; seat 2's discard shows Q♣ (which a king touches anyway)."""
    return SheddingState.from_position(game, rules, players=4, commons=["AC"], stocks=STOCKS, discards={2: ["QC"]}, mover=0, exposed="KH")


def correct(state):
    return [str(a) for a in state.decision().correct]


def test_the_plugin_declares_the_game_versions_it_supports():
    assert shedding_k_touches_a.MUGGINS_SUPPORTS == {"muggins_shedding": "1.*"}


def test_a_king_on_an_ace_common_is_correct_and_comes_first(game):
    state = king_turned_over_an_ace(game)
    assert state.extra == ((1, 13),)
    assert correct(state) == ["play KH to common 1"]  # before seat 2's fitting queen


def test_an_ace_on_a_king_fits_too(game):
    state = SheddingState.from_position(game, players=4, commons=["KC"], stocks=STOCKS, mover=0, exposed="AH")
    assert correct(state) == ["play AH to common 1"]


def test_switched_off_for_a_match_the_king_goes_to_the_queen(game):
    assert correct(king_turned_over_an_ace(game, WITHOUT)) == ["play KH to discard 2"]


def test_the_old_correct_play_is_now_an_error_and_a_call_moves_the_king_onto_the_ace(game):
    state = king_turned_over_an_ace(game)
    act(state, "play KH to discard 2")
    events = act(state, "muggins")
    assert events[0]["upheld"] is True
    correction = next(e for e in events if e["type"] == "correction")
    assert (correction["pile"], correction["on"]) == ("common 1", "AC")


def test_matches_with_the_rule_place_kings_on_aces_and_without_it_never(registry, game):
    def k_a_placements(rules):
        count = 0
        for seed in range(6):
            log = []
            state = game.new(rules, 4, seed)
            Match(state, make_players(registry, game, ["expert"] * 4, seed), listeners=[lambda name, ev: log.append(ev)]).run()
            count += sum(1 for e in log if e["type"] == "place" and e["pile"].startswith("common") and e["on"] and {e["card"][0], e["on"][0]} == {"K", "A"})
        return count

    assert k_a_placements(SheddingRules(hands=1)) > 0
    assert k_a_placements(WITHOUT) == 0
