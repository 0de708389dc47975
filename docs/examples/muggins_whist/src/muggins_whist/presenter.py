"""Muggins Whist: what a player reads and what a front end draws, from a seat's view alone.

This module owns `WhistPresenter`: the table as text (`render`), one line
per event (`narration`, kept as a `muggins.presenter.Said` until a front
end words it in its reader's language), and the table as data for the
browser (`layout`: each hand, the turned-up trump while the dealer holds
it (shown to the others: the dealer has it in hand), the trick in play,
the trumps and each side's tricks as counters, the score track to the
target by side; `choice_move`: a card played goes to the trick). Every
word goes through the game's catalogue (domain `muggins_whist`, in
`locale/`).
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.actions import Move
from muggins.i18n import translator
from muggins.presenter import Joined, Presenter, Said, Sayings, card_word

__all__ = ["SUIT_SIGNS", "WhistPresenter"]

_translator = translator("muggins_whist", package_file=__file__)
_sayings = Sayings(_translator)
_, ngettext = _sayings.said, _sayings.nsaid

SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _seat(seat: int, viewer: int | None) -> Said:
    return _("you") if seat == viewer else _("seat {seat}", seat=seat)


def _side(side: int, viewer: int | None) -> Said:
    """`your side` and `the other side` for a player; `seats 0 and 2` for a spectator (partners sit opposite)."""
    if viewer is None:
        return _("seats {first} and {second}", first=side, second=side + 2)
    return _("your side") if viewer % 2 == side else _("the other side")


def _by_side(values: Any, viewer: int | None) -> Joined:
    return Joined(tuple(_("{side}: {value}", side=_side(s, viewer), value=v) for s, v in enumerate(values)), " · ")


def _cards(codes: Any) -> Joined:
    return Joined(tuple(card_word(code) for code in codes), " ")


class WhistPresenter(Presenter):
    """The table as text, the narration and the layout, for any seat or a spectator."""

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        trumps = SUIT_SIGNS[view["trumps"]]
        lines = [_("Deal {deal}, dealt by {dealer}; trumps {suit}", deal=view["deal"] + 1, dealer=_seat(view["dealer"], seat), suit=trumps)]
        if view["turn_up"]:
            lines.append(_("The dealer holds the turned-up {card}.", card=card_word(view["turn_up"])))
        trick = Joined(tuple(_("{seat} {card}", seat=_seat(p["seat"], seat), card=card_word(p["card"])) for p in view["trick"]), " · ")
        lines.append(_("Trick: {cards}", cards=trick) if view["trick"] else _("{seat} to lead", seat=_seat(view["leader"], seat)))
        lines.append(_("Tricks this hand: {tricks}", tricks=_by_side(view["tricks"], seat)))
        lines.append(_("Score: {scores} (game to {target})", scores=_by_side(view["scores"], seat), target=view["target"]))
        if seat is not None:
            lines.append(_("Your hand: {cards}", cards=_cards(view["hand"])))
        return "\n".join(line.words() for line in lines)

    def narration(self, event: Mapping[str, Any], seat: int | None) -> Said | None:
        kind = event["type"]
        if kind == "deal":
            return _("Deal {deal}, dealt by {dealer}: trumps {suit}, the {card} turned up.", deal=event["deal"] + 1,
                     dealer=_seat(event["dealer"], seat), suit=SUIT_SIGNS[event["trumps"]], card=card_word(event["turn_up"]))
        if kind == "hand":
            return _("Your hand: {cards}", cards=_cards(event["cards"])) if event["seat"] == seat else None
        if kind == "play":
            if event["seat"] == seat:
                return _("You play {card}.", card=card_word(event["card"]))
            return _("Seat {seat} plays {card}.", seat=event["seat"], card=card_word(event["card"]))
        if kind == "trick":
            return _("You take the trick.") if event["winner"] == seat else _("Seat {seat} takes the trick.", seat=event["winner"])
        if kind == "pass":  # only a proved revoke's window asks anything but a card
            return _("You let the revoke stand.") if event["seat"] == seat else _("Seat {seat} lets the revoke stand.", seat=event["seat"])
        if kind == "later_claim_lodged":
            return _("Revoke called by {caller} on the {card} played by {actor}: it waits for the proof or the end of the hand.",
                     caller=_seat(event["seat"], seat), card=card_word(event["subject"]["card"]), actor=_seat(event["actor"], seat))
        if kind == "later_claim_settled":
            card, actor = card_word(event["subject"]["card"]), _seat(event["actor"], seat)
            if event["supported"]:
                points = event["scored"]
                return ngettext("Revoke proved: the {card} played by {actor} did not follow {suit}; {points} point to {side}.",
                                "Revoke proved: the {card} played by {actor} did not follow {suit}; {points} points to {side}.", points,
                                card=card, actor=actor, suit=SUIT_SIGNS[event["subject"]["led"]], points=points, side=_side(event["seat"] % 2, seat))
            points = event["scored"]
            return ngettext("False revoke: the {card} played by {actor} was none (void in the suit); {points} point to {side}.",
                            "False revoke: the {card} played by {actor} was none (void in the suit); {points} points to {side}.", points,
                            card=card, actor=actor, points=points, side=_side(event["actor"] % 2, seat))
        if kind == "hand_over":
            return _("End of the hand, tricks: {tricks}; {points} to {side} (tricks over six). Score: {scores}.", tricks=_by_side(event["tricks"], seat),
                     points=event["points"], side=_side(event["side"], seat), scores=_by_side(event["scores"], seat))
        if kind == "game_over":
            return _("Game to {side}: {scores}.", side=_side(event["winners"][0] % 2, seat), scores=_by_side(event["scores"], seat))
        return None

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        zones = [{"id": f"hand:{s}", "kind": "hand", "label": _seat(s, seat).words(), "owner": s,
                  "cards": list(view["hand"]) if s == seat else None, "count": size} for s, size in enumerate(view["hand_sizes"])]
        if view["turn_up"] and seat != view["dealer"]:  # the dealer has it in hand: one card, one place to tap it
            zones.append({"id": "turn_up", "kind": "starter", "label": _("turned up (the dealer's)").words(), "owner": None,
                          "cards": [view["turn_up"]], "count": 1})
        trick = [p["card"] for p in view["trick"]]
        zones.append({"id": "trick", "kind": "field", "label": _("the trick").words(), "owner": None, "cards": trick, "count": len(trick)})
        counters = [{"id": "trumps", "label": _("trumps").words(), "owner": None, "value": SUIT_SIGNS[view["trumps"]]}]
        counters += [{"id": f"tricks:{s}+{s + 2}", "label": _("tricks, {side}", side=_side(s, seat)).words(), "owner": None, "value": n}
                     for s, n in enumerate(view["tricks"])]
        return {"zones": zones, "counters": counters,
                "track": {"target": view["target"], "scores": {f"{s}+{s + 2}": p for s, p in enumerate(view["scores"])}}}

    def choice_move(self, action: Any) -> tuple[str, str] | None:
        return (str(action)[5:], "trick") if isinstance(action, Move) and str(action).startswith("play ") else None
