"""Simulation engines side by side: matches per second with `--workers 2` and on a local Dask cluster of 2 processes.

The same run (game, seed, matches) is played with two spawned worker
processes (`simulate(..., workers=2)`) and on `LocalCluster(n_workers=2)`,
the two in turns within each repeat (`timing.interleave`); a new cluster is
started for every repeat and its start-up is timed apart, outside the run.
Waiting is the point here (two processes share the work), so the headline
clock is wall time; CPU time beside it counts every process doing the run
(for `--workers 2` this process and its reaped workers, their start
included; for the cluster this process, which hosts the scheduler, and the
workers' own CPU time read from each worker before and after). The
summaries must be identical and the figure says whether they were. The
cluster's overhead is its wall time against the workers', start-up
excluded, the median of the per-repeat values (goal: at most 10% slower).
`--baseline DIR` plays both engines with this checkout's and DIR's packages
in two worker processes of this script (their own workers inherit the
PYTHONPATH). Figures are printed as JSON lines, never asserted.

Run: `uv run --group dev python benchmarks/bench_simulate_cluster.py [--quick] [--baseline DIR] [--game NAME] [--games N]`
(or through benchmarks/run.py). The default size is about a minute and a half on two cores.
"""

from __future__ import annotations

import resource
import sys
import time
from typing import Any, Callable, Iterable

import timing

#: (matches per repeat, repeats), by default and with --quick.
SIZES = {False: (2_000, 9), True: (300, 2)}


def _workers_cpu(client: Any) -> float:
    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    return sum(client.run(cpu).values())


def tasks(quick: bool = False, game: str = "muggins_shedding", games: int | None = None, startups: list | None = None) -> dict[str, Callable[[], Callable[[int], Any]]]:
    """The two engines' work by name: each returns the run's summary, the cluster's a `Sample` that leaves its start-up out."""
    games = games or SIZES[quick][0]

    def workers() -> Callable[[int], Any]:
        from muggins.simulate import simulate

        return lambda _: simulate(game, games=games, seed=1, workers=2)

    def cluster() -> Callable[[int], Any]:
        from muggins.cluster import DaskEngine, connect
        from muggins.simulate import simulate

        def play(_: int) -> timing.Sample:
            began = time.perf_counter()
            with connect("local:2") as client:
                client.wait_for_workers(2)
                if startups is not None:
                    startups.append(time.perf_counter() - began)
                cpu, theirs, wall = time.process_time(), _workers_cpu(client), time.perf_counter()
                summary = simulate(game, games=games, seed=1, engine=lambda plan: DaskEngine(client, plan))
                wall = time.perf_counter() - wall
                cpu = time.process_time() - cpu + _workers_cpu(client) - theirs
            return timing.Sample(cpu, wall, timing.digest(summary))

        return play

    return {"workers=2": workers, "local:2": cluster}


def run(quick: bool = False, baseline: str | None = None, game: str = "muggins_shedding", games: int | None = None) -> Iterable[dict]:
    games = games or SIZES[quick][0]
    repeats = SIZES[quick][1]
    startups: list[float] = []
    made = tasks(quick, game, games, startups)
    options = {"quick": quick, "game": game, "games": games}
    contenders = {name: make() for name, make in made.items()}
    before = timing.Baseline(__file__, baseline, ["muggins"], options) if baseline else None
    # no warm-up round: each repeat starts its workers or its cluster afresh, which is part of what is measured
    found = timing.interleave_against(before, contenders, made, repeats, warmup=False)
    size = {"game": game, "games": games}
    yield found.rate("workers=2", games, "games_per_second", "wall", engine="workers=2", **size)
    yield {"metric": "cluster_startup_seconds", "engine": "local:2", **timing.spread(startups), "clock": "wall", "repeats": len(startups)}
    yield found.rate("local:2", games, "games_per_second", "wall", engine="local:2", **size)
    yield found.per_repeat("cluster_overhead_percent", lambda cluster, local: 100 * (cluster / local - 1), ["local:2", "workers=2"], "wall",
                           **size, goal=10, identical=found.same("workers=2", "local:2"))
    if before:
        for name in made:
            yield from before.figures(found, name, games, "games_per_second", "wall", engine=name, **size)


def main(argv: list[str]) -> int:
    return timing.main(run, "simulate_cluster", tasks, argv, **timing.script_options(argv, game=str, games=int))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
