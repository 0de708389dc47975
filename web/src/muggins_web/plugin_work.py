"""Plugin code run while a browser table is made, off the event loop and within a time limit, whatever it raises or hangs in told in one line.

This module owns the threads that code runs in (`PluginWork`): the
rules' checks, the game's new match and its house rules, the seats'
factories each run in a thread of their own under `HOUSE_RULES_TIMEOUT`,
never in the threads the bots think in, and whatever plugin code raises
is one line naming the plugin when its traceback tells it (a
`LobbyError`), never a server error. A thread whose plugin code hangs
cannot be stopped, so that work is bounded where it can hurt no one
else: each game has `GAME_SLOTS` of it at once (a hung hook of one game
takes its own game's slots, never another game's), one client address
holds at most `ADDRESS_SLOTS` of a game's (so one visitor cannot take a
game's tables from everyone), and every refusal names the plugin whose
code the threads are stuck in (`TooSlow`, `Busy`, `TooManyWaiting`),
read from where those threads are waiting.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import sys
import threading
import traceback
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from muggins.houserules import HouseRuleError
from muggins.limits import clip
from muggins.plugin_guards import stuck_in
from muggins.plugins import PluginFault, PluginInfo, blame, fault_message, plugin_fault

from .forms import LobbyError
from .languages import _, ngettext
from .notes import text_of

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["ADDRESS_SLOTS", "GAME_SLOTS", "HOUSE_RULES_TIMEOUT", "Busy", "PluginWork", "TooManyWaiting", "TooSlow"]

#: Seconds the plugin code run while a table is made (rules checks, house-rule hooks, seats' factories) may take.
HOUSE_RULES_TIMEOUT = 10.0
#: Tables of one game whose plugin code runs at once, hung or not: a hook that hangs takes only its own game's.
GAME_SLOTS = 4
#: Of those, how many one client address may hold (waiting for a slot included), so one visitor leaves the others some.
ADDRESS_SLOTS = 2


class TooSlow(LobbyError):
    """Plugin code run while the table was made did not answer within HOUSE_RULES_TIMEOUT."""

    status = 504


class Busy(LobbyError):
    """Every slot of the game's plugin work stayed taken (by code that does not answer) for all of HOUSE_RULES_TIMEOUT."""

    status = 503


class TooManyWaiting(LobbyError):
    """The client address already holds ADDRESS_SLOTS of the game's plugin work."""

    status = 429


class _Lane:
    """One game's plugin work: the threads running it and the requests waiting for one of its slots."""

    def __init__(self) -> None:
        self.running: set[threading.Thread] = set()
        self.held: collections.Counter[str | None] = collections.Counter()  # slots held or waited for, by client address
        self.held_by: dict[threading.Thread, str | None] = {}
        self.waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []


class PluginWork:
    """The plugin work one lobby runs while tables are made, for `registry`'s plugins, `timeout` seconds a request."""

    def __init__(self, registry: Registry, timeout: float = HOUSE_RULES_TIMEOUT, *, game_slots: int = GAME_SLOTS,
                 address_slots: int = ADDRESS_SLOTS) -> None:
        self.registry = registry
        self.timeout = timeout
        self.game_slots = game_slots
        self.address_slots = address_slots
        self._lanes: dict[str, _Lane] = collections.defaultdict(_Lane)
        self._lock = threading.Lock()  # the lanes are counted from the event loop and freed from the threads
        # How a request's time runs out: `expire(game, seconds)` ends when it has (a test's own waits for its hook instead).
        self.expire: Callable[[str, float], Awaitable[None]] = _sleep

    async def run(self, work: Callable[[Any], Any], data: Any, *, client: str | None = None) -> Any:
        """`work(data)` in a thread of its own within `timeout`, in the lane of the game `data` names; whatever plugin code raises, one line (LobbyError).

        The thread catches everything `work` raises (SystemExit, a
        KeyboardInterrupt a hook raises itself, even CancelledError are plugin
        code's there: no signal is raised in a worker thread), so what the
        wait itself raises (this request cancelled, the server stopping) is
        never mistaken for a plugin's.
        """
        game = data.get("game") if isinstance(data, dict) else None
        # Only an installed game has a lane of its own: a request naming anything else is refused before plugin code runs.
        name = game if isinstance(game, str) and game in getattr(self.registry, "games", {}) else ""
        lane = self._lanes[name]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        with self._lock:
            if lane.held[client] >= self.address_slots:
                count = lane.held[client]
                raise TooManyWaiting(ngettext(
                    "your address already has {count} table of {game} being made, waiting for {plugin}, "
                    "the most at once for one address; wait until it is answered",
                    "your address already has {count} tables of {game} being made, waiting for {plugin}, "
                    "the most at once for one address; wait until they are answered", count).format(
                    count=count, game=name, plugin=self._stuck_in(t for t, c in lane.held_by.items() if c == client)))
            lane.held[client] += 1
        thread = None
        try:
            while True:
                with self._lock:
                    if len(lane.running) < self.game_slots:
                        done: asyncio.Future = loop.create_future()
                        thread = threading.Thread(target=self._work, args=(lane, loop, done, contextvars.copy_context(), work, data),
                                                  name=f"muggins-plugin-{name or 'none'}", daemon=True)
                        lane.running.add(thread)
                        lane.held_by[thread] = client
                        break
                    freed = loop.create_future()
                    lane.waiting.append((loop, freed))
                try:
                    if not await self._within(freed, name, deadline - loop.time()):
                        raise asyncio.TimeoutError
                except asyncio.TimeoutError:
                    count = len(lane.running)
                    raise Busy(ngettext(
                        "no table was made: {count} table of {game} being made before this one is still waiting for "
                        "{plugin}, the most at once for one game; try again later",
                        "no table was made: {count} tables of {game} being made before this one are still waiting for "
                        "{plugin}, the most at once for one game; try again later", count).format(
                        count=count, game=name, plugin=self._stuck_in(lane.running))) from None
                finally:
                    with self._lock, contextlib.suppress(ValueError):
                        lane.waiting.remove((loop, freed))
        except BaseException:
            with self._lock:
                _let_go(lane, client)
            raise
        thread.start()  # from here the thread frees its slot and its address's share itself, when the plugin code returns
        if not await self._within(done, name, deadline - loop.time()):
            raise self._too_slow(thread)
        result, exc = done.result()
        if exc is None:
            return result
        if isinstance(exc, LobbyError):
            raise exc
        if isinstance(exc, HouseRuleError):
            raise LobbyError(str(exc)) from exc
        raise LobbyError(self.fault_line(exc)) from exc

    async def _within(self, future: asyncio.Future, game: str, seconds: float) -> bool:
        """Whether `future` is answered before `game`'s request runs out of its `seconds`; `future` is never cancelled here."""
        if future.done():
            return True
        timer = asyncio.ensure_future(self.expire(game, max(seconds, 0.0)))
        try:
            await asyncio.wait({future, timer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
        return future.done()

    def _work(self, lane: _Lane, loop: asyncio.AbstractEventLoop, done: asyncio.Future, context: contextvars.Context,
              work: Callable[[Any], Any], data: Any) -> None:
        """In the work's thread: `work(data)` in the request's context (its language words what plugin code says), then its slot freed."""
        try:
            answer = context.run(_caught, work, data)
        finally:
            with self._lock:
                me = threading.current_thread()
                lane.running.discard(me)
                _let_go(lane, lane.held_by.pop(me, None))
                waiting, lane.waiting = lane.waiting, []
            for waiter_loop, freed in waiting:
                _tell(waiter_loop, freed, None)
        _tell(loop, done, answer)

    def _too_slow(self, thread: threading.Thread) -> TooSlow:
        """The refusal of work whose plugin code did not answer in time, naming the plugin (and the function) it is stuck in."""
        seconds = f"{self.timeout:g}"
        found = self._hung_in(thread)
        if found is None:
            return TooSlow(_("the game's house rules (or a seat's bot being made) did not answer within {seconds} s; "
                             "no table was made").format(seconds=seconds))
        info, function = found
        return TooSlow(_("{plugin} did not answer within {seconds} s while the table was made (in {function}()); "
                         "no table was made").format(plugin=info.describe(), seconds=seconds, function=function))

    def _hung_in(self, thread: threading.Thread) -> tuple[PluginInfo, str] | None:
        """The plugin, and its function, that `thread` is running now: its innermost frame of a module a loaded plugin owns."""
        info, function = stuck_in(thread, getattr(self.registry, "owner", None))
        return None if info is None else (info, function)  # type: ignore[return-value]

    def _stuck_in(self, threads: Any) -> str:
        """The plugin most of `threads` are stuck in, as a refusal names it; "plugin code" when none can be named."""
        found = collections.Counter(info.describe() for info, _function in filter(None, map(self._hung_in, list(threads))))
        return found.most_common(1)[0][0] if found else _("plugin code")

    def fault_line(self, exc: BaseException) -> str:
        """One line for what plugin code raised while a table was made, naming the plugin when the traceback tells it."""
        fault = exc if isinstance(exc, PluginFault) else plugin_fault(exc, self.registry)
        if fault is not None:
            return _("the table was not made: {why}").format(why=fault)
        culprit = blame(exc, self.registry)
        if culprit is not None:
            return _("the table was not made: {why}").format(why=fault_message(culprit[0], exc, culprit[1]))
        print("muggins: error while a table was made:", file=sys.stderr, flush=True)
        traceback.print_exception(exc, file=sys.stderr)
        return _("the table was not made: {why}").format(why=f"{type(exc).__name__}: {clip(text_of(exc), 200)}")

    def shutdown(self) -> None:
        """Plugin code still running for a table being made is left behind: its threads are daemons, nobody waits for them."""


async def _sleep(game: str, seconds: float) -> None:
    await asyncio.sleep(seconds)


def _let_go(lane: _Lane, client: str | None) -> None:
    """One of `client`'s slots in `lane` given up (under the lock); an address holding none is forgotten."""
    lane.held[client] -= 1
    if lane.held[client] <= 0:
        del lane.held[client]


def _tell(loop: asyncio.AbstractEventLoop, future: asyncio.Future, answer: Any) -> None:
    """From a thread: `future` (of `loop`) answered, unless it was already or its loop has closed."""
    def answered() -> None:
        if not future.done():
            future.set_result(answer)

    with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
        loop.call_soon_threadsafe(answered)


def _caught(work: Callable[[Any], Any], data: Any) -> tuple[Any, BaseException | None]:
    """In a worker thread: `work(data)` and None, or None and whatever it raised."""
    try:
        return work(data), None
    except BaseException as exc:  # noqa: B902 - plugin code's SystemExit and KeyboardInterrupt included: see PluginWork.run
        return None, exc
