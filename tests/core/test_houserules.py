"""House-rule plugins in the core: the `[plugins]` switches, calling a game's hooks, which plugins are in force, versions, variants.

A small game published with hook specs of its own (the Tally test game
with a `muggins_tally_bonus` hook) is registered next to house-rule
plugins given as objects, so every path is exercised without installing
anything.
"""

from __future__ import annotations

import pickle
import types

import pytest

from muggins import HouseRuleError, call_house_rules, hookimpl, hookspec
from muggins.houserules import (
    check_switches, compare_in_force, house_rule_plugins, plugin_switches, supports_version, with_plugin_switches,
)
from muggins.plugins import load_registry
from muggins.rules import RulesError, load_rules, rules_from_dict, rules_to_dict, rules_to_toml


class Specs:
    @staticmethod
    @hookspec
    def muggins_tally_bonus(players, rules):
        """Extra points for every announcement; every answer is added."""


@pytest.fixture(autouse=True)
def tally_classes(tally_env):
    """Tally (on sys.path through the shared fixture) as a game publishing a hook."""
    global TallyGame, TallyRules, TallyWithHooks
    from muggins_tally import TallyGame, TallyRules

    class TallyWithHooks(TallyGame):
        """Tally as a game that publishes a hook."""


class GamePlugin:
    @hookimpl
    def muggins_register_games(self, register):
        register(TallyWithHooks(), hookspecs=Specs)

    @hookimpl
    def muggins_register_players(self, register):
        from muggins.players import BUILTIN_KINDS

        random_kind = next(k for k in BUILTIN_KINDS if k.name == "random")
        register("careful", random_kind.factory, description="tally's own kind", games=("tally",))


def bonus(value, *, argnames=("players", "rules"), supports=None):
    if argnames == ("players",):
        def muggins_tally_bonus(players):
            return value
    else:
        def muggins_tally_bonus(players, rules):
            if isinstance(value, Exception):
                raise value
            return value
    module = types.SimpleNamespace(muggins_tally_bonus=hookimpl(muggins_tally_bonus))
    if supports is not None:
        module.MUGGINS_SUPPORTS = supports
    return module


def registry_with(*plugins):
    loaded = load_registry(load_entry_points=False, extra_plugins=[("tally_game", GamePlugin()), *plugins])
    return loaded, loaded.game("tally")


# -- the [plugins] switches ------------------------------------------------------------
def test_a_plugins_table_switches_plugins_and_travels_with_the_rules():
    rules = load_rules(TallyRules, "hand_size = 2\n[plugins]\nlucky = false\nother = true\n")
    assert rules.hand_size == 2 and plugin_switches(rules) == {"lucky": False, "other": True}
    data = rules_to_dict(rules)
    assert data["plugins"] == {"lucky": False, "other": True}
    again = rules_from_dict(TallyRules, data)
    assert plugin_switches(again) == plugin_switches(rules) and again.hand_size == 2
    assert plugin_switches(pickle.loads(pickle.dumps(rules))) == {"lucky": False, "other": True}  # worker processes
    assert "[plugins]\nlucky = false\nother = true" in rules_to_toml(rules)
    assert "plugins" not in rules_to_dict(TallyRules()) and plugin_switches(TallyRules()) == {}


@pytest.mark.parametrize(("text", "message"), [
    ("plugins = 3\n", "rules:1: plugins must be a table of plugin names set to true or false, as [plugins] with name = false"),
    ("[plugins]\nlucky = 1\n", "rules:1: plugins.lucky = 1 is not allowed; use true (the plugin on) or false (off)"),
])
def test_a_bad_plugins_table_is_one_line(text, message):
    with pytest.raises(RulesError) as caught:
        load_rules(TallyRules, text)
    assert str(caught.value) == message


def test_with_plugin_switches_leaves_the_original_alone():
    rules = TallyRules(hand_size=4)
    switched = with_plugin_switches(rules, {"x": False})
    assert plugin_switches(rules) == {} and plugin_switches(switched) == {"x": False} and switched.hand_size == 4


# -- calling hooks ----------------------------------------------------------------------------
def test_answers_come_in_plugin_name_order_from_the_plugins_in_force():
    loaded, game = registry_with(("zeta", bonus(3)), ("alpha", bonus(1, argnames=("players",))))
    answers = call_house_rules(game, "muggins_tally_bonus", rules=TallyRules(), players=2)
    assert [(a.plugin, a.value) for a in answers] == [("alpha", 1), ("zeta", 3)]
    off = with_plugin_switches(TallyRules(), {"zeta": False})
    assert [(a.plugin, a.value) for a in call_house_rules(game, "muggins_tally_bonus", rules=off, players=2)] == [("alpha", 1)]
    assert call_house_rules(game, "muggins_tally_nothing", rules=TallyRules(), players=2) == []


def test_a_failing_hook_is_one_line_naming_the_plugin_and_the_hook():
    _, game = registry_with(("broken", bonus(ZeroDivisionError("division by zero\nmore"))))
    with pytest.raises(HouseRuleError) as caught:
        call_house_rules(game, "muggins_tally_bonus", rules=TallyRules(), players=2)
    assert str(caught.value) == "house-rule plugin 'broken' failed in muggins_tally_bonus: ZeroDivisionError: division by zero"


def test_the_plugins_in_force_and_the_unknown_switches():
    loaded, game = registry_with(("lucky", bonus(1)), ("plain", types.SimpleNamespace()))
    assert [p.name for p in house_rule_plugins(loaded, game)] == ["lucky"]  # a plugin without the game's hooks is none
    off = with_plugin_switches(TallyRules(), {"lucky": False})
    assert house_rule_plugins(loaded, game, off) == [] and [p.name for p in house_rule_plugins(loaded, game, off, installed=True)] == ["lucky"]
    check_switches(loaded, game, off)
    with pytest.raises(ValueError, match=r"^\[plugins\] names 'nope', which is not an installed house-rule plugin of tally \(installed: lucky\)$"):
        check_switches(loaded, game, with_plugin_switches(TallyRules(), {"nope": True}))


def test_what_a_record_names_against_what_is_in_force():
    loaded, game = registry_with(("lucky", bonus(1)))
    present = house_rule_plugins(loaded, game)
    assert compare_in_force([{"name": "lucky", "version": None}], present) is None
    assert compare_in_force([], present) == "here house-rule plugin 'lucky' would also be in force"
    assert compare_in_force([{"name": "gone", "version": "2.0"}, {"name": "lucky", "version": None}], present) == (
        "it was played with house-rule plugin 'gone' 2.0, not in force here")
    assert compare_in_force([{"name": "lucky", "version": "0.9"}], present) == "lucky is unversioned here, 0.9 in the record"


# -- versions ------------------------------------------------------------------------------------
def test_a_plugin_declaring_other_versions_of_its_game_is_refused_in_one_line():
    assert supports_version({"tally": "1.*"}, "tally", "1.0") is True
    assert supports_version({"tally": ["2.*", "3.0"]}, "tally", "1.0") is False
    assert supports_version({"other": "1.*"}, "tally", "1.0") is None
    loaded, game = registry_with(("old", bonus(1, supports={"tally": "9.*"})), ("fine", bonus(2, supports={"tally": game_version_pattern()})))
    assert f"plugin 'old' supports tally 9.*, but tally {game.version} is installed; it is not used" in loaded.errors
    assert [a.plugin for a in call_house_rules(game, "muggins_tally_bonus", rules=TallyRules(), players=2)] == ["fine"]


def game_version_pattern() -> str:
    return f"{TallyGame.version.split('.')[0]}*"


# -- variants ---------------------------------------------------------------------------------
def test_a_variant_made_by_subclassing_gets_its_parent_games_kinds():
    class Variant(TallyWithHooks):
        name = "tally_variant"
        title = "Tally variant"

    class VariantPlugin:
        @hookimpl
        def muggins_register_games(self, register):
            register(Variant())

    loaded, _ = registry_with(("variant", VariantPlugin()))
    assert "careful" in loaded.kind_names("tally_variant")
    assert loaded.player_kind("careful", "tally_variant").games == ("tally",)
    assert loaded.family("tally_variant") == ["tally_variant", "tally"]
    assert "careful" not in loaded.kind_names("nonexistent")
    variant = loaded.game("tally_variant")
    assert [p.name for p in house_rule_plugins(loaded, variant)] == []  # the parent's hooks apply; nobody implements them here


# -- workers --------------------------------------------------------------------------------
def test_a_worker_refuses_a_plan_whose_house_rule_plugins_it_lacks():
    from muggins import simulate as simulation
    from muggins.plugins import reset_registry
    from muggins.simulate import ChunkPlan, in_force

    planned, game = registry_with(("lucky", bonus(1)))
    wanted = in_force(planned, game, TallyRules())
    assert wanted == ({"name": "lucky", "distribution": None, "version": None},)
    plan = ChunkPlan("tally", ({},), 2, ("random", "random"), 1, (wanted,))
    lacking, _ = registry_with()
    reset_registry(lacking)  # the worker process's registry: the game, not the plugin
    simulation._PREPARED.clear()
    try:
        with pytest.raises(KeyError, match=r"house-rule plugins differ on this worker: it was played with house-rule plugin 'lucky'"):
            simulation._prepare(plan)
        reset_registry(planned)
        simulation._PREPARED.clear()
        assert simulation._prepare(plan)[1].name == "tally"  # with the plugin it prepares
    finally:
        reset_registry()
        simulation._PREPARED.clear()


def test_the_core_combines_answers_and_words_refusals_and_conflicts_for_every_game():
    from muggins.houserules import HouseRuleAnswer, HouseRuleError, combined_answers, single_answer

    def answers(*pairs):
        return [HouseRuleAnswer(plugin, value) for plugin, value in pairs]

    assert single_answer(answers(("a", None)), "muggins_x", "the penalty") is None
    assert single_answer(answers(("a", 3), ("b", 3)), "muggins_x", "the penalty", int) == ("a", 3)
    with pytest.raises(HouseRuleError, match=r"^house-rule plugins 'a' and 'b' both set the penalty \(3 and 2\)$"):
        single_answer(answers(("a", 3), ("b", 2)), "muggins_x", "the penalty")
    with pytest.raises(HouseRuleError, match=r"^house-rule plugin 'a': muggins_x: invalid literal"):
        single_answer(answers(("a", "three")), "muggins_x", "the penalty", int)
    values, setters = combined_answers(answers(("a", {"k": 1}), ("b", {"k": 1, "j": 2})), "muggins_x", expected="a mapping",
                                       label=lambda key: f"key {key}")
    assert values == {"k": 1, "j": 2} and setters == {"k": "a", "j": "b"}
    with pytest.raises(HouseRuleError, match=r"^house-rule plugins 'a' and 'b' both set key k \(1 and 2\) in muggins_x$"):
        combined_answers(answers(("a", {"k": 1}), ("b", {"k": 2})), "muggins_x", expected="a mapping", label=lambda key: f"key {key}",
                         name_hook=True)
    with pytest.raises(HouseRuleError, match=r"^house-rule plugin 'a': muggins_x must return a mapping or None, not \[1\]$"):
        combined_answers(answers(("a", [1])), "muggins_x", expected="a mapping", label=str)
