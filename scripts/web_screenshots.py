"""Screenshots of the web table for docs/web.md: a three-player cribbage table at a claim, a fishing table with a claim button.

Starts `muggins serve`'s app on a free port in this process (records in a
temporary folder), makes each table through the JSON API with a fixed seed
and opens the person's seat in headless Chromium (Playwright for Python
with Debian's `chromium`, launched as the browser tests launch it). The
person's answers are the game's right ones, clicked on the page, until the
page shows a challenge window whose right answer is a claim; that page is
saved as a PNG. Anyone can make them again:

    uv run --group dev python scripts/web_screenshots.py [--out docs/web]

`MUGGINS_CHROMIUM` names another Chromium binary.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

CHROMIUM = os.environ.get("MUGGINS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
GAMES = ["muggins_shedding", "cribbage_muggins", "willughby_fishing"]

#: (file name, table request): the person is seat 0 and the page is kept at the first window where a claim is right.
SHOTS = [
    ("web-table-cribbage.png", {"game": "cribbage_muggins", "players": 3, "seed": 12, "pace": 0,
                                "seats": ["human", "novice:miss_rate=0.6", "novice:miss_rate=0.6"], "rules": {"target": 61}}),
    ("web-table-fishing.png", {"game": "willughby_fishing", "players": 5, "seed": 14, "pace": 0,
                               "seats": ["human"] + ["novice:forget_rate=0.9,attention=0"] * 4, "rules": {"deals": 1}}),
]


def _serve(lobby):
    """The app on a free port, served by uvicorn in a thread; (base URL, server)."""
    import uvicorn

    from muggins_web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("muggins: error: the server did not start within 60 s")
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def _shoot(browser, base, lobby, request, target: Path, seconds: float = 120) -> None:
    import httpx

    links = httpx.post(base + "/api/tables", json=request).json()
    table = lobby.tables[links["table"]]
    page = browser.new_context(viewport={"width": 1100, "height": 760}).new_page()
    page.goto(links["seats"][0]["url"])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not table.over:
        offer = table.offers.get(0)
        if offer is None or offer.answer is not None:
            time.sleep(0.01)
            continue
        page.wait_for_selector(f'#decision[data-step="{offer.step}"]:not([hidden]) #choices button:enabled')
        right = str(offer.decision.correct[0])
        window = table.match.state.open_window() is not None
        if window and right != str(offer.decision.standing):
            page.locator(f'#choices button[data-action="{right}"]').scroll_into_view_if_needed()
            page.screenshot(path=str(target), full_page=False)
            print(f"muggins: wrote {target} ({request['game']}, step {offer.step}: the right answer is {right!r})")
            return
        page.locator(f'#choices button[data-action="{right}"]').click()
        while table.offers.get(0) is offer and offer.answer is None:  # until the click has reached the server
            time.sleep(0.005)
    raise SystemExit(f"muggins: error: no window with a claim came to seat 0 in {request['game']} (seed {request['seed']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "web"), help="folder for the PNGs")
    options = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("muggins: error: Playwright is not installed (uv run --group dev ...)", file=sys.stderr)
        return 2
    if not os.path.exists(CHROMIUM):
        print(f"muggins: error: Chromium not found at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    out = Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as records:
        os.environ["MUGGINS_RECORDS"] = records
        from muggins.plugins import load_registry, reset_registry
        from muggins_web.lobby import Lobby

        registry = load_registry(only=GAMES)
        reset_registry(registry)
        lobby = Lobby(registry, pace=0)
        base, server = _serve(lobby)
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for name, request in SHOTS:
                    _shoot(browser, base, lobby, request, out / name)
                browser.close()
        finally:
            server.should_exit = True
            lobby.close_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
