"""SIGTERM to a simulation on a local Dask cluster, kept out of the CI suite: partial summary, exit 143, no process left.

Usage: `uv run --group dev python scripts/cluster_signals.py [--runs N]`.
Starts `muggins simulate muggins_shedding --cluster local:2 --json` on a
million matches, waits for both worker processes, lets chunks finish for a
few seconds (`--wait`; 0 signals it while Dask is still starting), sends
SIGTERM, and checks the exit code (143), the one error line, the partial
JSON summary (or, signalled during start-up, the line saying no match was
played) and that every process the run started is gone within 20 s.
It waits on a busy machine's timing (a cluster's start-up, its shutdown),
which is why it is a script and not a test: under load the cluster can take
longer than any fixed wait. Prints one JSON line per run; exits 1 on the
first failure.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time


def children_of(pid: int) -> set[int]:
    """Every descendant of `pid`, from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def one_run(seed: int, wait: float) -> dict:
    command = [sys.executable, "-m", "muggins_cli", "simulate", "muggins_shedding", "--games", "1000000", "--seed", str(seed),
               "--cluster", "local:2", "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while len(started) < 2:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit(f"the cluster never started: {process.stderr.read() if process.poll() is not None else 'timeout'}")
            started |= children_of(process.pid)
            time.sleep(0.2)
        time.sleep(wait)
        started |= children_of(process.pid)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=120)
        lines = err.strip().splitlines()
        try:
            summary = json.loads(out)
        except ValueError:
            # Signalled while Dask was still starting: one line, the signal's exit code, no match played.
            summary = {"partial": True, "games": 0} if lines == ["muggins: error: interrupted while the cluster started; no match was played"] else None
        if summary is None:
            return {"ok": False, "exit": process.returncode, "stderr": lines[-3:], "stdout": out[:200]}
        left = set()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            left = {pid for pid in started if alive(pid)}
            if not left:
                break
            time.sleep(0.2)
        ok = process.returncode == 143 and summary["partial"] is True and summary["games"] < 1_000_000 and not left and len(lines) == 1
        return {"ok": ok, "exit": process.returncode, "games": summary["games"], "partial": summary["partial"], "left_running": sorted(left)}
    finally:
        if process.poll() is None:
            process.kill()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--wait", type=float, default=8.0, help="seconds between the workers appearing and SIGTERM (0 hits the start-up)")
    args = parser.parse_args(argv)
    for run in range(args.runs):
        found = one_run(seed=run + 1, wait=args.wait)
        print(json.dumps(found), flush=True)
        if not found["ok"]:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
