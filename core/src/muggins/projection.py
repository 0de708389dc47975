"""What one seat may be shown of a match: its view, the events it may see, its pending decision without the answers.

This module owns the per-seat projection that every front end draws from
(the terminal, a browser table, anything that shows a match to a person):
`visible_events(events, seat)` keeps the events without a `to` and those
whose `to` names the seat (a spectator, seat None, sees only the public
ones); `seat_decision(decision)` turns a decision into plain data — its
kind, prompt, whether it is compact and waits, each choice's text, label
and keys, and the text of its standing answer — and never carries
`correct` (which choices are right) or anything of the window beyond what
the prompt says (whether a claim would be upheld); `seat_update(state,
seat, events)` bundles the seat's view, the events it may see with the
game's words for them, and its decision when it is the seat to act; and
`window_decisions(state)` gives the decision every remaining responder of
an open window would face if those before it let the move stand, in the
order they are polled, so a front end can show one window to all of its
people at once and submit their answers in that order. The contract kit
checks the projection with its privacy rule (`muggins.testing`).
"""

from __future__ import annotations

from typing import Any, Sequence

from .actions import Decision, standing_answer
from .game import Event, State

__all__ = ["seat_decision", "seat_update", "visible_events", "window_decisions"]


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see: those without `to`, and those whose `to` names it (None, a spectator: only those without `to`)."""
    if seat is None:
        return [e for e in events if "to" not in e]
    return [e for e in events if "to" not in e or seat in e["to"]]


def seat_decision(decision: Decision) -> dict[str, Any]:
    """A pending decision as the seat to act may be shown it: plain data, without `correct`.

    `choices` lists each choice's `text` (what is submitted back), `label`
    (what a menu shows) and `keys` (its shortcuts); `standing` is the text
    of the choice that lets the move stand, or None; `info` is the game's
    extra data for the seat, which the contract kit checks for privacy.
    """
    standing = standing_answer(decision)
    return {
        "seat": decision.seat,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "compact": decision.compact,
        "waits": decision.waits,
        "choices": [{"text": str(c), "label": c.label, "keys": list(c.keys)} for c in decision.choices],
        "standing": None if standing is None else str(standing),
        "info": dict(decision.info),
    }


def seat_update(state: State, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any]:
    """What `seat` is shown after `events`: its view, the events it may see and the game's lines for them, and its decision if it is to act.

    `step` counts the decisions taken so far when the state knows it (front
    ends echo it back so a late answer to an old decision can be refused);
    `over` says whether the match has ended.
    """
    game = state.game
    seen = visible_events(events, seat)
    lines = [line for line in (game.describe(e, seat) for e in seen) if line is not None]
    decision = state.decision()
    mine = decision is not None and seat is not None and decision.seat == seat
    return {
        "seat": seat,
        "view": dict(state.view(seat)),
        "events": seen,
        "lines": lines,
        "decision": seat_decision(decision) if mine else None,  # type: ignore[arg-type]
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
