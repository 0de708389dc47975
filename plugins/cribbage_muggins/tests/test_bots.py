"""Issue item 5: the expert, novice and random bots, their seat options and their registration."""

from __future__ import annotations

import random

import pytest

from muggins.engine import Match
from muggins.players import make_players
from muggins.simulate import simulate

from cribbage_muggins.analysis import best_discard
from cribbage_muggins.bots import ExpertBot, NoviceBot, RandomBot, peg_value
from cribbage_muggins.rules import CribbageRules
from muggins import parse_card


def show(position, rules=None):
    return position(rules, players=2, hands={1: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9H", "AS"]},
                    crib=["2C", "3D", "QS", "TC"], starter="KC", phase="show")


def test_expert_declares_the_v2_shortcuts_and_the_fallible_bots_do_not():
    assert ExpertBot.stands_in_unclaimable_windows and ExpertBot.takes_sole_correct_choice
    for cls in (NoviceBot, RandomBot):
        assert not getattr(cls, "stands_in_unclaimable_windows", False)
        assert not getattr(cls, "takes_sole_correct_choice", False)


@pytest.mark.parametrize(("announced", "answer"), [(11, "muggins 3"), (14, "pass"), (16, "overcount"), (0, "muggins 14")])
def test_expert_counts_and_responds_exactly(position, act, announced, answer):
    state = show(position)
    expert = ExpertBot(seat=1)
    assert str(expert.choose(state.view(1), state.decision())) == "announce 14"
    act(state, f"announce {announced}")
    assert str(ExpertBot(seat=0).choose(state.view(0), state.decision())) == answer


@pytest.mark.parametrize(("dealer", "players"), [(0, 2), (1, 2), (0, 3), (2, 4)])
def test_expert_discards_as_the_analysis_recommends(game, act, dealer, players):
    for seed in range(6):
        state = game.new(CribbageRules(), players, seed)
        seat = state.decision().seat
        hand = state.view(seat)["hand"]
        chosen = ExpertBot(seat=seat).choose(state.view(seat), state.decision())
        ours = state.dealer == seat
        expected = best_discard([parse_card(c) for c in hand], ours, players)
        assert set(chosen.data) == set(expected)


def test_expert_counts_its_partners_crib_as_its_own(game, act):
    state = game.new(CribbageRules(partnerships=True), 4, 3)
    dealer = state.dealer
    partner = (dealer + 2) % 4
    while state.decision().seat != partner:
        act(state, str(state.decision().choices[0]))
    hand = state.view(partner)["hand"]
    chosen = ExpertBot(seat=partner).choose(state.view(partner), state.decision())
    assert set(chosen.data) == set(best_discard([parse_card(c) for c in hand], True, 4))


def test_expert_pegging_heuristic(position, act):
    state = position(players=2, hands={1: ["8H", "6C", "KS", "QS"], 0: ["7D", "5C", "4S", "TS"]}, crib=["AH", "2D", "9S", "8S"], starter="9C")
    # Leading: never a 5, prefer a card below 5 (no fifteen can answer it).
    act(state, "play 8H")
    # Count 8: the 7 makes 15 for 2; it outranks everything else.
    assert str(ExpertBot(seat=0).choose(state.view(0), state.decision())) == "play 7D"
    assert peg_value([], 0, parse_card("5C")) < peg_value([], 0, parse_card("4S")) < peg_value([], 0, parse_card("TS")) + 1
    assert peg_value([], 0, parse_card("4S")) > peg_value([], 0, parse_card("TS"))
    # Leaving 21 for a ten-card is avoided: at 11, a 10 (21) scores less than a 4 (15 for 2).
    assert peg_value(["TH", "AH"], 11, parse_card("4S")) > peg_value(["TH", "AH"], 11, parse_card("TS"))


@pytest.mark.parametrize(("miss_rate", "error_rate", "expected"), [(0.0, 0.0, 14), (1.0, 0.0, 0), (0.0, 1.0, 16), (1.0, 1.0, 2)])
def test_novice_count_misses_items_and_adds_phantoms(position, miss_rate, error_rate, expected):
    state = show(position)
    bot = NoviceBot(random.Random(1), miss_rate=miss_rate, error_rate=error_rate)
    assert str(bot.choose(state.view(1), state.decision())) == f"announce {expected}"


def test_novice_misses_some_items_at_half_rate(position):
    state = show(position)
    bot = NoviceBot(random.Random(7), miss_rate=0.5, error_rate=0.0)
    counts = {bot.choose(state.view(1), state.decision()).data for _ in range(50)}
    assert len(counts) > 3 and max(counts) <= 14 and min(counts) >= 0


@pytest.mark.parametrize(("attention", "expected"), [(1.0, "muggins 3"), (0.0, "pass")])
def test_novice_attention(position, act, attention, expected):
    state = show(position)
    act(state, "announce 11")
    bot = NoviceBot(random.Random(1), attention=attention)
    assert str(bot.choose(state.view(0), state.decision())) == expected


def test_novice_never_challenges_a_right_count(position, act):
    state = show(position)
    act(state, "announce 14")
    bot = NoviceBot(random.Random(1), attention=1.0)
    assert all(str(bot.choose(state.view(0), state.decision())) == "pass" for _ in range(20))


def test_random_bot_call_rate(position, act):
    state = show(position)
    act(state, "announce 14")
    never = RandomBot(random.Random(2), call_rate=0.0)
    always = RandomBot(random.Random(2), call_rate=1.0)
    assert {str(never.choose(state.view(0), state.decision())) for _ in range(20)} == {"pass"}
    assert "pass" not in {str(always.choose(state.view(0), state.decision())) for _ in range(20)}


def test_kinds_are_registered_for_this_game_only_with_options(registry, game):
    kinds = {k.name: k for k in registry.players if k.games == ("cribbage_muggins",)}
    assert set(kinds) == {"expert", "novice", "random"}
    assert {o.name for o in kinds["novice"].options} == {"miss_rate", "attention", "error_rate"}
    kind, options = registry.seat("novice:miss_rate=0.3,attention=0.9", "cribbage_muggins")
    assert options["miss_rate"] == 0.3 and options["attention"] == 0.9 and options["error_rate"] == 0.05
    with pytest.raises(ValueError, match="miss_rate"):
        registry.seat("novice:miss_rate=2", "cribbage_muggins")
    players = make_players(registry, game, ["expert", "novice:miss_rate=1,error_rate=0"], 4)
    assert isinstance(players[0], ExpertBot) and players[1].miss_rate == 1.0


def test_expert_beats_a_careless_novice(registry, game):
    summary = simulate(game, CribbageRules(target=61), 2, ["expert", "novice:miss_rate=0.4,attention=0.2"], seed=3, games=40, registry=registry)
    assert summary["wins"][0] > summary["wins"][1]
    assert summary["stats"]["muggins_points"]["total"] > 0  # the expert claims what the novice misses
    assert summary["seat_stats"]["counts_low"]["total"][0] == 0 and summary["seat_stats"]["counts_low"]["total"][1] > 0


def test_experts_never_miscount_or_claim(registry, game):
    for players in (2, 3, 4):
        state = game.new(CribbageRules(target=61), players, 9)
        result = Match(state, make_players(registry, game, ["expert"] * players, 9)).run()
        assert result.stats["counts_low"] == result.stats["counts_high"] == 0
        assert result.stats["muggins_calls"] == result.stats["overcount_calls"] == 0


def test_the_expert_weighs_the_reply_a_pegged_card_invites():
    from math import comb

    from cribbage_muggins.bots import play_value, reply_chances, reply_points

    seven = parse_card("7C")
    only = [0.0] * 14
    only[8] = 1.0
    assert reply_points([seven], 7, only) == 2  # an 8 makes fifteen
    only[7] = only[8] = 0.5
    assert reply_points([seven], 7, only) == 2 * 0.5 + 2 * 0.5 * 0.5  # the best reply held: the pair, else the fifteen
    view = {"my_cards": ["7C", "8D", "KS", "2H"], "played": [[], ["7C"]], "starter": "7D", "cards_left": [4, 3], "players": 2}
    chances = reply_chances(view, 1)
    assert chances[7] == 1 - comb(47 - 2, 4) / comb(47, 4) and chances[9] == 1 - comb(43, 4) / comb(47, 4)
    # At 11 a ten makes 21, inviting a 31; a 4 makes fifteen: the 4 is worth more.
    assert play_value(["TH", "AH"], 11, parse_card("4S"), chances) > play_value(["TH", "AH"], 11, parse_card("TS"), chances)


def test_random_bot_picks_what_randrange_picks():
    from types import SimpleNamespace

    bot, reference = RandomBot(random.Random(11)), random.Random(11)
    for n in [1, 2, 3, 5, 15, 4, 63, 64, 70, 2, 7] * 20:
        decision = SimpleNamespace(kind="play", choices=tuple(range(n)))
        assert bot.choose({}, decision) == (reference.randrange(n) if n > 1 else 0)
    assert bot.rng.getstate() == reference.getstate()
