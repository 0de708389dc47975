"""House-rule plugins at the command line: seen in list, rules and simulate, named in records, switched per match, checked on replay.

A one-hook house rule for the shedding game (K and A touch) is installed
the way pip would as far as discovery goes: a module on sys.path and a
`*.dist-info` with its `muggins` entry point.
"""

from __future__ import annotations

import importlib
import json
import sys

import pytest
from click.testing import CliRunner

from muggins.plugins import load_registry, reset_registry
from muggins.records import read_record
from muggins_cli.main import cli

PLUGIN = '''
from muggins import hookimpl

MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}


@hookimpl
def muggins_shedding_adjacent_ranks(players, rules):
    return [(13, 1)]
'''


def install(site, name="wraps", version="0.3.0"):
    (site / f"{name}.py").write_text(PLUGIN)
    info = site / f"{name}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}-rule\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[muggins]\n{name} = {name}\n")


def load(*names):
    importlib.invalidate_caches()
    loaded = load_registry(only=["muggins_shedding", *names])
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)
    return loaded


@pytest.fixture
def site(tmp_path, monkeypatch):
    where = tmp_path / "site"
    where.mkdir()
    monkeypatch.syspath_prepend(str(where))
    monkeypatch.chdir(tmp_path)
    yield where
    sys.modules.pop("wraps", None)


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke


def bots(*extra):
    return ["play", "muggins_shedding", "--players", "3", "--seat", "expert", "--seat", "novice", "--seat", "random", *extra]


def test_list_and_rules_show_an_installed_house_rule_under_its_game(site, run):
    install(site)
    load("wraps")
    listed = run("list")
    lines = listed.stdout.splitlines()
    row = next(n for n, line in enumerate(lines) if line.startswith("muggins_shedding"))
    assert lines[row + 1] == "  house rule: wraps (wraps-rule 0.3.0)"
    data = {game["name"]: game for game in json.loads(run("list", "--json").stdout)}
    assert data["muggins_shedding"]["house_rules"] == [
        {"name": "wraps", "distribution": "wraps-rule", "version": "0.3.0", "hooks": ["muggins_shedding_adjacent_ranks"], "changes_nothing": False}]
    rules = run("rules", "muggins_shedding").stdout
    assert "#   wraps: wraps (wraps-rule 0.3.0), changes muggins_shedding_adjacent_ranks" in rules
    assert rules.rstrip().endswith("[plugins]\nwraps = true")


def test_the_record_names_the_plugin_and_replay_without_it_is_one_line(site, run):
    install(site)
    load("wraps")
    played = run(*bots("--seed", "5", "--record", "m.jsonl"))
    assert played.exit_code == 0, played.output
    assert read_record("m.jsonl").house_rules == [{"name": "wraps", "distribution": "wraps-rule", "version": "0.3.0"}]
    assert run("replay", "m.jsonl", "--verify").exit_code == 0
    load()  # the plugin is gone
    replayed = run("replay", "m.jsonl")
    assert replayed.exit_code == 2
    assert replayed.stderr.strip().splitlines() == [
        "muggins: error: m.jsonl: house-rule plugins differ: it was played with house-rule plugin 'wraps' 0.3.0, "
        "not in force here (to replay it: install wraps-rule 0.3.0)"]
    assert run("resume", "m.jsonl").exit_code == 2


def test_a_record_of_another_version_of_the_plugin_names_the_version_to_install(site, run):
    import shutil

    install(site)
    load("wraps")
    assert run(*bots("--seed", "5", "--record", "m.jsonl")).exit_code == 0
    shutil.rmtree(site / "wraps-0.3.0.dist-info")
    (site / "wraps.py").unlink()
    sys.modules.pop("wraps", None)
    install(site, version="0.4.0")
    load("wraps")
    refused = run("replay", "m.jsonl")
    assert refused.exit_code == 2
    assert refused.stderr.strip() == ("muggins: error: m.jsonl: house-rule plugins differ: wraps is 0.4.0 here, 0.3.0 in the record "
                                      "(to replay it: install wraps-rule 0.3.0)")


def test_a_record_made_without_the_plugin_refuses_to_replay_with_it_in_force(site, run):
    load()
    assert run(*bots("--seed", "5", "--record", "plain.jsonl")).exit_code == 0
    assert read_record("plain.jsonl").house_rules == []
    install(site)
    load("wraps")
    refused = run("replay", "plain.jsonl")
    assert refused.exit_code == 2 and "here house-rule plugin 'wraps' 0.3.0 would also be in force" in refused.stderr
    assert refused.stderr.rstrip().endswith(
        "(to replay it: leave out 'wraps' (MUGGINS_LOAD_PLUGINS naming only the plugins to load, or uninstall it))")


def test_a_plugins_table_switches_it_off_for_one_match_and_the_record_says_so(site, run):
    install(site)
    load("wraps")
    (site.parent / "off.toml").write_text("[plugins]\nwraps = false\n")
    played = run(*bots("--seed", "5", "--rules", "off.toml", "--record", "off.jsonl"))
    assert played.exit_code == 0, played.output
    record = read_record("off.jsonl")
    assert record.house_rules == [] and record.rules["plugins"] == {"wraps": False}
    assert run("replay", "off.jsonl", "--verify").exit_code == 0  # replays with the plugin installed: it is off in the record's rules


def test_a_plugins_table_naming_a_plugin_not_installed_is_one_line_and_no_record(site, run):
    load()
    (site.parent / "bad.toml").write_text("[plugins]\nnowhere = false\n")
    refused = run(*bots("--rules", "bad.toml", "--record", "x.jsonl"))
    assert refused.exit_code == 2
    assert refused.stderr.strip() == ("muggins: error: bad.toml: [plugins] names 'nowhere', which is not an installed "
                                      "house-rule plugin of muggins_shedding (installed: none installed)")
    assert not (site.parent / "x.jsonl").exists()


def test_an_old_record_without_the_field_replays_with_a_warning(site, run):
    load()
    assert run(*bots("--seed", "5", "--record", "old.jsonl")).exit_code == 0
    lines = (site.parent / "old.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    del header["house_rules"]
    (site.parent / "old.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert run("replay", "old.jsonl").exit_code == 0
    install(site)
    load("wraps")
    warned = run("replay", "old.jsonl")
    assert "warning: old.jsonl: the record does not say which house-rule plugins were in force" in warned.stderr


def test_simulate_names_the_plugins_in_force_in_text_and_json_and_compares_with_and_without(site, run):
    install(site)
    load("wraps")
    (site.parent / "off.toml").write_text("[plugins]\nwraps = false\n")
    text = run("simulate", "muggins_shedding", "--games", "3", "--seed", "1").stdout
    assert text.splitlines()[0].endswith("rules default, house-rule plugin: wraps 0.3.0")
    data = json.loads(run("simulate", "muggins_shedding", "--games", "3", "--seed", "1", "--json").stdout)
    assert data["house_rules"] == [{"name": "wraps", "distribution": "wraps-rule", "version": "0.3.0"}]
    off = json.loads(run("simulate", "muggins_shedding", "--games", "3", "--seed", "1", "--rules", "off.toml", "--json").stdout)
    assert off["house_rules"] == [] and off["rules"]["plugins"] == {"wraps": False}
    (site.parent / "on.toml").write_text("")
    both = json.loads(run("simulate", "muggins_shedding", "--games", "4", "--seed", "1", "--rules", "on.toml", "--rules", "off.toml", "--json").stdout)
    assert [s["house_rules"] for s in both["rule_sets"]] == [[{"name": "wraps", "distribution": "wraps-rule", "version": "0.3.0"}], []]
    compared = run("simulate", "muggins_shedding", "--games", "4", "--seed", "1", "--rules", "on.toml", "--rules", "off.toml").stdout
    assert "  A: on.toml, house-rule plugin: wraps 0.3.0" in compared and "  B: off.toml\n" in compared


def test_a_plugin_for_another_version_of_its_game_is_not_used(site, run):
    (site / "future.py").write_text(PLUGIN.replace('"1.*"', '"2.*"'))
    info = site / "future-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: future\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[muggins]\nfuture = future\n")
    importlib.invalidate_caches()
    loaded = load_registry(only=["muggins_shedding", "future"])
    assert loaded.errors == ["plugin 'future' supports muggins_shedding 2.*, but muggins_shedding 1.0 is installed; it is not used"]
    sys.modules.pop("future", None)
