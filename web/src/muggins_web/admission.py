"""How many websockets a server holds, and which one more it refuses: the connection limits of one process.

This module owns the counts the lobby admits connections by
(`Connections`): every websocket open, spectators per table, per client
address and in all, and connections per seat's or host's link. A link's
connections are never refused for spectators, only past
`MAX_CONNECTIONS_PER_LINK` on that same link (a few tabs, and a
reconnecting phone's old one not yet timed out). A connection past a
limit is refused with one line: `Full` (the server's or the table's
share taken) or `TooMany` (one address's or one link's), errors the lobby
gives for its tables' limits too.
"""

from __future__ import annotations

import collections
import dataclasses

from .forms import LobbyError
from .languages import _

__all__ = ["Admission", "Connections", "Full", "MAX_CONNECTIONS", "MAX_CONNECTIONS_PER_ADDRESS", "MAX_CONNECTIONS_PER_LINK",
           "MAX_SPECTATORS", "TooMany"]

#: Spectators' connections one server holds at once (a seat's or the host's link is not counted here).
MAX_CONNECTIONS = 200
#: Spectators one table takes, and spectators' connections one client address may hold.
MAX_SPECTATORS = 20
MAX_CONNECTIONS_PER_ADDRESS = 32
#: Connections open on one seat's or host's link at once: a few tabs, and a reconnecting phone's old one not yet timed out.
MAX_CONNECTIONS_PER_LINK = 4


class Full(LobbyError):
    """The server holds as many tables (or connections) as it may."""

    status = 503


class TooMany(LobbyError):
    """One client address (or one link) asks for more than its share of the server's tables or connections."""

    status = 429


@dataclasses.dataclass(frozen=True)
class Admission:
    """One open websocket as the connection limits count it: its table, its client's address, its link's token (None: a spectator)."""

    table: str
    address: str
    token: str | None


class Connections:
    """The websockets one server holds (`open`) and its limits on them."""

    def __init__(self, max_connections: int = MAX_CONNECTIONS) -> None:
        self.open = 0  # websockets open, every kind
        self.max_connections = max_connections
        self.max_spectators = MAX_SPECTATORS
        self.max_per_address = MAX_CONNECTIONS_PER_ADDRESS
        self.max_per_link = MAX_CONNECTIONS_PER_LINK
        self._spectators = 0
        self._spectators_at: collections.Counter[str] = collections.Counter()  # by table
        self._spectators_from: collections.Counter[str] = collections.Counter()  # by client address
        self._on_link: collections.Counter[str] = collections.Counter()  # by token

    def admit(self, table: str, *, address: str, token: str | None) -> Admission:
        """Count one more websocket on `table` (a seat's or the host's link `token`, else a spectator); Full or TooMany (one line) past a limit."""
        if token is not None:
            if self._on_link[token] >= self.max_per_link:
                raise TooMany(_("this link is open on {most} connections already, its most; close another tab that has it open").format(
                    most=self.max_per_link))
            self._on_link[token] += 1
        else:
            if self._spectators >= self.max_connections:
                raise Full(_("this server holds {most} spectators' connections, its most; try again later").format(most=self.max_connections))
            if self._spectators_at[table] >= self.max_spectators:
                raise Full(_("this table has {most} spectators, its most; try again later").format(most=self.max_spectators))
            if self._spectators_from[address] >= self.max_per_address:
                raise TooMany(_("your address holds {most} spectators' connections already, its most; close some").format(
                    most=self.max_per_address))
            self._spectators += 1
            self._spectators_at[table] += 1
            self._spectators_from[address] += 1
        self.open += 1
        return Admission(table, address, token)

    def release(self, admission: Admission) -> None:
        """The websocket `admission` counted has closed."""
        self.open -= 1
        if admission.token is not None:
            _take_one(self._on_link, admission.token)
        else:
            self._spectators -= 1
            _take_one(self._spectators_at, admission.table)
            _take_one(self._spectators_from, admission.address)


def _take_one(counts: collections.Counter, key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]
