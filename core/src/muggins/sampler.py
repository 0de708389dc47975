"""The sealed sampler: the one way a player may draw on the match it plays in, as imagined worlds.

A search player needs states to search, but no player may see the real
state (players get a view and a decision). So a player that declares
`wants_sampler = True` is handed, once per match by `Match` (and by the
contract kit's walk), a `SeatSampler` through its `bind(sampler)`: an
object whose only use is `sample(rng)`, a fresh `State.determinize(seat,
rng)` of the match as it stands, in which everything hidden from the seat
is dealt afresh and the seed of future deals replaced. Nothing here is
imported unless a seated player asks for a sampler.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

__all__ = ["SeatSampler", "bind_samplers", "wants_sampler"]


class SeatSampler:
    """Draws worlds consistent with what one seat sees of one match: `sample(rng)`, and nothing else."""

    __slots__ = ("_draw",)

    def __init__(self, state: Any, seat: int) -> None:
        def draw(rng: random.Random) -> Any:
            return state.determinize(seat, rng)

        # Kept in a closure rather than as attributes, so the state is not one attribute away.
        self._draw = draw

    def sample(self, rng: random.Random) -> Any:
        """A new state in which the cards hidden from the seat are dealt afresh by `rng` and the seed replaced."""
        return self._draw(rng)


def wants_sampler(player: Any) -> bool:
    """Whether `player` declares `wants_sampler` (a plain class attribute, read once per match)."""
    return bool(getattr(player, "wants_sampler", False))


def bind_samplers(players: Sequence[Any], state: Any) -> None:
    """Hand each player that wants one a `SeatSampler` of `state` for its seat."""
    for seat, player in enumerate(players):
        if wants_sampler(player):
            player.bind(SeatSampler(state, seat))
