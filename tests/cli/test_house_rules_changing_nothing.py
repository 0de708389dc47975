"""A house-rule plugin whose answers change nothing says so wherever house rules are listed: list, plugins, rules and play.

Two shedding plugins are installed the way pip would as far as discovery
goes: `wraps` (K and A touch) and `king_queen` (a king touches no rank but
the queen, `muggins_shedding_parted_ranks`). Alone, king_queen changes
nothing (a king touches only a queen anyway); beside wraps it takes K-A
away again, so then it is the change and wraps the plugin changing nothing.
"""

from __future__ import annotations

import importlib
import json
import sys

import pytest
from click.testing import CliRunner

from muggins.plugins import load_registry, reset_registry
from muggins_cli.main import cli

PLUGINS = {
    "wraps": "from muggins import hookimpl\n\n\n@hookimpl\ndef muggins_shedding_adjacent_ranks(players, rules):\n    return [(13, 1)]\n",
    "king_queen": ("from muggins import hookimpl\n\n\n@hookimpl\ndef muggins_shedding_parted_ranks(players, rules):\n"
                   "    return [(13, rank) for rank in range(1, 12)]\n"),
}


@pytest.fixture
def site(tmp_path, monkeypatch):
    where = tmp_path / "site"
    where.mkdir()
    monkeypatch.syspath_prepend(str(where))
    monkeypatch.chdir(tmp_path)
    yield where
    for name in PLUGINS:
        sys.modules.pop(name, None)
    reset_registry()


def install(site, *names):
    for name in names:
        (site / f"{name}.py").write_text(PLUGINS[name])
        info = site / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[muggins]\n{name} = {name}\n")
    importlib.invalidate_caches()
    loaded = load_registry(only=["muggins_shedding", *names])
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def play(*extra):
    return run("play", "muggins_shedding", "--players", "3", "--seat", "expert", "--seat", "expert", "--seat", "expert",
               "--seed", "2", *extra)


def test_alone_the_plugin_is_listed_as_changing_nothing_everywhere(site):
    install(site, "king_queen")
    lines = run("list").stdout.splitlines()
    row = next(n for n, line in enumerate(lines) if line.startswith("muggins_shedding"))
    assert lines[row + 1] == "  house rule: king_queen (king-queen 1.0): changes nothing under the default rules"
    listed = {game["name"]: game for game in json.loads(run("list", "--json").stdout)}
    assert [p["changes_nothing"] for p in listed["muggins_shedding"]["house_rules"]] == [True]
    report = json.loads(run("plugins").stdout)
    assert report["changes_nothing"] == [{"game": "muggins_shedding", "plugin": "king_queen", "note": "changes nothing under the default rules"}]
    assert "#   king_queen: king_queen (king-queen 1.0), changes nothing under these rules (implements muggins_shedding_parted_ranks)" \
        in run("rules", "muggins_shedding").stdout
    assert play().stdout.splitlines()[0] == (
        "house rules in force: king_queen (king-queen 1.0) (changes nothing with these rules); penalty 1 card from each donor")


def test_beside_the_plugin_it_undoes_it_is_the_change_and_the_undone_one_changes_nothing(site):
    install(site, "wraps", "king_queen")
    lines = run("list").stdout.splitlines()
    row = next(n for n, line in enumerate(lines) if line.startswith("muggins_shedding"))
    assert lines[row + 1:row + 3] == ["  house rule: king_queen (king-queen 1.0)",
                                      "  house rule: wraps (wraps 1.0): changes nothing under the default rules"]
    assert [p["plugin"] for p in json.loads(run("plugins").stdout)["changes_nothing"]] == ["wraps"]
    # K-A added by wraps, parted by king_queen: taking away wins, so no pair is named as touching.
    assert play().stdout.splitlines()[0] == (
        "house rules in force: king_queen (king-queen 1.0), wraps (wraps 1.0) (changes nothing with these rules); penalty 1 card from each donor")
    # Asking without each plugin, to say which changes nothing, leaves the record's answers those of the match.
    assert play("--record", "m.jsonl").exit_code == 0
    assert run("replay", "m.jsonl", "--verify").exit_code == 0
    # Switched off, king_queen leaves wraps its K-A.
    (site.parent / "off.toml").write_text("[plugins]\nking_queen = false\n")
    assert play("--rules", "off.toml").stdout.splitlines()[0] == "house rules in force: wraps (wraps 1.0); penalty 1 card from each donor; A–K touch"
