"""Simulation engines side by side: matches per second with `--workers 2` and on a local Dask cluster of 2 processes.

The same run (game, seed, matches) is timed in this process with two
spawned workers and then on `LocalCluster(n_workers=2)`, whose start-up is
timed apart; the summaries must be identical and the figure says whether
they were. The cluster's overhead is its matches per second against the
workers', start-up excluded (goal: at most 10% slower). Figures are
printed as JSON lines, never asserted.

Run: `uv run --group dev python benchmarks/bench_simulate_cluster.py [--quick] [--game NAME] [--games N]`
(or through benchmarks/run.py). The default size is about a minute of
work per engine on two cores.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Iterable


def run(quick: bool = False, game: str = "muggins_shedding", games: int | None = None) -> Iterable[dict]:
    from muggins.cluster import DaskEngine, connect
    from muggins.simulate import simulate

    games = games or (3_000 if quick else 30_000)
    began = time.perf_counter()
    local = simulate(game, games=games, seed=1, workers=2)
    workers_seconds = time.perf_counter() - began
    yield {"metric": "games_per_second", "engine": "workers=2", "game": game, "games": games, "value": round(games / workers_seconds, 1)}

    began = time.perf_counter()
    with connect("local:2") as client:
        client.wait_for_workers(2)
        startup = time.perf_counter() - began
        began = time.perf_counter()
        clustered = simulate(game, games=games, seed=1, engine=lambda plan: DaskEngine(client, plan))
        cluster_seconds = time.perf_counter() - began
    yield {"metric": "cluster_startup_seconds", "engine": "local:2", "value": round(startup, 2)}
    yield {"metric": "games_per_second", "engine": "local:2", "game": game, "games": games, "value": round(games / cluster_seconds, 1)}
    yield {
        "metric": "cluster_overhead_percent", "game": game, "games": games, "goal": 10,
        "value": round(100 * (cluster_seconds / workers_seconds - 1), 1),
        "identical": json.dumps(local) == json.dumps(clustered),
    }


def main(argv: list[str]) -> int:
    options: dict = {}
    args = iter(argv)
    for arg in args:
        if arg == "--game":
            options["game"] = next(args)
        elif arg == "--games":
            options["games"] = int(next(args))
    for figure in run("--quick" in argv, **options):
        print(json.dumps({"bench": "simulate_cluster", **figure}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
