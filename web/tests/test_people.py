"""People at a browser table, through Starlette's test client and the table itself: names, the host's own seat, QR codes, marks.

A person names their seat over the websocket (kept beside the record,
never in it, and restored after a restart); the lobby form's host plays
seat 0 from one page that also has the host's controls and the table's
links; only the host is given QR codes of those links; a decision with
one choice is taken for the person; a window's frames name every seat it
waits for and say an early answer in its button's words.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from muggins.records import read_record
from muggins.match_checks import seat_players
from muggins_web.app import qr_svg
from muggins_web.lobby import TOKENS_SUFFIX, Lobby
from muggins_web.protocol import BadMessage, read_name


def _create(client, **request):
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.json()
    return response.json()


def _token(url: str) -> str:
    return url.split("#", 1)[1]


def _until(ws, kind):
    while True:
        frame = ws.receive_json()
        if frame["type"] == kind:
            return frame


def test_a_name_is_one_to_24_printable_characters_trimmed():
    assert read_name("  Anna  ") == "Anna" and read_name("Zoë 🂡") == "Zoë 🂡" and read_name("x" * 24) == "x" * 24
    for bad in ["", "   ", "x" * 25, "Anna\nseat 1 wins", "tab\there", None, 7, ["Anna"]]:
        with pytest.raises(BadMessage, match="a name is 1 to 24 printable characters"):
            read_name(bad)


def test_a_person_names_their_seat_every_page_is_told_the_record_stays_name_free_and_a_restart_keeps_the_name(client, lobby, registry, records):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "human"], seed=3, start="host")
    table_id = links["table"]
    zero, one = (_token(s["url"]) for s in links["seats"][:2])
    with client.websocket_connect(f"/ws/{table_id}?token={zero}") as ws0, \
            client.websocket_connect(f"/ws/{table_id}?token={one}") as ws1, \
            client.websocket_connect(f"/ws/{table_id}") as watcher:
        assert _until(ws0, "hello")["seats"][0]["name"] is None
        _until(ws1, "hello")
        _until(watcher, "hello")
        ws0.send_json({"type": "name", "name": "  Anna "})
        for ws in (ws0, ws1, watcher):
            seats = _until(ws, "seats")["seats"]
            while seats[0]["name"] is None:  # the lists sent as the others connected come first
                seats = _until(ws, "seats")["seats"]
            assert [s["name"] for s in seats] == ["Anna", None, None]
        for bad in ["x" * 25, "two\nlines", ""]:
            ws1.send_json({"type": "name", "name": bad})
            assert _until(ws1, "error")["error"] == 'a name is 1 to 24 printable characters, such as "Anna"'
        watcher.send_json({"type": "name", "name": "Eve"})
        assert _until(watcher, "error")["error"] == "only a seat's link gives a name; this page watches"
    assert client.get("/api/tables").json()["tables"][0]["seats"][0]["name"] == "Anna"
    table = lobby.tables[table_id]
    kept = json.loads(open(table.path + TOKENS_SUFFIX).read())
    assert kept["names"] == {"0": "Anna"}
    assert "Anna" not in open(table.path).read()
    lobby.close_all()

    again = Lobby(registry, pace=0)

    async def reopened():
        assert await again.resume_unfinished() == []
        table = again.tables[table_id]
        hello = (await table.join(1)).queue.get_nowait()
        again.close_all()
        return table, hello

    table, hello = asyncio.run(reopened())
    assert table.names == {0: "Anna"} and [s["name"] for s in hello["seats"]] == ["Anna", None, None]


def test_a_tokens_file_whose_names_are_not_names_is_skipped_with_one_line(lobby, registry, records, client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human"], seed=4, start="host")
    path = lobby.tables[links["table"]].path + TOKENS_SUFFIX
    lobby.close_all()
    kept = json.loads(open(path).read())
    kept["names"] = {"0": "two\nlines"}
    open(path, "w").write(json.dumps(kept))
    refused = asyncio.run(Lobby(registry, pace=0).resume_unfinished())
    assert len(refused) == 1 and "'names' is not an object of seat numbers to names" in refused[0]


def test_the_host_who_plays_seat_0_has_one_link_for_their_seat_and_the_host_controls_and_the_old_host_link_still_works(client, lobby):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "human"], seed=5, start="host", host_seat=0)
    table = lobby.tables[links["table"]]
    seat_token, host_token = _token(links["host"]).split(".")
    assert links["host_seat"] == 0 and table.seat_for(seat_token) == 0 and table.is_host(host_token)
    assert links["host"].startswith("http://testserver/table/")
    with client.websocket_connect(f"/ws/{links['table']}?token={seat_token}.{host_token}") as ws:
        hello = _until(ws, "hello")
        assert hello["seat"] == 0 and hello["host"] is True
        given = hello["links"]
        assert given["base"] == "http://testserver" and [s["url"] for s in given["seats"]] == [
            f"/table/{table.id}#{table.seat_tokens[0]}", f"/table/{table.id}#{table.seat_tokens[1]}", None]
        ws.send_json({"type": "start"})
        frame = _until(ws, "update")
        while frame["decision"] is None:
            frame = _until(ws, "update")
        ws.send_json({"type": "act", "step": frame["step"], "action": frame["decision"]["choices"][0]["text"]})
        assert _until(ws, "update")["step"] > frame["step"] or table.match.taken > frame["step"]
    # Another seat's page is sent no links; a seat's token with a wrong host half is no link at all.
    with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['seats'][1]['url'])}") as ws:
        hello = _until(ws, "hello")
        assert hello["host"] is False and "links" not in hello
    with client.websocket_connect(f"/ws/{links['table']}?token={seat_token}.not-the-host") as ws:
        assert ws.receive()["code"] == 4404
    # The start request takes the joined token too.
    other = _create(client, game="muggins_shedding", players=3, seats=["human"], seed=6, start="host", host_seat=0)
    assert client.post(f"/api/tables/{other['table']}/start", json={"token": _token(other["host"])}).status_code == 200
    # Over the API without a host seat, the host's link is the host's alone, as before.
    plain = _create(client, game="muggins_shedding", players=3, seats=["novice", "human"], seed=7, start="host")
    assert plain["host_seat"] is None and "." not in _token(plain["host"])
    with client.websocket_connect(f"/ws/{plain['table']}?token={_token(plain['host'])}") as ws:
        hello = _until(ws, "hello")
        assert hello["seat"] is None and hello["host"] is True and hello["links"]["seats"][1]["url"]
    for seat in [1, 5, "0", True]:
        refused = client.post("/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["human", "novice"], "host_seat": seat})
        assert refused.status_code == 400 and refused.json()["error"].startswith("host_seat must be the number of a person's")


def test_qr_codes_of_a_tables_links_are_given_to_its_host_alone(client, lobby):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "novice", "human"], seed=8, start="host", host_seat=0)
    table_id, host = links["table"], _token(links["host"])
    answer = client.post(f"/api/tables/{table_id}/qr", json={"token": host, "seat": 2})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text == qr_svg(links["seats"][2]["url"]) and answer.text.startswith("<svg xmlns=")
    spectators = client.post(f"/api/tables/{table_id}/qr", json={"token": host.split(".")[1], "seat": None})
    assert spectators.status_code == 200 and spectators.text == qr_svg(links["spectate"])
    for token in [_token(links["seats"][2]["url"]), "guess", None]:
        refused = client.post(f"/api/tables/{table_id}/qr", json={"token": token, "seat": 2})
        assert refused.status_code == 403 and "only the table's host" in refused.json()["error"]
    for seat in [1, 9, "2"]:
        assert client.post(f"/api/tables/{table_id}/qr", json={"token": host, "seat": seat}).status_code == 400
    assert client.post("/api/tables/nosuch/qr", json={"token": host, "seat": 0}).status_code == 404
    assert client.post(f"/api/tables/{table_id}/qr", content=json.dumps({"token": host, "seat": 0}),
                       headers={"content-type": "text/plain"}).status_code == 415


def test_links_and_qr_codes_asked_for_on_this_machine_use_the_address_the_server_gives_friends(lobby):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from muggins_web.app import create_app

    app = create_app(lobby, allowed_hosts=["localhost", "192.168.1.5"], link_base="http://192.168.1.5:8000")
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 9}
    with TestClient(app, base_url="http://localhost:8000") as client:
        links = client.post("/api/tables", json=request).json()
        assert links["seats"][0]["url"].startswith("http://192.168.1.5:8000/table/")
        qr = client.post(f"/api/tables/{links['table']}/qr", json={"token": _token(links["host"]), "seat": 0})
        assert qr.text == qr_svg(links["seats"][0]["url"])
        # Asked for by another name the server answers to, the links use that name.
        links = client.post("/api/tables", json={**request, "seed": 10}, headers={"host": "192.168.1.5:8000"}).json()
        assert links["seats"][0]["url"].startswith("http://192.168.1.5:8000/table/")


def test_a_decision_with_one_choice_is_taken_for_the_person_as_at_the_terminal(registry, records):
    lobby = Lobby(registry, pace=0)
    request = {"game": "willughby_fishing", "players": 5, "seats": ["human", "novice", "human", "novice", "novice"], "seed": 23, "rules": {"deals": 1}}

    async def play():
        table = await lobby.create(request)
        choosers = seat_players(registry, table.game, ["novice"] * 5, 3)
        shown_alone = 0
        while not table.over:
            offers = [o for o in table.offers.values() if o.answer is None]
            shown_alone += sum(len(o.decision.choices) == 1 for o in offers)
            offer = min(offers, key=lambda o: o.step)
            await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))
        return table, shown_alone

    table, shown_alone = asyncio.run(play())
    assert shown_alone == 0
    record = read_record(table.path)
    assert ("done" in {a for s, a in record.decisions if s in (0, 2)}), "no lone 'no (more) claims' was taken for a person"


def test_a_windows_frames_name_every_seat_it_waits_for_and_an_early_answer_in_its_buttons_words(registry, records):
    lobby = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 3, "seats": ["novice", "human", "human"], "seed": 22, "rules": {"target": 61}}

    async def first_window():
        table = await lobby.create(request)
        watched = {seat: await table.join(seat) for seat in (1, 2)}
        choosers = seat_players(registry, table.game, ["novice"] * 3, 5)
        while not table.over:
            if len(table.offers) == 2 and all(o.window is not None and o.answer is None for o in table.offers.values()):
                break
            offer = min((o for o in table.offers.values() if o.answer is None), key=lambda o: o.step)
            await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))
        later = max(table.offers.values(), key=lambda o: o.step)
        frames = {seat: _drain(sub.queue) for seat, sub in watched.items()}
        await table.act(later.seat, later.step, str(later.decision.standing))
        after = _drain(watched[later.seat].queue)
        return table, later, frames, after

    table, later, frames, after = asyncio.run(first_window())
    for seat, seen in frames.items():
        last = seen[-1]
        assert last["window"] and last["decision"] is not None and sorted(last["responders"]) == [1, 2], (seat, last["responders"])
        assert last["title"] == table.game.title != table.game.name
    answered = after[-1]
    label = later.decision.find(str(later.decision.standing)).label
    assert answered["answered"] == str(later.decision.standing) and answered["answered_label"] == label
    assert later.seat not in answered["responders"]


def _drain(queue):
    frames = []
    while not queue.empty():
        frame = queue.get_nowait()
        if frame["type"] in ("update", "hello"):
            frames.append(frame)
    return frames


def test_a_frame_leaves_out_the_zones_and_seats_its_seat_was_last_sent_and_the_page_can_put_them_back(registry, records):
    from muggins.projection import seat_update
    from muggins_web.table import Observer

    shown = {}  # per seat: the layout as a page puts it together, checked against the whole one at every frame
    counts = {"zones": 0, "same": 0, "seats left out": 0}

    def sent(state, seat, frame):
        if frame["type"] not in ("update", "hello"):
            return
        whole = seat_update(state, seat)["layout"]
        layout = frame["layout"]
        before = {z["id"]: z for z in (shown.get(seat) or {"zones": []})["zones"]}
        zones = [before[z["id"]] if z.get("same") else z for z in layout["zones"]]
        counts["zones"] += len(zones)
        counts["same"] += sum(1 for z in layout["zones"] if z.get("same"))
        counts["seats left out"] += frame["seats"] is None
        assert frame["type"] == "update" or not any(z.get("same") for z in layout["zones"])  # a hello is whole
        assert {**layout, "zones": zones} == whole
        shown[seat] = whole

    lobby = Lobby(registry, pace=0, observer=Observer(sent=sent))
    request = {"game": "cribbage_muggins", "players": 3, "seats": ["human", "novice", "human"], "seed": 22, "rules": {"target": 61}}

    async def play():
        table = await lobby.create(request)
        for seat in (0, 2, None):
            await table.join(seat)
        choosers = seat_players(registry, table.game, ["novice"] * 3, 5)
        for _ in range(60):
            offer = min((o for o in table.offers.values() if o.answer is None), key=lambda o: o.step)
            await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))

    asyncio.run(play())
    assert counts["same"] > counts["zones"] / 4 and counts["seats left out"] > 10, counts
