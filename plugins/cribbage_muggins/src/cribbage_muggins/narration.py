"""What each cribbage event tells a seat, kept as data: a `muggins.presenter.Said` per event, worded in any language when read.

This module owns the narration of the game's events (`narration(event,
seat)`, one small function per event type: the play and its count, a go,
the cut, a count announced and answered, a settlement with its breakdown,
a show, the deals, the end of a deal and of the game) and the pieces they
are made of as values (`card`, `cards`, `item`, `side_name`, `scores`,
`breakdown`, `skunks`), which the presenter's table and banners word too.
The builders `_`, `pgettext` and `ngettext` make `Said`s of the game's own
catalogue (domain `cribbage_muggins`) and read as the gettext calls they
replace, so the catalogue script extracts the same messages.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from muggins import parse_card
from muggins.i18n import N_, translator
from muggins.presenter import CardWord, Joined, Said, Sayings, Words, card_word

__all__ = ["breakdown", "breakdown_lines", "card", "cards", "item", "narration", "scores", "side_name", "skunks", "sorted_cards"]

_sayings = Sayings(translator("cribbage_muggins", package_file=__file__))
_, ngettext, pgettext = _sayings.said, _sayings.nsaid, _sayings.psaid

#: The scoring items and reasons the state names in its events (codes of the records, English words), in the player's language.
#: A name a house-rule plugin adds is shown as it comes.
ITEMS = {
    "fifteen": N_("fifteen"), "pair": N_("pair"), "pairs": N_("pairs"), "pair royal": N_("pair royal"),
    "double pair royal": N_("double pair royal"), "run": N_("run"), "flush": N_("flush"), "nobs": N_("nobs"),
    "thirty-one": N_("thirty-one"), "go": N_("go"), "last card": N_("last card"), "his heels": N_("his heels"),
    "run card": N_("run card"), "hand four-flush": N_("hand four-flush"), "five-flush": N_("five-flush"),
    "crib four-flush": N_("crib four-flush"), "muggins": N_("muggins"), "overcount": N_("overcount"),
    "pegging": N_("pegging"), "hand count": N_("hand count"), "crib count": N_("crib count"), "settlement": N_("settlement"),
}
#: How a settlement ended (the event's `outcome`).
_OUTCOMES = {"stands": N_("stands"), "muggins upheld": N_("muggins upheld"), "false muggins": N_("false muggins"),
             "overcount upheld": N_("overcount upheld"), "false overcount": N_("false overcount")}
#: The notes the state makes (the event carries the English), in the player's language.
_NOTES = {"Lowball is played without muggins: every show is scored automatically.":
          N_("Lowball is played without muggins: every show is scored automatically.")}
#: The reasons of a score event whose points another line already says.
_SAID_ELSEWHERE = ("pegging", "go", "last card", "his heels", "hand count", "crib count")


# -- the pieces -----------------------------------------------------------------
def item(name: str) -> Words | str:
    """A scoring item's name as a player reads it: `fifteen`, `run of 4`; an unknown name (a house rule's) as it is."""
    if name.startswith("run of "):
        return _("run of {n}", n=name.removeprefix("run of "))
    found = ITEMS.get(name)
    return Said(found, domain=_sayings.domain) if found is not None else name


def _claim(claim: str) -> Words | str:
    """A claim as a player reads it: `muggins 3`, `overcount`."""
    if claim.startswith("muggins "):
        return _("muggins {points}", points=claim.removeprefix("muggins "))
    return item(claim)


#: A card as a player reads it, `card(code)`: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`).
card: Callable[[str | None], CardWord] = card_word


def cards(codes: Iterable[str]) -> Joined:
    return Joined(tuple(map(card_word, codes)), " ")


def sorted_cards(codes: Iterable[str]) -> Joined:
    return cards(c.code for c in sorted(map(parse_card, codes)))


def _who(seat: int, viewer: int | None, *, obj: bool = False) -> Said:
    """A seat as the subject (`You`, `seat 1`, in French `le joueur 1`) or object (`you`, `seat 1`) of a sentence."""
    if seat == viewer:
        return _("you") if obj else _("You")
    return pgettext("object", "seat {seat}", seat=seat) if obj else pgettext("subject", "seat {seat}", seat=seat)


def name(seat: int, viewer: int | None) -> Said:
    """A seat in a list or on a row: `you`, `seat 1`."""
    return _("you") if seat == viewer else pgettext("list", "seat {seat}", seat=seat)


def person(seats: Sequence[int], viewer: int | None, you: Said, one: Said, many: Said) -> Said:
    """The wording for a side: the viewer's (`you`, `you and seat 2`), one other seat, or several."""
    if viewer in seats:
        return you
    return one if len(seats) == 1 else many


def sides_of(players: int, nsides: int) -> list[list[int]]:
    """The seats of each side: every seat alone, or seats 0 and 2 against 1 and 3 (a side is seat % sides)."""
    return [[s for s in range(players) if s % nsides == side] for side in range(nsides)]


def side_name(seats: Sequence[int], viewer: int | None, *, subject: bool = False) -> Said:
    """`you`, `seat 1`, `you and seat 2`, `seats 1 and 3`; as a sentence's subject, French puts the article in."""
    # The contexts are written out: the extractor reads only literal ones.
    if len(seats) == 1:
        if seats[0] == viewer:
            return _("you")
        return pgettext("subject", "seat {seat}", seat=seats[0]) if subject else pgettext("list", "seat {seat}", seat=seats[0])
    if viewer in seats:
        others = [s for s in seats if s != viewer]
        if len(others) > 1:
            return _("you and seats {seats}", seats=Joined(tuple(map(str, others)), _(" and ")))
        if subject:
            return pgettext("subject", "you and seat {seat}", seat=others[0])
        return pgettext("list", "you and seat {seat}", seat=others[0])
    numbers = Joined(tuple(map(str, seats)), _(" and "))
    return pgettext("subject", "seats {seats}", seats=numbers) if subject else pgettext("list", "seats {seats}", seats=numbers)


def scores(points: Sequence[int], players: int, viewer: int | None) -> Joined:
    """`you: 61 · seat 1: 58`, or for partnerships `you and seat 2: 61 · seats 1 and 3: 58`."""
    sides = sides_of(players, len(points))
    return Joined(tuple(_("{side}: {points}", side=side_name(seats, viewer), points=p) for seats, p in zip(sides, points)), " · ")


def _pair_rank(found: Mapping[str, Any]) -> str | None:
    return found["cards"][0][0] if found["kind"] == "pair" and len(found["cards"]) == 2 else None


def breakdown_lines(items: Any) -> list[Words]:
    """Each scoring item of a show breakdown as `fifteen 2 (5♥ J♣)`; the pairs of one rank as one pair royal.

    The show lists every pair of three or four of a kind apart (three pairs
    for a pair royal); a reader counts them as one, so they are put together.
    """
    items = list(items)
    pairs_of: dict[str, list[Mapping[str, Any]]] = {}
    for found in items:
        rank = _pair_rank(found)
        if rank is not None:
            pairs_of.setdefault(rank, []).append(found)
    lines, done = [], set()
    for found in items:
        kind, shown, points = found["kind"], list(found["cards"]), found["points"]
        rank = _pair_rank(found)
        if rank is not None and len(pairs_of[rank]) > 1:
            if rank in done:
                continue
            done.add(rank)
            group = pairs_of[rank]
            shown = sorted({c for pair in group for c in pair["cards"]}, key=lambda code: parse_card(code))
            kind = {3: "pair royal", 6: "double pair royal"}.get(len(group), "pairs")
            points = sum(pair["points"] for pair in group)
        elif kind == "run":
            kind = f"run of {len(shown)}"
        elif kind == "pair" and len(shown) == 3:
            kind = "pair royal"
        elif kind == "pair" and len(shown) == 4:
            kind = "double pair royal"
        # One message, so that a language can join the item and its points in its own words (« suite de 3 cartes pour 3 »).
        lines.append(_("{item} {points} ({cards})", item=item(kind), points=points, cards=cards(shown)))
    return lines


def breakdown(items: Any) -> Words:
    """The breakdown on one line: `fifteen 2 (5♦ K♣) · pair 2 (6♥ 6♠) · … = 14`, or `nothing scores`."""
    items = list(items)
    if not items:
        return _("nothing scores")
    return Joined((Joined(tuple(breakdown_lines(items)), " · "), f" = {sum(found['points'] for found in items)}"))


def skunks(event: Mapping[str, Any], viewer: int | None) -> Joined | None:
    """`seat 1 is skunked (under 91)`, `seats 1 and 3 are double-skunked (under 61)`, or None when nobody was.

    The line comes from the event's `skunk_line` / `double_skunk_line`; an
    event without them (a record made before they were added) names no line.
    """
    players, nsides = len(event["skunked"]), len(event["scores"])
    found = []
    for seats in sides_of(players, nsides):
        side = side_name(seats, viewer, subject=True)
        if any(event["double_skunked"][s] for s in seats):
            line = event.get("double_skunk_line")
            text = person(seats, viewer, pgettext("you", "{side} are double-skunked", side=side), _("{side} is double-skunked", side=side),
                          pgettext("they", "{side} are double-skunked", side=side))
        elif any(event["skunked"][s] for s in seats):
            line = event.get("skunk_line")
            text = person(seats, viewer, pgettext("you", "{side} are skunked", side=side), _("{side} is skunked", side=side),
                          pgettext("they", "{side} are skunked", side=side))
        else:
            continue
        found.append(Joined((text, _(" (under {line})", line=line))) if line else text)
    return Joined(tuple(found), ", ") if found else None


def _score_reason(event: Mapping[str, Any], viewer: int | None) -> Words | str:
    """Why a settlement moved points: `muggins`, `false muggins call by you`, `overcount called by seat 1`.

    Older records' score events have no `outcome`: their reason is the bare `why`.
    """
    outcome, caller = event.get("outcome"), event.get("caller")
    if caller is None or outcome is None or caller == event["seat"]:
        return item(event["why"])
    who = _who(caller, viewer, obj=True)
    if outcome == "false muggins":
        return _("false muggins call by {who}", who=who)
    if event["why"] == "muggins":
        return _("muggins called by {who}", who=who)
    if event["why"] == "overcount":
        return _("overcount called by {who}", who=who)
    return _("{why} called by {who}", why=item(event["why"]), who=who)


def _whose(event: Mapping[str, Any], viewer: int | None) -> Said:
    """`the crib`, `your hand`, `seat 1's hand`."""
    if event["what"] == "crib":
        return _("the crib")
    return _("your hand") if event["seat"] == viewer else _("seat {seat}'s hand", seat=event["seat"])


# -- one function per event type: (event, seat, whether it is the seat's own) -> Said or None ------------------
def _peg(event: Mapping[str, Any], seat: int | None, mine: bool) -> Words:
    values = {"seat": event["seat"], "card": card(event["card"]), "count": event["count"]}
    line = _("You play {card}: count {count}", **values) if mine else _("seat {seat} plays {card}: count {count}", **values)
    if not event["points"]:
        return Joined((line, "."))
    why = Joined(tuple(item(w) for w in event["why"]), _(", "))
    return Joined((line, ngettext(" — {why} for {points}", " — {why} for {points}", event["points"], why=why, points=event["points"]), "."))


def _go(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "count": event["count"]}
    return _("You say go (count {count}).", **values) if mine else _("seat {seat} says go (count {count}).", **values)


def _go_point(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    points = event.get("points", 1)
    values = {"seat": event["seat"], "points": points, "why": item(event["why"])}
    if mine:
        return ngettext("You peg {points} for {why}.", "You peg {points} for {why}.", points, **values)
    return ngettext("seat {seat} pegs {points} for {why}.", "seat {seat} pegs {points} for {why}.", points, **values)


def _deal_over(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    return _("Deal {deal} is over: {scores}.", deal=event["deal"] + 1, scores=scores(event["scores"], event["players"], seat))


def _count_reset(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    if event["next"] == seat:
        return _("The count starts again from 0; you to lead.")
    return _("The count starts again from 0; seat {seat} to lead.", seat=event["next"])


def _score(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said | None:
    if event["why"] in _SAID_ELSEWHERE:
        # The peg, go, heels and count lines already say it; a count's line then stays the
        # latest narration, which a terminal player leaves out when it redraws the table.
        return None
    values = {"seat": event["seat"], "sign": "+" if event["points"] >= 0 else "−", "points": abs(event["points"]),
              "reason": _score_reason(event, seat), "total": event["total"]}
    if mine:
        return _("  You: {sign}{points} ({reason}), now {total}.", **values)
    return _("  seat {seat}: {sign}{points} ({reason}), now {total}.", **values)


def _announce(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "points": event["points"]}
    if event["what"] == "hand":
        return _("You count {points} for your hand.", **values) if mine else _("seat {seat} counts {points} for their hand.", **values)
    return _("You count {points} for the crib.", **values) if mine else _("seat {seat} counts {points} for the crib.", **values)


def _response(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    answer = event["response"]
    values = {"seat": event["seat"], "answer": _claim(answer), "points": answer.removeprefix("muggins ")}
    if answer == "accept":
        return _("You answer: accept.", **values) if mine else _("seat {seat} answers: accept.", **values)
    if answer.startswith("muggins "):
        return _("You answer: muggins {points}.", **values) if mine else _("seat {seat} answers: muggins {points}.", **values)
    if answer == "overcount":
        return _("You answer: overcount.", **values) if mine else _("seat {seat} answers: overcount.", **values)
    return _("You answer: {answer}.", **values) if mine else _("seat {seat} answers: {answer}.", **values)


def _settlement(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    head: Words = _("Settled, {whose}: announced {announced}, true count {true}",
                    whose=_whose(event, seat), announced=event["announced"], true=event["true"])
    if event["claim"]:
        outcome = _OUTCOMES.get(event["outcome"])
        head = Joined((head, _("; {claim} by {who} → {outcome}", claim=_claim(event["claim"]), who=_who(event["caller"], seat, obj=True),
                                outcome=Said(outcome, domain=_sayings.domain) if outcome else event["outcome"])))
    elif event["announced"] != event["true"]:
        head = Joined((head, _(" → the announced count stands")))
    return _("{head}. Breakdown: {breakdown}.", head=head, breakdown=breakdown(event["breakdown"]))


def _show(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "cards": cards(event["cards"]), "starter": card(event["starter"])}
    if event["what"] == "crib":
        return _("Show the crib: {cards} with {starter}.", **values)
    return _("Show your hand: {cards} with {starter}.", **values) if mine else _("Show seat {seat}'s hand: {cards} with {starter}.", **values)


def _show_score(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "points": event["points"], "breakdown": breakdown(event["breakdown"])}
    if event["what"] == "crib":
        return _("The crib scores {points}: {breakdown}.", **values)
    if mine:
        return _("Your hand scores {points}: {breakdown}.", **values)
    return _("Seat {seat}'s hand scores {points}: {breakdown}.", **values)


def _cut(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    values = {"seat": event["seat"], "starter": card(event["starter"])}
    return _("You cut; the starter is {starter}.", **values) if mine else _("seat {seat} cuts; the starter is {starter}.", **values)


def _heels(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    points = event.get("points", 2)
    if mine:
        return ngettext("His heels: You peg {points} for the jack turned.", "His heels: You peg {points} for the jack turned.",
                        points, points=points)
    return ngettext("His heels: seat {seat} pegs {points} for the jack turned.", "His heels: seat {seat} pegs {points} for the jack turned.",
                    points, seat=event["seat"], points=points)


def _deal(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    extra = _(" and one card from the pack to the crib") if event["crib_from_pack"] else ""
    values = {"deal": event["deal"] + 1, "dealer": event["dealer"], "cards": event["cards_each"], "extra": extra}
    if event["dealer"] == seat:
        return _("Deal {deal}: You deal {cards} cards each{extra}.", **values)
    return _("Deal {deal}: seat {dealer} deals {cards} cards each{extra}.", **values)


def _hand(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said | None:
    # Worded as the table words the hand, so a terminal drawing the table next prints it once.
    return _("Your cards: {cards}.", cards=sorted_cards(event["cards"])) if mine else None


def _discard(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said | None:
    return None if mine else ngettext("seat {seat} lays away {n} card to the crib.", "seat {seat} lays away {n} cards to the crib.",
                                      event["count"], seat=event["seat"], n=event["count"])


def _laid_away(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said | None:
    return _("You lay away {cards}.", cards=cards(event["cards"])) if mine else None


def _cut_for_deal(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    # The English names the viewer "You" in this list, as it always has; French lists say "vous".
    cuts = Joined(tuple(Joined((pgettext("cut", "You") if s == seat else name(s, seat), " ", card(c)))
                        for s, c in zip(event["seats"], event["cards"])), ", ")
    if len(event["lowest"]) > 1:
        return _("Cut for deal: {cuts}; tie for lowest, cut again.", cuts=cuts)
    first = event["lowest"][0]
    if first == seat:
        return _("Cut for deal: {cuts}; You deal first.", cuts=cuts)
    return _("Cut for deal: {cuts}; seat {seat} deals first.", cuts=cuts, seat=first)


def _note(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    note = _NOTES.get(event["text"])
    return _("Note: {text}", text=Said(note, domain=_sayings.domain) if note else event["text"])


def _game_over(event: Mapping[str, Any], seat: int | None, mine: bool) -> Said:
    players = len(event["skunked"])
    reached_seats, winners = event["reached_seats"], event["winners"]
    side = side_name(reached_seats, seat, subject=True)
    if event["lowball"]:
        how = person(reached_seats, seat, pgettext("you", "{side} reached the target first and lose", side=side),
                     _("{side} reached the target first and loses", side=side), pgettext("they", "{side} reached the target first and lose", side=side))
    else:
        how = person(reached_seats, seat, pgettext("you", "{side} reached the target", side=side), _("{side} reached the target", side=side),
                     pgettext("they", "{side} reached the target", side=side))
    if winners:
        won_by = side_name(winners, seat, subject=True)
        won = person(winners, seat, pgettext("you", "{side} win", side=won_by), _("{side} wins", side=won_by), pgettext("they", "{side} win", side=won_by))
    else:
        won = _("nobody wins")
    skunked = skunks(event, seat)
    why = ITEMS.get(event["why"])
    return _("Game over ({why}): {reached}; {won} ({scores}){tail}.",
             why=Said(why, domain=_sayings.domain) if why else event["why"], reached=how, won=won,
             scores=scores(event["scores"], players, seat), tail=_("; {skunks}", skunks=skunked) if skunked else "")


_NARRATORS: dict[str, Callable[[Mapping[str, Any], int | None, bool], Words | None]] = {
    "peg": _peg, "go": _go, "go_point": _go_point, "deal_over": _deal_over, "count_reset": _count_reset, "score": _score,
    "announce": _announce, "response": _response, "settlement": _settlement, "show": _show, "show_score": _show_score, "cut": _cut,
    "heels": _heels, "deal": _deal, "hand": _hand, "discard": _discard, "laid_away": _laid_away, "cut_for_deal": _cut_for_deal,
    "note": _note, "game_over": _game_over,
}


def narration(event: Mapping[str, Any], seat: int | None) -> Words | None:
    """What `event` tells `seat` (None: a spectator) as a value worded when read, or None to stay quiet."""
    narrate = _NARRATORS.get(event["type"])
    if narrate is None:
        return None
    return narrate(event, seat, event.get("seat") == seat and seat is not None)
