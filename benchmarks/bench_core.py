"""Core figures: `muggins list`, shell completion and `muggins --help` start-up against importing click and pluggy, and engine steps per second on Tally.

Start-up: each command is a fresh process, run to its end; the commands are
run in turns within each repeat (`timing.interleave`) and each is measured
by its own CPU time (user + system of the reaped child) with its wall time
beside; the ratios are medians of the per-repeat ratios. Both are measured
with and without bytecode caches and with and without the discovery
snapshot, in the one run. Tally: whole
four-player matches of the core's test game (tests/testgame) through
`muggins.engine.Match`, the same matches every repeat, decisions per CPU
second of this process. Narration: every event of a few seeded matches of
each shipped game told through `Game.describe` to every seat and a
spectator, in English and French, lines per CPU second. `--baseline DIR` adds `muggins list` with this
checkout's and DIR's packages first on PYTHONPATH (both the same way, as
`python -m muggins_cli list`), and Tally matches and the narration in two worker processes. Figures are printed as JSON lines,
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


#: The commands timed at start-up, by name: argv after the interpreter or `muggins`, and the environment added.
_COMPLETE_SEAT = {"_MUGGINS_COMPLETE": "bash_complete", "COMP_WORDS": "muggins play muggins_shedding --opponents nov", "COMP_CWORD": "4"}


def _startup_commands(muggins: str, snapshots: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    no_snapshot = {"MUGGINS_NO_CACHE": "1"}
    with_snapshot = {"MUGGINS_CACHE_DIR": snapshots}
    return {
        "baseline": ([sys.executable, "-c", "import click, pluggy"], {}),
        "list": ([muggins, "list"], with_snapshot),
        "list_no_snapshot": ([muggins, "list"], no_snapshot),
        "list_shedding_no_snapshot": ([muggins, "list"], dict(no_snapshot, MUGGINS_LOAD_PLUGINS="muggins_shedding")),
        "complete": ([muggins], dict(with_snapshot, **_COMPLETE_SEAT)),
        "complete_no_snapshot": ([muggins], dict(no_snapshot, **_COMPLETE_SEAT)),
        "help": ([muggins, "--help"], with_snapshot),
        "help_no_snapshot": ([muggins, "--help"], no_snapshot),
    }


def _stdlib_bytecode(modes: dict[str, dict[str, str]]) -> None:
    """Give the no-bytecode mode the standard library's bytecode, as an installed Python has it: only what is installed compiles."""
    stdlib = os.path.dirname(os.__file__)
    written = modes["bytecode"]["PYTHONPYCACHEPREFIX"] + stdlib
    if os.path.isdir(written):
        shutil.copytree(written, modes["source"]["PYTHONPYCACHEPREFIX"] + stdlib, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("site-packages", "dist-packages"))


def startup(quick: bool, baseline: str | None) -> list[dict]:
    """`muggins list`, a shell completion and `muggins --help`, with and without the discovery snapshot, against `import click, pluggy`.

    Everything is measured twice in the one run, in turns: with bytecode
    caches (written by a first, untimed run into a cache folder of the
    benchmark's own, `PYTHONPYCACHEPREFIX`) and without them (an empty
    prefix folder and `PYTHONDONTWRITEBYTECODE=1`, so every run compiles the
    project's and Click's source, as an environment installed without
    compiling does on its first runs). "No snapshot" (`MUGGINS_NO_CACHE=1`)
    is start-up as it was before the snapshot: every installed plugin is
    imported; the shedding-only figure imports one game, separating the
    core's own start-up from what the other plugins cost. The completion
    answers `--opponents nov` of `play muggins_shedding`, which needs the
    game's seat kinds.
    """
    import tempfile

    repeats = SIZES[quick][0]
    muggins = _muggins()
    out: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="muggins-bench-startup-") as scratch:
        modes = {
            "bytecode": {"PYTHONPYCACHEPREFIX": os.path.join(scratch, "pycache")},
            "source": {"PYTHONPYCACHEPREFIX": os.path.join(scratch, "empty"), "PYTHONDONTWRITEBYTECODE": "1"},
        }
        base = {key: value for key, value in os.environ.items() if key not in ("PYTHONDONTWRITEBYTECODE", "MUGGINS_NO_CACHE")}
        commands: dict[str, tuple[list[str], dict[str, str]]] = {}
        for mode, mode_env in modes.items():
            for name, (cmd, extra) in _startup_commands(muggins, os.path.join(scratch, "snapshots")).items():
                commands[f"{mode}:{name}"] = (cmd, {**base, **mode_env, **extra})
        if baseline:
            # `python -m muggins_cli`, not the installed `muggins` script: the script is this environment's and
            # names this checkout's entry point, which an older checkout may not have
            module = [sys.executable, "-m", "muggins_cli", "list"]
            for side, where in (("current", timing.ROOT), ("baseline", baseline)):
                commands[f"{side}:list"] = (module, timing.checkout_env(where, {**base, **modes["bytecode"], "MUGGINS_CACHE_DIR": os.path.join(scratch, side)}))
        for cmd, env in commands.values():  # untimed: write the bytecode caches and the snapshots
            timing.command(cmd, env)
            _stdlib_bytecode(modes)
        found = timing.interleave({name: (lambda _, cmd=cmd, env=env: timing.command(cmd, env)) for name, (cmd, env) in commands.items()}, repeats)
        for mode in modes:
            cached = {"bytecode_caches": mode == "bytecode"}
            suffix = "" if mode == "bytecode" else "_no_bytecode_caches"
            out += [
                found.seconds(f"{mode}:baseline", f"startup_seconds_import_click_pluggy{suffix}", **cached),
                found.seconds(f"{mode}:list", f"startup_seconds_muggins_list{suffix}", **cached),
                found.seconds(f"{mode}:list_no_snapshot", f"startup_seconds_muggins_list_no_snapshot{suffix}", **cached),
                found.seconds(f"{mode}:list_shedding_no_snapshot", f"startup_seconds_muggins_list_shedding_only_no_snapshot{suffix}", **cached),
                # a ratio of seconds: how many times the bare imports' time `muggins list` takes
                found.per_repeat(f"startup_ratio_list_to_import_click_pluggy{suffix}", lambda a, b: a / b, [f"{mode}:list", f"{mode}:baseline"],
                                 **({"goal": 1.3} if mode == "bytecode" else {}), **cached),
                found.per_repeat(f"startup_ratio_list_no_snapshot_to_import_click_pluggy{suffix}", lambda a, b: a / b,
                                 [f"{mode}:list_no_snapshot", f"{mode}:baseline"], **cached),
                # completion is judged by the wait at the prompt: wall seconds
                found.seconds(f"{mode}:complete", f"completion_seconds{suffix}", clock="wall",
                              **({"goal": 0.15} if mode == "bytecode" else {}), **cached),
                found.seconds(f"{mode}:complete_no_snapshot", f"completion_seconds_no_snapshot{suffix}", clock="wall", **cached),
                # the same ratio of CPU seconds for the completion and for `muggins --help` (its list of commands names the plugins')
                found.per_repeat(f"startup_ratio_completion_to_import_click_pluggy{suffix}", lambda a, b: a / b, [f"{mode}:complete", f"{mode}:baseline"],
                                 **({"goal": 1.3} if mode == "bytecode" else {}), **cached),
                found.per_repeat(f"startup_ratio_completion_no_snapshot_to_import_click_pluggy{suffix}", lambda a, b: a / b,
                                 [f"{mode}:complete_no_snapshot", f"{mode}:baseline"], **cached),
                found.seconds(f"{mode}:help", f"startup_seconds_muggins_help{suffix}", **cached),
                found.per_repeat(f"startup_ratio_help_to_import_click_pluggy{suffix}", lambda a, b: a / b, [f"{mode}:help", f"{mode}:baseline"],
                                 **({"goal": 1.3} if mode == "bytecode" else {}), **cached),
                found.per_repeat(f"startup_ratio_help_no_snapshot_to_import_click_pluggy{suffix}", lambda a, b: a / b,
                                 [f"{mode}:help_no_snapshot", f"{mode}:baseline"], **cached),
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

    def narration() -> Callable[[int], object]:
        """Every event of a few seeded matches of each shipped game told to every seat and a spectator, in English and French."""
        from muggins.engine import Match, make_players
        from muggins.i18n import using_language
        from muggins.plugins import load_registry

        registry = load_registry()
        told: list[tuple[object, list, int]] = []  # (game, events, players)
        for name, players, seats in NARRATED:
            game = registry.game(name)
            for seed in range(NARRATED_MATCHES[quick]):
                heard: list = []
                match = Match(game.new(game.Rules(), players, seed), make_players(registry, game, seats, seed),
                              listeners=[lambda _name, event: heard.append(event)])
                match.run()
                told.append((game, heard, players))

        def narrate(_: int) -> int:
            lines = 0
            for language in ("en", "fr"):
                with using_language(language):
                    for game, events, players in told:
                        describe = game.describe
                        for event in events:
                            for seat in (None, *range(players)):
                                if describe(event, seat):
                                    lines += 1
            return lines

        return narrate

    return {"tally": tally, "narration": narration}


#: The matches whose events `narration` tells: (game, players, seats); NARRATED_MATCHES of each, by --quick.
NARRATED = [("muggins_shedding", 4, ["expert", "novice", "random", "expert"]),
            ("cribbage_muggins", 2, ["expert", "novice"]),
            ("willughby_fishing", 5, ["expert", "novice", "random", "expert", "novice"])]
NARRATED_MATCHES = {False: 4, True: 1}


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


def narration_lines(quick: bool, baseline: str | None) -> list[dict]:
    """Lines of narration per CPU second (`Game.describe`, what every front end calls for each event it shows)."""
    repeats = SIZES[quick][2]
    contenders = {"narration": tasks(quick)["narration"]()}
    before = timing.Baseline(__file__, baseline, ["muggins"], {"quick": quick}) if baseline else None
    found = timing.interleave_against(before, contenders, ["narration"], repeats)
    lines = found.results["narration"]
    out = [found.rate("narration", lines, "narration_lines_per_second", matches_per_game=NARRATED_MATCHES[quick])]
    if before:
        out += before.figures(found, "narration", lines, "narration_lines_per_second_workers")
    return out


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    yield from startup(quick, baseline)
    yield from engine_steps(quick, baseline)
    yield from narration_lines(quick, baseline)


if __name__ == "__main__":
    sys.exit(timing.main(run, "core", tasks))
