"""`muggins simulate`'s worker processes when their parent is killed outright (SIGKILL): they end, and say nothing.

A worker whose parent is gone has nobody to answer: the answer it was
about to send meets a broken pipe. It must end quietly, not print a
traceback per worker on the terminal the parent left behind (issue 37,
item 14). A seat-kind plugin (`waiter`) shows when each worker is playing
a chunk: in a worker process it writes the worker's pid to a folder, then
waits for the parent to go and fails the chunk, so the worker answers
(a failed chunk is an answer like any other) just after the parent died.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

MUGGINS = [sys.executable, "-m", "muggins_cli"]

WAITER = """
    import os, time
    from multiprocessing import parent_process
    from muggins import hookimpl

    class Waiter:
        def __init__(self, rng, **kw):
            pass
        def choose(self, view, decision):
            if parent_process() is not None:  # in a worker: say so, then wait for the parent to be killed
                parent = os.getppid()
                (Path(os.environ["WAITER_MARKS"]) / str(os.getpid())).write_text("playing")
                while os.getppid() == parent:
                    time.sleep(0.01)
                raise RuntimeError("the parent is gone")
            return decision.correct[0]

    from pathlib import Path

    @hookimpl
    def muggins_register_players(register):
        register("waiter", lambda rng, **kw: Waiter(rng), games=("tally",))
"""


@pytest.mark.skipif(not Path("/proc").is_dir() or not hasattr(signal, "SIGKILL"), reason="reads the process table from /proc")
def test_workers_of_a_killed_parent_end_without_a_traceback(fake_plugin, subprocess_env, tmp_path, processes):
    fake_plugin("waiter", WAITER, target="waiter")
    marks = tmp_path / "marks"
    marks.mkdir()
    env = dict(os.environ, WAITER_MARKS=str(marks))
    env.pop("MUGGINS_DEBUG", None)
    process = subprocess.Popen([*MUGGINS, "simulate", "tally", "--seat", "waiter", "--seat", "expert", "--seat", "expert",
                                "--games", "2000", "--seed", "4", "--workers", "2"],
                               env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(list(marks.iterdir())) < 2:  # both workers are in a chunk
            assert time.monotonic() < deadline and process.poll() is None, f"the workers never played: {process.stderr.read() if process.poll() is not None else ''}"
            time.sleep(0.05)
        workers = {int(mark.name) for mark in marks.iterdir()}
        assert workers <= processes.children(process.pid)
        process.kill()
        # The workers hold the same standard error: it ends once they have all gone.
        out, err = process.communicate(timeout=120)
        assert process.returncode == -signal.SIGKILL
        processes.assert_all_gone(workers, within=60, every=0.1, what="worker processes")
        assert "Traceback" not in err and "BrokenPipeError" not in err, err
        assert err == "" and out == ""
    finally:
        processes.stop(process)
