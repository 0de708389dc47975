"""Screenshots of the web table for docs/web.md: the lobby, the host's page and each shipped game, on a phone and a laptop.

The browser tests (web/tests/test_browser.py) take them as they play:
with `MUGGINS_SCREENSHOTS=DIR` each game's test saves its page at a telling
moment (cribbage's count window with a muggins to claim, fishing's claim
for a forgotten pair, the shedding game's Muggins call) at 390×844 (the
whole page, as a scroll shows it) and at 1280×800 (the screen); the
whole cribbage match saves the lobby form, a join page, the host's page
with a QR code and the end screens; the peg board, a lay-away at once and
a replay have their own.
This script runs those tests with the folder set, so the pictures are
always of the pages as they are tested. Anyone can make them again:

    uv run --group dev python scripts/web_screenshots.py [--out docs/web]

`MUGGINS_CHROMIUM` names another Chromium binary.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The tests that take the screenshots (the canned-frame and refusal tests take none).
TESTS = "whole_cribbage_match or fishing_deal or shedding_hand or pegs or lay_away_at_once or replay or in_french"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "web"), help="folder for the PNGs")
    options = parser.parse_args(argv)
    out = Path(options.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pytest", str(ROOT / "web" / "tests" / "test_browser.py"), "-q", "-p", "no:xdist", "-k", TESTS]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, "MUGGINS_SCREENSHOTS": str(out)})
    if done.returncode == 0:
        for picture in sorted(out.glob("web-*.png")):
            print(f"muggins: wrote {picture}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
