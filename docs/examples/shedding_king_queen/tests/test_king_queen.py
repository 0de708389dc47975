"""The king-queen house rule, tested the way its author would: hand-made positions, alone and beside a rule adding K-A.

Run with `pytest` in this folder once the plugin is installed next to the
shedding game (`pip install PATH/core PATH/plugins/muggins_shedding . pytest`,
PATH a clone of muggins). The registries load the game and this plugin
alone (and, for the combination, a K-A rule written here), so nothing else
installed changes the figures; the contract kit runs with the rule in force.
"""

from __future__ import annotations

import pytest

from muggins import hookimpl
from muggins.plugins import load_registry, reset_registry
from muggins.testing import GameContract

import shedding_king_queen
from muggins_shedding import SheddingRules, SheddingState

PLUGIN = "shedding_king_queen"
STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


class KingTouchesAce:
    """What docs/examples/shedding_k_touches_a answers: K and A touch."""

    @hookimpl
    def muggins_shedding_adjacent_ranks(self, players, rules):
        return [(13, 1)]


def registry_with(*extra):
    loaded = load_registry(only=["muggins_shedding", PLUGIN], extra_plugins=list(extra))
    assert not loaded.errors, loaded.errors
    assert PLUGIN in {p.name for p in loaded.plugins}
    return loaded


@pytest.fixture
def alone():
    registry = registry_with()
    reset_registry(registry)
    yield registry.game("muggins_shedding")
    reset_registry()


@pytest.fixture
def beside_k_a():
    registry = registry_with(("k_touches_a", KingTouchesAce()))
    reset_registry(registry)
    yield registry.game("muggins_shedding")
    reset_registry()


def king_turned_over_an_ace(game):
    """Seat 0 turns K♥; the only common shows A♣; seat 2's discard shows Q♣."""
    return SheddingState.from_position(game, players=4, commons=["AC"], stocks=STOCKS, discards={2: ["QC"]}, mover=0, exposed="KH")


def correct(state):
    return [str(a) for a in state.decision().correct]


def test_the_plugin_declares_the_game_versions_it_supports():
    assert shedding_king_queen.MUGGINS_SUPPORTS == {"muggins_shedding": "1.*"}


def test_alone_it_changes_nothing(alone):
    assert alone.house_rules(SheddingRules(), 4) == alone.house_rules(SheddingRules(), 4).__class__()
    assert correct(king_turned_over_an_ace(alone)) == ["play KH to discard 2"]  # K on A never fitted


def test_beside_a_rule_adding_k_a_the_king_goes_on_the_queen_again(beside_k_a):
    house = beside_k_a.house_rules(SheddingRules(), 4)
    assert house.adjacent == () and house.parted == ()  # K-A added, then parted: taking away wins
    assert correct(king_turned_over_an_ace(beside_k_a)) == ["play KH to discard 2"]


def test_a_queen_still_goes_on_a_king(beside_k_a):
    state = SheddingState.from_position(beside_k_a, players=4, commons=["KC"], stocks=STOCKS, mover=0, exposed="QH")
    assert correct(state) == ["play QH to common 1"]


class TestContractWithTheRule(GameContract):
    """The contract kit with the rule in force: every check the game passes alone, it passes with king-queen."""

    game_name = "muggins_shedding"
    house_rules = [PLUGIN]
    games = 1  # one match per check keeps the run under a second; `pytest --muggins-games 500` soaks it
