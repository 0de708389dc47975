"""The cribbage table as data for a front end that draws cards: `table_layout(view, seat)` and `choice_move(action)`.

Everything comes from the seat's view: each hand (the seat's own face up,
the unplayed cards while pegging; another seat's as backs until its show
turns it up), the crib (backs until it is shown; its owner is the dealer),
the starter once cut, and the field (the cards of the count being pegged,
in the order played: earlier counts are turned down and leave the table).
The scores are counters and a track to the target (per seat, or per side
of a partnership, keyed by its seats as `0+2`) drawn as a peg board: 61
holes for a game to 61 or less, 121 for a longer one, each side's front
peg at its score and its back peg at its score before its last points.
The running count is a counter while pegging. A pegging play moves its card to the field; laying
cards away moves them to the crib (one card, or both at once with two
players: a front end has the seat tap the two cards). Labels are in the
player's language (the game's catalogue); ids and codes never are.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins import Action
from muggins.actions import Move
from muggins.i18n import translator

# The game's catalogue, taken here rather than from game.py: the layout is imported on its own by front ends.
_translator = translator("cribbage_muggins", package_file=__file__)
_, pgettext = _translator.gettext, _translator.pgettext

__all__ = ["table_layout", "choice_move", "side_key", "board_holes"]


def side_key(seats: Sequence[int]) -> str:
    """A side's key in the track and its score counter's id: the seat alone (`1`), or a partnership's seats (`0+2`)."""
    return "+".join(map(str, seats))


def board_holes(target: int) -> int:
    """The holes of the board a game to `target` is pegged on: the short board (61) up to 61, the long one (121) beyond; a longer game goes round again."""
    return 61 if target <= 61 else 121


def _zone(id: str, kind: str, label: str, owner: int | None, cards: list[str] | None, count: int) -> dict[str, Any]:
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def _side_label(seats: Sequence[int], seat: int | None) -> str:
    if len(seats) == 1:
        return _("score")
    if seat in seats:
        return _("score, you and seat {seat}").format(seat=" ".join(str(s) for s in seats if s != seat))
    return _("score, seats {seats}").format(seats=_(" and ").join(map(str, seats)))


def table_layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The zones (hands, crib, starter, field), counters (scores, the count while pegging) and score track of the cribbage table for `seat`."""
    n, phase = view["players"], view["phase"]
    pegging = phase == "peg"
    zones = []
    for s in range(n):
        shown = view["shown"].get(str(s))
        if s == seat:
            cards: list[str] | None = list(view["hand"])
            count = len(cards)
        elif shown is not None:
            cards, count = list(shown), len(shown)
        else:
            # A hand still held: the cards it has not played while pegging, all of them again for the show.
            cards, count = None, view["cards_left"][s] + (0 if pegging else len(view["played"][s]))
        zones.append(_zone(f"hand:{s}", "hand", _("Your hand") if s == seat else pgettext("list", "seat {seat}").format(seat=s), s, cards, count))
    dealer = view["dealer"]
    crib = view.get("crib")
    zones.append(_zone("crib", "crib", _("Your crib") if dealer == seat else _("seat {seat}'s crib").format(seat=dealer), dealer,
                       None if crib is None else list(crib), view["crib_size"]))
    starter = view["starter"]
    zones.append(_zone("starter", "starter", _("the starter"), None, [starter] if starter else [], 1 if starter else 0))
    field = list(view["sequence"]) if pegging else []
    zones.append(_zone("field", "field", _("the count's cards"), None, field, len(field)))
    sides = view["sides"]
    keys = [side_key(side) for side in sides]
    counters = [{"id": f"score:{key}", "label": _side_label(side, seat), "owner": side[0] if len(side) == 1 else None, "value": points}
                for key, side, points in zip(keys, sides, view["scores"])]
    if pegging:
        counters.append({"id": "count", "label": _("the count"), "owner": None, "value": view["count"]})
    target = view["target"]
    backs = view.get("back_pegs", view["scores"])  # a view made before the back pegs: both pegs in one hole
    track = {"target": target, "scores": dict(zip(keys, view["scores"])), "style": "pegs", "holes": board_holes(target),
             "pegs": {key: {"front": front, "back": back} for key, front, back in zip(keys, view["scores"], backs)}}
    return {"zones": zones, "counters": counters, "track": track}


def choice_move(action: Action) -> tuple[Any, str | None] | None:
    """A pegging play moves its card to the field; a lay-away its card, or its two cards at once, to the crib; anything else moves none."""
    if not isinstance(action, Move):
        return None
    data = action.data
    if action.text.startswith("play "):
        return data.code, "field"
    if action.text.startswith("discard "):
        if len(data) == 1:
            return data[0].code, "crib"
        return tuple(card.code for card in data), "crib"
    return None
