"""Benchmark entry point: runs every `bench_*.py` here and prints one JSON line per figure.

Usage: `uv run python benchmarks/run.py [NAME ...] [--quick]`. Each module
provides `run(quick: bool) -> Iterable[dict]`; every figure is a JSON object
with at least `bench` and `metric`. Figures are medians over repeats and are
reported, never asserted.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    wanted = [a for a in argv if not a.startswith("--")]
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        assert spec.loader is not None
        spec.loader.exec_module(module)
        for figure in module.run(quick=quick):
            print(json.dumps({"bench": name, **figure}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
