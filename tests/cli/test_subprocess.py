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
    assert ended.stderr.endswith("continue with: muggins resume muggins-tally-5.jsonl\n")
    assert (tmp_path / "muggins-tally-5.jsonl").exists()


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
