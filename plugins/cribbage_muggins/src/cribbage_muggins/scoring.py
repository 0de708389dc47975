"""Cribbage scoring: the show (hand and crib), pegging points, and a fast total for bots.

This module owns every cribbage point that depends only on cards: the show
of a hand or crib with its starter (`score_show`, itemised; `score_total`,
the total alone and fast) and the points for the last card played in a
count (`score_peg`, itemised; `peg_points`, the total alone and fast). Go, last card and his heels are scored by the game,
not here. Cards may be given as `muggins.Card` or as text such as "5H",
"10D", "TD", "5♥". The fast forms rest on one fact: the fifteens, pairs and
runs of five cards depend only on their rank multiset, so a table built at
import maps a cheap key (the sum of one weight per card, `RANK_WEIGHT`) to
those points, and flush and nobs are added from the suits. Bots may also use
cards as ints 0..51 (`card_index`: suit index * 13 + rank - 1, suits in the
order clubs, diamonds, hearts, spades, the order of `muggins.standard_deck()`)
with `score_total_indices` and the tables `INDEX_WEIGHT`, `INDEX_SUIT`,
`INDEX_RANK` and `SHOW_BASE`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Iterable, Sequence, Union

from muggins.cards import Card, Rank, Suit, parse_card, standard_deck

__all__ = [
    "CardLike",
    "ScoreItem",
    "ShowScore",
    "PegScore",
    "score_show",
    "score_total",
    "score_total_indices",
    "score_peg",
    "peg_points",
    "to_card",
    "to_cards",
    "card_index",
    "index_card",
    "rank_key",
    "pips",
    "RANK_WEIGHT",
    "INDEX_WEIGHT",
    "INDEX_RANK",
    "INDEX_SUIT",
    "SHOW_BASE",
    "MAX_SHOW",
]

CardLike = Union[Card, str]

MAX_SHOW = 29
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_DECK = tuple(standard_deck())


# -- cards ------------------------------------------------------------------

def to_card(value: CardLike) -> Card:
    """A `muggins.Card` from a Card or its text ("5H", "10D", "TD", "5♥"); ValueError otherwise."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Suit):
        return Card(value[0], value[1])
    if isinstance(value, str):
        return parse_card(value)
    raise ValueError(f"not a card: {value!r} (give a muggins.Card or text such as 5H, 10D, TD, 5♥)")


def to_cards(values: Iterable[CardLike]) -> tuple[Card, ...]:
    """Several cards at once (see `to_card`)."""
    if isinstance(values, str):
        raise ValueError(f"expected a sequence of cards, got the text {values!r} (write e.g. ['5H', '5D'])")
    return tuple(to_card(v) for v in values)


def card_index(value: CardLike) -> int:
    """The card as an int 0..51: suit index (C, D, H, S) * 13 + rank - 1, as in `standard_deck()`."""
    c = to_card(value)
    return _SUIT_ORDER.index(c.suit) * 13 + int(c.rank) - 1


def index_card(index: int) -> Card:
    """The card whose `card_index` is `index`."""
    return _DECK[index]


def pips(rank: int) -> int:
    """Counting value of a rank: A=1 … 10, J/Q/K=10."""
    return rank if rank < 10 else 10


def _check_distinct(cards: Sequence[Card], what: str) -> None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{what}: {c.code} appears twice (every card of the pack is different)")
        seen.add(c)


# -- items and results --------------------------------------------------------

@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, and its points.

    Kinds: "fifteen", "pair", "run", "flush", "nobs" (show and pegging) and
    "thirty-one" (pegging only). In the show every pair is its own item
    (three of a kind is three pair items, four of a kind six); in pegging the
    trailing equal cards are one "pair" item worth 2, 6 or 12.
    """

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def label(self) -> str:
        """Display name: "run of 4", "pair royal", "double pair royal", or the kind."""
        if self.kind == "run":
            return f"run of {len(self.cards)}"
        if self.kind == "pair" and len(self.cards) == 3:
            return "pair royal"
        if self.kind == "pair" and len(self.cards) == 4:
            return "double pair royal"
        return self.kind

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cards": [c.code for c in self.cards], "points": self.points}

    def __str__(self) -> str:
        return f"{self.label} {self.points}: {' '.join(str(c) for c in self.cards)}"


@dataclass(frozen=True)
class ShowScore:
    """The show of a hand or crib: `total` and its `items` (fifteens, pairs, runs, flush, nobs in that order)."""

    total: int
    items: tuple[ScoreItem, ...]

    def lines(self) -> list[str]:
        """One line per item, e.g. "fifteen 2: 5♥ J♣", "run of 3 3: 3♠ 4♥ 5♦", "nobs 1: J♦"."""
        return [str(item) for item in self.items]

    def to_dict(self) -> dict:
        return {"total": self.total, "items": [item.to_dict() for item in self.items]}

    def __str__(self) -> str:
        return "\n".join(self.lines() + [f"total {self.total}"])


@dataclass(frozen=True)
class PegScore:
    """Points for the last card played in a count: `total`, `count` (the running total) and `items`."""

    total: int
    count: int
    items: tuple[ScoreItem, ...]

    def lines(self) -> list[str]:
        return [str(item) for item in self.items]

    def to_dict(self) -> dict:
        return {"total": self.total, "count": self.count, "items": [item.to_dict() for item in self.items]}

    def __str__(self) -> str:
        return "\n".join(self.lines() + [f"total {self.total}"])


# -- the show, itemised --------------------------------------------------------

def _suit_position(c: Card) -> int:
    return _SUIT_ORDER.index(c.suit)


def score_show(hand: Sequence[CardLike], starter: CardLike, crib: bool = False) -> ShowScore:
    """Score a four-card hand (or crib, `crib=True`) with the starter, item by item.

    Every combination of cards summing to 15 scores 2; every pair 2; every
    run of 3 or more distinct consecutive ranks scores its length, once per
    way of choosing its cards (a double run of 3 is two run items); flush:
    four hand cards of one suit score 4, 5 with the starter, but a crib
    scores only a five-card flush; nobs: the jack of the starter's suit in the
    hand or crib scores 1. His heels (a jack as starter) is not part of the
    show. Items list their cards in rank order (then clubs, diamonds, hearts,
    spades). Raises ValueError for anything but four distinct cards plus a
    starter not among them.
    """
    cards4 = to_cards(hand)
    if len(cards4) != 4:
        raise ValueError(f"a hand or crib has 4 cards besides the starter, got {len(cards4)}")
    cut = to_card(starter)
    everything = cards4 + (cut,)
    _check_distinct(everything, "hand and starter")
    five = sorted(everything, key=lambda c: (int(c.rank), _suit_position(c)))
    items: list[ScoreItem] = []
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(pips(c.rank) for c in combo) == 15:
                items.append(ScoreItem("fifteen", combo, 2))
    for first, second in combinations(five, 2):
        if first.rank == second.rank:
            items.append(ScoreItem("pair", (first, second), 2))
    items.extend(_run_items(five))
    suit = cards4[0].suit
    if all(c.suit is suit for c in cards4):
        if cut.suit is suit:
            items.append(ScoreItem("flush", tuple(c for c in five), 5))
        elif not crib:
            items.append(ScoreItem("flush", tuple(c for c in five if c is not cut), 4))
    for c in cards4:
        if c.rank == Rank.JACK and c.suit is cut.suit:
            items.append(ScoreItem("nobs", (c,), 1))
    return ShowScore(sum(item.points for item in items), tuple(items))


def _run_items(five: list[Card]) -> list[ScoreItem]:
    by_rank: dict[int, list[Card]] = {}
    for c in five:
        by_rank.setdefault(int(c.rank), []).append(c)
    best: list[int] = []
    current: list[int] = []
    for rank in range(1, 15):
        if rank in by_rank:
            current.append(rank)
        else:
            if len(current) > len(best):
                best = current
            current = []
    if len(best) < 3:
        return []
    return [ScoreItem("run", tuple(choice), len(best)) for choice in product(*(by_rank[r] for r in best))]


# -- the show, fast -------------------------------------------------------------

# Base 5 keeps every multiset distinct (at most 4 cards of a rank) and the
# largest key (4 kings + 1 queen) under 2**30, a one-digit CPython int.
RANK_WEIGHT: tuple[int, ...] = (0,) + tuple(5 ** (r - 1) for r in range(1, 14))
INDEX_RANK: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
INDEX_SUIT: tuple[int, ...] = tuple(i // 13 for i in range(52))
INDEX_WEIGHT: tuple[int, ...] = tuple(RANK_WEIGHT[r] for r in INDEX_RANK)
_JACK_INDEX_OF_SUIT = tuple(s * 13 + 10 for s in range(4))


def rank_key(ranks: Iterable[int]) -> int:
    """The `SHOW_BASE` key of some ranks (1..13): the sum of their `RANK_WEIGHT`."""
    return sum(RANK_WEIGHT[r] for r in ranks)


def _base_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks, by counting (independent of the itemised scorer)."""
    values = [pips(r) for r in ranks]
    ways = [1] + [0] * 15  # ways[t]: subsets of the cards seen so far summing to t
    for v in values:
        for t in range(15, v - 1, -1):
            ways[t] += ways[t - v]
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    points = 2 * ways[15] + sum(n * (n - 1) for n in counts)
    rank = 1
    while rank <= 13:
        if counts[rank]:
            start, multiplicity = rank, 1
            while rank <= 13 and counts[rank]:
                multiplicity *= counts[rank]
                rank += 1
            if rank - start >= 3:
                points += (rank - start) * multiplicity
        else:
            rank += 1
    return points


def _build_show_base() -> dict[int, int]:
    table: dict[int, int] = {}

    def extend(ranks: tuple[int, ...], lowest: int) -> None:
        if len(ranks) == 5:
            table[rank_key(ranks)] = _base_points(ranks)
            return
        for r in range(lowest, 14):
            if ranks.count(r) < 4:
                extend(ranks + (r,), r)

    extend((), 1)
    return table


SHOW_BASE: dict[int, int] = _build_show_base()
"""Fifteens + pairs + runs of every possible five-card rank multiset, keyed by `rank_key` (6,175 entries)."""

def score_total(hand: Sequence[CardLike], starter: CardLike, crib: bool = False) -> int:
    """The show total alone (the same number as `score_show(...).total`), fast.

    Given `muggins.Card`s it does no validation (four distinct cards and a
    starter not among them are the caller's promise) and costs a table look-up
    plus the flush and nobs checks; text or ints 0..51 are converted first.
    """
    try:
        a, b, c, d = hand
        total = SHOW_BASE[
            RANK_WEIGHT[a[0]] + RANK_WEIGHT[b[0]] + RANK_WEIGHT[c[0]] + RANK_WEIGHT[d[0]] + RANK_WEIGHT[starter[0]]
        ]
        suit = a[1]
        if b[1] is suit and c[1] is suit and d[1] is suit:
            if starter[1] is suit:
                total += 5
            elif not crib:
                total += 4
        cut = starter[1]
        # Rank.JACK == 11; comparing in place is cheaper than any look-up of the jack of that suit.
        if (
            (a[0] == 11 and a[1] is cut)
            or (b[0] == 11 and b[1] is cut)
            or (c[0] == 11 and c[1] is cut)
            or (d[0] == 11 and d[1] is cut)
        ):
            total += 1
        return total
    except (TypeError, AttributeError, KeyError, ValueError):
        return _score_total_converted(hand, starter, crib)


def _score_total_converted(hand: Sequence, starter: object, crib: bool) -> int:
    def as_index(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52:
            return value
        return card_index(value)  # type: ignore[arg-type]

    indices = [as_index(v) for v in hand]
    if len(indices) != 4:
        raise ValueError(f"a hand or crib has 4 cards besides the starter, got {len(indices)}")
    return score_total_indices(indices, as_index(starter), crib)


def score_total_indices(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """`score_total` for cards as ints 0..51 (see `card_index`); no validation."""
    a, b, c, d = hand
    total = SHOW_BASE[INDEX_WEIGHT[a] + INDEX_WEIGHT[b] + INDEX_WEIGHT[c] + INDEX_WEIGHT[d] + INDEX_WEIGHT[starter]]
    suit = INDEX_SUIT[a]
    if INDEX_SUIT[b] == suit and INDEX_SUIT[c] == suit and INDEX_SUIT[d] == suit:
        if INDEX_SUIT[starter] == suit:
            total += 5
        elif not crib:
            total += 4
    if _JACK_INDEX_OF_SUIT[INDEX_SUIT[starter]] in hand:
        total += 1
    return total


# -- pegging -----------------------------------------------------------------------

def peg_points(seq: Sequence[Card], count: int) -> int:
    """Points for the last card of `seq` (`muggins.Card`s of the current count, `count` their pips).

    The same total as `score_peg(seq).total`, fast: no items, no checks, ranks read in place:
    15 or 31 for 2; the trailing cards of one rank for 2, 6 or 12; the
    longest tail of distinct consecutive ranks (3 or more) for its length.
    """
    points = 2 if count == 15 or count == 31 else 0
    n = len(seq)
    if n < 2:
        return points
    last = seq[-1][0]
    same = 1
    while same < n and seq[-1 - same][0] == last:
        same += 1
    if same > 1:
        return points + same * (same - 1)  # a pair ends the tail, so no run can
    if n < 3:
        return points
    low = high = last
    seen = 1 << last
    run = 0
    for k in range(2, n + 1):
        r = seq[-k][0]
        bit = 1 << r
        if seen & bit:
            break  # every longer tail repeats this rank too
        seen |= bit
        if r < low:
            low = r
        elif r > high:
            high = r
        if k >= 3 and high - low == k - 1:
            run = k
    return points + run



def score_peg(cards_in_count: Sequence[CardLike]) -> PegScore:
    """Points for the LAST card of `cards_in_count` (the cards played since the count began, in order).

    15 scores 2 and 31 scores 2; the cards at the end of equal rank score
    2 (pair), 6 (pair royal) or 12 (double pair royal); a run scores the
    largest k >= 3 such that the last k cards have distinct ranks forming a
    consecutive sequence, in any order. Go and last card (1 each) are
    scored by the game, not here. Raises ValueError for no cards, a repeated
    card, or a count above 31.
    """
    played = to_cards(cards_in_count)
    if not played:
        raise ValueError("no card played in this count (give the cards of the current count in order)")
    _check_distinct(played, "cards in the count")
    count = sum(pips(c.rank) for c in played)
    if count > 31:
        raise ValueError(f"the count would be {count}: a count never passes 31")
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem("fifteen", played, 2))
    elif count == 31:
        items.append(ScoreItem("thirty-one", played, 2))
    last = played[-1]
    same = 1
    while same < len(played) and played[-1 - same].rank == last.rank:
        same += 1
    if same >= 2:
        items.append(ScoreItem("pair", played[-same:], same * (same - 1)))
    for length in range(len(played), 2, -1):
        tail = played[-length:]
        ranks = {int(c.rank) for c in tail}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            items.append(ScoreItem("run", tail, length))
            break
    return PegScore(sum(item.points for item in items), count, tuple(items))
