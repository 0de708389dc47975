"""Seats around the table: clockwise order, neighbours, eligibility, dealers, sides.

Seats are numbered 0…n-1 clockwise, so the player on a seat's left (the next
to act) is `(seat + 1) % n`. Every game asks the same questions of a table —
who is left of whom, who comes next skipping the players that are out, who
is the first eligible opponent clockwise, who deals next, who sits on which
side in partnerships — and this module answers them once. `seats_from_left`
is the same order as a table built once per table size, for a game that
looks for the next player still in on every turn and wants no call there.
`Seating` answers the same questions as methods of one seating; its first
name, `Table`, still works and warns (a table is the browser's now).
"""

from __future__ import annotations

import sys
import warnings
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator

__all__ = ["Seating", "left_of", "clockwise_from", "first_eligible", "responders", "seats_from_left"]


def left_of(seat: int, players: int) -> int:
    """The seat on `seat`'s left, which is the next one clockwise."""
    return (seat + 1) % players


def clockwise_from(
    seat: int,
    players: int,
    *,
    include_start: bool = False,
    skip: Callable[[int], bool] | None = None,
) -> Iterator[int]:
    """Seats clockwise starting at `seat`'s left (or at `seat` itself), once round.

    `skip(seat)` true leaves a seat out (players who are out, the actor...).
    """
    first = 0 if include_start else 1
    for step in range(first, players):
        other = (seat + step) % players
        if skip is None or not skip(other):
            yield other


def responders(actor: int, players: int, *, exclude: Iterable[int] = (), only: Iterable[int] | None = None) -> tuple[int, ...]:
    """A challenge window's usual responders: clockwise from `actor`'s left, never the actor.

    `exclude` leaves seats out (players the rules do not poll); `only`, when
    given, keeps just those seats (opponents, the other side) in clockwise order.
    """
    left_out = set(exclude)
    kept = None if only is None else set(only)
    return tuple(
        seat for seat in clockwise_from(actor, players)
        if seat not in left_out and (kept is None or seat in kept)
    )


def first_eligible(seat: int, players: int, eligible: Callable[[int], bool], *, include_start: bool = False) -> int | None:
    """The first seat clockwise from `seat`'s left for which `eligible` holds, or None."""
    for other in clockwise_from(seat, players, include_start=include_start):
        if eligible(other):
            return other
    return None


@lru_cache(maxsize=None)
def seats_from_left(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat once round the table clockwise from its left, the seat itself last.

    `seats_from_left(4)[1] == (2, 3, 0, 1)`. The next player still in after
    `seat` is the first of `seats_from_left(n)[seat]` for whom the game's own
    test holds, found by a plain loop over the row (the seat itself comes
    last, so a player whom everyone else has left plays on); `row[:-1]` is
    the other seats from its left, a window's usual responders. The rows are
    built once per table size and shared by every caller.
    """
    if players < 1:
        raise ValueError("a table needs at least one seat")
    return tuple(tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players))


@dataclass(frozen=True, slots=True)
class Seating:
    """The seating of `players` round a table, optionally in partnerships.

    `sides` maps each seat to its side number; without partnerships every
    seat is its own side. With `partnerships=True` seats sit alternately, so
    opposite seats (0 and 2, 1 and 3…) are partners.
    """

    players: int
    partnerships: bool = False

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ValueError("a table needs at least one seat")
        if self.partnerships and self.players % 2:
            raise ValueError(f"partnerships need an even number of players, not {self.players}")

    @property
    def seats(self) -> range:
        return range(self.players)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.players

    def clockwise_from(self, seat: int, *, include_start: bool = False, skip: Callable[[int], bool] | None = None) -> list[int]:
        return list(clockwise_from(seat, self.players, include_start=include_start, skip=skip))

    def first_eligible(self, seat: int, eligible: Callable[[int], bool], *, include_start: bool = False) -> int | None:
        return first_eligible(seat, self.players, eligible, include_start=include_start)

    def next_dealer(self, dealer: int) -> int:
        """The deal passes to the left."""
        return (dealer + 1) % self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    @property
    def sides(self) -> list[list[int]]:
        """Seats grouped by side, in side order."""
        count = 2 if self.partnerships else self.players
        return [[s for s in self.seats if self.side_of(s) == side] for side in range(count)]

    def partners(self, seat: int) -> list[int]:
        """The other seats on `seat`'s side."""
        return [s for s in self.seats if s != seat and self.side_of(s) == self.side_of(seat)]

    def opponents(self, seat: int) -> list[int]:
        """Seats on other sides, clockwise from `seat`'s left."""
        side = self.side_of(seat)
        return self.clockwise_from(seat, skip=lambda s: self.side_of(s) == side)

    def others(self, seat: int) -> list[int]:
        """Every other seat, clockwise from `seat`'s left."""
        return self.clockwise_from(seat)


def __getattr__(name: str) -> Any:
    # `Table`, Seating's first name, is looked up here so that using it warns once per place it is used.
    if name != "Table":
        raise AttributeError(f"module 'muggins.seats' has no attribute {name!r}")
    caller, level = sys._getframe(1), 2
    while caller is not None and caller.f_globals.get("__name__") == "muggins":  # `from muggins import Table`: warn its importer
        caller, level = caller.f_back, level + 1
    warnings.warn("Table is now called Seating (muggins.Seating, the same class); the name Table keeps working", DeprecationWarning, stacklevel=level)
    return Seating
