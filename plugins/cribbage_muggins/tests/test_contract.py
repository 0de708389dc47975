"""Issue item 6: the core's contract kit for 2, 3, 4 players and partnerships, muggins on and off, lowball.

The bulk is 1,040 short random games (target 61) where every step gets the
per-step checks (conservation, choices, JSON-ready events, privacy of every
event a seat receives) and every tenth game the deep ones (every view's
privacy, out-of-turn refusal, save/restore and identical continuation).
Mixed tables of random, expert and novice seats (novice options included)
run with every check on every game, at 61 and at 121 points.
"""

from __future__ import annotations

import pytest

from muggins.testing import GameContract, check_game

from cribbage_muggins.rules import CribbageRules

BULK = [
    (CribbageRules(target=61), (2, 3, 4), 160),
    (CribbageRules(target=61, partnerships=True), (4,), 160),
    (CribbageRules(target=61, muggins=False), (2, 3, 4), 60),
    (CribbageRules(target=61, lowball=True), (2, 3), 60),
    (CribbageRules(target=61, lowball=True, partnerships=True), (4,), 60),
]


@pytest.mark.untraced
@pytest.mark.parametrize(("rules", "players", "games"), BULK, ids=["muggins", "partnerships", "no-muggins", "lowball", "lowball-partners"])
def test_contract_random_bulk(game, registry, rules, players, games):
    report = check_game(game, players=players, games=games, seed=21, kinds=("random",), rules=rules, registry=registry, replays=1, deep_every=10)
    assert report.matches == games * len(players)
    if rules.counting:
        assert report.windows > 0 and report.claims > 0


def test_the_bulk_is_at_least_a_thousand_games():
    assert sum(games * len(players) for _, players, games in BULK) >= 1000


@pytest.mark.parametrize("rules", [CribbageRules(target=61), CribbageRules(target=61, partnerships=True), CribbageRules(), CribbageRules(target=61, mistakes="prevented")],
                         ids=["61", "61-partners", "121", "prevented"])
def test_contract_mixed_tables(game, registry, rules):
    players = (4,) if rules.partnerships else (2, 3, 4)
    kinds = ("random", "expert", "novice:miss_rate=0.5,attention=0.8", "novice")
    report = check_game(game, players=players, games=4, seed=5, kinds=kinds, rules=rules, registry=registry, replays=2)
    assert report.matches == 4 * len(players)


def test_contract_experts_only(game, registry):
    report = check_game(game, players=(2, 3, 4), games=2, seed=8, kinds=("expert",), rules=CribbageRules(), registry=registry, replays=1)
    assert report.claims == 0 and report.matches == 6


class TestCribbageContract(GameContract):
    game_name = "cribbage_muggins"
    games = 3
    kinds = ("expert", "novice:miss_rate=0.5", "random")
    rules = CribbageRules(target=61)
