"""A variant game written as an outside author writes it from the docs page: cribbage to 91, subclassing the public classes.

The variant is a `CribbageGame` subclass with its own name and title and a
`CribbageRules` subclass whose `target` defaults to 91; its plugin object
registers only the game. The game's `expert` and `novice` bots serve it
through the game family (nobody registers them again), whole games end at
91, and the narration names the variant's own skunk line (61) from the
`game_over` event's fields.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from muggins import hookimpl, rule
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry
from muggins.rules import load_rules
from muggins.testing import check_game

from cribbage_muggins.game import CribbageGame
from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import CribbageState


@dataclass(frozen=True)
class To91Rules(CribbageRules):
    target: int = rule(91, doc="Points to win: 91 in this variant (any whole number from 31 to 1000 may be set).", min=31, max=1000)


class CribbageTo91(CribbageGame):
    """Cribbage to 91 points, skunks under 61 and double skunks under 31."""

    name = "cribbage_to_91"
    title = "Cribbage to 91"
    Rules = To91Rules


class Plugin:
    """The variant's whole plugin: it registers the game, nothing else."""

    @hookimpl
    def muggins_register_games(self, register):
        register(CribbageTo91())


@pytest.fixture
def variant_registry():
    registry = load_registry(only=["cribbage_muggins"], extra_plugins=[("cribbage_to_91", Plugin())])
    assert not registry.errors, registry.errors
    return registry


def test_the_variant_plays_to_91_with_the_game_s_own_bots(variant_registry):
    game = variant_registry.game("cribbage_to_91")
    assert variant_registry.player_kind("expert", "cribbage_to_91") is variant_registry.player_kind("expert", "cribbage_muggins")
    assert {"expert", "novice", "random"} <= set(variant_registry.kind_names("cribbage_to_91"))
    for seed in range(4):
        state = game.new(game.Rules(), 2, seed)
        heard: list = []
        result = Match(state, make_players(variant_registry, game, ["expert", "novice"], seed), listeners=[lambda _g, e: heard.append(e)]).run()
        over = heard[-1]
        assert over["type"] == "game_over" and (over["target"], over["skunk_line"], over["double_skunk_line"]) == (91, 61, 31)
        assert 91 <= max(state.scores) < 121 and not result.limit_reached
        assert game.render(state.view(0), 0).startswith("Cribbage to 91 ·")


def test_the_variant_s_narration_names_its_own_skunk_line(variant_registry):
    game = variant_registry.game("cribbage_to_91")
    # Seat 1 shows 14 from 80 and wins at 94; the dealer's 59 is under 61 (not under 31, as a 121/61 guess would say).
    state = CribbageState.from_position(game, To91Rules(muggins=False), players=2, dealer=0, phase="show", starter="KC",
                                        hands={1: ["4C", "5D", "6H", "6S"], 0: ["2C", "7C", "9S", "QD"]},
                                        crib=["3H", "8H", "TH", "QH"], scores=[59, 80])
    over = state.opening_events()[-1]
    assert over["skunked"] == [1, 0] and over["double_skunked"] == [0, 0]
    assert game.standings(over, 0) == ["Game over: seat 1 wins.", "Final scores: you: 59 · seat 1: 94", "You are skunked (under 61)."]
    assert game.describe(over, 0).endswith("; you are skunked (under 61).")


def test_the_variant_s_rules_file_and_the_contract(variant_registry):
    game = variant_registry.game("cribbage_to_91")
    assert load_rules(game.Rules, "muggins = false\n").target == 91
    assert load_rules(game.Rules, "target = 121\n").skunk_lines() == (91, 61)
    report = check_game(game, players=(2, 3), games=2, seed=9, kinds=("random", "expert", "novice"), registry=variant_registry, replays=1)
    assert report.matches == 4
