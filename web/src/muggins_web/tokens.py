"""Who is who at a browser table: one unguessable token per person's seat and one for the host, each compared in constant time.

This module owns a table's tokens as a running table holds them
(`SeatTokens`): which person's seat a token is, and whether it is the
host's. The tokens are made by the lobby, kept beside the record by it,
and handed out only in the host's links; nothing here writes them
anywhere.
"""

from __future__ import annotations

import hmac

__all__ = ["SeatTokens", "same_token"]


class SeatTokens:
    """The tokens of one table: `seats` (person's seat to its token) and `host`."""

    def __init__(self, seats: dict[int, str], host: str) -> None:
        self.seats = dict(seats)
        self.host = host

    @property
    def humans(self) -> list[int]:
        """The people's seats, in seat order."""
        return sorted(self.seats)

    def seat_for(self, token: str) -> int | None:
        """The person's seat whose token this is, or None."""
        for seat, known in self.seats.items():
            if same_token(token, known):
                return seat
        return None

    def is_host(self, token: str) -> bool:
        return same_token(token, self.host)


def same_token(given: object, known: str) -> bool:
    """Whether `given` is the token `known`, in a time that does not say how much of it matched."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), known.encode())
