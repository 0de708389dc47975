"""Hostile and broken plugins at the command line: no plugin takes `muggins` down or chooses its exit code.

Each plugin is a one-module distribution installed next to Tally
(`fake_plugin`). In-process runs check the lines and exit codes; real
processes check what only a process shows: file descriptor 1, worker
processes that die, a real Ctrl-C, a plugin closing the standard streams.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins.simulate import usable_cpus

MUGGINS = [sys.executable, "-m", "muggins_cli"]
BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")

QUITBOT = """
    import os, signal, sys, time
    from muggins import hookimpl

    class Bot:
        def __init__(self, rng, how, **kw):
            self.how, self.n = how, 0
        def choose(self, view, decision):
            self.n += 1
            if self.n > 2:
                if self.how == "quit":
                    sys.exit(3)
                if self.how == "interrupt":
                    raise KeyboardInterrupt
                if self.how == "vanish":
                    os._exit(0)
                if self.how == "recurse":
                    return deep(0)
                if self.how == "noisy":
                    print("printed by a bot")
                    os.write(1, b"written to fd 1 by a bot\\n")
                if self.how == "sleepy":
                    time.sleep(3600)  # until a signal stops it
            return decision.correct[0]

    def deep(n):
        return deep(n + 1)

    def kind(how):
        return lambda rng, **kw: Bot(rng, how)

    @hookimpl
    def muggins_register_players(register):
        for how in ("quit", "interrupt", "vanish", "recurse", "noisy", "sleepy"):
            register(how, kind(how), games=("tally",))
        register("quitfactory", lambda rng, **kw: sys.exit(0), games=("tally",))
"""


def listener(failure: str) -> str:
    return f"""
    import sys
    from muggins import hookimpl

    @hookimpl
    def muggins_on_event(game, event):
        if event["type"] == "play":
            {failure}
"""


def process_env(*names: str) -> dict[str, str]:
    """The environment for a real `muggins` with Tally and the plugins `names` of the `plugin_site` (on PYTHONPATH already)."""
    env = dict(os.environ)
    env.pop("MUGGINS_DEBUG", None)
    env["MUGGINS_LOAD_PLUGINS"] = ",".join(["tally", *names])
    return env


def muggins(*args: str, env: dict[str, str], cwd, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*MUGGINS, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# -- malformed registrations (F10, F11, F26) -------------------------------------------------------
BAD_GAMES = """
    from muggins import hookimpl
    from muggins_tally import TallyGame

    def named(name, **attrs):
        return type("G", (TallyGame,), {"name": name, **attrs})()

    @hookimpl
    def muggins_register_games(register):
        register(named(5))
        register(named("pl", players=[3, 4]))
        register(named("tt", title=None))
        register(named("hsb"), hookspecs=5)
        register(named(""))
        register(named("a/b"))
"""


def test_malformed_games_are_one_warning_each_and_every_command_works(fake_plugin, run):
    fake_plugin("badgames", BAD_GAMES, target="badgames")
    listed = run("list", "--json")
    assert listed.exit_code == 0
    assert [row["name"] for row in json.loads(listed.stdout)] == ["tally"]
    warnings = listed.stderr.splitlines()
    assert len(warnings) == 6 and all(line.startswith("muggins: warning: plugin 'badgames' failed to register games: ") for line in warnings)
    assert warnings[0].endswith("PluginError: a game's name must be text, not int 5")
    assert "game 'hsb': hookspecs must be a module or class of muggins hook specs" in warnings[3]
    assert "game name 'a/b' cannot make a record's file name" in warnings[5]
    played = run("play", "tally", *BOTS, "--seed", "2", "--record", "r.jsonl")
    assert played.exit_code == 0 and "record: r.jsonl" in played.stdout
    # the failed hookspecs leave no phantom conflict behind: the game is simply not installed
    refused = run("simulate", "hsb", "--games", "1")
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[-1] == "muggins: error: unknown game 'hsb'; installed games: tally"


# -- a kind a game already has (F14) ---------------------------------------------------------------------
def test_an_impostor_kind_is_a_conflict_naming_both_and_a_genuine_record_is_not_called_tampered(fake_plugin, run, one_line):
    fake_plugin("shipsexpert", """
        from muggins import hookimpl
        from muggins.players import ExpertPlayer

        @hookimpl
        def muggins_register_players(register):
            register("expert", lambda rng, **kw: ExpertPlayer(rng), games=("tally",))
    """, target="shipsexpert")
    assert run("play", "tally", "--seat", "expert", "--seat", "expert", "--seat", "expert", "--seed", "9", "--record", "genuine.jsonl").exit_code == 0
    assert run("replay", "--verify", "genuine.jsonl").exit_code == 0
    fake_plugin("impostor", """
        from muggins import hookimpl
        from muggins.players import RandomPlayer

        @hookimpl
        def muggins_register_players(register):
            register("expert", lambda rng, **kw: RandomPlayer(rng), games=("tally", "zz"))
    """, target="impostor")
    conflict = ("player kind 'expert' for tally is registered by more than one plugin: impostor 1.0 (plugin 'impostor') and "
                "shipsexpert 1.0 (plugin 'shipsexpert'); neither is used; choose one with MUGGINS_LOAD_PLUGINS")
    verified = run("replay", "--verify", "genuine.jsonl")
    assert verified.exit_code == 2
    assert verified.stderr.splitlines() == [f"muggins: warning: {conflict}", f"muggins: error: genuine.jsonl: header seats: {conflict}"]
    simulated = run("simulate", "tally", "--games", "2")
    assert simulated.exit_code == 2 and simulated.stderr.splitlines()[-1] == f"muggins: error: {conflict}"
    assert json.loads(run("plugins").stdout)["errors"] == [conflict]
    kinds = [kind["name"] for kind in json.loads(run("list", "--json").stdout)[0]["kinds"]]
    assert "expert" not in kinds and "novice" in kinds


# -- SystemExit, KeyboardInterrupt, RecursionError from plugin code (F13, F28) --------------------------
@pytest.mark.parametrize("how, said", [
    ("quit", "raised SystemExit: 3 in choose()"),
    ("interrupt", "raised KeyboardInterrupt in choose()"),
    ("recurse", "raised RecursionError: maximum recursion depth exceeded"),
])
def test_a_bot_ending_play_is_one_line_naming_it_exit_1_and_the_record_is_kept(fake_plugin, run, tmp_path, how, said):
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    result = run("play", "tally", "--seat", how, "--seat", "expert", "--seat", "expert", "--seed", "1", "--record", "q.jsonl")
    assert result.exit_code == 1
    line = result.stderr.splitlines()[-1]
    assert line.startswith(f"muggins: error: quitbot 1.0 (plugin 'quitbot') {said}")
    lines = records(tmp_path / "q.jsonl")
    kept = len(lines) - 2
    assert kept > 0 and "result" not in lines[-1]
    assert line.endswith(f"; the match stopped after {kept} decisions; the record is saved; continue with: muggins resume q.jsonl")
    assert "input nested too deeply" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("how, said", [
    ("quit", "raised SystemExit: 3 in choose() (match 0 of the run)"),
    ("interrupt", "raised KeyboardInterrupt in choose() (match 0 of the run)"),
    ("quitfactory", "raised SystemExit: 0 in <lambda>()"),
])
def test_a_bot_or_factory_ending_simulate_json_is_one_line_exit_1_and_no_output(fake_plugin, run, one_line, how, said):
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    result = run("simulate", "tally", "--games", "3", "--seed", "1", "--seat", how, "--json")
    assert result.exit_code == 1 and result.stdout == ""
    assert one_line(result.stderr) == f"muggins: error: quitbot 1.0 (plugin 'quitbot') {said}; rerun with --debug for the traceback"


# -- listeners (F21) --------------------------------------------------------------------------------------
@pytest.mark.parametrize("failure, said", [("raise ValueError('listener broke')", "ValueError: listener broke"), ("sys.exit(0)", "SystemExit: 0")])
def test_a_raising_listener_is_switched_off_and_the_match_finishes(fake_plugin, run, tmp_path, one_line, failure, said):
    fake_plugin("badlistener", listener(failure), target="badlistener")
    played = run("play", "tally", *BOTS, "--seed", "4", "--record", "l.jsonl")
    assert played.exit_code == 0
    assert one_line(played.stderr) == (f"muggins: warning: badlistener 1.0 (plugin 'badlistener') raised {said} in muggins_on_event(); "
                                       "it hears no more events of this match")
    assert "result" in records(tmp_path / "l.jsonl")[-1]
    assert run("replay", "--verify", "l.jsonl").exit_code == 0
    reset_registry(load_registry())  # as a new `muggins` process has it
    simulated = run("simulate", "tally", "--games", "5", "--seed", "2", "--json")
    assert simulated.exit_code == 0 and json.loads(simulated.stdout)["games"] == 5
    assert simulated.stderr.count("muggins: warning: badlistener") == 1  # said once for the run, not once a match


def test_a_listener_that_raised_lets_an_interrupted_match_be_resumed(fake_plugin, run, tmp_path):
    fake_plugin("badlistener", listener("raise ValueError('listener broke')"), target="badlistener")
    full = run("play", "tally", *BOTS, "--seed", "4", "--record", "full.jsonl")
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "cut.jsonl").write_text("".join(lines[:5]))
    resumed = run("resume", "cut.jsonl")
    assert full.exit_code == 0 and resumed.exit_code == 0
    assert (tmp_path / "cut.jsonl").read_text() == (tmp_path / "full.jsonl").read_text()


# -- plugin output and --json (F15) --------------------------------------------------------------------------
NOISY = """
    import os, sys
    from muggins import hookimpl
    print("printed at import")
    os.write(1, b"written to fd 1 at import\\n")

    @hookimpl
    def muggins_on_event(game, event):
        print("printed by a listener")
"""


def test_plugin_output_never_reaches_json_on_stdout(fake_plugin, run):
    fake_plugin("noisy", NOISY, target="noisy")
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    listed = run("list", "--json")
    assert [row["name"] for row in json.loads(listed.stdout)] == ["tally"]
    assert json.loads(run("plugins").stdout)["errors"] == []
    simulated = run("simulate", "tally", "--games", "4", "--seat", "noisy", "--json")
    assert json.loads(simulated.stdout)["games"] == 4
    assert "printed by a bot" in simulated.stderr and "printed by a listener" in simulated.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_output_a_plugin_writes_to_file_descriptor_1_goes_to_stderr_in_a_real_process(fake_plugin, tmp_path, workers):
    fake_plugin("noisy", NOISY, target="noisy")
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    env = process_env("noisy", "quitbot")
    for args in (("list", "--json"), ("simulate", "tally", "--games", "20", "--seat", "noisy", "--workers", workers, "--json")):
        done = muggins(*args, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        json.loads(done.stdout)
        assert "written to fd 1 at import" in done.stderr
    assert "written to fd 1 by a bot" in done.stderr and "printed by a bot" in done.stderr


# -- hostile imports (F22) -------------------------------------------------------------------------------------
def test_a_keyboard_interrupt_at_import_is_a_warning_and_the_rest_works(fake_plugin, run):
    fake_plugin("kiimport", "raise KeyboardInterrupt\n", target="kiimport")
    said = ""
    for args in (("list",), ("plugins",), ("--help",), ("simulate", "tally", "--games", "2")):
        result = run(*args)
        assert result.exit_code == 0, (args, result.stderr)
        said += result.stderr
    assert said.splitlines() == ["muggins: warning: plugin 'kiimport' failed to load: KeyboardInterrupt"]  # once in a process
    assert run("play", "tally", *BOTS, "--seed", "1", "--record", "r.jsonl").exit_code == 0


def test_a_plugin_closing_the_standard_streams_at_import_stops_nothing(plugin_site, tmp_path):
    # Installed for real processes only: never imported here, where it would close this process's streams.
    plugin_site.install("closer", """
        import os, sys
        sys.stdout.close()
        sys.__stdout__.close()
        sys.stdout = None
        sys.stderr = None
        os.set_blocking(1, False)
    """)
    env = process_env("closer")
    listed = muggins("list", "--json", env=env, cwd=tmp_path)
    assert listed.returncode == 0 and [row["name"] for row in json.loads(listed.stdout)] == ["tally"]
    helped = muggins("--help", env=env, cwd=tmp_path)
    assert helped.returncode == 0 and "simulate" in helped.stdout
    played = muggins("play", "tally", *BOTS, "--seed", "1", "--record", "r.jsonl", env=env, cwd=tmp_path)
    assert played.returncode == 0 and "record: r.jsonl" in played.stdout
    refused = muggins("rules", "nosuch", env=env, cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.splitlines()[-1].startswith("muggins: error: unknown game 'nosuch'")


# -- worker processes (F12) ---------------------------------------------------------------------------------------
@pytest.mark.skipif(usable_cpus() < 2, reason="--workers 2 is capped to one process (inline) on one CPU")
def test_a_bot_ending_its_worker_stops_the_run_with_one_line_naming_it(fake_plugin, tmp_path):
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    env = process_env("quitbot")
    vanished = muggins("simulate", "tally", "--games", "200", "--seed", "1", "--seat", "vanish", "--workers", "2", env=env, cwd=tmp_path)
    assert vanished.returncode == 1
    line = vanished.stderr.strip().splitlines()[-1]
    assert line.startswith("muggins: error: worker processes died 6 times without an answer (the last: exit code 0); the run stops")
    assert line.endswith("quitbot 1.0 (plugin 'quitbot') for seat kind 'vanish'; muggins-tally 1.0 (plugin 'tally') for game 'tally'")
    for how, said in (("quit", "SystemExit: 3"), ("interrupt", "KeyboardInterrupt")):
        done = muggins("simulate", "tally", "--games", "200", "--seed", "1", "--seat", how, "--workers", "2", env=env, cwd=tmp_path)
        assert done.returncode == 1
        assert done.stderr.strip().splitlines()[-1].startswith(f"muggins: error: quitbot 1.0 (plugin 'quitbot') raised {said} in choose() (match ")
        assert "Traceback" not in done.stderr and "SpawnProcess" not in done.stderr


def test_a_real_ctrl_c_during_a_plugin_bot_still_stops_play_with_130(fake_plugin, tmp_path, processes):
    fake_plugin("quitbot", QUITBOT, target="quitbot")
    env = process_env("quitbot")
    record = tmp_path / "sleepy.jsonl"
    process = subprocess.Popen([*MUGGINS, "play", "tally", "--seat", "sleepy", "--seat", "expert", "--seat", "expert", "--seed", "1",
                                "--record", str(record)], env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (record.exists() and record.read_text().count("\n") >= 4):  # the header, the opening and two decisions
            assert time.monotonic() < deadline and process.poll() is None, "the match never got going"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)  # the bot sleeps in its third choice until then
        out, err = process.communicate(timeout=120)
        assert process.returncode == 130, err
        assert err.strip().splitlines()[-1].startswith("muggins: interrupted after ")
        assert "quitbot" not in err
    finally:
        processes.stop(process)


# -- --workers above the CPUs (F25) -----------------------------------------------------------------------------------
def test_workers_above_the_usable_cpus_are_capped_with_one_warning(run, monkeypatch):
    from muggins import simulate as simulation

    monkeypatch.setattr(simulation, "usable_cpus", lambda: 1)
    capped = run("simulate", "tally", "--games", "6", "--seed", "3", "--workers", "999", "--json")
    assert capped.exit_code == 0
    assert capped.stderr.splitlines() == ["muggins: warning: --workers 999 is more than the 1 CPU this process may use; using 1"]
    assert capped.stdout == run("simulate", "tally", "--games", "6", "--seed", "3", "--json").stdout
