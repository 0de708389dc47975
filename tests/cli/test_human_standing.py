"""The terminal's let-it-stand answer is the decision's: what makes a window, what the clock and a stray key answer, how it is named."""

from __future__ import annotations

import io

import pytest

from muggins.actions import Claim, Decision, Move, Pass
from muggins_cli import human as human_module
from muggins_cli.human import HumanPlayer, compact_prompt

LIE = Move("lie", label="let it lie", keys=("l",))  # no Enter key: only the field says it stands
MUGGINS = Claim("muggins")
WINDOW = Decision(0, "respond", (MUGGINS, LIE), (LIE,), "seat 1 put 8C on pile 2", True, standing=LIE)


class Game:
    def render(self, view, seat):
        return "[table]"

    def describe(self, event, seat):
        return None

    def glance(self, view, seat):
        return ["pile 2: 7D"]


class _NoKeysLeft:
    """A terminal whose keys are all the countdown's: nothing typed ahead to take or drop."""

    typeahead = ""

    def discard(self) -> None:
        pass


@pytest.fixture
def timed(monkeypatch):
    """A player whose windows flow, with the key (or None: the time runs out) the countdown returns."""
    keys: list[str | None] = []
    monkeypatch.setattr(HumanPlayer, "timed", property(lambda self: True))
    monkeypatch.setattr(human_module.keys_on_terminal, "KeyReader", _NoKeysLeft)
    monkeypatch.setattr(human_module.keys_on_terminal, "countdown", lambda reader, seconds, draw: keys.pop(0))
    return keys


def test_a_compact_decision_with_a_standing_answer_is_a_window_whatever_its_keys():
    sink = io.StringIO()
    player = HumanPlayer(Game(), 0, input=io.StringIO("l\n"), output=sink)
    assert player.choose({}, WINDOW) is LIE
    assert "  pile 2: 7D" in sink.getvalue().splitlines()  # headed and glanced at as a window
    assert compact_prompt(WINDOW).startswith("  m = muggins; l = let it lie;")  # the standing answer by its label


def test_the_clock_and_any_other_key_answer_the_standing_answer(timed):
    player = HumanPlayer(Game(), 0, output=io.StringIO(), pace=2)
    timed[:] = [None, "x", "m"]
    assert player.choose({}, WINDOW) is LIE
    assert player.choose({}, WINDOW) is LIE
    assert player.choose({}, WINDOW) is MUGGINS


def test_an_older_game_s_window_stands_on_its_pass(timed):
    player = HumanPlayer(Game(), 0, output=io.StringIO(), pace=2)
    timed[:] = [None]
    old = Decision(0, "respond", (MUGGINS, Pass()), (Pass(),), "seat 1 said 4", True)
    assert player.choose({}, old) == Pass()
