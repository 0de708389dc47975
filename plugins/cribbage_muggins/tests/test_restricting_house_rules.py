"""A house rule that takes scoring away changes exactly the decisions it names, and one that changes nothing says so.

Cribbage's hooks replace the points of the items they name, so a rule
takes an item away by giving it 0 points (`{"hand four-flush": 0}`: a
four-card flush in a hand scores nothing, only a five-card flush counts;
the plugin is the worked example of docs/games/cribbage_muggins.md, run
as the page prints it).
Seeded matches are played without the rule and compared, position by
position, with the same positions under it
(`muggins.testing.house_rule_effects.changed_decisions`): every decision
that differs is a count of a hand holding a four-card flush without the
starter's suit (or the call on that count), and there is at least one.
"""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl
from muggins.houserules import check_in_force, unchanging_plugins
from muggins.plugins import load_registry
from muggins.testing.house_rule_effects import changed_decisions

from cribbage_muggins.rules import CribbageRules


PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "cribbage_muggins.md"


def documented_example():
    """The restricting example of the game's page, as a plugin module (its code block run as the page prints it)."""
    text = PAGE.read_text()
    start = text.index("\n### A restricting example")
    code = re.search(r"```python\n(.*?)```", text[start:], re.S).group(1)
    module = types.ModuleType("documented_restriction")
    exec(compile(code, str(PAGE), "exec"), module.__dict__)
    return module


class Show:
    def __init__(self, items):
        self.items = items

    @hookimpl
    def muggins_cribbage_show_scoring(self, players, rules):
        return self.items


def game_with(**plugins):
    registry = load_registry(only=["cribbage_muggins"], extra_plugins=list(plugins.items()))
    assert not registry.errors, registry.errors
    return registry, registry.game("cribbage_muggins")


def four_card_flush_counted(state):
    """Whether the count the decision is about is of a hand whose four cards share a suit the starter does not."""
    if state.phase not in ("count", "respond") or state.pending.get("what") != "hand":
        return False
    suits = {card.suit for card in state.hands[state.pending["seat"]]}
    return len(suits) == 1 and state.starter.suit not in suits


def test_a_restricting_scoring_changes_exactly_the_counts_it_names():
    registry, without = game_with()
    _, with_rule = game_with(no_hand_flush=documented_example())
    changes = list(changed_decisions(without, with_rule, range(12), ["expert", "novice"], rules=CribbageRules(target=61), players=2,
                                     house_keys=("house",), registry=registry, max_moves=300))
    assert changes, "the rule changed no decision in these matches"
    assert all(change.choices[0] == change.choices[1] for change in changes)  # every count from 0 to 29 is still a choice
    unnamed = [change for change in changes if not four_card_flush_counted(change.without)]
    assert not unnamed, [(c.seed, c.without.phase, dict(c.without.pending), sorted(c.correct[0]), sorted(c.correct[1])) for c in unnamed[:3]]


def test_a_plugin_giving_an_item_its_standard_points_changes_nothing_and_is_listed_so():
    registry, game = game_with(nobs_one=Show({"nobs": 1}), nobs_two=Show({"pair": 3}))
    assert unchanging_plugins(registry, game) == ("nobs_one",)
    assert check_in_force(registry, game).unchanging == ("nobs_one",)


def test_a_plugin_taking_an_item_away_and_one_changing_it_are_refused_naming_both():
    # Each item has one value in a match: 0 from one plugin and 2 from another is a conflict, not a choice between them.
    _, game = game_with(no_nobs=Show({"nobs": 0}), double_nobs=Show({"nobs": 2}))
    with pytest.raises(HouseRuleError, match=r"'double_nobs' and 'no_nobs' both set show item 'nobs' \(2 and 0\)"):
        game.new(CribbageRules(), 2, 0)
