"""The terminal's "seat N is thinking…": a line shown while a bot at a table with a person takes its time.

A search player may take a second or more over a decision; at a terminal
table the person would see nothing happen. `show_thinking(players, seats)`
wraps the `choose` of every bot seated beside a `human` seat, when standard
output is a terminal: a timer started as the bot begins writes `seat N is
thinking…` if the bot has not answered within `DELAY` seconds, and the
line is erased (carriage return, clear to the end of the line) as soon as
the answer comes, before the move is narrated. Nothing is written for a
bot that answers in time, none of it on piped output, and none of it ever
reaches a record: the bot's answer is what it was.
"""

from __future__ import annotations

import sys
import threading
from typing import IO, Any, Callable, Sequence

from .i18n import _

__all__ = ["DELAY", "show_thinking", "thinking_choose"]

DELAY = 0.3
"""Seconds a bot may take before the terminal says it is thinking."""

_ERASE = "\r\x1b[K"


def thinking_choose(choose: Callable[[Any, Any], Any], seat: int, output: IO[str], delay: float = DELAY) -> Callable[[Any, Any], Any]:
    """`choose`, saying `seat N is thinking…` on `output` while an answer takes longer than `delay` seconds."""
    def noticed(view: Any, decision: Any) -> Any:
        lock = threading.Lock()
        state = {"done": False, "shown": False}

        def show() -> None:
            with lock:
                if state["done"]:
                    return
                state["shown"] = True
                output.write(_("seat {seat} is thinking…").format(seat=seat))
                output.flush()

        timer = threading.Timer(delay, show)
        timer.daemon = True
        timer.start()
        try:
            return choose(view, decision)
        finally:
            timer.cancel()
            with lock:
                state["done"] = True
                if state["shown"]:
                    output.write(_ERASE)
                    output.flush()

    return noticed


def show_thinking(players: Sequence[Any], seats: Sequence[str], human: str = "human", output: IO[str] | None = None,
                  delay: float = DELAY) -> None:
    """At a terminal table with a `human` seat, make every other seat's bot say when it is thinking (see the module docstring)."""
    stream = output if output is not None else sys.stdout
    kinds = [spec.partition(":")[0].strip() for spec in seats]
    if human not in kinds or not _terminal(stream):
        return
    for seat, (player, kind) in enumerate(zip(players, kinds)):
        if kind != human:
            player.choose = thinking_choose(player.choose, seat, stream, delay)


def _terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False
