"""Core figures: `muggins list` start-up against importing click and pluggy, and engine steps per second on Tally."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import median_seconds

ROOT = Path(__file__).resolve().parent.parent


def _wall(cmd: list[str], repeats: int, env: dict[str, str]) -> float:
    return median_seconds(lambda: subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True), repeats)


def _interleaved(commands: dict[str, tuple[list[str], dict[str, str]]], repeats: int) -> dict[str, float]:
    """Median wall time of each command, run in turn within each repeat so machine load hits them alike."""
    for cmd, env in commands.values():  # one warm-up run each (file-system caches)
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, (cmd, env) in commands.items():
            start = time.perf_counter()
            subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def startup(quick: bool) -> dict:
    """`muggins list` (every installed plugin, and the shedding game alone) against `import click, pluggy`, side by side.

    The shedding-only figure still discovers every distribution but imports
    one game, so it separates the core's own start-up from what the other
    installed plugins cost to import; importing importlib.metadata next to
    Click and pluggy shows the floor that discovery sets. Without bytecode caches (as with
    PYTHONDONTWRITEBYTECODE=1 and an environment installed without
    compiling) every run also compiles the project's and Click's source.
    """
    repeats = 5 if quick else 21
    env = dict(os.environ)
    muggins = shutil.which("muggins") or str(Path(sys.executable).parent / "muggins")
    medians = _interleaved({
        "baseline": ([sys.executable, "-c", "import click, pluggy"], env),
        "baseline_metadata": ([sys.executable, "-c", "import click, pluggy, importlib.metadata"], env),
        "list": ([muggins, "list"], env),
        "list_shedding": ([muggins, "list"], dict(env, MUGGINS_LOAD_PLUGINS="muggins_shedding")),
    }, repeats)
    baseline = medians["baseline"]
    return {
        "metric": "startup_seconds",
        "muggins_list_median": round(medians["list"], 4),
        "muggins_list_shedding_only_median": round(medians["list_shedding"], 4),
        "import_click_pluggy_median": round(baseline, 4),
        # what discovery through importlib.metadata costs before any of muggins is imported
        "import_click_pluggy_importlib_metadata_median": round(medians["baseline_metadata"], 4),
        "ratio": round(medians["list"] / baseline, 3),
        "ratio_shedding_only": round(medians["list_shedding"] / baseline, 3),
        "goal_ratio": 1.75,
        "bytecode_caches_written": not env.get("PYTHONDONTWRITEBYTECODE"),
        "repeats": repeats,
    }


def engine_steps(quick: bool) -> dict:
    sys.path.insert(0, str(ROOT / "tests" / "testgame"))
    import muggins_tally
    from muggins.engine import Match, make_players
    from muggins.plugins import load_registry

    registry = load_registry(load_entry_points=False, extra_plugins=[("tally", muggins_tally.plugin)])
    game = registry.game("tally")
    rules = game.Rules(hand_size=12)
    matches = 40 if quick else 200
    rates = []
    for repeat in range(3 if quick else 7):
        steps = 0
        start = time.perf_counter()
        for index in range(matches):
            seed = repeat * 100000 + index
            match = Match(game.new(rules, 4, seed), make_players(registry, game, ["random", "expert", "novice", "random"], seed))
            match.run()
            steps += match.decisions
        rates.append(steps / (time.perf_counter() - start))
    return {"metric": "tally_engine_steps_per_second", "median": round(statistics.median(rates)), "matches_per_repeat": matches, "players": 4}


def run(quick: bool = False):
    yield startup(quick)
    yield engine_steps(quick)
