"""The web server: the lobby's JSON API, the static pages and the websocket each seat plays through.

This module owns the HTTP side of a browser table, on Starlette:
`create_app(lobby, allowed_hosts=...)` serves the lobby page and the table
page (plain HTML, JavaScript modules and CSS from `static/`, no build
step), `GET /api/games` (what the lobby form is built from), `GET
/api/tables` and `POST /api/tables` (a table from `{"game", "players",
"seats", "rules"}`; bad input is a 4xx whose `error` has one line per
thing wrong), `POST /api/house-rules` (the same request's game, players
and rules: the house-rule plugins its `rules.plugins` switches leave in
force and the game's one line refusing them, asked as the form changes),
`POST /api/tables/{table}/start` (the host starts a table
made to wait for it, `{"token": HOST_TOKEN}`), `POST
/api/tables/{table}/close` (the host ends the table, the same body), `POST
/api/tables/{table}/again` (the host begins the next match once the match
is over, the same body: `Lobby.again`), `POST
/api/tables/{table}/qr` (an SVG QR code of one of the table's links, for
the host's token alone: `{"token": HOST_TOKEN, "seat": N}`, or `"seat":
null` for the spectators' link), and the websocket
`/ws/{table}?token=TOKEN`: a seat's token makes the connection act for
that seat alone, the host's makes it the host's, the two joined by a dot
(`SEAT.HOST`, the link of a host who plays a seat) make it both, no
token makes it a spectator's, and each message is
read by `muggins_web.protocol` under a per-connection rate limit, so a
malformed, oversized, out-of-turn or stale message gets an error frame
and changes nothing. What it checks before anything else: the Host of
every request and handshake is one the server was started for
(`AllowedHosts`, against DNS rebinding), a request that changes anything
(every POST) comes from no other site's page (`Origin`) and carries JSON
(`Content-Type: application/json`, which a cross-site form cannot send
without the browser asking first); a websocket from another site's page,
for an unknown table or token, or past the lobby's connection limits is
accepted and then closed with the documented code and a reason, so the
page can say why and stop. A public URL (`muggins serve --public-url`)
adds its host to those answered and its origin to the server's own, and
is the base of every link. Every HTTP answer carries `Referrer-Policy:
no-referrer`. A finished match's replay (the page
`/replay/{table}` and its JSON, `GET /api/tables/{table}/replay`) is
`muggins_web.replay_view`'s. Each page and websocket is in the language
`muggins_web.languages.choose` picks from its request (`lang`, the
switch's cookie, `Accept-Language`): a page is served with its `<html
lang>` and its fixed words from the catalogue (`muggins_web.page_words`),
a websocket's frames and refusals are worded in it. The server's signals belong to uvicorn; on
shutdown every table's record is released, whole to its last line. `create_app` puts together one
group of routes per thing served: the pages (`_page_routes`), the lobby's API (`_lobby_routes`), the
host's commands (`_host_routes`), the replay (`replay_routes`) and the seats' websocket (`_seat_socket`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from muggins.i18n import using_language
from muggins.limits import clip

from . import languages
from .addresses import origin_of
from .languages import _
from .notes import private_folder
from .page_words import gone_page, page

from .lobby import Full, Lobby, LobbyError, TooMany
from .protocol import BadMessage, HostCommand, Name, Ping, RateLimit, error_frame, read_message
from .replay_view import replay_routes
from .table import Refused, Table

__all__ = ["create_app", "AllowedHosts", "NEXT_MATCH_CODE", "host_name", "LOOPBACK_HOSTS", "STATIC", "MAX_REQUEST_BYTES", "MAX_ERROR_CHARS"]

STATIC = Path(__file__).parent / "static"
#: A lobby request is a few hundred bytes; a bigger body is refused unread.
MAX_REQUEST_BYTES = 64 * 1024
#: Websocket close codes: a policy refusal (foreign origin), an unknown table or token, a full server or table,
#: too many connections from one address or on one link.
CLOSE_POLICY, CLOSE_UNKNOWN, CLOSE_FULL, CLOSE_TOO_MANY = 1008, 4404, 4503, 4429
#: The websocket close code of a finished match's connections once the next match at the table has begun: open the same link again.
NEXT_MATCH_CODE = 4000
#: The names a server answers to whatever it was started for: this machine's own.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: An error line quotes what it was given clipped already; this bounds one that quotes a value thousands of digits long.
MAX_ERROR_CHARS = 400


def create_app(lobby: Lobby, *, allowed_hosts: Iterable[str] | None = None, link_base: str | None = None,
               public_url: str | None = None) -> Starlette:
    """The server for `lobby`'s tables, answering requests whose Host is one of `allowed_hosts` (default: `LOOPBACK_HOSTS`).

    `link_base` is the address to give friends (`muggins serve` passes the
    one it prints); links and QR codes asked for from this machine's own
    names use it, since `127.0.0.1` in a link means nothing on a phone.
    `public_url` (checked by `muggins_web.addresses.public_url`) is the
    address the server is reached at from the internet, through a reverse
    proxy or a forwarded port: every link and QR code carries it, its host
    is answered as well as `allowed_hosts`, and a page of its origin is one
    of this server's own (a proxy may pass the request on under another
    Host and scheme than the browser's).
    """
    hosts = set(LOOPBACK_HOSTS if allowed_hosts is None else allowed_hosts)
    origins: frozenset[str] = frozenset()
    if public_url:
        hosts.add(host_name(urlsplit(public_url).netloc))
        origins = frozenset([origin_of(public_url)])
    base_for = _links_base(link_base, public_url)
    return Starlette(
        routes=[
            *_page_routes(lobby),
            *_lobby_routes(lobby, origins, base_for),
            *_host_routes(lobby, origins, base_for),
            *replay_routes(lobby, language_of=_language, error=_error, static=STATIC),
            WebSocketRoute("/ws/{table}", _seat_socket(lobby, origins, base_for)),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(NoReferrer), Middleware(AllowedHosts, hosts=hosts)],
        lifespan=_lifespan(lobby),
    )


def _links_base(link_base: str | None, public_url: str | None) -> Callable[[Any], str]:
    """`base_for(connection)`: the address a link given over this request or websocket starts with (no trailing slash)."""
    def base_for(connection: Any) -> str:
        if public_url:
            return public_url.rstrip("/")
        own = str(connection.base_url).rstrip("/")
        if link_base and host_name(connection.headers.get("host", "")) in LOOPBACK_HOSTS:
            return link_base.rstrip("/")
        return own.replace("ws://", "http://", 1).replace("wss://", "https://", 1)

    return base_for


def _lifespan(lobby: Lobby) -> Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]:
    """The server's start and stop: unfinished tables come back at the start, every record is released at the stop."""
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Served at once: the tables come back (and their bots play on) while the server answers.
        await lobby.resume_unfinished(wait=False, warn=lambda line: print(_("muggins: warning: {line}").format(line=line), file=sys.stderr, flush=True))
        yield
        lobby.stop_thinking("the server is stopping")  # a bot thinking in a worker thread stops at its next check
        lobby.close_all()

    return lifespan


def _page_routes(lobby: Lobby) -> list[Route]:
    """The lobby's page and a table's page, in the request's language."""
    async def lobby_page(request: Request) -> Response:
        return page(STATIC / "index.html", _language(request))

    async def table_page(request: Request) -> Response:
        language = _language(request)
        if await lobby.find(request.path_params["table"]) is None:  # a table a restart still reopens is waited for
            return gone_page(language)
        return page(STATIC / "table.html", language)

    return [Route("/", lobby_page), Route("/table/{table}", table_page)]


def _lobby_routes(lobby: Lobby, origins: frozenset[str], base_for: Callable[[Any], str]) -> list[Route]:
    """What the lobby's page asks: the games its form is built from, the tables listed, and a new table."""
    async def games(request: Request) -> Response:
        with using_language(_language(request)):  # a game's own words (its title, its rules') come through its catalogue
            return JSONResponse({"games": lobby.games()})

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            language = _language(request)
            listed = [lobby.listed(t, language) for t in lobby.tables.values()]
            return JSONResponse({"tables": [{**t, "stopped": without_server_paths(t["stopped"])} if isinstance(t.get("stopped"), str) else t
                                            for t in listed]})
        body = await _changing_body(request, origins)
        if isinstance(body, Response):
            return body
        private_folder(lobby.store.folder)
        try:
            with using_language(_language(request)):
                table = await lobby.create(body, client=_address(request.client), wait=False)
        except LobbyError as exc:
            return _error(exc.lines, exc.status)
        links = lobby.links(table)
        base = base_for(request)
        for seat in links["seats"]:
            if seat["url"]:
                seat["url"] = base + seat["url"]
        links["spectate"] = base + links["spectate"]
        links["host"] = base + links["host"]
        return JSONResponse(links, status_code=201)

    async def house_rules(request: Request) -> Response:
        # A POST of the form's game, players and rules, as a table's: the game's line on the plugins its switches leave on.
        body = await _changing_body(request, origins)
        if isinstance(body, Response):
            return body
        try:
            with using_language(_language(request)):
                return JSONResponse(await lobby.house_rules(body, client=_address(request.client)))
        except LobbyError as exc:
            return _error(exc.lines, exc.status)

    return [Route("/api/games", games), Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/house-rules", house_rules, methods=["POST"])]


def _host_routes(lobby: Lobby, origins: frozenset[str], base_for: Callable[[Any], str]) -> list[Route]:
    """The host's commands on a table, each answered only for the host's token: start, close, the next match, a link's QR code."""
    async def start(request: Request) -> Response:
        return await _host_command(lobby, origins, request, "only the table's host starts it: send {\"token\": HOST_TOKEN}, the token of the host's link",
                                   lambda table: table.start_by_host())

    async def close(request: Request) -> Response:
        return await _host_command(lobby, origins, request, "only the table's host closes it: send {\"token\": HOST_TOKEN}, the token of the host's link",
                                   lambda table: table.close_by_host())

    async def again(request: Request) -> Response:
        async def next_match(table: Table) -> Table:
            with using_language(_language(request)):  # a refusal of the lobby's (no room) in the host's language
                return await lobby.again(table)

        return await _host_command(lobby, origins, request,
                                   "only the table's host begins the next match: send {\"token\": HOST_TOKEN}, the token of the host's link", next_match)

    async def qr_code(request: Request) -> Response:
        asked = await _host_request(lobby, origins, request,
                                    "only the table's host is given its links' QR codes: send {\"token\": HOST_TOKEN, \"seat\": N}")
        if isinstance(asked, Response):
            return asked
        table, body = asked
        seat = body.get("seat")
        links = lobby.links(table)
        if seat is None:
            path = links["spectate"]
        else:
            found = [s["url"] for s in links["seats"] if s["seat"] == seat and type(seat) is int and s["url"]]
            if not found:
                return _error([f"seat {clip(str(seat))} has no link: give a person's seat number, or null for the spectators' link"], 400)
            path = found[0]
        return Response(qr_svg(base_for(request) + path), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    return [
        Route("/api/tables/{table}/start", start, methods=["POST"]),
        Route("/api/tables/{table}/close", close, methods=["POST"]),
        Route("/api/tables/{table}/again", again, methods=["POST"]),
        Route("/api/tables/{table}/qr", qr_code, methods=["POST"]),
    ]


async def _host_request(lobby: Lobby, origins: frozenset[str], request: Request, refusal: str) -> tuple[Table, dict] | Response:
    """The table a host's request names and its JSON body, or the refusal to answer (404, the body's own, or 403 with `refusal`)."""
    table = await lobby.find(request.path_params["table"])
    if table is None:
        return _error(["no such table on this server"], 404)
    body = await _changing_body(request, origins)
    if isinstance(body, Response):
        return body
    if not isinstance(body, dict) or not _hosts(table, body.get("token")):
        return _error([refusal], 403)
    return table, body


async def _host_command(lobby: Lobby, origins: frozenset[str], request: Request, refusal: str,
                        act: Callable[[Table], Awaitable[Any]]) -> Response:
    """The host's command `act` on the table, its refusal a 409, answered with the table as listed."""
    asked = await _host_request(lobby, origins, request, refusal)
    if isinstance(asked, Response):
        return asked
    table, _body = asked
    try:
        done = await act(table)
    except Refused as exc:
        return _error([str(exc)], 409)
    except LobbyError as exc:
        return _error(exc.lines, exc.status)
    return JSONResponse(lobby.listed(done if isinstance(done, Table) else table, _language(request)))


def _seat_socket(lobby: Lobby, origins: frozenset[str], base_for: Callable[[Any], str]) -> Callable[[WebSocket], Awaitable[None]]:
    """The websocket a seat, the host or a spectator plays and watches through (`_connect`)."""
    async def socket(ws: WebSocket) -> None:
        # This connection's task alone: its refusals, and the frames built for its seat, are in its person's language.
        language = _language(ws)
        with using_language(language):
            await _connect(lobby, origins, base_for, ws, language)

    return socket


async def _connect(lobby: Lobby, origins: frozenset[str], base_for: Callable[[Any], str], ws: WebSocket, language: str) -> None:
    """One connection, once its origin, table, token and the lobby's limits let it in: its frames out, its messages in, until it closes."""
    table = await lobby.find(ws.path_params["table"])
    if not _same_origin(ws, origins):
        await _refuse(ws, CLOSE_POLICY, _("this table takes connections from its own pages only, not from another site's"))
        return
    if table is None:
        await _refuse(ws, CLOSE_UNKNOWN, _("no such table on this server"))
        return
    token = ws.query_params.get("token")
    seat, host = None, False
    if token:
        seat, host = _credentials(table, token)
        if seat is None and not host:
            await _refuse(ws, CLOSE_UNKNOWN, _("this link's token is not one of this table's"))
            return
    try:
        admitted = lobby.admit(table, address=_address(ws.client), token=token if seat is not None or host else None)
    except TooMany as exc:
        await _refuse(ws, CLOSE_TOO_MANY, exc.lines[0])
        return
    except Full as exc:
        await _refuse(ws, CLOSE_FULL, exc.lines[0])
        return
    try:
        await ws.accept()
        links = None
        if host:
            links = lobby.links(table)
            links["base"] = base_for(ws)  # where friends reach this server: the page builds the links from it
        subscriber = await table.join(seat, host=host, links=links, language=language)
    except BaseException:
        lobby.release(admitted)
        raise
    sender = asyncio.ensure_future(_send(ws, subscriber))
    try:
        await _receive(ws, table, seat, host, subscriber, RateLimit(*lobby.message_rate, clock=lobby.rate_clock))
    except WebSocketDisconnect:
        pass
    finally:
        lobby.release(admitted)
        table.leave(subscriber)
        sender.cancel()


class AllowedHosts:
    """Answer only requests and handshakes whose Host is a name this server was started for; others get a 400 with one line.

    A page of evil.example whose name is re-pointed at this machine (DNS
    rebinding) is of the same origin as its own requests, so the Origin
    checks let it through; its Host header still says evil.example. (Not
    Starlette's TrustedHostMiddleware: it takes the Host up to its first
    colon, so `[::1]:8000` is never allowed, and it answers in plain text
    where this API answers JSON.)
    """

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in hosts)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            given = Headers(scope=scope).get("host")
            if given is None or host_name(given) not in self.hosts:
                name = clip(host_name(given or ""))
                line = (f"this server does not answer to the host {name!r}; if that name is this machine, "
                        f"start muggins serve with --allow-host {name or 'NAME'}")
                await _error([line], 400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class NoReferrer:
    """Every HTTP answer says `Referrer-Policy: no-referrer`: a link followed from a page tells the other site nothing of the page.

    A seat's token is in its link's fragment, which no Referer carries; the
    table's address and its query are not sent either, to any site.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_policy(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"referrer-policy", b"no-referrer")]}
            await send(message)

        await self.app(scope, receive, with_policy)


def qr_svg(text: str) -> str:
    """`text` as a QR code in SVG, dark on white with its quiet zone, sized by the page that shows it."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=1, dark="#000", light="#fff", omitsize=True, xmldecl=False)
    return out.getvalue().decode("utf-8")


def _credentials(table: Table, token: str) -> tuple[int | None, bool]:
    """The seat a link's token acts for (None: none) and whether it is the host's: a seat's, the host's, or `SEAT.HOST` for both.

    Tokens are URL-safe base64, which never holds a dot, so the joined form
    cannot be mistaken for one token.
    """
    seat_part, dot, host_part = token.partition(".")
    if dot:
        seat = table.seat_for(seat_part)
        if seat is None or not table.is_host(host_part):
            return None, False
        return seat, True
    seat = table.seat_for(token)
    return seat, seat is None and table.is_host(token)


def _hosts(table: Table, token: Any) -> bool:
    """Whether `token` is the host's (alone, or joined to the host's own seat's as `SEAT.HOST`)."""
    return isinstance(token, str) and _credentials(table, token)[1]


def host_name(header: str) -> str:
    """The name in a Host header (or an --allow-host value), without its port, brackets or trailing dot, in lower case."""
    value = header.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        value = value[1:end] if end > 0 else value
    elif value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


async def _changing_body(request: Request, origins: frozenset[str] = frozenset()) -> Any:
    """The JSON body of a request that changes something, or the refusal: another site's page (403), not JSON (415), too big, malformed.

    A browser sends a cross-site form or `text/plain` POST without asking
    the server first; `application/json` it sends only after a preflight
    this server never answers, so requiring it keeps other sites' pages
    out even where a browser sends no Origin.
    """
    origin = request.headers.get("origin")
    if origin is not None and not _same_origin(request, origins):
        return _error(["this server takes requests that change anything from its own pages only, not from another site's"], 403)
    content_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if content_type != "application/json":
        return _error(["send the request as JSON, with Content-Type: application/json"], 415)
    return await _body(request)


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
    shown = [_bounded(without_server_paths(line)) for line in lines]
    if status >= 500 and shown != [_bounded(line) for line in lines]:  # the server's own fault: its owner reads the whole line
        for line in lines:
            print(f"muggins: {line}", file=sys.stderr, flush=True)
    lines = shown
    return JSONResponse({"error": "\n".join(lines), "errors": lines}, status_code=status)


#: A path of this machine's as a line may quote one: a slash that follows no word, dot, colon or slash (so no URL's, no fraction),
#: then the path's parts up to a space, a quote, a bracket or a colon.
_SERVER_PATH = re.compile(r"(?<![\w.:/~])(?:/[^\s/'\"()\[\]:;,]+)+/?")


def without_server_paths(line: str) -> str:
    """`line` with every absolute path of this machine's (one whose first folder exists here) cut to its last part.

    A visitor is told which file or folder (`records`, `muggins-x.jsonl`),
    never where the server keeps it (its user's name, its layout); a
    server error's whole line goes to the server's log, for its owner. A path-like part
    whose first folder is not one of this machine's (`/api/tables`) is no
    path of its own and stays.
    """
    def cut(found: re.Match[str]) -> str:
        path = found.group(0).rstrip("/")
        first = path.split("/")[1]
        if not os.path.lexists("/" + first):
            return found.group(0)
        return path.rsplit("/", 1)[-1] or path

    return _SERVER_PATH.sub(cut, str(line))


def _bounded(line: str) -> str:
    """`line` within MAX_ERROR_CHARS, keeping its start (what and where) and its end (what to do)."""
    line = " ".join(str(line).split("\n"))
    if len(line) <= MAX_ERROR_CHARS:
        return line
    return f"{line[:MAX_ERROR_CHARS - 120]} … {line[-100:]}"


def _same_origin(connection: Any, origins: frozenset[str] = frozenset()) -> bool:
    """Whether a request or websocket comes from a page of this server: its Origin's scheme and host and port are this server's own.

    A client without an Origin is not a browser page; `null` is no page of
    ours; an `https` page is another site's for an `http` server (and the
    other way round), whatever its host: the scheme is the server's as the
    request reached it (`ws` is an `http` server's, `wss` an `https` one's).
    One of `origins` (the public URL's) is this server's whatever the Host
    and scheme the request reached it with.
    """
    headers = connection.headers
    origin = headers.get("origin")
    if origin is None:
        return True
    if origins and origin_of(origin) in origins:
        return True
    found = urlsplit(origin)
    own = "https" if connection.url.scheme in ("https", "wss") else "http"
    return found.scheme.lower() == own and found.netloc.lower() == headers.get("host", "").lower()


def _address(client: Any) -> str:
    """The client's address as the limits count it (a client the server cannot place counts as one)."""
    return client.host if client is not None and client.host else "unknown"


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    """Accept, then close with `code` and `reason`: a refusal before accepting is an HTTP 403 that a page sees only as 1006.

    A close reason is at most 123 bytes: a translated one is cut to that, between characters.
    """
    await ws.accept()
    reason = without_server_paths(reason)
    await ws.close(code=code, reason=reason.encode("utf-8")[:123].decode("utf-8", "ignore"))


def _language(connection: Any) -> str:
    """The language of a page request or websocket: its `lang` parameter, the switch's cookie, else its Accept-Language."""
    return languages.choose(connection.query_params, connection.cookies, connection.headers)


async def _send(ws: WebSocket, subscriber: Any) -> None:
    queue = subscriber.queue
    while True:
        frame = await queue.get()
        stopped = frame.get("stopped")
        if isinstance(stopped, str):  # why a match stopped may quote its record's path (a disk that failed it)
            frame = {**frame, "stopped": without_server_paths(stopped)}
        await ws.send_text(json.dumps(frame, ensure_ascii=False))
        if frame.get("type") == "next_match":  # this match is over and the next has begun: the page opens its link again
            await ws.close(code=NEXT_MATCH_CODE, reason="the next match has begun")
            return


async def _receive(ws: WebSocket, table: Table, seat: int | None, host: bool, subscriber: Any, limit: RateLimit) -> None:
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if not limit.allow():
            if limit.new_flood():  # one line per flood, not one per message
                _tell(subscriber, error_frame(_("too many messages; slow down")))
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
        if isinstance(request, Name):
            if seat is None:
                _tell(subscriber, error_frame(_("only a seat's link gives a name; this page watches")))
                continue
            try:
                await table.rename(seat, request.name)
            except Refused as exc:
                _tell(subscriber, error_frame(str(exc)))
            continue
        if isinstance(request, HostCommand):
            if not host:
                _tell(subscriber, error_frame(_("only the host's link starts the table, seats bots or closes it")))
                continue
            try:
                await table.host(request.command, request.seat, request.kind)
            except Refused as exc:
                _tell(subscriber, error_frame(str(exc)))
            continue
        if seat is None:
            _tell(subscriber, error_frame(_("a spectator cannot act; open a seat's link to play")))
            continue
        try:
            await table.act(seat, request.step, request.action)
        except Refused as exc:
            _tell(subscriber, error_frame(str(exc), step=request.step))
        else:
            limit.refund()



def _tell(subscriber: Any, frame: dict) -> None:
    """A frame for this connection alone; a connection too far behind to take it misses it."""
    if isinstance(frame.get("error"), str):
        frame = {**frame, "error": without_server_paths(frame["error"])}
    with contextlib.suppress(asyncio.QueueFull):
        subscriber.queue.put_nowait(frame)
