"""The shedding table as the research adapters' observation: `SheddingEncoding`, the game's `rl_encoding`.

It owns one thing: reading the zones and counters of `LayoutEncoding`
straight from the view (each seat's turned card, closed stock and discard,
the common piles, the card a disputed placement covers; the hands won and
the cards turned), without building the layout's labels, so an environment
step costs less. The vector is the one `LayoutEncoding` reads from
`muggins_shedding.layout.table_layout`, element for element
(tests/test_rl_observations.py compares them at every step); a game whose
layout is not that one (a subclass, another presenter) is encoded from its
layout, as any game is.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.observation import LayoutEncoding

from .layout import zone_of_pile

__all__ = ["SheddingEncoding"]


class SheddingEncoding(LayoutEncoding):
    """`LayoutEncoding` of the shedding table, its zones and counters read from the view directly."""

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        from .game import SheddingGame
        from .presenter import SheddingPresenter

        self._direct = self.reads_its_layout(SheddingGame, SheddingPresenter)
        self._wins = [f"wins:{s}" for s in range(self.players)]
        # The places `cells` writes, by the owner counted from the seat (every seat's `slots`: seat s is slot slots[s]).
        n = self.players
        self._slots = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self._hands = [self.card_places("hand", slot) for slot in range(n)]
        self._hand_counts = [self.count_place("hand", slot) for slot in range(n)]
        self._piles = [self.card_places("pile", slot) for slot in range(n + 1)]  # slot n: the commons, nobody's
        self._pile_counts = [self.count_place("pile", slot) for slot in range(n + 1)]
        self._win_places = [self.counter_place("wins", slot) for slot in range(n)]
        self._exposures = self.counter_place("exposures")
        self._discard_zones = [f"discard:{s}" for s in range(n)]

    def table(self, view: Mapping[str, Any], seat: int) -> tuple[Any, Any]:
        if not self._direct:
            return super().table(view, seat)
        last = view.get("last")
        # The layout's pile(): a pile's top, with the card a disputed placement covers under it (zone ids as the layout's).
        covered, under = (zone_of_pile(last["pile"]), last["under"]) if last and last.get("under") else (None, None)
        mover, exposed = view["mover"], view["exposed"]
        stocks, discards, discard_sizes = view["stock_sizes"], view["discards"], view["discard_sizes"]
        zones = []
        for s in range(view["players"]):
            turned = [exposed] if s == mover and exposed else []
            top, size = discards[s], discard_sizes[s]
            shown = [] if not size or top is None else [under, top] if covered == f"discard:{s}" else [top]
            zones += [("hand", s, turned, len(turned)), ("pile", s, None, stocks[s]), ("pile", s, shown, size)]
        for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])):
            shown = [] if not size or top is None else [under, top] if covered == f"common:{j + 1}" else [top]
            zones.append(("pile", None, shown, size))
        counters = list(zip(self._wins, range(len(self._wins)), view["wins"]))
        counters.append(("exposures", None, view["exposures"]))
        return zones, counters

    def cells(self, view: Mapping[str, Any], seat: int) -> tuple[list[int | None], dict[int, Any]]:
        if not self._direct or view["players"] != self.players:
            return super().cells(view, seat)
        last = view.get("last")
        covered, under = (zone_of_pile(last["pile"]), last["under"]) if last and last.get("under") else (None, None)
        mover, exposed = view["mover"], view["exposed"]
        stocks, discards, discard_sizes = view["stock_sizes"], view["discards"], view["discard_sizes"]
        piles, pile_counts = self._piles, self._pile_counts
        placed: list[int | None] = []
        written: dict[int, Any] = {}
        for s, slot in enumerate(self._slots[seat]):
            turned = 1 if s == mover and exposed else 0
            if turned:
                placed.append(self._hands[slot].get(exposed))
            written[self._hand_counts[slot]] = turned
            top, size = discards[s], discard_sizes[s]
            if size and top is not None:
                places = piles[slot]
                if covered == self._discard_zones[s]:
                    placed.append(places.get(under))
                placed.append(places.get(top))
            written[pile_counts[slot]] = stocks[s] + size
        commons, total = piles[self.players], 0
        for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])):
            if size and top is not None:
                if covered == f"common:{j + 1}":
                    placed.append(commons.get(under))
                placed.append(commons.get(top))
            total += size
        if view["commons"]:
            written[pile_counts[self.players]] = total
        for place, wins in zip((self._win_places[slot] for slot in self._slots[seat]), view["wins"]):
            if place is not None and self.counted(wins):
                written[place] = wins
        if self._exposures is not None and self.counted(view["exposures"]):
            written[self._exposures] = view["exposures"]
        return placed, written
