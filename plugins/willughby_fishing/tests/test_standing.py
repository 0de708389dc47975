"""The fishing game's standing answers: PASS in every window, DONE for the claims before play; none once teaching mode offers only the claim."""

from __future__ import annotations

import collections
import random

from muggins import Claim, Decision, Move, Pass
from muggins.actions import standing_answer
from muggins.players import make_players

from willughby_fishing.bots import NoviceBot
from willughby_fishing.state import DONE, PASS

KINDS = ["random", "novice", "expert", "novice", "random"]


def _walk(game, registry, rules, seeds):
    """Every decision of a few matches, with the window open at it."""
    for seed in seeds:
        state = game.new(rules, 5, seed)
        players = make_players(registry, game, KINDS, seed)
        while (found := state.decision()) is not None:
            yield found, state.open_window()
            state.apply(found.seat, players[found.seat].choose(state.view(found.seat), found))


def test_windows_name_pass_and_claims_before_play_name_done(game, registry):
    seen = collections.Counter()
    for found, window in _walk(game, registry, game.Rules(deals=1), range(6)):
        seen[found.kind] += 1
        if found.kind == "respond":
            assert found.standing is PASS and standing_answer(found) is PASS and PASS in found.choices
            assert str(found.standing) == window.standing
            if window.claimable is False:
                assert tuple(found.correct) == (PASS,)
        elif found.kind in ("hand_claim", "field_claim"):
            assert found.standing is DONE and standing_answer(found) is DONE and DONE in found.choices
        else:
            assert found.standing is None and standing_answer(found) is None
    assert seen["respond"] > 20 and seen["hand_claim"] > 0


def test_teaching_mode_leaves_no_standing_answer_where_it_offers_only_the_claim(game, registry):
    seen = collections.Counter()
    for found, _ in _walk(game, registry, game.Rules(mistakes="prevented", deals=1), range(12)):
        if found.kind in ("respond", "hand_claim", "field_claim"):
            offered = PASS if found.kind == "respond" else DONE
            if offered in found.choices:
                assert standing_answer(found) is offered
                seen["stands"] += 1
            else:
                assert found.standing is None and standing_answer(found) is None
                seen["claim only"] += 1
    assert seen["stands"] and seen["claim only"]


def test_the_novice_lets_the_decision_s_standing_answer_stand():
    lie = Move("let it lie")
    claim = Claim("claim")
    window = Decision(1, "respond", (Pass(), claim, lie), (claim,), "seat 0 took 7H", True, {"after": "capture"}, standing=lie)
    assert NoviceBot(random.Random(3), attention=0).choose({}, window) is lie  # not the Pass listed first
    assert NoviceBot(random.Random(3), attention=1).choose({}, window) is claim
    keep = Move("keep them")
    pair = Move("claim pair 7")
    before_play = Decision(2, "hand_claim", (pair, DONE, keep), (pair,), "claim", standing=keep)
    assert NoviceBot(random.Random(3), forget_rate=1).choose({}, before_play) is keep  # not the choice whose text is "done"
    assert NoviceBot(random.Random(3), forget_rate=0).choose({}, before_play) is pair
