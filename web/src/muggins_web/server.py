"""Running the web server: the lobby over the installed games, uvicorn on the address asked for, the URL to open.

This module owns the process side of `muggins serve`: it builds the lobby
from the command line's registry, prints the URL to open (with `--host
0.0.0.0`, the machine's address on the local network, the one to give
friends), and hands the process to uvicorn, which owns the signals (Ctrl-C
and SIGTERM stop it within a few seconds; each table's record is whole to
its last line, every line having been written whole). Websocket frames
go uncompressed, and the tables are kept out of the collector's full passes
(`gc.freeze`), both for the time from a click to its frame.
"""

from __future__ import annotations

import socket

import click

from .lobby import DEFAULT_PACE, MAX_CONNECTIONS, MAX_TABLES, Lobby

__all__ = ["serve", "lan_address"]

#: Seconds uvicorn waits for open connections (a tab left open) before stopping anyway.
SHUTDOWN_GRACE = 2


def serve(host: str, port: int, pace: float | None, *, max_tables: int = MAX_TABLES) -> None:
    import uvicorn

    from muggins_cli.session import registry

    from .app import create_app

    lobby = Lobby(registry(), pace=DEFAULT_PACE if pace is None else pace, max_tables=max_tables,
                  max_connections=max(MAX_CONNECTIONS, 4 * max_tables), freeze_tables=True)
    app = create_app(lobby)
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    click.echo(f"muggins: serving on http://{shown}:{port}/ (open it in a browser; Ctrl-C stops)")
    if host in ("0.0.0.0", "::"):
        click.echo("muggins: the links travel over plain HTTP: share them on a network you trust")
    # Frames are a few kilobytes on a home network: compressing each would cost both ends more than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_GRACE,
                ws_per_message_deflate=False)


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
