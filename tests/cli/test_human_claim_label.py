"""A window's key line names a claim by the game's own label, as the browser does (`r = call a revoke!`, not `r = revoke #1`)."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

from muggins import parse_card
from muggins.actions import Claim, Decision, Pass
from muggins_cli import human as human_module
from muggins_cli.human import HumanPlayer, compact_prompt


def _follow():
    if "muggins_follow" not in sys.modules:
        spec = importlib.util.spec_from_file_location("muggins_follow", Path(__file__).parents[1] / "testgame" / "muggins_follow.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["muggins_follow"] = module
        spec.loader.exec_module(module)
    return sys.modules["muggins_follow"]


def proof_window():
    """The follow game's window once seat 1's revoke is proved: seat 0 may call it."""
    follow = _follow()
    game = follow.FollowGame()
    state = game.new(game.Rules(hand_size=2), 2, 1)
    # The hands of the story (the pack is not checked here: only the window is read).
    state.piles_["hand 0"], state.piles_["hand 1"] = [parse_card("2H"), parse_card("3C")], [parse_card("4H"), parse_card("5C")]
    state._forget_decision()
    for seat, text in ((0, "play 2H"), (1, "play 5C"), (0, "play 3C"), (1, "play 4H")):
        state.apply(seat, state.decision().find(text))
    return game, state, state.decision()


def test_the_window_key_line_names_the_claim_by_the_games_label():
    game, _, decision = proof_window()
    assert decision.kind == "respond" and decision.compact
    line = compact_prompt(decision, game)
    assert "r = call a revoke!" in line and "revoke #1" not in line


def test_a_flowing_window_hints_the_games_label_and_its_key_answers(monkeypatch):
    game, state, decision = proof_window()
    monkeypatch.setattr(HumanPlayer, "timed", property(lambda self: True))
    monkeypatch.setattr(human_module.keys_on_terminal, "KeyReader", type("NoKeys", (), {"typeahead": "", "discard": lambda self: None}))
    monkeypatch.setattr(human_module.keys_on_terminal, "countdown", lambda reader, seconds, draw: (draw("·"), "r")[1])
    out = io.StringIO()
    chosen = HumanPlayer(game, 0, output=out, pace=2).choose(state.view(0), decision)
    assert str(chosen) == "revoke #1" and "r = call a revoke!" in out.getvalue()


def test_a_call_without_words_of_its_own_or_with_long_ones_is_named_as_typed():
    long = Claim("claim", label="claim (take what was forgotten, or lay your other pair)", keys=("c",))
    for call, shown in ((Claim("muggins"), "m = muggins"), (long, "c = claim;")):
        window = Decision(0, "respond", (Pass(), call), (Pass(),), "seat 1 played", True, standing=Pass())
        assert shown in compact_prompt(window)
