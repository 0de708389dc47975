"""Folding finished chunks in match order, with a bounded reorder buffer, and stopping cleanly on an interrupt.

Finished chunks wait in a small reorder buffer and are folded match by
match in match order, so every total (floats included) is identical for any
worker count. At most `WINDOW_PER_WORKER` chunks per worker are handed out
ahead of the first unfolded one, which bounds the buffer. An interrupt
(Ctrl-C, or a signal handler that calls `interrupt`) never lands in the
middle of a fold: it waits until the chunk being folded is complete.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Callable, Iterator

from .chunks import GameOutcome, chunk_count, chunk_size

#: Chunks handed out per worker ahead of the first one not yet folded in.
WINDOW_PER_WORKER = 4


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by an interrupt; `summary` covers the matches folded in so far (0 to k-1), marked partial."""

    def __init__(self, summary: dict[str, Any]) -> None:
        super().__init__(f"interrupted after {summary.get('games')} matches")
        self.summary = summary


class _Folding:
    """Whether a chunk is being folded in right now, and whether an interrupt came meanwhile."""

    active = False
    pending = False


def interrupt(signum: int | None = None, frame: Any = None) -> None:
    """Stop a running simulation as Ctrl-C does: at once, or once the chunk being folded in is complete.

    `run_chunks` installs this for SIGINT; a command may install it for
    other signals (SIGTERM). Deferring during a fold keeps the partial
    summary consistent: it never holds half a match.
    """
    if _Folding.active:
        _Folding.pending = True
        return
    raise KeyboardInterrupt


def _plain_interrupt(handler: Any) -> bool:
    """Whether `handler` just raises KeyboardInterrupt: Python's default, or one marked `plain_interrupt` (the command line's)."""
    return handler is signal.default_int_handler or getattr(handler, "plain_interrupt", False) is True


@contextlib.contextmanager
def _interrupts_between_folds() -> Iterator[None]:
    previous = None
    if threading.current_thread() is threading.main_thread() and _plain_interrupt(signal.getsignal(signal.SIGINT)):
        previous = signal.signal(signal.SIGINT, interrupt)
    _Folding.active = _Folding.pending = False
    try:
        yield
    finally:
        _Folding.active = _Folding.pending = False
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def run_chunks(open_it: Callable[[], Any], games: int, fold: Callable[[list[list[GameOutcome]]], None], progress: Callable[[int], Any] | None) -> None:
    """Run every chunk of `games` matches on the runner `open_it()` makes and fold them in match order.

    Finished chunks wait in a reorder buffer until every earlier chunk is
    folded; no chunk more than the runner's window past the first unfolded
    one is handed out, so the buffer stays small. `progress(n)` hears of each
    chunk as it finishes. The runner is closed (its workers stopped) however
    this ends, an interrupt included; an interrupt never lands in the middle
    of a fold.
    """
    total = chunk_count(games)
    if not total:
        return
    size = chunk_size(games)
    with _interrupts_between_folds():
        runner = open_it()
        try:
            window = getattr(runner, "window", None) or max(1, runner.workers) * WINDOW_PER_WORKER
            submitted = folded = 0
            buffer: dict[int, list[list[GameOutcome]]] = {}
            while folded < total:
                while submitted < total and submitted < folded + window:
                    runner.submit(submitted, (submitted * size, min((submitted + 1) * size, games)))
                    submitted += 1
                number, outcomes = runner.next()
                buffer[number] = outcomes
                if progress is not None:
                    progress(len(outcomes[0]))
                _Folding.active = True
                try:
                    while folded in buffer:
                        fold(buffer.pop(folded))
                        folded += 1
                finally:
                    _Folding.active = False
                if _Folding.pending:
                    raise KeyboardInterrupt
        finally:
            runner.close()
