"""Benchmark entry point: runs every `bench_*.py` here (or those named) and prints one JSON line per figure.

Usage: `uv run python benchmarks/run.py [NAME ...] [--quick] [--baseline DIR]`.
Each module provides `run(quick: bool, baseline: str | None) -> Iterable[dict]`;
every figure is a JSON object with at least `bench` and `metric`, and a timed
figure carries its median (`value`), `min` and `max` over repeats (a ratio:
of the per-repeat ratios) and its clock. `--baseline DIR` also measures an
older checkout (DIR, for example a `git worktree`) in the same run, in turns
with this one. Figures are reported, never asserted; README.md here says
what each one measures.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    baseline = None
    if "--baseline" in argv:
        at = argv.index("--baseline")
        if at + 1 >= len(argv):
            print("--baseline needs a folder (an older checkout)", file=sys.stderr)
            return 2
        baseline = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    wanted = [a for a in argv if not a.startswith("--")]
    known = {path.stem.removeprefix("bench_"): path for path in sorted(HERE.glob("bench_*.py"))}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; there are: {', '.join(known)}", file=sys.stderr)
        return 2
    for name, path in known.items():
        if wanted and name not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        assert spec.loader is not None
        spec.loader.exec_module(module)
        for figure in module.run(quick=quick, baseline=baseline):
            print(json.dumps({"bench": name, **figure}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
