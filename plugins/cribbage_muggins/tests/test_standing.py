"""Cribbage's standing answer: every count's window names ACCEPT on its decision, and the bots let it stand through it."""

from __future__ import annotations

import random

from muggins import Claim, Decision, Move, Pass
from muggins.actions import standing_answer
from muggins.players import make_players

from cribbage_muggins.bots import NoviceBot, RandomBot
from cribbage_muggins.state import ACCEPT


def test_every_window_names_accept_as_its_standing_answer_and_nothing_else_has_one(game, registry):
    windows = 0
    for seed, (players, rules) in enumerate([(2, game.Rules(target=61)), (3, game.Rules(target=61)), (2, game.Rules(target=61, lowball=True))]):
        state = game.new(rules, players, seed)
        seated = make_players(registry, game, ["random", "novice", "expert"][:players], seed)
        while (found := state.decision()) is not None:
            window = state.open_window()
            if found.kind == "respond":
                windows += 1
                assert found.standing is ACCEPT and standing_answer(found) is ACCEPT and ACCEPT in found.choices
                assert str(found.standing) == window.standing
                if window.claimable is False:
                    assert tuple(found.correct) == (ACCEPT,)
            else:
                assert found.standing is None and standing_answer(found) is None  # a count has no answer that lets it stand
            state.apply(found.seat, seated[found.seat].choose(state.view(found.seat), found))
    assert windows > 10


def test_the_novice_and_the_random_bot_let_the_decision_s_standing_answer_stand():
    lie = Move("let it lie")
    decision = Decision(1, "respond", (Pass(), Claim("overcount"), lie), (Claim("overcount"),), "seat 0 counts 12", True, waits=True, standing=lie)
    assert NoviceBot(random.Random(3), attention=0).choose({}, decision) is lie  # not the Pass listed first
    assert RandomBot(random.Random(3), call_rate=0).choose({}, decision) is lie
    assert NoviceBot(random.Random(3), attention=1).choose({}, decision) == Claim("overcount")
    claims = {RandomBot(random.Random(seed), call_rate=1).choose({}, decision) for seed in range(20)}
    assert claims == {Pass(), Claim("overcount")}  # every claim but the standing answer, even the Pass it does not name
