"""Cribbage analysis: which cards to lay away, and the exact distribution of show totals.

This module owns expectations computed from the scoring tables of
`cribbage_muggins.scoring`. `rank_discards` ranks every possible discard of
a dealt hand (15 for six cards, 5 for five) by the expected value of the
kept hand over every starter the player cannot see, plus (the crib is your
side's) or minus (the opponents') the expected value of the crib, and
reports hand and crib figures separately. Assumption, stated once: the crib
cards you do not hold (the opponent's two for 2 players; one from each
other player plus the pack card for 3; one from each other player for 4)
and the starter are drawn uniformly from the cards you have not seen. The
crib expectation is exact (counted by rank multisets, with flush and nobs
by linearity of expectation) unless a Monte-Carlo sample is asked for.
`best_discard` is the fast form for bots: exact hand expectation plus a
crib expectation looked up in a table per discarded ranks, built once on
first use. `show_distribution` counts how many of the hand-and-starter
combinations score 0..29, by rank multisets and suit counting rather than
by scoring each combination. Every function but `show_distribution`
takes an optional `scoring` (a `scoring.ShowScoring`, a house rule's): its
figures then follow that scoring, from its own tables (the crib table is
built once per scoring and cached); without it, or with the standard one,
the standard tables are used exactly as before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Sequence

from muggins.cards import Card

from .scoring import (
    INDEX_RANK,
    INDEX_SUIT,
    INDEX_WEIGHT,
    RANK_WEIGHT,
    SHOW_BASE,
    CardLike,
    ShowScoring,
    index_card,
    score_total_indices,
    to_cards,
)

__all__ = [
    "DiscardOption",
    "rank_discards",
    "best_discard",
    "best_discard_indices",
    "expected_hand",
    "expected_crib",
    "crib_table",
    "method_text",
    "show_distribution",
    "HAND_SIZE",
    "DEFAULT_SAMPLE",
    "CRIB_ASSUMPTION",
]

HAND_SIZE = {2: 6, 3: 5, 4: 5}
"""Cards dealt to each player, by number of players."""

DEFAULT_SAMPLE = 10_000
"""Monte-Carlo deals per option when `exact=False` and no sample size is given."""

CRIB_ASSUMPTION = (
    "crib cards you do not hold and the starter are drawn uniformly from the cards you have not seen"
)

_JACK = 11
_INDEX_OF_CARD = {index_card(i): i for i in range(52)}


@dataclass(frozen=True)
class DiscardOption:
    """One way to lay away: the cards discarded and kept, and their expected values.

    `hand`: expected show of the kept cards over every unseen starter.
    `crib`: expected show of the crib (always the crib's own points).
    `net`: `hand + crib` when the crib is your side's, `hand - crib` otherwise.
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float
    crib: float
    net: float

    def to_dict(self) -> dict:
        return {
            "discard": [c.code for c in self.discard],
            "keep": [c.code for c in self.keep],
            "hand": round(self.hand, 4),
            "crib": round(self.crib, 4),
            "net": round(self.net, 4),
        }


# -- expectations over unseen cards ------------------------------------------------

def _unseen_counts(unseen: Sequence[int]) -> tuple[list[int], list[int]]:
    by_rank = [0] * 14
    by_suit = [0] * 4
    for i in unseen:
        by_rank[INDEX_RANK[i]] += 1
        by_suit[INDEX_SUIT[i]] += 1
    return by_rank, by_suit


def _expected_hand(keep: Sequence[int], by_rank: list[int], by_suit: list[int], unseen_total: int) -> float:
    """Mean show of `keep` over every unseen starter, counting starters by rank (13 look-ups, not 46)."""
    return _hand_points(keep, by_rank, by_suit, unseen_total) / unseen_total


def _hand_points_scored(keep: Sequence[int], by_rank: list[int], by_suit: list[int], unseen_total: int, scoring: ShowScoring) -> int:
    """`_hand_points` under another scoring: its base table, flushes and nobs."""
    base = scoring.base
    key = INDEX_WEIGHT[keep[0]] + INDEX_WEIGHT[keep[1]] + INDEX_WEIGHT[keep[2]] + INDEX_WEIGHT[keep[3]]
    points = 0
    for rank in range(1, 14):
        count = by_rank[rank]
        if count:
            points += count * base[key + RANK_WEIGHT[rank]]
    suit = INDEX_SUIT[keep[0]]
    if INDEX_SUIT[keep[1]] == suit and INDEX_SUIT[keep[2]] == suit and INDEX_SUIT[keep[3]] == suit:
        points += scoring.hand_four_flush * (unseen_total - by_suit[suit]) + scoring.five_flush * by_suit[suit]
    for i in keep:
        if INDEX_RANK[i] == _JACK:
            points += scoring.nobs * by_suit[INDEX_SUIT[i]]
    return points


def _hand_points(keep: Sequence[int], by_rank: list[int], by_suit: list[int], unseen_total: int) -> int:
    """The show of `keep` summed over every unseen starter (the exact numerator of its mean)."""
    key = INDEX_WEIGHT[keep[0]] + INDEX_WEIGHT[keep[1]] + INDEX_WEIGHT[keep[2]] + INDEX_WEIGHT[keep[3]]
    points = 0
    for rank in range(1, 14):
        count = by_rank[rank]
        if count:
            points += count * SHOW_BASE[key + RANK_WEIGHT[rank]]
    suit = INDEX_SUIT[keep[0]]
    if INDEX_SUIT[keep[1]] == suit and INDEX_SUIT[keep[2]] == suit and INDEX_SUIT[keep[3]] == suit:
        points += 4 * unseen_total + by_suit[suit]
    for i in keep:
        if INDEX_RANK[i] == _JACK:
            points += by_suit[INDEX_SUIT[i]]
    return points


@lru_cache(maxsize=None)
def _rank_multisets(size: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every multiset of `size` ranks as (rank key, ((rank, multiplicity), ...))."""
    found = []
    for ranks in combinations_with_replacement(range(1, 14), size):
        parts = tuple((r, ranks.count(r)) for r in sorted(set(ranks)))
        found.append((sum(RANK_WEIGHT[r] for r in ranks), parts))
    return tuple(found)


def _multiset_weights(size: int, by_rank: list[int]) -> list[tuple[int, int]]:
    """(rank key, number of ways to draw that multiset from the unseen cards) for each drawable multiset."""
    weighted = []
    for key, parts in _rank_multisets(size):
        ways = 1
        for rank, times in parts:
            ways *= comb(by_rank[rank], times)
            if not ways:
                break
        if ways:
            weighted.append((key, ways))
    return weighted


def _expected_crib(
    discards: Sequence[int],
    weights: list[tuple[int, int]],
    unseen: Sequence[int],
    by_suit: list[int],
    unknown: int,
) -> float:
    """Exact mean crib show; `unknown` crib cards (the starter among them) come uniformly from `unseen`.

    `weights` is `_multiset_weights(unknown, ...)` of the same unseen cards.
    Flush and nobs are added by linearity of expectation: the five-card
    flush needs every unknown card in the discards' one suit; a discarded
    jack scores nobs when the starter is of its suit; an unseen jack when it
    is among the other unknown cards and the starter is another card of its suit.
    """
    unseen_total = len(unseen)
    discard_key = sum(INDEX_WEIGHT[i] for i in discards)
    drawn = comb(unseen_total, unknown)
    base = sum(ways * SHOW_BASE[discard_key + key] for key, ways in weights) / drawn
    suits = {INDEX_SUIT[i] for i in discards}
    flush = 5 * comb(by_suit[next(iter(suits))], unknown) / drawn if len(suits) == 1 else 0.0
    nobs = 0.0
    for i in discards:
        if INDEX_RANK[i] == _JACK:
            nobs += by_suit[INDEX_SUIT[i]] / unseen_total
    for i in unseen:
        if INDEX_RANK[i] == _JACK:
            nobs += (by_suit[INDEX_SUIT[i]] - 1) / unseen_total * (unknown - 1) / (unseen_total - 1)
    return base + flush + nobs


def _expected_crib_exact(
    discards: Sequence[int],
    weights: list[tuple[int, int]],
    unseen: Sequence[int],
    by_suit: list[int],
    unknown: int,
) -> Fraction:
    """`_expected_crib` as an exact fraction, so that equal expectations compare equal."""
    unseen_total = len(unseen)
    discard_key = sum(INDEX_WEIGHT[i] for i in discards)
    drawn = comb(unseen_total, unknown)
    value = Fraction(sum(ways * SHOW_BASE[discard_key + key] for key, ways in weights), drawn)
    suits = {INDEX_SUIT[i] for i in discards}
    if len(suits) == 1:
        value += Fraction(5 * comb(by_suit[next(iter(suits))], unknown), drawn)
    for i in discards:
        if INDEX_RANK[i] == _JACK:
            value += Fraction(by_suit[INDEX_SUIT[i]], unseen_total)
    for i in unseen:
        if INDEX_RANK[i] == _JACK:
            value += Fraction((by_suit[INDEX_SUIT[i]] - 1) * (unknown - 1), unseen_total * (unseen_total - 1))
    return value


def _expected_crib_scored(
    discards: Sequence[int],
    weights: list[tuple[int, int]],
    unseen: Sequence[int],
    by_suit: list[int],
    unknown: int,
    scoring: ShowScoring,
) -> Fraction:
    """`_expected_crib_exact` under another scoring, with the four-card crib flush it may score.

    The four crib cards of the discards' one suit with a starter of another
    suit: the `unknown - 1` other crib cards all of that suit, then the
    starter among the rest not of it.
    """
    unseen_total = len(unseen)
    discard_key = sum(INDEX_WEIGHT[i] for i in discards)
    drawn = comb(unseen_total, unknown)
    base = scoring.base
    value = Fraction(sum(ways * base[discard_key + key] for key, ways in weights), drawn)
    suits = {INDEX_SUIT[i] for i in discards}
    if len(suits) == 1:
        same = by_suit[next(iter(suits))]
        value += Fraction(scoring.five_flush * comb(same, unknown), drawn)
        if scoring.crib_four_flush:
            value += Fraction(scoring.crib_four_flush * comb(same, unknown - 1) * (unseen_total - same),
                              comb(unseen_total, unknown - 1) * (unseen_total - unknown + 1))
    if scoring.nobs:
        for i in discards:
            if INDEX_RANK[i] == _JACK:
                value += Fraction(scoring.nobs * by_suit[INDEX_SUIT[i]], unseen_total)
        for i in unseen:
            if INDEX_RANK[i] == _JACK:
                value += Fraction(scoring.nobs * (by_suit[INDEX_SUIT[i]] - 1) * (unknown - 1), unseen_total * (unseen_total - 1))
    return value


def _other(scoring: ShowScoring | None) -> ShowScoring | None:
    """`scoring` if it is not the standard one, else None (the standard tables are used)."""
    return None if scoring is None or scoring.standard else scoring


def expected_hand(keep: Sequence[CardLike], seen: Sequence[CardLike] = (), scoring: ShowScoring | None = None) -> float:
    """Exact mean show of four kept cards over every starter not among `keep` and `seen` (under `scoring`, if given)."""
    kept = [_INDEX_OF_CARD[c] for c in to_cards(keep)]
    if len(kept) != 4:
        raise ValueError(f"a kept hand has 4 cards, got {len(kept)}")
    known = set(kept) | {_INDEX_OF_CARD[c] for c in to_cards(seen)}
    unseen = [i for i in range(52) if i not in known]
    by_rank, by_suit = _unseen_counts(unseen)
    other = _other(scoring)
    if other is not None:
        return _hand_points_scored(kept, by_rank, by_suit, len(unseen), other) / len(unseen)
    return _expected_hand(kept, by_rank, by_suit, len(unseen))


def expected_crib(discards: Sequence[CardLike], seen: Sequence[CardLike] = (), scoring: ShowScoring | None = None) -> float:
    """Exact mean crib show given your discards (1 or 2 cards) and the other cards you have seen (under `scoring`, if given).

    The crib's other cards and the starter (5 minus len(discards) cards) are
    drawn uniformly from the cards not among `discards` and `seen`.
    """
    laid = [_INDEX_OF_CARD[c] for c in to_cards(discards)]
    if not 1 <= len(laid) <= 4:
        raise ValueError(f"discards into the crib are 1 to 4 cards, got {len(laid)}")
    known = set(laid) | {_INDEX_OF_CARD[c] for c in to_cards(seen)}
    unseen = [i for i in range(52) if i not in known]
    return _crib_over(laid, unseen, _other(scoring))


def _crib_over(laid: Sequence[int], unseen: Sequence[int], scoring: ShowScoring | None = None) -> float:
    by_rank, by_suit = _unseen_counts(unseen)
    unknown = 5 - len(laid)
    weights = _multiset_weights(unknown, by_rank)
    if scoring is not None:
        return float(_expected_crib_scored(laid, weights, unseen, by_suit, unknown, scoring))
    return _expected_crib(laid, weights, unseen, by_suit, unknown)


# -- ranking the discards -----------------------------------------------------------------

def _validate_deal(cards: Sequence[CardLike], players: int) -> tuple[Card, ...]:
    if players not in HAND_SIZE:
        raise ValueError(f"players must be 2, 3 or 4, got {players}")
    dealt = to_cards(cards)
    expected = HAND_SIZE[players]
    if len(dealt) != expected:
        raise ValueError(f"{players} players are dealt {expected} cards each, got {len(dealt)}")
    if len(set(dealt)) != len(dealt):
        twice = next(c for c in dealt if dealt.count(c) > 1)
        raise ValueError(f"{twice.code} appears twice (every card of the pack is different)")
    return dealt


def method_text(players: int = 2, sample: int | None = None, seed: int = 0, exact: bool = True, *, shown: bool = False) -> str:
    """One line saying how `rank_discards` computed its figures with these arguments.

    English by default, as `--json` and the analysis's callers keep it;
    `shown=True` words it in the language in force, for a reader.
    """
    size = DEFAULT_SAMPLE if sample is None else sample
    if shown:
        return _method_words(players, size, seed, sample is None and exact)
    unknown = {2: "the opponent's 2 crib cards", 3: "the crib cards of the other players and the pack card",
               4: "the crib cards of the other players"}[players]
    drawn = f"the starter and {unknown} drawn uniformly from the unseen cards"
    if sample is None and exact:
        return f"hand: exact over every unseen starter; crib: exact, {drawn}"
    return f"hand: exact over every unseen starter; crib: Monte-Carlo over {size} deals (seed {seed}), {drawn}"


def _method_words(players: int, size: int, seed: int, exact: bool) -> str:
    """`method_text` in the reader's language, through the game's catalogue."""
    from muggins.i18n import translator  # imported here: the analysis proper reads no catalogue

    _ = translator("cribbage_muggins", package_file=__file__).gettext
    if players == 2:
        unknown = _("the opponent's 2 crib cards")
    elif players == 3:
        unknown = _("the crib cards of the other players and the pack card")
    else:
        unknown = _("the crib cards of the other players")
    drawn = _("the starter and {unknown} drawn uniformly from the unseen cards").format(unknown=unknown)
    if exact:
        return _("hand: exact over every unseen starter; crib: exact, {drawn}").format(drawn=drawn)
    return _("hand: exact over every unseen starter; crib: Monte-Carlo over {size} deals (seed {seed}), {drawn}").format(
        size=size, seed=seed, drawn=drawn)


def rank_discards(
    cards: Sequence[CardLike],
    dealer: bool,
    *,
    players: int = 2,
    exact: bool = True,
    sample: int | None = None,
    seed: int = 0,
    scoring: ShowScoring | None = None,
) -> list[DiscardOption]:
    """Every possible discard of a dealt hand, best first by `net` (then by hand value).

    `dealer`: the crib counts for your side (you deal, or in partnerships your
    partner deals); otherwise it counts against you. Six cards for 2 players
    (discard 2, 15 options), five for 3 or 4 players (discard 1, 5 options).
    The hand figure is always exact over the 46 (or 47) unseen starters. The
    crib figure is exact unless `sample` is given or `exact` is False: then
    it averages `sample` (default `DEFAULT_SAMPLE`) random deals of the
    unknown crib cards and starter, the same deals for every option, drawn
    with `random.Random(seed)`. `scoring`: a house rule's show scoring,
    which both figures then follow. Raises ValueError for a wrong deal.
    """
    other = _other(scoring)
    dealt = _validate_deal(cards, players)
    if sample is not None and sample < 1:
        raise ValueError(f"the sample size must be at least 1, got {sample}")
    indices = [_INDEX_OF_CARD[c] for c in dealt]
    unseen = [i for i in range(52) if i not in set(indices)]
    by_rank, by_suit = _unseen_counts(unseen)
    laid_count = len(indices) - 4
    unknown = 5 - laid_count
    use_sample = sample is not None or not exact
    deals: list[tuple[list[int], int]] = []
    weights: list[tuple[int, int]] = []
    if use_sample:
        rng = random.Random(seed)
        for _ in range(DEFAULT_SAMPLE if sample is None else sample):
            drawn = rng.sample(unseen, unknown)
            deals.append((drawn[:-1], drawn[-1]))
    else:
        weights = _multiset_weights(unknown, by_rank)
    options = []
    exact_values: list[tuple[Fraction, Fraction]] = []  # (net, hand) exactly: the order's keys
    for laid_positions in combinations(range(len(indices)), laid_count):
        laid = [indices[p] for p in laid_positions]
        keep = [i for p, i in enumerate(indices) if p not in laid_positions]
        if other is not None:
            hand = Fraction(_hand_points_scored(keep, by_rank, by_suit, len(unseen), other), len(unseen))
        else:
            hand = Fraction(_hand_points(keep, by_rank, by_suit, len(unseen)), len(unseen))
        if use_sample:
            total = other.total_indices if other is not None else score_total_indices
            crib = Fraction(sum(total(laid + others, starter, True) for others, starter in deals), len(deals))
        elif other is not None:
            crib = _expected_crib_scored(laid, weights, unseen, by_suit, unknown, other)
        else:
            crib = _expected_crib_exact(laid, weights, unseen, by_suit, unknown)
        net = hand + crib if dealer else hand - crib
        exact_values.append((net, hand))
        options.append(
            DiscardOption(
                tuple(dealt[p] for p in laid_positions),
                tuple(sorted(c for p, c in enumerate(dealt) if p not in laid_positions)),
                float(hand),
                float(crib),
                float(net),
            )
        )
    # Compared as fractions: options whose nets are equal must tie exactly, so that the hand value decides.
    order = sorted(range(len(options)), key=lambda n: (-exact_values[n][0], -exact_values[n][1], n))
    return [options[n] for n in order]


# -- the fast form for bots -----------------------------------------------------------------

def crib_table(laid_count: int, scoring: ShowScoring | None = None) -> dict[tuple, float]:
    """Expected crib show per discarded ranks, built once (about 0.1 s) and cached (once per `scoring`, a house rule's).

    `laid_count` 2 (two players): keys (low rank, high rank, suited) with
    suited False for a pair of equal ranks; 1 (three or four players): keys
    (rank, False). Each value is the exact expectation with only the
    discards removed from the pack (the discarder's kept cards are not
    known to the table), under `CRIB_ASSUMPTION`. Jacks are keyed like any
    rank; nobs for a discarded jack is included. With the standard scoring
    (or none) it is the standard table.
    """
    return _crib_table(laid_count, _other(scoring))


@lru_cache(maxsize=None)
def _crib_table(laid_count: int, scoring: ShowScoring | None = None) -> dict[tuple, float]:
    table: dict[tuple, float] = {}
    if laid_count == 1:
        for rank in range(1, 14):
            laid = [rank - 1]  # clubs
            table[(rank, False)] = _crib_over(laid, [i for i in range(52) if i not in laid], scoring)
        return table
    if laid_count != 2:
        raise ValueError(f"the crib table is for 1 or 2 discards, got {laid_count}")
    for low in range(1, 14):
        for high in range(low, 14):
            suited_choices = (False,) if low == high else (False, True)
            for suited in suited_choices:
                laid = [low - 1, (0 if suited else 13) + high - 1]
                table[(low, high, suited)] = _crib_over(laid, [i for i in range(52) if i not in laid], scoring)
    return table


def best_discard_indices(indices: Sequence[int], dealer: bool, players: int = 2, scoring: ShowScoring | None = None) -> tuple[int, ...]:
    """`best_discard` for cards as ints 0..51 (see `scoring.card_index`); no validation.

    Under another scoring than the standard one, the same choice from that
    scoring's hand values and crib table.
    """
    standard = scoring is None or scoring.standard
    laid_count = len(indices) - 4
    table = _crib_table(laid_count, None if standard else scoring)
    by_rank = [4] * 14
    by_suit = [13] * 4
    for i in indices:
        by_rank[INDEX_RANK[i]] -= 1
        by_suit[INDEX_SUIT[i]] -= 1
    unseen_total = 52 - len(set(indices))
    sign = 1.0 if dealer else -1.0
    if standard and laid_count in (1, 2) and len(set(indices)) == len(indices):
        return _best_standard_discard(indices, laid_count, table, by_rank, by_suit, unseen_total, sign)
    best: tuple[int, ...] = ()
    best_value = float("-inf")
    for laid in combinations(indices, laid_count):
        keep = [i for i in indices if i not in laid]
        if laid_count == 2:
            a, b = laid
            ra, rb = INDEX_RANK[a], INDEX_RANK[b]
            key = (min(ra, rb), max(ra, rb), INDEX_SUIT[a] == INDEX_SUIT[b])
        else:
            key = (INDEX_RANK[laid[0]], False)
        if standard:
            hand = _expected_hand(keep, by_rank, by_suit, unseen_total)
        else:
            hand = _hand_points_scored(keep, by_rank, by_suit, unseen_total, scoring) / unseen_total
        value = hand + sign * table[key]
        if value > best_value:
            best, best_value = laid, value
    return best


#: For every multiset of four ranks (its `SHOW_BASE` key): the fifteens, pairs and runs summed over one starter of
#: each rank that can join it, four of each (`_best_standard_discard` takes away the ranks the deal holds).
_HAND_ALL_RANKS: dict[int, int] = {}
#: `SHOW_BASE` with the keys of five cards of one rank (a four-card hand of one rank and a starter of it) at 0.
_SHOW_BASE_OR_NONE: dict[int, int] = {}
#: For 6 and 5 cards: each lay-away's (positions laid, positions kept), in the order of `combinations`.
_SPLITS: dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {}


def _fill_hand_tables() -> None:
    _SHOW_BASE_OR_NONE.update(SHOW_BASE)
    _SHOW_BASE_OR_NONE.update({5 * RANK_WEIGHT[r]: 0 for r in range(1, 14)})
    for key, parts in _rank_multisets(4):
        held = dict(parts)
        _HAND_ALL_RANKS[key] = sum(4 * SHOW_BASE[key + RANK_WEIGHT[r]] for r in range(1, 14) if held.get(r, 0) < 4)
    for size in (5, 6):
        _SPLITS[size] = tuple((laid, tuple(p for p in range(size) if p not in laid))
                              for laid in combinations(range(size), size - 4))


def _best_standard_discard(indices: Sequence[int], laid_count: int, table: dict, by_rank: list[int], by_suit: list[int],
                           unseen_total: int, sign: float) -> tuple[int, ...]:
    """`best_discard_indices` under the standard scoring, distinct cards: the same choice, each option's hand without a loop over the ranks.

    An option's `_hand_points` sums, over the ranks r still unseen, `by_rank[r]`
    starters times the show with one: that is 4 of every rank
    (`_HAND_ALL_RANKS`, a table) less the ranks the deal holds, a handful of
    look-ups, with the same integers, so the same means and the same ties.
    """
    if not _HAND_ALL_RANKS:
        _fill_hand_tables()
    hand_all, base = _HAND_ALL_RANKS, _SHOW_BASE_OR_NONE
    held = [(RANK_WEIGHT[r], 4 - by_rank[r]) for r in range(1, 14) if by_rank[r] < 4]
    weights = [INDEX_WEIGHT[i] for i in indices]
    suits = [INDEX_SUIT[i] for i in indices]
    nobs = [by_suit[INDEX_SUIT[i]] if INDEX_RANK[i] == _JACK else 0 for i in indices]
    flush = 4 * unseen_total
    best: tuple[int, ...] = ()
    best_value = float("-inf")
    for laid, (a, b, c, d) in _SPLITS[len(indices)]:
        key = weights[a] + weights[b] + weights[c] + weights[d]
        points = hand_all[key]
        for weight, times in held:
            points -= times * base[key + weight]
        suit = suits[a]
        if suits[b] == suit and suits[c] == suit and suits[d] == suit:
            points += flush + by_suit[suit]
        points += nobs[a] + nobs[b] + nobs[c] + nobs[d]
        if laid_count == 2:
            x, y = indices[laid[0]], indices[laid[1]]
            rx, ry = INDEX_RANK[x], INDEX_RANK[y]
            crib = table[(rx, ry, INDEX_SUIT[x] == INDEX_SUIT[y]) if rx < ry else (ry, rx, INDEX_SUIT[x] == INDEX_SUIT[y])]
            chosen = (x, y)
        else:
            chosen = (indices[laid[0]],)
            crib = table[(INDEX_RANK[chosen[0]], False)]
        value = points / unseen_total + sign * crib
        if value > best_value:
            best, best_value = chosen, value
    return best


def best_discard(cards: Sequence[CardLike], dealer: bool, players: int = 2, scoring: ShowScoring | None = None) -> tuple[Card, ...]:
    """The discard a strong player makes: the best exact hand expectation plus or minus the tabled crib value.

    Fast enough for simulations (see benchmarks/bench_cribbage_scoring.py).
    Ties go to the first option in the order of `itertools.combinations`
    over the cards as given. Raises ValueError for a wrong deal.
    """
    dealt = _validate_deal(cards, players)
    chosen = best_discard_indices([_INDEX_OF_CARD[c] for c in dealt], dealer, players, scoring)
    return tuple(index_card(i) for i in chosen)


# -- the distribution of show totals ------------------------------------------------------

def show_distribution(ranks: Sequence[int] = tuple(range(1, 14))) -> dict[str, list[int]]:
    """How many (four cards, starter) combinations score 0..29, as a hand and as a crib (standard scoring).

    The deck is the four suits of `ranks` (all 13 by default: C(52,4)*48 =
    12,994,800 combinations). For each multiset of four hand ranks and each
    starter rank, the number of suit assignments is a product of binomials,
    and those with a flush or with nobs are counted directly: a flush needs
    four distinct hand ranks (4 suits; the starter of that suit is possible
    only when its rank is not in the hand, a five-card flush that also has
    nobs when the hand holds a jack); nobs needs a hand jack of the
    starter's suit, counted as 4 suits x C(3, jacks-1) x C(3, hand cards of
    the starter's rank) and never when the starter is a jack.
    """
    allowed = sorted(set(ranks))
    hand_counts = [0] * 30
    crib_counts = [0] * 30
    for hand_ranks in combinations_with_replacement(allowed, 4):
        held = {r: hand_ranks.count(r) for r in set(hand_ranks)}
        key = sum(RANK_WEIGHT[r] for r in hand_ranks)
        suit_ways = 1
        for times in held.values():
            suit_ways *= comb(4, times)
        distinct = len(held) == 4
        jacks = held.get(_JACK, 0)
        for starter in allowed:
            same = held.get(starter, 0)
            if same == 4:
                continue
            base = SHOW_BASE[key + RANK_WEIGHT[starter]]
            total = suit_ways * (4 - same)
            five_flush = 4 if distinct and same == 0 else 0
            four_flush = 12 if distinct else 0
            if jacks and starter != _JACK:
                others = suit_ways // (comb(4, jacks) * comb(4, same))
                nobs = 4 * comb(3, jacks - 1) * comb(3, same) * others
            else:
                nobs = 0
            nobs_without_flush = nobs - (five_flush if jacks == 1 else 0)
            plain = total - five_flush - four_flush - nobs_without_flush
            if distinct:
                with_nobs = 1 if jacks == 1 else 0
                hand_counts[base + 5 + with_nobs] += five_flush
                crib_counts[base + 5 + with_nobs] += five_flush
                hand_counts[base + 4] += four_flush
                crib_counts[base] += four_flush
            hand_counts[base + 1] += nobs_without_flush
            crib_counts[base + 1] += nobs_without_flush
            hand_counts[base] += plain
            crib_counts[base] += plain
    return {"hand": hand_counts, "crib": crib_counts}
