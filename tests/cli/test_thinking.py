"""The terminal's "seat N is thinking…": shown for a slow bot beside a person on a terminal, erased when it answers, never otherwise.

The slow fake bot answers only once the line is on the screen, and the
quick one's timer is given two seconds, so neither test hangs on how
busy the machine is, and nothing here waits long.
"""

from __future__ import annotations

import io
import threading
import time

from muggins_cli.thinking import show_thinking, thinking_choose


class _Terminal(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Event()

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.written.set()
        return super().write(text)


class _Bot:
    def __init__(self, pause: float) -> None:
        self.pause = pause

    def choose(self, view, decision):
        time.sleep(self.pause)
        return "the answer"


def test_a_slow_bot_is_said_to_think_and_the_line_is_erased_when_it_answers():
    screen = _Terminal()

    def slow(view, decision):
        assert screen.written.wait(10), "the thinking line never came"
        return "the answer"

    choose = thinking_choose(slow, 1, screen, delay=0.01)
    assert choose({}, None) == "the answer"
    assert screen.getvalue() == "seat 1 is thinking…\r\x1b[K"


def test_a_quick_bot_writes_nothing_and_nothing_comes_after_it_answers():
    screen = _Terminal()
    before = set(threading.enumerate())
    choose = thinking_choose(_Bot(0).choose, 1, screen, delay=2.0)
    assert choose({}, None) == "the answer"
    timers = [t for t in set(threading.enumerate()) - before if isinstance(t, threading.Timer)]
    for timer in timers:
        timer.join(5)  # cancelled: it ends at once without writing
    assert not any(timer.is_alive() for timer in timers)
    assert screen.getvalue() == ""


def test_only_bots_beside_a_human_on_a_terminal_are_wrapped():
    human, bot = _Bot(0), _Bot(0)
    show_thinking([human, bot], ["human", "search:iterations=5"], output=_Terminal(), delay=0.01)
    assert "choose" not in vars(human) and "choose" in vars(bot)
    piped, alone = _Bot(0), _Bot(0)
    show_thinking([_Bot(0), piped], ["human", "expert"], output=io.StringIO())  # piped output: untouched
    show_thinking([alone, _Bot(0)], ["expert", "expert"], output=_Terminal())  # nobody to tell
    show_thinking([_Bot(0), piped], ["human", "expert"], output=object())  # no stream at all
    assert "choose" not in vars(piped) and "choose" not in vars(alone)
