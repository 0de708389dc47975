"""What outside authors of house rules met at the command line, each fixed: traces, overridden rules, listings, messages.

The house rules are registered in-process (`load_registry(extra_plugins=...)`)
beside the shipped game they change, made the process registry the
command line uses; a plugin that must be found as installed (to be refused
for a game version it does not support) is written to a site folder with
its `*.dist-info`, as pip would leave it.
"""

from __future__ import annotations

import importlib
import json
import sys

import pytest
from click.testing import CliRunner

from muggins import hookimpl
from muggins.plugins import load_registry, reset_registry
from muggins_cli.main import cli


class Nobs2:
    """Nobs worth 2."""

    @hookimpl
    def muggins_cribbage_show_scoring(self, players, rules):
        return {"nobs": 2}


def installed(game, *plugins):
    loaded = load_registry(only=[game], extra_plugins=list(plugins))
    assert loaded.errors == []
    reset_registry(loaded)
    return loaded


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path))
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, list(args), catch_exceptions=False)

    yield invoke
    reset_registry()


def test_tracing_shows_every_house_rule_hook_call_and_its_answer(run, monkeypatch):
    monkeypatch.setenv("MUGGINS_TRACE_PLUGINS", "1")
    installed("cribbage_muggins", ("nobs2", Nobs2()))
    played = run("play", "cribbage_muggins", "--seat", "expert", "--seat", "expert", "--seed", "3")
    assert played.exit_code == 0, played.output
    traced = [line for line in played.stderr.splitlines() if "muggins_cribbage_show_scoring" in line]
    assert traced[:2] == ["muggins trace: muggins_cribbage_show_scoring() of plugin 'nobs2'",
                          'muggins trace: muggins_cribbage_show_scoring() of plugin \'nobs2\' answered {"nobs": 2}']
    assert "muggins trace: muggins_cribbage_show_scoring() of 'nobs2': answered as before, for the same question" in traced


class Target:
    """A house rule setting the cribbage target."""

    def __init__(self, target):
        self.target = target

    @hookimpl
    def muggins_cribbage_target(self, players, rules):
        return {"target": self.target}


class DoubleTariff:
    """Two chips a pair over or short of eight cards, alone: the standard stakes cannot pay it."""

    @hookimpl
    def muggins_fishing_tariff(self, players, rules):
        return {n: n - 8 for n in range(0, 53, 2)}


CONFLICT = "house-rule plugins 'target_151' and 'target_91' both set setting 'target' (151 and 91) in muggins_cribbage_target"
ADVICE = "(under the default rules; a rules file's [plugins] table (NAME = false) switches a plugin off)"


def test_list_and_plugins_show_two_plugins_setting_one_value(run):
    installed("cribbage_muggins", ("target_151", Target(151)), ("target_91", Target(91)))
    listed = run("list").stdout.splitlines()
    assert listed[-1] == f"  refused: {CONFLICT} {ADVICE}"
    row = next(r for r in json.loads(run("list", "--json").stdout) if r["name"] == "cribbage_muggins")
    assert row["house_rule_refusal"] == CONFLICT
    assert json.loads(run("plugins").stdout)["errors"] == [f"cribbage_muggins: {CONFLICT} {ADVICE}"]
    assert f"# refused under these defaults, as play would say: {CONFLICT}" in run("rules", "cribbage_muggins").stdout


def test_list_shows_a_rule_the_game_refuses_with_working_numbers(run):
    installed("willughby_fishing", ("double_tariff", DoubleTariff()))
    refused = run("list").stdout.splitlines()[-1]
    assert refused.startswith("  refused: house-rule plugin 'double_tariff': the stakes and the tariff cannot empty the pot")
    assert "; stakes that fit this tariff: antes 6 and 4, reward 10; " in refused
    played = run("play", "willughby_fishing", "--seat", "expert", "--seat", "expert", "--seat", "expert", "--seat", "expert",
                 "--seat", "expert", "--seed", "1")
    assert played.exit_code == 2 and refused == f"  refused: {played.stderr.strip().removeprefix('muggins: error: ')} {ADVICE}"


def test_a_plugin_the_game_accepts_lists_no_refusal_and_rules_names_what_it_changes(run):
    class Stubs(Nobs2):
        @hookimpl
        def muggins_cribbage_peg_scoring(self, players, rules):
            return None  # a stub left from the scaffold: it changes nothing

    installed("cribbage_muggins", ("nobs2", Stubs()))
    assert not any(line.startswith("  refused") for line in run("list").stdout.splitlines())
    row = next(r for r in json.loads(run("list", "--json").stdout) if r["name"] == "cribbage_muggins")
    assert row["house_rule_refusal"] is None
    assert json.loads(run("plugins").stdout)["errors"] == []
    assert ("#   nobs2: nobs2, changes muggins_cribbage_show_scoring; implements muggins_cribbage_peg_scoring answering None (no change)"
            in run("rules", "cribbage_muggins").stdout)


class TwoPenaltyCards:
    """Two penalty cards from each donor."""

    @hookimpl
    def muggins_shedding_penalty_cards(self, players, rules):
        return 2


BOTS = ("--seat", "expert", "--seat", "expert", "--seed", "3")


def test_a_rules_value_a_plugin_overrides_is_said_when_the_match_is_made_and_the_header_keeps_both(run, tmp_path):
    from muggins.records import read_record

    installed("cribbage_muggins", ("target_91", Target(91)))
    (tmp_path / "t151.toml").write_text("target = 151\n")
    played = run("play", "cribbage_muggins", *BOTS, "--rules", "t151.toml", "--record", "m.jsonl")
    assert played.exit_code == 0, played.output
    assert played.stderr.splitlines() == ["muggins: warning: t151.toml: house-rule plugin 'target_91' sets target to 91, over 151 in the rules"]
    assert played.stdout.splitlines()[0] == "house rules in force: target_91; to 91 (by target_91), skunked under 61, double-skunked under 31"
    record = read_record(tmp_path / "m.jsonl")
    assert record.rules["target"] == 151
    assert record.house_rule_settings == [{"rule": "target", "rules": 151, "in_force": 91, "plugin": "target_91"}]
    over = next(e for events in record.events for e in events if e["type"] == "game_over")
    assert over["target"] == 91
    assert run("replay", "m.jsonl", "--verify").exit_code == 0
    simulated = run("simulate", "cribbage_muggins", "--games", "2", "--rules", "t151.toml")
    assert simulated.exit_code == 0
    assert simulated.stderr.splitlines() == ["muggins: warning: t151.toml: house-rule plugin 'target_91' sets target to 91, over 151 in the rules"]


def test_a_default_a_plugin_replaces_is_named_before_the_match_not_warned_about(run, tmp_path):
    from muggins.records import read_record

    installed("cribbage_muggins", ("nobs2", Nobs2()), ("target_91", Target(91)))
    played = run("play", "cribbage_muggins", *BOTS, "--record", "m.jsonl")
    assert played.exit_code == 0 and played.stderr == ""
    assert played.stdout.splitlines()[0] == (
        "house rules in force: nobs2, target_91; to 91 (by target_91), skunked under 61, double-skunked under 31; show: nobs 2 (by nobs2)")
    assert read_record(tmp_path / "m.jsonl").house_rule_settings == [{"rule": "target", "rules": 121, "in_force": 91, "plugin": "target_91"}]


def test_the_line_before_a_match_for_fishing_and_shedding(run):
    installed("muggins_shedding", ("two_cards", TwoPenaltyCards()))
    played = run("play", "muggins_shedding", "--players", "3", *BOTS, "--seat", "expert")
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[0] == "house rules in force: two_cards; penalty 2 cards from each donor"

    class Stakes:
        @hookimpl
        def muggins_fishing_stakes(self, players, rules):
            return {"reward": 11}

        @hookimpl
        def muggins_fishing_tariff(self, players, rules):
            return {n: 0 for n in range(0, 53, 2)}

    installed("willughby_fishing", ("winner_takes_all", Stakes()))
    played = run("play", "willughby_fishing", *["--seat", "expert"] * 5, "--seed", "1")
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[0] == (
        "house rules in force: winner_takes_all; 5 deals; antes 3 and 2, reward 11 (last holder); no chips for any collection")


FUTURE = '''
from muggins import hookimpl

MUGGINS_SUPPORTS = {"cribbage_muggins": "2.*"}


@hookimpl
def muggins_cribbage_show_scoring(players, rules):
    return {"nobs": 2}
'''


@pytest.fixture
def future(tmp_path, monkeypatch):
    """A cribbage house rule for version 2 of the game, installed as pip leaves it (a module and its dist-info on sys.path)."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "future_rule.py").write_text(FUTURE)
    info = site / "future_rule-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: future-rule\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[muggins]\nfuture_rule = future_rule\n")
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    yield
    sys.modules.pop("future_rule", None)


def test_a_plugins_table_naming_an_installed_plugin_not_in_use_says_why(future, run, tmp_path):
    loaded = load_registry(only=["cribbage_muggins", "future_rule"])
    assert loaded.errors == ["plugin 'future_rule' supports cribbage_muggins 2.*, but cribbage_muggins 1.0 is installed; it is not used"]
    reset_registry(loaded)
    (tmp_path / "on.toml").write_text("[plugins]\nfuture_rule = true\n")
    (tmp_path / "off.toml").write_text("[plugins]\nfuture_rule = false\n")
    refused = run("play", "cribbage_muggins", *BOTS, "--rules", "on.toml")
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[-1] == (
        "muggins: error: on.toml: [plugins] switches on 'future_rule', which is installed but not in use: plugin 'future_rule' "
        "supports cribbage_muggins 2.*, but cribbage_muggins 1.0 is installed")
    assert run("play", "cribbage_muggins", *BOTS, "--rules", "off.toml").exit_code == 0  # off, as it is anyway
    reset_registry(load_registry(only=["cribbage_muggins"]))
    left_out = run("simulate", "cribbage_muggins", "--games", "1", "--rules", "on.toml")
    assert left_out.exit_code == 2 and left_out.stderr.strip() == (
        "muggins: error: on.toml: [plugins] switches on 'future_rule', which is installed but not in use: the plugin list leaves it out")
