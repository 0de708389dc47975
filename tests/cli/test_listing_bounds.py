"""A house-rule hook that never answers cannot freeze a listing: `list`, completion, `plugins` and `rules` say which plugin gave no answer.

The hook waits on an event the test sets when it ends (in process), or
sleeps far longer than the test waits (in a real `muggins` process): either
way it never answers while the command runs, so nothing here depends on how
fast the machine is, only on the bound being kept.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import types

import pytest

from muggins import plugin_guards
from muggins.plugins import load_registry, reset_registry

pytestmark = pytest.mark.plugins
pytest.importorskip("cribbage_muggins")

MUGGINS = [sys.executable, "-m", "muggins_cli"]

STUCK = """
from muggins import hookimpl


@hookimpl
def muggins_cribbage_target(players, rules):
    {body}
"""


@pytest.fixture
def stuck_hook(plugin_site, monkeypatch):
    """The plugin 'stuck' (fake-stuck 0.1) whose cribbage target hook waits until the test ends; the listings wait 0.3 s for it."""
    gate = types.ModuleType("stuck_gate")
    gate.OPEN = threading.Event()
    monkeypatch.setitem(sys.modules, "stuck_gate", gate)
    plugin_site.install("stuck", STUCK.format(body="import stuck_gate; stuck_gate.OPEN.wait()"), distribution="fake-stuck", version="0.1")
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,cribbage_muggins,stuck")
    monkeypatch.setattr(plugin_guards, "LISTING_SECONDS", 0.3)
    registry = load_registry()
    assert registry.errors == [], registry.errors
    reset_registry(registry)
    yield registry
    gate.OPEN.set()  # the threads left behind answer and end
    reset_registry()


SAID = "fake-stuck 0.1 (plugin 'stuck') did not answer within 0.3 s (in muggins_cribbage_target()), so it was not checked"


def test_list_and_its_json_say_the_plugin_did_not_answer(stuck_hook, run):
    listed = run("list")
    assert listed.exit_code == 0
    assert "cribbage_muggins" in listed.stdout and f"refused: {SAID}" in listed.stdout
    rows = json.loads(run("list", "--json").stdout)
    assert [row["house_rule_refusal"] for row in rows if row["name"] == "cribbage_muggins"] == [SAID]


def test_plugins_and_rules_say_it_too(stuck_hook, run):
    shown = json.loads(run("plugins").stdout)
    assert any(SAID in error for error in shown["errors"])
    rules = run("rules", "cribbage_muggins")
    assert rules.exit_code == 0 and f"# refused under these defaults, as play would say: {SAID}" in rules.stdout
    assert "target = " in rules.stdout


def test_completion_answers(stuck_hook, run, monkeypatch):
    monkeypatch.setenv("_MUGGINS_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", "muggins play cri")
    monkeypatch.setenv("COMP_CWORD", "2")
    from muggins_cli.main import cli

    from click.testing import CliRunner

    done = CliRunner().invoke(cli, [], prog_name="muggins", catch_exceptions=False)
    assert "plain,cribbage_muggins" in done.stdout.split()


def test_a_real_list_with_a_hook_sleeping_ten_minutes_answers(plugin_site, subprocess_env, tmp_path):
    plugin_site.install("stuck", STUCK.format(body="import time; time.sleep(600)"), distribution="fake-stuck", version="0.1")
    env = dict(subprocess_env, MUGGINS_LOAD_PLUGINS="cribbage_muggins,stuck", MUGGINS_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("MUGGINS_NO_CACHE", None)
    try:
        done = subprocess.run([*MUGGINS, "list"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("`muggins list` waited for the sleeping hook")
    assert done.returncode == 0, done.stderr
    assert f"did not answer within {plugin_guards.LISTING_SECONDS:g} s (in muggins_cribbage_target())" in done.stdout
