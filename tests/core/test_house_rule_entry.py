"""Every shipped game names its house-rule entry `house_rules`, on the game and in its module; the names each had before still work."""

from __future__ import annotations

import importlib

import pytest

from muggins.plugins import load_registry

#: game -> (the module of its house rules, the game method's old name, the module function's old name)
ENTRIES = {
    "muggins_shedding": ("muggins_shedding.houserules", None, None),
    "cribbage_muggins": ("cribbage_muggins.house", "rules_in_force", "rules_in_force"),
    "willughby_fishing": ("willughby_fishing.terms", "terms", "ask_terms"),
}


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_game_and_its_module_answer_house_rules_and_the_old_names_agree(name):
    game = load_registry(only=[name]).game(name)
    module_name, old_method, old_function = ENTRIES[name]
    module = importlib.import_module(module_name)
    rules, players = game.Rules(), game.default_players
    found = game.house_rules(rules, players)
    assert module.house_rules(game, rules, players) == found
    assert "house_rules" in module.__all__
    if old_method is not None:
        assert getattr(game, old_method)(rules, players) == found
    if old_function is not None:
        assert getattr(module, old_function) is module.house_rules and old_function in module.__all__


def test_a_subclass_overriding_house_rules_is_asked_by_the_match():
    cribbage = type(load_registry(only=["cribbage_muggins"]).game("cribbage_muggins"))

    class ToSixtyOne(cribbage):
        def house_rules(self, rules, players):
            return super().house_rules(type(rules)(target=61), players)

    game = ToSixtyOne()
    assert game.new(game.Rules(), 2, 1).house.target == 61 and game.rules_in_force(game.Rules(), 2).target == 61
