"""The mypyc trial: the core's engine and the games' rules compiled with mypyc, measured against the pure-Python packages.

A trial, not a build the project ships: it copies the core (`muggins`) and
the three games' packages into a scratch folder, compiles there the hot
modules mypyc accepts (`COMPILED`: the engine, its windows, actions, cards,
piles, deck and randomness; each game's state, rules and bots, cribbage's
analysis and fishing's terms; `NOT_COMPILED` says which hot modules it
could not take and why) with a pinned mypy
(`MYPY`, brought in by `uv run --with`, so no dependency group gains it),
and leaves every other module interpreted beside them. mypy's type errors
are silenced in the scratch copies only (by error code, `SILENCED`; the
repository's sources are not touched), and what mypyc refuses outright is
changed there by `PATCHES`. Then: one seeded match per game and seat kind
on the compiled packages in a fresh process (`smoke`); the share of a
match's bytecodes spent in the compiled modules, with the speed-up bound it
sets (`shares`, load-independent); for the matches that play, two worker
processes (`timing.Baseline`: the repository's sources against the scratch
folder, whose worker must report `.so` files) playing the same seeded
matches in turns, random and expert seats of every game (shedding 4
players, cribbage 2, fishing 5, default rules), CPU time, medians with min
and max, pure ÷ compiled per repeat; and, when every match plays, each
side's records of the same seeded matches written to files and compared
byte for byte, and tests/test_records_byte_for_byte.py run with the scratch
folder first on `PYTHONPATH`. Needs a C compiler (`cc`) and the registry.

    uv run --group dev python benchmarks/mypyc_trial.py [--quick] [--build DIR] [--repeats N] [--set engine|all] [--no-build]

Prints one JSON line per figure and a Markdown table at the end; the
figures of December 2026 and the decision taken on them are in
benchmarks/README.md (*The mypyc trial*).
"""

from __future__ import annotations

import filecmp
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent))
import timing  # noqa: E402

MYPY = "mypy==2.4.1"
ROOT = timing.ROOT
PACKAGES = {
    "muggins": ROOT / "core" / "src" / "muggins",
    "muggins_shedding": ROOT / "plugins" / "muggins_shedding" / "src" / "muggins_shedding",
    "cribbage_muggins": ROOT / "plugins" / "cribbage_muggins" / "src" / "cribbage_muggins",
    "willughby_fishing": ROOT / "plugins" / "willughby_fishing" / "src" / "willughby_fishing",
}
#: The modules a simulated match spends its time in (count_instructions.py --bytecodes), relative to the build folder.
COMPILED = [
    "muggins/engine.py", "muggins/window.py", "muggins/actions.py", "muggins/cards.py",
    "muggins/piles.py", "muggins/deck.py", "muggins/rng.py",
    "muggins_shedding/state.py", "muggins_shedding/rules.py", "muggins_shedding/bots.py",
    "cribbage_muggins/state.py", "cribbage_muggins/rules.py", "cribbage_muggins/bots.py",
    "cribbage_muggins/analysis.py",
    "willughby_fishing/state.py", "willughby_fishing/rules.py", "willughby_fishing/bots.py", "willughby_fishing/terms.py",
]
#: Hot modules left interpreted, and why (found by compiling them with `MYPY` on Python 3.11, December 2026).
NOT_COMPILED = {
    "muggins/game.py": "Game's methods are marked by the presenter's decorator (`hands_to_presenter` sets an attribute on "
                       "the function: a compiled method has none); PhasedState builds its phase methods as closures, "
                       "sets attributes on them and `setattr`s them onto each subclass in `__init_subclass__` (a native "
                       "class's type is immutable; mypyc also refuses the tuple assignment in its class body)",
    "cribbage_muggins/scoring.py": "its scoring tables are frozen dataclasses whose class constants (`ITEMS`, `OWNER`) "
                                   "the compiled dataclass took for fields (a dict default, refused at import), even "
                                   "declared ClassVar where assigned; made Python classes instead, the module compiled "
                                   "and its import crashed the interpreter (a segmentation fault)",
}
#: (game, players, matches per repeat for random seats, for expert seats): each repeat a few tenths of a second, pure.
GAMES = [("muggins_shedding", 4, 100, 200), ("cribbage_muggins", 2, 60, 30), ("willughby_fishing", 5, 50, 150)]
KINDS = ("random", "expert")
#: What mypyc refuses, changed in the scratch copies only (path, text, replacement; each must match once), with why:
PATCHES = [
    # A native class cannot derive from most builtin types (RuntimeError, AssertionError): these stay Python classes.
    ("muggins/engine.py", "\nclass MatchAborted(RuntimeError):", "\n@_mypyc_attr(native_class=False)\nclass MatchAborted(RuntimeError):"),
    ("muggins/piles.py", "\nclass ConservationError(AssertionError):",
     "\n@_mypyc_attr(native_class=False)\nclass ConservationError(AssertionError):"),
    # The game's states derive from the core's PhasedState, which stays interpreted (NOT_COMPILED): a native class
    # may not derive from a Python one, so these are compiled as Python classes (their methods compiled, their
    # attributes in `__dict__`).
    ("muggins_shedding/state.py", "\nclass SheddingState(", "\n@_mypyc_attr(native_class=False)\nclass SheddingState("),
    ("cribbage_muggins/state.py", "\nclass CribbageState(", "\n@_mypyc_attr(native_class=False)\nclass CribbageState("),
    ("willughby_fishing/state.py", "\nclass FishingState(", "\n@_mypyc_attr(native_class=False)\nclass FishingState("),
    # A method aliased in a compiled class body is looked up before it is there (KeyError at import): a method instead.
    ("willughby_fishing/state.py", "\n    _on_field_claim = _field_claim\n    _on_hand_claim = _hand_claim\n",
     "\n    def _on_field_claim(self, action: Action, events: list[dict]) -> None:\n        self._field_claim(action, events)\n"
     "\n    def _on_hand_claim(self, action: Action, events: list[dict]) -> None:\n        self._hand_claim(action, events)\n"),
    ("cribbage_muggins/state.py", "\n    _on_respond = _respond  # the window phase's handler\n",
     "\n    def _on_respond(self, action: Action, events: list[dict]) -> None:  # the window phase's handler\n"
     "        self._respond(action, events)\n"),
    # A subclass may not narrow an attribute's declared type (`rules: Any` in the core's State).
    ("muggins_shedding/state.py", "\n    rules: SheddingRules\n", "\n"),
    ("cribbage_muggins/state.py", "\n    rules: CribbageRules\n", "\n"),
    ("willughby_fishing/state.py", "\n    rules: FishingRules\n", "\n"),
]
#: mypy's error codes in the compiled modules (138 errors in December 2026), silenced in the scratch copies.
SILENCED = ["arg-type", "assignment", "attr-defined", "index", "list-item", "misc", "operator", "override",
            "return-value", "union-attr", "valid-type", "var-annotated"]
#: `--set NAME`: the core's modules alone (`engine`) or with the games' (`all`, the default).
SETS = {"engine": [path for path in COMPILED if path.startswith("muggins/")], "all": COMPILED}


def dotted(paths: list[str]) -> list[str]:
    """The compiled modules' dotted names, for the workers to report where each was imported from."""
    return [path[:-3].replace("/", ".") for path in paths]


#: What `mypyc FILES` writes and runs, with one difference: mypyc 2.4.1 builds each function's text signature with
#: `inspect.Signature`, which refuses `def __init__(self, rng, call_rate=0.5, **_)` (mypyc reads a `**` parameter
#: named `_` as a plain one) and stops the build; such a signature is then built unchecked (it is documentation only).
SETUP = """
import inspect, sys
_checked = inspect.Signature.__init__
def _unchecked_if_refused(self, parameters=None, *args, **kwargs):
    try:
        _checked(self, parameters, *args, **kwargs)
    except ValueError:
        _checked(self, parameters, *args, __validate_parameters__=False, **kwargs)
inspect.Signature.__init__ = _unchecked_if_refused
from setuptools import setup
from mypyc.build import mypycify
setup(name="mypyc_output", ext_modules=mypycify(sys.argv.pop().split(), opt_level="3", debug_level="1"))
"""
#: mypyc's own command line, which puts mypy's folder first on the path of the setup it runs.
RUN_SETUP = """
import os, subprocess, sys, mypyc
path = os.path.dirname(os.path.dirname(mypyc.__file__)) + os.pathsep + os.environ.get("PYTHONPATH", "")
setup = [sys.executable, "build/setup.py", "build_ext", "--inplace", " ".join(sys.argv[1:])]
sys.exit(subprocess.run(setup, env=dict(os.environ, PYTHONPATH=path)).returncode)
"""


def build(folder: Path, compiled: list[str]) -> None:
    """Copy the four packages into `folder` and compile `compiled` (paths from `COMPILED`) there with mypyc, in place."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name, source in PACKAGES.items():
        shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for path in compiled:
        # mypy's complaints (Optional attributes it cannot narrow, and so on) would stop mypyc; silenced by code, not
        # with `ignore-errors`, under which mypy leaves the bodies unchecked and mypyc compiles them untyped and wrong
        # (`derive_rng` returned None).
        module = folder / path
        text = module.read_text(encoding="utf-8")
        future = "from __future__ import annotations\n"
        assert text.count(future) == 1, f"{path}: no single {future!r}"
        text = text.replace(future, future + "from mypy_extensions import mypyc_attr as _mypyc_attr  # noqa: F401\n")
        module.write_text(f"# mypy: disable-error-code=\"{','.join(SILENCED)}\"\n" + text, encoding="utf-8")
    for path, old, new in PATCHES:
        if path not in compiled:
            continue
        module = folder / path
        text = module.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise SystemExit(f"{path}: {old!r} found {text.count(old)} times, not once: the trial's patches need updating")
        module.write_text(text.replace(old, new), encoding="utf-8")
    (folder / "build").mkdir()
    (folder / "build" / "setup.py").write_text(SETUP, encoding="utf-8")
    command = ["uv", "run", "-q", "--project", str(ROOT), "--with", MYPY, "--with", "setuptools", "python", "-c", RUN_SETUP, *compiled]
    print(f"building in {folder} with {MYPY}: mypyc {' '.join(compiled)}", file=sys.stderr, flush=True)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode:
        said = [line for line in done.stdout.splitlines() if ": error:" in line or ": note:" in line or "Error" in line]
        raise SystemExit("mypyc failed:\n" + "\n".join(said[-40:] or done.stdout.splitlines()[-40:]))
    print(f"built in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    shutil.rmtree(folder / "build", ignore_errors=True)
    # The decorator's module (one file, one of mypy's own dependencies) beside the packages, which import it at run time.
    found = subprocess.run(["uv", "run", "-q", "--project", str(ROOT), "--with", MYPY, "python", "-c",
                            "import mypy_extensions; print(mypy_extensions.__file__)"], capture_output=True, text=True, check=True)
    shutil.copy(found.stdout.strip(), folder / "mypy_extensions.py")


def tasks(**_: Any) -> dict[str, Callable[[], Callable[[int], Any]]]:
    """The worker's tasks: `GAME:KIND` plays that many seeded matches (seeds 0 up, every repeat the same) and returns their results."""
    out: dict[str, Callable[[], Callable[[int], Any]]] = {}
    for name, players, random_count, expert_count in GAMES:
        for kind, count in zip(KINDS, (random_count, expert_count)):
            out[f"{name}:{kind}"] = (lambda name=name, players=players, kind=kind, count=count: _matches(name, players, kind, count))
    return out


def _matches(name: str, players: int, kind: str, count: int) -> Callable[[int], Any]:
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=[name])
    game = registry.game(name)

    def work(repeat: int) -> list:
        results = []
        for seed in range(count):
            state = game.new(game.Rules(), players, seed)
            match = Match(state, make_players(registry, game, [kind] * players, seed), registry=registry)
            result = match.run()
            results.append([match.decisions, result.to_dict()])
        return results

    return work


def write_records(folder: Path, matches: int, games: list[str]) -> None:
    """The records of `matches` seeded matches per game and seat kind, one file each, written by whichever packages import."""
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry
    from muggins.records import RecordWriter, header_for

    folder.mkdir(parents=True, exist_ok=True)
    for name, players, _, _ in GAMES:
        if name not in games:
            continue
        registry = load_registry(only=[name])
        game = registry.game(name)
        for kind in KINDS:
            stream = io.StringIO()
            for seed in range(matches):
                rules = game.Rules()
                state = game.new(rules, players, seed)
                seats = [kind] * players
                writer = RecordWriter.start(stream, header_for(game, rules, players, seed, seats), state.opening_events())
                Match(state, make_players(registry, game, seats, seed), writer=writer, registry=registry).run()
            (folder / f"{name}-{kind}.jsonl").write_bytes(stream.getvalue().encode("utf-8"))


def compare_records(build_folder: Path, matches: int, games: list[str]) -> dict:
    """Each side writes the same records to its own folder (a fresh process each); the files compared byte for byte."""
    out = build_folder.parent / (build_folder.name + "-records")
    shutil.rmtree(out, ignore_errors=True)
    for side, env in (("pure", timing.checkout_env(ROOT)), ("compiled", timing.checkout_env(build_folder))):
        env["MUGGINS_NO_CACHE"] = "1"
        subprocess.run([sys.executable, __file__, "--write-records", str(out / side), str(matches), *games], env=env, check=True)
    names = sorted(p.name for p in (out / "pure").iterdir())
    same = {n: filecmp.cmp(out / "pure" / n, out / "compiled" / n, shallow=False) for n in names}
    size = sum((out / "pure" / n).stat().st_size for n in names)
    return {"metric": "records_identical", "value": all(same.values()), "files": same, "bytes": size,
            "matches_per_file": matches, "folder": str(out)}


def golden_records_test(build_folder: Path) -> dict:
    """tests/test_records_byte_for_byte.py with the compiled packages first on the path (its own plugin isolation kept)."""
    env = timing.checkout_env(build_folder)
    env["MUGGINS_NO_CACHE"] = "1"
    check = "import muggins.engine as e, muggins_shedding.state as s; assert e.__file__.endswith('.so') and s.__file__.endswith('.so')"
    subprocess.run([sys.executable, "-c", check], env=env, check=True)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                           str(ROOT / "tests" / "test_records_byte_for_byte.py")], env=env, cwd=ROOT, capture_output=True, text=True)
    last = ((done.stdout + done.stderr).strip().splitlines() or [""])[-1]
    return {"metric": "golden_records_test_compiled", "value": done.returncode == 0, "summary": last}


SMOKE = """
import sys
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry
name, players, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
registry = load_registry(only=[name])
game = registry.game(name)
Match(game.new(game.Rules(), players, 0), make_players(registry, game, [kind] * players, 0), registry=registry).run()
"""


def smoke(build_folder: Path) -> dict[str, str]:
    """One seeded match per game and seat kind on the compiled packages, each in a fresh process: "ok" or how it failed."""
    env = timing.checkout_env(build_folder)
    env["MUGGINS_NO_CACHE"] = "1"
    out = {}
    for name, players, _, _ in GAMES:
        for kind in KINDS:
            done = subprocess.run([sys.executable, "-X", "faulthandler", "-c", SMOKE, name, str(players), kind],
                                  env=env, capture_output=True, text=True)
            if done.returncode == 0:
                out[f"{name}:{kind}"] = "ok"
            else:
                said = [line.strip() for line in done.stderr.splitlines() if line.strip()]
                first = next((line for line in said if line.startswith("fatal:") or "Error" in line.split(":")[0]), said[-1] if said else "")
                where = next((line for line in said if line.startswith("File ")), "")
                out[f"{name}:{kind}"] = f"exit {done.returncode}: {first}" + (f" (innermost Python frame: {where})" if where else "")
    return out


SHARES = """
import collections, json, sys
from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import load_registry
name, players, kind, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
groups = json.loads(sys.argv[5])
registry = load_registry(only=[name])
game = registry.game(name)
counts = collections.Counter()

def tracer(frame, event, arg):
    if event == "call":
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
    elif event == "opcode":
        counts[frame.f_code.co_filename] += 1
    return tracer

Match(game.new(game.Rules(), players, 0), make_players(registry, game, [kind] * players, 0), registry=registry).run()
for seed in range(count):
    match = Match(game.new(game.Rules(), players, seed), make_players(registry, game, [kind] * players, seed), registry=registry)
    sys.settrace(tracer)
    match.run()
    sys.settrace(None)
total = sum(counts.values())
print(json.dumps({group: sum(n for f, n in counts.items() if any(f.endswith("/" + p) for p in paths)) / total
                  for group, paths in groups.items()}))
"""


def shares() -> list[dict]:
    """The share of a match's Python bytecodes executed in the compiled modules, and in those and the ones mypyc could not take.

    A bound, not a timing (load-independent, like count_instructions.py --bytecodes): were the compiled
    share's time to vanish, the match would run at most 1 / (1 - share) times as fast.
    """
    hot = COMPILED + list(NOT_COMPILED)
    out = []
    for name, players, random_count, expert_count in GAMES:
        for kind, count in zip(KINDS, (random_count, expert_count)):
            done = subprocess.run([sys.executable, "-c", SHARES, name, str(players), kind, str(max(2, count // 25)),
                                   json.dumps({"compiled": COMPILED, "hot": hot})],
                                  capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            share = json.loads(done.stdout)
            out.append({"metric": "bytecode_share", "game": name, "kind": kind,
                        "compiled": round(share["compiled"], 3), "bound_compiled": round(1 / (1 - share["compiled"]), 2),
                        "hot": round(share["hot"], 3)})
    return out


def measure(build_folder: Path, compiled: list[str], repeats: int, names: list[str]) -> tuple[list[dict], list[tuple[str, str, dict]]]:
    """Pure and compiled workers in turns, for the tasks `names` (`GAME:KIND`); the figures and (game, kind, ratio figure) rows."""
    figures: list[dict] = []
    rows: list[tuple[str, str, dict]] = []
    os.environ["MUGGINS_NO_CACHE"] = "1"  # the workers discover the plugins from the packages they import
    with timing.Baseline(__file__, str(build_folder), dotted(compiled)) as pair:
        compiled_files = [where for where in pair.older.modules.values() if where]
        if not all(where.endswith(".so") for where in compiled_files):
            raise SystemExit(f"the compiled worker imported Python sources: {compiled_files}")
        figures.append({"metric": "compiled_modules", "value": len(compiled_files), "files": sorted(Path(w).name for w in compiled_files)})
        timings = timing.interleave(pair.contenders(names), repeats)
        for task in names:
            game, kind = task.split(":")
            count = next(c for n, _, r, e in GAMES if n == game for c in [r if kind == "random" else e])
            pure, compiled = f"current:{task}", f"baseline:{task}"
            figures.append(timings.rate(pure, count, f"pure_matches_per_second", game=game, kind=kind))
            figures.append(timings.rate(compiled, count, f"compiled_matches_per_second", game=game, kind=kind))
            # Seconds pure over seconds compiled, repeat by repeat: above 1 is the compiled build faster.
            ratio = timings.per_repeat("speedup_pure_over_compiled", lambda p, c: p / c, [pure, compiled],
                                       game=game, kind=kind, same_results=timings.same(pure, compiled))
            figures.append(ratio)
            rows.append((game, kind, ratio))
    return figures, rows


def table(rows: list[tuple[str, str, dict]], ran: Mapping[str, str], bounds: list[dict]) -> str:
    """Markdown: per game and seat kind, the measured ratio (or how the compiled match failed) and the bytecode bound."""
    timed = {(game, kind): ratio for game, kind, ratio in rows}
    lines = ["| game | seats | pure ÷ compiled, CPU time: median (min–max) | bytecodes in compiled modules | bound 1/(1−share) | in all hot modules |",
             "| --- | --- | --- | ---: | ---: | ---: |"]
    for bound in bounds:
        game, kind = bound["game"], bound["kind"]
        ratio = timed.get((game, kind))
        measured = (f"{ratio['value']} ({ratio['min']}–{ratio['max']}), same results {ratio.get('same_results')}" if ratio
                    else f"not measured: {ran.get(f'{game}:{kind}', '')}")
        lines.append(f"| {game} | {kind} | {measured} | {bound['compiled']:.1%} | {bound['bound_compiled']} | {bound['hot']:.1%} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        timing.serve(tasks, json.loads(argv[1]), argv[2:])
        return 0
    if argv[:1] == ["--write-records"]:
        write_records(Path(argv[1]), int(argv[2]), argv[3:])
        return 0
    options = timing.script_options(argv, build=Path, repeats=int, set=str)
    compiled = SETS[options.get("set", "all")]
    quick = "--quick" in argv
    folder = options.get("build", Path(tempfile.gettempdir()) / "muggins-mypyc-trial")
    repeats = options.get("repeats", 3 if quick else 11)
    if "--no-build" not in argv:
        build(folder, compiled)
    ran = smoke(folder)
    figures: list[dict] = [{"metric": "smoke_match", "task": task, "value": said} for task, said in ran.items()]
    figures += shares()
    playing = [task for task, said in ran.items() if said == "ok"]
    rows: list[tuple[str, str, dict]] = []
    if playing:
        timed, rows = measure(folder, compiled, repeats, playing)
        figures += timed
    whole = [name for name, _, _, _ in GAMES if all(f"{name}:{kind}" in playing for kind in KINDS)]
    if whole:
        figures.append(compare_records(folder, 2 if quick else 10, whole))
    if len(playing) == len(ran):
        figures.append(golden_records_test(folder))
    for figure in figures:
        print(json.dumps({"bench": "mypyc_trial", **figure}), flush=True)
    print(table(rows, ran, [f for f in figures if f["metric"] == "bytecode_share"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
