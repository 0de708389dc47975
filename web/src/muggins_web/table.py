"""One table of a browser game: a Match whose people answer over the network, and the frames each seat is sent.

This module owns a running table: the `Match` (bots advanced in a worker
thread under the table's asyncio lock, so a slow bot never holds up
another table), which human seat holds which token, the answers people
give (the pending decision's seat answers it at once; when a challenge
window is open, every human responder of it is offered its decision at
the same moment, `muggins.projection.window_decisions`, and the answers
are submitted in the window's polling order, so the engine settles them
exactly as it would one by one), the window's timer (after the table's
pace a window that does not `wait` is answered with each unanswered
responder's standing answer), and the frames: every frame a seat or a
spectator is sent is built from `muggins.projection.seat_update` for that
seat, with the game's `render` text, its standings lines and the narration
history kept for reconnecting tabs. A stale, out-of-turn or impossible
answer is refused with one line and changes nothing. Nothing here knows
HTTP: `muggins_web.app` carries the frames over websockets.
"""

from __future__ import annotations

import asyncio
import collections
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from muggins.actions import Decision, IllegalAction, standing_answer
from muggins.engine import Match, MatchAborted, StaleAction
from muggins.cards import parse_card
from muggins.game import Event, Game
from muggins.plugins import PluginFault
from muggins.players import make_players
from muggins.projection import seat_decision, seat_update, visible_events, window_decisions
from muggins.records import RecordFile, RecordWriteError
from muggins.testing import cards_named_in

__all__ = ["RemoteSeat", "Offer", "Table", "Refused", "HISTORY_EVENTS"]

#: Events kept per seat for a tab that reconnects (its narration is told again from them).
HISTORY_EVENTS = 200
#: Seconds the server lets a slow bot run before it tells the table the bot is thinking.
THINKING_AFTER = 0.25


class RemoteSeat:
    """A seat a person plays from a browser: the engine never asks it, the table stops for it.

    It makes no engine declarations, as the terminal's human makes none, so
    `muggins replay --verify` checks a browser table's record exactly as a
    terminal one.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any, decision: Decision) -> Any:
        raise RuntimeError(f"seat {self.seat} is played from a browser and is never asked")


class Refused(ValueError):
    """An answer the table does not take (stale, out of turn, not a choice, the match over): one line saying why."""


@dataclass(slots=True)
class Offer:
    """A decision offered to one human seat: the pending one, or a later responder's in an open window; `step` is what its answer must echo."""

    seat: int
    step: int
    decision: Decision
    pending: bool
    answer: str | None = None
    window: tuple | None = None  # the open window it belongs to, if any


@dataclass
class Observer:
    """What a test may watch of a table: `changing(state)` before each change, `sent(state, seat, frame)` for every frame."""

    changing: Callable[[Any], None] = lambda state: None
    sent: Callable[[Any, int | None, dict], None] = lambda state, seat, frame: None


@dataclass(eq=False)
class Subscriber:
    """One open connection: the seat it acts for (None: a spectator) and the frames waiting to go out."""

    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=512))


class Table:
    """A match played by remote people and bots; every method that changes it runs under `lock`."""

    def __init__(self, table_id: str, game: Game, match: Match, kinds: Sequence[str], *, stream: RecordFile, path: str,
                 seat_tokens: dict[int, str], host_token: str, pace: float, observer: Observer | None = None,
                 registry: Any = None, seed: int = 0) -> None:
        self.id = table_id
        self.game = game
        self.match = match
        self.kinds = list(kinds)
        self.stream = stream
        self.path = path
        self.seat_tokens = dict(seat_tokens)
        self.host_token = host_token
        self.pace = pace
        self.observer = observer or Observer()
        self.registry = registry
        self.seed = seed
        self.humans = sorted(seat_tokens)
        self.stand_ins: dict[int, str] = {}  # human seats the host gave to a bot: the bot's spec
        self.on_stand_ins: Callable[[dict[int, str]], None] = lambda stand_ins: None  # kept beside the record by the lobby
        self.on_close: Callable[[], None] = lambda: None  # noted beside the record by the lobby
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.offers: dict[int, Offer] = {}
        # The recent events each seat (and the spectators) saw, narrated again to a tab that reconnects.
        self.history: dict[int | None, collections.deque[Event]] = {s: collections.deque(maxlen=HISTORY_EVENTS) for s in [*self.humans, None]}
        self.stopped: str | None = None  # why the match cannot go on (a plugin's fault, a full disk)
        self._framed = 0  # decisions whose events have gone out in frames
        self._window_key: tuple | None = None
        self._timer: asyncio.Task | None = None
        self._opening: list[Event] = list(match.writer.record.opening or [])  # sent with the first frames

    # -- who is who -----------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The human seat whose token this is, or None."""
        for seat, known in self.seat_tokens.items():
            if _same(token, known):
                return seat
        return None

    def is_host(self, token: str) -> bool:
        return _same(token, self.host_token)

    @property
    def over(self) -> bool:
        return self.match.pending() is None

    def _answered_here(self, seat: int) -> bool:
        """Whether the table stops for `seat` (a person at a browser, not a bot seated in its place)."""
        return seat in self.seat_tokens and seat not in self.stand_ins

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        connected = {s.seat for s in self.subscribers}
        return {
            "table": self.id, "game": self.game.name, "players": len(self.kinds), "over": self.over, "stopped": self.stopped,
            "seats": [{"seat": n, "kind": kind, "connected": n in connected} for n, kind in enumerate(self.kinds)],
            "record": self.path, "step": self.match.taken,
        }

    def caught_up(self, opening: Sequence[Event], events: Sequence[Sequence[Event]]) -> None:
        """A table reopened from its record: what each seat saw before the restart is its history, and nothing is sent again."""
        self._opening = []
        self._framed = len(events)
        everything = [*opening, *(ev for step in events for ev in step)]
        for seat, kept in self.history.items():
            kept.extend(visible_events(everything, seat))

    # -- the host -------------------------------------------------------------
    def seat_stand_in(self, seat: int, spec: str) -> None:
        """A bot of kind `spec` plays human seat `seat` from now on (the record's header keeps the seat human); Refused (one line) otherwise."""
        from muggins.sessions import SessionError, check_seats

        if seat not in self.seat_tokens:
            raise Refused(f"seat {seat} is not a person's seat; the host seats bots only for people")
        try:
            check_seats(self.registry, self.game, [spec])
        except SessionError as exc:
            raise Refused(str(exc)) from exc
        specs = ["random"] * len(self.kinds)
        specs[seat] = spec
        bot = make_players(self.registry, self.game, specs, self.seed)[seat]
        self.match.players[seat] = bot
        self.stand_ins[seat] = spec

    def give_back(self, seat: int) -> None:
        """The person plays seat `seat` again."""
        if seat not in self.stand_ins:
            raise Refused(f"no bot stands in for a person at seat {seat}")
        del self.stand_ins[seat]
        self.match.players[seat] = RemoteSeat(seat)

    async def host(self, command: str, seat: Any, spec: Any = None) -> None:
        """The host's `seat_bot` (a bot of kind `spec` plays the person's seat), `give_back` (the person plays it again) or `close`."""
        if command == "close":
            await self.close_by_host()
            return
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Refused("a host command needs \"seat\", a seat number")
        async with self.lock:
            if command == "seat_bot":
                if not isinstance(spec, str) or not spec:
                    raise Refused("seat_bot needs \"kind\", a bot's seat kind such as \"expert\"")
                self.seat_stand_in(seat, spec)
            else:
                self.give_back(seat)
            self.on_stand_ins(dict(self.stand_ins))
            await self._change(self._play)

    async def close_by_host(self) -> None:
        """The host ends the table: nothing more is played, everyone is told, the record is released and not reopened after a restart."""
        async with self.lock:
            if self.stopped:
                raise Refused(f"the match has stopped: {self.stopped}")
            self.stopped = "the host closed the table"
            self.on_close()
            self.close()
            self.offers = {}
            self._window_key = None
            for subscriber in tuple(self.subscribers):
                self._put(subscriber, self._frame(subscriber.seat, ()))

    # -- playing --------------------------------------------------------------
    async def start(self) -> None:
        """Play the bots up to the first human decision and send everyone the table."""
        async with self.lock:
            await self._change(self._play)

    async def act(self, seat: int, step: Any, text: Any) -> None:
        """Take `seat`'s answer `text` to the decision it was offered at `step`; Refused (one line) changes nothing."""
        async with self.lock:
            offer = self._check(seat, step, text)
            if offer.pending:
                await self._change(lambda: self._submit(offer, text))
            else:
                offer.answer = text  # a later responder of the open window: submitted in its turn
                self._send_to(seat)

    def _check(self, seat: int, step: Any, text: Any) -> Offer:
        if self.stopped:
            raise Refused(f"the match has stopped: {self.stopped}")
        if self.over:
            raise Refused("the match is over")
        if isinstance(step, bool) or not isinstance(step, int):
            raise Refused("an answer needs the step of the decision it answers (a whole number)")
        if not isinstance(text, str):
            raise Refused("an answer's action must be the text of a choice")
        offer = self.offers.get(seat)
        if offer is None:
            raise Refused(f"seat {seat} has nothing to answer now; seat {self.match.pending().seat} is to act")
        if step != offer.step:
            raise Refused(f"that answer was for step {step}, but seat {seat}'s decision is at step {offer.step}")
        if offer.answer is not None:
            raise Refused(f"seat {seat} has already answered: {offer.answer}")
        if offer.decision.find(text) is None:
            raise Refused(f"{text[:80]!r} is not one of seat {seat}'s choices")
        return offer

    async def let_stand(self, key: tuple) -> None:
        """The window's time is up: each human responder that has not answered, and whose decision does not wait, lets the move stand."""
        async with self.lock:
            if key != self._window_key or self.stopped:
                return
            for offer in self.offers.values():
                if offer.answer is None and not offer.decision.waits:
                    standing = standing_answer(offer.decision)
                    if standing is not None:
                        offer.answer = str(standing)
            await self._change(self._play)

    # -- the work done in a thread, under the lock ----------------------------
    def _submit(self, offer: Offer, text: str) -> None:
        self.match.submit(offer.seat, text, step=offer.step)
        self._play()

    def _play(self) -> None:
        """Advance the bots, submitting the window answers already given in their turn, until a human must answer or the match ends."""
        match = self.match
        while True:
            decision = match.advance(self._answered_here)
            if decision is None:
                return
            early = self.offers.get(decision.seat)
            if early is None or early.answer is None or early.step != match.taken:
                return
            try:
                match.submit(decision.seat, early.answer, step=early.step)
            except IllegalAction:  # stale, or the window changed under the answer: it is asked again
                early.answer = None
                return

    async def _change(self, work: Callable[[], None]) -> None:
        """Run `work` (which advances the match) in a thread, then offer the new decisions and send every seat its frame."""
        self.observer.changing(self.match.state)
        pending = self.match.pending()
        thread = asyncio.ensure_future(asyncio.to_thread(self._guarded, work))
        if pending is not None and not self._answered_here(pending.seat):
            done, _ = await asyncio.wait({thread}, timeout=THINKING_AFTER)
            if not done:
                self._broadcast({"type": "thinking", "seat": pending.seat})
        frames = await thread
        for subscriber in tuple(self.subscribers):
            frame = frames.get(subscriber.seat)
            if frame is not None:
                self._put(subscriber, frame)
        self._arm_timer()

    def _guarded(self, work: Callable[[], None]) -> dict[int | None, dict]:
        try:
            work()
        except (PluginFault, MatchAborted, RecordWriteError) as exc:
            self.stopped = str(exc)
        except (StaleAction, IllegalAction) as exc:  # checked before: a game refusing a choice it offered
            self.stopped = f"the game refused a choice it offered: {exc}"
        return self._frames()

    def _frames(self) -> dict[int | None, dict]:
        """Offer the decisions now open to humans and build every human seat's and the spectators' frame from what happened since the last."""
        record = self.match.writer.record
        events: list[Event] = list(self._opening)
        self._opening = []
        for step_events in record.events[self._framed:]:
            events.extend(step_events)
        self._framed = len(record.events)
        self._offer()
        if self.over:
            self.stream.close()
        # A snapshot in one step: connections leave from the event loop while this runs in a thread.
        watched = {s.seat for s in tuple(self.subscribers)}
        frames = {}
        for seat in self.history:
            if seat in watched:
                frames[seat] = self._frame(seat, events)
            else:  # nobody is looking: only its history is kept, for when someone connects
                self.history[seat].extend(visible_events(events, seat))
        return frames

    def _offer(self) -> None:
        previous = self.offers
        self.offers = {}
        self._window_key = None
        pending = self.match.pending()
        if pending is None or self.stopped:
            return
        state = self.match.state
        taken = self.match.taken
        window = state.open_window()
        # Working out later responders' decisions copies the state: only worth it when a person is among them.
        later_people = window is not None and any(self._answered_here(s) for s in window.remaining[1:])
        decisions = window_decisions(state) if later_people else [pending]
        # A window is known by its move and the step it opened at: an answer given early is kept
        # only for the same window, since another decision may come to the same seat at the same step.
        key = None if window is None else (repr(window.subject), window.actor, taken - window.position)
        for index, decision in enumerate(decisions):
            seat = decision.seat
            if self._answered_here(seat) and seat not in self.offers:
                kept = previous.get(seat)
                same = kept is not None and key is not None and kept.window == key and kept.step == taken + index
                self.offers[seat] = Offer(seat, taken + index, decision, index == 0, kept.answer if same else None, key)
        self._window_key = key

    def _frame(self, seat: int | None, events: Sequence[Event], remember: bool = True) -> dict:
        state = self.match.state
        update = seat_update(state, seat, events)
        offer = self.offers.get(seat) if seat is not None else None
        update["decision"] = seat_decision(offer.decision) if offer is not None and offer.answer is None else None
        standings: list[list[str]] = []
        for ev in update["events"]:
            lines = self.game.standings(ev, seat)
            if lines:
                standings.append(list(lines))
        if remember:
            self.history[seat].extend(update["events"])
        frame = {
            "type": "update",
            "table": self.id,
            "game": self.game.name,
            "step": offer.step if offer is not None else self.match.taken,
            **update,
            "answered": None if offer is None else offer.answer,
            "window": state.open_window() is not None if not update["over"] else False,
            "pace": self.pace,
            "render": self.game.render(update["view"], seat),
            "standings": standings,
            "seats": self._seats(),
            "stopped": self.stopped,
            "result": None if not update["over"] else _result(state),
        }
        return frame

    def _seats(self) -> list[dict]:
        connected = {s.seat for s in tuple(self.subscribers)}  # one step: see _frames
        return [{"seat": n, "kind": kind, "human": n in self.seat_tokens, "connected": n in connected,
                 "stand_in": self.stand_ins.get(n)} for n, kind in enumerate(self.kinds)]

    # -- connections ----------------------------------------------------------
    async def join(self, seat: int | None, *, host: bool = False) -> Subscriber:
        """A new connection for `seat`: it is sent the table as it stands now and the narration it has seen."""
        async with self.lock:
            subscriber = Subscriber(seat)
            self.subscribers.add(subscriber)
            frame = await asyncio.to_thread(lambda: self._frame(seat, self._history(seat), remember=False))
            frame["type"] = "hello"
            frame["host"] = host
            self._put(subscriber, frame)
            self._broadcast_seats(but=subscriber)
            return subscriber

    def _history(self, seat: int | None) -> list[Event]:
        """The seat's recent events, less those naming a card now hidden from it that they did not show openly.

        Such an event was right when it was sent (a seat's own card, since
        laid away face down), but a reconnecting tab is sent it again now,
        and the wire shows nothing that is hidden now.
        """
        hidden = self.match.state.hidden_from(seat)
        if not hidden:
            return list(self.history[seat])
        kept = []
        for ev in self.history[seat]:
            named = cards_named_in(json.dumps(ev, ensure_ascii=False, default=str)) - set(ev.get("reveals", ()))
            if not any(parse_card(code) in hidden for code in named):
                kept.append(ev)
        return kept

    def leave(self, subscriber: Subscriber) -> None:
        self.subscribers.discard(subscriber)
        self._broadcast_seats()

    def _broadcast_seats(self, but: Subscriber | None = None) -> None:
        self._broadcast({"type": "seats", "seats": self._seats()}, but=but)

    def _broadcast(self, frame: dict, but: Subscriber | None = None) -> None:
        for subscriber in tuple(self.subscribers):
            if subscriber is not but:
                self._put(subscriber, dict(frame))

    def _send_to(self, seat: int) -> None:
        """A new frame for one seat (its window answer is taken), nothing else changed."""
        frame = self._frame(seat, ())
        for subscriber in tuple(self.subscribers):
            if subscriber.seat == seat:
                self._put(subscriber, frame)

    def _put(self, subscriber: Subscriber, frame: dict) -> None:
        self.observer.sent(self.match.state, subscriber.seat, frame)
        try:
            subscriber.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a connection that reads nothing: it is dropped, the table goes on
            self.subscribers.discard(subscriber)
            subscriber.queue = _Closed()

    # -- the window's timer ---------------------------------------------------
    def _arm_timer(self) -> None:
        key = self._window_key
        if self._timer is not None and getattr(self._timer, "key", None) == key:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if key is None or self.pace <= 0 or not any(not o.decision.waits for o in self.offers.values()):
            return

        async def wait_then_stand() -> None:
            await asyncio.sleep(self.pace)
            await self.let_stand(key)

        self._timer = asyncio.ensure_future(wait_then_stand())
        self._timer.key = key  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop the timer and release the record (its every line is already whole on disk)."""
        if self._timer is not None:
            self._timer.cancel()
        self.stream.close()


class _Closed(asyncio.Queue):
    """The queue of a dropped connection: whatever is put is thrown away."""

    def put_nowait(self, item: Any) -> None:
        return None


def _same(given: str, known: str) -> bool:
    import hmac

    return isinstance(given, str) and hmac.compare_digest(given.encode(), known.encode())


def _result(state: Any) -> dict | None:
    result = state.result()
    return None if result is None else result.to_dict()
