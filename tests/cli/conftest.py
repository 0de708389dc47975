"""Fixtures for the CLI tests: an in-process runner for `muggins` and plugin-faking helpers.

`run` invokes the real Click group in this process with CliRunner (fast and
counted by coverage), inside a fresh temporary directory, with Tally
installed through its entry point (the `registry` fixture). `bare_run` is
the same without any game installed. `fake_plugin` installs a module written
from source as a distribution with a `muggins` entry point, so tests can add
commands or broken plugins exactly as an installed package would.
`processes` reads the process table (Linux `/proc`) for the tests that check
a stopped run leaves no worker process behind. `terminal` starts `muggins`
on a pseudo-terminal (POSIX) and drives it as a person at the keyboard.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from muggins.i18n import set_language
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
    # English, whatever the locale of the machine running the tests (a test of French says so itself).
    monkeypatch.setenv("MUGGINS_LANG", "en")


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
def fake_plugin(plugin_site, monkeypatch):
    """`fake_plugin(name, source)` installs module `name` (exposing `plugin`) next to Tally and allows it; returns the new registry."""
    names = ["tally"]

    def install(name: str, source: str, target: str | None = None):
        plugin_site.install(name, source, entry=target or f"{name}:plugin")
        names.append(name)
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", ",".join(names))
        loaded = load_registry()
        reset_registry(loaded)
        return loaded

    return install


def _one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected exactly one line, got {lines!r}"
    return lines[0]


@pytest.fixture
def ctrl_c_at_third_chunk(monkeypatch):
    """A Ctrl-C raised as the third chunk's progress is told, on a terminal; the list of matches each told chunk finished."""
    from muggins_cli import study

    calls = []
    original = study.Progress.__call__

    def call(self, finished):
        calls.append(finished)
        if len(calls) == 3:
            raise KeyboardInterrupt
        original(self, finished)

    monkeypatch.setattr(study.Progress, "__call__", call)
    monkeypatch.setattr("muggins_cli.simulating._stderr_is_terminal", lambda: True)
    return calls


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
    """Parents, children, CPU time and liveness read from /proc, and a run stopped for good."""

    @staticmethod
    def _stat(pid: int | str) -> list[str]:
        """The fields of /proc/PID/stat after the command name (state first); OSError for a process gone."""
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()

    @classmethod
    def _parents(cls) -> dict[int, int]:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parents[int(entry.name)] = int(cls._stat(entry.name)[1])
                except (OSError, ValueError):
                    continue
        return parents

    def cpu_seconds(self, pids) -> float:
        """User and system CPU time the processes have used so far (those already gone count 0)."""
        ticks = 0
        for pid in pids:
            try:
                fields = self._stat(pid)
            except OSError:
                continue
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

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


# -- a real terminal ---------------------------------------------------------------------------------------
#: The end of a flowing window's hint line, and of a banner that waits for a key.
HINT = "any other key lets it stand"
PAUSE = "press any key to go on"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """A `muggins` process on a pseudo-terminal: `expect` text on the screen, `type` keys, `lines` as shown, `play_out` to the end.

    Its standard input, output and error are the slave side of a pty, as in
    a terminal window; the screen is read from the master side.
    """

    def __init__(self, args: list[str], env: dict[str, str], cwd) -> None:
        import pty  # POSIX only: the tests that start a terminal are skipped elsewhere

        self.master, slave = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "muggins_cli", *args], stdin=slave, stdout=slave, stderr=slave,
                                        env=env, cwd=cwd, close_fds=True)
        os.close(slave)
        self.screen = ""
        self.seen = 0  # how much of the screen `expect` has consumed
        self.closed = False

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the process closed the terminal
            return False
        self.screen += data.decode("utf-8", errors="replace")
        return bool(data)

    def expect(self, *texts: str, timeout: float = 30) -> str:
        """Wait until one of `texts` appears after what was already consumed; return the one that appears first on the screen."""
        deadline = time.monotonic() + timeout
        while True:
            found = [(at, text) for text in texts if (at := self.screen.find(text, self.seen)) >= 0]
            if found:
                at, text = min(found)
                self.seen = at + len(text)
                return text
            if time.monotonic() > deadline or (not self.read(0.2) and self.process.poll() is not None and not self.read(0.2)):
                raise AssertionError(f"none of {texts!r} appeared; the screen ends with:\n{self.screen[-1500:]}")

    def quiet_for(self, seconds: float) -> str:
        """Whatever the process prints in `seconds` of reading (expected: nothing, while a prompt waits)."""
        before = len(self.screen)
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self.read(left)
        return self.screen[before:]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def lines(self) -> list[str]:
        """The screen as a person sees it: one entry per line that shows something, every redraw after a carriage return as its own."""
        text = self.screen.replace("\r\n", "\n")  # the terminal's own line ends
        return [shown for line in text.split("\n") for piece in line.split("\r") if (shown := _ANSI.sub("", piece))]

    def play_out(self, window: str | None = None, timeout: float = 120, answer: Callable[[str], str | None] | None = None) -> int:
        """Answer whatever the last line asks until the process exits, and return its exit code.

        A menu gets its first choice, a count 0, a window's line prompt
        Enter, a banner a key; a flowing window gets the key `window` (None:
        it runs out by itself). `answer(last line)`, where given, says the
        keys instead (None: nothing yet). Only what arrived since the last
        key is answered, so a prompt already on the screen is answered once.
        """
        deadline = time.monotonic() + timeout
        answered = None  # the screen's length when the last key was typed
        while self.process.poll() is None:
            assert time.monotonic() < deadline, f"the match did not end; the screen ends with:\n{self.screen[-1500:]}"
            if len(self.screen) == answered:
                self.read(0.5)
                continue
            keys = self._answer(window) if answer is None else answer(self._last_line())
            if keys is None:
                self.read(0.5)
            else:
                self.type(keys)
                answered = len(self.screen)
        while self.read(0.2):
            pass
        return self.process.wait(timeout=10)

    def _last_line(self) -> str:
        """The last line on the screen as it shows after its last redraw, without its colours."""
        return _ANSI.sub("", self.screen.rsplit("\n", 1)[-1].rsplit("\r", 1)[-1])

    def _answer(self, window: str | None) -> str | None:
        """The keys `play_out` types for the last line on the screen, or None."""
        tail = self._last_line()
        if re.search(r"choose 1-\d+ > $", tail):
            return "1\r"
        if tail.endswith("? = help > "):
            return "0\r" if "type a number" in tail else "\r"
        if tail.endswith(PAUSE + " "):
            return " "
        if HINT in tail:
            return window
        return None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if not self.closed:
            os.close(self.master)
            self.closed = True


@pytest.fixture
def terminal(tally_env, tmp_path):
    """`terminal(*args, plugins="tally", width=80, colour=False)`: `muggins ARGS` on a pseudo-terminal of `width` columns in tmp_path.

    Only the games `plugins` names load; records go to tmp_path; NO_COLOR is
    set unless `colour`. Every terminal started is stopped after the test.
    """
    started: list[Terminal] = []

    def start(*args: str, plugins: str = "tally", width: int = 80, colour: bool = False) -> Terminal:
        env = dict(os.environ, TERM="xterm", COLUMNS=str(width), LINES="40", MUGGINS_LOAD_PLUGINS=plugins, MUGGINS_RECORDS=str(tmp_path))
        env.pop("MUGGINS_DEBUG", None)
        env.pop("NO_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        started.append(Terminal(list(args), env, tmp_path))
        return started[-1]

    yield start
    for term in started:
        term.stop()


def _french_keys(tail: str) -> str | None:
    """The keys a French player types for the last line on the screen: the first choice, a count of 0, Enter, a key after a banner."""
    if re.search(r"choisissez 1-\d+ > $", tail):
        return "1\r"
    if tail.endswith("? = aide > "):
        return "0\r" if "tapez un nombre" in tail else "\r"
    if tail.endswith("appuyez sur Entrée pour continuer "):
        return "\r"
    if tail.endswith("appuyez sur une touche pour continuer "):
        return " "
    return None


@pytest.fixture
def played_out_in_french():
    """`played_out_in_french(term)` answers a French terminal game to its end as a player would, and returns its exit code."""

    def play_out(term, timeout: float = 120) -> int:
        return term.play_out(timeout=timeout, answer=_french_keys)

    return play_out


@pytest.fixture
def with_game(run, monkeypatch):
    """`with_game(name)` is `run` with the shipped game `name` installed beside Tally; the registry and the language are put back after."""

    def install(name: str):
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", f"tally,{name}")
        reset_registry(load_registry())
        return run

    yield install
    reset_registry()
    set_language(None)
