"""What each event of the shedding game tells a seat, kept as data: a `muggins.presenter.Said` per event, worded when read.

This module owns the narration of the game's events (`narration(event,
seat)`, one small function per event type: exposures, placements, calls,
corrections, penalty cards one by one, recycles, deals, wins, draws, the
end of the match) and the pieces they are made of as values (`card`,
`pile`, `name`, `standings`), which the presenter's table and banners word
too. The builders `_` and `ngettext` make `Said`s of the game's own
catalogue (domain `muggins_shedding`) and read as the gettext calls they
replace, so the catalogue script extracts the same messages.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from muggins.i18n import translator
from muggins.presenter import CardWord, Joined, Said, Sayings, Words, card_word

__all__ = ["card", "name", "narration", "pile", "standings"]

_sayings = Sayings(translator("muggins_shedding", package_file=__file__))
_, ngettext = _sayings.said, _sayings.nsaid


#: A card as a player reads it, `card(code)`: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`).
card: Callable[[str | None], CardWord] = card_word


def name(s: int, viewer: int | None) -> Said:
    """A seat in a list or table: `you`, `seat 2`."""
    return _("you") if s == viewer else _("seat {seat}", seat=s)


def _subject(s: int, viewer: int | None) -> Said:
    """A seat as the subject of a sentence: `You`, `seat 2`."""
    return _("You") if s == viewer else _("seat {seat}", seat=s)


def pile(pile_name: str, viewer: int | None, actor: int | None = None) -> Said:
    """`common pile 2`, `your own discard`, `your discard`, `their own discard`, `seat 3's discard`."""
    kind, number = pile_name.split()
    if kind == "common":
        return _("common pile {number}", number=number)
    if int(number) == viewer:
        return _("your own discard") if actor == viewer else _("your discard")
    return _("their own discard") if int(number) == actor else _("seat {seat}'s discard", seat=number)


def standings(wins: Iterable[int], viewer: int | None) -> Joined:
    """`you: 0 hands · seat 1: 1 hand · seat 2: 0 hands`: hands won per seat, in words."""
    return Joined(tuple(ngettext("{who}: {n} hand", "{who}: {n} hands", w, who=name(s, viewer), n=w) for s, w in enumerate(wins)), " · ")


# -- one function per event type: (event, seat) -> Said or None; one message per person (you or another seat): French
# conjugates the verb with its subject.
def _expose(event: Mapping[str, Any], seat: int | None) -> Said:
    if event["seat"] == seat:
        return _("You turned {card}.", card=card(event["card"]))
    return _("seat {seat} turned {card}.", seat=event["seat"], card=card(event["card"]))


def _place(event: Mapping[str, Any], seat: int | None) -> Said:
    on = _("on {card}", card=card(event["on"])) if event["on"] else _("empty")
    values = {"seat": event["seat"], "card": card(event["card"]), "pile": pile(event["pile"], seat, event["seat"]), "on": on}
    if event["seat"] == seat:
        return _("You put {card} on {pile} ({on}).", **values)
    return _("seat {seat} put {card} on {pile} ({on}).", **values)


def _call(event: Mapping[str, Any], seat: int | None) -> Said:
    if event["seat"] == seat:
        head = _("You called Muggins on seat {against}", against=event["against"])
    elif event["against"] == seat:
        head = _("seat {seat} called Muggins on you", seat=event["seat"])
    else:
        head = _("seat {seat} called Muggins on seat {against}", seat=event["seat"], against=event["against"])
    if event["upheld"]:
        where = Joined(tuple(pile(p, seat) for p in event["correct"]), _(" or "))
        return _("{head}: upheld — {card} belonged on {where}.", head=head, card=card(event["card"]), where=where)
    return _("{head}: not upheld — {card} on {pile} was correct; no penalty.", head=head, card=card(event["card"]), pile=pile(event["pile"], seat))


def _correction(event: Mapping[str, Any], seat: int | None) -> Said:
    return _("{card} moves from {source} to {pile}.", card=card(event["card"]), source=pile(event["from_pile"], seat),
             pile=pile(event["pile"], seat))


def _penalty(event: Mapping[str, Any], seat: int | None) -> Said:
    donor, to = event["donor"], event["seat"]
    if event["card"] is None:
        if donor == seat:
            return _("You have no cards and give none.")
        return _("seat {donor} has no cards and gives none.", donor=donor)
    given = card(event["card"])
    if donor == seat:
        return _("You give {card} to the bottom of seat {seat}'s stock.", card=given, seat=to)
    if to == seat:
        return _("seat {donor} gives {card} to the bottom of your stock.", donor=donor, card=given)
    return _("seat {donor} gives {card} to the bottom of seat {seat}'s stock.", donor=donor, card=given, seat=to)


def _recycle(event: Mapping[str, Any], seat: int | None) -> Said:
    count = event["count"]
    if event["seat"] == seat:
        return ngettext("You turned your discard over: {count} card becomes the stock.",
                        "You turned your discard over: {count} cards become the stock.", count, count=count)
    return ngettext("seat {seat} turned their discard over: {count} card becomes the stock.",
                    "seat {seat} turned their discard over: {count} cards become the stock.", count, seat=event["seat"], count=count)


def _deal(event: Mapping[str, Any], seat: int | None) -> Said:
    commons = Joined(tuple(map(card_word, event["commons"])), " ")
    values = {"hand": event["hand"] + 1, "dealer": event["dealer"], "commons": commons, "first": event["first"]}
    if event["first"] == seat:
        return _("Hand {hand}: seat {dealer} deals; common piles {commons}; you to start.", **values)
    return _("Hand {hand}: seat {dealer} deals; common piles {commons}; seat {first} to start.", **values)


def _win(event: Mapping[str, Any], seat: int | None) -> Said:
    values = {"seat": event["seat"], "hand": event["hand"] + 1}
    mine = event["seat"] == seat
    if event["how"] == "shed":
        return _("You have no cards left and won hand {hand}.", **values) if mine else _("seat {seat} has no cards left and won hand {hand}.", **values)
    if mine:
        return _("You gave away your last card and won hand {hand}.", **values)
    return _("seat {seat} gave away their last card and won hand {hand}.", **values)


def _draw(event: Mapping[str, Any], seat: int | None) -> Said:
    why = _("the turn limit") if event["reason"] == "turn_limit" else _("an exact repetition of the position")
    return _("Hand {hand} is drawn after {exposures} exposures ({why}).", hand=event["hand"] + 1, exposures=event["exposures"], why=why)


def _match_end(event: Mapping[str, Any], seat: int | None) -> Said:
    winners = event["winners"]
    if not winners:
        return _("Match over: no hand was won.")
    shown = standings(event["wins"], seat)
    if len(winners) > 1:
        names = Joined(tuple(_subject(s, seat) for s in winners), ", ")
        return _("Match over: {names} share the match ({standings}).", names=names, standings=shown)
    if winners[0] == seat:
        return _("Match over: You won the match ({standings}).", standings=shown)
    return _("Match over: seat {seat} won the match ({standings}).", seat=winners[0], standings=shown)


_NARRATORS: dict[str, Callable[[Mapping[str, Any], int | None], Words | None]] = {
    "expose": _expose, "place": _place, "call": _call, "correction": _correction, "penalty": _penalty, "recycle": _recycle,
    "deal": _deal, "win": _win, "draw": _draw, "match_end": _match_end,
}


def narration(event: Mapping[str, Any], seat: int | None) -> Words | None:
    """What `event` tells `seat` (None: a spectator) as a value worded when read, or None to stay quiet."""
    narrate = _NARRATORS.get(event["type"])
    return None if narrate is None else narrate(event, seat)
