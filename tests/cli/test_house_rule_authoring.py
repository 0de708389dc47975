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
