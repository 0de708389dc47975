"""The fourth game, docs/examples/muggins_whist, in the main suite: its contract, a search seat whose record replays, its browser table.

The example is a distribution of its own (installed with pip, its tests
run with its own pytest: its README). Here it is loaded in process, from
its source folder, into a registry of its own, as the contract kit loads
an installed game: the kit's checks on short matches (one hand: a target
of one point), a match with search seats rerun and replayed from its
record, and a table of the web front end opened on it through Starlette's
test client, whose frame draws the game's layout: the zones the game
declares, the seat's own hand face up and nobody else's.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins.testing import check_game, check_records

SOURCE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "muggins_whist" / "src"


@pytest.fixture(scope="module")
def whist():
    """(registry, game): the example's plugin module imported from its source folder and registered alone."""
    sys.path.insert(0, str(SOURCE))
    try:
        plugin = importlib.import_module("muggins_whist.plugin")
    finally:
        sys.path.remove(str(SOURCE))
    registry = load_registry(load_entry_points=False, extra_plugins=[("muggins_whist", plugin)])
    assert registry.errors == [] and "muggins_whist" in registry.games
    return registry, registry.game("muggins_whist")


def test_the_whist_example_keeps_the_contract_with_every_bot_kind(whist):
    registry, game = whist
    report = check_game(game, games=2, seed=7, kinds=("random", "expert", "novice"), rules=game.Rules(target=1), registry=registry, replays=1)
    assert report.matches == 2 and report.decisions >= 2 * 52


def test_a_whist_match_with_search_seats_is_rerun_alike_and_replays_from_its_record(whist):
    registry, game = whist
    report = check_records(game, players=[4], games=1, seed=3, kinds=("search:iterations=4", "expert"), rules=game.Rules(target=1),
                           registry=registry)
    assert report.matches == 1 and report.decisions >= 52


def test_a_browser_table_of_whist_draws_its_layout_with_the_seats_own_hand_only(whist, tmp_path, monkeypatch):
    registry, game = whist
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the test client warns about its HTTP client at import
        from starlette.testclient import TestClient
    from muggins_web.app import create_app
    from muggins_web.lobby import Lobby

    reset_registry(registry)  # the process registry, where the table finds the game
    lobby = Lobby(registry, pace=0, message_rate=(1e6, 10**6))
    with TestClient(create_app(lobby, allowed_hosts=["testserver"])) as client:
        made = client.post("/api/tables", json={"game": "muggins_whist", "players": 4, "seed": 5,
                                                 "seats": ["human", "expert", "expert", "expert"]})
        assert made.status_code == 201, made.json()
        token = made.json()["seats"][0]["url"].split("#", 1)[1]
        with client.websocket_connect(f"/ws/{made.json()['table']}?token={token}") as ws:
            frame = ws.receive_json()
            while frame["type"] != "hello":
                frame = ws.receive_json()
    layout = frame["layout"]
    zones = {zone["id"]: zone for zone in layout["zones"]}
    assert {"hand:0", "hand:1", "hand:2", "hand:3", "trick"} <= set(zones)
    hand = zones["hand:0"]["cards"]
    assert len(hand) == 13 and hand == frame["view"]["hand"]
    # Seat 0 deals the first hand, so the turned-up trump is in its hand (and nowhere else on its table, one card to
    # tap); seat 1 leads, and the experts play to seat 0's turn.
    assert all(zones[f"hand:{s}"]["cards"] is None and zones[f"hand:{s}"]["count"] == 12 for s in (1, 2, 3))
    assert frame["view"]["turn_up"] in hand and "turn_up" not in zones
    face_up = {code for zone in layout["zones"] for code in zone["cards"] or ()}
    assert face_up == set(hand) | set(zones["trick"]["cards"]) and len(zones["trick"]["cards"]) == 3
    assert set(layout["track"]["scores"]) == {"0+2", "1+3"} and layout["track"]["target"] == game.Rules().target
    plays = [choice for choice in frame["decision"]["choices"] if choice["text"].startswith("play ")]
    assert plays and all(choice["card"] in hand and choice["to"] == "trick" for choice in plays)
