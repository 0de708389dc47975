"""The any-order check of the contract kit: seats a game declares order-free decide alike whatever the others answered, in any order.

A game may declare that the next decisions of a group of seats do not hang
on each other's answers (`State.order_free_seats`: everyone lays away at
once), so a front end asks them all together and applies the answers in
seat order (`muggins.projection.order_free_decisions`). `check_order_free(state,
rng)` tests that promise at one state: the group starts with the seat to
act and names each seat once; each seat's decision (its kind, prompt,
choices, correct choices, standing answer, info) and its view at its turn
are those the front end offered, whatever the earlier seats answered
(their last choice, then random ones); after each answer the state declares
the rest of the group; and answers collected from every seat first, in a
random order of arrival, then applied in seat order leave the same match
(the same `to_dict()` and events) as the seats answering one by one, each
at its turn. The walk's concern `ANY_ORDER` runs it at the start of the
first `ANY_ORDER_PER_MATCH` groups of each match; a game that declares
nothing passes.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ..actions import Decision, find_action
from ..game import State, capabilities_of
from ..projection import order_free_turns
from ..rng import derive_rng
from .walk import Concern, MatchWalk, costly

__all__ = ["ANY_ORDER", "ANY_ORDER_PER_MATCH", "ANY_ORDER_TRIALS", "check_order_free"]

ANY_ORDER_PER_MATCH = 4
"""How many order-free groups per match the walk checks (each costs a few copies of the state)."""
ANY_ORDER_TRIALS = 2
"""How many other sets of answers for the earlier seats each group is tried with."""


def _decision_words(decision: Decision) -> tuple[Any, ...]:
    """All a seat is offered of a decision, as plain values (a worded prompt by its English)."""
    standing = decision.standing
    return (decision.seat, decision.kind, str(decision.prompt), decision.compact, decision.waits,
            tuple(map(str, decision.choices)), tuple(map(str, decision.correct)), None if standing is None else str(standing),
            json.dumps(dict(decision.info), sort_keys=True, default=str))


def _view_words(state: State, seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True, default=str)


def _saved(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def check_order_free(state: State, rng: random.Random, trials: int = ANY_ORDER_TRIALS) -> None:
    """The group `state.order_free_seats()` declares keeps the game's promise; AssertionError naming the first break (nothing declared: passes)."""
    seats = tuple(state.order_free_seats())
    if not seats:
        return
    decision = state.decision()
    if decision is None:
        raise AssertionError(f"order_free_seats() names seats {list(seats)}, but the match is over")
    if state.open_window() is not None:
        raise AssertionError(f"order_free_seats() names seats {list(seats)} while a challenge window is open")
    if seats[0] != decision.seat:
        raise AssertionError(f"order_free_seats() names seats {list(seats)}, but seat {decision.seat} is to act: the group starts with the seat to act")
    if len(set(seats)) != len(seats) or not all(isinstance(s, int) and 0 <= s < state.players for s in seats):
        raise AssertionError(f"order_free_seats() names seats {list(seats)}: each seat of the match at most once")
    try:
        offered = order_free_turns(state)
    except ValueError as exc:
        raise AssertionError(str(exc)) from None
    expected = [(_decision_words(found), _view_words(at, found.seat)) for found, at in offered]
    last = len(seats) - 1
    for trial in range(trials):
        copy = state.clone()
        for index, seat in enumerate(seats):
            found = copy.decision()
            if found is None or found.seat != seat:
                raise AssertionError(f"order-free seats {list(seats)}: after the earlier seats' answers seat "
                                     f"{None if found is None else found.seat} is to act, not seat {seat}")
            if index:
                rest = tuple(copy.order_free_seats())
                if rest != seats[index:] and not (index == last and rest == ()):
                    raise AssertionError(f"order-free seats {list(seats)}: after seat {seats[index - 1]}'s answer the state "
                                         f"declares {list(rest)}, not the rest of the group {list(seats[index:])}")
            words = _decision_words(found)
            if words != expected[index][0]:
                raise AssertionError(f"order-free seats {list(seats)}: seat {seat}'s decision hangs on what the seats before it "
                                     f"answered (offered {expected[index][0][5][:6]}, then {words[5][:6]} at its turn)")
            if _view_words(copy, seat) != expected[index][1]:
                raise AssertionError(f"order-free seats {list(seats)}: what seat {seat} sees at its turn hangs on what the seats "
                                     "before it answered")
            # Their last choice first, so an answer other than the one the offers were worked out with is always tried.
            choices = list(found.choices)
            copy.apply(seat, choices[-1] if trial == 0 else rng.choice(choices))
    # Every seat answers its offered decision first, in a random order of arrival; then the answers go in, in seat order.
    arrival = list(range(len(seats)))
    rng.shuffle(arrival)
    picked = {index: rng.randrange(len(offered[index][0].choices)) for index in arrival}
    gathered, by_one = state.clone(), state.clone()
    gathered_events, by_one_events = [], []
    for index, seat in enumerate(seats):
        text = str(offered[index][0].choices[picked[index]])
        live = gathered.decision()
        action = None if live is None or live.seat != seat else find_action(live.choices, text)
        if action is None:
            raise AssertionError(f"order-free seats {list(seats)}: seat {seat}'s answer {text!r}, given before its turn, "
                                 "is not among its choices at its turn")
        gathered_events.append(gathered.apply(seat, action))
    for index, seat in enumerate(seats):
        live = by_one.decision()
        assert live is not None
        by_one_events.append(by_one.apply(seat, live.choices[picked[index]]))
    if _saved(gathered) != _saved(by_one) or gathered_events != by_one_events:
        raise AssertionError(f"order-free seats {list(seats)}: answers collected first and applied in seat order leave another "
                             "match than the seats answering one by one")


@costly
def order_free_groups_decide_alike(walk: MatchWalk, decision: Any) -> None:
    """At the start of the first few order-free groups of the match: `check_order_free`."""
    state = walk.state
    if not capabilities_of(state.game).order_free_seats:
        return
    seats = tuple(state.order_free_seats())
    if not seats:
        return
    notes = walk.__dict__  # this check's own notes on the walk: the group last checked, and how many were
    step = len(walk.decisions)
    end = step + len(seats) - 1
    if seats[0] == decision.seat and notes.get("order_free_end") == end:
        return  # a later seat of the group checked at its start
    notes["order_free_end"] = end
    checked = notes.get("order_free_checked", 0)
    if checked >= ANY_ORDER_PER_MATCH:
        return
    notes["order_free_checked"] = checked + 1
    try:
        check_order_free(state, derive_rng(walk.seed, "any_order", step))
    except AssertionError as exc:
        raise walk.fail(f"at decision {step}: {exc}") from None


ANY_ORDER = Concern("any_order", before=(order_free_groups_decide_alike,))
