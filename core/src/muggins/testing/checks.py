"""The named checks of the contract kit: each concern's step checks, small functions grouped into a `Concern`.

`PLAY` (decisions are well formed, only the seat to act may act, the piles
conserve the deck, events and results are JSON-ready and agree, the match
ends within its limit) runs in every walk, since the others walk matches
through it. `PRIVACY` (nothing a seat receives names a card hidden from it),
`WINDOWS` (the game's word on its windows, equal waits, one-call settlement
equals answering one by one), `RESTORE` (save/restore at checkpoints
continues identically), `DETERMINISM` and `RECORDS` (a recorded rerun takes
the same decisions and events, a quiet one ends the same, with the state's
`play_forced` too, and the record round-trips and replays) are
the others, with `LAYOUT` (for a game that describes its table,
`Game.layout` and `Game.choice_move`: every seat's layout is well formed and
shows it no hidden card, and every card a choice moves lies face up in the
acting seat's layout and goes to one of its zones) and `DETERMINIZE` (for a
game that implements `State.determinize`: `check_determinize` at some
decisions), and `SEARCH_PRIOR` (for a game that gives the search a prior,
`Game.search_prior`: `muggins.testing.search_checks`), and `KEYS` (no two
choices of a decision share a key or a typed form in any language the game
speaks: `muggins.testing.keys`), and `ANY_ORDER` (a group of seats the game
declares order-free decides alike whatever the others answered and in any
order: `muggins.testing.order_free`), and `HIDDEN_ANSWERS` (a claim's right
answer, and the bot's, are the same in every deal of the cards hidden from
the responder: `muggins.testing.hidden_answers`); `CONCERNS` lists
them all in the order `check_game` runs them.
The privacy helpers (`check_view_privacy`, `check_events_privacy`,
`hidden_snapshot`, `check_layout_privacy`), `check_determinize`,
`check_result_fields` and `check_sides` (a game's partnerships against
its results) are public through `muggins.testing`.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Sequence

from ..actions import NotYourTurn, find_action, standing_answer
from ..cards import CARD_CODES, Card, cards_named_in, parse_card
from ..engine import Match, MatchAborted
from ..game import Game, State, capabilities_of
from ..piles import ConservationCheck
from ..players import make_players
from ..projection import seat_update, visible_events
from ..records import RecordError
from ..replay import replay
from ..rng import derive_rng
from .walk import PLAY_NAME, Concern, MatchWalk, Rerun, costly

REVEALS = "reveals"
"""The event key listing cards an event shows openly, which the privacy check then allows."""


def _json_ready(value: Any, what: str) -> str:
    """The JSON text of `value`; AssertionError unless it is plain JSON data that survives a round trip."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-ready: {exc}") from None
    if json.loads(text) != value:
        raise AssertionError(f"{what} changes through JSON (tuples or non-string keys?): {value!r}")
    return text


def _saved(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# -- play ------------------------------------------------------------------------------------
def opening_events_are_json(walk: MatchWalk) -> None:
    _json_ready(walk.opening, "opening events")


def the_deal_conserves_the_deck(walk: MatchWalk) -> None:
    walk.conserved = ConservationCheck(walk.game.deck(walk.rules, walk.players))
    walk.conserved(walk.state.piles())
    walk.limit = walk.game.max_decisions(walk.rules, walk.players)


def decision_is_well_formed(walk: MatchWalk, decision: Any) -> None:
    """Within the declared limit, a seat that exists, a choice offered, correct choices among them, no two alike."""
    step, seat = len(walk.decisions), decision.seat
    if step >= walk.limit:
        raise walk.fail(f"no end within the declared limit of {walk.limit} decisions")
    if not 0 <= seat < walk.players:
        raise walk.fail(f"seat {seat} to act does not exist")
    if not decision.choices:
        raise walk.fail(f"decision {step} for seat {seat} offers no choice")
    if not decision.correct:
        raise walk.fail(f"decision {step} for seat {seat} names no correct choice")
    for right in decision.correct:
        if right not in decision.choices:
            raise walk.fail(f"correct choice {right} is not among the choices")
    texts = [str(c) for c in decision.choices]
    if len(set(t.lower() for t in texts)) != len(texts):
        raise walk.fail(f"two choices share a text: {texts}")


@costly
def only_the_seat_to_act_may_act(walk: MatchWalk, decision: Any) -> None:
    """At checkpoints: another seat's action is refused with NotYourTurn and leaves the state as it was."""
    if not walk.checkpoint:
        return
    state, seat = walk.state, decision.seat
    other = (seat + 1) % state.players
    if other == seat:
        return
    before = _saved(state)
    try:
        state.apply(other, decision.choices[0])
    except NotYourTurn:
        pass
    else:
        raise walk.fail(f"seat {other} acted although seat {seat} was to act")
    if _saved(state) != before:
        raise walk.fail("a refused out-of-turn action changed the state")


def events_are_json(walk: MatchWalk, decision: Any, action: Any, events: list) -> None:
    _json_ready(events, f"events of decision {len(walk.decisions) - 1}")


def piles_conserve_the_deck(walk: MatchWalk, decision: Any, action: Any, events: list) -> None:
    walk.conserved(walk.state.piles())


def the_result_is_sound(walk: MatchWalk, result: Any) -> None:
    """A result once no decision is left, naming seats that exist, JSON-ready, agreeing with the last result event."""
    if result is None:
        raise walk.fail("no decision is pending but result() is None")
    if any(not 0 <= w < walk.players for w in result.winners):
        raise walk.fail(f"result names seats that do not exist: {result.winners}")
    _json_ready(result.to_dict(), "result")
    events = [e for step in walk.events for e in step]
    problem = check_result_fields(walk.game, walk.rules, walk.players, events, result) or check_sides(
        walk.game, walk.rules, walk.players, events, result)
    if problem:
        raise walk.fail(problem)


def check_result_fields(game: Game, rules: Any, players: int, events: Sequence[dict], result: Any) -> str | None:
    """What is wrong with the structured fields a match's last result event carries, or None.

    Narration of the end of a match is built from event fields, so they must
    agree with `result`. The last event carrying `winners` is checked:
    `winners` must be the result's winners; with `scores` (per seat, or per
    side of `Game.sides`) and a `target`, some winner must have reached it
    (unless `lowball` is true or the match stopped at its limit); with
    `skunk_line` and `skunked` (one flag per seat), exactly the seats of
    losing sides below the line are skunked, and likewise `double_skunk_line`
    with `double_skunked` (a line of None means nobody; not checked in
    lowball). A game whose events carry none of these fields passes.
    """
    final = next((e for e in reversed(events) if isinstance(e, dict) and "winners" in e), None)
    if final is None:
        return None
    kind = final.get("type", "?")
    if sorted(final["winners"] or []) != sorted(result.winners):
        return f"the {kind} event names winners {final['winners']}, but the result's are {list(result.winners)}"
    points = _points_per_seat(game, rules, players, final.get("scores"))
    if points is None or final.get("lowball"):
        return None
    winners = set(result.winners)
    target = final.get("target")
    if isinstance(target, (int, float)) and winners and not result.limit_reached and not any(points[w] >= target for w in winners):
        return f"the {kind} event names target {target}, which no winner reached (scores {final['scores']})"
    for line_key, flags_key in (("skunk_line", "skunked"), ("double_skunk_line", "double_skunked")):
        if line_key not in final or not isinstance(final.get(flags_key), list) or len(final[flags_key]) != players:
            continue
        line = final[line_key]
        for seat in range(players):
            expected = seat not in winners and line is not None and points[seat] < line
            if bool(final[flags_key][seat]) != expected:
                return (f"the {kind} event says seat {seat} is{'' if final[flags_key][seat] else ' not'} {flags_key.replace('_', '-')} "
                        f"with {points[seat]} points and {line_key} {line}")
    return None


def check_sides(game: Game, rules: Any, players: int, events: Sequence[dict], result: Any) -> str | None:
    """What is wrong with the game's sides (`Game.sides`) against a match's result, or None.

    Every front end reads a result with partnerships by side: a side's score
    is the sum of its seats' `Result.scores` (the terminal's result lines,
    `simulate`'s side figures, the ladder's places), and a side wins or loses
    whole. So the sides must share out the seats, each seat in exactly one
    side; the winners must be whole sides (one partner winning without the
    other reads as a lone seat's win); and where the last event naming
    `winners` gives one score per side (`scores`), each side's seats' result
    scores must add up to it: a game that gives each partner its side's
    score has every side's total doubled. A game without sides passes.
    """
    sides = game.sides(rules, players)
    if sides is None:
        return None
    seats = sorted(seat for side in sides for seat in side)
    if seats != list(range(players)) or any(len(side) == 0 for side in sides):
        return f"sides {[list(side) for side in sides]} do not share out seats 0 to {players - 1}, each seat in exactly one side"
    winners = set(result.winners)
    for side in sides:
        won = [seat for seat in side if seat in winners]
        if won and len(won) != len(side):
            lost = [seat for seat in side if seat not in winners]
            return (f"seat{'s' if len(won) > 1 else ''} {won} won without {'partners' if len(lost) > 1 else 'partner'} {lost}: "
                    f"winners are whole sides (sides {[list(side) for side in sides]}, winners {list(result.winners)})")
    final = next((e for e in reversed(events) if isinstance(e, dict) and "winners" in e), None)
    told = final.get("scores") if final is not None else None
    if (not isinstance(told, list) or len(told) != len(sides) or len(told) == players or len(result.scores) != players
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in told)):
        return None
    totals = [sum(result.scores[seat] for seat in side) for side in sides]
    if any(abs(total - score) > 1e-9 for total, score in zip(totals, told)):
        return (f"the {final.get('type', '?')} event scores the sides {told}, but the result's seat scores {list(result.scores)} "
                f"add up to {totals} by side: a side's score is the sum of its seats' (give each seat the points it brought "
                "its side, not its side's score)")
    return None


def _points_per_seat(game: Game, rules: Any, players: int, scores: Any) -> list[float] | None:
    """Each seat's points from an event's `scores`: per seat, or per side of `Game.sides`; None if neither fits."""
    if not isinstance(scores, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores):
        return None
    if len(scores) == players:
        return list(scores)
    sides = game.sides(rules, players)
    if sides and len(sides) == len(scores):
        by_seat: dict[int, float] = {seat: scores[n] for n, side in enumerate(sides) for seat in side}
        if set(by_seat) == set(range(players)):
            return [by_seat[seat] for seat in range(players)]
    return None


# -- privacy ---------------------------------------------------------------------------------
# A card code as a whole JSON string (a key or a value); matching the JSON text is
# much cheaper than walking the data in Python, and views are large.
_CODE_STRING = re.compile(r'"([2-9TJQKA][CDHS])"')


def _card_text(value: Any) -> str:
    return value.code if isinstance(value, Card) else str(value)


def _codes_in(value: Any, found: set[str], text: str | None = None) -> None:
    """Add to `found` every card code `value` names as a whole string (Card objects count too)."""
    if text is None:
        text = json.dumps(value, default=_card_text)
    found.update(_CODE_STRING.findall(text))


def _hidden(state: State, seat: int | None, cache: dict) -> Any:
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = state.hidden_from(seat)
    return found


def _named_hidden(codes: set[str], hidden: Any) -> set[str]:
    """The codes among `codes` whose cards are in `hidden` (compared as cards: few lookups, no conversion of `hidden`)."""
    return {code for code in codes if parse_card(code) in hidden}


def check_view_privacy(state: State, seat: int | None) -> None:
    """Raise AssertionError if `view(seat)` names a card hidden from that seat."""
    view = state.view(seat)
    text = _json_ready(view, f"view({seat})")
    hidden = state.hidden_from(seat)
    if hidden:
        shown: set[str] = set()
        _codes_in(view, shown, text)
        leaked = _named_hidden(shown, hidden)
        if leaked:
            raise AssertionError(f"view({seat}) shows hidden cards {sorted(leaked)}")


def hidden_snapshot(state: State) -> dict:
    """What each seat (and a spectator) cannot see now, for `check_events_privacy`'s `before`."""
    cache: dict = {}
    for seat in [*range(state.players), None]:
        _hidden(state, seat, cache)
    return cache


def check_events_privacy(state: State, events: Sequence[dict], what: str, before: dict | None = None) -> None:
    """Raise AssertionError if an event names a card hidden from a seat it reaches.

    An event reaches the seats in its `to` list, or every seat and a
    spectator when it has none. A card is hidden from a seat when
    `state.hidden_from(seat)` names it now, after the move, and also named
    it before the move (`before`, from `hidden_snapshot`; a card the move
    covers or uncovers was in sight). Cards listed under the event's
    `"reveals"` key are shown openly by the rules and allowed.
    """
    cache: dict = {}
    everyone = [*range(state.players), None]
    for ev in events:
        named: set[str] = set()
        _codes_in(ev, named)
        if not named:
            continue
        named.difference_update(ev.get(REVEALS, ()))
        if not named:
            continue
        for seat in ev.get("to", everyone):
            leaked = _named_hidden(named, _hidden(state, seat, cache))
            if leaked and before is not None:
                leaked = _named_hidden(leaked, before[seat])
            if leaked:
                whom = "a spectator" if seat is None else f"seat {seat}"
                raise AssertionError(
                    f"{what}: event {ev.get('type')!r} reaches {whom} and names cards hidden from it: {sorted(leaked)} "
                    f"(if the rules show these cards to {whom} at this moment, list them in the event as "
                    f'"{REVEALS}": {json.dumps(sorted(leaked))})'
                )


#: A card as a frame may spell it: a code standing alone in text ("discard 5H JC"), or rank and suit symbol ("6♥", "10♦").
def check_update_privacy(state: State, seat: int | None, update: Any, what: str, before: dict | None = None) -> None:
    """Raise AssertionError if what a front end would send `seat` (any JSON-ready data) names a card hidden from it.

    Every spelling counts (`cards_named_in`): codes as values or inside
    action texts, and the glyphs of the game's narration. As for events, a
    card counts as hidden when `hidden_from(seat)` names it now and, with
    `before` (`hidden_snapshot` before the move), named it then too; cards
    an event of the update lists under `"reveals"` are allowed.
    """
    text = json.dumps(update, default=_card_text, ensure_ascii=False)
    named = cards_named_in(text)
    if not named:
        return
    for ev in update.get("events", ()) if isinstance(update, dict) else ():
        named.difference_update(ev.get(REVEALS, ()))
    leaked = _named_hidden(named, state.hidden_from(seat))
    if leaked and before is not None:
        leaked = _named_hidden(leaked, before[seat])
    if leaked:
        whom = "a spectator" if seat is None else f"seat {seat}"
        raise AssertionError(f"{what}: what {whom} is shown names cards hidden from it: {sorted(leaked)}")


@costly
def updates_hide_hidden_cards(walk: MatchWalk, decision: Any, action: Any, events: list) -> None:
    """What a seat (or a spectator) would be shown after the move (`muggins.projection.seat_update`) names no card hidden from it.

    Every seat and a spectator at checkpoints, whole; at other steps the
    words of the private events for the seats they reach (where a
    narration most easily leaks), since views and events are checked on
    their own at every step.
    """
    state = walk.state
    where = f"decision {len(walk.decisions) - 1}"
    if walk.checkpoint:
        for viewer in [*range(walk.players), None]:
            update = seat_update(state, viewer, events)
            if update["decision"] is not None:
                if "correct" in update["decision"]:
                    raise AssertionError(f"the decision shown to seat {viewer} carries its correct choices")
                del update["decision"]["info"]  # checked at every step by decision_info_hides_hidden_cards, with its own message
            check_update_privacy(state, viewer, update, where, walk.hidden_before)
        return
    for viewer in sorted({seat for ev in events for seat in ev.get("to", ())}):
        seen = visible_events(events, viewer)
        check_update_privacy(state, viewer, {"events": seen, "lines": [state.game.describe(e, viewer) for e in seen]}, where, walk.hidden_before)


@costly
def opening_events_hide_hidden_cards(walk: MatchWalk) -> None:
    check_events_privacy(walk.state, walk.opening, "opening events")


@costly
def views_hide_hidden_cards(walk: MatchWalk, decision: Any) -> None:
    """The acting seat's view at every step; at checkpoints every seat's and a spectator's."""
    state = walk.state
    if walk.checkpoint:
        for viewer in [*range(walk.players), None]:
            check_view_privacy(state, viewer)
    else:
        check_view_privacy(state, decision.seat)


@costly
def decision_info_hides_hidden_cards(walk: MatchWalk, decision: Any) -> None:
    if decision.info:
        named: set[str] = set()
        _codes_in(dict(decision.info), named)
        leaked = _named_hidden(named, walk.state.hidden_from(decision.seat))
        if leaked:
            raise AssertionError(f"the decision's info for seat {decision.seat} names cards hidden from it: {sorted(leaked)}")


@costly
def note_what_is_hidden_before_the_move(walk: MatchWalk, decision: Any) -> None:
    walk.hidden_before = hidden_snapshot(walk.state)


@costly
def events_hide_hidden_cards(walk: MatchWalk, decision: Any, action: Any, events: list) -> None:
    check_events_privacy(walk.state, events, f"decision {len(walk.decisions) - 1}", walk.hidden_before)


# -- layout ----------------------------------------------------------------------------------
def describes_its_table(game: Game) -> bool:
    """Whether `game` offers `Game.layout` or `Game.choice_move` (a game without either has nothing for the layout check)."""
    offers = capabilities_of(game)
    return offers.layout or offers.choice_move


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _zones_seen(layout: Any, what: str) -> tuple[set[str], set[str]]:
    """(zone ids, face-up card codes) of a layout; AssertionError naming the first thing not in the shape `Game.layout` documents."""
    zones = layout.get("zones") if isinstance(layout, dict) else None
    if not isinstance(zones, list):
        raise AssertionError(f"{what} must be a dict with a list of zones under 'zones', not {json.dumps(layout, default=str)[:120]}")
    ids: set[str] = set()
    face_up: set[str] = set()
    for zone in zones:
        name = zone.get("id") if isinstance(zone, dict) else None
        if not isinstance(name, str):
            raise AssertionError(f"{what}: a zone must be a dict with a text id, not {json.dumps(zone, default=str)[:120]}")
        if name in ids:
            raise AssertionError(f"{what}: two zones have the id {name!r}")
        ids.add(name)
        cards, count = zone.get("cards"), zone.get("count")
        shown = 0
        if cards is not None:
            if type(cards) is not list or not CARD_CODES.issuperset(cards):
                raise AssertionError(f"zone {name!r} of {what}: cards must be None or a list of card codes ('7H', 'TS'), not {cards!r}")
            shown = len(cards)
            face_up.update(cards)
        if type(count) is not int or count < shown:
            raise AssertionError(f"zone {name!r} of {what}: count must be a whole number of at least its {shown} face-up cards, not {count!r}")
    counters = layout.get("counters") or []
    if not isinstance(counters, list):
        raise AssertionError(f"{what}: counters must be a list, not {counters!r}")
    named = [c.get("id") if isinstance(c, dict) else None for c in counters]
    if len(set(named)) != len(named) or not all(isinstance(n, str) for n in named):
        raise AssertionError(f"{what}: every counter needs an id of its own: {named}")
    _track_fits(layout.get("track"), what)
    return ids, face_up


def _track_fits(track: Any, what: str) -> None:
    """AssertionError unless a track of style "pegs" has whole `holes` (2 or more) and, for each key of its scores, a front and a back peg (numbers), the front at the score."""
    if not isinstance(track, dict) or track.get("style") != "pegs":
        return  # a front end draws any other track as bars, from its scores
    holes, pegs, scores = track.get("holes"), track.get("pegs"), track.get("scores")
    if type(holes) is not int or holes < 2:
        raise AssertionError(f"{what}: a track of style 'pegs' needs whole holes of 2 or more (61, 121), not {holes!r}")
    if not isinstance(pegs, dict) or not isinstance(scores, dict) or set(pegs) != set(scores):
        raise AssertionError(f"{what}: a track of style 'pegs' needs pegs for exactly the keys of its scores {sorted(scores or ())}, not {pegs!r}")
    for key, peg in pegs.items():
        front, back = (peg.get("front"), peg.get("back")) if isinstance(peg, dict) else (None, None)
        if not all(type(points) in (int, float) for points in (front, back)) or front != scores[key]:
            raise AssertionError(f"{what}: the pegs of {key!r} must be front and back points (numbers), the front at its score {scores[key]!r}, not {peg!r}")


def check_layout_privacy(state: State, seat: int | None, decision: Any = None, *, whole: bool = True) -> None:
    """Raise AssertionError if the game's layout of `view(seat)` is malformed, names a card hidden from `seat`, or (given the seat's `decision`) a choice's move does not fit it.

    The layout (`Game.layout`) must have unique zone ids, each zone's
    `cards` None or card codes (none hidden from `seat`: `hidden_from`)
    and its `count` a whole number no smaller than them, unique counter
    ids, and a track of style "pegs" whole `holes` and a front and a back
    peg for each key of its scores, the front at the score. With `whole` (the default) it must also be JSON-ready and name no
    hidden card in any spelling anywhere (a label included); the walk
    reads it whole at checkpoints, and the zones' cards at every step. With
    `decision`, every card a choice moves (`Game.choice_move`, one card or
    several at once) must lie face up in a zone of this layout and its `to` be None or one of the layout's
    zone ids. A game that describes no table (None) passes, unless its
    choices name cards to move with no table to find them on.
    """
    game = state.game
    layout = game.layout(state.view(seat), seat)
    what = f"layout({seat})"
    if layout is None:
        if decision is not None:
            for choice in decision.choices:
                if game.choice_move(choice) is not None:
                    raise AssertionError(f"choice {str(choice)!r} moves a card (choice_move) but {what} is None: no zone holds it")
        return
    ids, face_up = _zones_seen(layout, what)
    named = face_up
    if whole:
        _json_ready(layout, what)
        named = face_up | cards_named_in(json.dumps(layout, ensure_ascii=False))  # glyphs as themselves, not \u escapes
    if named:
        hidden = state.hidden_from(seat)
        leaked = _named_hidden(named, hidden) if hidden else ()
        if leaked:
            raise AssertionError(f"{what} shows hidden cards {sorted(leaked)}")
    if decision is None:
        return
    for choice in decision.choices:
        move = game.choice_move(choice)
        if move is None:
            continue
        several = type(move) is tuple and len(move) == 2 and isinstance(move[0], (tuple, list))
        if several:
            cards = list(move[0])
            fits = bool(cards) and all(isinstance(c, str) for c in cards) and len(set(cards)) == len(cards)
        else:
            cards = [move[0]] if type(move) is tuple and len(move) == 2 else []
            fits = bool(cards) and isinstance(cards[0], str)
        if not fits or not (move[1] is None or isinstance(move[1], str)):
            raise AssertionError(f"choice_move({str(choice)!r}) must be None or (card code, or a tuple of distinct codes, and zone id or None), not {move!r}")
        to = move[1]
        for card in cards:  # every card of a several-card move: a front end has the seat tap each of them
            if card not in face_up:
                raise AssertionError(f"choice {str(choice)!r} moves {card}, which lies face up in no zone of {what}")
        if to is not None and to not in ids:
            raise AssertionError(f"choice {str(choice)!r} moves {' '.join(cards)} to {to!r}, which is no zone of {what} (zones: {sorted(ids)})")


@costly
def layouts_show_only_what_the_seat_sees(walk: MatchWalk, decision: Any) -> None:
    """For a game that describes its table: the acting seat's layout (its zones' cards) and its choices' moves at every step; at checkpoints every seat's and a spectator's layout, whole."""
    if not describes_its_table(walk.game):
        return
    state, seat, checkpoint = walk.state, decision.seat, walk.checkpoint
    check_layout_privacy(state, seat, decision, whole=checkpoint)
    if checkpoint:
        for viewer in [*range(walk.players), None]:
            if viewer != seat:
                check_layout_privacy(state, viewer)


# -- windows ---------------------------------------------------------------------------------
def window_agrees_with_the_decision(walk: MatchWalk, decision: Any) -> None:
    """The window the game names has the seat to act as its responder; an unclaimable one has only the standing answer correct."""
    window = walk.window = walk.state.open_window()
    if window is None or window.claimable is None:
        return
    if window.current != decision.seat:
        raise walk.fail(f"open_window() names responder {window.current} but seat {decision.seat} is to act")
    if window.claimable is False:
        right = [str(c) for c in decision.correct]
        if right != [window.standing]:
            raise walk.fail(f"an unclaimable window must have the standing answer {window.standing!r} as its only correct choice, not {right}")


def the_standing_answer_is_offered(walk: MatchWalk, decision: Any) -> None:
    """A decision's standing answer, when it names one, is among its choices; in a window it is the window's standing answer."""
    try:
        standing = standing_answer(decision)
    except ValueError as exc:
        raise walk.fail(str(exc)) from None
    window = walk.window
    if window is None:
        return
    offered = any(str(c) == window.standing for c in decision.choices)
    if offered and (standing is None or str(standing) != window.standing):
        raise walk.fail(f"seat {decision.seat}'s window decision offers {window.standing!r}, the window's standing answer, "
                        f"but its standing answer is {None if standing is None else str(standing)!r}")


def responders_wait_alike(walk: MatchWalk, decision: Any) -> None:
    """Every responder of one window is given the same `Decision.waits`."""
    window = walk.window
    if window is None:
        return
    # A wait that differed between responders (or came only when a claim is due) would tell the human.
    waits = bool(getattr(decision, "waits", False))
    if walk.waiting is not None and walk.waiting[0] is window and walk.waiting[1] != waits:
        raise walk.fail(f"seat {decision.seat}'s decision in a window says waits={waits}, an earlier responder's said {walk.waiting[1]}")
    walk.waiting = (window, waits)


SETTLEMENTS_PER_MATCH = 4
"""How many unclaimable windows per deep walk have their one-call settlement compared (each costs two state copies)."""


@costly
def settling_equals_answering(walk: MatchWalk, decision: Any) -> None:
    """Settling an unclaimable window in one call equals answering one by one (for the first few per match)."""
    window = walk.window
    if window is None or window.claimable is not False or walk.settlements >= SETTLEMENTS_PER_MATCH:
        return
    walk.settlements += 1
    state = walk.state
    game = state.game
    one_call = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    by_one = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    settled = [(seat, str(action), events) for seat, action, events in one_call.settle_window()]
    window = by_one.open_window()
    answered = []
    while window is not None and by_one.open_window() is window and not window.closed:
        found = by_one.decision()
        choice = find_action(found.choices, window.standing)
        if choice is None:
            raise walk.fail(f"the standing answer {window.standing!r} is not among seat {found.seat}'s choices")
        answered.append((found.seat, str(choice), by_one.apply(found.seat, choice)))
    if settled != answered:
        raise walk.fail(f"settle_window() differs from answering one by one: {settled[:3]} vs {answered[:3]}")
    if _saved(one_call) != _saved(by_one):
        raise walk.fail("settle_window() leaves a different state than answering one by one")


# -- restore ---------------------------------------------------------------------------------
@costly
def restore_at_checkpoints(walk: MatchWalk, decision: Any) -> None:
    """At checkpoints: save → restore → save is the identity, the restored state offers the same decision; keep it."""
    if not walk.checkpoint:
        return
    state = walk.state
    saved = json.loads(json.dumps(state.to_dict()))
    restored = walk.game.state_from_dict(saved)
    if json.loads(json.dumps(restored.to_dict())) != saved:
        raise walk.fail("to_dict → from_dict → to_dict is not the identity")

    def offered(found: Any) -> Any:
        return None if found is None else (found.seat, [str(c) for c in found.choices])

    if offered(state.decision()) != offered(restored.decision()):
        raise walk.fail("a restored state offers a different decision")
    walk.restored.append((len(walk.decisions), restored))


def restored_states_continue_identically(walk: MatchWalk, result: Any) -> None:
    """Each state restored at a checkpoint takes the rest of the match's decisions and gives the same events."""
    decisions, events = walk.decisions, walk.events
    for start, restored in walk.restored:
        for index in range(start, len(decisions)):
            decision = restored.decision()
            action = find_action(decision.choices, decisions[index]) if decision else None
            if action is None:
                raise walk.fail(f"state restored at decision {start} cannot take decision {index} ({decisions[index]!r})")
            if restored.apply(decision.seat, action) != events[index]:
                raise walk.fail(f"state restored at decision {start} gives different events at decision {index}")


# -- determinism -----------------------------------------------------------------------------
def a_rerun_deals_the_same(walk: MatchWalk, rerun: Rerun) -> None:
    if walk.opening is not None and rerun.record.opening != walk.opening:  # check_replay's walk has no opening
        raise walk.fail("the same seed dealt different opening events on a second run (non-deterministic deal)")


def a_rerun_takes_the_same_decisions(walk: MatchWalk, rerun: Rerun) -> None:
    if [text for _, text in rerun.record.decisions] != list(walk.decisions):
        raise walk.fail("the same seed and seats took different decisions on a second run (non-deterministic game or bot)")


def a_rerun_gives_the_same_events(walk: MatchWalk, rerun: Rerun) -> None:
    """Every decision's events match the walk's (when the walk kept them: `check_replay` has only the decisions)."""
    for index, (walked, rerun_events) in enumerate(zip(walk.events, rerun.record.events)):
        if walked != rerun_events:
            raise walk.fail(f"the same seed and choices gave different events at decision {index} on a second run: "
                            f"{json.dumps(walked)[:200]} then {json.dumps(rerun_events)[:200]}")


class _TakesFirstCorrect:
    """A seat of the contract's quiet runs: the first correct choice, declared so that the engine takes every shortcut."""

    takes_sole_correct_choice = True
    stands_in_unclaimable_windows = True

    def choose(self, view: Any, decision: Any) -> Any:
        return (decision.correct or decision.choices)[0]


def play_to_end(game: Game, rules: Any, seed: int, players: Sequence[Any], *, listen: bool = False,
                limit: int | None = None) -> tuple[int, str]:
    """(decisions taken, the final state saved as JSON) of the match of `seed` played by `players` through `Match.run`.

    With `listen` a listener makes the engine take every decision one by one
    (nobody is quiet: no `events_wanted = False`, no `play_forced`); without
    it the engine takes every shortcut the seats allow. `limit` replaces the
    game's decision limit; a match stopped there ends "aborted at the
    decision limit". Two plays that must end alike compare equal.
    """
    state = game.new(rules, len(players), seed)
    match = Match(state, list(players), listeners=[lambda game_name, event: None] if listen else [])
    if limit is not None:
        match.limit = limit
    try:
        match.run()
    except MatchAborted:  # a miscount can run a quiet match past the limit: compared like any other ending
        return match.decisions, "aborted at the decision limit"
    return match.decisions, _saved(state)


def _run_to_end(walk: MatchWalk, players: Sequence[Any], listen: bool) -> tuple[int, str]:
    return play_to_end(walk.game, walk.rules, walk.seed, players, listen=listen)


def a_quiet_run_ends_the_same(walk: MatchWalk, rerun: Rerun) -> None:
    """Played with nobody reading events (the state told `events_wanted` is False), the match ends as its recorded rerun.

    Where the game overrides `State.play_forced`, seats that all take their first
    correct choice (so the engine lets the state play the certain decisions)
    end the same quietly as listened to: the same number of decisions and the
    same final state.
    """
    decisions, saved = _run_to_end(walk, make_players(walk.registry, walk.game, walk.kinds, walk.seed), listen=False)
    if decisions != len(rerun.record.decisions) or saved != _saved(rerun.state):
        raise walk.fail(f"played with nobody reading events the match took {decisions} decisions to the recorded "
                        f"rerun's {len(rerun.record.decisions)}, or ended in another state (events_wanted changes the play?)")
    if not capabilities_of(rerun.state.game).play_forced:
        return
    certain = [_TakesFirstCorrect() for _ in range(walk.players)]
    quiet, listened = _run_to_end(walk, certain, listen=False), _run_to_end(walk, certain, listen=True)
    if quiet != listened:
        raise walk.fail(f"with every seat taking its first correct choice the quiet match (play_forced) took {quiet[0]} "
                        f"decisions to {listened[0]} one by one, or ended in another state")


# -- records ---------------------------------------------------------------------------------
def the_record_round_trips(walk: MatchWalk, rerun: Rerun) -> None:
    try:
        parsed = rerun.parsed
    except RecordError as exc:
        raise walk.fail(f"the record does not parse: {exc}") from None
    if parsed.dumps() != rerun.text:
        raise walk.fail("the record does not round-trip through JSON Lines")


def the_record_replays(walk: MatchWalk, rerun: Rerun) -> None:
    replayed, divergence = replay(walk.game, rerun.parsed, verify=True)
    if divergence is not None:
        raise walk.fail(f"replay diverges from the record at {divergence}")
    if _saved(replayed) != _saved(rerun.state):
        raise walk.fail("the replayed final state differs from the played one")


# -- determinize -----------------------------------------------------------------------------
def check_determinize(state: State, seat: int, rng: random.Random) -> None:
    """`state.clone()` and `state.determinize(seat, rng)` keep the contract; AssertionError naming the first break.

    The clone saves as the state does and moving it leaves the state as it
    was. The determinized state leaves the original unchanged; shows `seat`
    the same view and, if `seat` is to act, the same choices; holds every
    pile at its size with the cards `seat` can see in the piles they were in
    and the hidden cards among the hidden places; and has another seed. And — what
    keeps a search player honest — a second state that differs from this one
    only in how the cards hidden from `seat` lie (another determinization of
    it) determinizes to the very same state for the same random stream: the
    result reads nothing of the hidden arrangement.
    """
    before = _saved(state)
    copy = state.clone()
    if _saved(copy) != before:
        raise AssertionError("clone() saves differently from the state it copies")
    found = copy.decision()
    if found is not None:
        copy.apply(found.seat, found.choices[0])
        if _saved(state) != before:
            raise AssertionError(f"a move in the clone ({found.choices[0]}) changed the state it was copied from")
    stream = rng.getrandbits(63)
    world = state.determinize(seat, random.Random(stream))
    if _saved(state) != before:
        raise AssertionError(f"determinize({seat}) changed the state it was asked of")
    if type(world) is not type(state) or world is state:
        raise AssertionError(f"determinize({seat}) must return a new {type(state).__name__}")
    if json.dumps(world.view(seat), sort_keys=True) != json.dumps(state.view(seat), sort_keys=True):
        raise AssertionError(f"determinize({seat}) changes what seat {seat} sees (its view)")
    if state.to_act() == seat and [str(c) for c in world.choices()] != [str(c) for c in state.choices()]:
        raise AssertionError(f"determinize({seat}) changes seat {seat}'s choices: {[str(c) for c in state.choices()]} "
                             f"then {[str(c) for c in world.choices()]}")
    if world.to_act() != state.to_act():
        raise AssertionError(f"determinize({seat}) changes the seat to act: {state.to_act()} then {world.to_act()}")
    if world.seed == state.seed:
        raise AssertionError(f"determinize({seat}) keeps the seed, which fixes every deal to come: replace it with rng.getrandbits(63)")
    _same_cards_where_seen(state, world, seat)
    other = state.determinize(seat, random.Random(stream ^ 0x5DEECE66D))  # the hidden cards arranged another way
    again = random.Random(stream).getrandbits(63)
    mine, theirs = _saved(state.determinize(seat, random.Random(again))), _saved(other.determinize(seat, random.Random(again)))
    if mine != theirs:
        raise AssertionError(f"determinize({seat}) reads how the cards hidden from seat {seat} lie: two states differing only "
                             f"in that give different results for the same random stream")


def _same_cards_where_seen(state: State, world: State, seat: int) -> None:
    """The piles of `world` have `state`'s names and sizes, the cards `seat` sees in place and the hidden ones among the hidden places."""
    hidden = state.hidden_from(seat)
    piles, found = state.piles(), world.piles()
    if list(piles) != list(found):
        raise AssertionError(f"determinize({seat}) changes the piles: {list(piles)} then {list(found)}")
    dealt: list[str] = []
    for name, cards in piles.items():
        theirs = list(found[name])
        if len(theirs) != len(cards):
            raise AssertionError(f"determinize({seat}) changes the size of {name}: {len(cards)} then {len(theirs)}")
        # Which cards a pile holds, not where: a game may keep a hand sorted.
        seen = sorted(str(c) for c in cards if c not in hidden)
        kept = [str(c) for c in theirs if c not in hidden]
        if sorted(kept) != seen:
            raise AssertionError(f"determinize({seat}) changes the cards seat {seat} can see in {name}: {seen} then {sorted(kept)}")
        dealt.extend(str(c) for c in theirs if c in hidden)
    if sorted(dealt) != sorted(str(c) for cards in piles.values() for c in cards if c in hidden):
        raise AssertionError(f"determinize({seat}) does not deal the hidden cards among the hidden places (the deck is not conserved)")


DETERMINIZE_EVERY = 128
"""The walk checks determinize at checkpoints (the seat to act and the next seat) and at every n-th decision (the seat to act)."""


def determinizing_keeps_what_the_seat_knows(walk: MatchWalk, decision: Any) -> None:
    """For a game that implements `State.determinize`: `check_determinize` at checkpoints and every 128th decision."""
    state = walk.state
    step = len(walk.decisions)
    if not capabilities_of(state.game).determinize or not (walk.checkpoint or step % DETERMINIZE_EVERY == 0):
        return
    seats = (decision.seat, (decision.seat + 1) % walk.players) if walk.checkpoint else (decision.seat,)
    for seat in dict.fromkeys(seats):
        try:
            check_determinize(state, seat, derive_rng(walk.seed, "determinize", step, seat))
        except AssertionError as exc:
            raise walk.fail(f"at decision {step}: {exc}") from None


PLAY = Concern(
    PLAY_NAME,
    start=(opening_events_are_json, the_deal_conserves_the_deck),
    before=(decision_is_well_formed, only_the_seat_to_act_may_act),
    after=(events_are_json, piles_conserve_the_deck),
    end=(the_result_is_sound,),
)
PRIVACY = Concern(
    "privacy",
    start=(opening_events_hide_hidden_cards,),
    before=(views_hide_hidden_cards, decision_info_hides_hidden_cards, note_what_is_hidden_before_the_move),
    after=(events_hide_hidden_cards, updates_hide_hidden_cards),
)
LAYOUT = Concern("layout", before=(layouts_show_only_what_the_seat_sees,))
WINDOWS = Concern("windows", before=(window_agrees_with_the_decision, the_standing_answer_is_offered, responders_wait_alike, settling_equals_answering))
RESTORE = Concern("restore", before=(restore_at_checkpoints,), end=(restored_states_continue_identically,))
DETERMINISM = Concern("determinism", rerun=(a_rerun_deals_the_same, a_rerun_takes_the_same_decisions, a_rerun_gives_the_same_events,
                                           a_quiet_run_ends_the_same))
RECORDS = Concern("records", rerun=(the_record_round_trips, the_record_replays))
DETERMINIZE = Concern("determinize", before=(determinizing_keeps_what_the_seat_knows,))

from .keys import KEYS  # noqa: E402  # its own module, as the search prior's
from .order_free import ANY_ORDER  # noqa: E402  # its own module, as the search prior's
from .search_checks import SEARCH_PRIOR  # noqa: E402  # its own module: it imports nothing of this one
from .hidden_answers import HIDDEN_ANSWERS  # noqa: E402  # its own module, as the search prior's

CONCERNS = (PLAY, PRIVACY, LAYOUT, WINDOWS, RESTORE, DETERMINISM, RECORDS, DETERMINIZE, SEARCH_PRIOR, KEYS, ANY_ORDER, HIDDEN_ANSWERS)
"""Every concern, in the order `check_game` runs their step checks."""
