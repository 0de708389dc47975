"""The fishing table as the research adapters' observation: `FishingEncoding`, the game's `rl_encoding`.

It owns one thing: reading the zones and counters of `LayoutEncoding`
straight from the seat's view (each hand, the table's cards, each
collection; each seat's chips and the pot), without building the layout's
labels, so an environment step costs less. The vector is the one
`LayoutEncoding` reads from `willughby_fishing.layout.table_layout`, element
for element (tests/test_rl_observations.py compares them at every step);
a game whose layout is not that one (a subclass, another presenter) is
encoded from its layout, as any game is.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.observation import LayoutEncoding

__all__ = ["FishingEncoding"]


class FishingEncoding(LayoutEncoding):
    """`LayoutEncoding` of the fishing table, its zones and counters read from the view directly."""

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        from .game import FishingGame
        from .presenter import FishingPresenter

        self._direct = type(game).layout is FishingGame.layout and type(game.presenter()).layout is FishingPresenter.layout
        self._chips = [f"chips:{s}" for s in range(self.players)]

    def table(self, view: Mapping[str, Any], seat: int) -> tuple[Any, Any]:
        if not self._direct:
            return super().table(view, seat)
        hand = view["hand"]
        zones = [("hand", s, hand if s == seat else None, size) for s, size in enumerate(view["hand_sizes"])]
        field = view["field"]
        zones.append(("field", None, field, len(field)))
        zones.extend(("collection", s, collected, len(collected)) for s, collected in enumerate(view["collections"]))
        counters = list(zip(self._chips, range(len(self._chips)), view["ledger"]))
        counters.append(("pot", None, view["pot"]))
        return zones, counters
