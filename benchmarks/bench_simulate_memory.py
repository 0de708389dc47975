"""Simulation memory: the parent process's peak memory for growing numbers of matches, and its slope per match.

Each size runs `muggins.simulate.simulate(GAME, games=N, workers=W)` in a
fresh Python process, which then reports its own peak resident set (the
parent only, not its workers: `VmHWM` of /proc/self/status, since Linux's
`ru_maxrss` keeps the peak of the image the process was started from, here
the benchmark's own, which through run.py is far larger; `ru_maxrss` where
there is no /proc), its wall time and the CPU time of itself and its
workers. The sizes are run in turns within each
repeat (`timing.interleave`), so every figure has a median with min and
max: the peak per size, and the slope between the smallest and largest
sizes in bytes per match (the median of the per-repeat slopes), which
projects the peak of a 1,000,000-match run. Memory is what this measures;
the matches per second beside each peak are wall time of that process
(CPU beside it), a by-product, not a speed benchmark. `--baseline DIR`
runs every size also with DIR's packages first on the child's PYTHONPATH,
in the same turns. Figures are printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_simulate_memory.py [--quick] [--baseline DIR] [--game NAME] [--workers W] [--sizes N,N,...]`
(or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from typing import Iterable, Mapping

import timing

#: (sizes, repeats), by default and with --quick.
SIZES = {False: ((1_000, 4_000, 16_000), 3), True: ((200, 800, 3_200), 2)}

CHILD = """
import json, resource, sys, time
from muggins.simulate import simulate
if __name__ == "__main__":
    game, games, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    began, cpu = time.perf_counter(), time.process_time()
    summary = simulate(game, games=games, workers=workers, seed=1)
    elapsed = time.perf_counter() - began
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = time.process_time() - cpu + children.ru_utime + children.ru_stime
    try:  # this process's own high-water mark: ru_maxrss also keeps the peak of whatever ran before exec (the parent's image)
        with open("/proc/self/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"games": summary["games"], "seconds": elapsed, "cpu": cpu, "peak_kb": peak}))
"""


def measure(game: str, games: int, workers: int, env: Mapping[str, str] | None = None) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, game, str(games), str(workers)], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)


def run(quick: bool = False, baseline: str | None = None, game: str = "muggins_shedding", workers: int = 2,
        sizes: Iterable[int] | None = None) -> Iterable[dict]:
    default, repeats = SIZES[quick]
    sizes = list(sizes or default)
    sides = {"": None, **({"baseline:": timing.checkout_env(baseline)} if baseline else {})}
    peaks: dict[str, list[int]] = {}

    def child(name: str, games: int, env: Mapping[str, str] | None):
        def work(_: int) -> timing.Sample:
            figure = measure(game, games, workers, env)
            peaks.setdefault(name, []).append(figure["peak_kb"])
            return timing.Sample(figure["cpu"], figure["seconds"])
        return work

    contenders = {f"{side}{games}": child(f"{side}{games}", games, env) for side, env in sides.items() for games in sizes}
    # no warm-up round: every run is a fresh process, and its start is part of what it costs
    found = timing.interleave(contenders, repeats, warmup=False)
    for side in sides:
        label = {"baseline": baseline} if side else {}
        prefix = "baseline_" if side else ""
        for games in sizes:
            rate = found.rate(f"{side}{games}", games, "games_per_second", "wall")
            yield {
                "metric": f"{prefix}parent_peak_mb", "game": game, "workers": workers, "games": games,
                **timing.spread(kb / 1024 for kb in peaks[f"{side}{games}"]), "repeats": repeats,
                "games_per_second_wall": rate["value"], "games_per_second_cpu": rate["cpu"], **label,
            }
        small, large = peaks[f"{side}{sizes[0]}"], peaks[f"{side}{sizes[-1]}"]
        slopes = [(b - a) * 1024 / (sizes[-1] - sizes[0]) for a, b in zip(small, large)]
        slope = statistics.median(slopes)
        projected = (statistics.median(large) * 1024 + slope * (1_000_000 - sizes[-1])) / 2**20
        yield {"metric": f"{prefix}parent_bytes_per_game", "game": game, "workers": workers, **timing.spread(slopes),
               "between": [sizes[0], sizes[-1]], "repeats": repeats, **label}
        yield {"metric": f"{prefix}parent_peak_mb_at_1M_projected", "game": game, "workers": workers,
               "value": timing.rounded(projected), "goal": 60, **label}


def main(argv: list[str]) -> int:
    return timing.main(run, "simulate_memory", None, argv, **timing.script_options(argv, game=str, workers=int, sizes=lambda text: [int(n) for n in text.split(",")]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
