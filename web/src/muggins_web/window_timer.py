"""The challenge window's timer of a browser table: after the table's pace, a window that does not wait lets the move stand.

This module owns one table's timer (`WindowTimer`): armed for the open
window (known by the session's key for it, its actor and the step it
opened at) when some seat offered a decision in it may let the move
stand, re-armed only when the window changes, and how many seconds it
has left, so a reopened tab counts down what is left. What letting the
move stand does is the table's (`Table.let_stand`, under its lock).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterable

__all__ = ["WindowTimer"]


class WindowTimer:
    """One table's window timer: `pace` seconds per window (0: windows wait for every answer), `task` the one running."""

    def __init__(self, pace: float) -> None:
        self.pace = pace
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
        if key is None or self.pace <= 0 or not any(not o.decision.waits for o in offers):
            return
        self.ends = asyncio.get_running_loop().time() + self.pace

        async def wait_then_stand() -> None:
            await asyncio.sleep(self.pace)
            await time_up(key)

        self.task = asyncio.ensure_future(wait_then_stand())
        self.task.key = key  # type: ignore[attr-defined]

    def left(self) -> float | None:
        """Seconds before the running timer lets the move stand (None: no timer runs)."""
        if self.ends is None:
            return None
        return round(max(0.0, self.ends - asyncio.get_running_loop().time()), 2)

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.ends = None
