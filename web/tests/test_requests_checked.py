"""What the server checks of every request before it acts: the Host, another site's Origin, JSON bodies, refusals a page can read.

Through Starlette's test client (whose Host is `testserver`, allowed by the
`client` fixture): a request that changes anything from another site's page
(`Origin: http://evil.example` or `null`) is a 403 and one that is not JSON
a 415, whatever its body, and no table is made; a Host the server was not
started for (DNS rebinding) is a 400 with one line, for pages, the API and
websocket handshakes alike; a websocket refused for an unknown table or
token, or another site's page, is accepted and then closed with the
documented code and reason (closing before accepting is an HTTP 403 that
a browser reports only as 1006); a full records folder is a 507; an error
line quoting a value thousands of digits long is clipped.
"""

from __future__ import annotations

import errno

import pytest
from starlette.websockets import WebSocketDisconnect

REQUEST = {"game": "muggins_shedding", "seats": ["human"], "seed": 5}


def _no_tables(client, records):
    assert client.get("/api/tables").json()["tables"] == []
    assert not records.exists() or list(records.iterdir()) == []


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://testserver.evil.example"])
@pytest.mark.parametrize("as_what", ["json", "text/plain", "form"])
def test_a_post_from_another_sites_page_is_refused_with_one_line_whatever_its_body(client, records, origin, as_what):
    import json

    body = json.dumps(REQUEST)
    sent = {"json": dict(json=REQUEST), "text/plain": dict(content=body, headers={"content-type": "text/plain"}),
            "form": dict(data={"game": "muggins_shedding"})}[as_what]
    headers = {**sent.pop("headers", {}), "origin": origin}
    response = client.post("/api/tables", headers=headers, **sent)
    assert response.status_code == 403
    assert response.json()["errors"] == ["this server takes requests that change anything from its own pages only, not from another site's"]
    _no_tables(client, records)


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
def test_a_post_whose_body_is_not_sent_as_json_is_a_415_even_from_no_page(client, records, content_type):
    import json

    headers = {} if content_type is None else {"content-type": content_type}
    response = client.post("/api/tables", content=json.dumps(REQUEST), headers=headers)
    assert response.status_code == 415 and response.json()["errors"] == ["send the request as JSON, with Content-Type: application/json"]
    _no_tables(client, records)


def test_the_servers_own_pages_and_clients_without_an_origin_make_tables_and_start_them(client):
    own = client.post("/api/tables", json={**REQUEST, "start": "host"}, headers={"origin": "http://testserver"})
    assert own.status_code == 201
    table, host = own.json()["table"], own.json()["host"].split("#")[1]
    foreign = client.post(f"/api/tables/{table}/start", json={"token": host}, headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403
    as_text = client.post(f"/api/tables/{table}/start", content='{"token": "%s"}' % host, headers={"content-type": "text/plain"})
    assert as_text.status_code == 415 and client.get("/api/tables").json()["tables"][0]["started"] is False
    started = client.post(f"/api/tables/{table}/start", json={"token": host}, headers={"content-type": "application/json; charset=utf-8"})
    assert started.status_code == 200 and started.json()["started"] is True
    assert client.post("/api/tables", json=REQUEST).status_code == 201  # a script: no Origin at all


@pytest.mark.parametrize("host", ["rebind.evil.example", "rebind.evil.example:8000", "127.0.0.1.evil.example", ""])
def test_a_host_the_server_was_not_started_for_is_a_400_with_one_line_for_pages_the_api_and_websockets(client, records, host):
    headers = {"host": host} if host else {"host": ""}
    for method, path in [("get", "/"), ("get", "/api/games"), ("get", "/api/tables"), ("post", "/api/tables")]:
        kwargs = {"json": REQUEST} if method == "post" else {}
        origin = {"origin": f"http://{host}"} if host else {}
        response = getattr(client, method)(path, headers={**headers, **origin}, **kwargs)
        assert response.status_code == 400, (path, response.status_code)
        [line] = response.json()["errors"]
        assert line.startswith("this server does not answer to the host") and "--allow-host" in line
    _no_tables(client, records)
    from starlette.testclient import WebSocketDenialResponse

    with pytest.raises(WebSocketDenialResponse) as refused:
        with client.websocket_connect("/ws/anything", headers={**headers, "origin": f"http://{host}"}):
            pass
    assert refused.value.status_code == 400


def test_the_allowed_hosts_are_matched_by_name_whatever_the_port_case_or_brackets(registry, records):
    from starlette.testclient import TestClient

    from muggins_web.app import create_app, host_name
    from muggins_web.lobby import Lobby

    assert [host_name(h) for h in ["LocalHost:8000", "[::1]:8000", "[::1]", "192.168.1.5", "example.org."]] == [
        "localhost", "::1", "::1", "192.168.1.5", "example.org"]
    app = create_app(Lobby(registry, pace=0), allowed_hosts=["127.0.0.1", "::1", "friends.example"])
    with TestClient(app) as client:
        for host in ["127.0.0.1:8000", "[::1]:8000", "Friends.Example", "friends.example:80"]:
            assert client.get("/api/games", headers={"host": host}).status_code == 200, host
        for host in ["localhost:8000", "testserver", "evil.example"]:
            assert client.get("/api/games", headers={"host": host}).status_code == 400, host
    with TestClient(create_app(Lobby(registry, pace=0))) as client:  # by default, this machine's own names alone
        assert client.get("/api/games", headers={"host": "localhost:8000"}).status_code == 200
        assert client.get("/api/games").status_code == 400  # the test client's own `testserver`


@pytest.mark.parametrize("path, headers, code, reason", [
    ("/ws/{table}?token=guess", {}, 4404, "this link's token is not one of this table's"),
    ("/ws/nosuchtable", {}, 4404, "no such table on this server"),
    ("/ws/{table}?token={token}", {"origin": "http://evil.example"}, 1008,
     "this table takes connections from its own pages only, not from another site's"),
    ("/ws/{table}", {"origin": "null"}, 1008, "this table takes connections from its own pages only, not from another site's"),
])
def test_a_refused_websocket_is_accepted_then_closed_with_the_documented_code_and_its_reason(client, path, headers, code, reason):
    links = client.post("/api/tables", json=REQUEST).json()
    path = path.format(table=links["table"], token=links["seats"][0]["url"].split("#")[1])
    with client.websocket_connect(path, headers=headers) as ws:  # accepted: a page is told the code and the reason
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (code, reason)


def test_a_full_records_folder_is_a_507_with_one_line_and_leaves_nothing_behind(client, records, monkeypatch):
    import muggins.records.file as record_files

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(record_files, "_write", full)
    response = client.post("/api/tables", json=REQUEST)
    assert response.status_code == 507
    [line] = response.json()["errors"]
    assert "No space left on device" in line and line.endswith("no table was made")
    _no_tables(client, records)


def test_tokens_that_cannot_be_written_remove_the_record_and_the_tokens_begun_through_the_store(client, records, monkeypatch):
    from muggins.store import RecordStore

    removed = []
    remove = RecordStore.remove

    def half_written(self, record, name, data):
        self.note_path(record, name).write_text("{")  # the disk filled up half way through the note
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(RecordStore, "write_note", half_written)
    monkeypatch.setattr(RecordStore, "remove", lambda self, record: (removed.append(record), remove(self, record)))
    response = client.post("/api/tables", json=REQUEST)
    assert response.status_code == 507 and response.json()["errors"][0].endswith("no table was made")
    assert len(removed) == 1 and removed[0].endswith(".jsonl")  # the record the session had begun, by the store
    _no_tables(client, records)


def test_an_error_quoting_a_rule_value_thousands_of_digits_long_is_one_clipped_line(client):
    from muggins_web.app import MAX_ERROR_CHARS

    response = client.post("/api/tables", json={**REQUEST, "rules": {"hands": int("9" * 4000)}})
    assert response.status_code == 400
    [line] = response.json()["errors"]
    assert len(line) <= MAX_ERROR_CHARS and line.startswith("rules: hands = 999") and "…" in line
