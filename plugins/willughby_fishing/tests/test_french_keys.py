"""A French player answers fishing's windows and claims with French keys and words (issue 40.1), the English still read.

The game's catalogue gives claim the key `r` and the word `réclamer`,
done the key `f` and the word `fini`, lie down the words `se coucher`:
the window's key line has no English word, `?` lists no English text, and
the English key `c` and texts still pick their actions.
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.actions import Move
from muggins.i18n import using_language

from willughby_fishing import FishingRules

human = pytest.importorskip("muggins_cli.human")

ENGLISH = re.compile(r"\b(claim|pass|done|lie down|let it be|play|take)\b")


def test_the_window_key_line_is_french_and_french_or_english_keys_answer(position, game, act):
    state = position(hands={0: ["QS", "3C", "3D"], 1: ["4D", "8H"], 2: ["9C", "KD", "6C"], 3: ["5S", "JC"]},
                     field=["QH", "QD", "QC", "2S", "10D", "JH"], mover=0, dealer=4, laid_down=[4])
    act(state, "play QS take QH")
    window = state.decision()
    with using_language("fr"):
        line = human.compact_prompt(window, game)
        assert line.startswith("  Entrée = laisser\u202f; r = réclamer\u202f; t = table\u202f;") and not ENGLISH.search(line)
        help_lines = "\n".join(human.menu_lines(window.choices, texts=True, game=game))
        assert not ENGLISH.search(help_lines) and "(pass)" not in help_lines
        for typed in ("r", "réclamer", "reclamer", "c", "claim"):
            assert str(human.pick(window, typed, numbers_first=False, game=game)) == "claim", typed
        for typed in ("", "laisser", "pass"):
            assert str(human.pick(window, typed, numbers_first=False, game=game)) == "pass", typed
    assert "c = claim" in human.compact_prompt(window, game)  # English unchanged


def _a_hand_claim(game, act):
    """The first claim of a set in hand, before the first turn, over the deals of a few seeds."""
    for seed in range(100):
        state = game.new(FishingRules(), 5, seed)
        while (decision := state.decision()).kind != "turn":
            if decision.kind == "hand_claim" and any(str(c).startswith("claim ") for c in decision.choices):
                return decision
            act(state, "done" if decision.find("done") else "pass")
    raise AssertionError("no seed deals a set to claim")


def test_claims_done_and_lying_down_are_typed_in_french(game, act):
    claims = _a_hand_claim(game, act)
    assert claims.kind == "hand_claim"
    claim = next(c for c in claims.choices if str(c).startswith("claim "))
    rank = str(claim).split()[1]
    french_rank = {"J": "V", "Q": "D", "K": "R"}.get(rank, rank)
    with using_language("fr"):
        assert human.pick(claims, f"réclamer {french_rank}", game=game) is claim
        assert human.pick(claims, str(claim), game=game) is claim  # the English text too
        assert str(human.pick(claims, "fini", game=game)) == str(human.pick(claims, "f", game=game)) == "done"
        assert str(human.pick(claims, "d", game=game)) == "done"
        help_lines = "\n".join(human.menu_lines(claims.choices, texts=True, game=game))
        assert f"(réclamer {french_rank})" in help_lines and "(fini)" in help_lines and not ENGLISH.search(help_lines)
        lie = Move("lie down")
        assert human.pick(claims._replace(choices=(*claims.choices, lie)), "se coucher", game=game) == lie
