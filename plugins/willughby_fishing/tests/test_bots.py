"""Issue item 3: the expert, novice and random bots, their declarations, options and choices."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import Decision
from muggins.engine import Match, make_players

from willughby_fishing import FishingRules
from willughby_fishing.bots import ExpertBot, NoviceBot, RandomBot, choose_capture, unseen_by_rank
from willughby_fishing.state import CODE_INDEX, Capture, capture_options


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


def test_the_expert_takes_one_card_at_a_time_and_keeps_a_rank_nobody_else_holds():
    # The sevens are all in sight (two in hand, two on the table): they wait, one a turn, for later;
    # two kings are unseen, so KD may go to another player first. (The old rule took the pair: 7C 7D take 7H 7S.)
    _, correct = capture_options(ids(["7C", "7D", "KS"]), ids(["7H", "7S", "KD"]))
    assert str(choose_capture(correct)) == "play KS take KD"


def test_among_equals_it_plays_the_lowest_card():
    # Nines and fives have two cards unseen each, the twos one: the lowest of 9S and 5D.
    _, correct = capture_options(ids(["9C", "5D", "2S"]), ids(["9H", "5S", "2D", "2H"]))
    assert str(choose_capture(correct)) == "play 5D take 5S"


def test_the_most_contested_rank_goes_first():
    # hand 4C 4D 8S; table 4H 8D: one four is unseen, two eights are: the eight goes first.
    _, correct = capture_options(ids(["4C", "4D", "8S"]), ids(["4H", "8D"]))
    assert str(choose_capture(correct)) == "play 8S take 8D"
    assert choose_capture(correct[:1]) is correct[0]  # a sole choice is taken as it is


def test_collections_in_view_decide_where_the_old_rule_played_the_lowest(game):
    """5H 5S collected leave no five unseen, 9H 9S are in other hands: the nine goes first (the old rule played the five)."""
    from willughby_fishing import FishingState

    state = FishingState.from_position(game, hands={0: ["5C", "9C"], 1: ["9H", "2S"], 2: ["9S", "JC"]},
                                       field=["5D", "9D", "3H", "KD"], collections={3: ["5H", "5S"]}, mover=0, dealer=4)
    decision = state.decision()
    view = state.view(0)
    assert unseen_by_rank(view)[4] == 0 and unseen_by_rank(view)[8] == 2
    assert str(ExpertBot().choose(view, decision)) == "play 9C take 9D"
    assert str(choose_capture(decision.correct)) == "play 5C take 5D"  # counted from the choices alone
    careful = NoviceBot(random.Random(0), forget_rate=0, error_rate=0, attention=1)
    assert str(careful.choose(view, decision)) == "play 9C take 9D"


def test_a_turn_between_ranks_carries_the_movers_unseen_counts_as_its_view_gives_them(game):
    # The expert reads them instead of building the view: they must be what the view would say, in every position.
    asked = 0
    for seed in range(12):
        state = game.new(FishingRules(deals=1), 5, seed)
        rng = random.Random(seed)
        while (decision := state.decision()) is not None:
            ranks = {c.played[0] % 13 for c in decision.correct if isinstance(c, Capture)} if decision.kind == "turn" else set()
            if len(ranks) > 1:
                assert decision.info["unseen"] == unseen_by_rank(state.view(decision.seat))
                asked += 1
            else:
                assert "unseen" not in decision.info
            state.apply(decision.seat, decision.choices[rng.randrange(len(decision.choices))])
    assert asked > 20


def test_with_equal_unseen_the_rank_held_most_goes_first():
    # One eight and one three unseen each (3H collected): two eights in hand beat one lower three
    # (the old rule played 3C, keeping 8D able to capture).
    _, correct = capture_options(ids(["8C", "8D", "3C"]), ids(["8H", "3D"]))
    unseen = [4] * 13
    unseen[7], unseen[2] = 1, 1
    assert str(choose_capture(correct, unseen)) == "play 8C take 8H"


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


def test_novice_rates_are_checked(registry):
    # The ranges are the kind's declared options: the seat spec refuses them before a bot is made.
    with pytest.raises(ValueError, match="forget_rate=2.0 is out of range"):
        registry.seat("novice:forget_rate=2", "willughby_fishing")


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


def _choose_capture_as_first_written(choices, unseen):
    """The expert's rule as first written (one key over every single capture), to hold the quicker one to it."""
    from muggins.deck import SORT_KEY

    held = {}
    for c in choices:
        held.setdefault(c.played[0] % 13, set()).update(c.played)
    singles = [c for c in choices if len(c.played) == 1]
    return min(singles, key=lambda c: (-unseen[c.played[0] % 13], -len(held[c.played[0] % 13]), SORT_KEY[c.played[0]], SORT_KEY[c.taken[0]]))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_expert_picks_as_its_rule_was_first_written_whatever_the_hand_table_and_unseen_counts(data):
    cards = data.draw(st.permutations(range(52)))
    hand, field = sorted(cards[:data.draw(st.integers(1, 8))]), sorted(cards[8:8 + data.draw(st.integers(1, 12))])
    _, correct = capture_options(hand, field)
    if len(correct) < 2:
        return
    unseen = data.draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
    assert choose_capture(correct, unseen) is _choose_capture_as_first_written(correct, unseen)

