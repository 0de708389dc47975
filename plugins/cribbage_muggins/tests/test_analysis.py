"""Discard analysis and the show distribution: exact figures against enumeration and published tables."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from muggins.cards import card, cards, standard_deck

from cribbage_muggins.analysis import (
    DEFAULT_SAMPLE,
    best_discard,
    best_discard_indices,
    crib_table,
    expected_crib,
    expected_hand,
    method_text,
    rank_discards,
    show_distribution,
)
from cribbage_muggins.scoring import card_index, index_card, score_total, score_total_indices

# The published distribution of cribbage hand totals over C(52,4) * 48 hand-and-starter combinations.
PUBLISHED_HAND = [
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
]
# The same for a crib (four-card flushes do not count), confirmed by scoring all 12,994,800
# combinations one by one (benchmarks/cribbage_exhaustive.py --brute).
PUBLISHED_CRIB = [
    1022208, 99792, 2839800, 508908, 2868960, 703496, 1787176, 755320, 1118336, 358368,
    378240, 43880, 310956, 16548, 88132, 9072, 57288, 11196, 2264, 0,
    7828, 2472, 444, 356, 3680, 0, 0, 0, 76, 4,
]


# -- the distribution -----------------------------------------------------------------

def test_full_distribution_matches_the_published_tables():
    counts = show_distribution()
    assert counts["hand"] == PUBLISHED_HAND
    assert counts["crib"] == PUBLISHED_CRIB
    assert sum(counts["hand"]) == sum(counts["crib"]) == 12_994_800
    for impossible in (19, 25, 26, 27):
        assert counts["hand"][impossible] == counts["crib"][impossible] == 0
    assert counts["hand"][29] == 4 and counts["hand"][28] == 76 and counts["hand"][0] == 1_009_008


def brute_distribution(ranks):
    deck = [card_index(c) for c in standard_deck() if int(c.rank) in ranks]
    hand = [0] * 30
    crib = [0] * 30
    for four in combinations(deck, 4):
        for starter in deck:
            if starter not in four:
                hand[score_total_indices(four, starter)] += 1
                crib[score_total_indices(four, starter, True)] += 1
    return {"hand": hand, "crib": crib}


@pytest.mark.parametrize("ranks", [(3, 4, 5, 11), (1, 2, 5, 6, 10, 11), (4, 5, 6, 7, 8)])
def test_counting_equals_brute_force_on_reduced_decks(ranks):
    # Reduced decks keep all four suits, so flushes, nobs and every suit-counting case still occur.
    counted = show_distribution(ranks)
    assert counted == brute_distribution(ranks)
    assert sum(counted["hand"]) == comb_count(4 * len(ranks))


def comb_count(deck_size: int) -> int:
    from math import comb

    return comb(deck_size, 4) * (deck_size - 4)


# -- expectations ------------------------------------------------------------------------

def test_expected_hand_is_the_mean_over_every_unseen_starter():
    keep = cards("5H 5D JC 4D")
    seen = cards("9C KS")
    starters = [c for c in standard_deck() if c not in keep and c not in seen]
    assert len(starters) == 46
    mean = sum(score_total(keep, s) for s in starters) / 46
    assert expected_hand(keep, seen) == pytest.approx(mean, abs=1e-12)


def test_expected_hand_with_flush_and_nobs():
    keep = cards("2H 6H 9H JH")
    starters = [c for c in standard_deck() if c not in keep]
    assert expected_hand(keep) == pytest.approx(sum(score_total(keep, s) for s in starters) / 48, abs=1e-12)


@pytest.mark.parametrize("laid, seen", [("5H 5D", "JC 4D 9C KS"), ("JH 7H", "JD 2C 3C 4C"), ("TD JD", "5H 5S 6S 7S")])
def test_two_player_crib_equals_full_enumeration(laid, seen):
    laid_cards, seen_cards = cards(laid), cards(seen)
    unseen = [c for c in standard_deck() if c not in laid_cards and c not in seen_cards]
    total = 0
    deals = 0
    for others in combinations(unseen, 2):
        for starter in unseen:
            if starter not in others:
                total += score_total(laid_cards + list(others), starter, crib=True)
                deals += 1
    assert deals == 1035 * 44
    assert expected_crib(laid_cards, seen_cards) == pytest.approx(total / deals, abs=1e-12)


def test_one_card_crib_equals_full_enumeration_on_a_small_unseen_set():
    laid = cards("JS")
    rng = random.Random(5)
    rest = [c for c in standard_deck() if c not in laid]
    rng.shuffle(rest)
    seen, unseen = rest[:31], rest[31:]  # 20 unseen cards keep the enumeration small
    total = deals = 0
    for others in combinations(unseen, 3):
        for starter in unseen:
            if starter not in others:
                total += score_total(laid + list(others), starter, crib=True)
                deals += 1
    assert expected_crib(laid, seen) == pytest.approx(total / deals, abs=1e-12)


def test_bad_expectation_inputs_raise():
    with pytest.raises(ValueError, match="4 cards"):
        expected_hand(cards("5H 5D JC"))
    with pytest.raises(ValueError, match="1 to 4"):
        expected_crib([])


# -- ranking discards -------------------------------------------------------------------------

DEAL = "5H 5D 5S JC 4D 9C".split()


def test_two_players_rank_all_fifteen_discards_best_first():
    options = rank_discards(DEAL, dealer=True)
    assert len(options) == 15
    assert len({frozenset(o.discard) for o in options}) == 15
    assert all(len(o.discard) == 2 and len(o.keep) == 4 for o in options)
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
    best = options[0]
    assert set(best.keep) == set(cards("5H 5D 5S JC")) and set(best.discard) == set(cards("4D 9C"))
    assert best.hand == pytest.approx(expected_hand(best.keep, best.discard))
    assert best.crib == pytest.approx(expected_crib(best.discard, best.keep))
    assert best.net == pytest.approx(best.hand + best.crib)


def test_pone_subtracts_the_crib_and_sees_the_same_figures():
    as_dealer = {frozenset(o.discard): o for o in rank_discards(DEAL, dealer=True)}
    as_pone = rank_discards(DEAL, dealer=False)
    for option in as_pone:
        same = as_dealer[frozenset(option.discard)]
        assert option.hand == same.hand and option.crib == same.crib
        assert option.net == pytest.approx(option.hand - option.crib)
    assert [o.net for o in as_pone] == sorted((o.net for o in as_pone), reverse=True)


def test_pone_avoids_giving_fives_and_dealer_may_lay_them_away():
    deal = "5H 5D KS QC 8D 2C".split()
    pone_best = rank_discards(deal, dealer=False)[0]
    assert not any(int(c.rank) == 5 for c in pone_best.discard)
    fives_laid = next(o for o in rank_discards(deal, dealer=True) if set(o.discard) == set(cards("5H 5D")))
    assert fives_laid.crib > 6  # two fives in the crib are worth a lot to the dealer


@pytest.mark.parametrize("players", [3, 4])
def test_five_card_hands_discard_one_of_five(players):
    deal = "5H 5D 5S JC 4D".split()
    options = rank_discards(deal, dealer=False, players=players)
    assert len(options) == 5 and all(len(o.discard) == 1 for o in options)
    assert options[0].discard == (card("4D"),)
    for option in options:
        assert option.hand == pytest.approx(expected_hand(option.keep, option.discard))
        assert option.crib == pytest.approx(expected_crib(option.discard, option.keep))


def test_monte_carlo_is_seeded_and_close_to_exact():
    exact = {frozenset(o.discard): o for o in rank_discards(DEAL, dealer=True)}
    sampled = rank_discards(DEAL, dealer=True, sample=3000, seed=7)
    again = rank_discards(DEAL, dealer=True, sample=3000, seed=7)
    assert [o.to_dict() for o in sampled] == [o.to_dict() for o in again]
    other_seed = rank_discards(DEAL, dealer=True, sample=3000, seed=8)
    assert [o.crib for o in other_seed] != [o.crib for o in sampled]
    for option in sampled:
        truth = exact[frozenset(option.discard)]
        assert option.hand == truth.hand  # the hand is always exact
        assert option.crib == pytest.approx(truth.crib, abs=0.35)


def test_exact_false_uses_the_default_sample():
    assert "10000 deals (seed 3)" in method_text(2, None, 3, exact=False) and DEFAULT_SAMPLE == 10_000
    assert "exact" in method_text(2) and "the opponent's 2 crib cards" in method_text(2)
    assert "pack card" in method_text(3) and "Monte-Carlo over 50 deals" in method_text(4, 50)


def test_to_dict_is_json_ready():
    data = rank_discards(DEAL, dealer=True)[0].to_dict()
    assert data["discard"] == ["4D", "9C"] and data["keep"] == ["5D", "5H", "5S", "JC"]
    assert set(data) == {"discard", "keep", "hand", "crib", "net"}


@pytest.mark.parametrize(
    "deal, players, message",
    [
        ("5H 5D 5S JC 4D", 2, "dealt 6 cards"),
        ("5H 5D 5S JC 4D 9C", 3, "dealt 5 cards"),
        ("5H 5D 5S JC 4D 4D", 2, "4D appears twice"),
        ("5H 5D 5S JC 4D 9C", 5, "players must be 2, 3 or 4"),
        ("5H 5D 5S JC 4D ZZ", 2, "not a card"),
    ],
)
def test_bad_deals_raise(deal, players, message):
    with pytest.raises(ValueError, match=message):
        rank_discards(deal.split(), dealer=True, players=players)


def test_sample_size_must_be_positive():
    with pytest.raises(ValueError, match="at least 1"):
        rank_discards(DEAL, dealer=True, sample=0)


# -- the fast form ------------------------------------------------------------------------------

def test_crib_tables_hold_exact_expectations_for_the_discards_alone():
    two = crib_table(2)
    assert len(two) == 13 + 2 * 78
    assert two[(5, 5, False)] == pytest.approx(expected_crib(cards("5C 5D")))
    assert two[(10, 13, True)] == pytest.approx(expected_crib(cards("TC KC")))
    assert two[(10, 13, False)] == pytest.approx(expected_crib(cards("TC KD")))
    assert two[(5, 5, False)] > two[(10, 13, False)]
    assert two[(4, 11, True)] > two[(4, 11, False)]  # a suited pair adds flush chances
    one = crib_table(1)
    assert len(one) == 13 and one[(5, False)] == pytest.approx(expected_crib(cards("5H")))
    with pytest.raises(ValueError):
        crib_table(3)


def test_best_discard_maximises_exact_hand_plus_tabled_crib():
    rng = random.Random(11)
    deck = standard_deck()
    for _ in range(60):
        deal = rng.sample(deck, 6)
        dealer = rng.random() < 0.5
        chosen = best_discard(deal, dealer)
        table = crib_table(2)

        def value(laid):
            keep = [c for c in deal if c not in laid]
            a, b = sorted(laid, key=lambda c: int(c.rank))
            key = (int(a.rank), int(b.rank), a.suit == b.suit)
            return expected_hand(keep, laid) + (1 if dealer else -1) * table[key]

        best_value = max(value(laid) for laid in combinations(deal, 2))
        assert value(chosen) == pytest.approx(best_value, abs=1e-9)


def test_best_discard_agrees_with_the_exact_ranking_on_clear_hands():
    assert set(best_discard(DEAL, True)) == set(cards("4D 9C"))
    assert set(best_discard(DEAL, False)) == set(cards("4D 9C"))
    assert set(best_discard("5H 5D KS QC 8D 2C".split(), False)) & set(cards("5H 5D")) == set()
    assert best_discard("5H 5D 5S JC 4D".split(), False, players=3) == (card("4D"),)
    assert best_discard("5H 5D 5S JC 4D".split(), True, players=4) == (card("4D"),)


def test_best_discard_indices_returns_ints_of_the_deal():
    deal = [card_index(c) for c in DEAL]
    chosen = best_discard_indices(deal, True)
    assert set(index_card(i) for i in chosen) == set(cards("4D 9C"))


def test_best_discard_rejects_bad_deals():
    with pytest.raises(ValueError, match="dealt 6 cards"):
        best_discard(DEAL[:5], True)


def test_equal_nets_tie_exactly_and_the_higher_hand_value_comes_first():
    # The hand: discarding J♦ 7♥ and J♣ 7♥ both net 70283/11385, which floating point split.
    from fractions import Fraction

    options = rank_discards(cards("8S JD 2C QC JC 7H"), dealer=True)
    discards = [" ".join(c.code for c in o.discard) for o in options]
    clubs, diamonds = discards.index("JC 7H"), discards.index("JD 7H")
    assert clubs + 1 == diamonds  # next to each other, the higher hand first
    a, b = options[clubs], options[diamonds]
    assert a.hand > b.hand and Fraction(a.net).limit_denominator(20000) == Fraction(b.net).limit_denominator(20000) == Fraction(70283, 11385)
    for first, second in zip(options, options[1:]):  # the documented order: net, then hand, up to rounding
        assert first.net > second.net - 1e-9
        if abs(first.net - second.net) < 1e-9:
            assert first.hand >= second.hand - 1e-9
    assert [" ".join(c.code for c in o.keep) for o in options[:2]] == ["2C JC JD QC", "7H 8S JC JD"]  # keep: by rank, then suit


def _discard_by_every_rank(indices, dealer):
    """best_discard_indices as it was written before its table: each option's hand summed over all thirteen ranks."""
    from cribbage_muggins import analysis

    laid_count = len(indices) - 4
    table = analysis._crib_table(laid_count, None)
    by_rank, by_suit = [4] * 14, [13] * 4
    for i in indices:
        by_rank[i % 13 + 1] -= 1
        by_suit[i // 13] -= 1
    unseen_total = 52 - len(indices)
    best, best_value = (), float("-inf")
    for laid in combinations(indices, laid_count):
        keep = [i for i in indices if i not in laid]
        if laid_count == 2:
            ra, rb = laid[0] % 13 + 1, laid[1] % 13 + 1
            key = (min(ra, rb), max(ra, rb), laid[0] // 13 == laid[1] // 13)
        else:
            key = (laid[0] % 13 + 1, False)
        value = analysis._expected_hand(keep, by_rank, by_suit, unseen_total) + (1.0 if dealer else -1.0) * table[key]
        if value > best_value:
            best, best_value = laid, value
    return best


@pytest.mark.parametrize("size", [6, 5])
def test_the_tabled_discard_is_the_one_summed_over_every_rank(size):
    rng = random.Random(size)
    deals = [rng.sample(range(52), size) for _ in range(1500)]
    # Four of a rank (no starter of it can come) and jacks, flushes and pairs of the starter's suit, on purpose.
    deals += [[0, 13, 26, 39, 5, 18][:size], [10, 23, 36, 49, 11, 0][:size], [0, 1, 2, 3, 4, 5][:size], [10, 11, 12, 9, 8, 7][:size]]
    for indices in deals:
        for dealer in (True, False):
            assert best_discard_indices(indices, dealer, 2 if size == 6 else 3) == _discard_by_every_rank(indices, dealer), (indices, dealer)
