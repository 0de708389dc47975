"""What each event of the Willughby fishing game tells a seat, kept as data: a `muggins.presenter.Said` per event, worded when read.

This module owns the narration of the game's record events (`narration(event,
seat)`, one small function per event type: the cut, antes, the deal,
claims, captures, lie-downs, the stop, the reward, the dealer's sweep, the
settlement and the end of the match) and the pieces they are made of as
values (`cards`, `name`, `ledger`, `field_line`, `hand_line`), which the
presenter's table and banners word too. Chips are narrated from the
events, which carry the match's terms, so a house-rule plugin's stakes are
told as they are played. The builders `_`, `pgettext` and `ngettext` make
`Said`s of the game's own catalogue (domain `willughby_fishing`) and read
as the gettext calls they replace, so the catalogue script extracts the
same messages.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from muggins import parse_card
from muggins.i18n import N_, translator, using_language
from muggins.presenter import Joined, Said, Sayings, Words, card_word
from muggins.wording import rank_word

from .rules import HAND_SIZE

__all__ = ["cards", "field_line", "hand_line", "ledger", "name", "narration", "signed"]

_sayings = Sayings(translator("willughby_fishing", package_file=__file__))
_, ngettext, pgettext = _sayings.said, _sayings.nsaid, _sayings.psaid

_WHAT = {
    "field_four": N_("the four left in the layout"),
    "left_pair": N_("the pair left on the table"),
    "laid_down": N_("the unclaimed set(s) of the laid-down hand"),
    "other_pair": N_("the other pair"),
}


class _Rank(Words):
    """A rank's letter as a player reads it: in French V, D, R (valet, dame, roi)."""

    __slots__ = ("rank",)

    def __init__(self, rank: int) -> None:
        self.rank = rank

    def words(self, language: str | None = None) -> str:
        if language is not None:
            with using_language(language):
                return rank_word(self.rank)
        return rank_word(self.rank)

    def as_data(self) -> dict[str, Any]:
        return {"rank": self.rank}


def cards(codes: Sequence[str]) -> Words | str:
    """`10♥ J♠` as a player reads them (in French `V♠`), a dash for none. Records keep the codes (`TH`)."""
    return Joined(tuple(map(card_word, codes)), " ") if codes else "—"


def name(seat: int, viewer: int | None) -> Said:
    """A seat in a list or on a row: `you`, `seat 2`."""
    return _("you") if seat == viewer else pgettext("list", "seat {seat}", seat=seat)


def _subject(seat: int, viewer: int | None) -> Said:
    """A seat as the subject of a sentence: `you`, `seat 2` (in French `le joueur 2`)."""
    return _("you") if seat == viewer else pgettext("subject", "seat {seat}", seat=seat)


def signed(chips: int) -> str:
    """`+3`, `−1` (a true minus sign), `0`."""
    return f"+{chips}" if chips > 0 else f"−{-chips}" if chips < 0 else "0"


def chips(n: int) -> Said:
    return ngettext("{n} chip", "{n} chips", n, n=n)


def ledger(chips_by_seat: Sequence[int], viewer: int | None) -> Joined:
    """`you: +3 · seat 1: −1 · seat 2: 0 …`: each seat's net chips in words."""
    return Joined(tuple(_("{who}: {chips}", who=name(s, viewer), chips=signed(c)) for s, c in enumerate(chips_by_seat)), " · ")


def _by_rank(codes: Sequence[str]) -> Words:
    groups: dict[int, list] = {}
    for code in codes:
        found = parse_card(code)
        groups.setdefault(found.rank, []).append(found)
    if not groups:
        return _("(empty)")
    return Joined(tuple(Joined(("[", Joined(tuple(card_word(c.code) for c in sorted(groups[rank])), " "), "]")) for rank in sorted(groups)), "  ")


def field_line(codes: Sequence[str]) -> Said:
    return _("Table ({n}): {cards}", n=len(codes), cards=_by_rank(codes))


def hand_line(codes: Sequence[str]) -> Said:
    return _("Your hand ({n}): {cards}", n=len(codes), cards=_by_rank(codes))


def winners_named(winners: Sequence[int], viewer: int | None) -> Joined:
    return Joined(tuple(_subject(s, viewer) for s in winners), _(" and "))


# -- one function per event type: (event, seat, whether it is the seat's own) -> Said or None ------------------
def _layout_claims(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    return _("Claims on the layout: a four the dealer has not taken goes to the first player who claims it.")


def _cut(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    # The English names the viewer "You" in this list, as it always has; French lists say "vous".
    rounds = Joined(tuple(Joined(tuple(Joined((pgettext("cut", "You") if s == seat else name(s, seat), " ", cards([c]))) for s, c in rnd), ", ")
                          for rnd in event["rounds"]), _("; then "))
    if event["dealer"] == seat:
        return _("Cut for deal: {rounds} — You cut lowest and deal first.", rounds=rounds)
    return _("Cut for deal: {rounds} — seat {seat} cut lowest and deals first.", rounds=rounds, seat=event["dealer"])


def _ante(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    dealer, antes = event["dealer"], event["antes"]
    others = {a for s, a in enumerate(antes) if s != dealer}
    if len(others) == 1:
        # Each figure with its unit in the plural it takes: a house rule's ante of 1 is `1 chip` (`1 jeton`).
        values = {"seat": dealer, "ante": chips(antes[dealer]), "others": chips(others.pop())}
        paid = (_("you ante {ante}, the others {others} each", **values) if dealer == seat else
                _("seat {seat} antes {ante}, the others {others} each", **values))
    else:
        paid = _("antes {antes}", antes=Joined(tuple(Joined((name(s, seat), " ", chips(a))) for s, a in enumerate(antes)), ", "))
    values = {"deal": event["deal"] + 1, "seat": dealer, "cards": HAND_SIZE, "paid": paid, "pot": chips(event["pot"])}
    if dealer == seat:
        return _("Deal {deal}: you deal {cards} cards each; {paid}: a pot of {pot}.", **values)
    return _("Deal {deal}: seat {seat} deals {cards} cards each; {paid}: a pot of {pot}.", **values)


def _deal(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    return field_line(event["field"])


def _hand(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said | None:
    return hand_line(event["cards"]) if mine else None


def _field_four(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "rank": _Rank(event["rank"])}
    return (_("You (dealer) take the four {rank}s of the layout.", **values) if mine else
            _("seat {seat} (dealer) takes the four {rank}s of the layout.", **values))


def _hand_claim(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    kept = (_(" and keep the third") if mine else _(" and keeps the third")) if event["kept"] else ""
    values = {"seat": event["seat"], "cards": cards(event["cards"]), "kept": kept}
    return (_("You lay {cards} from hand into the collection{kept}.", **values) if mine else
            _("seat {seat} lays {cards} from hand into the collection{kept}.", **values))


def _capture(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "played": cards(event["played"]), "taken": cards(event["taken"])}
    return _("You play {played} and take {taken}.", **values) if mine else _("seat {seat} plays {played} and takes {taken}.", **values)


def _lie_down(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    count = len(event["cards"])
    values = {"seat": event["seat"], "cards": cards(event["cards"])}
    if mine:
        return ngettext("You cannot capture and lie down: {cards} goes to the table.",
                        "You cannot capture and lie down: {cards} go to the table.", count, **values)
    return ngettext("seat {seat} cannot capture and lies down: {cards} goes to the table.",
                    "seat {seat} cannot capture and lies down: {cards} go to the table.", count, **values)


def _claim(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    if not event["upheld"]:
        return (_("You claim, but there is nothing to take (no cost).", seat=event["seat"]) if mine else
                _("seat {seat} claims, but there is nothing to take (no cost).", seat=event["seat"]))
    values = {"seat": event["seat"], "what": Said(_WHAT[event["what"]], domain=_sayings.domain), "cards": cards(event["cards"])}
    return _("You claim {what}: {cards}.", **values) if mine else _("seat {seat} claims {what}: {cards}.", **values)


def _stop(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    if event["holder"] is None:
        return _("Nobody holds cards: the hand stops.")
    if event["holder"] == seat:
        return _("Only you hold cards: the hand stops.")
    return _("Only seat {seat} holds cards: the hand stops.", seat=event["holder"])


def _reward(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    how = {"last_holder": _("as the last holding cards"), "last_capture": _("for the last capture"),
           "dealer": _("as dealer (no capture was made)")}[event["how"]]
    values = {"seat": event["seat"], "chips": chips(event["chips"]), "how": how}
    return _("You take {chips} {how}.", **values) if mine else _("seat {seat} takes {chips} {how}.", **values)


def _sweep(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    hand = _("the last hand {cards} and ", cards=cards(event["hand"])) if event["hand"] else ""
    values = {"seat": event["seat"], "hand": hand, "field": cards(event["field"])}
    return (_("You (dealer) sweep {hand}the table {field} into the collection.", **values) if mine else
            _("seat {seat} (dealer) sweeps {hand}the table {field} into the collection.", **values))


def _settle(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    parts = Joined(tuple(ngettext("{who} {size} card {chips}", "{who} {size} cards {chips}", size, who=name(s, seat), size=size, chips=signed(c))
                         for s, (size, c) in enumerate(zip(event["sizes"], event["chips"]))), ", ")
    return _("Deal {deal} settled: {parts}; chips now {ledger}.", deal=event["deal"] + 1, parts=parts, ledger=ledger(event["ledger"], seat))


def _match_end(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    winners = event["winners"]
    values = {"names": winners_named(winners, seat), "ledger": ledger(event["ledger"], seat)}
    if len(winners) > 1:
        if seat in winners:
            return pgettext("you", "Match over: {names} share the match ({ledger}).", **values)
        return pgettext("they", "Match over: {names} share the match ({ledger}).", **values)
    if winners == [seat]:
        return _("Match over: {names} win the match ({ledger}).", **values)
    return _("Match over: {names} wins the match ({ledger}).", **values)


_NARRATORS: dict[str, Callable[[Mapping[str, Any], int | None, bool], Words | None]] = {
    "layout_claims": _layout_claims, "cut": _cut, "ante": _ante, "deal": _deal, "hand": _hand, "field_four": _field_four,
    "hand_claim": _hand_claim, "capture": _capture, "lie_down": _lie_down, "claim": _claim, "stop": _stop, "reward": _reward,
    "sweep": _sweep, "settle": _settle, "match_end": _match_end,
}


def narration(event: Mapping[str, Any], seat: int | None) -> Words | None:
    """What `event` tells `seat` (None: a spectator) as a value worded when read, or None to stay quiet."""
    narrate = _NARRATORS.get(event["type"])
    if narrate is None:
        return None
    return narrate(event, seat, seat is not None and event.get("seat") == seat)
