"""How long a bot may think: a limit per decision that a front end sets and a thinking bot checks.

This module owns the one cooperative stop a bot's thinking has. A front
end that cannot wait for ever (the browser table) runs a bot's decisions
inside `limited(limit)`, calls `limit.begin()` before each decision, and
may `limit.stop(reason)` from another thread (a server shutting down). A
bot that thinks in a loop (the search player, or any plugin's) calls
`keep_thinking()` between units of work: it returns at once when no limit
is in force on its thread (a simulation, the terminal, a replay), and
raises `ThinkingStopped` once the decision has run past its seconds or the
limit was stopped. Work that may run long between two such units (one
imagined match played out, which a game's rules may let run for millions
of moves) asks `limit_in_force()` once and checks the limit it gets at
each step, so the check costs nothing where no limit is in force. Nothing is decided by time: a bot that is stopped makes
no move at all, so every record still holds only moves its bots re-derive.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Iterator

__all__ = ["ThinkingLimit", "ThinkingStopped", "keep_thinking", "limit_in_force", "limited"]

_local = threading.local()


class ThinkingStopped(RuntimeError):
    """A bot's decision was stopped: past its limit's seconds, or its limit was stopped (`reason`)."""


class ThinkingLimit:
    """At most `seconds` of thinking per decision (None: no time limit), until `stop` is called from any thread."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = float("inf")
        self.stopped: str | None = None

    def begin(self) -> None:
        """A new decision starts now: its seconds count from here."""
        self.deadline = float("inf") if self.seconds is None else time.monotonic() + self.seconds

    def stop(self, reason: str) -> None:
        """Stop whatever is thinking under this limit at its next `keep_thinking()` (safe from another thread)."""
        self.stopped = reason

    def check(self) -> None:
        if self.stopped is not None:
            raise ThinkingStopped(self.stopped)
        if time.monotonic() >= self.deadline:
            raise ThinkingStopped(f"thought for more than {self.seconds:g} s on one decision")


def limit_in_force() -> ThinkingLimit | None:
    """The limit the decision being taken on this thread runs under, or None (no front end limits it)."""
    return getattr(_local, "limit", None)


def keep_thinking() -> None:
    """Return if the decision being taken on this thread may go on; ThinkingStopped if its limit says stop."""
    limit = getattr(_local, "limit", None)
    if limit is not None:
        limit.check()


@contextlib.contextmanager
def limited(limit: ThinkingLimit) -> Iterator[ThinkingLimit]:
    """Run the block's decisions under `limit` on this thread (the limits of outer blocks come back after it)."""
    outer = getattr(_local, "limit", None)
    _local.limit = limit
    try:
        yield limit
    finally:
        _local.limit = outer
