"""Tests of the rich-pot house rule, run with the plugin installed next to the Willughby fishing game.

Each test loads a registry with the game and this plugin only (so other
installed plugins cannot interfere) and plays hand-made positions built
with `FishingState.from_position`, which asks the installed plugins for the
match's terms just as a new match does.
"""

from __future__ import annotations

import pytest

from muggins import standard_deck
from muggins.plugins import load_registry, reset_registry
from muggins.testing import act

import fishing_rich_pot
from willughby_fishing import FishingRules, FishingState


@pytest.fixture
def game():
    registry = load_registry(only=["willughby_fishing", "fishing_rich_pot"])
    assert not registry.errors, registry.errors
    assert "fishing_rich_pot" in {p.name for p in registry.plugins}
    reset_registry(registry)
    yield registry.game("willughby_fishing")
    reset_registry()


def end_of_the_match(game):
    """The last card of the match: seat 0 takes the king on the table, so seat 2 alone holds cards.

    Before the capture seat 0 has collected 20 cards, seats 1 and 2 8 each and
    seat 4 6; the dealer (seat 3) holds the 4 cards named nowhere and sweeps
    seat 2's hand and the table.
    """
    named = {"KD", "KH", "8H", "2D", "9S", "4S"}
    spare = [c.code for c in standard_deck() if c.code not in named]
    collections = {0: spare[:20], 1: spare[20:28], 2: spare[28:36], 4: spare[36:42]}
    return FishingState.from_position(game, FishingRules(deals=1), hands={0: ["KD"], 2: ["8H", "2D"]},
                                      field=["KH", "9S", "4S"], collections=collections, mover=0, dealer=3)


def play_out(state):
    events = act(state, "play KD take KH")
    while state.decision() is not None:  # nothing is due in the capture's window
        events += act(state, "pass")
    return {e["type"]: e for e in events}


def test_the_plugin_declares_the_game_versions_it_supports():
    assert fishing_rich_pot.MUGGINS_SUPPORTS == {"willughby_fishing": "1.*"}


def test_every_deal_antes_a_pot_of_16(game):
    state = game.new(FishingRules(), 5, 1)
    ante = next(e for e in state.opening_events() if e["type"] == "ante")
    assert ante["pot"] == state.pot == 16
    assert sorted(ante["antes"]) == [3, 3, 3, 3, 4] and ante["antes"][ante["dealer"]] == 4


def test_the_survivor_takes_10_chips_and_the_pot_still_empties(game):
    events = play_out(end_of_the_match(game))
    assert (events["reward"]["seat"], events["reward"]["chips"], events["reward"]["pot"]) == (2, 10, 6)
    assert events["settle"]["chips"] == [7, 0, 0, 0, -1]  # the standard tariff: a chip a pair over or short of 8
    assert events["settle"]["pot"] == 0


def test_the_richer_reward_makes_the_survivor_win_the_match(game):
    # By the standard stakes seat 0 would win with +5 against the survivor's +3;
    # here the survivor's 10 chips beat seat 0's 7 from its collection.
    events = play_out(end_of_the_match(game))
    assert events["match_end"]["ledger"] == [4, -3, 7, -4, -4]
    assert events["match_end"]["winners"] == [2]
