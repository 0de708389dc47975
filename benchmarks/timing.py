"""The timing the benchmark scripts share: the median wall time of a callable over repeats.

Not a benchmark itself (run.py runs only `bench_*.py`); the scripts import
it from this folder, which is on `sys.path` whether they run alone or
through run.py.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable


def median_seconds(fn: Callable[[], Any], repeats: int) -> float:
    """Median wall-clock seconds of `fn()` over `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
