"""The real `muggins` process: exit codes, stderr, Ctrl-C, and simulations that do not depend on workers or hashing."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

MUGGINS = [sys.executable, "-m", "muggins_cli"]


def muggins(*args: str, env: dict[str, str], cwd=None, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*MUGGINS, *args], env=env, cwd=cwd, input=input, capture_output=True, text=True, timeout=60)


def test_exit_codes_and_one_line_errors(subprocess_env, tmp_path):
    listed = muggins("list", "--json", env=subprocess_env)
    assert listed.returncode == 0 and json.loads(listed.stdout)[0]["name"] == "tally"
    unknown = muggins("play", "nosuchgame", env=subprocess_env)
    assert unknown.returncode == 2
    assert unknown.stderr == "muggins: error: unknown game 'nosuchgame'; installed games: tally\n"
    missing = muggins("replay", str(tmp_path / "gone.jsonl"), env=subprocess_env)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert missing.stderr.startswith("muggins: error: cannot read record ")
    ended = muggins("play", "tally", "--seed", "5", env=subprocess_env, cwd=tmp_path, input="1\n")
    assert ended.returncode == 1
    [kept] = tmp_path.glob("muggins-tally-*.jsonl")
    assert ended.stderr.endswith(f"continue with: muggins resume {kept.name}\n")


def test_ctrl_c_at_the_prompt(subprocess_env, tmp_path):
    process = subprocess.Popen(
        [*MUGGINS, "play", "tally", "--seed", "5", "--record", "r.jsonl"],
        env=subprocess_env, cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    record = tmp_path / "r.jsonl"
    deadline = time.monotonic() + 30
    while not (record.exists() and record.read_text().count("\n") >= 2):  # header and opening written
        assert time.monotonic() < deadline, "the match never started"
        time.sleep(0.05)
    time.sleep(0.2)  # let it reach the prompt
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "muggins: interrupted after 0 decisions; the record is saved; continue with: muggins resume r.jsonl"
    assert "Traceback" not in err
    assert record.read_text().count("\n") == 2


def test_simulation_totals_do_not_depend_on_workers_or_hash_seed(subprocess_env):
    args = ("simulate", "tally", "--games", "40", "--seed", "3", "--seat", "novice", "--seat", "random", "--json")
    outputs = []
    for workers, hashseed in (("1", "0"), ("2", "1"), ("3", "4242")):
        env = dict(subprocess_env, PYTHONHASHSEED=hashseed)
        done = muggins(*args, "--workers", workers, env=env)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    summary = json.loads(outputs[0])
    assert summary["games"] == 40 and sum(summary["wins"]) + summary["draws"] == pytest.approx(40)


# -- the standard streams (F19) -------------------------------------------------------------
def _run_with(fds: dict[int, object], *args: str, env, cwd) -> subprocess.CompletedProcess:
    """The real process with some standard streams redirected (`/dev/full`) or closed (None)."""
    def close_or_keep() -> None:
        import os

        for fd, target in fds.items():
            if target is None:
                os.close(fd)

    kwargs = {fd_name: target for fd, (fd_name, target) in ((fd, (("stdin", "stdout", "stderr")[fd], t)) for fd, t in fds.items()) if target is not None}
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([*MUGGINS, *args], env=env, cwd=cwd, preexec_fn=close_or_keep, text=True, timeout=60, **kwargs)


BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_standard_output_is_one_line_and_leaves_a_resumable_record(subprocess_env, tmp_path):
    with open("/dev/full", "w") as full:
        listed = _run_with({1: full}, "list", env=subprocess_env, cwd=tmp_path)
        played = _run_with({1: full}, "play", "tally", *BOTS, "--seed", "4", "--record", "r.jsonl", env=subprocess_env, cwd=tmp_path)
    for done in (listed, played):
        assert done.returncode == 1 and done.stderr == "muggins: error: cannot write the output: No space left on device\n"
    record = tmp_path / "r.jsonl"
    assert record.stat().st_size > 0  # never an empty record: the header and opening are written before anything is printed
    resumed = muggins("resume", "r.jsonl", env=subprocess_env, cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr


def test_a_closed_standard_error_still_prints_the_summary(subprocess_env, tmp_path):
    done = _run_with({2: None}, "simulate", "tally", "--games", "2", "--seed", "1", "--json", env=subprocess_env, cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 2


def test_a_closed_standard_input_ends_play_as_the_end_of_input_does(subprocess_env, tmp_path):
    done = _run_with({0: None}, "play", "tally", "--seed", "5", "--record", "h.jsonl", env=subprocess_env, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1].endswith("the record is saved; continue with: muggins resume h.jsonl")


def test_ctrl_c_while_the_program_loads_is_one_line_not_a_traceback(subprocess_env):
    # F20: the console script's entry point (muggins_cli:run) covers the import of Click, pluggy and the commands.
    script = (
        "import os, signal, sys\n"
        "class Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'muggins_cli.main':\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        "from muggins_cli import run\n"
        "sys.argv = ['muggins', 'list']\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], env=subprocess_env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 130 and done.stderr == "muggins: error: interrupted\n" and done.stdout == ""
