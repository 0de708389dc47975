"""Issue item 3: the expert, novice and random bots, their declarations, options and choices."""

from __future__ import annotations

import random

import pytest

from muggins import Decision
from muggins.engine import Match, make_players

from willughby_fishing import FishingRules
from willughby_fishing.bots import ExpertBot, NoviceBot, RandomBot, choose_capture
from willughby_fishing.state import CODE_INDEX, capture_options


def ids(codes):
    return [CODE_INDEX[c] for c in codes]


def play(registry, game, kinds, seed, rules=None):
    state = game.new(rules or FishingRules(), 5, seed)
    return Match(state, make_players(registry, game, kinds, seed)).run()


def test_the_game_registers_its_own_three_kinds_with_novice_options(registry):
    for name in ("expert", "novice", "random"):
        kind = registry.player_kind(name, "willughby_fishing")
        assert kind.games == ("willughby_fishing",)
    novice = registry.player_kind("novice", "willughby_fishing")
    assert [o.name for o in novice.options] == ["forget_rate", "error_rate", "attention"]


def test_only_the_expert_declares_the_engine_shortcuts():
    assert ExpertBot.stands_in_unclaimable_windows and ExpertBot.takes_sole_correct_choice
    for cls in (NoviceBot, RandomBot):
        assert not getattr(cls, "stands_in_unclaimable_windows", False) and not getattr(cls, "takes_sole_correct_choice", False)


def test_the_expert_takes_the_most_cards_first():
    _, correct = capture_options(ids(["7C", "7D", "KS"]), ids(["7H", "7S", "KD"]))
    assert str(choose_capture(correct)) == "play 7C 7D take 7H 7S"


def test_among_equals_it_plays_the_lowest_card():
    # Every capture takes two cards and keeps two hand cards able to capture: the lowest card played, then taken.
    _, correct = capture_options(ids(["9C", "5D", "2S"]), ids(["9H", "5S", "2D", "2H"]))
    assert str(choose_capture(correct)) == "play 2S take 2D"


def test_keeping_cards_fishing_decides_between_equal_sizes():
    # hand 4C 4D 8S; table 4H 8D: playing 4C for 4H leaves 4D without a 4 on the table (1 still fishing: 8S);
    # playing 8S for 8D leaves both fours able to take 4H (2 still fishing).
    _, correct = capture_options(ids(["4C", "4D", "8S"]), ids(["4H", "8D"]))
    assert str(choose_capture(correct)) == "play 8S take 8D"


def test_experts_never_forget_and_never_leave_anything_to_claim(registry, game):
    for seed in range(4):
        result = play(registry, game, ["expert"] * 5, seed)
        stats = result.stats
        assert stats["hand_claims_forgotten"] == stats["field_fours_forgotten"] == stats["other_pairs_forgotten"] == 0
        assert stats["oversights"] == stats["incomplete_captures"] == stats["claims_refused"] == 0
        assert sum(result.seat_stats["claims_missed"]) == 0


def test_an_expert_claims_every_forgotten_claim_it_is_offered(registry, game):
    claimed = missed_by_expert = 0
    for seed in range(6):
        result = play(registry, game, ["expert", "novice:forget_rate=1,error_rate=1,attention=0"] * 2 + ["expert"], seed)
        claimed += result.stats["oversights_claimed"]
        missed_by_expert += result.seat_stats["claims_missed"][0] + result.seat_stats["claims_missed"][2] + result.seat_stats["claims_missed"][4]
    assert claimed > 0 and missed_by_expert == 0


def test_a_novice_that_always_forgets_forgets_every_claim_and_an_inattentive_one_misses_all(registry, game):
    forgotten = 0
    for seed in range(6):
        result = play(registry, game, ["novice:forget_rate=1,error_rate=1,attention=0"] * 5, seed)
        assert result.stats["hand_claims"] == result.stats["field_fours"] == result.stats["other_pairs_laid"] == 0
        assert result.stats["oversights_claimed"] == 0
        forgotten += result.stats["hand_claims_forgotten"] + result.stats["incomplete_captures"]
    assert forgotten > 0


def test_a_careful_novice_plays_like_the_expert(registry, game):
    careful = play(registry, game, ["novice:forget_rate=0,error_rate=0,attention=1"] * 5, 3)
    expert = play(registry, game, ["expert"] * 5, 3)
    assert careful.scores == expert.scores


def test_novice_rates_are_checked():
    with pytest.raises(ValueError, match="forget_rate"):
        NoviceBot(random.Random(0), forget_rate=2)


def test_the_random_bot_claims_in_about_half_the_windows():
    bot = RandomBot(random.Random(1))
    from willughby_fishing.state import RESPONSES, STAND

    picks = [str(bot.choose({}, Decision(0, "respond", RESPONSES, STAND))) for _ in range(400)]
    assert 150 < picks.count("claim") < 250


def _window_decisions(game):
    """Two windows from hand-made positions: a capturer's own other pair (its holder is the capturer,
    polled last) and a laid-down pair whose other two cards are collected (anyone's but the one who lay down)."""
    from willughby_fishing import FishingState
    from muggins.testing import act

    own = FishingState.from_position(game, hands={0: ["2C", "2D", "2H", "9S"], 2: ["9C", "KD"], 3: ["5S", "JC"]},
                                     field=["2S", "8H"], mover=0, dealer=4)
    act(own, "play 2C take 2S")
    while own.decision().seat != 0:
        act(own, "pass")
    laid = FishingState.from_position(game, hands={1: ["7C", "7D", "3H"], 2: ["9C", "2S"], 3: ["4S", "KD"]},
                                      field=["5H", "8S", "2D", "QC", "6D"], collections={2: ["7S", "7H"]}, mover=1, dealer=0)
    act(laid, "lie down")
    return own, laid


def test_the_expert_claims_its_own_other_pair_and_a_collected_laid_down_pair(game):
    for state in _window_decisions(game):
        decision = state.decision()
        assert str(ExpertBot().choose(state.view(decision.seat), decision)) == "claim"


def test_a_novice_may_forget_its_own_other_pair_and_miss_a_laid_down_pair(game):
    own, laid = _window_decisions(game)
    forgetful = NoviceBot(random.Random(0), forget_rate=1, attention=1)
    inattentive = NoviceBot(random.Random(0), forget_rate=0, attention=0)
    assert str(forgetful.choose({}, own.decision())) == "pass" and str(inattentive.choose({}, own.decision())) == "claim"
    assert str(forgetful.choose({}, laid.decision())) == "claim" and str(inattentive.choose({}, laid.decision())) == "pass"
