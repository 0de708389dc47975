"""The server through Starlette's test client: the lobby API, joining by token, a whole match over a websocket, hostile messages, reconnecting."""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

from muggins.records import read_record
from muggins.match_checks import verify
from muggins_web.table import RemoteSeat


def _create(client, **request):
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.json()
    return response.json()


def _token(url: str) -> str:
    return url.split("#", 1)[1]


def _next_update(ws):
    """The next update (or hello) frame, skipping the seats list, thinking notices and refusals of answers overtaken by play.

    A later responder's answer to a window can arrive after an earlier
    responder's claim has closed it (how soon depends on the machine): the
    table refuses it as stale, changes nothing, and the next frame says what
    is asked now.
    """
    while True:
        frame = ws.receive_json()
        if frame["type"] in ("update", "hello"):
            return frame
        if frame["type"] == "error" and _overtaken(frame):
            continue
        assert frame["type"] in ("seats", "thinking"), frame


def _overtaken(frame) -> bool:
    """Whether an error frame refuses an answer because play moved on before it arrived."""
    message = frame.get("error", "")
    return message.startswith("that answer came too late") or " has nothing to answer now" in message


def _next_error(ws):
    while True:
        frame = ws.receive_json()
        if frame["type"] == "error":
            return frame


def _play_out(ws, frame):
    """Answer every decision with its first choice (a claim where the window offers one) until the match is over."""
    answered = 0
    while not frame["over"]:
        decision = frame["decision"]
        if decision is not None:
            texts = [c["text"] for c in decision["choices"]]
            ws.send_json({"type": "act", "step": frame["step"], "action": texts[0]})
            answered += 1
        frame = _next_update(ws)
    return frame, answered


def test_the_lobby_lists_every_installed_game_with_its_rules_and_seat_kinds(client, registry):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert sorted(games) == ["cribbage_muggins", "muggins_shedding", "willughby_fishing"]
    shedding = games["muggins_shedding"]
    assert shedding["players"] == {"min": 3, "max": 7, "default": shedding["players"]["default"]}
    rules = {r["name"]: r for r in shedding["rules"]}
    assert rules["mistakes"]["choices"] == ["allowed", "prevented"] and rules["hands"]["default"] == registry.games["muggins_shedding"].Rules().hands
    kinds = [k["name"] for k in shedding["kinds"]]
    assert kinds[0] == "human" and "novice" in kinds and "expert" in kinds


def test_a_whole_match_with_one_human_on_a_websocket_and_two_bots_is_recorded_and_verifies(client, registry, records):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "novice:error_rate=0.3", "expert"], seed=11)
    assert [s["kind"] for s in links["seats"]] == ["human", "novice:error_rate=0.3", "expert"]
    assert links["seats"][1]["url"] is None and links["spectate"].endswith(f"/table/{links['table']}")
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [links["table"]] and listed[0]["over"] is False
    with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}") as ws:
        hello = _next_update(ws)
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["render"]
        last, answered = _play_out(ws, hello)
    assert answered > 10 and last["result"]["winners"]
    record = read_record(records / links["record"])
    assert record.result is not None and record.seats == ["human", "novice:error_rate=0.3", "expert"]
    verify(registry, registry.games["muggins_shedding"], record, given_like=RemoteSeat)
    assert client.get("/api/tables").json()["tables"][0]["over"] is True


def test_tokens_are_kept_beside_the_record_for_the_owner_alone_and_never_in_it(client, records):
    links = _create(client, game="willughby_fishing", players=5, seats=["human", "human"], seed=3)
    tokens_file = str(records / links["record"]) + ".tokens.json"
    assert stat.S_IMODE(os.stat(tokens_file).st_mode) == 0o600
    kept = json.loads(open(tokens_file).read())
    tokens = [_token(s["url"]) for s in links["seats"] if s["url"]] + [_token(links["host"])]
    assert sorted(kept["seats"].values()) == sorted(tokens[:2]) and kept["host"] == tokens[2]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    text = open(records / links["record"]).read()
    assert not any(t in text for t in tokens)


def test_records_are_the_servers_users_alone_and_the_api_names_them_by_file_name_only(client, records):
    links = _create(client, game="muggins_shedding", seats=["human"], seed=13)
    assert re.fullmatch(r"muggins-muggins_shedding-[0-9a-f]{10}\.jsonl", links["record"])  # never the seed: it is every hand
    assert stat.S_IMODE(os.stat(records / links["record"]).st_mode) == 0o600  # it holds every seat's hidden cards
    listed = client.get("/api/tables").json()["tables"]
    assert [t["record"] for t in listed] == [links["record"]] and str(records) not in json.dumps(listed)


@pytest.mark.parametrize("request_body, status, expected", [
    ({"game": "no_such_game"}, 400, ["unknown game 'no_such_game'; installed games: cribbage_muggins, muggins_shedding, willughby_fishing"]),
    ({"game": "muggins_shedding", "players": 9}, 400, ["muggins_shedding is played by 3 to 7 players, not 9"]),
    ({"game": "muggins_shedding", "seats": ["human", "wizard"]}, 400, None),
    ({"game": "muggins_shedding", "rules": {"hands": -1, "mistakes": "sometimes"}}, 400,
     ['rules: hands = -1 is out of range; use a number from 0 to 10000', 'rules: mistakes = "sometimes" is not allowed; use one of "allowed", "prevented"']),
    ({"game": "cribbage_muggins", "players": 3, "rules": {"partnerships": True}}, 400, None),
    ({"game": "muggins_shedding", "colour": "blue"}, 400, None),
    ([1, 2], 400, ["the request must be a JSON object with game, players, seats and rules"]),
    ({"game": "muggins_shedding", "start": "later"}, 400,
     ['start must be "now" (the table starts at once) or "host" (when its host starts it)']),
    ({"game": "muggins_shedding", "checks": "sometimes"}, 400,
     ['checks must be "wait" (a challenge that asks for a check waits for every answer) or "timed" (it closes after the pace too), '
      "not 'sometimes'"]),
])
def test_bad_lobby_input_is_a_4xx_with_one_line_per_thing_wrong_and_makes_no_table(client, records, request_body, status, expected):
    response = client.post("/api/tables", json=request_body)
    assert response.status_code == status
    body = response.json()
    assert body["error"] == "\n".join(body["errors"]) and all("\n" not in line for line in body["errors"])
    if expected is not None:
        assert body["errors"] == expected
    else:
        assert len(body["errors"]) == 1 and body["errors"][0]
    assert client.get("/api/tables").json()["tables"] == []
    assert not records.exists() or list(records.iterdir()) == []


def test_a_body_that_is_not_json_or_too_big_is_refused(client):
    as_json = {"content-type": "application/json"}
    assert client.post("/api/tables", content=b"{nope", headers=as_json).status_code == 400
    assert client.post("/api/tables", content=b"[" * 70000, headers=as_json).status_code == 413


def test_a_full_server_says_so(client, lobby):
    lobby.max_tables = 1
    _create(client, game="muggins_shedding", seats=["human"], seed=1)
    response = client.post("/api/tables", json={"game": "muggins_shedding"})
    assert response.status_code == 503 and "holds 1 unfinished tables" in response.json()["error"]


def test_hostile_messages_get_an_error_frame_and_change_nothing(client):
    links = _create(client, game="muggins_shedding", players=3, seats=["human", "human", "expert"], seed=4)
    first, second = (_token(s["url"]) for s in links["seats"][:2])
    with client.websocket_connect(f"/ws/{links['table']}?token={first}") as ws0, \
            client.websocket_connect(f"/ws/{links['table']}?token={second}") as ws1:
        frames = {0: _next_update(ws0), 1: _next_update(ws1)}
        acting = 0 if frames[0]["decision"] is not None else 1
        idle = 1 - acting
        assert frames[acting]["decision"] is not None and frames[idle]["decision"] is None
        sockets = {0: ws0, 1: ws1}
        step = frames[acting]["step"]
        choice = frames[acting]["decision"]["choices"][0]["text"]
        bad = [
            (sockets[acting], "not json", "a message must be one JSON object"),
            (sockets[acting], json.dumps({"type": "act", "step": step, "action": "x" * 3000}), "message longer than 2048 bytes"),
            (sockets[acting], json.dumps({"type": "shout"}), "unknown message type"),
            (sockets[acting], json.dumps({"type": "act", "step": "one", "action": choice}), "needs \"step\""),
            (sockets[acting], json.dumps({"type": "act", "step": step - 1, "action": choice}), "that answer came too late: the match had moved on"),
            (sockets[acting], json.dumps({"type": "act", "step": step, "action": "conjure"}), "'conjure' is not one of seat"),
            (sockets[idle], json.dumps({"type": "act", "step": step, "action": choice}), f"seat {idle} has nothing to answer now"),
        ]
        for ws, text, said in bad:
            ws.send_text(text)
            frame = _next_error(ws)
            assert frame["type"] == "error" and said in frame["error"], (said, frame)
        assert client.get("/api/tables").json()["tables"][0]["step"] == step
        sockets[acting].send_json({"type": "act", "step": step, "action": choice})
        after = _next_update(sockets[acting])
        assert after["step"] > step or after["decision"] is None
        sockets[acting].send_json({"type": "act", "step": step, "action": choice})  # a double click: stale now
        frame = _next_error(sockets[acting])
        assert "that answer came too late" in frame["error"] or "has nothing to answer" in frame["error"]


def test_the_hosts_choice_for_the_windows_that_ask_for_a_check_reaches_every_page_of_the_table(client):
    chosen = {}
    for checks in ("timed", "wait", None):
        request = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "expert"], "seed": 2, "pace": 5}
        links = _create(client, **request, **({} if checks is None else {"checks": checks}))
        with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}") as ws:
            hello = _next_update(ws)
        chosen[checks] = (hello["checks"], hello["pace"])
    assert chosen == {"timed": ("timed", 5), "wait": ("wait", 5), None: ("wait", 5)}  # a request that does not say: checks wait


def test_a_spectator_sees_the_table_and_cannot_act(client):
    links = _create(client, game="cribbage_muggins", players=2, seats=["human", "expert"], seed=2)
    with client.websocket_connect(links["spectate"].replace("http://testserver/table/", "/ws/")) as ws:
        hello = _next_update(ws)
        assert hello["seat"] is None and hello["decision"] is None and hello["to_act"] == 0
        ws.send_json({"type": "act", "step": hello["step"], "action": "anything"})
        assert "a spectator cannot act" in _next_error(ws)["error"]


def test_unknown_tokens_tables_and_foreign_origins_are_refused_before_accepting(client):
    from starlette.websockets import WebSocketDisconnect

    links = _create(client, game="muggins_shedding", seats=["human"], seed=6)
    token = _token(links["seats"][0]["url"])
    for path, headers, code in [
        (f"/ws/{links['table']}?token=guess", {}, 4404),
        ("/ws/nosuchtable", {}, 4404),
        (f"/ws/{links['table']}?token={token}", {"origin": "http://evil.example"}, 1008),
    ]:
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(path, headers=headers) as ws:
                ws.receive_json()
        assert refused.value.code == code
    with client.websocket_connect(f"/ws/{links['table']}?token={token}", headers={"origin": "http://testserver"}) as ws:
        assert _next_update(ws)["seat"] == 0


def test_a_flood_from_one_connection_is_rate_limited_with_one_error_line(client, lobby):
    lobby.message_rate = (1.0, 5)
    links = _create(client, game="muggins_shedding", seats=["human"], seed=8)
    with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}") as ws:
        _next_update(ws)
        for _ in range(30):
            ws.send_json({"type": "ping"})
        replies = [ws.receive_json() for _ in range(6)]
    assert [r["type"] for r in replies] == ["pong"] * 5 + ["error"] and "slow down" in replies[-1]["error"]


def test_a_five_second_flood_gets_one_error_line_though_the_limit_lets_some_messages_through(client, lobby):
    from muggins_web.protocol import RateLimit

    def ticking(step=0.05):
        """A clock that moves on `step` seconds each time it is read: every message takes the limiter 50 ms of its time."""
        now = [0.0]

        def read():
            now[0] += step
            return now[0]
        return read

    lobby.message_rate = (1.0, 5)
    lobby.rate_clock = ticking()
    model = RateLimit(1.0, 5, clock=ticking())  # the same limit on the same clock: how many pings it lets through
    allowed = sum(1 for _ in range(100) if model.allow() or (model.new_flood() and False))
    assert 5 < allowed < 100
    links = _create(client, game="muggins_shedding", seats=["human"], seed=8)
    with client.websocket_connect(f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}") as ws:
        _next_update(ws)
        for _ in range(100):
            ws.send_json({"type": "ping"})
        replies = []
        while sum(r["type"] == "pong" for r in replies) < allowed:
            replies.append(ws.receive_json())
    errors = [r for r in replies if r["type"] == "error"]
    assert len(errors) == 1 and "slow down" in errors[0]["error"]


def test_a_closed_tab_reopened_on_its_link_gets_the_current_state_and_its_narration(client):
    links = _create(client, game="willughby_fishing", players=5, seats=["human"], seed=9)
    path = f"/ws/{links['table']}?token={_token(links['seats'][0]['url'])}"
    with client.websocket_connect(path) as ws:
        frame = _next_update(ws)
        seen = list(frame["lines"])
        for _ in range(3):
            while frame["decision"] is None:
                frame = _next_update(ws)
                seen += frame["lines"]
            ws.send_json({"type": "act", "step": frame["step"], "action": frame["decision"]["choices"][0]["text"]})
            frame = _next_update(ws)
            seen += frame["lines"]
        while frame["decision"] is None:  # the click's frame came first; the bots' follows it
            frame = _next_update(ws)
            seen += frame["lines"]
    with client.websocket_connect(path) as again:
        hello = _next_update(again)
    assert hello["type"] == "hello" and hello["step"] == frame["step"]
    assert hello["decision"] == frame["decision"] and hello["view"] == frame["view"]
    assert hello["lines"] and set(hello["lines"]) <= set(seen) and hello["lines"][-1] == seen[-1]


def test_pages_and_every_file_they_load_are_served(client):
    import re

    links = _create(client, game="muggins_shedding", seats=["human"], seed=10)
    pages = [client.get("/"), client.get(f"/table/{links['table']}")]
    assert all(p.status_code == 200 and "<html" in p.text.lower() for p in pages)
    assert client.get("/table/nosuch").status_code == 404
    wanted = {src for page in pages for src in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)}
    assert {"/static/lobby.js", "/static/table.js", "/static/style.css"} <= wanted
    scripts = [w for w in wanted if w.endswith(".js")]
    while scripts:
        script = client.get(scripts.pop())
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        for module in re.findall(r'from "\./([^"]+)"', script.text):
            assert client.get(f"/static/{module}").status_code == 200, module


def test_a_server_at_its_most_connections_refuses_one_more_and_says_so(client, lobby):
    from starlette.websockets import WebSocketDisconnect

    lobby.max_connections = 1
    links = _create(client, game="muggins_shedding", seats=["human"], seed=12)
    path = f"/ws/{links['table']}"
    with client.websocket_connect(path) as first:
        _next_update(first)
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(path) as second:
                second.receive_json()
        assert refused.value.code == 4503 and "1 spectators' connections" in refused.value.reason
    with client.websocket_connect(path) as again:  # the first one's place is free again
        assert _next_update(again)["seat"] is None


def _play_seat_one(client, lobby, links, *, leave_in_window):
    """Play human seat 1 with the game's right answers over a websocket; with `leave_in_window`, close its tab while
    the first window offering it a claim waits for its answer, check the reopened tab, then answer from it."""
    table = lobby.tables[links["table"]]
    path = f"/ws/{links['table']}?token={_token(links['seats'][1]['url'])}"
    checked = None
    ws_context = client.websocket_connect(path)
    ws = ws_context.__enter__()
    try:
        frame = _next_update(ws)
        while not frame["over"]:
            decision = frame["decision"]
            if decision is None:
                frame = _next_update(ws)
                continue
            offer = table.offers[1]
            right = str(offer.decision.correct[0])
            if leave_in_window and checked is None and frame["window"] and right != decision["standing"]:
                ws_context.__exit__(None, None, None)  # the tab is closed while the window waits for seat 1's claim
                step = table.match.taken
                assert table.offers[1].answer is None and not table.summary()["seats"][1]["connected"]
                ws_context = client.websocket_connect(path)
                ws = ws_context.__enter__()
                hello = _next_update(ws)
                checked = hello
                assert table.match.taken == step, "the table went on without seat 1's answer"
                assert hello["type"] == "hello" and hello["window"] is True and hello["step"] == frame["step"]
                assert hello["decision"] == decision and right in [c["text"] for c in hello["decision"]["choices"]]
            ws.send_json({"type": "act", "step": frame["step"], "action": right})
            frame = _next_update(ws)
    finally:
        ws_context.__exit__(None, None, None)
    return read_record(table.path), checked


def test_a_tab_closed_while_a_window_waits_for_its_claim_reopens_on_it_and_settles_as_it_would_have(client, lobby):
    request = {"game": "muggins_shedding", "players": 3, "seats": ["novice:error_rate=0.6", "human", "expert"], "seed": 5,
               "rules": {"hands": 1}, "pace": 0}
    straight, _ = _play_seat_one(client, lobby, _create(client, **request), leave_in_window=False)
    reopened, hello = _play_seat_one(client, lobby, _create(client, **request), leave_in_window=True)
    assert hello is not None, "no window offered seat 1 a claim"
    assert reopened.decisions == straight.decisions and reopened.result == straight.result
    claims = [action for seat, action in reopened.decisions if seat == 1 and action.startswith("muggins")]
    assert claims


def test_a_table_made_to_wait_plays_nothing_until_its_host_starts_it_and_the_host_sees_who_has_joined(client, lobby):
    links = _create(client, game="muggins_shedding", players=4, seats=["novice", "human", "human", "novice"], seed=7, start="host")
    table = lobby.tables[links["table"]]
    assert links["started"] is False and client.get("/api/tables").json()["tables"][0]["started"] is False
    one, two, host = (_token(u) for u in (links["seats"][1]["url"], links["seats"][2]["url"], links["host"]))
    with client.websocket_connect(f"/ws/{links['table']}?token={host}") as host_ws, \
            client.websocket_connect(f"/ws/{links['table']}?token={one}") as ws:
        hello = _next_update(host_ws)
        assert hello["host"] is True and hello["started"] is False
        assert [s["connected"] for s in host_ws.receive_json()["seats"]] == [False, True, False, False]  # "seat 1 joined"
        mine = _next_update(ws)
        assert mine["started"] is False and mine["decision"] is None and table.match.taken == 0
        ws.send_json({"type": "act", "step": 0, "action": "pass"})
        assert "has not started yet" in _next_error(ws)["error"]
        for token, status in [("guess", 403), (one, 403)]:
            refused = client.post(f"/api/tables/{links['table']}/start", json={"token": token})
            assert refused.status_code == status and "only the table's host starts it" in refused.json()["error"]
        assert client.post("/api/tables/nosuch/start", json={"token": host}).status_code == 404
        started = client.post(f"/api/tables/{links['table']}/start", json={"token": host})
        assert started.status_code == 200 and started.json()["started"] is True
        assert client.post(f"/api/tables/{links['table']}/start", json={"token": host}).status_code == 409
        frame = _next_update(ws)
        while frame["decision"] is None and not table.offers.get(1):
            frame = _next_update(ws)
        assert frame["started"] is True and (table.match.taken > 0 or 1 in table.offers or 2 in table.offers)
    # The same from the host's page, over its websocket.
    other = _create(client, game="muggins_shedding", players=3, seats=["human"], seed=8, start="host")
    with client.websocket_connect(f"/ws/{other['table']}?token={_token(other['host'])}") as host_ws:
        _next_update(host_ws)
        host_ws.send_json({"type": "start"})
        assert _next_update(host_ws)["started"] is True
        host_ws.send_json({"type": "start"})
        assert "already started" in _next_error(host_ws)["error"]


def test_a_search_seat_past_the_webs_cap_is_refused_in_one_line_and_the_lobby_shows_the_cap_as_its_max(client, records):
    from muggins_web.bots import WEB_OPTION_MAX

    cap = WEB_OPTION_MAX[("search", "iterations")]
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    search = next(k for k in games["muggins_shedding"]["kinds"] if k["name"] == "search")
    assert {o["name"]: o["max"] for o in search["options"]}["iterations"] == cap
    refused = client.post("/api/tables", json={"game": "muggins_shedding", "seats": ["human", f"search:iterations={cap + 1}"]})
    assert refused.status_code == 400 and refused.json()["errors"] == [
        f"seat 'search:iterations={cap + 1}': iterations is at most {cap} at a browser table "
        f"(each of its decisions runs on the server everyone plays on), not {cap + 1}"]
    assert client.get("/api/tables").json()["tables"] == [] and not list(records.glob("*.jsonl"))
    _create(client, game="muggins_shedding", seats=["human", f"search:iterations={cap}"], seed=3, start="host")
