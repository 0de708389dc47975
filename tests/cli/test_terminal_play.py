"""Terminal play a person can keep up with, on a real pseudo-terminal: waits, the table on demand, resume, line width.

Each test runs `muggins` as its own process with standard input and output
on the slave side of a pty, as in a terminal window of 80 columns, reads the
screen from the master side and types into it. A window that waits is
shown to wait by what the record holds after a second of silence (a window
that flowed would have been answered within the tiny `--pace` given), never
by how long anything took; `expect` only has generous timeouts.
"""

from __future__ import annotations

import functools
import io
import re
import sys

import pytest

from muggins.engine import Match
from muggins.plugins import load_registry
from muggins.players import make_players
from muggins.records import RecordWriter, header_for, read_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

WIDTH = 80


@pytest.fixture
def terminal(terminal):
    """The shared pseudo-terminal (tests/cli/conftest.py), WIDTH columns wide."""
    return functools.partial(terminal, width=WIDTH)


def decisions(path) -> list[tuple[int, str]]:
    return [(seat, action) for seat, action in read_record(path).decisions]


def test_a_count_window_waits_for_the_human_shows_the_table_on_question_mark_and_takes_m_2(terminal, tmp_path):
    # A pace of 0.05 s: a window that flowed would be answered long before the second of silence below.
    term = terminal("play", "cribbage_muggins", "--seed", "7", "--pace", "0.05", "--record", "r.jsonl", plugins="cribbage_muggins")
    while (seen := term.expect("choose 1-", "type a number from 0 to 29", "Enter = accept")) != "Enter = accept":
        term.expect("> ")
        term.type("1\r" if seen == "choose 1-" else "0\r")
    term.expect("? = help > ")
    lines = term.lines()
    header = lines[-2]
    assert re.fullmatch(r"seat 1 counts \d+ for their hand: .+ with \S+", header), header  # the figure and the cards to check
    taken = len(decisions(tmp_path / "r.jsonl"))
    assert term.quiet_for(1.0) == ""  # nothing typed: nothing happens
    assert len(decisions(tmp_path / "r.jsonl")) == taken
    term.type("?\r")
    term.expect("Cribbage to 121 · deal 1")  # the whole table, in the window
    term.expect("Scores: ", "1) accept")
    term.expect(header)  # the move under dispute named again above the prompt
    term.expect("? = help > ")
    term.type("m 2\r")
    term.expect("You answer: muggins 2.")
    assert decisions(tmp_path / "r.jsonl")[taken] == (0, "muggins 2")


def test_a_shedding_window_at_the_default_pace_shows_where_the_card_landed_and_every_top(terminal, tmp_path):
    term = terminal("play", "muggins_shedding", "--seed", "3", "--record", "r.jsonl", plugins="muggins_shedding")
    term.expect("any other key lets it stand")
    lines = term.lines()
    at = max(n for n, line in enumerate(lines) if "any other key lets it stand" in line)
    move, commons, discards = lines[at - 3:at]
    assert re.fullmatch(r"seat \d put \S+ on .+ \((on \S+|empty)\)", move), move  # the pile top it landed on
    assert commons.startswith("  Common piles: [1] ") and discards.startswith("  Discards: [5] you ")
    term.type(" ")  # let it stand at once: nothing here waits for the clock


class FirstChoice:
    """The human's stand-in while the record is made: the first choice, which lets every window be."""

    def choose(self, view, decision):
        return decision.choices[0]


def _cut_inside_a_window(path) -> tuple[int, str]:
    """Write a fishing record stopped where seat 0 (a human) must answer in the window after another seat's capture."""
    registry = load_registry(only=["willughby_fishing"])
    game = registry.game("willughby_fishing")
    rules, seats = game.Rules(), ["human", "expert", "expert", "expert", "expert"]
    state = game.new(rules, 5, 11)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(game, rules, 5, 11, seats), state.opening_events())
    players = [FirstChoice(), *make_players(registry, game, seats[1:], 11)]
    players[1:] = make_players(registry, game, ["random", *seats[1:]], 11)[1:]  # each bot on its seat's own stream, as resume builds it
    match = Match(state, players, writer=writer)
    while True:
        decision, window = state.decision(), state.open_window()
        if decision.seat == 0 and window is not None and window.subject["after"] == "capture" and window.actor != 0:
            break
        match.step()
    path.write_text(stream.getvalue(), encoding="utf-8")
    return len(writer.record.decisions), decision.prompt


def test_resume_inside_a_window_shows_the_move_and_waits_for_the_humans_answer(terminal, tmp_path):
    taken, prompt = _cut_inside_a_window(tmp_path / "r.jsonl")
    term = terminal("resume", "r.jsonl", "--pace", "0.05", plugins="willughby_fishing")
    term.expect("Opponents: seats 1, 2, 3 and 4, each an expert")  # whom the human plays, at the start and atop the table
    term.expect("Table (")
    term.expect(prompt)  # the capture under dispute, then the table and hand it is judged by
    term.expect("c = claim; t = table; ? = help > ")
    assert term.quiet_for(1.0) == ""  # held: the timer answers nothing
    assert len(decisions(tmp_path / "r.jsonl")) == taken
    term.type("c\r")
    term.expect("You claim")
    assert decisions(tmp_path / "r.jsonl")[taken] == (0, "claim")


@pytest.mark.parametrize("game", ["cribbage_muggins", "willughby_fishing"])
def test_every_line_of_a_whole_match_fits_80_columns(terminal, tmp_path, game):
    term = terminal("play", game, "--seed", "5", "--pace", "0.01", "--record", "r.jsonl", plugins=game)
    assert term.play_out() == 0
    assert "record: r.jsonl" in term.screen
    assert read_record(tmp_path / "r.jsonl").result is not None
    long = [line for line in term.lines() if len(line) > WIDTH]
    assert not long, long[:5]
    # The width was used: some line needed wrapping (a breakdown, a settlement) and was broken between words.
    assert any(line.startswith("  ") and len(line) > 60 for line in term.lines())
