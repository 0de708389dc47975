"""Where cribbage spends the search: late in the game (a side within `LATE_NEED` of the target) it searches, earlier it plays as the expert at no cost.

Before a side nears the target the expert's expected points are what wins,
so the prior hands back an effort of 0 and the search seat answers the
expert's choice without a simulation; late it runs `LATE_EFFORT` times its
budget and may depart on a smaller lead in visits (`LATE_MARGIN`).
"""

from __future__ import annotations

from muggins.engine import Match, make_players

from cribbage_muggins.bots import ExpertBot
from cribbage_muggins.search_hints import LATE_EFFORT, LATE_MARGIN, LATE_NEED, is_late, search_prior


def test_late_is_a_side_within_late_need_of_the_target():
    assert not is_late({"target": 121, "scores": [121 - LATE_NEED - 1, 0]})
    assert is_late({"target": 121, "scores": [0, 121 - LATE_NEED]})
    assert is_late({"target": 61, "scores": [30, 0]})


def test_the_search_copies_the_expert_early_and_searches_late(registry, game):
    bots = make_players(registry, game, ["search:iterations=3", "expert"], 7)
    search = bots[0]
    seen = []
    choose = search.choose

    def watched(view, decision):
        expert = ExpertBot(seat=decision.seat).choose(dict(view), decision)
        action = choose(view, decision)
        if len(decision.correct) > 1:
            prior = search_prior(dict(view), decision, decision.seat)
            seen.append((is_late(view), search.simulations, str(action) == str(expert), prior.effort, prior.margin))
        return action

    search.choose = watched
    Match(game.new(game.Rules(target=61), 2, 7), bots).run()
    early = [row for row in seen if not row[0]]
    late = [row for row in seen if row[0]]
    assert early and late
    assert all(simulations == 0 and same and effort == 0 for _, simulations, same, effort, _ in early)
    assert all(simulations == round(3 * LATE_EFFORT) and effort == LATE_EFFORT and margin == LATE_MARGIN
               for _, simulations, _, effort, margin in late)
