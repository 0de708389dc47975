"""The limits of one server: finished tables leave the count, waiting tables expire, one client cannot take every table or connection.

Tables: a finished (or stopped, or closed) table stays listed but is not
counted, and the oldest finished ones give way when a new table needs the
room; a table made to wait for its host expires `wait_expiry` after its
making (read from the lobby's clock, a test's own here), everyone on it is
told, and the note beside its record keeps a restart from reopening it or
renewing its age; one client address holds at most `max_per_client`
unfinished tables (one on this machine is not counted). Connections:
spectators are bounded per table, per address and in all, and none of
those bounds ever refuses a seat's or the host's link, which is bounded
only per link.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import warnings

import pytest
from starlette.websockets import WebSocketDisconnect

from muggins_web.lobby import TOKENS_SUFFIX, Lobby

BOTS_ONLY = {"game": "muggins_shedding", "players": 3, "seats": ["novice", "novice", "novice"], "rules": {"hands": 1}}
PERSON = {"game": "muggins_shedding", "seats": ["human"]}


def _client(lobby, address="testclient"):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from muggins_web.app import create_app

    return TestClient(create_app(lobby, allowed_hosts=["testserver"]), client=(address, 50000))


def _token(url):
    return url.split("#", 1)[1]


def _refused(client, path):
    with client.websocket_connect(path) as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return closed.value.code, closed.value.reason


def _hello(ws):
    while True:
        frame = ws.receive_json()
        if frame["type"] == "hello":
            return frame


def _until_over(client, patience: float = 60.0):
    """The tables listed once every one has played to its end (bots play on after the request that made them)."""
    deadline = time.monotonic() + patience
    while True:
        listed = client.get("/api/tables").json()["tables"]
        if all(t["over"] for t in listed) or time.monotonic() > deadline:
            return listed
        time.sleep(0.01)


# -- tables ------------------------------------------------------------------------------------
def test_finished_tables_leave_the_count_and_the_oldest_gives_way_to_a_new_table(client, lobby):
    lobby.max_tables = 3
    finished = [client.post("/api/tables", json={**BOTS_ONLY, "seed": n}).json()["table"] for n in range(3)]
    listed = _until_over(client)  # a table of bots is answered at once and plays on: wait for its end
    assert [t["table"] for t in listed] == finished and all(t["over"] for t in listed)  # still there to look at
    fourth = client.post("/api/tables", json={**PERSON, "seed": 4})
    assert fourth.status_code == 201
    assert [t["table"] for t in client.get("/api/tables").json()["tables"]] == finished[1:] + [fourth.json()["table"]]
    more = [client.post("/api/tables", json={**PERSON, "seed": n}) for n in (5, 6)]
    assert [r.status_code for r in more] == [201, 201]  # the other finished ones gave way too
    full = client.post("/api/tables", json={**PERSON, "seed": 7})
    assert full.status_code == 503 and full.json()["errors"] == ["this server holds 3 unfinished tables, its most; wait for one to finish"]


def test_a_closed_table_leaves_the_count(client, lobby):
    lobby.max_tables = 1
    links = client.post("/api/tables", json={**PERSON, "seed": 1}).json()
    assert client.post("/api/tables", json={**PERSON, "seed": 2}).status_code == 503
    with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['host'])}") as host:
        _hello(host)
        host.send_json({"type": "close"})
        while host.receive_json().get("stopped") is None:
            pass
    assert client.post("/api/tables", json={**PERSON, "seed": 2}).status_code == 201


def test_a_table_nobody_starts_expires_an_hour_after_its_making_and_everyone_on_it_is_told(registry, records):
    lobby = Lobby(registry, pace=0)
    now = [1_000_000.0]
    lobby.clock = lambda: now[0]

    async def scenario():
        table = await lobby.create({**PERSON, "seed": 1, "start": "host"})
        left = lobby._expiry[table.id].when() - asyncio.get_running_loop().time()
        assert 3590 < left <= 3600  # its timer is armed for the hour (not waited for here: the clock is the test's)
        watcher = await table.join(0)
        while not watcher.queue.empty():
            watcher.queue.get_nowait()
        now[0] += 3599
        assert await lobby.expire_waiting() == [] and lobby.live(table)
        now[0] += 1
        assert await lobby.expire_waiting() == [table.id]
        told = watcher.queue.get_nowait()
        from muggins_web.table import Refused

        with pytest.raises(Refused, match="it has expired"):
            await table.host("start", None)
        return table, told

    table, told = asyncio.run(scenario())
    assert told["stopped"] == "nobody started the table within 1 hour of its making; it has expired"
    assert not lobby.live(table) and json.loads(open(table.path + TOKENS_SUFFIX).read())["expired"] is True
    again = Lobby(registry, pace=0)
    assert asyncio.run(again.resume_unfinished()) == [] and again.tables == {}


def test_a_restart_does_not_renew_a_waiting_tables_age(registry, records):
    made = 1_000_000.0
    first = Lobby(registry, pace=0)
    first.clock = lambda: made
    waiting = asyncio.run(first.create({**PERSON, "seed": 1, "start": "host"}))
    old = asyncio.run(first.create({**PERSON, "seed": 2, "start": "host"}))
    first.close_all()
    tokens = json.loads(open(old.path + TOKENS_SUFFIX).read())
    del tokens["made"]  # a tokens file from before the note: the record's last change is its making
    open(old.path + TOKENS_SUFFIX, "w").write(json.dumps(tokens))
    import os

    os.utime(old.path, (made - 7200, made - 7200))
    again = Lobby(registry, pace=0)
    again.clock = lambda: made + 1800

    async def after_the_restart():
        assert await again.resume_unfinished() == []
        left = again._expiry[waiting.id].when() - asyncio.get_running_loop().time()
        return left

    left = asyncio.run(after_the_restart())
    assert list(again.tables) == [waiting.id] and again.made[waiting.id] == made and 1790 < left <= 1800
    assert json.loads(open(old.path + TOKENS_SUFFIX).read())["expired"] is True
    again.close_all()
    later = Lobby(registry, pace=0)
    later.clock = lambda: made + 3600
    assert asyncio.run(later.resume_unfinished()) == [] and later.tables == {}


def test_one_client_address_cannot_take_every_table_and_a_client_on_this_machine_is_not_counted(lobby):
    lobby.max_per_client = 2
    with _client(lobby) as greedy, _client(lobby, "10.1.2.3") as other, _client(lobby, "127.0.0.1") as local:
        for seed in (1, 2):
            assert greedy.post("/api/tables", json={**PERSON, "seed": seed, "start": "host"}).status_code == 201
        refused = greedy.post("/api/tables", json={**PERSON, "seed": 3})
        assert refused.status_code == 429 and refused.json()["errors"] == [
            "your address has 2 unfinished tables on this server, its most for one address; finish or close one (its host's link) first"]
        assert greedy.post("/api/tables", json={**BOTS_ONLY, "seed": 4}).status_code == 429
        assert other.post("/api/tables", json={**PERSON, "seed": 5}).status_code == 201
        assert all(local.post("/api/tables", json={**PERSON, "seed": s}).status_code == 201 for s in (6, 7, 8))


# -- connections ------------------------------------------------------------------------------------
def test_spectators_filling_the_server_never_keep_a_tables_players_out(client, lobby):
    lobby.max_connections = 5
    watched = client.post("/api/tables", json={**PERSON, "seed": 1}).json()
    other = client.post("/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["human", "human"], "seed": 2}).json()
    with contextlib.ExitStack() as stack:
        for _ in range(5):
            _hello(stack.enter_context(client.websocket_connect(f"/ws/{watched['table']}")))
        assert _refused(client, f"/ws/{other['table']}") == (4503, "this server holds 5 spectators' connections, its most; try again later")
        for url in [other["seats"][0]["url"], other["seats"][1]["url"], other["host"], watched["seats"][0]["url"]]:
            table = url.split("/table/")[1].split("#")[0]
            assert _hello(stack.enter_context(client.websocket_connect(f"/ws/{table}?token={_token(url)}")))["type"] == "hello"


def test_a_table_takes_so_many_spectators_and_an_address_holds_so_many_connections(client, lobby):
    lobby.max_spectators, lobby.max_per_address = 2, 3
    one = client.post("/api/tables", json={**PERSON, "seed": 1}).json()
    two = client.post("/api/tables", json={**PERSON, "seed": 2}).json()
    with contextlib.ExitStack() as stack:
        for _ in range(2):
            _hello(stack.enter_context(client.websocket_connect(f"/ws/{one['table']}")))
        assert _refused(client, f"/ws/{one['table']}") == (4503, "this table has 2 spectators, its most; try again later")
        _hello(stack.enter_context(client.websocket_connect(f"/ws/{two['table']}")))
        assert _refused(client, f"/ws/{two['table']}") == (
            4429, "your address holds 3 spectators' connections already, its most; close some")
        seat = f"/ws/{two['table']}?token={_token(two['seats'][0]['url'])}"
        assert _hello(stack.enter_context(client.websocket_connect(seat)))["seat"] == 0
    with client.websocket_connect(f"/ws/{one['table']}") as again:  # the places are free once closed
        assert _hello(again)["seat"] is None


def test_one_link_is_open_on_a_few_connections_at_most(client, lobby):
    lobby.max_per_link = 2
    links = client.post("/api/tables", json={**PERSON, "seed": 1}).json()
    seat = f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}"
    with contextlib.ExitStack() as stack:
        for _ in range(2):
            _hello(stack.enter_context(client.websocket_connect(seat)))
        assert _refused(client, seat) == (4429, "this link is open on 2 connections already, its most; close another tab that has it open")
        host = f"/ws/{links['table']}?token={_token(links['host'])}"
        assert _hello(stack.enter_context(client.websocket_connect(host)))["host"] is True
