"""When and where a browser table's bots play: on the event loop in short slices, or in a worker thread under the thinking limit.

This module owns the bots' scheduling for every table of a server. A
`BotClock` (one per server) learns from how long each kind of bot takes
which kinds are quick enough to play on the event loop; a table's
`BotPlay` plays its session on (`muggins.session.Session.advance` with a
stop of its own) after a person's answer: the window answers already
given and quick bots on the loop within one `SLICE`, then in slices that
yield to other connections, and slow bots, and every bot that thinks, in
a worker thread of the table's own (made when first needed, let go when
the table closes) with each decision under the table's `ThinkingLimit`,
the table told after `THINKING_AFTER` that a bot thinks. The session says
what comes next (`Session.up_next`): in an order-free group its bots answer
before their turn, on the loop or in the thread as their kind goes, while
the people answer theirs. One thread per
table, not one for the server: a bot stuck at one table (a search inside
an imagined match that never ends, a plugin's bot that never answers)
holds up its own table alone. Searches at several tables then share the
interpreter's lock with the event loop, which `muggins_web.server`'s
short switch interval keeps answering clicks between them. While a bot plays in the thread the
match is the thread's alone, until the thread returns, even when the task
waiting for it is cancelled. What stops a match (a bot's fault) is the
table's to say: every play here runs through the table's guard.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import time
from typing import Any, Callable

from muggins.session import Session
from muggins.thinking import ThinkingLimit, limited

__all__ = ["BotClock", "BotPlay", "QUICK_DECISION", "QUICK_IN_A_ROW", "SLICE", "THINKING_AFTER"]

#: Seconds the server lets a slow bot run before it tells the table the bot is thinking.
THINKING_AFTER = 0.25
#: A bot decision that takes less processor time than this is quick: quick bots play on the event loop.
QUICK_DECISION = 0.005
#: Quick decisions in a row (played in the worker thread) before a bot plays on the event loop.
QUICK_IN_A_ROW = 2
#: Seconds of bots' play on the event loop before it yields to other connections.
SLICE = 0.002

Guard = Callable[[Callable[[], Any]], Any]


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
    elsewhere is back on the loop after a few decisions. (The wall clock,
    `now`, by default `time.perf_counter`: the processor clock of a thread
    costs a system call per reading; a test gives a clock of its own, so
    what it learns does not hang on the machine's speed. The counts are
    updated from the thread and the loop at once; a lost update only
    delays a move between them.)
    """

    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
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

    def advance(self, session: Session, kind_of: Callable[[int], Any], *, on_loop: bool, deadline: float = 0.0,
                limit: ThinkingLimit | None = None, running: Callable[[], bool] = lambda: True) -> None:
        """Play bots until a person is to act, or (on the loop) a slow bot or past `deadline`; (in the thread) a quick bot; or not `running`.

        Each decision taken starts `limit`'s seconds afresh, so a bot that
        checks it (`muggins.thinking`) is stopped past them.
        """
        clock = self.now
        idle = object()  # no decision being taken
        deciding: list[Any] = [idle, 0.0]  # the kind of bot whose decision is being taken, and when it began

        def stop(seat: int) -> bool:
            now = clock()
            first = deciding[0] is idle
            if not first:
                self.took(deciding[0], now - deciding[1])
            if seat in session.answered_here or not running():
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
            session.advance(until=stop)
        finally:
            if deciding[0] is not idle:  # the match ended, or a fault, after its decision
                self.took(deciding[0], clock() - deciding[1])


class BotPlay:
    """One table's bots: its `session`, the server's `clock`, the table's thinking `limit`, and `spec_of(seat)`, the seat kind a bot plays."""

    def __init__(self, session: Session, clock: BotClock, limit: ThinkingLimit, spec_of: Callable[[int], str]) -> None:
        self.session = session
        self.clock = clock
        self.limit = limit
        self.spec_of = spec_of
        # While a bot plays in the worker thread the match is the thread's alone: what the event loop
        # shows of it meanwhile (the lobby's list) is what was last framed.
        self.in_thread = False
        self._worker: concurrent.futures.ThreadPoolExecutor | None = None

    def _thread(self) -> concurrent.futures.ThreadPoolExecutor:
        """The table's own worker thread (made on first use, again after `let_go`)."""
        if self._worker is None:
            self._worker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="muggins-bots")
        return self._worker

    def let_go(self) -> None:
        """The table is closed: its worker thread ends once it has returned (a bot still thinking is stopped by the table's limit)."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=False)

    def more_to_play(self, running: bool) -> bool:
        """Whether the match goes on without waiting for a person: a bot to act (or to answer an order-free group early), or an answer already given."""
        return running and self.session.up_next() is not None

    def play_quick(self, deadline: float, guarded: Guard, running: Callable[[], bool]) -> None:
        """On the loop: the answers already given, in their turn, and quick bots, until a person or a slow bot is next or past `deadline`."""
        while running():
            up_next = self.session.up_next()
            if up_next is None:
                return
            seat, given = up_next
            if not given and not self.clock.quick(self.kind(seat)):
                return
            progress = self.session.progress
            guarded(lambda: self.clock.advance(self.session, self.kind, on_loop=True, deadline=deadline))
            if self.session.progress == progress:  # an early answer the window no longer takes: it is asked again
                return
            if self.clock.now() > deadline:
                return

    async def play(self, guarded: Guard, running: Callable[[], bool], thinking: Callable[[int], None]) -> None:
        """Play on until a person must answer or the match ends: quick bots in slices that yield to other connections, slow ones in a thread.

        `thinking(seat)` tells the table, once, that a bot is still playing after `THINKING_AFTER`.
        """
        now = self.clock.now
        began = now()
        told = False
        while running():
            up_next = self.session.up_next()
            if up_next is None:
                break
            seat, given = up_next
            if given or self.clock.quick(self.kind(seat)):
                await asyncio.sleep(0)  # other tables' clicks go first
                self.play_quick(now() + SLICE, guarded, running)
            else:
                self.in_thread = True
                thread = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(self._thread(), guarded, lambda: self._think(running)))
                try:
                    if not told:
                        done, _ = await asyncio.wait({thread}, timeout=max(0.0, THINKING_AFTER - (now() - began)))
                        if not done:
                            thinking(seat)
                            told = True
                    await asyncio.shield(thread)
                except asyncio.CancelledError:
                    await _outlive(thread)
                    raise
                finally:
                    self.in_thread = False
            if not told and now() - began > THINKING_AFTER and self.more_to_play(running()):
                thinking(self.session.up_next()[0])  # type: ignore[index]
                told = True

    def _think(self, running: Callable[[], bool]) -> None:
        """In the worker thread: bots play until a quick one or a person is to act (or the table stops running), each decision under the thinking limit."""
        with limited(self.limit):
            self.clock.advance(self.session, self.kind, on_loop=False, limit=self.limit, running=running)

    def kind(self, seat: int) -> tuple[str, str] | None:
        """What the bot clock knows the bot at `seat` by: its game and seat kind (a stand-in's own); None for a bot that thinks.

        A bot that thinks (`thinks`, or one that samples worlds as the search
        does) may be quick at one decision and take seconds at the next, so
        it never plays on the event loop, whatever it has shown.
        """
        player = self.session.players[seat]
        if getattr(player, "thinks", False) or getattr(player, "wants_sampler", False):
            return None
        return self.session.game.name, self.spec_of(seat)


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
