"""The `muggins serve` command, added to the muggins command line through `muggins_register_commands`.

This module owns the command's options and its start-up words only, in
the language the command line chose (`muggins --lang`, `MUGGINS_LANG`, the
locale: the commands are registered after it is chosen); it imports Click
and nothing of the server, so listing commands never loads Starlette or
uvicorn: the server (`muggins_web.server`) is imported when `serve` runs.
What the server refuses (`muggins.front_end.BadInput`) is raised to Click
as Click's own refusal, one line and exit 2 under any Click group.
"""

from __future__ import annotations

import math
from typing import Any

import click

from muggins import hookimpl

from .languages import _

__all__ = ["muggins_register_commands"]


@hookimpl
def muggins_register_commands(cli: Any) -> None:
    @cli.command(help=_("Serve a lobby and tables in the browser: each friend plays on their own device."))
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help=_("Address to listen on; 0.0.0.0 lets friends on your network join."))
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help=_("Port to listen on."))
    @click.option("--pace", default=None, type=click.FloatRange(0, 600), callback=_finite,
                  help=_("Seconds a challenge window stays open before the move stands (0: wait for every answer)."))
    @click.option("--max-tables", default=50, show_default=True, type=click.IntRange(1, 10_000),
                  help=_("Unfinished tables this server holds at once."))
    @click.option("--allow-host", "allow_hosts", multiple=True, callback=_host_names, metavar="NAME",
                  help=_("Another name this machine is reached by (repeatable); the server answers no other Host."))
    @click.option("--certfile", default=None, metavar="PATH",
                  help=_("A TLS certificate (PEM): the server speaks HTTPS, its links are https://. Give --keyfile with it."))
    @click.option("--keyfile", default=None, metavar="PATH", help=_("The certificate's private key (PEM, without a passphrase)."))
    @click.option("--public-url", default=None, callback=_public_url, metavar="URL",
                  help=_("The address friends reach this server at from the internet (https://cards.example.org): the links carry it."))
    def serve(host: str, port: int, pace: float | None, max_tables: int, allow_hosts: tuple[str, ...],
              certfile: str | None, keyfile: str | None, public_url: str | None) -> None:
        """Serve a lobby and tables in the browser: each friend plays on their own device."""
        from muggins.front_end import BadInput

        from .server import serve as run

        try:
            run(host, port, pace, max_tables=max_tables, allow_hosts=allow_hosts, certfile=certfile, keyfile=keyfile, public_url=public_url)
        except BadInput as exc:  # Click's own way of refusing, under whichever Click group the command is added to
            raise _Refused(exc.message) from exc


class _Refused(click.ClickException):
    """The server's refusal of what the command line gave (a port in use, a key that is not the certificate's), as Click says one: exit 2."""

    exit_code = 2


def _finite(ctx: Any, param: Any, value: float | None) -> float | None:
    """A pace is a number of seconds: nan passes every comparison of a range, so it is refused by name."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(_("{value} is not a number of seconds; give one from 0 to 600").format(value=value))
    return value


def _host_names(ctx: Any, param: Any, values: tuple[str, ...]) -> tuple[str, ...]:
    """Each --allow-host a bare name or address (`mybox.local`, `192.168.1.20`): no scheme, path or spaces."""
    from muggins.limits import clip

    for value in values:
        name = value.strip()
        if not name or len(name) > 253 or any(c.isspace() or c in "/@?#\\" for c in name):
            raise click.BadParameter(_("{value} is not a host name; give one such as mybox.local, or an address").format(value=repr(clip(value))))
    return tuple(v.strip() for v in values)


def _public_url(ctx: Any, param: Any, value: str | None) -> str | None:
    """A public URL is a scheme and a host (and a port): `https://cards.example.org`, as links are built from it."""
    from .addresses import BadAddress, public_url

    if value is None:
        return None
    try:
        return public_url(value)
    except BadAddress as exc:
        raise click.BadParameter(str(exc)) from None
