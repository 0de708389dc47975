"""A French player answers cribbage's count and its window with French keys and words (issue 40.1), the English still read.

The game's catalogue gives overcount the key `e` and the word `trop`,
the count the word `annoncer`: the count's help and the window's key line
and `?` list carry no English word, and the English key `o` and texts
still pick their actions.
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.actions import Claim, Move, Pass
from muggins.i18n import using_language

human = pytest.importorskip("muggins_cli.human")

ENGLISH = re.compile(r"\b(overcount|accept|announce|pass)\b")


def _show(position, act):
    state = position(players=2, hands={0: ["5H", "5S", "5D", "JC"], 1: ["2C", "3D", "9S", "KH"]},
                     crib=["AC", "4H", "6D", "8C"], starter="5C", phase="show")
    count = state.decision()
    assert count.kind == "count"
    return state, count


def test_the_count_is_announced_in_french_and_its_help_has_no_english_word(position, game, act):
    _state, count = _show(position, act)
    out = io.StringIO()
    with using_language("fr"):
        player = human.HumanPlayer(game, count.seat, input=io.StringIO("?\nannoncer 12\n"), output=out)
        assert player.choose(_state.view(count.seat), count) == Move("announce 12")
        assert human.pick(count, "announce 11", numbers_first=False, game=game) == Move("announce 11")
    assert "(annoncer 0 … annoncer 29)" in out.getvalue() and not ENGLISH.search(out.getvalue())


def test_the_window_key_line_and_help_are_french_and_french_or_english_keys_answer(position, game, act):
    state, count = _show(position, act)
    act(state, "announce 12")
    window = state.decision()
    assert window.kind == "respond"
    with using_language("fr"):
        line = human.compact_prompt(window, game)
        assert line.startswith("  Entrée = accepter\u202f; e = trop\u202f; m N = muggins N\u202f;") and not ENGLISH.search(line)
        help_lines = "\n".join(human.menu_lines(window.choices, texts=True, menu=human.menu_of(window, game), game=game))
        assert "compte trop élevé (trop)" in help_lines and not ENGLISH.search(help_lines)
        for typed in ("e", "trop", "TROP", "o", "overcount"):
            assert human.pick(window, typed, numbers_first=False, game=game) == Claim("overcount"), typed
        for typed in ("", "accepter", "accept", "pass"):
            assert human.pick(window, typed, numbers_first=False, game=game) == Pass(), typed
        assert human.pick(window, "m 3", numbers_first=False, game=game) == Claim("muggins", 3)
    assert human.compact_prompt(window, game).startswith("  Enter = accept; o = overcount; m N = muggins N;")  # English unchanged


def test_the_browsers_count_buttons_read_in_french(position, game, act):
    from muggins.projection import seat_decision

    _state, count = _show(position, act)
    with using_language("fr"):
        [family] = seat_decision(count, game)["families"]
    assert family["label"] == "annoncer" and family["template"] == "announce {n}"  # what is sent back stays the English text
    with using_language("en"):
        [family] = seat_decision(count, game)["families"]
    assert family["label"] == "announce"
