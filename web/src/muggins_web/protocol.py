"""The websocket messages a browser table exchanges, as plain data: reading a client's message, and the error frame.

This module owns the wire format's client half and its limits, without
any web framework: a client sends one JSON object per message,
`{"type": "act", "step": N, "action": "TEXT"}` (answer the decision
offered at step N with the choice whose text is TEXT), `{"type":
"ping"}`, `{"type": "name", "name": "Anna"}` (the person at a seat says
what to call them: at most `MAX_NAME_CHARS` printable characters, trimmed),
or from the host's link `{"type": "seat_bot", "seat": N,
"kind": SPEC}`, `{"type": "give_back", "seat": N}` and `{"type":
"close"}` and `{"type": "start"}` (a table that waits for its host);
anything else, a message over `MAX_MESSAGE_BYTES`, or one that is
not JSON, is refused with an error frame `{"type": "error", "error":
LINE}` (worded in the connection's language) and changes nothing. `RateLimit` is the per-connection token bucket
that keeps one connection's flood from costing the server more than a
steady trickle (an answer the table takes is refunded: a person playing
fast is never slowed, since each answer needs a decision of its own);
it also says when a refusal starts a new flood (`new_flood`: none in the
last `QUIET_SECONDS` of its own clock), so a flood is answered with one
error line however long it lasts. The frames the server sends are built by
`muggins_web.table`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from .languages import _

__all__ = ["Act", "HostCommand", "Ping", "Name", "BadMessage", "read_message", "read_name", "error_frame", "RateLimit",
           "MAX_MESSAGE_BYTES", "MAX_WEBSOCKET_BYTES", "MAX_NAME_CHARS", "QUIET_SECONDS"]

#: Seconds without a refused message after which the next refusal is a new flood (and gets its own error line).
QUIET_SECONDS = 10.0
#: Longer than any answer (a choice's text is short); a longer message is refused unread.
MAX_MESSAGE_BYTES = 2048
#: What the server (uvicorn) reads of one websocket message at most: past it the connection is closed (1009) before the message
#: is read whole; between this and MAX_MESSAGE_BYTES a message is refused with a line.
MAX_WEBSOCKET_BYTES = 16 * 1024
#: A person's name fits on a seat chip on a phone.
MAX_NAME_CHARS = 24


class BadMessage(ValueError):
    """A client message the server does not take: one line saying why."""


@dataclass(frozen=True, slots=True)
class Act:
    """Answer the decision offered at `step` with the choice whose text is `action`."""

    step: int
    action: str


@dataclass(frozen=True, slots=True)
class HostCommand:
    """The host's `start`, `seat_bot` (a bot of kind `kind` plays person's seat `seat`), `give_back` (the person plays it again) or `close`."""

    command: str
    seat: Any = None
    kind: Any = None


@dataclass(frozen=True, slots=True)
class Name:
    """The person at the connection's seat is to be called `name` (checked: trimmed, printable, short)."""

    name: str


@dataclass(frozen=True, slots=True)
class Ping:
    """Nothing to do: the client checks that the connection is alive."""


def read_message(text: str | bytes | None) -> Act | Ping | HostCommand | Name:
    """The message a client sent, checked; BadMessage (one line) for anything else."""
    if text is None:
        raise BadMessage(_("send text frames holding one JSON object"))
    if len(text) > MAX_MESSAGE_BYTES or (isinstance(text, str) and len(text.encode("utf-8")) > MAX_MESSAGE_BYTES):
        raise BadMessage(_("message longer than {limit} bytes; no answer needs that").format(limit=MAX_MESSAGE_BYTES))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(_("a message must be one JSON object")) from None
    if not isinstance(data, dict):
        raise BadMessage(_("a message must be one JSON object"))
    kind = data.get("type")
    if kind == "ping":
        return Ping()
    if kind == "name":
        return Name(read_name(data.get("name")))
    if kind in ("start", "seat_bot", "give_back", "close"):
        return HostCommand(kind, data.get("seat"), data.get("kind"))
    if kind != "act":
        raise BadMessage(_("unknown message type; send {\"type\": \"act\", \"step\": N, \"action\": TEXT} or {\"type\": \"ping\"}"))
    step, action = data.get("step"), data.get("action")
    if isinstance(step, bool) or not isinstance(step, int):
        raise BadMessage(_("an act needs \"step\", the whole number of the decision it answers"))
    if not isinstance(action, str) or not action:
        raise BadMessage(_("an act needs \"action\", the text of one of the choices"))
    return Act(step, action)


def read_name(given: Any) -> str:
    """A person's name as given, trimmed; BadMessage (one line) unless it is 1 to MAX_NAME_CHARS printable characters.

    Printable excludes line breaks and control characters, so a name can
    never break a narration line or a seat chip, nor pose as another line.
    """
    name = given.strip() if isinstance(given, str) else None
    if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
        raise BadMessage(_("a name is 1 to {limit} printable characters, such as \"Anna\"").format(limit=MAX_NAME_CHARS))
    return name


def error_frame(line: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "error": line, **extra}


class RateLimit:
    """A token bucket: `burst` messages at once, then `per_second`; `allow()` says whether one more may be taken now."""

    def __init__(self, per_second: float = 10.0, burst: int = 20, clock: Any = time.monotonic, quiet: float = QUIET_SECONDS) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self.quiet = quiet
        self.tokens = float(burst)
        self.last = clock()
        self.last_refused: float | None = None  # when the last message was refused, by `clock`

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def new_flood(self) -> bool:
        """Note a refused message; True if it starts a flood (no refusal in the last `quiet` seconds), which is worth one line.

        A flood lets some messages through as the bucket refills, so "the last
        message was allowed" does not end it: only quiet does.
        """
        now = self.clock()
        starts = self.last_refused is None or now - self.last_refused >= self.quiet
        self.last_refused = now
        return starts

    def refund(self) -> None:
        """Give back the message just allowed: an answer the table took costs nothing, since each needs a new decision."""
        self.tokens = min(self.burst, self.tokens + 1)
