"""The challenge window's timer of a browser table: after the table's pace, a window that does not wait lets the move stand.

This module owns one table's timer (`WindowTimer`): armed for the open
window (known by the session's key for it, its actor and the step it
opened at) when some seat offered a decision in it may let the move
stand, re-armed only when the window changes, and how many seconds it
has left, so a reopened tab counts down what is left. It also owns the
host's choice for the windows a game marks as waiting (`Decision.waits`:
the window asks for a check, a count to verify): they wait for every
answer (`CHECKS_WAIT`, the default) or close after the pace like any
other (`CHECKS_TIMED`). What letting the move stand does is the table's
(`Table.let_stand`, under its lock).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterable

__all__ = ["CHECKS", "CHECKS_TIMED", "CHECKS_WAIT", "WindowTimer"]

#: Whether a window that asks for a check waits for every answer (what a table not told otherwise does) or closes after the pace.
CHECKS_WAIT, CHECKS_TIMED = "wait", "timed"
CHECKS = (CHECKS_WAIT, CHECKS_TIMED)


class WindowTimer:
    """One table's window timer: `pace` seconds per window (0: windows wait for every answer), `task` the one running.

    `checks` says whether the windows whose decisions wait are timed too.
    """

    def __init__(self, pace: float, checks: str = CHECKS_WAIT) -> None:
        self.pace = pace
        self.checks = checks
        self.task: asyncio.Task | None = None
        self.ends: float | None = None  # the loop's time when the running timer lets the move stand

    def arm(self, key: tuple | None, offers: Iterable[Any], time_up: Callable[[tuple], Awaitable[Any]]) -> None:
        """Run `time_up(key)` after the pace for the window `key` (None: no window open), unless it already runs for that window."""
        if self.task is not None and getattr(self.task, "key", None) == key:
            return
        if self.task is not None:
            # The timer that let a move stand is the task playing on from it: cancelling it would stop that play midway.
            if self.task is not asyncio.current_task():
                self.task.cancel()
            self.task = None
        self.ends = None
        if key is None or self.pace <= 0 or not any(self.times(o.decision) for o in offers):
            return
        self.ends = asyncio.get_running_loop().time() + self.pace

        async def wait_then_stand() -> None:
            await asyncio.sleep(self.pace)
            await time_up(key)

        self.task = asyncio.ensure_future(wait_then_stand())
        self.task.key = key  # type: ignore[attr-defined]

    def times(self, decision: Any) -> bool:
        """Whether the pace runs out for `decision`: one that does not wait, or any when checks are timed."""
        return self.checks == CHECKS_TIMED or not decision.waits

    def left(self) -> float | None:
        """Seconds before the running timer lets the move stand (None: no timer runs)."""
        if self.ends is None:
            return None
        return round(max(0.0, self.ends - asyncio.get_running_loop().time()), 2)

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.ends = None
