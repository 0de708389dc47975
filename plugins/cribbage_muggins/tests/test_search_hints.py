"""Where cribbage spends the search: every discard and play once a side is within `LATE_NEED` of the target (shipped: from the first deal).

Searched, a decision runs `LATE_EFFORT` times the seat's budget and may
depart from the expert on a smaller lead in visits (`LATE_MARGIN`); before
`LATE_NEED` (a setting the trials use: 31 searched from 90 of 121 only),
and for counts and calls always, the prior hands back an effort of 0 and
the search seat answers the expert's choice without a simulation.
"""

from __future__ import annotations

from muggins.engine import Match, make_players

from cribbage_muggins.bots import ExpertBot
from cribbage_muggins.search_hints import LATE_EFFORT, LATE_MARGIN, LATE_NEED, is_late, search_prior


def test_the_shipped_search_looks_from_the_first_deal_and_a_smaller_need_waits_for_it(monkeypatch):
    from cribbage_muggins import search_hints

    assert LATE_NEED >= 1000 and is_late({"target": 121, "scores": [0, 0]}) and is_late({"target": 1000, "scores": [0, 0]})
    monkeypatch.setattr(search_hints, "LATE_NEED", 31)
    assert not is_late({"target": 121, "scores": [121 - 31 - 1, 0]})
    assert is_late({"target": 121, "scores": [0, 121 - 31]})
    assert is_late({"target": 61, "scores": [30, 0]})


def _searched(registry, game, rules):
    """For each decision with a choice the search seat met: (late, its simulations, the expert's choice?, the prior's effort and margin, kind)."""
    bots = make_players(registry, game, ["search:iterations=3", "expert"], 7)
    search = bots[0]
    seen = []
    choose = search.choose

    def watched(view, decision):
        expert = ExpertBot(seat=decision.seat).choose(dict(view), decision)
        action = choose(view, decision)
        if len(decision.correct) > 1:
            prior = search_prior(dict(view), decision, decision.seat)
            seen.append((is_late(view), search.simulations, str(action) == str(expert), prior.effort, prior.margin, decision.kind))
        return action

    search.choose = watched
    Match(game.new(rules, 2, 7), bots).run()
    return seen


def test_the_shipped_search_searches_every_discard_and_play_and_copies_the_expert_at_counts_and_calls(registry, game):
    seen = _searched(registry, game, game.Rules(target=61))
    searched = [row for row in seen if row[5] in ("discard", "play")]
    assert searched and all(late for late, *_ in seen)
    assert all(simulations == round(3 * LATE_EFFORT) and effort == LATE_EFFORT and margin == LATE_MARGIN
               for _, simulations, _, effort, margin, _ in searched)
    assert all(simulations == 0 and same and effort == 0 for _, simulations, same, effort, _, kind in seen if kind not in ("discard", "play"))


def test_with_a_smaller_need_the_search_copies_the_expert_early_and_searches_late(registry, game, monkeypatch):
    from cribbage_muggins import search_hints

    monkeypatch.setattr(search_hints, "LATE_NEED", 31)
    seen = _searched(registry, game, game.Rules(target=61))
    early = [row for row in seen if not row[0]]
    late = [row for row in seen if row[0] and row[5] in ("discard", "play")]
    assert early and late
    assert all(simulations == 0 and same and effort == 0 for _, simulations, same, effort, _, _ in early)
    assert all(simulations == round(3 * LATE_EFFORT) and effort == LATE_EFFORT and margin == LATE_MARGIN
               for _, simulations, _, effort, margin, _ in late)
