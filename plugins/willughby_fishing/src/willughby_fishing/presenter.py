"""What a player of the Willughby fishing game reads and a front end draws: the game's presenter.

This module owns `FishingPresenter`, the `muggins.presenter.Presenter`
`FishingGame` names: `narration` (each record event as a value worded when
read, `willughby_fishing.narration`), `render` (the table for a human: the
field and their hand grouped by rank, worded as their narration so a
terminal prints them once, one row per seat with its hand and collection
sizes, chips, dealer, who has lain down and a `←` on the seat to act, the
pot and the chip ledger in words), `glance` (the table and the seat's hand,
the two lines a claim window is judged by, which a terminal player prints
under the window's move), `compared`, `standings` (the banners at each
deal's settlement and at the end of the match, ranked by net chips),
`describe_rules` (the stakes, tariff and closed claims in one line), and
`layout` and `choice_move` (`willughby_fishing.layout`). Every word goes
through the game's own catalogue (domain `willughby_fishing`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins.i18n import N_, translator
from muggins.presenter import Presenter

from . import narration as told
from .terms import STANDARD_TERMS, tariff_text

__all__ = ["FishingPresenter", "ledger_text"]

_translator = translator("willughby_fishing", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"turn": N_("to play"), "hand_claim": N_("to claim from hand"), "field_claim": N_("to take the layout's fours"),
           "window": N_("to claim or let it be")}


def _name(seat: int, viewer: int | None) -> str:
    """A seat in a list or on a row: `you`, `seat 2`."""
    return told.name(seat, viewer).words()


_signed = told.signed


def _chips(n: int) -> str:
    return told.chips(n).words()


def _pairs(size: int) -> str:
    return ngettext("{n} pair", "{n} pairs", size // 2).format(n=size // 2)


def ledger_text(ledger: Sequence[int], viewer: int | None) -> str:
    """`you: +3 · seat 1: −1 · seat 2: 0 …`: each seat's net chips in words."""
    return told.ledger(ledger, viewer).words()


def _field_line(codes: Sequence[str]) -> str:
    return told.field_line(codes).words()


def _hand_line(codes: Sequence[str]) -> str:
    return told.hand_line(codes).words()


def _winners_named(winners: Sequence[int], viewer: int | None) -> str:
    return told.winners_named(winners, viewer).words()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class FishingPresenter(Presenter):
    """The fishing game's narration, table, glance and banners, in the player's language."""

    #: What each event tells a seat, as a value worded when read (the narration module's, called as it is).
    narration = staticmethod(told.narration)

    def describe_rules(self, rules: FishingRules, players: int) -> str:
        """`5 deals; antes 3 and 2, reward 5 (last holder); a chip for each pair over or short of 8 cards`, and the claims closed."""
        from .terms import CLAIM_KINDS

        terms = self.game.house_rules(rules, players)
        rule = _("last holder") if rules.reward == "last_holder" else _("last capture") if rules.reward == "last_capture" else \
            rules.reward.replace("_", " ")
        text = ngettext("{deals} deal; antes {dealer} and {other}, reward {reward} ({rule}); {tariff}",
                        "{deals} deals; antes {dealer} and {other}, reward {reward} ({rule}); {tariff}", rules.deals).format(
            deals=rules.deals, dealer=terms.ante_dealer, other=terms.ante_other, reward=terms.reward, rule=rule, tariff=terms.tariff_text())
        closed = [_(CLAIM_KINDS[kind]) for kind in CLAIM_KINDS if not terms.claimable(kind)]
        return text + (_("; never claimable: {kinds}").format(kinds=", ".join(closed)) if closed else "")

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n, phase = view["players"], view["phase"]
        reward = view["terms"]["stakes"]["reward"] if "terms" in view else STANDARD_TERMS.reward
        values = {"deal": view["deal"] + 1, "deals": view["deals"], "dealer": _name(view["dealer"], seat), "pot": _chips(view["pot"]),
                  "reward": _chips(reward)}
        if view["reward_rule"] == "last_holder":
            lines = [_("Deal {deal} of {deals} · dealer {dealer} · pot {pot} · reward {reward}: last player holding cards").format(**values)]
        else:
            lines = [_("Deal {deal} of {deals} · dealer {dealer} · pot {pot} · reward {reward}: last capture").format(**values)]
        # Worded as the deal's narration of the table and the hand, so a terminal prints them once.
        lines.append(_field_line(view["field"]))
        if view.get("hand") is not None:
            lines.append(_hand_line(view["hand"]))
        to_act = view.get("to_move") if phase == "turn" else view.get("claimer") if phase == "hand_claim" else (
            view["dealer"] if phase == "field_claim" else (view.get("window") or {}).get("responder"))
        names = [_name(s, seat) for s in range(n)]
        # At least as wide as the English rows always were; as wide as the longest name in a longer language.
        width = max(7, *map(len, names))
        heading = {"seat": _("Seat"), "hand": _("hand"), "collection": _("collection"), "chips": _("chips")}
        lines.append(f"{heading['seat']:<{width + 5}}{heading['hand']:>4}  {heading['collection']:<17}{heading['chips']}")
        for s in range(n):
            marks = []
            if s == view["dealer"]:
                marks.append(_("dealer"))
            if view["laid_down"][s]:
                marks.append(_("lain down"))
            elif view["hand_sizes"][s] == 0:
                marks.append(_("no cards"))
            size = len(view["collections"][s])
            pairs = _pairs(size)
            row = f"  {names[s]:>{width}}  {view['hand_sizes'][s]:>5}  {size:>5} ({pairs}){'':<{9 - len(pairs)}} {_signed(view['ledger'][s]):>5}"
            row += f"   {', '.join(marks)}" if marks else ""
            if s == to_act:
                row += f"   ← {_(_TO_ACT[phase])}"
            lines.append(row)
        return "\n".join(lines)

    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """What a claim window is judged by, for a terminal player to print under its move: the table and your hand by rank."""
        lines = [_field_line(view["field"])]
        if view.get("hand") is not None:
            lines.append(_hand_line(view["hand"]))
        return lines

    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """What a claim after a capture is judged by, for the terminal's default pace: the captured rank on the table and in your hand.

        The glance groups both by rank so that each is one look, however many
        cards they show; the windows that ask for more (a new layout, a hand
        laid down) wait for an answer whatever the pace.
        """
        return 2

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`willughby_fishing.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The hand card a capture plays onto the table (`willughby_fishing.layout`)."""
        from .layout import choice_move

        return choice_move(action)

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner at each deal's settlement (collections, chips won or paid, the ledger) and at the match's end (ranking)."""
        kind = event["type"]
        if kind == "settle":
            tariff = event.get("tariff") or STANDARD_TERMS.tariff_dict()  # records made before the tariff was recorded
            lines = [_("Deal {deal} is over: {tariff}.").format(deal=event["deal"] + 1, tariff=tariff_text(tariff["per_pair"], tariff["empty"]))]
            width = max(len(str(size)) for size in event["sizes"])
            names = [_name(s, seat) for s in range(len(event["sizes"]))]
            name_width = max(7, *map(len, names))
            for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])):
                mine = s == seat
                if chips > 0:
                    paid = (ngettext("win {n} chip", "win {n} chips", chips) if mine else ngettext("wins {n} chip", "wins {n} chips", chips))
                elif chips < 0:
                    paid = (ngettext("pay {n} chip", "pay {n} chips", -chips) if mine else ngettext("pays {n} chip", "pays {n} chips", -chips))
                else:
                    paid = _("break even") if mine else _("breaks even")
                paid = paid.format(n=abs(chips))
                lines.append(_("  {who}: {size} cards ({pairs}), {paid}").format(
                    who=f"{names[s]:>{name_width}}", size=f"{size:>{width}}", pairs=_pairs(size), paid=paid))
            lines.append(_("Chips: {ledger}").format(ledger=ledger_text(event["ledger"], seat)))
            return lines
        if kind == "match_end":
            ledger = event["ledger"]
            winners = event["winners"]
            values = {"names": _winners_named(winners, seat), "best": _signed(max(ledger))}
            if len(winners) > 1:
                head = pgettext("you", "Match over: {names} share the match with {best}.") if seat in winners else \
                    pgettext("they", "Match over: {names} share the match with {best}.")
            elif winners == [seat]:
                head = _("Match over: {names} win the match with {best}.")
            else:
                head = _("Match over: {names} wins the match with {best}.")
            lines = [_capital(head.format(**values))]
            order = sorted(range(len(ledger)), key=lambda s: (-ledger[s], s))
            names = [_name(s, seat) for s in range(len(ledger))]
            name_width = max(7, *map(len, names))
            for s in order:
                place = 1 + sum(1 for other in ledger if other > ledger[s])  # equal chips share a place
                lines.append(f"  {place}. {names[s]:<{name_width}} {_signed(ledger[s]):>4}")
            return lines
        return None
