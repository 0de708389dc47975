"""Running the web server: the listening socket, the lobby over the installed games, uvicorn, the URL to open, and stopping.

This module owns the process side of `muggins serve`: it checks the
command line's values (a pace that is a number of seconds), binds and
listens on the address asked for itself, so a port in use or a host that
cannot be listened on is one `muggins: error:` line (exit 2) and "serving
on" is printed only once the server listens (with `--host 0.0.0.0`, the
machine's address on the local network, the one to give friends); it
builds the lobby from the registry every front end gets
(`muggins.front_end`; its warnings are lines on stderr), tells the app which
Host names to answer (the bind address, the address printed, this
machine's own names and every `--allow-host`), and hands the sockets to
uvicorn, which owns the signals. With `--certfile` and `--keyfile` (read
and checked here first, so a bad file is one line) uvicorn speaks HTTPS;
with `--public-url` the links carry that address. uvicorn believes the
`X-Forwarded-For` and `X-Forwarded-Proto` of a reverse proxy on this
machine alone (`TRUSTED_PROXIES`), and keeps no access log. On Ctrl-C or SIGTERM every bot thinking
in a worker thread is told to stop at once (`Lobby.stop_thinking`),
uvicorn closes the connections and the lifespan releases every record;
should anything still run `STOP_WITHIN` seconds after the signal (a
plugin's bot that never checks its thinking limit, a house-rule hook that
never answers), the process leaves anyway with `os._exit` after flushing
its output: every record is whole to its last line, each line having
been written whole. It exits 130 after Ctrl-C and 143 after SIGTERM, as
every muggins command does. Websocket frames go uncompressed, and the
tables are kept out of the collector's full passes (`gc.freeze`), both
for the time from a click to its frame. Its lines are in the command
line's language (`muggins --lang`); each page chooses its own.
"""

from __future__ import annotations

import errno
import math
import os
import signal
import socket
import ssl
import sys
import threading
from typing import Any, Iterable

import click
import uvicorn

from muggins.error_words import os_reason
from muggins.front_end import BadInput, SignalStop, front_end_registry
from muggins.limits import clip

from . import protocol
from .languages import _
from .lobby import DEFAULT_PACE, MAX_CONNECTIONS, MAX_PACE, MAX_TABLES, Lobby

__all__ = ["serve", "listen", "lan_address", "tls_files", "SHUTDOWN_GRACE", "STOP_WITHIN", "TRUSTED_PROXIES"]

#: Seconds uvicorn waits for open connections (a tab left open) before stopping anyway.
SHUTDOWN_GRACE = 2
#: Seconds after a stop signal past which the process leaves whatever still runs (a bot that never checks its limit).
STOP_WITHIN = SHUTDOWN_GRACE + 1.0
#: Connections the kernel queues while the server is busy: a lobby full of friends opening their links at once.
BACKLOG = 2048


#: Seconds a thread holding the interpreter's lock keeps it while the event loop waits for it.
SWITCH_INTERVAL = 0.0005
#: The only peers whose X-Forwarded-For and X-Forwarded-Proto are believed: a reverse proxy on this machine. Fixed here, not
#: read from FORWARDED_ALLOW_IPS, since a visitor who could name their own address would slip past the per-address limits.
TRUSTED_PROXIES = "127.0.0.1,::1"


def serve(host: str, port: int, pace: float | None, *, max_tables: int = MAX_TABLES, allow_hosts: Iterable[str] = (),
          certfile: str | None = None, keyfile: str | None = None, public_url: str | None = None) -> None:
    """Serve the lobby on `host`:`port` until Ctrl-C or SIGTERM; BadInput (one line, exit 2) for a pace or an address that cannot be used.

    With `certfile` and `keyfile` it speaks HTTPS (and its websockets
    wss); with `public_url` (checked already) every link carries that
    address, the one friends reach through a reverse proxy or a forwarded port.
    """
    from .app import LOOPBACK_HOSTS, create_app, host_name

    if pace is not None and not (math.isfinite(pace) and 0 <= pace <= MAX_PACE):
        raise BadInput(_("--pace {pace} is not a number of seconds from 0 to {most}").format(pace=clip(pace, 20), most=f"{MAX_PACE:g}"))
    # A bot thinking in the worker thread holds the interpreter's lock; the event loop waits for it up to
    # this interval at each turn, and a click takes several turns (docs/web.md: 5 ms, the default, made
    # the other tables' p99 hundreds of milliseconds while two searches thought).
    sys.setswitchinterval(SWITCH_INTERVAL)
    tls = tls_files(certfile, keyfile)
    sockets = listen(host, port)
    try:
        port = sockets[0].getsockname()[1]  # --port 0: the one the system chose
        lobby = Lobby(front_end_registry(_warn), pace=DEFAULT_PACE if pace is None else pace, max_tables=max_tables,
                      max_connections=max(MAX_CONNECTIONS, 4 * max_tables), freeze_tables=True)
        everywhere = host in ("0.0.0.0", "::")
        shown = lan_address() if everywhere else host
        hosts = {host_name(h) for h in (host, shown, *LOOPBACK_HOSTS, *allow_hosts)}
        listening = f"{'https' if tls else 'http'}://{_in_url(shown)}:{port}"
        app = create_app(lobby, allowed_hosts=hosts, link_base=listening, public_url=public_url)
        links = public_url or listening
        click.echo(_("muggins: serving on {address} (open it in a browser; Ctrl-C stops)").format(address=f"{links}/"))
        if public_url:
            click.echo(_("muggins: listening on {address}; the links carry the public address above").format(address=f"{listening}/"))
        if links.startswith("http://") and (everywhere or public_url):
            click.echo(_("muggins: the links travel over plain HTTP: share them on a network you trust"))
        sys.stdout.flush()  # a log or a script waiting for the line reads it now, not when the buffer fills
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    _run_until_stopped(app, lobby, sockets, tls=tls)


def _warn(line: str) -> None:
    """One warning line on stderr, in the command line's language: a load error, a plugin's listener switched off."""
    print(_("muggins: warning: {line}").format(line=line), file=sys.stderr, flush=True)


def tls_files(certfile: str | None, keyfile: str | None) -> tuple[str, str] | None:
    """The certificate and key files to serve HTTPS with, both read and found to match; None for neither; BadInput (one line) otherwise.

    uvicorn loads them again once it starts: read here first, a missing
    file, a damaged one or a key that is not the certificate's is said in
    one line before anything listens, and a key under a passphrase is
    refused rather than asked for at a prompt the server's owner may not see.
    """
    if (certfile is None) != (keyfile is None):
        raise BadInput(_("--certfile and --keyfile go together: give both (the certificate and its private key), or neither"))
    if certfile is None or keyfile is None:
        return None
    for option, path, marker in (("--certfile", certfile, "CERTIFICATE-----"), ("--keyfile", keyfile, "PRIVATE KEY-----")):
        try:
            with open(path, "rb") as given:
                text = given.read(1 << 20)
        except OSError as exc:
            raise BadInput(_("cannot read {option} {path}: {why}").format(option=option, path=clip(path), why=exc.strerror or exc)) from None
        if marker.encode() not in text:
            wanted = _("a certificate") if option == "--certfile" else _("a private key")
            raise BadInput(_("{option} {path} is not {what} in PEM form (a text file with a -----BEGIN {marker} line)").format(
                option=option, path=clip(path), what=wanted, marker=marker.rstrip("-")))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile, password=_no_passphrase)
    except _Passphrase:
        raise BadInput(_("--keyfile {path} is protected by a passphrase; give a key without one").format(path=clip(keyfile))) from None
    except (ssl.SSLError, OSError, ValueError):
        raise BadInput(_("--keyfile {key} is not the private key of --certfile {cert}, or one of them is damaged").format(
            key=clip(keyfile), cert=clip(certfile))) from None
    return certfile, keyfile


class _Passphrase(Exception):
    """Raised by the passphrase callback: a key that asks for one is refused, not prompted for."""


def _no_passphrase() -> str:
    raise _Passphrase


def listen(host: str, port: int) -> list[socket.socket]:
    """Sockets listening on every address `host` names at `port` (one port for all); BadInput (one line) if any cannot be had."""
    named = clip(host)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError) as exc:  # an unknown name, or one too long to be a name at all
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else _("not a host name or address")
        raise BadInput(_("cannot listen on --host {host}: {why}").format(host=repr(named), why=reason)) from None
    sockets: list[socket.socket] = []
    seen = set()
    for family, kind, proto, _name, address in found:
        if (family, address[0]) in seen:
            continue
        seen.add((family, address[0]))
        if sockets:  # --port 0: every address on the port the first one was given
            address = (address[0], sockets[0].getsockname()[1], *address[2:])
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio does: "::" means IPv6 alone, 0.0.0.0 IPv4
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
            sock.set_inheritable(True)
        except OSError as exc:
            sock.close()
            for other in sockets:
                other.close()
            if exc.errno == errno.EADDRINUSE:
                raise BadInput(_("port {port} is in use on {host} (another server listens there); choose another --port").format(
                    port=port, host=named)) from None
            raise BadInput(_("cannot listen on {host} port {port}: {why}").format(host=named, port=port, why=os_reason(exc))) from None
        sockets.append(sock)
    if not sockets:
        raise BadInput(_("cannot listen on --host {host}: it names no address").format(host=repr(named)))
    return sockets


def _run_until_stopped(app: Any, lobby: Lobby, sockets: list[socket.socket], *, tls: tuple[str, str] | None = None) -> None:
    """uvicorn on `sockets` (over TLS with `tls`'s certificate and key) until a stop signal; then KeyboardInterrupt (Ctrl-C, exit 130) or SignalStop (SIGTERM, exit 143)."""
    stopping = _Stopping(lobby)
    certfile, keyfile = tls or (None, None)
    # Frames are a few kilobytes on a home network: compressing each would cost both ends more than it saves.
    # No access log: a websocket's address carries its seat's token. A proxy on this machine alone says who the client is.
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_GRACE, ws_per_message_deflate=False,
                            ws_max_size=protocol.MAX_WEBSOCKET_BYTES, access_log=False, proxy_headers=True,
                            forwarded_allow_ips=TRUSTED_PROXIES, ssl_certfile=certfile, ssl_keyfile=keyfile)
    server = _Server(config, stopping)
    # uvicorn puts back the handlers it found and raises each signal it caught again: these only note it.
    noted = {sig: signal.signal(sig, stopping.noted) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=sockets)
    finally:
        for sig, handler in noted.items():
            signal.signal(sig, handler)
    if stopping.signum == signal.SIGINT:
        raise KeyboardInterrupt
    if stopping.signum is not None:
        raise SignalStop(stopping.signum)


class _Stopping:
    """What the first stop signal sets going: every thinking bot told to stop, and the deadline past which the process leaves."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.signum: int | None = None

    def begin(self, signum: int) -> None:
        if self.signum is not None:
            return
        self.signum = signum
        self.lobby.stop_thinking("the server is stopping")
        deadline = threading.Timer(STOP_WITHIN, self.leave)
        deadline.daemon = True  # a process that stops in time is not kept for it
        deadline.start()

    def noted(self, signum: int, frame: Any) -> None:
        self.begin(signum)

    def leave(self) -> None:
        """Past the deadline: say so and what stopped the server, flush, and exit at once (no thread is waited for)."""
        why, code = ("interrupted", 130) if self.signum == signal.SIGINT else (f"stopped by {signal.Signals(self.signum).name}", 143)
        try:
            print(_("muggins: warning: something still ran {seconds} s after the stop (a bot that does not check its "
                    "thinking limit, or a house rule that does not answer); leaving without it, every record whole to its last line").format(
                        seconds=f"{STOP_WITHIN:g}"), file=sys.stderr)
            print(f"muggins: error: {why}", file=sys.stderr)
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


class _Server(uvicorn.Server):
    """uvicorn's server, whose stop signal also tells every thinking bot to stop, before the connections' grace begins."""

    def __init__(self, config: uvicorn.Config, stopping: _Stopping) -> None:
        super().__init__(config)
        self.stopping = stopping

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.stopping.begin(sig)
        super().handle_exit(sig, frame)


def _in_url(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: connecting a UDP socket only picks a route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
