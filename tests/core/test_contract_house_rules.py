"""The contract kit with a house rule in force: `GameContract.house_rules`, the documented way for a house rule's own tests.

A cribbage house rule (nobs worth 2) is installed as pip leaves it (a
module and its `*.dist-info` on sys.path, `plugin_site`), counting its
calls in the module. `class T(GameContract): game_name = "cribbage_muggins";
house_rules = ["nobs2"]` runs every check with it in force and fails when
it was never asked; a bare `game_name` contract still loads the game alone.
"""

from __future__ import annotations

import importlib

import pytest

from muggins.testing import GameContract, registry_with_game

NOBS2 = '''
from muggins import hookimpl

MUGGINS_SUPPORTS = {"cribbage_muggins": "1.*"}
CALLS = []


@hookimpl
def muggins_cribbage_show_scoring(players, rules):
    CALLS.append(players)
    return {"nobs": 2}
'''

TARGET = '''
from muggins import hookimpl


@hookimpl
def muggins_cribbage_target(players, rules):
    return {{"target": {target}}}
'''


def contract(**attributes):
    """A GameContract subclass for cribbage with `attributes`, small enough for a unit test."""
    return type("TestCribbage", (GameContract,), {"game_name": "cribbage_muggins", "players": [2], "games": 2, **attributes})()


@pytest.fixture
def nobs2(plugin_site):
    plugin_site.install("nobs2", NOBS2, distribution="nobs-two")
    return plugin_site


def calls():
    return importlib.import_module("nobs2").CALLS


def test_house_rules_put_the_rule_in_force_for_every_check_and_count_its_answers(nobs2, capsys):
    test = contract(house_rules=["nobs2"])
    test.test_contract(None)
    assert calls(), "the hook was never called"
    assert "house rules asked: nobs2 1 question" in capsys.readouterr().out
    registry = test.make_registry()
    assert registry.game("cribbage_muggins").rules_in_force(registry.game("cribbage_muggins").Rules(), 2).show.nobs == 2


def test_a_house_rule_may_be_named_by_its_distribution(nobs2):
    contract(house_rules=["nobs-two"]).test_contract(None)
    assert calls()


def test_without_house_rules_the_game_is_loaded_alone(nobs2):
    contract().test_contract(None)
    assert "nobs2" not in __import__("sys").modules or not calls()


def test_a_house_rule_switched_off_by_the_rules_fails_as_never_asked(nobs2):
    from muggins.houserules import with_plugin_switches

    game = registry_with_game("cribbage_muggins")
    off = with_plugin_switches(game.game("cribbage_muggins").Rules(), {"nobs2": False})
    with pytest.raises(AssertionError, match=r"house rule 'nobs2' was never asked while the contract ran \(2 matches\)"):
        contract(house_rules=["nobs2"], rules=off).test_contract(None)


def test_a_house_rule_not_installed_is_one_line(nobs2):
    with pytest.raises(LookupError, match="^house rule 'nowhere' is not loaded: the plugin list names 'nowhere', which matches no installed plugin$"):
        contract(house_rules=["nowhere"]).test_contract(None)
    with pytest.raises(TypeError, match=r"not one string"):
        contract(house_rules="nobs2").test_contract(None)


def test_a_plugin_implementing_no_hook_of_the_game_is_refused(plugin_site):
    plugin_site.install("listener", "from muggins import hookimpl\n\n@hookimpl\ndef muggins_on_event(game, event):\n    pass\n")
    with pytest.raises(LookupError, match="plugin 'listener' implements none of the hooks cribbage_muggins publishes"):
        contract(house_rules=["listener"]).test_contract(None)


def test_conflicting_house_rules_fail_with_the_games_own_line(plugin_site):
    plugin_site.install("target_151", TARGET.format(target=151))
    plugin_site.install("target_91", TARGET.format(target=91))
    with pytest.raises(AssertionError) as refused:
        contract(house_rules=["target_151", "target_91"]).test_contract(None)
    assert str(refused.value) == (
        "cribbage_muggins refuses the house rules in force for 2 players: house-rule plugins 'target_151' and 'target_91' "
        "both set setting 'target' (151 and 91) in muggins_cribbage_target")
