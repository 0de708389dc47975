"""Not a benchmark: the search-strength benchmark for cribbage with the late-game search's settings changed, to try settings before changing the shipped ones.

`LATE_NEED=121` (a side within 121 of the target: every decision),
`LATE_EFFORT`, `LATE_MARGIN` and `LATE_KINDS` (comma-separated decision
kinds) in the environment replace `cribbage_muggins.search_hints`' own
before `benchmarks/search_strength.py` runs with the arguments given; the
settings in force are printed on stderr. Its workers are forked, so they
search with the settings set here.

Run: `LATE_NEED=121 uv run --group dev python scripts/cribbage_search_trial.py cribbage_muggins --spec search --matches 75 --seed 21`
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import cribbage_muggins.search_hints as hints  # noqa: E402

for name in ("LATE_NEED", "LATE_EFFORT", "LATE_MARGIN"):
    if name in os.environ:
        setattr(hints, name, type(getattr(hints, name))(os.environ[name]))
if "LATE_KINDS" in os.environ:
    hints.LATE_KINDS = frozenset(os.environ["LATE_KINDS"].split(","))
print({name: getattr(hints, name) for name in ("LATE_NEED", "LATE_EFFORT", "LATE_MARGIN", "LATE_KINDS")}, file=sys.stderr)

import search_strength  # noqa: E402

sys.exit(search_strength.main(sys.argv[1:]))
