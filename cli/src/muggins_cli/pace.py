"""Single keys with a time limit, for play that flows: the terminal side of `play --pace`.

This module owns reading one key at a time from a terminal without waiting
for Enter (cbreak mode: no echo, no line editing, Ctrl-C still interrupts)
and `countdown`, the shown pause after an opponent's move: a marker of
`STEPS` blocks that empties as the time runs out, redrawn in place; its
default length (`window_seconds`) grows with how many things the window
asks its responder to compare. Keys
typed in one burst are handed out one at a time, and `KeyReader.discard`
drops whatever is left (the reader's and the terminal's, `tcflush`) when
the window they were typed in closes. The
terminal's own mode is restored after every key, so the ordinary line
prompts (`input()`) work between pauses and after an interruption. Only
POSIX terminals are supported; `available` says whether a stream is one
(on anything else play falls back to line prompts).
"""

from __future__ import annotations

import os
import select
import sys
import time
from contextlib import contextmanager
from typing import IO, Any, Callable, Iterator

__all__ = ["KeyReader", "available", "countdown", "window_seconds", "STEPS", "BASE_SECONDS", "PER_THING_SECONDS"]

#: Blocks in the countdown marker: one disappears every pace/STEPS seconds.
STEPS = 10

#: The default time of a window that asks one comparison (a card against the pile it went on): reading the
#: move's line (about a dozen words taken in at a glance, ~0.8 s), then a two-way choice and a key (~0.5 s),
#: with a margin. It was the whole default before windows were timed by what they show.
BASE_SECONDS = 1.5
#: Each further thing compared (another pile top, another group of cards): a fixation on it (~0.25 s, the
#: usual 200-300 ms of reading and visual search) and the check of its rank and suit against the move (~0.15 s).
PER_THING_SECONDS = 0.4


def window_seconds(compared: int) -> float:
    """The default time of a flowing window whose responder compares `compared` things: 1.5 s, and 0.4 s for each beyond the first.

    Eight pile tops get 4.3 s, eleven 5.5 s; a window judged by one or
    two things stays near the old 1.5 s. Any key answers sooner, so a quick
    reader loses nothing.
    """
    return BASE_SECONDS + PER_THING_SECONDS * max(0, compared - 1)
_CTRL_D = "\x04"
_ESCAPE = "\x1b"


def available(stream: Any) -> bool:
    """Whether `stream` is a terminal whose keys can be read one at a time here."""
    try:
        import termios  # noqa: F401 - POSIX only
        import tty  # noqa: F401

        return bool(stream.isatty())
    except (ImportError, AttributeError, ValueError):
        return False


class KeyReader:
    """Reads single keys from a terminal; `key(timeout)` is None when the time runs out.

    Inside `with reader.keys():` the terminal stays in cbreak mode, so a key
    typed between two reads (while the countdown is redrawn) is kept; outside
    it each `key` call switches the mode for itself. The switch never flushes
    input: a key typed just before the pause began still counts. Keys typed
    faster than they are read arrive together; `key` returns them one at a
    time, keeping the rest (`typeahead`), and `discard` drops them and what
    the terminal still holds, for when the window they were typed in closes.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.fd = (stream or sys.stdin).fileno()
        self._held = False
        self._typeahead = ""  # keys read from the terminal along with an earlier one and not yet returned

    @contextmanager
    def keys(self) -> Iterator[None]:
        import termios
        import tty

        if self._held:
            yield
            return
        saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)
        self._held = True
        try:
            yield
        finally:
            self._held = False
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def key(self, timeout: float | None = None) -> str | None:
        """One key (an escape sequence or a multi-byte character counts as one); EOFError for Ctrl-D or a closed terminal."""
        if not self._typeahead:
            with self.keys():
                ready, _, _ = select.select([self.fd], [], [], timeout)
                if not ready:
                    return None
                data = os.read(self.fd, 64)
            if not data:
                raise EOFError
            self._typeahead = data.decode("utf-8", errors="replace")
        text = self._typeahead
        # An escape sequence (an arrow key) is read whole and counts as one key; any other character is a key of its own.
        key, self._typeahead = (text, "") if text.startswith(_ESCAPE) else (text[0], text[1:])
        if key == _CTRL_D:
            self._typeahead = ""
            raise EOFError
        return key

    @property
    def typeahead(self) -> str:
        """The keys read along with the last one and not yet returned."""
        return self._typeahead

    def discard(self) -> None:
        """Drop every key typed and not yet taken: those read along with an earlier key and those the terminal still holds.

        Called when a window closes, so that a key meant for it (typed a
        moment late, or with others in one burst) never answers the next prompt.
        """
        import termios

        self._typeahead = ""
        termios.tcflush(self.fd, termios.TCIFLUSH)


def countdown(reader: KeyReader, seconds: float, draw: Callable[[str], None]) -> str | None:
    """Wait up to `seconds` for a key, calling `draw(marker)` as the marker of remaining time shrinks.

    Returns the key, or None when the time ran out.
    """
    step = seconds / STEPS
    deadline = time.monotonic() + seconds
    with reader.keys():
        for left in range(STEPS, 0, -1):
            draw("▮" * left + "▯" * (STEPS - left))
            wait = min(step, deadline - time.monotonic())
            if wait <= 0:
                break
            key = reader.key(wait)
            if key is not None:
                return key
    return None
