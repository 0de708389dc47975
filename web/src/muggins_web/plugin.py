"""The `muggins serve` command, added to the muggins command line through `muggins_register_commands`.

This module owns the command's options and its start-up words only; it
imports Click and nothing of the server, so listing commands never loads
Starlette or uvicorn: the server (`muggins_web.server`) is imported when
`serve` runs.
"""

from __future__ import annotations

from typing import Any

import click

from muggins import hookimpl

__all__ = ["muggins_register_commands"]


@hookimpl
def muggins_register_commands(cli: Any) -> None:
    @cli.command()
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help="Address to listen on; 0.0.0.0 lets friends on your network join.")
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
    @click.option("--pace", default=None, type=click.FloatRange(0, 600),
                  help="Seconds a challenge window stays open before the move stands (0: wait for every answer).")
    @click.option("--max-tables", default=50, show_default=True, type=click.IntRange(1, 10_000),
                  help="Tables this server holds at once.")
    def serve(host: str, port: int, pace: float | None, max_tables: int) -> None:
        """Serve a lobby and tables in the browser: each friend plays on their own device."""
        from .server import serve as run

        run(host, port, pace, max_tables=max_tables)
