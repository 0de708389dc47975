"""A hostile house-rule plugin at the server: whatever its hook does while a table is made, the POST is a 4xx with one line, and nobody waits.

The plugin is registered in-process (`load_registry(extra_plugins=...)`),
its hook answering the shedding game's `muggins_shedding_penalty_cards`
or `muggins_shedding_adjacent_ranks` by raising SystemExit or its own
KeyboardInterrupt, answering a mapping that raises or a number of 5,000
digits, or waiting on an Event: the lobby runs that code in a worker
thread of its own under a time limit, so `GET /api/games` answers while
the hook waits, and a hook that never answers is a 504 naming the house
rules. No table is made and no record is left by any of them.
"""

from __future__ import annotations

import threading
import warnings

import pytest

from muggins import hookimpl
from muggins.plugins import load_registry, reset_registry

REQUEST = {"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 2}


class _RaisingMapping(dict):
    def __iter__(self):
        raise RuntimeError("a mapping that raises")

    def items(self):
        raise RuntimeError("a mapping that raises")

    def keys(self):
        raise RuntimeError("a mapping that raises")

    def __len__(self):
        raise RuntimeError("a mapping that raises")


class Hostile:
    """A house-rule plugin whose penalty hook does `how`; `gate`, an Event the waiting hook waits on."""

    def __init__(self, how: str, gate: threading.Event | None = None) -> None:
        self.how, self.gate = how, gate

    @hookimpl
    def muggins_shedding_penalty_cards(self, players, rules):
        if self.how == "exit":
            raise SystemExit(3)
        if self.how == "interrupt":
            raise KeyboardInterrupt
        if self.how == "huge":
            return int("7" * 5000)
        if self.how == "waits":
            self.gate.wait()
        return None

    @hookimpl
    def muggins_register_players(self, register):
        def quits(rng, **options):
            raise SystemExit(4)

        def breaks(rng, **options):
            raise RuntimeError("no bot today")

        register("quitter", quits, games=("muggins_shedding",))
        register("broken", breaks, games=("muggins_shedding",))

    @hookimpl
    def muggins_shedding_adjacent_ranks(self, players, rules):
        if self.how == "mapping":
            return _RaisingMapping({13: 1})
        return None


@pytest.fixture
def serve_with(records):
    """`serve_with(plugin)`: a test client on a lobby of the shedding game with `plugin` as the house-rule plugin 'hostile'."""
    opened = []

    def serve(plugin, **lobby_options):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient
        from muggins_web.app import create_app
        from muggins_web.lobby import Lobby

        registry = load_registry(only=["muggins_shedding"], extra_plugins=[("hostile", plugin)])
        assert registry.errors == []
        reset_registry(registry)
        client = TestClient(create_app(Lobby(registry, pace=0, **lobby_options), allowed_hosts=["testserver"]))
        opened.append(client.__enter__())
        return client

    yield serve
    for client in opened:
        client.__exit__(None, None, None)
    reset_registry(None)


@pytest.mark.parametrize("how", ["exit", "interrupt", "mapping", "huge"])
def test_a_hook_that_exits_interrupts_raises_or_answers_a_huge_number_is_a_4xx_with_one_line_naming_the_plugin(serve_with, records, how):
    client = serve_with(Hostile(how))
    response = client.post("/api/tables", json=REQUEST)
    assert 400 <= response.status_code < 500, response.text
    [line] = response.json()["errors"]
    assert "'hostile'" in line and "\n" not in line and len(line) <= 400
    assert client.get("/api/tables").json()["tables"] == []
    assert not records.exists() or list(records.iterdir()) == []


@pytest.mark.parametrize("kind, said", [("quitter", "raised SystemExit: 4"), ("broken", "raised RuntimeError: no bot today")])
def test_a_seats_factory_that_exits_or_fails_is_a_400_with_one_line_naming_the_plugin(serve_with, records, kind, said):
    client = serve_with(Hostile("fine"))
    response = client.post("/api/tables", json={**REQUEST, "seats": ["human", kind]})
    assert response.status_code == 400
    [line] = response.json()["errors"]
    assert line.startswith("the table was not made: ") and "'hostile'" in line and said in line
    assert not records.exists() or list(records.iterdir()) == []


def test_the_server_answers_while_a_hook_is_waited_for_and_the_table_is_made_once_it_answers(serve_with):
    gate = threading.Event()
    client = serve_with(Hostile("waits", gate), house_rules_timeout=600)  # the hook answers when the test lets it
    answers = []
    post = threading.Thread(target=lambda: answers.append(client.post("/api/tables", json=REQUEST)))
    post.start()
    try:
        games = client.get("/api/games")
        assert games.status_code == 200 and [g["name"] for g in games.json()["games"]] == ["muggins_shedding"]
        assert answers == []  # still waiting for the hook
    finally:
        gate.set()
        post.join(timeout=60)
    assert answers[0].status_code == 201


def test_a_hook_that_never_answers_is_a_504_saying_the_house_rules_did_not_answer_in_time(serve_with, records):
    gate = threading.Event()
    client = serve_with(Hostile("waits", gate), house_rules_timeout=0.2)
    try:
        response = client.post("/api/tables", json=REQUEST)
        assert response.status_code == 504 and response.json()["errors"] == [
            "the game's house rules (or a seat's bot being made) did not answer within 0.2 s; no table was made"]
        assert client.get("/api/tables").json()["tables"] == []
    finally:
        gate.set()  # the hook's thread answers at last; what it gives is dropped
