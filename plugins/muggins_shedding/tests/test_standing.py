"""The shedding game's standing answer: every window names PASS on its decision, and the bots let it stand through it."""

from __future__ import annotations

import random

from muggins import Claim, Decision, Move, Pass
from muggins.actions import standing_answer
from muggins.players import make_players

from muggins_shedding.bots import NoviceBot, RandomBot
from muggins_shedding.state import PASS


def test_every_window_names_pass_as_its_standing_answer_and_nothing_else_has_one(game, registry):
    windows = 0
    for seed in range(4):
        rules = game.Rules(turn_limit=150)
        state = game.new(rules, 3, seed)
        players = make_players(registry, game, ["random", "novice", "expert"], seed)
        while (found := state.decision()) is not None:
            window = state.open_window()
            if found.kind == "respond":
                windows += 1
                assert found.standing is PASS and standing_answer(found) is PASS and PASS in found.choices
                assert str(found.standing) == window.standing  # the window's text for the engine's settling, the same answer
                if window.claimable is False:
                    assert tuple(found.correct) == (PASS,)
            else:
                assert found.standing is None and standing_answer(found) is None
            state.apply(found.seat, players[found.seat].choose(state.view(found.seat), found))
    assert windows > 20


def test_the_novice_and_the_random_bot_let_the_decision_s_standing_answer_stand():
    lie = Move("let it lie")
    decision = Decision(1, "respond", (Pass(), Claim("muggins"), lie), (Claim("muggins"),), "seat 0 put 8C on common 2", True, standing=lie)
    assert NoviceBot(random.Random(3), attention=0).choose({}, decision) is lie  # not the Pass listed first
    assert RandomBot(random.Random(3), call_rate=0).choose({}, decision) is lie
    assert NoviceBot(random.Random(3), attention=1).choose({}, decision) == Claim("muggins")
