"""The timing every benchmark script shares: contenders measured in turns, CPU time, medians with their spread, and baselines.

A benchmark compares figures (the engine against a bare loop, ours against
OpenSpiel, this checkout against an older one). `interleave` measures them in
turns within each repeat (A B C, then C B A, ...), so a change in the shared
machine's load between repeats hits every contender alike; each measurement
records the CPU time of the process doing the work (this process and the
children it has reaped, or a command's own) and the wall time beside it.
`Timings` reports each figure as the median over repeats and each ratio as
the median of the per-repeat ratios, with the min and max beside them.
`Baseline` runs the same work in two worker processes, one importing this
checkout's packages and one an older checkout's (its `core/src`, `cli/src`
and `plugins/*/src` first on `PYTHONPATH`), so before/after figures come from
one run. Not a benchmark itself (run.py runs only `bench_*.py`); the scripts
import it from this folder, which is on `sys.path` whether they run alone or
through run.py. Nothing here asserts a time.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence

#: The checkout holding this folder: its packages are "current" in a baseline comparison.
ROOT = Path(__file__).resolve().parent.parent
#: Set in a worker process to the checkout whose packages it imports.
CHECKOUT_ENV = "MUGGINS_BENCH_CHECKOUT"


class Sample(NamedTuple):
    """One measurement: CPU seconds of the process(es) doing the work, wall seconds, and a digest of what it computed."""

    cpu: float
    wall: float
    digest: str | None = None


class Unavailable(RuntimeError):
    """A contender that cannot be measured (say, a baseline checkout without the function a task calls)."""


def digest(value: Any) -> str | None:
    """A short fingerprint of a result, so two contenders (or two checkouts) can be seen to compute the same thing."""
    if value is None:
        return None
    text = json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(work: Callable[[int], Any], repeat: int) -> Sample:
    """Time `work(repeat)` in this process: CPU (own plus reaped children's) and wall seconds.

    Garbage left by the previous contender is collected first, outside the
    timing (`interleave` has frozen the data alive before it began, so this
    is cheap). If `work` returns a `Sample` (timed elsewhere: a worker process or
    a command), that sample is the measurement.
    """
    gc.collect()
    children, cpu, wall = _children_cpu(), time.process_time(), time.perf_counter()
    out = work(repeat)
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu + _children_cpu() - children
    if isinstance(out, Sample):
        return out
    return Sample(cpu, wall, digest(out))


def command(cmd: list[str], env: Mapping[str, str] | None = None) -> Sample:
    """Run a command to its end: its own CPU seconds (user + system, from the reaped child) and the wall seconds.

    A command that fails is `Unavailable`, with the last line it wrote to standard error.
    """
    children, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    sample = Sample(_children_cpu() - children, time.perf_counter() - wall)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or [""])[-1]
        raise Unavailable(f"{' '.join(cmd[-3:])}: exit {done.returncode}: {last}")
    return sample


def interleave(contenders: Mapping[str, Callable[[int], Any]], repeats: int, warmup: bool = True) -> "Timings":
    """Measure every contender once per repeat, in turns; the order is reversed every other repeat.

    `contenders` maps a name to `work(repeat)`, which does one repeat's work
    (its return value is digested, or is the `Sample` when timed elsewhere).
    With `warmup`, one untimed round (repeat 0's work) comes first, so lazily
    built tables and a worker's start are outside the timing. A contender
    raising `Unavailable` is dropped from the rest of the run and its figures
    report the reason instead of a value.
    """
    names = list(contenders)
    samples: dict[str, list[Sample]] = {name: [] for name in names}
    errors: dict[str, str] = {}
    results: dict[str, Any] = {}
    rounds = ([None] if warmup else []) + list(range(repeats))
    with _frozen():
        for turn, repeat in enumerate(rounds):
            for name in names if turn % 2 == 0 else names[::-1]:
                if name in errors:
                    continue
                try:
                    sample = measure(_keeping(contenders[name], name, results), 0 if repeat is None else repeat)
                except Unavailable as why:
                    errors[name] = str(why)
                    continue
                if repeat is not None:
                    samples[name].append(sample)
    return Timings(samples, repeats, errors, results)


@contextlib.contextmanager
def _frozen() -> Iterator[None]:
    """The objects alive now (the contenders' data: 200,000 hands, say) left out of every collection until the end.

    So the full collection before each measurement costs little, and the
    collector does not walk the benchmark's own data during the timing.
    """
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _keeping(work: Callable[[int], Any], name: str, results: dict[str, Any]) -> Callable[[int], Any]:
    """`work`, keeping its first result (a contender's answer, for figures such as hands drawn)."""

    def keep(repeat: int) -> Any:
        out = work(repeat)
        results.setdefault(name, out)
        return out

    return keep


def rounded(x: float | None) -> float | None:
    """Four significant figures (whole numbers from 1,000 on), enough for figures whose noise is a few per cent."""
    if x is None or x == 0 or not math.isfinite(x):
        return x
    digits = 3 - math.floor(math.log10(abs(x)))
    return round(x) if digits <= 0 else round(x, digits)


def spread(values: Iterable[float]) -> dict[str, float | None]:
    """Median, min and max of some values, rounded."""
    values = list(values)
    if not values:
        return {"value": None, "min": None, "max": None}
    return {"value": rounded(statistics.median(values)), "min": rounded(min(values)), "max": rounded(max(values))}


class Timings:
    """The samples of one interleaved run, and the figures made from them (JSON-ready dicts)."""

    def __init__(self, samples: dict[str, list[Sample]], repeats: int, errors: dict[str, str] | None = None,
                 results: dict[str, Any] | None = None) -> None:
        self.samples = samples
        self.repeats = repeats
        self.errors = errors or {}
        #: Each contender's first result (what its work returned in the first round), None if timed elsewhere.
        self.results = {name: (None if isinstance(out, Sample) else out) for name, out in (results or {}).items()}

    def _clock(self, name: str, clock: str) -> list[float]:
        return [getattr(s, clock) for s in self.samples[name]]

    def _missing(self, metric: str, names: Iterable[str], extra: dict) -> dict | None:
        for name in names:
            if name in self.errors:
                return {"metric": metric, "value": None, "error": self.errors[name], **extra}
        return None

    def rate(self, name: str, items: float, metric: str, clock: str = "cpu", **extra: Any) -> dict:
        """`items` per second of `name` (median over repeats, min, max) on `clock`, the other clock's median beside it."""
        missing = self._missing(metric, [name], extra)
        if missing:
            return missing
        other = "wall" if clock == "cpu" else "cpu"
        return {
            "metric": metric, **spread(items / t for t in self._clock(name, clock)), "clock": clock,
            other: rounded(statistics.median(items / t for t in self._clock(name, other))),
            "repeats": len(self.samples[name]), **extra,
        }

    def seconds(self, name: str, metric: str, clock: str = "cpu", **extra: Any) -> dict:
        """Seconds of one repeat of `name` (median, min, max) on `clock`, the other clock's median beside it."""
        missing = self._missing(metric, [name], extra)
        if missing:
            return missing
        other = "wall" if clock == "cpu" else "cpu"
        return {
            "metric": metric, **spread(self._clock(name, clock)), "clock": clock,
            other: rounded(statistics.median(self._clock(name, other))), "repeats": len(self.samples[name]), **extra,
        }

    def ratio(self, num: str, den: str, metric: str, clock: str = "cpu", items: tuple[float, float] = (1, 1), **extra: Any) -> dict:
        """Rate of `num` over rate of `den`: the median of the per-repeat ratios with their min and max, the other clock's median beside."""
        return self.per_repeat(metric, lambda a, b: (items[0] / a) / (items[1] / b), [num, den], clock, **extra)

    def per_repeat(self, metric: str, formula: Callable[..., float], names: list[str], clock: str = "cpu", **extra: Any) -> dict:
        """`formula(seconds of names[0], seconds of names[1], ...)` repeat by repeat: median, min, max, the other clock's median beside."""
        missing = self._missing(metric, names, extra)
        if missing:
            return missing
        other = "wall" if clock == "cpu" else "cpu"

        def values(on: str) -> list[float]:
            return [formula(*row) for row in zip(*(self._clock(name, on) for name in names))]

        return {
            "metric": metric, **spread(values(clock)), "clock": clock, other: rounded(statistics.median(values(other))),
            "repeats": min(len(self.samples[name]) for name in names), **extra,
        }

    def same(self, a: str, b: str) -> bool | None:
        """Whether two contenders computed the same thing, repeat by repeat (None if either is missing or gave nothing to compare)."""
        if a in self.errors or b in self.errors or not self.samples[a]:
            return None
        pairs = list(zip(self.samples[a], self.samples[b]))
        if any(x.digest is None or y.digest is None for x, y in pairs):
            return None
        return all(x.digest == y.digest for x, y in pairs)


# --- Baselines: the same work against another checkout's packages, in worker processes ---


def checkout_paths(directory: str | os.PathLike) -> list[str]:
    """The folders a checkout's packages import from: `core/src`, `cli/src` and every `plugins/*/src`.

    A folder that is not a checkout (no `core/src`) is taken as a folder that
    holds the packages themselves, so it alone goes on the path.
    """
    root = Path(directory).resolve()
    if not root.is_dir():
        raise SystemExit(f"--baseline {directory}: no such folder")
    if not (root / "core" / "src").is_dir():
        return [str(root)]
    return [str(p) for p in [root / "core" / "src", root / "cli" / "src", *sorted(root.glob("plugins/*/src"))] if p.is_dir()]


def checkout_env(directory: str | os.PathLike, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of the environment whose PYTHONPATH starts with that checkout's packages (for subprocesses)."""
    env = dict(os.environ if env is None else env)
    paths = checkout_paths(directory)
    env["PYTHONPATH"] = os.pathsep.join(paths + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env[CHECKOUT_ENV] = str(Path(directory).resolve())
    return env


def checkout() -> Path:
    """The checkout whose packages this process imports: the worker's, else the one holding this folder."""
    return Path(os.environ.get(CHECKOUT_ENV, ROOT))


class Worker:
    """A Python process running one benchmark script's tasks with a given checkout's packages first on its path.

    The script is this checkout's (the same task code on both sides); only the
    packages it imports come from `directory`. On start the worker reports
    where its modules came from, and a module found outside the checkout's
    folders is refused, so a baseline cannot silently measure the current code.
    With `directory` None it runs `python` (another interpreter, say) in this
    environment and only checks that the modules import.
    """

    def __init__(self, script: str | os.PathLike, directory: str | os.PathLike | None, modules: Iterable[str],
                 options: Mapping[str, Any] | None = None, python: str = sys.executable) -> None:
        self.directory = str(Path(directory).resolve()) if directory is not None else python
        self.process = subprocess.Popen(
            [python, str(script), "--worker", json.dumps(dict(options or {})), *modules],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=checkout_env(directory) if directory is not None else None,
        )
        hello = self._read()
        self.modules: dict[str, str | None] = hello["modules"]
        paths = checkout_paths(directory) if directory is not None else None
        for name, where in self.modules.items():
            if where is None:
                self.close()
                raise SystemExit(f"{self.directory}: {name} does not import there")
            if paths is not None and not any(Path(where).resolve().is_relative_to(p) for p in paths):
                self.close()
                raise SystemExit(f"{self.directory}: {name} was imported from {where}, not from that checkout")

    def _read(self) -> dict:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"benchmark worker for {self.directory} exited (code {self.process.wait()})")
        return json.loads(line)

    def task(self, name: str) -> Callable[[int], Sample]:
        """`work(repeat)` for `interleave`: runs task `name` in the worker and returns its sample."""

        def work(repeat: int) -> Sample:
            assert self.process.stdin is not None
            self.process.stdin.write(json.dumps({"task": name, "repeat": repeat}) + "\n")
            self.process.stdin.flush()
            reply = self._read()
            if "error" in reply:
                raise Unavailable(f"{self.directory}: {reply['error']}")
            return Sample(reply["cpu"], reply["wall"], reply["digest"])

        return work

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


Tasks = Callable[..., Mapping[str, Callable[[], Callable[[int], Any]]]]


def serve(make_tasks: Tasks, options: Mapping[str, Any], modules: Iterable[str]) -> None:
    """The worker side: report the modules' files, then answer one task request per line with its sample.

    `make_tasks(**options)` maps a name to a factory building `work(repeat)`
    (data, warm-up); each is built on first request, outside the timing.
    Standard output is kept for the replies, so whatever the work prints goes
    to standard error.
    """
    import importlib

    replies, sys.stdout = sys.stdout, sys.stderr
    found: dict[str, str | None] = {}
    for name in modules:
        try:
            found[name] = getattr(importlib.import_module(name), "__file__", None)
        except ImportError:
            found[name] = None
    print(json.dumps({"modules": found}), file=replies, flush=True)
    tasks = make_tasks(**options)
    built: dict[str, Callable[[int], Any]] = {}
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if request["task"] not in built:
                built[request["task"]] = tasks[request["task"]]()
                gc.collect()
                gc.freeze()  # as in interleave: the task's data stay out of the collections
            sample = measure(built[request["task"]], request["repeat"])
            reply: dict[str, Any] = {"cpu": sample.cpu, "wall": sample.wall, "digest": sample.digest}
        except Exception as error:  # reported to the parent as an unavailable figure
            reply = {"error": f"{request['task']}: {type(error).__name__}: {error}"}
        print(json.dumps(reply), file=replies, flush=True)


def interleave_against(baseline: "Baseline | None", contenders: Mapping[str, Callable[[int], Any]], tasks: Iterable[str],
                       repeats: int, warmup: bool = True) -> "Timings":
    """`interleave` of `contenders` with, when there is a `baseline`, its two workers for `tasks` beside them;
    the baseline's workers are closed afterwards, however the measuring ends."""
    try:
        if baseline is not None:
            contenders = {**contenders, **baseline.contenders(tasks)}
        return interleave(contenders, repeats, warmup)
    finally:
        if baseline is not None:
            baseline.close()


class Baseline:
    """Tasks measured twice more per repeat: in a worker on this checkout and in a worker on `directory`.

    Both sides run in worker processes started the same way, so the speed-up
    compares like with like; `contenders` gives their `work` functions for
    `interleave`, and `figures` the speed-up of each task (current over
    baseline, median of per-repeat ratios) with both rates.
    """

    def __init__(self, script: str | os.PathLike, directory: str, modules: Iterable[str], options: Mapping[str, Any] | None = None) -> None:
        modules = list(modules)
        self.directory = directory
        self.current = Worker(script, ROOT, modules, options)
        try:
            self.older = Worker(script, directory, modules, options)
        except BaseException:
            self.current.close()
            raise

    def contenders(self, tasks: Iterable[str]) -> dict[str, Callable[[int], Sample]]:
        out = {}
        for name in tasks:
            out[f"current:{name}"] = self.current.task(name)
            out[f"baseline:{name}"] = self.older.task(name)
        return out

    def figures(self, timings: Timings, task: str, items: float, metric: str, clock: str = "cpu", **extra: Any) -> list[dict]:
        """This checkout's rate and the baseline's (both from workers) and the speed-up, current over baseline."""
        now, then = f"current:{task}", f"baseline:{task}"
        return [
            timings.rate(now, items, f"current_{metric}", clock, **extra),
            timings.rate(then, items, f"baseline_{metric}", clock, baseline=self.directory, **extra),
            timings.ratio(now, then, f"{metric}_speedup_over_baseline", clock, baseline=self.directory,
                          same_results=timings.same(now, then), **extra),
        ]

    def close(self) -> None:
        self.current.close()
        self.older.close()

    def __enter__(self) -> "Baseline":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def script_options(argv: Sequence[str], **readers: Callable[[str], Any]) -> dict[str, Any]:
    """A script's own `--NAME VALUE` options, each read by its reader (`games=int`); the others are left to `main`."""
    found: dict[str, Any] = {}
    args = iter(argv)
    for arg in args:
        name = arg[2:] if arg.startswith("--") else None
        if name in readers:
            found[name] = readers[name](next(args))
    return found


def main(run: Callable[..., Iterable[dict]], bench: str, tasks: Tasks | None = None, argv: list[str] | None = None, **options: Any) -> int:
    """A script's command line: `[--quick] [--baseline DIR]` (or `--worker OPTIONS MODULE...` when started by `Worker`)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        serve(tasks or dict, json.loads(argv[1]), argv[2:])
        return 0
    baseline = argv[argv.index("--baseline") + 1] if "--baseline" in argv else None
    for figure in run(quick="--quick" in argv, baseline=baseline, **options):
        print(json.dumps({"bench": bench, **figure}), flush=True)
    return 0

