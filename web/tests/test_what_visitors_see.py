"""What the server gives away or lets in at its edges: no server path in any answer, private folders, bounded websocket messages, the Origin's scheme, a gone table's page.

Through Starlette's test client (an `http` server whose Host is
`testserver`): a records folder that cannot be made is refused with its
name alone, never the server's absolute path; every folder the server
makes for its records is its user's alone (0700, whatever the umask); the
server hands uvicorn a websocket message limit near the protocol's, so a
huge message is refused before it is read whole; an Origin of the right
host but another scheme is another site's; and the page of a table the
server does not hold is a small page in the visitor's language saying so,
with a link to the lobby, as a 404.
"""

from __future__ import annotations

import os
import stat

import pytest
from starlette.websockets import WebSocketDisconnect

REQUEST = {"game": "muggins_shedding", "seats": ["human"], "seed": 5}


def test_an_unwritable_records_folder_is_refused_without_the_servers_absolute_path(client, lobby, monkeypatch, tmp_path, capfd):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    monkeypatch.setattr(lobby.store, "folder", blocker / "records")
    response = client.post("/api/tables", json=REQUEST)
    assert response.status_code == 503
    [line] = response.json()["errors"]
    assert line == "cannot create the records folder records: Not a directory; no table was made"
    assert str(tmp_path) not in response.text and "/records" not in response.text
    assert str(blocker / "records") in capfd.readouterr().err  # the server's own log keeps the whole path


@pytest.mark.parametrize("umask", [0o000, 0o022])
def test_the_folders_the_server_makes_for_its_records_are_its_users_alone(client, lobby, monkeypatch, tmp_path, umask):
    deeper = tmp_path / "made" / "by" / "server"
    monkeypatch.setattr(lobby.store, "folder", deeper)
    before = os.umask(umask)
    try:
        assert client.post("/api/tables", json=REQUEST).status_code == 201
    finally:
        os.umask(before)
    for folder in (deeper, deeper.parent, deeper.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_folder_the_server_did_not_make_keeps_its_mode(client, records):
    records.mkdir(mode=0o755)
    os.chmod(records, 0o755)
    assert client.post("/api/tables", json=REQUEST).status_code == 201
    assert stat.S_IMODE(records.stat().st_mode) == 0o755


def test_uvicorn_is_told_the_largest_websocket_message_before_any_is_read(lobby, monkeypatch):
    from muggins_web import server
    from muggins_web.protocol import MAX_MESSAGE_BYTES, MAX_WEBSOCKET_BYTES

    given = {}

    class Configured(Exception):
        pass

    def config(app, **options):
        given.update(options)
        raise Configured

    monkeypatch.setattr(server.uvicorn, "Config", config)
    with pytest.raises(Configured):
        server._run_until_stopped(object(), lobby, [])
    assert given["ws_max_size"] == MAX_WEBSOCKET_BYTES
    assert MAX_MESSAGE_BYTES < MAX_WEBSOCKET_BYTES <= 64 * 1024  # the protocol's own line for a long one, the connection's end far below 16 MB


@pytest.mark.parametrize("origin", ["https://testserver", "ws://testserver", "ftp://testserver"])
def test_an_origin_of_this_host_but_another_scheme_is_another_sites(client, records, origin):
    response = client.post("/api/tables", json=REQUEST, headers={"origin": origin})
    assert response.status_code == 403
    assert client.get("/api/tables").json()["tables"] == []
    with client.websocket_connect("/ws/nothing", headers={"origin": origin}) as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_an_origin_of_this_host_and_scheme_is_this_servers(client):
    assert client.post("/api/tables", json=REQUEST, headers={"origin": "http://testserver"}).status_code == 201
    assert client.post("/api/tables", json=REQUEST, headers={"origin": "HTTP://TestServer"}).status_code == 201


@pytest.mark.parametrize("lang, heading, back", [("en", "This table is gone", "Back to the lobby"),
                                                  ("fr", "Cette table n’existe plus", "Retour au salon")])
def test_an_unknown_tables_page_is_a_page_saying_it_is_gone_with_a_link_to_the_lobby(client, lang, heading, back):
    response = client.get(f"/table/nothing-here?lang={lang}")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert page.startswith("<!doctype html>") and f'<html lang="{lang}">' in page
    assert f"<h1>{heading}</h1>" in page and f'<a href="/">{back}</a>' in page
    assert "{" not in page  # no JSON, no placeholder left
