"""The lobby and two conflicting house-rule plugins: the conflict is shown as soon as the game is chosen, and switched off.

Two cribbage plugins set the target (151 and 91), registered in-process
(`load_registry(extra_plugins=...)`) and made the process registry. The
lobby's game list names both as switches (no plugin code run for it);
`POST /api/house-rules` gives the game's refusal line, the same one
`muggins list` and a refused table show, and none once a plugin is
switched off by `rules.plugins`; a table is then made under the other's
target. In headless Chromium (as `test_browser.py` launches it), choosing
cribbage shows the conflict line, unticking one plugin clears it, and the
table is created and plays to 91.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import warnings
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl
from muggins.plugins import load_registry, reset_registry

GAME = "cribbage_muggins"
CONFLICT = "house-rule plugins 'target_151' and 'target_91' both set setting 'target' (151 and 91) in muggins_cribbage_target"


class Target:
    """A house rule setting the cribbage target (and refusing a match of `refused_players`, if given)."""

    def __init__(self, target: int, refused_players: int | None = None) -> None:
        self.target = target
        self.refused_players = refused_players

    @hookimpl
    def muggins_cribbage_target(self, players, rules):
        if players == self.refused_players:
            raise HouseRuleError(f"a target of {self.target} is for {players - 1} players or fewer")
        return {"target": self.target}


@pytest.fixture
def targets(records):
    loaded = load_registry(only=[GAME], extra_plugins=[("target_151", Target(151)), ("target_91", Target(91, refused_players=4))])
    assert loaded.errors == []
    reset_registry(loaded)
    yield loaded
    reset_registry(None)


@pytest.fixture
def conflicted(targets):
    from muggins_web.app import create_app
    from muggins_web.lobby import Lobby

    lobby = Lobby(targets, pace=0, message_rate=(1e6, 10**6))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with TestClient(create_app(lobby, allowed_hosts=["testserver"])) as client:
        yield client, lobby
    lobby.close_all()


def test_the_lobby_names_the_plugins_and_their_conflict_and_a_switched_off_one_lets_the_table_be_made(conflicted):
    client, lobby = conflicted
    (game,) = client.get("/api/games").json()["games"]
    assert [(p["name"], p["hooks"]) for p in game["house_rules"]] == [
        ("target_151", ["muggins_cribbage_target"]), ("target_91", ["muggins_cribbage_target"])]
    asked = {"game": GAME, "players": 2}
    both = client.post("/api/house-rules", json=asked)
    assert both.status_code == 200 and both.json() == {"in_force": ["target_151", "target_91"], "refusal": CONFLICT}
    refused = client.post("/api/tables", json={**asked, "seats": ["human"], "seed": 3})
    assert refused.status_code == 400 and refused.json()["error"] == CONFLICT  # the line the lobby showed before the table was asked for
    off = {**asked, "rules": {"plugins": {"target_151": False}}}
    assert client.post("/api/house-rules", json=off).json() == {"in_force": ["target_91"], "refusal": None}
    made = client.post("/api/tables", json={**off, "seats": ["human"], "seed": 3})
    assert made.status_code == 201, made.text
    assert lobby.tables[made.json()["table"]].match.state.target == 91
    french = client.post("/api/house-rules?lang=fr", json=asked).json()["refusal"]
    assert french != CONFLICT and "target_151" in french and "target_91" in french
    unknown = client.post("/api/house-rules", json={**asked, "rules": {"plugins": {"nosuch": False}}})
    assert unknown.status_code == 400 and "'nosuch', which is not an installed house-rule plugin" in unknown.json()["error"]
    assert client.post("/api/house-rules", json={"game": "nosuch"}).status_code == 400


def test_a_game_without_house_rule_plugins_lists_none_and_has_nothing_to_refuse(client):
    listed = {g["name"]: g["house_rules"] for g in client.get("/api/games").json()["games"]}
    assert listed == {"cribbage_muggins": [], "muggins_shedding": [], "willughby_fishing": []}
    assert client.post("/api/house-rules", json={"game": "muggins_shedding"}).json() == {"in_force": [], "refusal": None}


CHROMIUM = os.environ.get("MUGGINS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def test_in_the_browser_choosing_the_game_shows_the_conflict_and_unticking_a_plugin_lets_the_table_start(targets):
    playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed; browser test skipped")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium); browser test skipped")
    from muggins_web.lobby import Lobby

    spec = importlib.util.spec_from_file_location("served", Path(__file__).with_name("served.py"))
    served = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(served)
    lobby = Lobby(targets, pace=0, message_rate=(1e6, 10**6))
    try:
        with served.serving(lobby) as url, playwright_api.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{url}/")
            page.select_option("#game", GAME)
            line = page.locator("#house-rule-refusal")
            page.wait_for_function("document.getElementById('house-rule-refusal')?.dataset.checked === 'true'")
            assert line.inner_text() == f"refused: {CONFLICT} (untick a plugin to play without it)"
            page.uncheck('[data-plugin="target_151"]')
            page.wait_for_function("document.getElementById('house-rule-refusal').textContent === ''")
            # Only the count of players changes: the plugin left on refuses four, and the line says so at once.
            page.fill("#players", "4")
            page.dispatch_event("#players", "change")
            page.wait_for_function("document.getElementById('house-rule-refusal').textContent.includes('3 players or fewer')")
            page.fill("#players", "2")
            page.dispatch_event("#players", "change")
            page.wait_for_function("document.getElementById('house-rule-refusal').textContent === ''")
            page.select_option("#start", "now")
            page.click("button[type=submit]")
            page.wait_for_selector("#created:not([hidden])")
            assert page.inner_text("#errors") == "" and errors == []
            (table,) = lobby.tables.values()
            assert table.match.state.target == 91
            browser.close()
    finally:
        lobby.close_all()
