"""Fixtures for the CLI tests: an in-process runner for `muggins` and plugin-faking helpers.

`run` invokes the real Click group in this process with CliRunner (fast and
counted by coverage), inside a fresh temporary directory, with Tally
installed through its entry point (the `registry` fixture). `bare_run` is
the same without any game installed. `fake_plugin` installs a module written
from source as a distribution with a `muggins` entry point, so tests can add
commands or broken plugins exactly as an installed package would.
`processes` reads the process table (Linux `/proc`) for the tests that check
a stopped run leaves no worker process behind.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap
import time
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


class ProcessTable:
    """Parents, children and liveness read from /proc, and a run stopped for good."""

    @staticmethod
    def _parents() -> dict[int, int]:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError):
                    continue
        return parents

    def children(self, pid: int) -> set[int]:
        return {child for child, parent in self._parents().items() if parent == pid}

    def descendants(self, pid: int) -> set[int]:
        parents = self._parents()
        found, frontier = set(), {pid}
        while frontier:
            frontier = {child for child, parent in parents.items() if parent in frontier} - found
            found |= frontier
        return found

    @staticmethod
    def alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    def assert_all_gone(self, pids: set[int], within: float, every: float, what: str = "processes") -> None:
        deadline = time.monotonic() + within
        while any(self.alive(pid) for pid in pids):
            assert time.monotonic() < deadline, f"{what} left running: {sorted(p for p in pids if self.alive(p))}"
            time.sleep(every)

    @staticmethod
    def stop(process: subprocess.Popen) -> None:
        """End a run a failed assertion left going (and so its workers)."""
        if process.poll() is None:
            process.terminate()
            try:
                process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()


@pytest.fixture
def processes() -> ProcessTable:
    return ProcessTable()
