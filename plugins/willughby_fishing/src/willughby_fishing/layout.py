"""The fishing table as data for a front end that draws cards: `table_layout(view, seat)` and `choice_move(action)`.

Everything comes from the seat's view: each hand (the seat's own face up,
the others as backs with their size), the table's cards (the layout, and
any hand laid down on it), each seat's collection face up (every capture
and claim is made openly), and the chips as counters: each seat's ledger
and the pot. A capture plays its hand card onto the table, which takes it
and what it captures into the capturer's collection; lying down, claims and
passes move no single card. The game is played for chips, not to a target,
so it has no score track. Labels are in the player's language (the game's
catalogue); ids and codes never are.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import Action
from muggins.i18n import translator

from .state import CODES, Capture

# The game's catalogue, taken here rather than from game.py: the layout is imported on its own by front ends.
_translator = translator("willughby_fishing", package_file=__file__)
_, pgettext = _translator.gettext, _translator.pgettext

__all__ = ["table_layout", "choice_move"]


def _zone(id: str, kind: str, label: str, owner: int | None, cards: list[str] | None, count: int) -> dict[str, Any]:
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def table_layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The zones (hands, the table, collections) and counters (each seat's chips, the pot) of the fishing table for `seat`."""
    zones = []
    for s, size in enumerate(view["hand_sizes"]):
        mine = s == seat
        zones.append(_zone(f"hand:{s}", "hand", _("Your hand") if mine else pgettext("list", "seat {seat}").format(seat=s), s, list(view["hand"]) if mine else None, size))
    field = view["field"]
    zones.append(_zone("table", "field", _("the table"), None, list(field), len(field)))
    for s, collected in enumerate(view["collections"]):
        zones.append(_zone(f"collection:{s}", "collection", _("Your collection") if s == seat else _("seat {seat}'s collection").format(seat=s), s,
                           list(collected), len(collected)))
    counters = [{"id": f"chips:{s}", "label": _("chips"), "owner": s, "value": chips} for s, chips in enumerate(view["ledger"])]
    counters.append({"id": "pot", "label": _("the pot"), "owner": None, "value": view["pot"]})
    return {"zones": zones, "counters": counters, "track": None}


def choice_move(action: Action) -> tuple[str, str | None] | None:
    """A capture plays its (first) hand card onto the table; anything else moves no single card."""
    if isinstance(action, Capture):
        return CODES[action.played[0]], "table"
    return None
