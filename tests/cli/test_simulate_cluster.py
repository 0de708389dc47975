"""`muggins simulate --cluster`: the same bytes as local workers, workers checked first, killed workers' chunks redone, Ctrl-C.

One small Dask cluster (2 worker processes, Tally installed through its
entry point) serves the module through `tcp://`; one test starts its own
through `--cluster local:2`.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from muggins.simulate import SimulationInterrupted, simulate

distributed = pytest.importorskip("distributed")

TESTGAME_DIR = Path(__file__).resolve().parents[1] / "testgame"
SEATS = ("--seat", "novice", "--seat", "random")
KINDS = ["novice", "random", "expert"]


@pytest.fixture(scope="module")
def scheduler(tally_site):
    """The address of a running local cluster whose workers have Tally installed."""
    saved = {name: os.environ.get(name) for name in ("PYTHONPATH", "MUGGINS_LOAD_PLUGINS")}
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(tally_site), str(TESTGAME_DIR), saved["PYTHONPATH"]) if p)
    os.environ["MUGGINS_LOAD_PLUGINS"] = "tally"
    # Spawned workers take this process's sys.path, not PYTHONPATH: put Tally there while they start.
    saved_path = list(sys.path)
    sys.path[:0] = [str(tally_site), str(TESTGAME_DIR)]
    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    finally:
        sys.path[:] = saved_path
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    yield cluster.scheduler_address
    cluster.close()


def test_a_cluster_gives_the_same_bytes_as_one_or_two_local_workers(run, scheduler):
    args = ("simulate", "tally", "--games", "300", "--seed", "9", *SEATS, "--json")
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    cluster = run(*args, "--cluster", scheduler)
    assert one.exit_code == two.exit_code == cluster.exit_code == 0, cluster.stderr
    assert one.stdout == two.stdout == cluster.stdout
    assert json.loads(cluster.stdout)["games"] == 300


def test_a_local_cluster_started_for_the_run(run):
    args = ("simulate", "tally", "--games", "200", "--seed", "4", *SEATS, "--json")
    local = run(*args, "--cluster", "local:2")
    assert local.exit_code == 0, local.stderr
    assert local.stdout == run(*args).stdout


def test_a_comparison_on_the_cluster_matches_local_workers(run, scheduler, tmp_path):
    (tmp_path / "a.toml").write_text("hand_size = 3\n")
    (tmp_path / "b.toml").write_text("reward = 2.0\n")
    args = ("simulate", "tally", "--games", "240", "--seed", "5", *SEATS, "--rules", "a.toml", "--rules", "b.toml", "--json")
    local = run(*args, "--workers", "2")
    cluster = run(*args, "--cluster", scheduler)
    assert local.exit_code == cluster.exit_code == 0, cluster.stderr
    assert local.stdout == cluster.stdout and json.loads(local.stdout)["rule_sets"][1]["label"] == "b.toml"


def test_a_worker_killed_mid_run_has_its_chunks_redone(registry, tally, scheduler):
    from muggins.cluster import DaskEngine

    expected = simulate(tally, kinds=KINDS, seed=6, games=600, registry=registry)
    with distributed.Client(scheduler) as client:
        victims = client.run(os.getpid)
        killed = []

        def progress(finished):
            if not killed:
                victim = sorted(victims.values())[0]
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        found = simulate(tally, kinds=KINDS, seed=6, games=600, progress=progress, registry=registry, engine=lambda plan: DaskEngine(client, plan))
        client.wait_for_workers(2, timeout=60)  # the nanny replaces the killed worker for the next tests
    assert killed and json.dumps(found) == json.dumps(expected)


def test_ctrl_c_on_a_cluster_gives_the_partial_summary_and_cancels_the_rest(registry, tally, scheduler):
    from muggins.cluster import DaskEngine

    with distributed.Client(scheduler) as client:
        calls = []

        def progress(finished):
            calls.append(finished)
            if len(calls) == 3:
                raise KeyboardInterrupt

        with pytest.raises(SimulationInterrupted) as stopped:
            simulate(tally, kinds=KINDS, seed=2, games=5000, progress=progress, registry=registry, engine=lambda plan: DaskEngine(client, plan))
        partial = stopped.value.summary
        assert partial["partial"] is True and partial["games"] < 5000
        prefix = simulate(tally, kinds=KINDS, seed=2, games=partial["games"], registry=registry)
        assert partial["wins"] == prefix["wins"] and partial["decisions"] == prefix["decisions"]
        # Chunks already running finish on their own; nothing else is left to run.
        deadline = time.monotonic() + 30
        while any(str(key).startswith("muggins-chunk-") for keys in client.processing().values() for key in keys):
            assert time.monotonic() < deadline, "cancelled chunks are still being run"
            time.sleep(0.1)


def test_workers_with_another_version_of_the_game_are_refused(run, tally, scheduler, monkeypatch, one_line):
    monkeypatch.setattr(type(tally), "version", "9.9")
    result = run("simulate", "tally", "--games", "10", "--cluster", scheduler)
    assert result.exit_code == 2
    line = one_line(result.stderr)
    assert line.startswith("muggins: error: worker tcp://") and line.endswith("has tally version 1.0, but here it is version 9.9")


def test_workers_without_the_game_are_refused(fake_plugin, run, scheduler, one_line):
    fake_plugin("muggins_onlyhere", '''
        from muggins import hookimpl
        from muggins_tally import TallyGame


        class OnlyHere(TallyGame):
            name = "onlyhere"


        class Plugin:
            @hookimpl
            def muggins_register_games(self, register):
                register(OnlyHere())


        plugin = Plugin()
    ''')
    result = run("simulate", "onlyhere", "--games", "10", "--cluster", scheduler)
    assert result.exit_code == 2
    assert one_line(result.stderr).endswith("does not have the game onlyhere installed (here: version 1.0)")


@pytest.mark.parametrize("spec, words", [
    ("local:0", "--cluster local:0: give the number of worker processes, e.g. local:2"),
    ("local:two", "--cluster local:two: give the number of worker processes, e.g. local:2"),
    ("somewhere", "--cluster somewhere: expected local:N or tcp://HOST:PORT (PORT a number from 1 to 65535, nothing after it)"),
])
def test_a_malformed_cluster_is_one_line(run, spec, words, one_line):
    result = run("simulate", "tally", "--games", "10", "--cluster", spec)
    assert result.exit_code == 2 and one_line(result.stderr) == f"muggins: error: {words}"


def test_an_unreachable_scheduler_is_one_line(run, one_line, monkeypatch):
    from muggins import cluster

    monkeypatch.setattr(cluster, "connect", _unreachable)
    result = run("simulate", "tally", "--games", "10", "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and "cannot reach the scheduler" in one_line(result.stderr)


def _unreachable(spec, timeout=20.0):
    from muggins import cluster

    raise cluster.ClusterUnavailable(f"--cluster {spec}: cannot reach the scheduler (timed out)")


def test_without_dask_the_cluster_option_names_the_extra(run, monkeypatch, one_line):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    result = run("simulate", "tally", "--games", "10", "--cluster", "local:2")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: --cluster needs Dask: install the extra: pip install 'muggins-cli[dask]'"


def test_connect_refuses_an_unreachable_scheduler_and_check_refuses_an_empty_cluster(tally):
    from muggins.cluster import ClusterUnavailable, check_workers, connect

    with pytest.raises(ClusterUnavailable, match=r"--cluster tcp://127.0.0.1:9: cannot reach the scheduler \("):
        with connect("tcp://127.0.0.1:9", timeout=1):
            pass
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty, distributed.Client(empty) as client:
        assert check_workers(client, tally) == "the cluster has no workers"
