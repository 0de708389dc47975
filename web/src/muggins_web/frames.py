"""What each seat of a browser table is sent: its frames, built from the core session's frame, and the narration kept for a tab that reconnects.

This module owns a table's frames and history (`SeatFrames`). Every frame
a seat or a spectator is sent starts from the session's frame for that
seat (`muggins.session.Session.frame`: `muggins.projection.seat_update`,
its offered decision, the step its answer must echo, its answer given
early, the result) and adds what a browser shows: the game's `render`
text and standings lines, whether a window is open and every seat it
still waits for, every seat of an order-free group still to answer
(`together`; what the others answered is never in a frame), the answer
given in its button's words, the table's
pace, timer, start, seats list and why it stopped. Of the layout and the
seats list only what changed since the seat's last frame is sent. Each
seat's events not yet framed are the session's (`Session.events_since`,
from one mark the table's seats share), taken once for every seat; each
seat keeps its recent events (`HISTORY_EVENTS`: on reopening, the match
so far as the session tells it from the beginning), told again to a tab that
reconnects less any event naming a card now hidden from it. A frame is
built in one language (`muggins.i18n.using_language`: the game's words, the
layout's labels, the narration), once per seat and language watched, so
spectators reading one language share one frame; what was last sent is kept
per seat and language, each language's connections having been sent its own.
"""

from __future__ import annotations

import collections
import json
from typing import Any, Mapping, Sequence

from muggins.cards import cards_named_in, parse_card
from muggins.game import Event
from muggins.i18n import using_language
from muggins.projection import visible_events
from muggins.session import Offer, Session

from .languages import game_title

__all__ = ["HISTORY_EVENTS", "SeatFrames"]

#: Events kept per seat for a tab that reconnects (its narration is told again from them).
HISTORY_EVENTS = 200


class SeatFrames:
    """The frames of one table's `seats` (the people's and None, the spectators), built from `session`."""

    def __init__(self, session: Session, seats: Sequence[int | None]) -> None:
        self.session = session
        # The recent events each seat (and the spectators) saw, narrated again to a tab that reconnects.
        self.history: dict[int | None, collections.deque[Event]] = {s: collections.deque(maxlen=HISTORY_EVENTS) for s in seats}
        self.mark = 0  # what has gone out in frames (`Session.events_since`): nothing yet, so the opening goes with the first frames
        # per seat and language: the layout and seats list its last frame was built from
        self.last_sent: dict[tuple[int | None, str], tuple[Any, Any]] = {}

    def caught_up(self) -> None:
        """A table reopened from its record: what each seat saw before the restart is its history, and nothing is sent again."""
        mark = self.mark
        for seat, kept in self.history.items():
            seen, self.mark = self.session.events_since(seat, mark)
            kept.extend(seen)

    def new_events(self) -> dict[int | None, list[Event]]:
        """Each seat's events not framed yet (the opening first), as the session gives them (`Session.events_since`), taken once for every seat."""
        mark = self.mark
        told: dict[int | None, list[Event]] = {}
        for seat in self.history:
            told[seat], self.mark = self.session.events_since(seat, mark)
        return told

    def keep(self, seat: int | None, events: Sequence[Event]) -> None:
        """Nobody is looking at `seat`: only its history is kept, for when someone connects."""
        self.history[seat].extend(visible_events(events, seat))

    def frame(self, seat: int | None, events: Sequence[Event], table: Mapping[str, Any], remember: bool = True,
              language: str = "en", whole: bool | None = None) -> dict:
        """The update frame for `seat` (None: the spectators) in `language` after `events`; `remember` keeps the events for a tab that reconnects.

        `whole` (by default: when not remembering, a hello) leaves nothing
        out; a seat watched in a second language is framed again with
        `remember` off and `whole` off, so its events are kept once.

        `table` gives the table's own fields (`table`, `pace`, `checks`, `window_left`,
        `started`, `seats`, `stopped`). Only what changed since the last
        frame built for the seat is sent of the layout and the seats list
        (`_since_last`): every connection of a seat is sent every frame
        built for it, and a new one starts from a whole hello frame, so each
        knows what "the same" means.
        """
        with using_language(language):
            frame = self._build(seat, events, table, remember)
        return self._since_last((seat, language), frame, whole=not remember if whole is None else whole)

    def _build(self, seat: int | None, events: Sequence[Event], table: Mapping[str, Any], remember: bool) -> dict:
        session, game = self.session, self.session.game
        state = session.match.state
        update = session.frame(seat, events)
        step, answered, result = update.pop("step"), update.pop("answered"), update.pop("result")
        offer = session.offers.get(seat) if seat is not None else None
        standings: list[list[str]] = []
        for ev in update["events"]:
            lines = game.standings(ev, seat)
            if lines:
                standings.append(list(lines))
        if remember:
            self.history[seat].extend(update["events"])
        window = state.open_window() if not update["over"] else None
        frame = {
            "type": "update",
            "table": table["table"],
            "game": game.name,
            "title": game_title(game),
            "step": step,
            **update,
            "answered": answered,
            "answered_label": None if offer is None else _label(offer),
            "window": window is not None,
            # Every seat the open window still waits for, so no page names only the first polled.
            "responders": session.responders(),
            # Every seat of an order-free group still to answer (all of it decides at once): who has answered, never what.
            "together": session.together() if not update["over"] else [],
            "pace": table["pace"],
            "checks": table["checks"],
            "window_left": table["window_left"],
            "started": table["started"],
            "render": game.render(update["view"], seat),
            "standings": standings,
            "seats": table["seats"],
            "stopped": table["stopped"],
            "result": result,
        }
        return frame

    def _since_last(self, key: tuple[int | None, str], frame: dict, whole: bool) -> dict:
        """`frame` with what the seat was last sent left out: each zone of the layout as it was (`{"id", "same": true}`), and the seats list as it was (null).

        Frames went from about 2 KB to 4 KB when they gained the layout,
        most of it zones that did not change with the move (another seat's
        hand, the crib, the starter); a `whole` frame (a hello) leaves out
        nothing.
        """
        layout, seats = frame.get("layout"), frame["seats"]
        before = self.last_sent.get(key)
        self.last_sent[key] = (layout, seats)
        if whole or before is None:
            return frame
        last_layout, last_seats = before
        if seats == last_seats:
            frame["seats"] = None
        if isinstance(layout, dict) and isinstance(last_layout, dict) and isinstance(layout.get("zones"), list):
            known = {z.get("id"): z for z in last_layout.get("zones") or () if isinstance(z, dict)}
            zones = [{"id": z["id"], "same": True} if isinstance(z, dict) and known.get(z.get("id")) == z else z for z in layout["zones"]]
            frame["layout"] = {**layout, "zones": zones}
        return frame

    def history_for(self, seat: int | None) -> list[Event]:
        """The seat's recent events, less those naming a card now hidden from it.

        Such an event was right when it was sent (a seat's own card, since
        laid away face down; a penalty card shown as it changed hands, since
        gone into a hand), but a reconnecting tab is sent it again now: the
        wire shows nothing that is hidden now, and a line naming a card
        nobody can see any more is noise in the narration.
        """
        hidden = self.session.match.state.hidden_from(seat)
        if not hidden:
            return list(self.history[seat])
        kept = []
        for ev in self.history[seat]:
            named = cards_named_in(json.dumps(ev, ensure_ascii=False, default=str))
            if not any(parse_card(code) in hidden for code in named):
                kept.append(ev)
        return kept


def _label(offer: Offer) -> str | None:
    """The words of the choice a person answered with, as its button said them ("accept", not "pass")."""
    if offer.answer is None:
        return None
    choice = offer.decision.find(offer.answer)
    return offer.answer if choice is None else choice.label
