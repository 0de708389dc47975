"""Issue item 9: the core's contract kit, for every player count and every bot kind.

Two runs: full-length hands (turn limit 200) for every count with random,
expert and novice seats side by side, every step deep-checked; and 2,000
short random hands per player count (turn limit 5, four hands a match),
where each step still gets every per-step check (conservation, choices,
JSON-ready events) and every tenth match the deep ones (privacy of each
view, out-of-turn refusal, save/restore).
"""

from __future__ import annotations

import pytest

from muggins.testing import check_game

from muggins_shedding import SheddingRules


@pytest.mark.untraced
def test_contract_full_hands_every_count_and_kind(game, registry):
    report = check_game(game, players=range(3, 8), games=9, seed=11, kinds=("random", "expert", "novice"),
                        rules=SheddingRules(hands=1, turn_limit=200), registry=registry, replays=3)
    assert report.by_players == {n: 9 for n in range(3, 8)} and report.claims > 0 and report.windows > 0


def test_contract_expert_only_default_rules(game, registry):
    report = check_game(game, players=(4, 6), games=2, seed=3, kinds=("expert",), rules=SheddingRules(hands=2), registry=registry, replays=1, deep_every=2)
    assert report.matches == 4 and report.claims == 0


@pytest.mark.untraced
@pytest.mark.parametrize("players", range(3, 8))
def test_contract_400_random_hands(game, registry, players, request):
    # 100 four-hand matches per player count in every run (the suite's five minutes); `pytest --muggins-games N` plays N for a long soak.
    matches = request.config.getoption("muggins_games", default=None) or 100
    rules = SheddingRules(hands=4, turn_limit=5)
    report = check_game(game, players=[players], games=matches, seed=100 + players, kinds=("random",), rules=rules,
                        registry=registry, replays=1, deep_every=10)
    assert report.matches * rules.hands == matches * 4 and report.claims > 0


def test_contract_other_house_rules(game, registry):
    for rules in (SheddingRules(hands=1, turn_limit=80, opponent_discards="nearest_only"),
                  SheddingRules(hands=1, turn_limit=80, mistakes="prevented"),
                  SheddingRules(hands=2, turn_limit=300, repetition="draw")):
        check_game(game, players=(3, 5), games=3, seed=5, kinds=("random", "novice", "expert"), rules=rules, registry=registry, replays=1)
