"""A game's prior may say how hard to search a decision (`muggins.search.priors.Prior`): its effort scales the budget and its margin replaces the seat's.

With effort 0 the search answers the prior's favourite without running a
simulation, even where its budget would have found otherwise; an effort of
2 runs twice the seat's simulations; a margin of 0 departs from the
favourite as soon as another choice is visited more. Matches are short
(one shedding hand).
"""

from __future__ import annotations

import math

import pytest

from muggins.engine import Match, make_players
from muggins.plugins import load_registry, reset_registry
from muggins.search.priors import Prior
from muggins.search.tree import Node, backup, prior_or_most_visited


@pytest.fixture
def shedding():
    registry = load_registry(only=["muggins_shedding"])
    reset_registry(registry)
    game = registry.game("muggins_shedding")
    return registry, game, game.Rules(hands=1)


def _last_choice(options):
    return str(options[-1])


def _run(registry, game, rules, monkeypatch, effort, margin=None):
    """One hand with a search seat whose prior favours each decision's last correct choice; its simulations and choices per decision."""
    monkeypatch.setattr(type(game), "search_prior",
                        lambda self, view, decision, seat: Prior({_last_choice(decision.correct): 1.0}, effort, margin)
                        if len(decision.correct) > 1 else None)
    bots = make_players(registry, game, ["search:iterations=6"] + ["expert"] * 3, 5)
    search = bots[0]
    seen = []
    choose = search.choose

    def watched(view, decision):
        action = choose(view, decision)
        if len(decision.correct) > 1:
            seen.append((search.simulations, str(action), _last_choice(decision.correct)))
        return action

    search.choose = watched
    Match(game.new(rules, 4, 5), bots).run()
    return seen


def test_effort_zero_answers_the_favourite_without_simulating(shedding, monkeypatch):
    seen = _run(*shedding, monkeypatch, effort=0.0)
    assert seen, "the hand offered the search seat no choice"
    assert all(simulations == 0 and chosen == favourite for simulations, chosen, favourite in seen)


def test_effort_scales_the_budget(shedding, monkeypatch):
    seen = _run(*shedding, monkeypatch, effort=2.0)
    assert seen and all(simulations == 12 for simulations, _, _ in seen)


def test_a_plain_mapping_keeps_the_seat_budget(shedding, monkeypatch):
    seen = _run(*shedding, monkeypatch, effort=1.0)
    assert seen and all(simulations == 6 for simulations, _, _ in seen)


def test_the_player_falls_back_by_the_priors_margin(shedding, monkeypatch):
    import muggins.search.player as player

    margins = []
    real = player.prior_or_most_visited
    monkeypatch.setattr(player, "prior_or_most_visited", lambda *args: margins.append(args[-1]) or real(*args))
    _run(*shedding, monkeypatch, effort=1.0, margin=0.25)
    _run(*shedding, monkeypatch, effort=1.0)
    assert margins and 0.25 in margins and 1.0 in margins and set(margins) == {0.25, 1.0}


def test_a_margin_of_0_departs_on_any_lead_in_visits():
    root = Node(1)
    keys = [(0, "a"), (0, "b")]
    for key, visits in (((0, "a"), 5), ((0, "b"), 4)):
        root.children[key] = child = Node(1)
        for _ in range(visits):
            backup([root, child], [1.0])
    assert prior_or_most_visited(root, 0, keys, (0, "b"), 1.0) == (0, "b")
    assert prior_or_most_visited(root, 0, keys, (0, "b"), 0.0) == (0, "a")


@pytest.mark.parametrize("effort, margin", [(-1.0, None), (math.inf, None), (1.0, -0.5), (1.0, math.nan)])
def test_a_prior_refuses_a_negative_or_endless_effort_or_margin(effort, margin):
    with pytest.raises(ValueError):
        Prior({"a": 1.0}, effort, margin)
