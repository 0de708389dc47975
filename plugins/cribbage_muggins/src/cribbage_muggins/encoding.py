"""The cribbage table as the research adapters' observation: `CribbageEncoding`, the game's `rl_encoding`.

It owns one thing: reading the zones and counters of `LayoutEncoding`
straight from the seat's view (each hand, the crib, the starter, the
count's cards; each side's score and the count while pegging), without
building the layout's labels and peg board, so an environment step costs
less. The vector is the one `LayoutEncoding` reads from
`cribbage_muggins.layout.table_layout`, element for element
(tests/test_rl_observations.py compares them at every step); a game whose
layout is not that one (a subclass, another presenter) is encoded from its
layout, as any game is.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.observation import LayoutEncoding

from .layout import side_key

__all__ = ["CribbageEncoding"]


class CribbageEncoding(LayoutEncoding):
    """`LayoutEncoding` of the cribbage table, its zones and counters read from the view directly."""

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        from .game import CribbageGame
        from .presenter import CribbagePresenter

        self._direct = self.reads_its_layout(CribbageGame, CribbagePresenter)
        self._seat_keys = [str(s) for s in range(self.players)]
        # The places `cells` writes, by the owner counted from the seat (slot `players`: nobody's).
        n = self.players
        self._hands = [self.card_places("hand", slot) for slot in range(n)]
        self._hand_counts = [self.count_place("hand", slot) for slot in range(n)]
        self._cribs = [self.card_places("crib", slot) for slot in range(n)]
        self._crib_counts = [self.count_place("crib", slot) for slot in range(n)]
        self._starter, self._starter_count = self.card_places("starter", n), self.count_place("starter", n)
        self._field, self._field_count = self.card_places("field", n), self.count_place("field", n)
        self._count = self.counter_place("count")

    def table(self, view: Mapping[str, Any], seat: int) -> tuple[Any, Any]:
        if not self._direct:
            return super().table(view, seat)
        pegging = view["phase"] == "peg"
        shown_hands, cards_left, played = view["shown"], view["cards_left"], view["played"]
        zones = []
        for s in range(view["players"]):
            shown = shown_hands.get(self._seat_keys[s]) if shown_hands else None
            if s == seat:
                hand = view["hand"]
                zones.append(("hand", s, hand, len(hand)))
            elif shown is not None:
                zones.append(("hand", s, shown, len(shown)))
            else:  # a hand still held: the cards it has not played while pegging, all of them again for the show
                zones.append(("hand", s, None, cards_left[s] + (0 if pegging else len(played[s]))))
        zones.append(("crib", view["dealer"], view.get("crib"), view["crib_size"]))
        starter = view["starter"]
        zones.append(("starter", None, [starter] if starter else [], 1 if starter else 0))
        field = view["sequence"] if pegging else []
        zones.append(("field", None, field, len(field)))
        counters = [(f"score:{side_key(side)}", side[0] if len(side) == 1 else None, points) for side, points in zip(view["sides"], view["scores"])]
        if pegging:
            counters.append(("count", None, view["count"]))
        return zones, counters

    def cells(self, view: Mapping[str, Any], seat: int) -> tuple[list[int | None], dict[int, Any]]:
        n = self.players
        dealer = view["dealer"]
        if not self._direct or view["players"] != n or not isinstance(dealer, int):
            return super().cells(view, seat)
        pegging = view["phase"] == "peg"
        shown_hands, cards_left, played = view["shown"], view["cards_left"], view["played"]
        placed: list[int | None] = []
        written: dict[int, Any] = {}
        for s in range(n):
            slot = (s - seat) % n
            shown = view["hand"] if s == seat else shown_hands.get(self._seat_keys[s]) if shown_hands else None
            if shown is not None:
                placed += map(self._hands[slot].get, shown)
                written[self._hand_counts[slot]] = len(shown)
            else:  # a hand still held: the cards it has not played while pegging, all of them again for the show
                written[self._hand_counts[slot]] = cards_left[s] + (0 if pegging else len(played[s]))
        slot = (dealer - seat) % n
        crib = view.get("crib")
        if crib:
            placed += map(self._cribs[slot].get, crib)
        written[self._crib_counts[slot]] = view["crib_size"]
        starter = view["starter"]
        if starter:
            placed.append(self._starter.get(starter))
        written[self._starter_count] = 1 if starter else 0
        field = view["sequence"] if pegging else ()
        placed += map(self._field.get, field)
        written[self._field_count] = len(field)
        for side, points in zip(view["sides"], view["scores"]):
            place = self.counter_place("score", (side[0] - seat) % n) if len(side) == 1 else self.counter_place(f"score:{side_key(side)}")
            if place is not None and self.counted(points):
                written[place] = points
        if pegging and self._count is not None and self.counted(view["count"]):
            written[self._count] = view["count"]
        return placed, written
