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

        self._direct = type(game).layout is CribbageGame.layout and type(game.presenter()).layout is CribbagePresenter.layout
        self._seat_keys = [str(s) for s in range(self.players)]

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
