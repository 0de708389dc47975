"""The ladder (`muggins.ladder`): balanced seatings, the same deals across a block, places, ratings, pair rates and the gap between rule sets.

The figures are checked against hand computations on hand-built outcomes;
the runs are Tally's (the core's test game) and one short cribbage ladder
to 61 points, so the file stays within a couple of seconds.
"""

from __future__ import annotations

import itertools
import math
import statistics
import sys
from collections import Counter

import pytest

from muggins.ladder import LadderFold, LadderTally, RatingsUnavailable, design_for, ladder, places, rating_model, win_shares
from muggins.plugins import load_registry
from muggins.rules import rules_to_dict
from muggins.simulate import ChunkPlan, GameOutcome, SimulationInterrupted, play_one, run_planned_chunk
from muggins.stats import Z95


def _outcome(winners, scores=(), index=0):
    return GameOutcome(index, tuple(winners), False, 1, {}, tuple(scores))


def test_every_ordering_puts_each_kind_in_each_position_and_each_pair_in_each_pair_of_positions_equally_often():
    for kinds, players in ((("a", "b", "c", "d"), 2), (("a", "b", "c", "d"), 3), (("a", "b", "c"), 3)):
        design = design_for(kinds, players, 1000)
        assert design.name == "orderings" and design.block == math.perm(len(kinds), players)
        for position in range(players):
            assert set(Counter(s[position] for s in design.seatings).values()) == {design.block // len(kinds)}
        for i, j in itertools.permutations(range(players), 2):
            meetings = Counter((s[i], s[j]) for s in design.seatings)
            assert len(meetings) == len(kinds) * (len(kinds) - 1) and len(set(meetings.values())) == 1


def test_more_seats_than_kinds_take_every_ordering_round_the_table_so_no_kind_keeps_the_same_neighbours():
    fishing = design_for(("a", "b", "c", "d"), 5, 240)
    assert fishing.name == "orderings" and fishing.block == 24 and ("b", "c", "a", "d", "b") in fishing.seatings
    for position in range(5):
        assert set(Counter(s[position] for s in fishing.seatings).values()) == {6}
    on_the_left = Counter((s[i], s[i + 1]) for s in fishing.seatings for i in range(4))
    assert len(on_the_left) == 12 and len(set(on_the_left.values())) == 1  # every kind has every other on its left equally often


def test_rotations_when_orderings_do_not_fit():
    small = design_for(("a", "b", "c", "d"), 4, 239)  # 24 orderings: ten blocks do not fit in 239 matches
    fishing = design_for(("a", "b", "c", "d"), 5, 239)
    for design in (small, fishing):
        assert design.name == "rotations" and design.block == 4
        for position in range(design.players):
            assert sorted(s[position] for s in design.seatings) == ["a", "b", "c", "d"]
    assert fishing.seatings[1] == ("b", "c", "d", "a", "b")
    assert small.blocks_for(40) == 10 and small.blocks_for(41) == 11  # rounded up to whole blocks
    assert design_for(("a", "b", "c", "d"), 4, 240).name == "orderings"


def test_places_rank_by_score_where_the_winners_lead_it_and_otherwise_winners_first():
    assert places(_outcome((0,), (3, 1, 2)), 3) == [1, 3, 2]
    assert places(_outcome((0, 1), (3, 3, 1)), 3) == [1, 1, 3]
    assert places(_outcome((0,), (1, 3, 2)), 3) == [1, 2, 2]  # lowball: the winner has the lowest score
    assert places(_outcome((), (0, 0, 0)), 3) == [1, 1, 1]
    assert places(_outcome((1, 3), (5, 10, 5, 20)), 4, [(0, 2), (1, 3)]) == [2, 1, 2, 1]
    assert win_shares(_outcome((1, 3)), 4, [(0, 2), (1, 3)]) == [0.0, 1.0, 0.0, 1.0]
    assert win_shares(_outcome((0, 2)), 3) == [0.5, 0.0, 0.5]


def _hand_built():
    """Two kinds, two seats, three blocks of the seatings (a, b) and (b, a), under two rule sets: the winners of each match."""
    first = [[(0,), (0,)], [(0,), (1,)], [(0, 1), (1,)]]
    second = [[(0,), (1,)], [(0,), (0,)], [(0,), (1,)]]
    fold = LadderFold(("a", "b"), 2, [None, None], [rating_model(), rating_model()], [("a", "b"), ("b", "a")])
    for one, two in zip(first, second):
        fold.add_block([[_outcome(w) for w in one], [_outcome(w) for w in two]])
    return fold


def test_pair_rates_and_their_intervals_by_hand():
    fold = _hand_built()
    (pair,) = fold.tallies[0].pairs_list()
    # a's points per block: 1 + 0, 1 + 1, ½ (a tie) + 1, over 2 matches each.
    points, counts = [1.0, 2.0, 1.5], [2, 2, 2]
    rate = sum(points) / sum(counts)
    mean_count = sum(counts) / 3
    terms = [(x - rate * c) / mean_count for x, c in zip(points, counts)]
    half = Z95 * math.sqrt(sum(t * t for t in terms) / 2 / 3)
    assert (pair["a"], pair["b"], pair["matches"]) == ("a", "b", 6)
    assert pair["win_rate"] == pytest.approx(0.75)
    z2 = Z95 * Z95
    wilson_low = (rate + z2 / 12 - Z95 * math.sqrt(rate * (1 - rate) / 6 + z2 / 144)) / (1 + z2 / 6)
    assert wilson_low < 0.75 - half  # three blocks are too few for the interval over blocks: Wilson's over 6 matches is wider
    assert pair["ci95"] == pytest.approx([wilson_low, 1.0])  # clipped at 1
    kinds = fold.per_kind(0)
    assert kinds[0]["win_share"]["mean"] == pytest.approx(0.75) and kinds[1]["win_share"]["mean"] == pytest.approx(0.25)
    assert kinds[0]["seats"] == kinds[0]["matches"] == 6 and kinds[0]["score"] is None
    ratings = fold.tallies[0].ratings_list()
    assert [r["kind"] for r in ratings] == ["a", "b"] and ratings[0]["ordinal"] == pytest.approx(ratings[0]["mu"] - 3 * ratings[0]["sigma"])


def test_the_gap_between_rule_sets_is_paired_over_blocks():
    fold = _hand_built()
    gap = fold.gap(["A", "B"])
    assert (gap["strongest"], gap["weakest"]) == ("a", "b")
    # a's share minus b's, per block: A gives 0, 1, ½; B gives 1, 0, 1.
    under_a, under_b = [0.0, 1.0, 0.5], [1.0, 0.0, 1.0]
    differences = [b - a for a, b in zip(under_a, under_b)]
    assert gap["rule_sets"][0]["win_share_difference"]["mean"] == pytest.approx(0.5)
    assert gap["rule_sets"][1]["win_share_difference"]["mean"] == pytest.approx(2 / 3)
    found = gap["differences"][1]["win_share_difference"]
    half = Z95 * statistics.stdev(differences) / math.sqrt(3)
    assert found["mean"] == pytest.approx(1 / 6) and found["high"] - found["mean"] == pytest.approx(half)
    ratings = [fold.tallies[r].ratings for r in (0, 1)]
    rated = gap["differences"][1]["rating_difference"]
    assert rated["mean"] == pytest.approx((ratings[1][0].mu - ratings[1][1].mu) - (ratings[0][0].mu - ratings[0][1].mu))
    assert rated["high"] - rated["mean"] == pytest.approx(Z95 * math.sqrt(sum(r[k].sigma ** 2 for r in ratings for k in (0, 1))))
    assert gap["differences"][0] is None


def test_a_kind_in_two_seats_is_rated_as_two_players_and_moves_to_their_mean():
    model = rating_model()
    tally = LadderTally(("a", "b"), 3, None, model)
    tally.add(("a", "b", "a"), _outcome((0,), (3, 2, 1)))
    first, second, other = (model.rating() for _ in range(3))
    (one,), (two,), (three,) = model.rate([[first], [second], [other]], ranks=[1, 2, 3])
    assert tally.ratings[0].mu == pytest.approx((one.mu + three.mu) / 2) and tally.ratings[0].sigma == pytest.approx((one.sigma + three.sigma) / 2)
    assert tally.ratings[1].mu == pytest.approx(two.mu)
    assert tally.matches == [1, 1] and tally.seats == [2, 1]


def test_every_seating_of_a_block_is_dealt_from_the_blocks_seed(tally, registry, monkeypatch):
    played = []

    def recording(registry_, game, rules, players, seating, seed, index):
        played.append((tuple(seating), seed, index))
        return play_one(registry_, game, rules, players, seating, seed, index)

    monkeypatch.setattr("muggins.ladder.play_one", recording)
    result = ladder(tally, ["random", "novice", "expert"], 60, players=2, seed=9, registry=registry)
    seatings = [tuple(s) for s in result["design"]["seatings"]]
    assert result["design"]["name"] == "orderings" and len(seatings) == 6 and result["games"] == 60
    blocks = result["design"]["blocks"]
    assert sorted(played) == sorted((s, 9, b) for s in seatings for b in range(blocks))
    assert {p["matches"] for p in result["pairs"]} == {2 * blocks}  # each pair meets in two seatings of each block


def test_a_plan_with_seatings_plays_each_match_under_every_rule_set_and_seating(tally, registry):
    rules = [tally.Rules(), tally.Rules(hand_size=2)]
    seatings = (("random", "expert"), ("expert", "random"))
    plan = ChunkPlan("tally", tuple(rules_to_dict(r) for r in rules), 2, ("random", "expert"), 5, None, seatings=seatings)
    found = run_planned_chunk(plan, 0, 2)
    assert found == [[play_one(registry, tally, r, 2, s, 5, i) for i in range(2)] for r in rules for s in seatings]


def test_an_interrupt_carries_the_blocks_folded_so_far(tally, registry):
    calls = []

    def stop(finished):
        calls.append(finished)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        ladder(tally, ["random", "expert"], 40, players=2, seed=1, registry=registry, progress=stop)
    partial = stopped.value.summary
    assert partial["partial"] is True and partial["games"] == calls[0] == 2 and partial["games_planned"] == 40
    assert sum(p["matches"] for p in partial["pairs"]) == 2


def test_expert_rates_above_random_in_a_short_cribbage_ladder():
    registry = load_registry(only=["cribbage_muggins"])
    result = ladder("cribbage_muggins", ["random", "expert"], 8, rule_sets=[{"target": 61}], seed=3, registry=registry)
    assert [r["kind"] for r in result["ratings"]] == ["expert", "random"]
    (pair,) = result["pairs"]
    assert pair["matches"] == 8 and pair["win_rate"] < 0.5
    assert result["per_kind"][0]["score"] is not None and result["gap"] is None


def test_bad_kinds_are_refused_before_any_match(tally, registry):
    with pytest.raises(ValueError, match="at least two kinds"):
        ladder(tally, ["expert"], 4, registry=registry)
    with pytest.raises(ValueError, match="given twice"):
        ladder(tally, ["expert", "expert"], 4, registry=registry)
    with pytest.raises(ValueError, match="determinize"):
        ladder(tally, ["expert", "search"], 4, registry=registry)


def test_without_openskill_the_ratings_say_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    with pytest.raises(RatingsUnavailable, match=r'^ratings need the optional package openskill: pip install "muggins-core\[ladder\]"$'):
        rating_model()


def test_any_chunk_runner_gives_the_same_ladder(tally, registry):
    class PlannedRunner:
        """Chunks played from the plan, as a cluster's workers play them."""

        workers = 1

        def __init__(self, plan):
            self.plan, self.waiting = plan, []

        def submit(self, number, bounds):
            self.waiting.append((number, bounds))

        def next(self):
            number, bounds = self.waiting.pop()  # the last first: the fold puts them back in order
            return number, run_planned_chunk(self.plan, *bounds)

        def close(self):
            self.waiting.clear()

    kinds = ["random", "novice", "expert"]
    here = ladder("tally", kinds, 60, players=3, seed=2, rule_sets=[None, {"hand_size": 2}])  # the process registry
    assert ladder(tally, kinds, 60, players=3, seed=2, rule_sets=[None, {"hand_size": 2}], registry=registry, runner=PlannedRunner) == here
    assert here["design"]["blocks"] == 10 and here["gap"]["differences"][1]["win_share_difference"]["low"] is not None


def test_partners_are_rated_as_one_side_and_never_paired_with_each_other():
    model = rating_model()
    tally = LadderTally(("a", "b"), 4, [(0, 2), (1, 3)], model)
    tally.add(("a", "b", "a", "b"), _outcome((0, 2), (30, 10, 31, 12)))  # a's side wins: a team of two a's against two b's
    (one, two), (three, four) = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2])
    assert tally.ratings[0].mu == pytest.approx((one.mu + two.mu) / 2) and tally.ratings[1].mu == pytest.approx((three.mu + four.mu) / 2)
    # Seats 0 and 1 hold a, 2 and 3 b: only 0 against 3 and 1 against 2 face each other (0 and 2, 1 and 3 are partners).
    tally.add(("a", "a", "b", "b"), _outcome((1, 3), (5, 20, 5, 20)))
    # The first match: a ahead in every facing pair (1); the second: seat 1 (a) ahead of seat 2 (b), seat 0 (a) behind seat 3 (b) (½).
    assert tally.block_pairs[(0, 1)] == [1.0 + 0.5, 2]


def test_a_pair_every_block_agrees_on_still_gets_the_wilson_interval_of_its_matches():
    from muggins.ladder import _never_narrower_than_wilson

    low, high = _never_narrower_than_wilson(1.0, 20, 1.0, 1.0)
    assert high == 1.0 and round(low, 3) == 0.839  # Wilson's 95% lower bound for 20 of 20
    assert _never_narrower_than_wilson(0.5, 20, 0.1, 0.9) == [0.1, 0.9]  # a wider interval over blocks is kept
