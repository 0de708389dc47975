"""Issue item 6: the core's contract kit with both reward readings and every bot kind, and 2,000 random deals.

Two runs per reward reading: whole matches (five deals) with random, expert
and novice seats side by side, every step deep-checked; and 1,000 random
deals (200 matches of five deals) where each step gets every per-step check
(conservation, choices, window verdicts, JSON-ready events, and the game's
own invariants: collections in pairs, the pot emptied by every settlement,
ledger plus pot zero) and every tenth match the deep ones (privacy of every
view and event, out-of-turn refusal, save/restore, one-call settlement of
unclaimable windows). A random deal costs 7 to 13 ms under the kit on the shared
machine, so the 2,000 take 15 to 25 s. One more run plays under a house-rule
plugin changing the stakes, the tariff and the kinds of claim.
"""

from __future__ import annotations

import pytest

from muggins import hookimpl
from muggins.plugins import load_registry
from muggins.testing import GameContract, check_game

from willughby_fishing import FishingRules

READINGS = ("last_holder", "last_capture")


@pytest.mark.untraced
@pytest.mark.parametrize("reward", READINGS)
def test_contract_every_bot_kind(game, registry, reward):
    report = check_game(game, games=8, seed=7, kinds=("random", "expert", "novice", "novice:forget_rate=0.6,attention=0.3,error_rate=0.4"),
                        rules=FishingRules(reward=reward), registry=registry, replays=2)
    assert report.matches == 8 and report.claims > 0 and report.windows > 0


@pytest.mark.untraced
@pytest.mark.parametrize("reward", READINGS)
def test_contract_200_random_deals_per_reading(game, registry, reward, request):
    # 40 five-deal matches in every run (the suite's five minutes); `pytest --muggins-games N` plays N for a long soak.
    matches = request.config.getoption("muggins_games", default=None) or 40
    rules = FishingRules(reward=reward)
    report = check_game(game, games=matches, seed=100, kinds=("random",), rules=rules, registry=registry, replays=1, deep_every=10)
    assert report.matches * rules.deals == matches * 5 and report.claims > 0


def test_contract_experts_and_teaching_mode(game, registry):
    report = check_game(game, games=4, seed=3, kinds=("expert",), registry=registry, replays=1)
    assert report.matches == 4
    check_game(game, games=4, seed=5, kinds=("random", "novice", "expert"), rules=FishingRules(mistakes="prevented", deals=2), registry=registry, replays=1)


class HouseTable:
    """Antes 4 and 3, a reward of 5, a chip a pair over or short of 6 cards; no left pair, no other pair."""

    @hookimpl
    def muggins_fishing_stakes(self):
        return {"ante_dealer": 4, "ante_other": 3, "reward": 5}

    @hookimpl
    def muggins_fishing_tariff(self):
        return {n: n // 2 - 3 for n in range(0, 53, 2)}

    @hookimpl
    def muggins_fishing_claimable(self):
        return {"left_pair": False, "other_pair": False}


def test_contract_under_a_house_rule_plugin():
    registry = load_registry(only=["willughby_fishing"], extra_plugins=[("house_table", HouseTable())])
    game = registry.game("willughby_fishing")
    report = check_game(game, games=12, seed=11, kinds=("random", "novice:forget_rate=0.5", "expert"), registry=registry, replays=2, deep_every=3)
    assert report.matches == 12 and report.claims > 0


class TestFishingContract(GameContract):
    game_name = "willughby_fishing"
    games = 6
    kinds = ("expert", "novice:forget_rate=0.5", "random")
