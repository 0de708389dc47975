"""What a player of the shedding game reads and a front end draws: the game's presenter.

This module owns `SheddingPresenter`, the `muggins.presenter.Presenter`
`SheddingGame` names: `narration` (each event as a value worded when read,
`muggins_shedding.narration`), `render` (the table for a human: every
common top, every discard top with stock sizes, the exposed card, each
destination numbered as in the play menu, numbers padded alike when there
are ten or more, the hands won in words, a line for each house rule a
plugin changed), `glance` (every pile top on two lines, numbered as in the
play menu, which a terminal player prints under each window's move so the
placement can be judged without the whole table), `compared`, `standings`
(the end-of-hand banner a terminal player frames and pauses on),
`describe_rules` (the house rules in force in one line), and `layout` and
`choice_move` (`muggins_shedding.layout`). Every word goes through the
game's own catalogue (domain `muggins_shedding`).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from muggins.i18n import translator
from muggins.presenter import Presenter
from muggins.typography import apart
from muggins.wording import rank_word

from . import narration as told
from .houserules import STANDARD_ORDER, order_to_data
from .order_words import order_text

__all__ = ["SheddingPresenter", "pairs_text", "standings_text"]

_STANDARD_ORDER = order_to_data(STANDARD_ORDER)

_translator = translator("muggins_shedding", package_file=__file__)
_, ngettext = _translator.gettext, _translator.ngettext


def _rank(r: int) -> str:
    """A rank's letter as a player reads it: in French V, D, R (valet, dame, roi); the codes typed stay as documented."""
    return rank_word(r)


def _card(code: str | None) -> str:
    """A card as a player reads it: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`)."""
    return told.card(code).words()


def _name(s: int, viewer: int | None) -> str:
    """A seat in a list or table: `you`, `seat 2`."""
    return told.name(s, viewer).words()


def standings_text(wins: Iterable[int], viewer: int | None) -> str:
    """`you: 0 hands · seat 1: 1 hand · seat 2: 0 hands`: hands won per seat, in words."""
    return told.standings(wins, viewer).words()


def pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{_rank(a)}–{_rank(b)}" for a, b in pairs)


class SheddingPresenter(Presenter):
    """The shedding game's narration, table, glance and banners, in the player's language."""

    #: What each event tells a seat, as a value worded when read (the narration module's, called as it is).
    narration = staticmethod(told.narration)

    def describe_rules(self, rules: SheddingRules, players: int) -> str:
        """`penalty 2 cards from each donor; K–A touch; a fitting card goes to: …`, or the standard game's words."""
        house = self.game.house_rules(rules, players)
        parts = [ngettext("penalty {n} card from each donor", "penalty {n} cards from each donor", house.penalty).format(n=house.penalty)]
        if house.adjacent:
            parts.append(_("{pairs} touch").format(pairs=pairs_text(house.adjacent)))
        if house.parted:
            parts.append(_("{pairs} do not touch").format(pairs=pairs_text(house.parted)))
        if not house.standard_order:
            parts.append(_("a fitting card goes to {order}").format(order=order_text(house.order)))
        return apart("; ").join(parts)

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n = view["players"]
        k = len(view["commons"])
        lines = [
            _("Hand {hand} of {hands} · dealer seat {dealer} · cards turned: {exposures} (a draw at {limit})").format(
                hand=view["hand"] + 1, hands=view["hands"], dealer=view["dealer"], exposures=view["exposures"], limit=view["turn_limit"]),
            _("Hands won: {standings}").format(standings=standings_text(view["wins"], seat)),
        ]
        if view.get("adjacent_extra"):
            lines.append(_("House rule: also touching {pairs}").format(pairs=pairs_text(view["adjacent_extra"])))
        if view.get("adjacent_parted"):
            lines.append(_("House rule: no longer touching {pairs}").format(pairs=pairs_text(view["adjacent_parted"])))
        order = view.get("destination_order")
        if order and order != _STANDARD_ORDER:
            lines.append(_("House rule: place on {order}").format(order=order_text(order)))
        penalty = view.get("penalty_cards", 1)
        if penalty != 1:
            lines.append(_("House rule: no penalty cards on an upheld Muggins") if penalty == 0 else
                         ngettext("House rule: each other player gives {n} penalty card on an upheld Muggins",
                                  "House rule: each other player gives {n} penalty cards on an upheld Muggins", penalty).format(n=penalty))
        # With ten or more destinations the numbers take two digits: pad them all alike so the rows line up.
        number_width = len(f"[{k + n}]")
        commons = "  ".join(f"[{j + 1}] {_card(top)} ({size})" for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])))
        lines.append(_("Common piles:  {commons}").format(commons=commons))
        lines.append(_("Discards (top, cards) and closed stocks:"))
        names = [_name(s, seat) for s in range(n)]
        # Each language's seat names have their own length: the column is as wide as the longest (at least 7, as ever).
        name_width = max(7, *(len(name) for name in names))
        for s in range(n):
            size = view["discard_sizes"][s]
            top = _card(view["discards"][s]) if size else _("empty")
            turn = _("  ← to play") if s == view["mover"] and view["phase"] in ("play", "correct") else ""
            number = f"[{k + s + 1}]".rjust(number_width)
            lines.append(_("  {number} {who}: {top} ({size})   stock {stock}{turn}").format(
                number=number, who=names[s].rjust(name_width), top=top.rjust(5), size=size, stock=view["stock_sizes"][s], turn=turn))
        if view["phase"] == "play" and view["exposed"]:
            if view["mover"] == seat:
                lines.append(_("You turned {card}.").format(card=_card(view["exposed"])))
            else:
                lines.append(_("Seat {seat} turned {card}.").format(seat=view["mover"], card=_card(view["exposed"])))
        elif view["phase"] == "correct" and view["exposed"]:
            if order in (None, _STANDARD_ORDER):
                lines.append(_("Muggins! {card} must go on a fitting common pile.").format(card=_card(view["exposed"])))
            else:
                lines.append(_("Muggins! {card} must go on one of the fitting piles.").format(card=_card(view["exposed"])))
        last = view.get("last")
        if last:
            # Worded as the narration words it, so a player printing both can tell they say the same.
            placed = self.describe({"type": "place", "seat": view["mover"], "card": last["card"], "pile": last["pile"], "on": last["under"]}, seat) or ""
            lines.append(placed[0].upper() + placed[1:])
        return "\n".join(lines)

    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """Every pile top, numbered as in the play menu: what a placement is judged by, for a terminal player's window."""
        k = len(view["commons"])
        commons = "  ".join(f"[{j + 1}] {_card(top)}" for j, top in enumerate(view["commons"]))
        discards = "  ".join(
            f"[{k + s + 1}] {_name(s, seat)} {_card(view['discards'][s]) if view['discard_sizes'][s] else _('empty')}"
            for s in range(view["players"]))
        return [_("Common piles: {commons}").format(commons=commons), _("Discards: {discards}").format(discards=discards)]

    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """Every pile a placement is judged against (the commons, then each discard in turn), for the terminal's default pace."""
        return len(view["commons"]) + view["players"]

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`muggins_shedding.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The turned card a placement or correction moves, and the pile's zone (`muggins_shedding.layout`)."""
        from .layout import choice_move

        return choice_move(action)

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The end-of-hand banner for a terminal player: the hand's outcome and the hands won so far."""
        kind = event["type"]
        if kind == "win":
            if event["seat"] == seat:
                head = _("Hand {hand} goes to you.").format(hand=event["hand"] + 1)
            else:
                head = _("Hand {hand} goes to seat {seat}.").format(hand=event["hand"] + 1, seat=event["seat"])
        elif kind == "draw":
            head = _("Hand {hand} is drawn: nobody scores.").format(hand=event["hand"] + 1)
        else:
            return None
        # The draw event carries no tally (older records lack it): its banner says the hand alone.
        return [head, _("Hands won: {standings}").format(standings=standings_text(event["wins"], seat))] if "wins" in event else [head]
