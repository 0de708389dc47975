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

        self._direct = type(game).layout is SheddingGame.layout and type(game.presenter()).layout is SheddingPresenter.layout
        self._wins = [f"wins:{s}" for s in range(self.players)]

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
