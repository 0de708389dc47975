"""Core figures: `muggins list` start-up against importing click and pluggy, and engine steps per second on Tally.

Start-up: each command is a fresh process, run to its end; the commands are
run in turns within each repeat (`timing.interleave`) and each is measured
by its own CPU time (user + system of the reaped child) with its wall time
beside; the ratios are medians of the per-repeat ratios. Tally: whole
four-player matches of the core's test game (tests/testgame) through
`muggins.engine.Match`, the same matches every repeat, decisions per CPU
second of this process. `--baseline DIR` adds `muggins list` with this
checkout's and DIR's packages first on PYTHONPATH (both the same way, as
`python -m muggins_cli list`), and Tally matches in two worker processes. Figures are printed as JSON lines,
never asserted.

Run: `uv run python benchmarks/bench_core.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Callable, Iterable

import timing

#: (start-up repeats, Tally matches per repeat, Tally repeats), by default and with --quick.
SIZES = {False: (21, 100, 15), True: (5, 20, 3)}


def _muggins() -> str:
    return shutil.which("muggins") or str(Path(sys.executable).parent / "muggins")


def startup(quick: bool, baseline: str | None) -> list[dict]:
    """`muggins list` (every installed plugin, and the shedding game alone) against `import click, pluggy`, in turns.

    The shedding-only figure still discovers every distribution but imports
    one game, so it separates the core's own start-up from what the other
    installed plugins cost to import; importing importlib.metadata next to
    Click and pluggy shows the floor that discovery sets. Without bytecode
    caches (as with PYTHONDONTWRITEBYTECODE=1 and an environment installed
    without compiling) every run also compiles the project's and Click's
    source.
    """
    repeats = SIZES[quick][0]
    env = dict(os.environ)
    muggins = _muggins()
    commands = {
        "baseline": ([sys.executable, "-c", "import click, pluggy"], env),
        "baseline_metadata": ([sys.executable, "-c", "import click, pluggy, importlib.metadata"], env),
        "list": ([muggins, "list"], env),
        "list_shedding": ([muggins, "list"], dict(env, MUGGINS_LOAD_PLUGINS="muggins_shedding")),
    }
    if baseline:
        # `python -m muggins_cli`, not the installed `muggins` script: the script is this environment's and
        # names this checkout's entry point, which an older checkout may not have
        module = [sys.executable, "-m", "muggins_cli", "list"]
        commands["current:list"] = (module, timing.checkout_env(timing.ROOT, env))
        commands["baseline:list"] = (module, timing.checkout_env(baseline, env))
    found = timing.interleave({name: (lambda _, cmd=cmd, env=env: timing.command(cmd, env)) for name, (cmd, env) in commands.items()}, repeats)
    cached = {"bytecode_caches_written": not env.get("PYTHONDONTWRITEBYTECODE")}
    out = [
        found.seconds("list", "startup_seconds_muggins_list", **cached),
        found.seconds("list_shedding", "startup_seconds_muggins_list_shedding_only"),
        found.seconds("baseline", "startup_seconds_import_click_pluggy"),
        # what discovery through importlib.metadata costs before any of muggins is imported
        found.seconds("baseline_metadata", "startup_seconds_import_click_pluggy_importlib_metadata"),
        # a ratio of seconds: how many times the bare imports' time `muggins list` takes
        found.per_repeat("startup_ratio_list_to_import_click_pluggy", lambda a, b: a / b, ["list", "baseline"], goal=1.75, **cached),
        found.per_repeat("startup_ratio_list_shedding_only_to_import_click_pluggy", lambda a, b: a / b, ["list_shedding", "baseline"]),
    ]
    if baseline:
        out += [
            found.seconds("current:list", "current_startup_seconds_muggins_list"),
            found.seconds("baseline:list", "baseline_startup_seconds_muggins_list", baseline=baseline),
            found.per_repeat("startup_ratio_list_current_to_baseline", lambda a, b: a / b, ["current:list", "baseline:list"], baseline=baseline),
        ]
    return out


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """The Tally matches (a worker finds the test game in its own checkout's tests/testgame)."""
    matches = SIZES[quick][1]

    def tally() -> Callable[[int], object]:
        sys.path.insert(0, str(timing.checkout() / "tests" / "testgame"))
        import muggins_tally
        from muggins.engine import Match, make_players
        from muggins.plugins import load_registry

        registry = load_registry(load_entry_points=False, extra_plugins=[("tally", muggins_tally.plugin)])
        game = registry.game("tally")
        rules = game.Rules(hand_size=12)

        def play(_: int) -> int:
            steps = 0
            for seed in range(matches):
                match = Match(game.new(rules, 4, seed), make_players(registry, game, ["random", "expert", "novice", "random"], seed))
                match.run()
                steps += match.decisions
            return steps

        return play

    return {"tally": tally}


def engine_steps(quick: bool, baseline: str | None) -> list[dict]:
    _, matches, repeats = SIZES[quick]
    contenders = {"tally": tasks(quick)["tally"]()}
    before = timing.Baseline(__file__, baseline, ["muggins"], {"quick": quick}) if baseline else None
    found = timing.interleave_against(before, contenders, ["tally"], repeats)
    steps = found.results["tally"]
    out = [found.rate("tally", steps, "tally_engine_steps_per_second", matches_per_repeat=matches, players=4)]
    if before:
        out += before.figures(found, "tally", matches, "tally_matches_per_second", players=4)
    return out


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    yield from startup(quick, baseline)
    yield from engine_steps(quick, baseline)


if __name__ == "__main__":
    sys.exit(timing.main(run, "core", tasks))
