"""A French player answers the Muggins window with French keys and words (issue 40.1), and `?` lists no English text.

The catalogue gives pass the word `passer` (the key `accepter` too);
`m` and `muggins` are the French call's own (« dire Muggins ! »). The
English answers still pick their actions, and the play menu's `?` offers
no English text in brackets (the number, the label or the card picks it).
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.i18n import using_language

human = pytest.importorskip("muggins_cli.human")

STOCKS = {0: ["9C", "9H"], 1: ["2C", "KC"], 2: ["4S", "3H"], 3: ["5D", "TS"]}
ENGLISH = re.compile(r"\b(pass|accept|play|to common|discard \d)\b")


def example(position):
    return position(players=4, commons=["5C", "9D", "KH", "2S"], stocks=STOCKS, discards={1: ["7D"]}, mover=0, exposed="6H")


def test_the_muggins_window_is_answered_in_french(position, game, act):
    state = example(position)
    act(state, "play 6H to discard 1")
    window = state.decision()
    with using_language("fr"):
        line = human.compact_prompt(window, game)
        assert line.startswith("  Entrée = passer\u202f; m = muggins\u202f; t = table\u202f;") and not ENGLISH.search(line)
        for typed in ("", "passer", "accepter", "pass"):
            assert str(human.pick(window, typed, numbers_first=False, game=game)) == "pass", typed
        for typed in ("m", "muggins", "Muggins\u202f!"):
            assert str(human.pick(window, typed, numbers_first=False, game=game)) == "muggins", typed


def test_the_french_help_of_a_play_lists_no_english_text(position, game):
    state = example(position)
    out = io.StringIO()
    with using_language("fr"):
        player = human.HumanPlayer(game, 0, input=io.StringIO("?\n1\n"), output=out)
        assert str(player.choose(state.view(0), state.decision())) == "play 6H to common 1"
    shown = out.getvalue()
    assert "6♥ sur la pile commune 1" in shown and not ENGLISH.search(shown) and "texte entre parenthèses" not in shown
