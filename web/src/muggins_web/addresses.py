"""The public address a server is reached at (`muggins serve --public-url`): checking it, and the origin and host name it stands for.

This module owns what a public URL may be and what it means to the
server: `public_url` checks one given on the command line (`http` or
`https`, a host, at most a port, no path, query, fragment or user) and
gives it back in the form links are built from; `origin_of` is the origin
of a URL (scheme, host and port, the default port left out) as a browser
sends it in `Origin`, so two spellings of one origin compare equal. It
imports nothing of the server, so the command line can check its options
without loading Starlette or uvicorn.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from .languages import _

__all__ = ["public_url", "origin_of", "BadAddress"]

DEFAULT_PORTS = {"http": 80, "https": 443}


class BadAddress(ValueError):
    """A public URL that cannot be used; its message is the one line saying why."""


def public_url(value: str) -> str:
    """`value` as links are built from (`https://cards.example.org`, `http://203.0.113.5:8080`); BadAddress saying what is wrong."""
    given = value.strip()
    if not given or any(c.isspace() for c in given):
        raise BadAddress(_("{value} is not a URL; give one such as https://cards.example.org").format(value=repr(value[:80])))
    if "?" in given or "#" in given:
        raise BadAddress(_("{value}: a public URL has no query or fragment; give one such as https://cards.example.org").format(
            value=given[:80]))
    parts = urlsplit(given)
    if parts.scheme.lower() not in DEFAULT_PORTS:
        raise BadAddress(_("{value}: a public URL starts with https:// or http://").format(value=given[:80]))
    if "@" in parts.netloc:
        raise BadAddress(_("{value}: a public URL carries no user name or password").format(value=given[:80]))
    try:
        parts.port  # a port that is no number (or out of range) is said here, not when the first link is built
    except ValueError:
        raise BadAddress(_("{value}: its port is not a number from 0 to 65535").format(value=given[:80])) from None
    if not parts.hostname:
        raise BadAddress(_("{value}: a public URL names a host, such as https://cards.example.org").format(value=given[:80]))
    if parts.path not in ("", "/"):
        raise BadAddress(_("{value}: a path is not supported (the pages are served from the root); give the host alone, "
                           "such as https://cards.example.org, and let the proxy serve muggins there").format(value=given[:80]))
    return origin_of(given)


def origin_of(url: str) -> str:
    """The origin of `url` in lower case, as `Origin` carries it: `scheme://host[:port]`, the scheme's default port left out."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:  # no origin a browser sends: kept as it is, it matches none
        return url.strip().lower()
    shown_port = "" if port is None or port == DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{host}{shown_port}"
