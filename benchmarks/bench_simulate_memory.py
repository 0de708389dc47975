"""Simulation memory: the parent process's peak memory for growing numbers of matches, and its slope per match.

Each size runs `muggins.simulate.simulate(GAME, games=N, workers=W)` in a
fresh Python process, which then reports its own peak resident set
(`ru_maxrss`: the parent only, not its workers) and the wall time. A flat
simulation shows the same peak at every size; the slope between the
smallest and largest sizes, in bytes per match, projects the peak of a
1,000,000-match run. Figures are printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_simulate_memory.py [--quick] [--game NAME] [--workers W] [--sizes N,N,...]`
(or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Iterable

CHILD = """
import json, resource, sys, time
from muggins.simulate import simulate
if __name__ == "__main__":
    game, games, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    began = time.perf_counter()
    summary = simulate(game, games=games, workers=workers, seed=1)
    elapsed = time.perf_counter() - began
    print(json.dumps({"games": summary["games"], "seconds": elapsed, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def measure(game: str, games: int, workers: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, game, str(games), str(workers)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def run(quick: bool = False, game: str = "muggins_shedding", workers: int = 2, sizes: Iterable[int] | None = None) -> Iterable[dict]:
    sizes = list(sizes or ((500, 2_000, 8_000) if quick else (2_000, 8_000, 32_000)))
    found = []
    for games in sizes:
        figure = measure(game, games, workers)
        found.append(figure)
        yield {
            "metric": "parent_peak_mb", "game": game, "workers": workers, "games": games,
            "value": round(figure["peak_kb"] / 1024, 1), "games_per_second": round(games / figure["seconds"], 1),
        }
    small, large = found[0], found[-1]
    slope = (large["peak_kb"] - small["peak_kb"]) * 1024 / (sizes[-1] - sizes[0])
    projected = (large["peak_kb"] * 1024 + slope * (1_000_000 - sizes[-1])) / 2**20
    yield {"metric": "parent_bytes_per_game", "game": game, "workers": workers, "value": round(slope, 2), "between": [sizes[0], sizes[-1]]}
    yield {"metric": "parent_peak_mb_at_1M_projected", "game": game, "workers": workers, "value": round(projected, 1), "goal": 60}


def main(argv: list[str]) -> int:
    options = dict(game="muggins_shedding", workers=2, sizes=None)
    args = iter(argv)
    for arg in args:
        if arg == "--game":
            options["game"] = next(args)
        elif arg == "--workers":
            options["workers"] = int(next(args))
        elif arg == "--sizes":
            options["sizes"] = [int(n) for n in next(args).split(",")]
    for figure in run("--quick" in argv, **options):
        print(json.dumps({"bench": "simulate_memory", **figure}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
