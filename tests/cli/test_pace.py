"""`play --pace`: windows that flow on a real terminal (a pseudo-terminal), keys that call, stand or pause.

The match runs as a real `muggins` process whose standard input and output
are the slave side of a pty, exactly as in a terminal window; the test reads
the screen from the master side and types keys into it. What is asserted is
what the record says each key did, never how long anything took.
"""

from __future__ import annotations

import functools
import sys

import pytest

from muggins.records import read_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

HINT = "any other key lets it stand"
PAUSE = "press any key to go on"


@pytest.fixture
def terminal(terminal):
    """The shared pseudo-terminal (tests/cli/conftest.py), 100 columns wide."""
    return functools.partial(terminal, width=100)


def window_answers(path) -> list[str]:
    """Seat 0's answers in windows (every action but its own plays)."""
    return [action for seat, action in read_record(path).decisions if seat == 0 and not action.startswith("play ")]


def test_keys_call_stand_and_pause_in_a_flowing_window(terminal, tmp_path):
    # A long pace, so every window here is decided by a key and never by the clock.
    term = terminal("play", "tally", "--opponents", "expert", "--seed", "5", "--pace", "60", "--record", "r.jsonl")
    term.expect("choose 1-33 > ")
    term.type("play AH say 1\r")
    term.expect(HINT)
    term.type(" ")                      # any other key: let seat 1's play stand at once
    term.expect(HINT)
    term.type("o")                      # a key of its own: overcount on seat 2, narrated once, by the game
    term.expect("seat 0 claims overcount")
    term.expect("choose 1-22 > ")
    term.type("10\r")                   # play 9♠ and say 9
    term.expect(HINT)
    term.type("p")                      # pause the flow…
    term.expect("paused: p goes on")
    term.type("m")                      # …then a claim that needs more: the line prompt opens with `m` typed
    term.expect("? = help > ")
    term.type(" 2\r")                   # the short form: `m 2` is `muggins 2`
    term.expect("seat 0 claims muggins 2: not upheld")
    assert term.play_out(window=" ") == 0
    answers = window_answers(tmp_path / "r.jsonl")
    assert answers[:3] == ["pass", "overcount", "muggins 2"]
    assert "\x1b[31m" not in term.screen  # NO_COLOR is set: no colour at all


def test_windows_flow_by_themselves_when_no_key_is_pressed(terminal, tmp_path):
    term = terminal("play", "tally", "--opponents", "expert", "--seed", "5", "--pace", "0.05", "--record", "r.jsonl", colour=True)
    assert term.play_out() == 0  # only the human's own plays were answered
    record = read_record(tmp_path / "r.jsonl")
    assert record.result is not None
    answers = window_answers(tmp_path / "r.jsonl")
    assert answers and set(answers) == {"pass"}  # every window ran out and the move stood
    assert "▮" in term.screen  # the countdown marker was shown
    assert "\x1b[31m" in term.screen  # a terminal without NO_COLOR: red suits


def test_pace_0_keeps_one_line_prompt_per_move(terminal, tmp_path):
    term = terminal("play", "tally", "--opponents", "expert", "--seed", "5", "--pace", "0", "--record", "r.jsonl")
    term.expect("choose 1-33 > ")
    term.type("1\r")
    term.expect("seat 1 said 8\r\n  Enter = pass; o = overcount; m N = muggins N; t = table; ? = help > ")
    term.type("o\r")
    assert term.play_out() == 0
    assert HINT not in term.screen
    assert window_answers(tmp_path / "r.jsonl")[0] == "overcount"


def test_a_hands_end_is_a_banner_and_waits_for_a_key(terminal, tmp_path):
    (tmp_path / "short.toml").write_text("hands = 2\nturn_limit = 6\n")  # each hand is drawn after six turned cards
    term = terminal("play", "muggins_shedding", "--players", "3", "--rules", "short.toml", "--seed", "4", "--pace", "60", "--record", "r.jsonl",
                    plugins="tally,muggins_shedding")
    seen = ""
    while seen != PAUSE:
        seen = term.expect("> ", HINT, PAUSE)
        if seen == "> ":
            term.type("1\r")
        elif seen == HINT:
            term.type(" ")
    assert "Hand 1 is drawn: nobody scores." in term.screen
    assert "Hand 2:" not in term.screen  # the next deal waits for the key
    term.type("x")
    term.expect("Hand 2:")
    assert term.play_out(window=" ") == 0
    assert read_record(tmp_path / "r.jsonl").result is not None


def test_keys_typed_together_are_read_one_at_a_time_and_discarded_when_the_window_closes():
    # Issue 27, item 8: keys pressed during a window belong to it; what is left of them when it closes is dropped.
    import os
    import pty

    from muggins_cli.pace import KeyReader

    master, slave = pty.openpty()
    try:
        with os.fdopen(os.dup(slave)) as stream:
            reader = KeyReader(stream)
            os.write(master, "m é\x1b[A".encode())  # typed in one burst, before the window reads any of it
            assert [reader.key(5), reader.key(5), reader.key(5)] == ["m", " ", "é"]
            assert reader.key(5) == "\x1b[A"  # an escape sequence is one key
            os.write(master, b"xyz")
            assert reader.key(5) == "x" and reader.typeahead == "yz"
            os.write(master, b"late")  # still in the terminal when the window closes
            reader.discard()
            assert reader.typeahead == "" and reader.key(0) is None
    finally:
        os.close(master)
        os.close(slave)


def test_a_burst_of_keys_answers_one_window_and_never_the_next(terminal, tmp_path):
    term = terminal("play", "tally", "--opponents", "expert", "--seed", "5", "--pace", "60", "--record", "r.jsonl")
    term.expect("choose 1-33 > ")
    term.type("play AH say 1\r")
    term.expect(HINT)
    term.type(" " + "o" * 8)            # let seat 1's play stand; the o's after it were typed in its window too
    term.expect(HINT)                   # seat 2's window opens and waits: no `o` left over calls overcount on it
    term.type("m 2\r")                  # a claim typed in one go, Enter and all, answers the window it is typed in
    term.expect("seat 0 claims muggins 2")
    assert term.play_out(window=" ") == 0
    assert window_answers(tmp_path / "r.jsonl")[:2] == ["pass", "muggins 2"]


def test_keys_typed_after_a_window_ran_out_are_dropped_when_the_next_prompt_opens(monkeypatch):
    # The newcomer's `m`, a moment too late for a shedding window, was refused at the next menu.
    import io

    from muggins.actions import Claim, Decision, Move, Pass
    from muggins_cli import human, pace

    happened = []

    class Reader:
        typeahead = ""

        def __init__(self, stream=None):
            pass

        def discard(self):
            happened.append("discard")

    class Game:
        def render(self, view, seat):
            return "the table"

        def describe(self, event, seat):
            return None

    monkeypatch.setattr(pace, "KeyReader", Reader)
    monkeypatch.setattr(pace, "countdown", lambda reader, seconds, draw: None)  # no key: the window runs out
    monkeypatch.setattr(human.HumanPlayer, "timed", property(lambda self: True))
    monkeypatch.setattr(human, "_input_with", lambda prefill, prompt: happened.append("read") or "1")
    player = human.HumanPlayer(Game(), 0, output=io.StringIO(), pace=1)
    window = Decision(0, "respond", (Pass(), Claim("muggins")), (Pass(),), "seat 3 put 10♥ on common pile 3", True)
    assert player.choose({}, window) == Pass()
    assert happened == ["discard"]  # the window's own typeahead, as it closed
    menu = Decision(0, "play", (Move("play TH to common 1"), Move("play TH to common 2")), (Move("play TH to common 1"),), "Place 10♥")
    assert player.choose({}, menu) == Move("play TH to common 1")
    assert happened == ["discard", "discard", "read"]  # what came after it, before the menu's prompt reads a line
    assert player.choose({}, menu) and happened[-2:] == ["read", "read"]  # the menu's own keys are never dropped


class _Piles:
    """A game whose window is judged against the pile tops its glance shows."""

    def __init__(self, tops, told=None):
        self.tops, self.told = tops, told

    def render(self, view, seat):
        return "the table"

    def describe(self, event, seat):
        return None

    def glance(self, view, seat):
        return ["Piles: " + "  ".join(f"[{n}] {top}" for n, top in enumerate(self.tops, 1))]


@pytest.mark.parametrize(("tops", "told", "pace", "seconds"), [
    (["J♣", "7♣", "10♥", "2♦", "empty", "7♦", "K♠", "3♠"], None, None, 1.5 + 0.4 * 6),  # seven cards shown: six more than one
    (["J♣"], None, None, 1.5),                                                          # one comparison: the old default
    (["J♣", "7♣", "10♥", "2♦"], 8, None, 1.5 + 0.4 * 7),                                # the game says eight piles, empty ones too
    (["J♣", "7♣", "10♥", "2♦"], None, 0.75, 0.75),                                      # --pace given: that, whatever is shown
])
def test_the_default_pace_grows_with_what_a_window_asks_to_compare(monkeypatch, tops, told, pace, seconds):
    # Issue 27, item 9: 1.5 s was too short to check a placement against eight pile tops.
    import io

    from muggins.actions import Claim, Decision, Pass
    from muggins_cli import human, pace as pace_module

    given = []

    class Reader:
        typeahead = ""

        def __init__(self, stream=None):
            pass

        def discard(self):
            pass

    game = _Piles(tops)
    if told is not None:
        game.compared = lambda view, seat: told
    monkeypatch.setattr(pace_module, "KeyReader", Reader)
    monkeypatch.setattr(pace_module, "countdown", lambda reader, seconds, draw: given.append(seconds))  # and no key: it runs out
    monkeypatch.setattr(human.HumanPlayer, "timed", property(lambda self: True))
    player = human.HumanPlayer(game, 0, output=io.StringIO(), pace=pace)
    window = Decision(0, "respond", (Pass(), Claim("muggins")), (Pass(),), "seat 3 put 10♥ on pile 3", True)
    assert player.choose({}, window) == Pass()
    assert given == [pytest.approx(seconds)]


def test_play_and_resume_leave_the_pace_to_each_window_unless_given(run, monkeypatch):
    from muggins_cli import commands

    paces = []
    monkeypatch.setattr(commands, "play", lambda *args, pace, **kwargs: paces.append(pace))
    monkeypatch.setattr(commands, "resume", lambda *args, pace, **kwargs: paces.append(pace))
    for args in (("play", "tally"), ("resume",), ("play", "tally", "--pace", "1.5"), ("resume", "--pace", "0")):
        assert run(*args).exit_code == 0
    assert paces == [None, None, 1.5, 0]
    assert "0.4 s for each further pile or card" in " ".join(run("play", "--help").stdout.split())
