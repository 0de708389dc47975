"""The four-card crib flush, tested the way its author would: hand-made positions and a few matches.

Run with `pytest` in this folder once the plugin is installed next to
cribbage (`pip install PATH/core PATH/plugins/cribbage_muggins . pytest`,
PATH a clone of muggins). The `registry` fixture
loads the game and this plugin alone, so nothing else installed changes the
figures, and makes it the process registry. Positions are built with
`CribbageState.from_position`, which asks the plugins in force as a new
match does.
"""

from __future__ import annotations

import pytest

from muggins import load_rules
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry, reset_registry
from muggins.testing import act

import cribbage_four_card_crib_flush
from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import CribbageState

PLUGIN = "cribbage_four_card_crib_flush"
# A rules file can switch a house-rule plugin off for a match: its `[plugins]` table.
WITHOUT = load_rules(CribbageRules, f"muggins = false\n[plugins]\n{PLUGIN} = false\n")
HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["2C", "7C", "9S", "QD"]}
HEART_CRIB = ["3H", "8H", "TH", "QH"]  # four hearts; with the K♣ starter nothing else in it scores


@pytest.fixture
def registry():
    loaded = load_registry(only=["cribbage_muggins", PLUGIN])
    assert not loaded.errors, loaded.errors
    assert PLUGIN in {p.name for p in loaded.plugins}
    reset_registry(loaded)
    yield loaded
    reset_registry()


@pytest.fixture
def game(registry):
    return registry.game("cribbage_muggins")


def shows(game, rules, crib=HEART_CRIB, starter="KC"):
    """The points of every show of a hand-made deal (seat 0 deals), scored automatically."""
    state = CribbageState.from_position(game, rules, players=2, dealer=0, phase="show", hands=HANDS, crib=crib, starter=starter)
    return {(e["seat"], e["what"]): e["points"] for e in state.opening_events() if e["type"] == "show_score"}, state


def test_the_plugin_declares_the_game_versions_it_supports():
    assert cribbage_four_card_crib_flush.MUGGINS_SUPPORTS == {"cribbage_muggins": "1.*"}


def test_a_four_card_flush_in_the_crib_scores_4(game):
    with_rule, state = shows(game, CribbageRules(muggins=False))
    without, _ = shows(game, WITHOUT)
    assert without[(0, "crib")] == 0 and with_rule[(0, "crib")] == 4
    assert with_rule[(1, "hand")] == without[(1, "hand")] == 14  # hands score as before
    breakdown = next(e["breakdown"] for e in state.opening_events() if e["type"] == "show_score" and e["what"] == "crib")
    assert breakdown == [{"kind": "flush", "cards": ["3H", "8H", "TH", "QH"], "points": 4}]


def test_a_five_card_flush_in_the_crib_still_scores_5(game):
    with_rule, _ = shows(game, CribbageRules(muggins=False), starter="KH")
    assert with_rule[(0, "crib")] == 5


def test_muggins_settles_on_the_new_true_count(game):
    state = CribbageState.from_position(game, CribbageRules(), players=2, dealer=0, phase="show", hands=HANDS, crib=HEART_CRIB, starter="KC")
    for _ in ("seat 1's hand", "the dealer's hand"):  # each counted right and accepted
        act(state, f"announce {state.pending['truth']}")
        act(state, "pass")
    assert state.pending["what"] == "crib" and state.pending["truth"] == 4
    act(state, "announce 0")  # the dealer forgets the crib's flush ...
    events = act(state, "muggins 4")  # ... and seat 1 takes it
    settled = next(e for e in events if e["type"] == "settlement")
    assert settled["true"] == 4 and settled["outcome"] == "muggins upheld" and settled["changes"] == {"1": 4}


def test_matches_with_the_rule_play_to_the_end(game, registry):
    for seed in range(3):
        state = game.new(CribbageRules(target=61), 2, seed)
        result = Match(state, make_players(registry, game, ["expert", "novice"], seed)).run()
        assert state.phase == "over" and max(result.scores) >= 61
