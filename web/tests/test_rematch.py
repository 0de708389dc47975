"""The next match at a finished table: the host asks for it, the same people play it on the links they already have.

Three people play three-player cribbage to 61, the host at seat 0. Once
the match is over the host begins the next one (`POST
/api/tables/ID/again`): every page open on the finished match is told so
and closed with 4000, and each seat's own link (the same token) opens the
new match, with a new deal committed to, the names kept, and its own
record, which verifies once it is played out; the first record is left
as it was, finished and verified. A request from a seat's link, or before
the end, is refused. After a restart the new match reopens with the
table's tokens like any unfinished one.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from muggins.records import read_record
from muggins.match_checks import verify
from muggins_web.app import NEXT_MATCH_CODE
from muggins_web.lobby import TOKENS_SUFFIX, Lobby
from muggins_web.table import Refused, RemoteSeat

from .test_app import _create, _next_update, _token

RULES = {"target": 61}


async def _pending(table):
    """The seat and step of the person's decision the table waits for once nothing else is playing; None once the match is over."""
    async with table.lock:
        if table.over:
            return None
        # A seat's turn, or its decision in a group deciding at once (a lay-away), which it answers before its turn.
        offer = next(o for o in table.offers.values() if o.to_answer_now)
        return offer.seat, offer.step


async def _taken(table, seat, step):
    """Whether the table has taken the seat's answer at `step`: applied, or held until its group has all answered."""
    async with table.lock:
        offer = table.offers.get(seat)
        return table.over or offer is None or offer.step != step or offer.answer is not None


def _play_to_the_end(client, lobby, table_id, sockets, latest=None):
    """Answer each decision the table waits for with its first choice, from the socket of the seat it is for, until the match is over.

    The table is read between answers under its lock, so the bots and
    windows have settled; each seat's frames are read up to the one that
    offers its decision, and after its answer the table is watched until it
    has taken it (a lay-away's answer is held until every seat has laid away).
    `latest` holds each seat's frame read already and not yet looked at;
    answers how many were given, and each seat's frame read last.
    """
    answered = 0
    latest = dict(latest or {})
    while (pending := client.portal.call(_pending, lobby.tables[table_id])) is not None:
        seat, step = pending
        ws = sockets[seat]
        frame = latest.pop(seat, None) or _next_update(ws)
        while frame["decision"] is None or frame["step"] != step:
            frame = _next_update(ws)
        ws.send_json({"type": "act", "step": step, "action": frame["decision"]["choices"][0]["text"]})
        deadline = time.monotonic() + 60  # a bound for a failing test, not a speed
        while not client.portal.call(_taken, lobby.tables[table_id], seat, step) and time.monotonic() < deadline:
            time.sleep(0.005)
        answered += 1
    return answered, latest


def _last_update(ws, read=None):
    """The socket's frames read (from the frame `read` last, if any) up to the one saying the match is over."""
    frame = read or _next_update(ws)
    while not frame["over"]:
        frame = _next_update(ws)
    return frame


def _moved_on(ws):
    """The socket's frames read up to `next_match`, then its close: the code the page opens its link again on."""
    while ws.receive_json()["type"] != "next_match":
        pass
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code


def test_the_host_begins_the_next_match_and_every_seat_plays_it_on_the_link_it_has(client, lobby, registry, records):
    game = registry.games["cribbage_muggins"]
    # Checks timed (at pace 0 they wait all the same): the host's choice of timing goes on into the next match.
    links = _create(client, game="cribbage_muggins", players=3, seats=["human"] * 3, rules=RULES, host_seat=0, pace=0, checks="timed")
    table_id = links["table"]
    host_token = _token(links["host"]).split(".")[1]
    paths = {0: links["host"], 1: links["seats"][1]["url"], 2: links["seats"][2]["url"]}
    again = f"/api/tables/{table_id}/again"

    with client.websocket_connect(f"/ws/{table_id}?token={_token(paths[0])}") as host, \
            client.websocket_connect(f"/ws/{table_id}?token={_token(paths[1])}") as ben, \
            client.websocket_connect(f"/ws/{table_id}?token={_token(paths[2])}") as cleo, \
            client.websocket_connect(f"/ws/{table_id}") as spectator:
        ben.send_json({"type": "name", "name": "Ben"})
        hello = _next_update(host)
        first_deal = hello["deal"]["commitment"]
        early = client.post(again, json={"token": host_token})
        assert early.status_code == 409 and early.json()["errors"] == ["the match is not over; the next match can begin only once it is"]

        sockets = {0: host, 1: ben, 2: cleo}
        answered, latest = _play_to_the_end(client, lobby, table_id, sockets, {0: hello})
        assert answered >= 8
        ends = [_last_update(ws, latest.get(seat)) for seat, ws in enumerate((host, ben, cleo, spectator))]
        assert all(end["over"] and end["result"] for end in ends)
        first_record = records / links["record"]
        first_bytes = first_record.read_bytes()

        refused = client.post(again, json={"token": _token(paths[1])})
        assert refused.status_code == 403 and len(refused.json()["errors"]) == 1
        begun = client.post(again, json={"token": _token(paths[0])})  # the host's own link's SEAT.HOST token serves too
        assert begun.status_code == 200, begun.json()
        listed = begun.json()
        assert listed["table"] == table_id and listed["over"] is False and listed["record"] != links["record"]
        assert [s["name"] for s in listed["seats"]] == [None, "Ben", None]
        assert (lobby.tables[table_id].pace, lobby.tables[table_id].checks) == (0, "timed")
        # Every page on the finished match is told, and closed with the code its page opens the same link again on.
        assert [_moved_on(ws) for ws in (host, ben, cleo, spectator)] == [NEXT_MATCH_CODE] * 4

    assert [t["record"] for t in client.get("/api/tables").json()["tables"]] == [listed["record"]]
    # The same links, opened again, play the next match.
    with client.websocket_connect(f"/ws/{table_id}?token={_token(paths[0])}") as host, \
            client.websocket_connect(f"/ws/{table_id}?token={_token(paths[1])}") as ben, \
            client.websocket_connect(f"/ws/{table_id}?token={_token(paths[2])}") as cleo:
        hellos = [ws.receive_json() for ws in (host, ben, cleo)]
        assert [h["type"] for h in hellos] == ["hello"] * 3 and [h["seat"] for h in hellos] == [0, 1, 2]
        assert hellos[0]["host"] is True and links["seats"][1]["url"].endswith(hellos[0]["links"]["seats"][1]["url"])
        assert not any(h["over"] for h in hellos) and hellos[1]["seats"][1]["name"] == "Ben"
        second_deal = hellos[0]["deal"]["commitment"]
        assert second_deal != first_deal and set(hellos[0]["deal"]) == {"commitment"}
        answered, latest = _play_to_the_end(client, lobby, table_id, {0: host, 1: ben, 2: cleo}, dict(enumerate(hellos)))
        assert answered >= 8
        last = _last_update(host, latest.get(0))
        assert last["deal"]["commitment"] == second_deal and last["result"]

    second = read_record(records / listed["record"])
    assert second.result is not None and second.seats == ["human"] * 3 and second.rules["target"] == 61
    assert second.deal["commitment"] == second_deal and second.seed == last["deal"]["seed"]
    verify(registry, game, second, given_like=RemoteSeat)
    # The first match's record is as it was at its end: finished, and it verifies.
    assert first_record.read_bytes() == first_bytes
    first = read_record(first_record)
    assert first.result is not None and first.deal["commitment"] == first_deal and first.seed != second.seed
    verify(registry, game, first, given_like=RemoteSeat)
    tokens = [json.loads((records / (name + TOKENS_SUFFIX)).read_text()) for name in (links["record"], listed["record"])]
    assert tokens[1]["table"] == tokens[0]["table"] and tokens[1]["seats"] == tokens[0]["seats"] and tokens[1]["host"] == tokens[0]["host"]


def test_after_a_restart_the_next_match_reopens_with_the_tables_tokens_and_names(registry, records):
    request = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "human"], "rules": RULES, "host_seat": 0}
    first = Lobby(registry, pace=0)

    async def to_the_next_match():
        table = await first.create(request)
        await table.rename(1, "Ben")
        with pytest.raises(Refused, match="not over"):
            await first.again(table)
        while not table.over:  # a seat's turn, or its lay-away answered before its turn (held until both have laid away)
            offer = next(o for o in table.offers.values() if o.to_answer_now)
            await table.act(offer.seat, offer.step, str(offer.decision.choices[0]))
        following = await first.again(table)
        with pytest.raises(Refused, match="already begun"):
            await first.again(table)
        late = await table.join(1)  # a page that found the finished match just before the next took its place
        told = [late.queue.get_nowait()["type"] for _ in range(late.queue.qsize())]
        await following.start()
        first.close_all()
        return table, following, told

    finished, following, told = asyncio.run(to_the_next_match())
    assert told[0] == "hello" and told[-1] == "next_match"
    assert following.id == finished.id and following.path != finished.path
    assert read_record(finished.path).result is not None

    again = Lobby(registry, pace=0)

    async def after_the_restart():
        assert await again.resume_unfinished() == []
        return again.tables[finished.id]

    reopened = asyncio.run(after_the_restart())
    again.close_all()
    assert reopened.path == following.path and not reopened.over
    assert reopened.seat_tokens == finished.seat_tokens and reopened.is_host(finished.host_token)
    assert reopened.host_seat == 0 and reopened.names == {1: "Ben"} and reopened.started
