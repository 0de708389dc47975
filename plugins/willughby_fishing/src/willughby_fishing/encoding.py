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

        self._direct = self.reads_its_layout(FishingGame, FishingPresenter)
        self._chips = [f"chips:{s}" for s in range(self.players)]
        # The places `cells` writes, by the owner counted from the seat (every seat's `slots`: seat s is slot slots[s]).
        n = self.players
        self._slots = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self._own_hand = self.card_places("hand", 0)
        self._hand_counts = [self.count_place("hand", slot) for slot in range(n)]
        self._field, self._field_count = self.card_places("field", n), self.count_place("field", n)
        self._collections = [self.card_places("collection", slot) for slot in range(n)]
        self._collection_counts = [self.count_place("collection", slot) for slot in range(n)]
        self._chip_places = [self.counter_place("chips", slot) for slot in range(n)]
        self._pot = self.counter_place("pot")

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

    def cells(self, view: Mapping[str, Any], seat: int) -> tuple[list[int | None], dict[int, Any]]:
        if not self._direct:
            return super().cells(view, seat)
        slots = self._slots[seat]
        field = view["field"]
        placed = [*map(self._own_hand.get, view["hand"]), *map(self._field.get, field)]
        written = {self._hand_counts[slot]: size for slot, size in zip(slots, view["hand_sizes"])}
        written[self._field_count] = len(field)
        collections, counts = self._collections, self._collection_counts
        for slot, collected in zip(slots, view["collections"]):
            placed += map(collections[slot].get, collected)
            written[counts[slot]] = len(collected)
        for place, value in ((self._chip_places[slot], chips) for slot, chips in zip(slots, view["ledger"])):
            if place is not None and self.counted(value):
                written[place] = value
        if self._pot is not None and self.counted(view["pot"]):
            written[self._pot] = view["pot"]
        return placed, written
