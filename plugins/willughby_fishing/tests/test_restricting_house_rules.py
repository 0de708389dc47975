"""A house rule that closes a kind of claim changes exactly the decisions it names, and one that changes nothing says so.

Fishing's `muggins_fishing_claimable` turns a kind of claim off with False
(`{"left_pair": False}`: the pair left on the table when a player took
only one of three table cards can no longer be claimed; the plugin is the
worked example of docs/games/willughby_fishing.md, run as the page prints it). Seeded matches are
played without the rule and compared, position by position, with the same
positions under it (`muggins.testing.house_rule_effects.changed_decisions`):
every decision that differs is a window after such a capture, where the
left pair was due, and there is at least one. The choices never change (the
window still asks everyone; a claim is only no longer correct).
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

from willughby_fishing import FishingRules


PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "willughby_fishing.md"


def documented_example():
    """The restricting example of the game's page, as a plugin module (its code block run as the page prints it)."""
    text = PAGE.read_text()
    start = text.index("\n### A restricting example")
    code = re.search(r"```python\n(.*?)```", text[start:], re.S).group(1)
    module = types.ModuleType("documented_restriction")
    exec(compile(code, str(PAGE), "exec"), module.__dict__)
    return module


class Claimable:
    def __init__(self, kinds):
        self.kinds = kinds

    @hookimpl
    def muggins_fishing_claimable(self, players, rules):
        return self.kinds


def game_with(**plugins):
    registry = load_registry(only=["willughby_fishing"], extra_plugins=list(plugins.items()))
    assert not registry.errors, registry.errors
    return registry, registry.game("willughby_fishing")


def test_closing_a_kind_of_claim_changes_exactly_the_windows_it_names():
    registry, without = game_with()
    _, with_rule = game_with(no_left_pair=documented_example())
    changes = list(changed_decisions(without, with_rule, range(12), ["random", "novice", "expert", "random", "novice"],
                                     rules=FishingRules(deals=1), players=5, house_keys=("terms",), registry=registry, max_moves=300))
    assert changes, "the rule changed no decision in these matches"
    assert all(change.choices[0] == change.choices[1] for change in changes)
    unnamed = [c for c in changes if not (c.without.phase == "window" and c.without.what == "left_pair" and c.without.due and not c.with_rule.due)]
    assert not unnamed, [(c.seed, c.without.phase, c.without.what, sorted(c.correct[0]), sorted(c.correct[1])) for c in unnamed[:3]]


def test_a_plugin_setting_a_kind_to_its_standard_changes_nothing_and_is_listed_so():
    registry, game = game_with(left_pair_on=Claimable({"left_pair": True}), no_field_four=Claimable({"field_four": False}))
    assert unchanging_plugins(registry, game) == ("left_pair_on",)
    assert check_in_force(registry, game).unchanging == ("left_pair_on",)


def test_a_plugin_closing_a_kind_and_one_keeping_it_open_are_refused_naming_both():
    # Each kind is on or off in a match: False from one plugin and True from another is a conflict, not a choice between them.
    _, game = game_with(closes=Claimable({"left_pair": False}), keeps=Claimable({"left_pair": True}))
    with pytest.raises(HouseRuleError, match=r"'closes' and 'keeps' both set whether the pair left on the table is claimable"):
        game.new(FishingRules(), 5, 0)
