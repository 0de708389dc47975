"""The web server: the lobby's JSON API, the static pages and the websocket each seat plays through.

This module owns the HTTP side of a browser table, on Starlette:
`create_app(lobby)` serves the lobby page and the table page (plain HTML,
JavaScript modules and CSS from `static/`, no build step), `GET
/api/games` (what the lobby form is built from), `GET /api/tables` and
`POST /api/tables` (a table from `{"game", "players", "seats", "rules"}`;
bad input is a 4xx whose `error` has one line per thing wrong), `POST
/api/tables/{table}/start` (the host starts a table made to wait for it,
`{"token": HOST_TOKEN}`), and the
websocket `/ws/{table}?token=TOKEN`: a seat's token makes the connection
act for that seat alone, no token makes it a spectator's, a foreign Origin
or an unknown token is refused before it is accepted, and each message
is read by `muggins_web.protocol` under a per-connection rate limit, so a
malformed, oversized, out-of-turn or stale message gets an error frame
and changes nothing. The server's signals belong to uvicorn; on shutdown
every table's record is released, whole to its last line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from pathlib import Path
from typing import Any, AsyncIterator
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .lobby import Full, Lobby, LobbyError
from .protocol import BadMessage, HostCommand, Ping, RateLimit, error_frame, read_message
from .table import Refused, Table

__all__ = ["create_app", "STATIC", "MAX_REQUEST_BYTES"]

STATIC = Path(__file__).parent / "static"
#: A lobby request is a few hundred bytes; a bigger body is refused unread.
MAX_REQUEST_BYTES = 64 * 1024
#: Websocket close codes: a policy refusal (foreign origin), an unknown table or token, a full server.
CLOSE_POLICY, CLOSE_UNKNOWN, CLOSE_FULL = 1008, 4404, 4503


def create_app(lobby: Lobby) -> Starlette:
    """The server for `lobby`'s tables."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for line in await lobby.resume_unfinished():
            print(f"muggins: warning: {line}", file=sys.stderr, flush=True)
        yield
        lobby.close_all()

    async def lobby_page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        if request.path_params["table"] not in lobby.tables:
            return JSONResponse({"error": "no such table on this server"}, status_code=404)
        return FileResponse(STATIC / "table.html")

    async def games(request: Request) -> Response:
        return JSONResponse({"games": lobby.games()})

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse({"tables": [lobby.listed(t) for t in lobby.tables.values()]})
        body = await _body(request)
        if isinstance(body, Response):
            return body
        try:
            table = await lobby.create(body)
        except Full as exc:
            return _error(exc.lines, 503)
        except LobbyError as exc:
            return _error(exc.lines, 400)
        links = lobby.links(table)
        base = str(request.base_url).rstrip("/")
        for seat in links["seats"]:
            if seat["url"]:
                seat["url"] = base + seat["url"]
        links["spectate"] = base + links["spectate"]
        links["host"] = base + links["host"]
        return JSONResponse(links, status_code=201)

    async def start(request: Request) -> Response:
        table = lobby.tables.get(request.path_params["table"])
        if table is None:
            return _error(["no such table on this server"], 404)
        body = await _body(request)
        if isinstance(body, Response):
            return body
        token = body.get("token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not table.is_host(token):
            return _error(["only the table's host starts it: send {\"token\": HOST_TOKEN}, the token of the host's link"], 403)
        try:
            await table.start_by_host()
        except Refused as exc:
            return _error([str(exc)], 409)
        return JSONResponse(lobby.listed(table))

    async def socket(ws: WebSocket) -> None:
        table = lobby.tables.get(ws.path_params["table"])
        if not _same_origin(ws):
            await ws.close(code=CLOSE_POLICY, reason="this table takes connections from its own pages only")
            return
        if table is None:
            await ws.close(code=CLOSE_UNKNOWN, reason="no such table on this server")
            return
        token = ws.query_params.get("token")
        seat, host = None, False
        if token:
            seat = table.seat_for(token)
            host = seat is None and table.is_host(token)
            if seat is None and not host:
                await ws.close(code=CLOSE_UNKNOWN, reason="this link's token is not one of this table's")
                return
        if lobby.connections >= lobby.max_connections:
            await ws.close(code=CLOSE_FULL, reason=f"this server holds {lobby.max_connections} connections, its most")
            return
        await ws.accept()
        lobby.connections += 1
        subscriber = await table.join(seat, host=host)
        sender = asyncio.ensure_future(_send(ws, subscriber))
        try:
            await _receive(ws, table, seat, host, subscriber, RateLimit(*lobby.message_rate, clock=lobby.rate_clock))
        except WebSocketDisconnect:
            pass
        finally:
            lobby.connections -= 1
            table.leave(subscriber)
            sender.cancel()

    return Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/table/{table}", table_page),
            Route("/api/games", games),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table}/start", start, methods=["POST"]),
            WebSocketRoute("/ws/{table}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )


async def _body(request: Request) -> Any:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_REQUEST_BYTES:
            return _error([f"a lobby request is at most {MAX_REQUEST_BYTES} bytes"], 413)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return _error(["the request body must be JSON"], 400)


def _error(lines: list[str], status: int) -> JSONResponse:
    return JSONResponse({"error": "\n".join(lines), "errors": lines}, status_code=status)


def _same_origin(ws: WebSocket) -> bool:
    """A browser's connection must come from a page of this server (a client without an Origin is not a browser page)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == ws.headers.get("host", "").lower()


async def _send(ws: WebSocket, subscriber: Any) -> None:
    queue = subscriber.queue
    while True:
        frame = await queue.get()
        await ws.send_text(json.dumps(frame, ensure_ascii=False))


async def _receive(ws: WebSocket, table: Table, seat: int | None, host: bool, subscriber: Any, limit: RateLimit) -> None:
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not limit.allow():
            if limit.new_flood():  # one line per flood, not one per message
                _tell(subscriber, error_frame("too many messages; slow down"))
            continue
        text = message.get("text") if message.get("text") is not None else message.get("bytes")
        try:
            request = read_message(text)
        except BadMessage as exc:
            _tell(subscriber, error_frame(str(exc)))
            continue
        if isinstance(request, Ping):
            _tell(subscriber, {"type": "pong"})
            continue
        if isinstance(request, HostCommand):
            if not host:
                _tell(subscriber, error_frame("only the host's link starts the table, seats bots or closes it"))
                continue
            try:
                await table.host(request.command, request.seat, request.kind)
            except Refused as exc:
                _tell(subscriber, error_frame(str(exc)))
            continue
        if seat is None:
            _tell(subscriber, error_frame("a spectator cannot act; open a seat's link to play"))
            continue
        try:
            await table.act(seat, request.step, request.action)
        except Refused as exc:
            _tell(subscriber, error_frame(str(exc), step=request.step))
        else:
            limit.refund()



def _tell(subscriber: Any, frame: dict) -> None:
    """A frame for this connection alone; a connection too far behind to take it misses it."""
    with contextlib.suppress(asyncio.QueueFull):
        subscriber.queue.put_nowait(frame)
