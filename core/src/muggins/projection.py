"""What one seat may be shown of a match: its view and table, the events it may see, its pending decision without the answers.

This module owns the per-seat projection that every front end draws from
(the terminal, a browser table, anything that shows a match to a person):
`visible_events(events, seat)` keeps the events without a `to` and those
whose `to` names the seat (a spectator, seat None, sees only the public
ones); `seat_decision(decision, game)` turns a decision into plain data — its
kind, prompt, whether it is compact and waits, each choice's text, label
and keys (and, where the game's `choice_move` says so, the `card` it moves
— or the `cards`, when it moves several at once — and the zone they go
`to`), the text of its standing answer, and its number
`families` (`choice_families`: choices that are the same words around one
whole number, `muggins 1` … `muggins 29`, shown as one number control) —
and never carries `correct` (which choices are right) or anything of the
window beyond what the prompt says (whether a claim would be upheld);
`seat_update(state, seat, events)` bundles the seat's view, the game's
`layout` of the table for it, the events it may see with the game's words
for them, and its decision when it is the seat to act; and
`window_decisions(state)` gives the decision every remaining responder of
an open window would face if those before it let the move stand, in the
order they are polled, so a front end can show one window to all of its
people at once and submit their answers in that order. Likewise
`order_free_group(state)` names the seats a game declares order-free now
(`State.order_free_seats`: everyone lays away at once) and
`order_free_decisions(state)` gives each of them the decision it will face
at its turn, so a front end can ask them all at once and apply their answers
in seat order (`order_free_turns` adds the state at each seat's turn, whose
view a bot asked early is shown). For a match that is
over, `all_seeing_update(state, events)` shows the table as every seat
together saw it (`all_seeing_layout`: each zone with the face-up cards of
whichever seat saw most of it, so every hand is face up), for looking back
over a finished match step by step; it is never for a match being played. The contract kit checks the projection
with its privacy rule (`muggins.testing`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from .actions import Action, Decision, standing_answer, typed_in
from .game import Event, Game, State, capabilities_of
from .i18n import current_language

__all__ = ["FAMILY_SIZE", "all_seeing_layout", "all_seeing_update", "choice_families", "choice_moves", "order_free_decisions",
           "order_free_group", "order_free_turns", "seat_decision", "seat_update", "visible_events", "window_decisions"]

FAMILY_SIZE = 5
"""The fewest choices that make a number family: below it a front end shows each choice as it is."""

#: One whole number standing as a word of a choice's text (`muggins 12`): no sign, no leading zero, so `05` is no number.
#: Captured, so that splitting a text by it gives [before, number, after] exactly when it holds one.
_WHOLE_NUMBER = re.compile(r"(?<!\S)(0|[1-9][0-9]*)(?!\S)")
_split_at_numbers = _WHOLE_NUMBER.split

#: What `seat_decision` worked out for a tuple of choices (the card moves, the families), by the identity of the
#: tuple and of the game: games share decisions (cribbage's count and window choices are module constants), so a
#: frame usually finds it here. Each entry keeps the tuple itself, so its id cannot be reused while it is kept.
_WORKED_OUT: dict[tuple[int, int, str], tuple[Any, ...]] = {}
_WORKED_OUT_SIZE = 256


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see: those without `to`, and those whose `to` names it (None, a spectator: only those without `to`)."""
    if seat is None:
        return [e for e in events if "to" not in e]
    return [e for e in events if "to" not in e or seat in e["to"]]


def _mover(game: Game | None) -> Callable[[Action], Any] | None:
    """The game's `choice_move`, or None when it has none of its own (every frame then skips asking it per choice)."""
    if game is None or not capabilities_of(game).choice_move:
        return None
    return game.choice_move


def choice_moves(decision: Decision, game: Game | None) -> list[tuple[Any, str | None] | None] | None:
    """Per choice, the `(card code or codes, zone id or None)` the game's `choice_move` says it moves, or None; None when the game has no `choice_move`."""
    mover = _mover(game)
    if mover is None:
        return None
    return [mover(choice) for choice in decision.choices]


def _family_members(texts: Sequence[str], skip: Sequence[Any] | None) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """Choices by the words around their one whole number: (text before, text after) -> [(index, number)], in order of first member.

    One pass over the texts, one regular-expression split each: this runs
    for every frame. A text with no number, or two (which one would vary?),
    or braces (the template's own marks), belongs to no family; so does a
    choice `skip` marks (one that moves a card: a front end plays it on the
    table).
    """
    groups: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for index, text in enumerate(texts):
        parts = _split_at_numbers(text)
        if len(parts) != 3 or (skip is not None and skip[index]) or "{" in text or "}" in text:
            continue  # no number, or two or more: [before, number, between, number, after…]
        before, number, after = parts
        key = (before, after)
        members = groups.get(key)
        if members is None:
            groups[key] = [(index, int(number))]
        else:
            members.append((index, int(number)))
    return groups


def _words(before: str, after: str) -> str:
    return " ".join(f"{before} {after}".split())


def _label_words(labels: Sequence[str], members: Sequence[tuple[int, int]]) -> str:
    """The words of the members' labels around their numbers when every label is the same words around its own number, else ""."""
    shared = None
    for index, number in members:
        parts = _split_at_numbers(labels[index])
        if len(parts) != 3 or int(parts[1]) != number:
            return ""
        key = (parts[0], parts[2])
        if shared is None:
            shared = key
        elif key != shared:
            return ""
    return _words(*shared) if shared else ""


def choice_families(texts: Sequence[str], labels: Sequence[str], skip: Sequence[Any] | None = None) -> tuple[list[dict[str, Any]], list[tuple[int, int] | None]]:
    """The number families among choices (by their `texts` and `labels`), and each choice's (family id, number) or None.

    A family is at least `FAMILY_SIZE` choices whose texts are the same
    words around one whole number, the numbers running from `min` to `max`
    without a gap (a number control offers every number between):
    `{"id", "template": "muggins {n}", "words": "muggins", "min", "max",
    "label"}`, where `template.replace("{n}", str(n))` is the member's
    text and `label` the words of the members' labels around their numbers
    (the text's words when the labels have none: `0` … `29` for `announce
    0` … `announce 29`). Choices that `skip` marks are never members.
    Generic: no game names or declares a family.
    """
    families: list[dict[str, Any]] = []
    members: list[tuple[int, int] | None] = [None] * len(texts)
    for (before, after), found in _family_members(texts, skip).items():
        if len(found) < FAMILY_SIZE:
            continue
        numbers = {number for _, number in found}
        low, high = min(numbers), max(numbers)
        if len(numbers) != len(found) or high - low + 1 != len(found):
            continue  # a gap (or a number twice): a control would offer a choice that is not there
        family = len(families)
        words = _words(before, after)
        # Labels that are the texts themselves (`muggins 4`) say the same words: only others are read.
        same = all(labels[index] == texts[index] for index, _ in found)
        families.append({"id": family, "template": f"{before}{{n}}{after}", "words": words, "min": low, "max": high,
                         "label": words if same else (_label_words(labels, found) or words)})
        for index, number in found:
            members[index] = (family, number)
    return families, members


def _families_in(families: list[dict[str, Any]], members: Sequence[tuple[int, int] | None], offered: Sequence[Action], game: Game | None) -> None:
    """Each family whose label is only its English words (`announce`) labelled as a player of the language in force types it (`annoncer`)."""
    if game is None:
        return
    for family in families:
        if family["label"] != family["words"]:
            continue  # the game's own labels, already in the reader's language
        at = next((i for i, member in enumerate(members) if member is not None and member[0] == family["id"]), None)
        if at is None:
            continue
        typed = typed_in(offered[at], game)
        if typed != str(offered[at]):
            number = str(members[at][1])  # type: ignore[index]
            family["label"] = " ".join(word for word in typed.split() if word != number) or family["label"]


def seat_decision(decision: Decision, game: Game | None = None) -> dict[str, Any]:
    """A pending decision as the seat to act may be shown it: plain data, without `correct`.

    `choices` lists each choice's `text` (what is submitted back), `label`
    (what a menu shows) and `keys` (its shortcuts); with the `game`, a
    choice that its `choice_move` says moves a card also carries `card`
    (the code) and `to` (the layout zone's id, or None); one that moves
    several cards at once (a tuple or list of codes first) carries `cards`
    (the codes, in the game's order) and `to` instead. `families` lists
    the number families (`choice_families`; a choice that moves a card is
    never a member, since it is played on the table), and each member
    choice carries `family` (the family's id) and `n` (its number); the
    members stay in `choices`, so a front end that knows no families still
    works. `standing` is the text of the choice that lets the move stand,
    or None; `info` is the game's extra data for the seat, which the
    contract kit checks for privacy.
    """
    standing = standing_answer(decision)
    offered = decision.choices
    # Labels are worded in the reader's language (a server frames one decision for several), so it is part of the key.
    key = (id(offered), id(game), current_language())
    known = _WORKED_OUT.get(key)
    if known is not None and known[0] is offered and known[1] is game:
        shown_choices, moves, families, members = known[2:]
    else:
        shown_choices = [(str(c), c.label, tuple(c.keys)) for c in offered]
        moves = choice_moves(decision, game)
        families, members = choice_families([c[0] for c in shown_choices], [c[1] for c in shown_choices], moves)
        _families_in(families, members, offered, game)
        if isinstance(offered, tuple):  # a list could change under its key, so it is worked out afresh each time
            if len(_WORKED_OUT) >= _WORKED_OUT_SIZE:
                _WORKED_OUT.clear()  # one call, safe while another table's thread reads it; the next frames fill it again
            _WORKED_OUT[key] = (offered, game, shown_choices, moves, families, members)
    choices = [{"text": text, "label": label, "keys": list(keys)} for text, label, keys in shown_choices]
    if moves is not None:
        for shown, move in zip(choices, moves):
            if move is None:
                continue
            codes, shown["to"] = move
            if isinstance(codes, (tuple, list)):
                shown["cards"] = list(codes)  # the frame's own list: a front end may change it
            else:
                shown["card"] = codes
    if families:
        for shown, member in zip(choices, members):
            if member is not None:
                shown["family"], shown["n"] = member
    return {
        "seat": decision.seat,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "compact": decision.compact,
        "waits": decision.waits,
        "choices": choices,
        "families": [dict(family) for family in families],  # the frame's own copies: a front end may change them
        "standing": None if standing is None else str(standing),
        "info": dict(decision.info),
    }


def seat_update(state: State, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any]:
    """What `seat` is shown after `events`: its view and the game's layout of it, the events it may see and the game's lines for them, and its decision if it is to act.

    `layout` is the game's `Game.layout(view, seat)` (None when the game
    does not describe its table: a front end then shows `render`'s text);
    `step` counts the decisions taken so far when the state knows it (front
    ends echo it back so a late answer to an old decision can be refused);
    `over` says whether the match has ended.
    """
    game = state.game
    seen = visible_events(events, seat)
    lines = [line for line in (game.describe(e, seat) for e in seen) if line is not None]
    decision = state.decision()
    mine = decision is not None and seat is not None and decision.seat == seat
    view = dict(state.view(seat))
    return {
        "seat": seat,
        "view": view,
        "layout": game.layout(view, seat) if capabilities_of(game).layout else None,
        "events": seen,
        "lines": lines,
        "decision": seat_decision(decision, game) if mine else None,  # type: ignore[arg-type]
        "to_act": None if decision is None else decision.seat,
        "over": decision is None,
    }


def _face_up(zone: Any) -> int:
    """How many of a layout zone's cards are face up; -1 when all of them are face down (an empty hand shown face up is 0)."""
    cards = zone.get("cards") if isinstance(zone, dict) else None
    return len(cards) if isinstance(cards, list) else -1


def all_seeing_layout(state: State) -> dict[str, Any] | None:
    """The game's layout of the table as every seat together sees it: what a look back over a finished match shows.

    Built from the layouts the game gives each seat and the spectators, so
    no game describes it apart: the spectators' layout (its zones' order
    and labels, its counters and track), each zone with the face-up cards
    of whichever seat's layout shows most of it (a hand from its owner's),
    and after them any zone only a seat's layout has. A card no seat saw
    at that moment (a stock, a crib before its show) stays face down. None
    when the game does not describe its table.
    """
    game = state.game
    if not capabilities_of(game).layout:
        return None
    describe_table = game.layout
    shown = describe_table(dict(state.view(None)), None)
    if not isinstance(shown, dict) or not isinstance(shown.get("zones"), list):
        return shown
    zones: dict[Any, dict[str, Any]] = {}
    for zone in shown["zones"]:
        if isinstance(zone, dict):
            zones.setdefault(zone.get("id"), dict(zone))
    for seat in range(state.players):
        seen = describe_table(dict(state.view(seat)), seat)
        for zone in (seen or {}).get("zones") or ():
            if not isinstance(zone, dict):
                continue
            known = zones.get(zone.get("id"))
            if known is None:
                zones[zone.get("id")] = dict(zone)
            elif _face_up(zone) > _face_up(known):
                # The spectators' words for the zone ("seat 2's hand"), not its owner's ("Your hand").
                known["cards"] = list(zone["cards"])
    return {**shown, "zones": list(zones.values())}


def all_seeing_update(state: State, events: Sequence[Event] = ()) -> dict[str, Any]:
    """One step of a finished match as a look back shows it: the table every seat together saw, and the narration and standings of `events`.

    `layout` is `all_seeing_layout`; `renders` each seat's `render` text
    (for a game that does not describe its table); `lines` and `standings`
    narrate the events as a spectator is told them (a private event's cards
    are in the hands shown); `to_act` and `over` as in `seat_update`.
    Everything is face up: for a match that is over, never one being played.
    """
    game = state.game
    seen = visible_events(events, None)
    decision = state.decision()
    layout = all_seeing_layout(state)
    return {
        "layout": layout,
        "renders": None if layout is not None else [game.render(dict(state.view(seat)), seat) for seat in range(state.players)],
        "lines": [line for line in (game.describe(e, None) for e in seen) if line is not None],
        "standings": [list(found) for found in (game.standings(e, None) for e in seen) if found],
        "to_act": None if decision is None else decision.seat,
        "over": decision is None,
    }


def window_decisions(state: State) -> list[Decision]:
    """The decisions of every remaining responder of the open window, in polling order, each as it would be if those before let the move stand.

    Empty when no window is open. The first is the pending decision itself;
    the others are worked out on a copy of the state, so `state` is not
    changed. A front end shows them all at once and submits the answers in
    this order; once an answer settles the window, the later ones are not
    asked (the match moves on, and they are stale).
    """
    window = state.open_window()
    first = state.decision()
    if window is None or first is None:
        return []
    found = [first]
    probe = state.clone()
    decision = first
    for seat in window.remaining[1:]:
        standing = standing_answer(decision)
        if standing is None:
            break
        probe.apply(decision.seat, standing)
        still = probe.open_window()
        if still is None or still.current != seat or still.subject != window.subject:  # settled, or another window
            break
        decision = probe.decision()
        if decision is None or decision.seat != seat:
            break
        found.append(decision)
    return found


def order_free_group(state: State) -> tuple[int, ...]:
    """The seats the state declares order-free now (`State.order_free_seats`), the seat to act first; () when none.

    Also () when the match is over, a challenge window is open (its
    responders are polled as `window_decisions` says), or the declaration
    does not start with the seat to act or names a seat twice: a front end
    then asks one seat at a time, as for a game that declares nothing (the
    contract kit reports such a declaration as the game's fault).
    """
    if not capabilities_of(state.game).order_free_seats:
        return ()
    decision = state.decision()
    if decision is None or state.open_window() is not None:
        return ()
    seats = tuple(state.order_free_seats())
    if not seats or seats[0] != decision.seat or len(set(seats)) != len(seats):
        return ()
    return seats


def _order_free_walk(state: State, keep_states: bool) -> list[tuple[Decision, State]]:
    """Each seat of the order-free group with its decision and the state at its turn (the same copy for all when not `keep_states`)."""
    seats = order_free_group(state)
    if not seats:
        return []
    decision = state.decision()
    assert decision is not None
    found = [(decision, state)]
    at = state
    for seat in seats[1:]:
        if keep_states or at is state:
            at = at.clone()
        # Any answer will do: the game promises the later seats' decisions do not hang on it.
        at.apply(decision.seat, decision.choices[0])
        decision = at.decision()
        if decision is None or decision.seat != seat:
            acting = None if decision is None else decision.seat
            raise ValueError(f"{state.game.name} declared seats {list(seats)} order-free, but after seat {found[-1][0].seat}'s "
                             f"answer seat {acting} is to act, not seat {seat}")
        found.append((decision, at))
    return found


def order_free_decisions(state: State) -> list[Decision]:
    """The decision each seat of the order-free group will face at its turn, in seat order; [] when the state declares none.

    The first is the pending decision itself. The others are worked out
    generically, on one copy of the state (`state` is not changed): the
    copy takes any choice for each earlier seat, which is enough because
    the game promises (`State.order_free_seats`, checked by the contract
    kit) that no answer of an earlier seat changes a later seat's decision.
    A front end offers them all at once, holds the answers, and submits
    them in this order once every seat has answered. ValueError when the
    game breaks its word (another seat turns out to act).
    """
    return [decision for decision, _ in _order_free_walk(state, keep_states=False)]


def order_free_turns(state: State) -> list[tuple[Decision, State]]:
    """As `order_free_decisions`, each decision with the state at that seat's turn: `state` itself for the first, a copy for each later one.

    The game promises the view at a seat's turn does not hang on the
    earlier seats' answers either, so a bot asked before its turn is shown
    the view of its copy and chooses as it would at its turn.
    """
    return _order_free_walk(state, keep_states=True)
