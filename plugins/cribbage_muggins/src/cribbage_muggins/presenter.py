"""What a cribbage player reads and a front end draws: the game's presenter.

This module owns `CribbagePresenter`, the `muggins.presenter.Presenter`
`CribbageGame` names: `narration` (each event as a value worded when read,
`cribbage_muggins.narration`), `render` (the scores per side in words, the
starter, one row per seat with a `←` on the seat to act, the running count
and its cards while pegging, the seat's own hand sorted, its cards in the
crib, the shown hands and crib, the count on the table worded as its
narration so a terminal prints it once), `standings` (the banner at the end
of each deal, hung on the next deal's event because that is the first to
carry the scores after the crib, and at game over: winner, final scores,
skunks), `describe_rules` (the target, the lines and the scoring a match
plays by, with the house-rule plugins that set them), and `layout` and
`choice_move` (`cribbage_muggins.layout`). It also owns the text forms of
the narration's pieces the rest of the plugin reads (`scores_text`,
`breakdown_text`, `side_name`). Every word goes through the game's own
catalogue (domain `cribbage_muggins`).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from muggins.i18n import N_, translator
from muggins.presenter import Presenter

from . import narration as told

__all__ = ["CribbagePresenter", "breakdown_lines", "breakdown_text", "scores_text", "side_name"]

_translator = translator("cribbage_muggins", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"discard": N_("to lay away"), "peg": N_("to play"), "count": N_("to count"), "respond": N_("to answer")}


def _item(name: str) -> str:
    """A scoring item's name as a player reads it: `fifteen`, `run of 4`; an unknown name (a house rule's) as it is."""
    return str(told.item(name))


def _card(code: str | None) -> str:
    """A card as a player reads it: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`)."""
    return told.card(code).words()


def _cards(codes: Any) -> str:
    return told.cards(codes).words()


def _sorted_cards(codes: Iterable[str]) -> str:
    return told.sorted_cards(codes).words()


def _name(seat: int, viewer: int | None) -> str:
    """A seat in a list or on a row: `you`, `seat 1`."""
    return told.name(seat, viewer).words()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def side_name(seats: Sequence[int], viewer: int | None, *, subject: bool = False) -> str:
    """`you`, `seat 1`, `you and seat 2`, `seats 1 and 3`; as a sentence's subject, French puts the article in."""
    return told.side_name(seats, viewer, subject=subject).words()


def scores_text(scores: Sequence[int], players: int, viewer: int | None) -> str:
    """`you: 61 · seat 1: 58`, or for partnerships `you and seat 2: 61 · seats 1 and 3: 58`."""
    return told.scores(scores, players, viewer).words()


def breakdown_lines(items: Any) -> list[str]:
    """Each scoring item of a show breakdown as `fifteen 2 (5♥ J♣)`; the pairs of one rank as one pair royal."""
    return [line.words() for line in told.breakdown_lines(items)]


def breakdown_text(items: Any) -> str:
    """The breakdown on one line: `fifteen 2 (5♦ K♣) · pair 2 (6♥ 6♠) · … = 14`, or `nothing scores`."""
    return told.breakdown(items).words()


def _skunk_text(event: Mapping[str, Any], viewer: int | None) -> str:
    """`seat 1 is skunked (under 91)`, `seats 1 and 3 are double-skunked (under 61)`, or "" when nobody was."""
    found = told.skunks(event, viewer)
    return "" if found is None else found.words()


def _person(seats: Sequence[int], viewer: int | None, you: str, one: str, many: str) -> str:
    """The wording for a side: the viewer's (`you`, `you and seat 2`), one other seat, or several."""
    if viewer in seats:
        return you
    return one if len(seats) == 1 else many


def _won_text(winners: Sequence[int], seat: int | None) -> str:
    """`Game over: you win.`, `Game over: seats 1 and 3 win.`, `Game over: nobody wins.`"""
    if not winners:
        return _("Game over: nobody wins.")
    won = _person(winners, seat, pgettext("you", "Game over: {side} win."), _("Game over: {side} wins."), pgettext("they", "Game over: {side} win."))
    return won.format(side=side_name(winners, seat, subject=True))


class CribbagePresenter(Presenter):
    """Cribbage's narration, table and banners, in the player's language."""

    #: What each event tells a seat, as a value worded when read (the narration module's, called as it is).
    narration = staticmethod(told.narration)

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n, phase = view["players"], view["phase"]
        rules = []
        if view["partnerships"]:
            rules.append(_("partnerships"))
        rules.append(_("muggins") if view["muggins"] else _("shows scored automatically"))
        if view["lowball"]:
            rules.append(_("lowball: first to the target loses"))
        values = {"target": view["target"], "deal": view["deal"] + 1, "dealer": view["dealer"], "rules": ", ".join(rules)}
        if view["dealer"] == seat:
            lines = [_("Cribbage to {target} · deal {deal} · your crib · {rules}").format(**values)]
        else:
            lines = [_("Cribbage to {target} · deal {deal} · seat {dealer}'s crib · {rules}").format(**values)]
        lines.append(_("Scores: {scores}").format(scores=scores_text(view["scores"], n, seat)))
        if view["starter"]:
            lines.append(_("Starter: {card}").format(card=_card(view["starter"])))
        if phase == "peg":
            lines.append(_("Count {count}: {cards}").format(count=view["count"], cards=_cards(view["sequence"]) or _("(new count)")))
        lines.extend(self._seat_rows(view, seat))
        if seat is not None:
            lines.extend(self._own_cards(view, seat))
        if view.get("crib"):
            lines.append(_("The crib: {cards}").format(cards=_cards(view["crib"])))
        if view.get("announced"):
            a = view["announced"]
            # Worded exactly as the narration of the count, so a player printing both can tell they say the same.
            lines.append(self.describe({"type": "announce", "seat": a["seat"], "what": a["what"], "points": a["points"]}, seat) or "")
        if phase == "over" and view.get("winners") is not None:
            lines.append(_won_text(view["winners"], seat))
        return "\n".join(lines)

    def _own_cards(self, view: Mapping[str, Any], seat: int) -> list[str]:
        """The seat's hand (sorted) and the cards it laid away to a crib not yet shown."""
        lines = []
        if view["phase"] == "peg":
            lines.append(_("Your hand: {cards}").format(cards=_sorted_cards(view["hand"]) or _("(none left)")))
        elif view["hand"]:
            # Worded as the deal's narration of the hand, so a terminal prints it once.
            lines.append(_("Your cards: {cards}.").format(cards=_sorted_cards(view["hand"])))
        if view.get("laid_away") and view.get("crib") is None:
            unseen = view["crib_size"] - len(view["laid_away"])
            more = ngettext(" and {n} face down", " and {n} face down", unseen).format(n=unseen) if unseen else ""
            cards = _sorted_cards(view["laid_away"])
            if view["dealer"] == seat:
                lines.append(_("In your crib: your {cards}{more}").format(cards=cards, more=more))
            else:
                lines.append(_("In seat {dealer}'s crib: your {cards}{more}").format(dealer=view["dealer"], cards=cards, more=more))
        return lines

    def _seat_rows(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """One row per seat: dealer, partner, what it played or showed, and `← to play` on the seat to act."""
        n, phase = view["players"], view["phase"]
        names = [_name(s, seat) for s in range(n)]
        # At least as wide as the English rows always were; as wide as the longest name in a longer language.
        width = max(7, *map(len, names))
        rows = []
        for s in range(n):
            marks = []
            if s == view["dealer"]:
                marks.append(_("dealer"))
            if view["partnerships"] and seat is not None and s != seat and s % 2 == seat % 2:
                marks.append(_("your partner"))
            if phase == "peg":
                played = view["played"][s]
                marks.append(_("played {cards}").format(cards=_cards(played)) if played else _("nothing played"))
                left = view["cards_left"][s]
                marks.append(ngettext("{n} card left", "{n} cards left", left).format(n=left))
            shown = view["shown"].get(str(s))
            if shown:
                marks.append(_("hand {cards}").format(cards=_cards(shown)))
            turn = f"   ← {_(_TO_ACT[phase])}" if s == view.get("to_act") and phase in _TO_ACT else ""
            rows.append(f"  {names[s]:>{width}}" + (_(": {marks}").format(marks=" · ".join(marks)) if marks else "") + turn)
        return rows

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner after each deal (scores after the crib, who deals next) and at game over (winner, scores, skunks)."""
        kind = event["type"]
        if kind == "deal_over":
            return _deal_banner(event, seat)
        if kind == "game_over":
            return _game_banner(event, seat)
        return None

    def describe_rules(self, rules: Any, players: int) -> str:
        """`to 91 (by target_91), skunked under 61, double-skunked under 31; show: nobs 2 (by nobs2); pegging: go 2 (by go2)`."""
        house = self.game.house_rules(rules, players)
        by = house.set_by

        def whose(key: str) -> str:
            return _(" (by {plugin})").format(plugin=by[key]) if key in by else ""

        target = (_("lowball to {target}") if rules.lowball else _("to {target}")).format(target=house.target)
        parts = [target + whose("target")]
        line = house.skunk_line
        parts.append((_("skunked under {line}").format(line=line) if line is not None else _("no skunk")) + whose("skunk_line"))
        line = house.double_skunk_line
        parts.append((_("double-skunked under {line}").format(line=line) if line is not None else _("no double-skunk"))
                     + whose("double_skunk_line"))
        text = ", ".join(parts)
        for heading, table, prefix in ((_("; show: "), house.show, "show:"), (_("; pegging: "), house.peg, "peg:")):
            changes = table.changes()
            if changes:
                text += heading + ", ".join(f"{_item(item)} {points}{whose(prefix + item)}" for item, points in changes.items())
        return text

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`cribbage_muggins.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[Any, str | None] | None:
        """The card a pegging play moves, or the card or two cards a lay-away moves, and its zone (`cribbage_muggins.layout`)."""
        from .layout import choice_move

        return choice_move(action)


def _deal_banner(event: Mapping[str, Any], seat: int | None) -> list[str]:
    """The scores after the deal's crib and who deals next."""
    players = event["players"]
    dealer = event["next_dealer"]
    if dealer == seat:
        nxt = _("You deal next; the crib is yours.")
    elif seat is not None and players == 4 and len(event["scores"]) == 2 and dealer % 2 == seat % 2:
        nxt = _("Seat {seat} deals next; the crib is your partner's.").format(seat=dealer)
    else:
        nxt = _("Seat {seat} deals next; the crib is theirs.").format(seat=dealer)
    return [_("After deal {deal}: {scores}").format(deal=event["deal"] + 1, scores=scores_text(event["scores"], players, seat)), nxt]


def _game_banner(event: Mapping[str, Any], seat: int | None) -> list[str]:
    """The winner (and, in lowball, who reached the target first), the final scores and the skunks."""
    players = len(event["skunked"])
    head = _won_text(event["winners"], seat)
    if event["lowball"]:
        reached = event["reached_seats"]
        first = _person(reached, seat, pgettext("you", "{side} reached the target first (lowball)."),
                        _("{side} reached the target first (lowball)."), pgettext("they", "{side} reached the target first (lowball)."))
        head += " " + _capital(first.format(side=side_name(reached, seat, subject=True)))
    lines = [head, _("Final scores: {scores}").format(scores=scores_text(event["scores"], players, seat))]
    skunks = _skunk_text(event, seat)
    lines.append(_capital(skunks) + "." if skunks else _("No skunk."))
    return lines
