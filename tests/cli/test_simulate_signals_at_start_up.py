"""SIGTERM and SIGHUP while `muggins simulate --workers 2` waits for a house-rule hook at start-up: one line and the signal's exit code.

Each shipped game asks its house-rule hooks at its own moment before the
first chunk runs (cribbage while checking which rules the plugins
override, shedding and fishing while the run is planned); a signal in any
of them ends the command as a signal outside the match loop does
elsewhere: exit 143 after SIGTERM, 129 after SIGHUP, one line, never the
130 of Ctrl-C nor a process killed without a word (issue 37, item 14). The
plugin's hook writes a marker file and then sleeps, so the signal is sent
while the hook is surely being asked. Cribbage's cases are expected to
fail (strictly) while the command asks its hooks before entering
`study.signals_stop_the_run`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from muggins.plugins import load_registry, reset_registry

MUGGINS = [sys.executable, "-m", "muggins_cli"]
GAMES = "muggins_shedding,cribbage_muggins,willughby_fishing"

HOOKS = {
    "muggins_shedding": "muggins_shedding_penalty_cards",
    "cribbage_muggins": "muggins_cribbage_target",
    "willughby_fishing": "muggins_fishing_stakes",
}

BLOCKING = """
import os, time
from muggins import hookimpl


@hookimpl
def {hook}(players, rules):
    with open(os.environ["HOOK_ASKED"], "a") as mark:
        mark.write(f"{{os.getpid()}}\\n")
    time.sleep(600)  # until the signal the test sends
"""

SIGNALS = [(name, getattr(signal, name)) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
LINES = {"SIGTERM": "muggins: error: stopped by SIGTERM", "SIGHUP": "muggins: error: hung up (SIGHUP)"}


#: Cribbage asks its hooks in `commands._simulate`'s checks (`warn_overridden`), the others while the run is planned: both inside the handlers.
STARTS = sorted(HOOKS)


@pytest.mark.parametrize("name, number", SIGNALS, ids=[name for name, _ in SIGNALS])
@pytest.mark.parametrize("game", STARTS)
def test_a_signal_while_a_hook_is_asked_at_start_up_is_one_line_and_its_exit_code(plugin_site, monkeypatch, tmp_path, game, name, number):
    plugin_site.install("blocking", BLOCKING.format(hook=HOOKS[game]), distribution="fake-blocking", version="0.1")
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", f"{GAMES},blocking")
    registry = load_registry()
    assert registry.errors == [] and "blocking" in [p.name for p in registry.plugins], registry.errors
    reset_registry(registry)
    asked = tmp_path / "asked"
    env = dict(os.environ, HOOK_ASKED=str(asked))
    env.pop("MUGGINS_DEBUG", None)
    process = subprocess.Popen([*MUGGINS, "simulate", game, "--seat", "expert", "--seat", "random", "--games", "2000", "--workers", "2"],
                               env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (asked.exists() and asked.read_text().endswith("\n")):
            assert time.monotonic() < deadline and process.poll() is None, "the hook was never asked"
            time.sleep(0.05)
        assert asked.read_text().split() == [str(process.pid)]  # asked here, before any worker starts
        process.send_signal(number)
        out, err = process.communicate(timeout=120)
        assert (process.returncode, err.splitlines()) == (128 + number, [LINES[name]])
        assert out == ""
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
