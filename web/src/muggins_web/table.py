"""One table of a browser game: a Match whose people answer over the network, and the frames each seat is sent.

This module owns a running table: the `Match` (advanced under the
table's asyncio lock, held until a bot playing in the worker thread has
returned even when the waiting task is cancelled, so one owner touches
the match at a time: a person's answer is taken and its frames sent
before any bot plays, then quick bots play in short slices on the event
loop and slow ones, and every bot that thinks, in a worker thread under
the thinking limit, so neither a slow bot nor a busy table holds up
another table's click; a bot that fails stops the table with a line
every seat is sent), which human seat holds which token, the answers people
give (the pending decision's seat answers it at once; when a challenge
window is open, every human responder of it is offered its decision at
the same moment, `muggins.projection.window_decisions`, and the answers
are submitted in the window's polling order, so the engine settles them
exactly as it would one by one; a decision with a single choice is taken
for the person, as the terminal takes it), the names people give their
seats (kept beside the record by the lobby, shown in every frame's seat
list; the record itself stays name-free), the window's timer (after the table's
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
import concurrent.futures
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from muggins.actions import Decision, IllegalAction, standing_answer
from muggins.engine import Match, MatchAborted, StaleAction
from muggins.cards import cards_named_in, parse_card
from muggins.limits import clip
from muggins.game import Event, Game
from muggins.plugins import PluginFault
from muggins.players import make_players
from muggins.projection import seat_decision, seat_update, visible_events, window_decisions
from muggins.records import RecordFile, RecordWriteError
from muggins.thinking import ThinkingLimit, ThinkingStopped, limited

from .bots import THINK_LIMIT, check_web_seat

__all__ = ["RemoteSeat", "Offer", "Table", "Refused", "BotClock", "HISTORY_EVENTS"]

#: Events kept per seat for a tab that reconnects (its narration is told again from them).
HISTORY_EVENTS = 200
#: Seconds the server lets a slow bot run before it tells the table the bot is thinking.
THINKING_AFTER = 0.25
#: A bot decision that takes less processor time than this is quick: quick bots play on the event loop.
QUICK_DECISION = 0.005
#: Quick decisions in a row (played in the worker thread) before a bot plays on the event loop.
QUICK_IN_A_ROW = 2
#: Seconds of bots' play on the event loop before it yields to other connections.
SLICE = 0.002


class BotClock:
    """Which bots play on the event loop, from how long their decisions took; one per server, shared by its tables.

    A bot is known by its game and seat kind (`("cribbage_muggins",
    "novice:miss_rate=0.5")`), so a kind that has shown itself quick at one
    table plays on the loop at the next from its first decision. A kind
    starts in the worker thread, where a slow one (a search bot can think
    for seconds) holds up nobody else; after `QUICK_IN_A_ROW` decisions in
    a row each under `QUICK_DECISION` it plays on the event loop, where a
    quick bot costs no hop between threads and no contention with the loop
    for the interpreter's lock. A decision over that sends the kind back to
    the thread, and it must then show twice as many quick decisions in a
    row to come back: a bot that is only sometimes slow soon stays in the
    thread, while one that looked slow because the machine was busy
    elsewhere is back on the loop after a few decisions. (The wall clock:
    the processor clock of a thread costs a system call per reading. The
    counts are updated from the thread and the loop at once; a lost update
    only delays a move between them.)
    """

    def __init__(self) -> None:
        self.in_a_row: dict[Any, int] = collections.Counter()
        self.needed: dict[Any, int] = collections.defaultdict(lambda: QUICK_IN_A_ROW)

    def quick(self, kind: Any) -> bool:
        """Whether bots of `kind` play on the event loop (None, a bot that thinks: never)."""
        return kind is not None and self.in_a_row[kind] >= self.needed[kind]

    def took(self, kind: Any, seconds: float) -> None:
        if kind is None:
            return
        if seconds < QUICK_DECISION:
            self.in_a_row[kind] += 1
        else:
            self.in_a_row[kind] = 0
            self.needed[kind] = min(2 * self.needed[kind], 1024)

    def advance(self, match: Match, answered_here: Callable[[int], bool], kind_of: Callable[[int], Any], *,
                on_loop: bool, deadline: float = 0.0, limit: ThinkingLimit | None = None) -> None:
        """Play bots until a person is to act, or (on the loop) a slow bot or past `deadline`; (in the thread) a quick bot.

        Each decision taken starts `limit`'s seconds afresh, so a bot that
        checks it (`muggins.thinking`) is stopped past them.
        """
        clock = time.perf_counter
        idle = object()  # no decision being taken
        deciding: list[Any] = [idle, 0.0]  # the kind of bot whose decision is being taken, and when it began

        def stop(seat: int) -> bool:
            now = clock()
            first = deciding[0] is idle
            if not first:
                self.took(deciding[0], now - deciding[1])
            if answered_here(seat):
                deciding[0] = idle
                return True
            kind = kind_of(seat)
            if self.quick(kind) != on_loop or (on_loop and not first and now > deadline):
                deciding[0] = idle
                return True
            deciding[0], deciding[1] = kind, now
            if limit is not None:
                limit.begin()
            return False

        try:
            match.advance(stop)
        finally:
            if deciding[0] is not idle:  # the match ended, or a fault, after its decision
                self.took(deciding[0], clock() - deciding[1])


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
                 registry: Any = None, seed: int = 0, bot_clock: BotClock | None = None) -> None:
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
        self.on_start: Callable[[], None] = lambda: None  # noted beside the record by the lobby
        self.on_early: Callable[[dict], None] = lambda early: None  # window answers given early, noted beside the record
        self.names: dict[int, str] = {}  # what the people at human seats asked to be called
        self.on_names: Callable[[dict[int, str]], None] = lambda names: None  # kept beside the record by the lobby
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.offers: dict[int, Offer] = {}
        # The recent events each seat (and the spectators) saw, narrated again to a tab that reconnects.
        self.history: dict[int | None, collections.deque[Event]] = {s: collections.deque(maxlen=HISTORY_EVENTS) for s in [*self.humans, None]}
        self.stopped: str | None = None  # why the match cannot go on (a plugin's fault, a full disk)
        self._framed = 0  # decisions whose events have gone out in frames
        self._window_key: tuple | None = None
        self._timer: asyncio.Task | None = None
        self._clock = bot_clock or BotClock()
        self.started = True  # a table made to wait for its host's start: False until then
        self.host_seat: int | None = None  # the person's seat the host plays (their link is that seat's page with the host's controls)
        self._window_ends: float | None = None  # the loop's time when the open window's timer lets the move stand
        self._opening: list[Event] = list(match.writer.record.opening or [])  # sent with the first frames
        self.thinking_limit = ThinkingLimit(THINK_LIMIT)  # each bot decision in the worker thread runs under it
        # While a bot plays in the worker thread the match is the thread's alone: what the event loop
        # shows of it meanwhile (the lobby's list) is what was last framed.
        self._in_thread = False
        self._over = self._ended()
        self._step = match.taken
        self._last_sent: dict[int | None, tuple[Any, Any]] = {}  # per seat: the layout and seats list its last frame was built from

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
        """Whether the match is over, as last framed: safe to read from the event loop while a bot thinks in the worker thread."""
        return self._over

    def _ended(self) -> bool:
        return self.match.pending() is None

    def _answered_here(self, seat: int) -> bool:
        """Whether the table stops for `seat` (a person at a browser, not a bot seated in its place)."""
        return seat in self.seat_tokens and seat not in self.stand_ins

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        connected = {s.seat for s in self.subscribers}
        return {
            "table": self.id, "game": self.game.name, "players": len(self.kinds), "over": self.over, "stopped": self.stopped,
            "started": self.started,
            "title": getattr(self.game, "title", self.game.name),
            "seats": [{"seat": n, "kind": kind, "name": self.names.get(n), "connected": n in connected} for n, kind in enumerate(self.kinds)],
            "record": self.path, "step": self._step,
        }

    def caught_up(self, opening: Sequence[Event], events: Sequence[Sequence[Event]]) -> None:
        """A table reopened from its record: what each seat saw before the restart is its history, and nothing is sent again."""
        self._opening = []
        self._framed = len(events)
        everything = [*opening, *(ev for step in events for ev in step)]
        for seat, kept in self.history.items():
            kept.extend(visible_events(everything, seat))

    async def rename(self, seat: int, name: str) -> None:
        """The person at human seat `seat` is called `name` (checked by `muggins_web.protocol.read_name`); every page is told."""
        if seat not in self.seat_tokens:
            raise Refused(f"seat {seat} is a bot's; only a person's seat takes a name")
        async with self.lock:
            if self.names.get(seat) == name:
                return
            self.names[seat] = name
            self.on_names(dict(self.names))
            self._broadcast_seats()

    # -- the host -------------------------------------------------------------
    def seat_stand_in(self, seat: int, spec: str) -> None:
        """A bot of kind `spec` plays human seat `seat` from now on (the record's header keeps the seat human); Refused (one line) otherwise."""
        from muggins.sessions import SessionError, check_seats

        if seat not in self.seat_tokens:
            raise Refused(f"seat {seat} is not a person's seat; the host seats bots only for people")
        try:
            check_seats(self.registry, self.game, [spec])
            check_web_seat(spec)
        except (SessionError, ValueError) as exc:
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
        """The host's `start`, `seat_bot` (a bot of kind `spec` plays the person's seat), `give_back` (the person plays it again) or `close`."""
        if command == "close":
            await self.close_by_host()
            return
        if command == "start":
            await self.start_by_host()
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
            await self._change()

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
            self._deliver({seat: self._frame(seat, ()) for seat in {s.seat for s in tuple(self.subscribers)}})

    async def start_by_host(self) -> None:
        """The host starts a table that waited for it: the bots play up to the first person's decision; Refused (one line) if already started."""
        async with self.lock:
            if self.stopped:
                raise Refused(f"the match has stopped: {self.stopped}")
            if self.started:
                raise Refused("the table has already started")
            self.started = True
            self.on_start()
            await self._change()

    # -- playing --------------------------------------------------------------
    async def start(self) -> None:
        """Play the bots up to the first human decision and send everyone the table (a table waiting for its host: only the table)."""
        async with self.lock:
            await self._change()

    async def act(self, seat: int, step: Any, text: Any) -> None:
        """Take `seat`'s answer `text` to the decision it was offered at `step`; Refused (one line) changes nothing."""
        async with self.lock:
            offer = self._check(seat, step, text)
            if offer.pending:
                await self._change(lambda: self.match.submit(offer.seat, text, step=offer.step))
            else:
                offer.answer = text  # a later responder of the open window: submitted in its turn
                self.on_early(self.early_answers())
                self._send_to(seat)

    def early_answers(self) -> dict[str, dict]:
        """The window answers given before their turn, as kept beside the record so a restart does not ask them again."""
        return {str(o.seat): {"step": o.step, "answer": o.answer, "window": list(o.window)}
                for o in self.offers.values() if o.answer is not None and not o.pending and o.window is not None}

    def restore_early(self, kept: Any) -> None:
        """Take again the early window answers noted before a restart (`early_answers`); anything malformed is left out.

        Each is offered again only if the reopened match stands at the same
        window and step (the record replays to the very same state), so an
        answer is never taken for another decision.
        """
        if not isinstance(kept, dict):
            return
        for seat_text, note in kept.items():
            try:
                seat, step, answer, window = int(seat_text), note["step"], note["answer"], tuple(note["window"])
            except (TypeError, ValueError, KeyError):
                continue
            if self._answered_here(seat) and isinstance(step, int) and isinstance(answer, str):
                self.offers[seat] = Offer(seat, step, None, False, answer, window)  # type: ignore[arg-type]

    def _check(self, seat: int, step: Any, text: Any) -> Offer:
        if self.stopped:
            raise Refused(f"the match has stopped: {self.stopped}")
        if not self.started:
            raise Refused("the table has not started yet; its host starts it")
        if self._ended():
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
            await self._change()

    # -- advancing the match, under the lock ----------------------------------
    async def _change(self, answer: Callable[[], Any] | None = None) -> None:
        """Take `answer` (a person's, on the loop), let the bots play on, and send every seat its frames.

        A click is never kept waiting by bots: if the bots that follow it
        are quick and done within one `SLICE`, its frame carries their
        moves too (one frame per click, as few as can be sent); otherwise
        the click's frame goes out at once and the bots play on in slices
        that yield to the event loop between them, or, for a slow bot, in
        a worker thread (`BotClock`), while the table is told it thinks.
        """
        self.observer.changing(self.match.state)
        if answer is not None:
            self._guarded(answer)
        self._play_quick(time.perf_counter() + SLICE)
        self._deliver(self._frames())
        # Again while there is more: offering a person a decision with one choice takes it for them (`_offer`).
        while self._more_to_play():
            self.observer.changing(self.match.state)
            await self._play()
            self._deliver(self._frames())
        self._arm_timer()

    def _more_to_play(self) -> bool:
        """Whether the match goes on without waiting for a person: a bot to act, or a person's window answer already given."""
        decision = self.match.pending()
        if decision is None or self.stopped or not self.started:
            return False
        return not self._answered_here(decision.seat) or self._early_answer(decision) is not None

    def _early_answer(self, decision: Decision) -> Offer | None:
        early = self.offers.get(decision.seat)
        if early is None or early.answer is None or early.step != self.match.taken:
            return None
        return early

    def _play_quick(self, deadline: float) -> None:
        """On the loop: the window answers already given, in their turn, and quick bots, until a person or a slow bot is to act or past `deadline`."""
        while self._more_to_play():
            decision = self.match.pending()
            early = self._early_answer(decision)
            if early is not None:
                if not self._guarded(lambda: self._submit_early(early)):
                    return
            elif self._clock.quick(self._bot_kind(decision.seat)):
                self._guarded(lambda: self._clock.advance(self.match, self._answered_here, self._bot_kind, on_loop=True, deadline=deadline))
            else:
                return
            if time.perf_counter() > deadline:
                return

    async def _play(self) -> None:
        """Play on until a person must answer or the match ends: quick bots in slices that yield to other connections, slow ones in a thread."""
        began = time.perf_counter()
        told = False
        while self._more_to_play():
            seat = self.match.pending().seat
            if self._early_answer(self.match.pending()) is not None or self._clock.quick(self._bot_kind(seat)):
                await asyncio.sleep(0)  # other tables' clicks go first
                self._play_quick(time.perf_counter() + SLICE)
            else:
                self._in_thread = True
                # Bots that think take turns in one thread of their own: each holds the interpreter's lock
                # while it searches, and two at once would leave the event loop a third of it.
                executor = _thinking_thread() if self._bot_kind(seat) is None else None
                thread = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(executor, self._guarded, self._think))
                try:
                    if not told:
                        done, _ = await asyncio.wait({thread}, timeout=max(0.0, THINKING_AFTER - (time.perf_counter() - began)))
                        if not done:
                            self._broadcast({"type": "thinking", "seat": seat})
                            told = True
                    await asyncio.shield(thread)
                except asyncio.CancelledError:
                    await _outlive(thread)
                    raise
                finally:
                    self._in_thread = False
            if not told and time.perf_counter() - began > THINKING_AFTER and self._more_to_play():
                self._broadcast({"type": "thinking", "seat": self.match.pending().seat})
                told = True

    def _think(self) -> None:
        """In the worker thread: bots play until a quick one or a person is to act, each decision under the thinking limit."""
        with limited(self.thinking_limit):
            self._clock.advance(self.match, self._answered_here, self._bot_kind, on_loop=False, limit=self.thinking_limit)

    def _bot_kind(self, seat: int) -> tuple[str, str] | None:
        """What the bot clock knows the bot at `seat` by: its game and seat kind (a stand-in's own); None for a bot that thinks.

        A bot that thinks (`thinks`, or one that samples worlds as the search
        does) may be quick at one decision and take seconds at the next, so
        it never plays on the event loop, whatever it has shown.
        """
        player = self.match.players[seat]
        if getattr(player, "thinks", False) or getattr(player, "wants_sampler", False):
            return None
        return self.game.name, self.stand_ins.get(seat, self.kinds[seat])

    def _submit_early(self, early: Offer) -> bool:
        try:
            self.match.submit(early.seat, early.answer, step=early.step)
        except IllegalAction:  # stale, or the window changed under the answer: it is asked again
            early.answer = None
            return False
        return True

    def _guarded(self, work: Callable[[], Any]) -> Any:
        """`work`'s result; whatever stops the match (None) stops it with a line saying why, never the server, never silently.

        A plugin's fault, the decision limit, a full disk, a bot stopped by
        the thinking limit, or any other error of a bot or the game: the
        seats are told in their frames (`stopped`) and the server's log
        gets the line (with the traceback of an unexpected error).
        """
        try:
            return work()
        except (PluginFault, MatchAborted, RecordWriteError) as exc:
            self._stop(str(exc))
        except ThinkingStopped as exc:
            self._stop(f"{self._acting()} was stopped: {exc}; the table is stopped, its record whole to the last move")
        except (StaleAction, IllegalAction) as exc:  # checked before: a game refusing a choice it offered
            self._stop(f"the game refused a choice it offered: {exc}")
        except Exception as exc:  # a bot's or the game's own bug: the table says so instead of going silent
            self._stop(f"{self._acting()} failed: {type(exc).__name__}: {clip(str(exc), 200)}", exc)
        return None

    def _acting(self) -> str:
        decision = self.match.pending()
        if decision is None:
            return "the game"
        seat = decision.seat
        return f"seat {seat}'s bot ({clip(self.stand_ins.get(seat, self.kinds[seat]))})"

    def _stop(self, why: str, exc: BaseException | None = None) -> None:
        self.stopped = why
        told = f"muggins: table {self.id} stopped: {why}\n"
        if exc is not None:
            told += "".join(traceback.format_exception(exc))
        sys.stderr.write(told)  # one write: tables stopping in two threads at once do not interleave their lines
        sys.stderr.flush()

    def _deliver(self, frames: dict[int | None, dict]) -> None:
        for subscriber in tuple(self.subscribers):
            frame = frames.get(subscriber.seat)
            if frame is not None:
                self._put(subscriber, frame)

    def _frames(self) -> dict[int | None, dict]:
        """Offer the decisions now open to humans and build every human seat's and the spectators' frame from what happened since the last."""
        if self._ended() and not self.stopped and not self.match.writer.finished:
            self._guarded(self.match.advance)  # after the last move (a person's): advancing writes the result
        record = self.match.writer.record
        events: list[Event] = list(self._opening)
        self._opening = []
        for step_events in record.events[self._framed:]:
            events.extend(step_events)
        self._framed = len(record.events)
        self._offer()
        self._arm_timer()  # before the frames, so they say how long the window stays open
        self._over, self._step = self._ended(), self.match.taken
        if self._over:
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
        if pending is None or self.stopped or not self.started:
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
                answer = kept.answer if same else None
                if answer is None and len(decision.choices) == 1:
                    # The only choice is taken for the person, as the terminal takes it ("(the only choice)"):
                    # nobody is kept waiting for a tap that could say nothing else.
                    answer = str(decision.choices[0])
                self.offers[seat] = Offer(seat, taken + index, decision, index == 0, answer, key)
        self._window_key = key

    def _frame(self, seat: int | None, events: Sequence[Event], remember: bool = True) -> dict:
        """The update frame for `seat` (None: the spectators) after `events`; `remember` keeps the events for a tab that reconnects.

        Only what changed since the last frame built for the seat is sent of
        the layout and the seats list (`_since_last`): every connection of a
        seat is sent every frame built for it, and a new one starts from a
        whole hello frame, so each knows what "the same" means.
        """
        state = self.match.state
        update = seat_update(state, seat, events)
        offer = self.offers.get(seat) if seat is not None else None
        update["decision"] = seat_decision(offer.decision, self.game) if offer is not None and offer.answer is None else None
        standings: list[list[str]] = []
        for ev in update["events"]:
            lines = self.game.standings(ev, seat)
            if lines:
                standings.append(list(lines))
        if remember:
            self.history[seat].extend(update["events"])
        window = state.open_window() if not update["over"] else None
        frame = {
            "type": "update",
            "table": self.id,
            "game": self.game.name,
            "title": getattr(self.game, "title", self.game.name),
            "step": offer.step if offer is not None else self.match.taken,
            **update,
            "answered": None if offer is None else offer.answer,
            "answered_label": None if offer is None else _label(offer),
            "window": window is not None,
            # Every seat the open window still waits for, so no page names only the first polled.
            "responders": [] if window is None else [s for s in window.remaining if s not in self._answered_early()],
            "pace": self.pace,
            "window_left": self._window_left(),
            "started": self.started,
            "render": self.game.render(update["view"], seat),
            "standings": standings,
            "seats": self._seats(),
            "stopped": self.stopped,
            "result": None if not update["over"] else _result(state),
        }
        return self._since_last(seat, frame, whole=not remember)

    def _since_last(self, seat: int | None, frame: dict, whole: bool) -> dict:
        """`frame` with what the seat was last sent left out: each zone of the layout as it was (`{"id", "same": true}`), and the seats list as it was (null).

        Frames went from about 2 KB to 4 KB when they gained the layout,
        most of it zones that did not change with the move (another seat's
        hand, the crib, the starter); a `whole` frame (a hello) leaves out
        nothing.
        """
        layout, seats = frame.get("layout"), frame["seats"]
        before = self._last_sent.get(seat)
        self._last_sent[seat] = (layout, seats)
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

    def _answered_early(self) -> set[int]:
        return {o.seat for o in self.offers.values() if o.answer is not None}

    def _window_left(self) -> float | None:
        """Seconds before the open window's timer lets the move stand (None: no timer runs), so a reopened tab counts down what is left."""
        if self._window_ends is None:
            return None
        return round(max(0.0, self._window_ends - asyncio.get_running_loop().time()), 2)

    def _seats(self) -> list[dict]:
        connected = {s.seat for s in tuple(self.subscribers)}  # one step: see _frames
        return [{"seat": n, "kind": kind, "name": self.names.get(n), "human": n in self.seat_tokens, "connected": n in connected,
                 "stand_in": self.stand_ins.get(n)} for n, kind in enumerate(self.kinds)]

    # -- connections ----------------------------------------------------------
    async def join(self, seat: int | None, *, host: bool = False, links: dict | None = None) -> Subscriber:
        """A new connection for `seat`: it is sent the table as it stands now and the narration it has seen.

        The host's connection (`host`) is also sent `links`, the table's
        links to hand out (each seat's token is in its link, so only the
        host's page is ever sent them).
        """
        async with self.lock:
            subscriber = Subscriber(seat)
            self.subscribers.add(subscriber)
            frame = self._frame(seat, self._history(seat), remember=False)
            frame["type"] = "hello"
            frame["host"] = host
            if host and links is not None:
                frame["links"] = links
            self._put(subscriber, frame)
            self._broadcast_seats(but=subscriber)
            return subscriber

    def _history(self, seat: int | None) -> list[Event]:
        """The seat's recent events, less those naming a card now hidden from it.

        Such an event was right when it was sent (a seat's own card, since
        laid away face down; a penalty card shown as it changed hands, since
        gone into a hand), but a reconnecting tab is sent it again now: the
        wire shows nothing that is hidden now, and a line naming a card
        nobody can see any more is noise in the narration.
        """
        hidden = self.match.state.hidden_from(seat)
        if not hidden:
            return list(self.history[seat])
        kept = []
        for ev in self.history[seat]:
            named = cards_named_in(json.dumps(ev, ensure_ascii=False, default=str))
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
        if not self._in_thread:  # while a bot thinks only notices go out (who thinks, who is connected): no state to read
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
            # The timer that let a move stand is the task playing on from it: cancelling it would stop that play midway.
            if self._timer is not asyncio.current_task():
                self._timer.cancel()
            self._timer = None
        self._window_ends = None
        if key is None or self.pace <= 0 or not any(not o.decision.waits for o in self.offers.values()):
            return
        self._window_ends = asyncio.get_running_loop().time() + self.pace

        async def wait_then_stand() -> None:
            await asyncio.sleep(self.pace)
            await self.let_stand(key)

        self._timer = asyncio.ensure_future(wait_then_stand())
        self._timer.key = key  # type: ignore[attr-defined]

    def stop_thinking(self, reason: str) -> None:
        """Stop a bot thinking in the worker thread at its next check (`muggins.thinking`), from any thread; it makes no move."""
        self.thinking_limit.stop(reason)

    def close(self) -> None:
        """Stop the timer and release the record (its every line is already whole on disk)."""
        if self._timer is not None:
            self._timer.cancel()
        self._window_ends = None
        self.stream.close()


_THINKING: list[concurrent.futures.ThreadPoolExecutor] = []


def _thinking_thread() -> concurrent.futures.ThreadPoolExecutor:
    """The one worker thread that every table's thinking bots take turns in (made on first use)."""
    if not _THINKING:
        _THINKING.append(concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="muggins-thinking"))
    return _THINKING[0]


async def _outlive(thread: asyncio.Future) -> None:
    """Wait for `thread` to return, whatever cancels the waiter meanwhile (its connection closed, the server stopping).

    The match belongs to the worker thread until it returns: the table's
    lock, held by the cancelled waiter, must not be let go while the thread
    still plays, or the next answer would touch the match from a second
    thread. (A stopping server first stops the thread's thinking.)
    """
    while not thread.done():
        try:
            await asyncio.shield(thread)
        except asyncio.CancelledError:
            continue


class _Closed(asyncio.Queue):
    """The queue of a dropped connection: whatever is put is thrown away."""

    def put_nowait(self, item: Any) -> None:
        return None


def _same(given: str, known: str) -> bool:
    import hmac

    return isinstance(given, str) and hmac.compare_digest(given.encode(), known.encode())


def _label(offer: Offer) -> str | None:
    """The words of the choice a person answered with, as its button said them ("accept", not "pass")."""
    if offer.answer is None or offer.decision is None:  # an answer restored after a restart has no decision at hand
        return offer.answer
    choice = offer.decision.find(offer.answer)
    return offer.answer if choice is None else choice.label


def _result(state: Any) -> dict | None:
    result = state.result()
    return None if result is None else result.to_dict()
