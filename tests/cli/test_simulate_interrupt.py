"""Stopping `muggins simulate`: Ctrl-C and SIGTERM print the partial summary and leave no worker behind; progress; the endless-rules warning."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from muggins_cli import study

MUGGINS = [sys.executable, "-m", "muggins_cli"]


def test_ctrl_c_prints_the_partial_summary_as_json(run, ctrl_c_at_third_chunk):
    calls = ctrl_c_at_third_chunk
    result = run("simulate", "tally", "--games", "500", "--seed", "3", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["partial"] is True and data["games_requested"] == 500 and data["games"] == sum(calls[:2])
    assert result.stderr.splitlines()[-1] == f"muggins: error: interrupted after {data['games']} of 500 matches; the summary is partial"


def test_ctrl_c_prints_the_partial_summary_as_a_table(run, ctrl_c_at_third_chunk):
    calls = ctrl_c_at_third_chunk
    result = run("simulate", "tally", "--games", "500", "--seed", "3")
    assert result.exit_code == 130
    lines = result.stdout.splitlines()
    games = sum(calls[:2])
    assert lines[0].startswith(f"Tally (the core's test game): {games} matches, 3 players, seed 3")
    assert lines[1] == f"partial: interrupted after {games} of 500 matches"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
@pytest.mark.parametrize("workers, stop, code", [("2", signal.SIGTERM, 143), ("1", signal.SIGTERM, 143), ("2", signal.SIGINT, 130)])
def test_a_signal_prints_the_partial_summary_and_leaves_no_worker_behind(subprocess_env, tmp_path, workers, stop, code, processes):
    process = subprocess.Popen(
        [*MUGGINS, "simulate", "tally", "--games", "1000000", "--seed", "2", "--workers", workers, "--json"],
        env=subprocess_env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        workers_seen: set[int] = set()
        while len(workers_seen) < int(workers) + (1 if workers != "1" else 0):  # the pool's workers (and its resource tracker)
            assert time.monotonic() < deadline and process.poll() is None, "the workers never started"
            workers_seen |= processes.children(process.pid)
            if workers == "1":
                break
            time.sleep(0.05)
        # Let some chunks finish: wait for CPU time spent, not wall time, which a busy machine stretches.
        while processes.cpu_seconds({process.pid} | workers_seen) < 1.5:
            assert time.monotonic() < deadline and process.poll() is None, "the run never got going"
            workers_seen |= processes.children(process.pid)
            time.sleep(0.05)
        workers_seen |= processes.children(process.pid)
        process.send_signal(stop)
        out, err = process.communicate(timeout=60)
        assert process.returncode == code, err
        data = json.loads(out)
        assert data["partial"] is True and 0 < data["games"] < 1_000_000
        assert err.splitlines()[-1] == f"muggins: error: interrupted after {data['games']:,} of 1,000,000 matches; the summary is partial"
        processes.assert_all_gone(workers_seen, within=10, every=0.1, what="worker processes")
    finally:
        processes.stop(process)


def test_progress_line_counts_matches_and_chunks_with_rate_and_time_left():
    class Stream(list):
        def write(self, text):
            self.append(text)

        def flush(self):
            pass

    now = [100.0]
    stream = Stream()
    shown = study.Progress("simulating tally", 100, 7, stream, clock=lambda: now[0])
    now[0] = 102.0
    shown(16)
    now[0] = 104.0
    shown(16)
    assert stream[-1] == "\rsimulating tally: 32/100 matches (32%), 2/7 chunks, 8 matches/s, 0:08 left"
    now[0] = 104.1
    shown(16)  # too soon after the last drawing: not redrawn
    assert len(stream) == 2
    now[0] = 110.0
    shown(52)
    assert stream[-1].startswith("\rsimulating tally: 100/100 matches (100%), 4/7 chunks, 10 matches/s, done")
    shown.close()
    assert stream[-1] == "\n"


def test_the_progress_line_is_drawn_on_a_terminal(run, monkeypatch):
    monkeypatch.setattr("muggins_cli.simulating._stderr_is_terminal", lambda: True)
    result = run("simulate", "tally", "--games", "40", "--seed", "1", "--json")
    assert result.exit_code == 0
    assert "simulating tally: 40/40 matches (100%), " in result.stderr and result.stderr.endswith("\n")


def test_rules_that_allow_an_endless_match_are_accepted_with_a_warning(run, tally, monkeypatch, tmp_path):
    monkeypatch.setattr(type(tally), "max_decisions", lambda self, rules, players: 10**10 if rules.hand_size == 2 else 27)
    (tmp_path / "long.toml").write_text("hand_size = 2\n")
    result = run("simulate", "tally", "--games", "5", "--seed", "1", "--rules", "long.toml", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["games"] == 5
    warning = result.stderr.strip()
    assert warning.startswith("muggins: warning: long.toml: these house rules let one match run to 10,000,000,000 decisions")
    assert "a match that goes that far takes about" in warning and "\n" not in warning
    plain = run("simulate", "tally", "--games", "5", "--seed", "1", "--json")
    assert plain.stderr == ""


def test_the_endless_rules_warning_reads_in_french(tally, monkeypatch):
    from muggins.i18n import using_language
    from muggins.simulate.planning import _duration, decision_bound_warning

    monkeypatch.setattr(type(tally), "max_decisions", lambda self, rules, players: 10**10 if rules.hand_size == 2 else 27)
    with using_language("fr"):
        warning = decision_bound_warning(tally, tally.Rules(hand_size=2), 3)
        assert warning.startswith("ces règles maison laissent une partie aller jusqu’à 10\u202f000\u202f000\u202f000 décisions")
        assert "une partie qui va jusque-là dure environ" in warning and "decisions" not in warning
        assert [_duration(s) for s in (1, 90, 600, 7200 * 3, 86400 * 1500)] == ["1 seconde", "90 secondes", "10 minutes", "6 heures", "1\u202f500 jours"]
    assert [_duration(s) for s in (1, 600)] == ["1 second", "10 minutes"]
