"""The shedding table as data for a front end that draws cards: `table_layout(view, seat)` and `choice_move(action)`.

Everything comes from the view, which is the same for every seat (nobody
sees a stock, not even its owner): each seat's hand (the card it has just
turned up, while it is to place it), its closed stock ("paquet fermé") as
backs with their count, its own discard with the top card face up; the
common piles with their tops; the card a disputed placement covers, face up
under it while the window is open (everyone saw it a moment ago); and the
hands won as counters. A placement or a correction moves the turned card to
a pile, named as the zone `common:J` or `discard:S` (the pile's own name,
`common 2`, with a colon). The game has no target, so no score track.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import Action

from muggins.i18n import translator

from .state import Correct, Place

__all__ = ["table_layout", "choice_move", "zone_of_pile"]

# The game's catalogue, as game.py has it (one translator per domain): the labels are words a player reads.
_ = translator("muggins_shedding", package_file=__file__).gettext


def zone_of_pile(pile: str) -> str:
    """The layout zone of a pile the rules name (`common 2` -> `common:2`, `discard 3` -> `discard:3`)."""
    return pile.replace(" ", ":", 1)


def _zone(id: str, kind: str, label: str, owner: int | None, cards: list[str] | None, count: int) -> dict[str, Any]:
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def _stock_label(s: int, seat: int | None) -> str:
    return _("Your closed stock") if s == seat else _("seat {seat}'s closed stock").format(seat=s)


def _discard_label(s: int, seat: int | None) -> str:
    return _("Your discard") if s == seat else _("seat {seat}'s discard").format(seat=s)


def table_layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The zones (hands, stocks, discards, common piles) and counters (hands won, cards turned) of the shedding table for `seat`."""
    last = view.get("last")
    # While a placement is disputed the card it covers is in sight too: that pile shows it under the new top.
    covered = (zone_of_pile(last["pile"]), last["under"]) if last and last.get("under") else (None, None)
    mover, exposed = view["mover"], view["exposed"]

    def pile(id: str, top: str | None, size: int) -> list[str]:
        if not size or top is None:
            return []
        return [covered[1], top] if id == covered[0] else [top]

    zones = []
    for s in range(view["players"]):
        turned = [exposed] if s == mover and exposed else []
        zones.append(_zone(f"hand:{s}", "hand", _("Your hand") if s == seat else _("seat {seat}").format(seat=s), s, turned, len(turned)))
        zones.append(_zone(f"stock:{s}", "pile", _stock_label(s, seat), s, None, view["stock_sizes"][s]))
        id = f"discard:{s}"
        zones.append(_zone(id, "pile", _discard_label(s, seat), s, pile(id, view["discards"][s], view["discard_sizes"][s]),
                           view["discard_sizes"][s]))
    for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])):
        id = f"common:{j + 1}"
        zones.append(_zone(id, "pile", _("common pile {number}").format(number=j + 1), None, pile(id, top, size), size))
    counters = [{"id": f"wins:{s}", "label": _("hands won"), "owner": s, "value": wins} for s, wins in enumerate(view["wins"])]
    counters.append({"id": "exposures", "label": _("cards turned this hand (a draw at {limit})").format(limit=view["turn_limit"]), "owner": None,
                     "value": view["exposures"]})
    return {"zones": zones, "counters": counters, "track": None}


def choice_move(action: Action) -> tuple[str, str | None] | None:
    """A placement or a correction moves the turned card to its pile; a pass or a call moves none."""
    if isinstance(action, (Place, Correct)):
        return action.card.code, zone_of_pile(action.pile)
    return None
