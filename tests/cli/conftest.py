"""Fixtures for the CLI tests: an in-process runner for `muggins` and plugin-faking helpers.

`run` invokes the real Click group in this process with CliRunner (fast and
counted by coverage), inside a fresh temporary directory, with Tally
installed through its entry point (the `registry` fixture). `bare_run` is
the same without any game installed. `fake_plugin` installs a module written
from source as a distribution with a `muggins` entry point, so tests can add
commands or broken plugins exactly as an installed package would.
"""

from __future__ import annotations

import importlib
import os
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from muggins.plugins import load_registry, reset_registry
from muggins_cli.main import cli


@pytest.fixture(autouse=True)
def records_here(monkeypatch):
    """Records go to the current directory and the resume hint is plain `muggins`, whoever runs the tests.

    Without this a test would write into the user's real records folder, and
    the hint would depend on whether pytest was started through `uv run`.
    """
    monkeypatch.setenv("MUGGINS_RECORDS", ".")
    monkeypatch.delenv("UV", raising=False)


def _invoker(monkeypatch, where: Path):
    monkeypatch.chdir(where)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def run(registry, tmp_path, monkeypatch):
    """`run("play", "tally", ...)` → click.testing.Result, Tally installed, cwd = a temp dir."""
    return _invoker(monkeypatch, tmp_path)


@pytest.fixture
def bare_run(tmp_path, monkeypatch):
    """Like `run`, with no game installed at all."""
    return _invoker(monkeypatch, tmp_path)


@pytest.fixture
def fake_plugin(tally_env, tmp_path, monkeypatch):
    """`fake_plugin(name, source)` installs module `name` (exposing `plugin`) next to Tally; returns the new registry."""
    site = tmp_path / "plugin-site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    names = ["tally"]

    def install(name: str, source: str, target: str | None = None):
        (site / f"{name}.py").write_text(textwrap.dedent(source))
        info = site / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[muggins]\n{name} = {target or name + ':plugin'}\n")
        names.append(name)
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", ",".join(names))
        sys.modules.pop(name, None)
        importlib.invalidate_caches()
        loaded = load_registry()
        reset_registry(loaded)
        return loaded

    yield install
    for name in names[1:]:
        sys.modules.pop(name, None)


def _one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected exactly one line, got {lines!r}"
    return lines[0]


@pytest.fixture
def one_line():
    """`one_line(text)`: the single non-empty line of `text`; fails if there are none or several."""
    return _one_line


@pytest.fixture
def subprocess_env(tally_env):
    """Environment for running `python -m muggins_cli` with Tally installed."""
    env = dict(os.environ)
    env.pop("MUGGINS_DEBUG", None)
    return env
