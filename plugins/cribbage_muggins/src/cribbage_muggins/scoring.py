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
`INDEX_RANK` and `SHOW_BASE`. What each item scores is the standard by
default; `ShowScoring` and `PegScoring` hold another scoring (a house rule:
a four-card flush in the crib, nobs for 2, an item dropped), itemise and
total with it, and build their own rank-multiset tables once per scoring
(cached), leaving the standard tables and functions as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import combinations, product
from typing import Any, ClassVar, Iterable, Mapping, Sequence, Union

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
    "MAX_ITEM_POINTS",
    "ShowScoring",
    "PegScoring",
    "STANDARD_SHOW",
    "STANDARD_PEG",
    "SHOW_ITEMS",
    "PEG_ITEMS",
    "show_base",
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


def score_show(hand: Sequence[CardLike], starter: CardLike, crib: bool = False, scoring: "ShowScoring | None" = None) -> ShowScore:
    """Score a four-card hand (or crib, `crib=True`) with the starter, item by item.

    Every combination of cards summing to 15 scores 2; every pair 2; every
    run of 3 or more distinct consecutive ranks scores its length, once per
    way of choosing its cards (a double run of 3 is two run items); flush:
    four hand cards of one suit score 4, 5 with the starter, but a crib
    scores only a five-card flush; nobs: the jack of the starter's suit in the
    hand or crib scores 1. His heels (a jack as starter) is not part of the
    show. Items list their cards in rank order (then clubs, diamonds, hearts,
    spades). With `scoring` (a `ShowScoring`), each item scores what it
    says instead, and an item it makes worth 0 is left out. Raises
    ValueError for anything but four distinct cards plus a starter not
    among them.
    """
    points = scoring or STANDARD_SHOW
    cards4 = to_cards(hand)
    if len(cards4) != 4:
        raise ValueError(f"a hand or crib has 4 cards besides the starter, got {len(cards4)}")
    cut = to_card(starter)
    everything = cards4 + (cut,)
    _check_distinct(everything, "hand and starter")
    five = sorted(everything, key=lambda c: (int(c.rank), _suit_position(c)))
    items: list[ScoreItem] = []
    if points.fifteen:
        for size in range(2, 6):
            for combo in combinations(five, size):
                if sum(pips(c.rank) for c in combo) == 15:
                    items.append(ScoreItem("fifteen", combo, points.fifteen))
    if points.pair:
        for first, second in combinations(five, 2):
            if first.rank == second.rank:
                items.append(ScoreItem("pair", (first, second), points.pair))
    if points.run_card:
        items.extend(_run_items(five, points.run_card))
    suit = cards4[0].suit
    if all(c.suit is suit for c in cards4):
        if cut.suit is suit:
            if points.five_flush:
                items.append(ScoreItem("flush", tuple(c for c in five), points.five_flush))
        else:
            four = points.crib_four_flush if crib else points.hand_four_flush
            if four:
                items.append(ScoreItem("flush", tuple(c for c in five if c is not cut), four))
    if points.nobs:
        for c in cards4:
            if c.rank == Rank.JACK and c.suit is cut.suit:
                items.append(ScoreItem("nobs", (c,), points.nobs))
    return ShowScore(sum(item.points for item in items), tuple(items))


def _run_items(five: list[Card], per_card: int = 1) -> list[ScoreItem]:
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
    return [ScoreItem("run", tuple(choice), len(best) * per_card) for choice in product(*(by_rank[r] for r in best))]


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


def _base_parts(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """(fifteens, pairs, run cards) of five ranks: the counts that `_base_points` weighs 2, 2 and 1."""
    ways = [1] + [0] * 15
    for v in (pips(r) for r in ranks):
        for t in range(15, v - 1, -1):
            ways[t] += ways[t - v]
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    pairs = sum(n * (n - 1) // 2 for n in counts)
    runs, rank = 0, 1
    while rank <= 13:
        if counts[rank]:
            start, multiplicity = rank, 1
            while rank <= 13 and counts[rank]:
                multiplicity *= counts[rank]
                rank += 1
            if rank - start >= 3:
                runs += (rank - start) * multiplicity
        else:
            rank += 1
    return ways[15], pairs, runs


def _base_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks, by counting (independent of the itemised scorer)."""
    fifteens, pairs, run_cards = _base_parts(ranks)
    return 2 * fifteens + 2 * pairs + run_cards


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


def score_peg(cards_in_count: Sequence[CardLike], scoring: "PegScoring | None" = None) -> PegScore:
    """Points for the LAST card of `cards_in_count` (the cards played since the count began, in order).

    15 scores 2 and 31 scores 2; the cards at the end of equal rank score
    2 (pair), 6 (pair royal) or 12 (double pair royal); a run scores the
    largest k >= 3 such that the last k cards have distinct ranks forming a
    consecutive sequence, in any order. Go and last card (1 each) are
    scored by the game, not here. With `scoring` (a `PegScoring`), each
    item scores what it says instead (a run k times its `run card`), and an
    item it makes worth 0 is left out. Raises ValueError for no cards, a
    repeated card, or a count above 31.
    """
    points = scoring or STANDARD_PEG
    played = to_cards(cards_in_count)
    if not played:
        raise ValueError("no card played in this count (give the cards of the current count in order)")
    _check_distinct(played, "cards in the count")
    count = sum(pips(c.rank) for c in played)
    if count > 31:
        raise ValueError(f"the count would be {count}: a count never passes 31")
    items: list[ScoreItem] = []
    if count == 15 and points.fifteen:
        items.append(ScoreItem("fifteen", played, points.fifteen))
    elif count == 31 and points.thirty_one:
        items.append(ScoreItem("thirty-one", played, points.thirty_one))
    last = played[-1]
    same = 1
    while same < len(played) and played[-1 - same].rank == last.rank:
        same += 1
    if same >= 2:
        value = (points.pair, points.pair_royal, points.double_pair_royal)[same - 2]
        if value:
            items.append(ScoreItem("pair", played[-same:], value))
    for length in range(len(played), 2, -1):
        tail = played[-length:]
        ranks = {int(c.rank) for c in tail}
        if len(ranks) == length and max(ranks) - min(ranks) == length - 1:
            if points.run_card:
                items.append(ScoreItem("run", tail, length * points.run_card))
            break
    return PegScore(sum(item.points for item in items), count, tuple(items))


# -- other scorings (house rules) ---------------------------------------------------------

MAX_ITEM_POINTS = 100
"""The most any one scoring item may be worth under a house rule (the count menu lists every total up to the largest)."""


def _check_points(owner: str, name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{owner} item {name!r} must be a whole number, not {value!r}")
    if not 0 <= value <= MAX_ITEM_POINTS:
        raise ValueError(f"{owner} item {name!r} must be from 0 to {MAX_ITEM_POINTS}, not {value}")


def _items_to_fields(cls: type, owner: str, items: Mapping[str, Any]) -> dict[str, Any]:
    """Item names (`"run card"`) to field names (`run_card`); ValueError naming an unknown item."""
    if not isinstance(items, Mapping):
        raise ValueError(f"{owner} must be a table of item names to points, not {type(items).__name__}")
    names = cls.ITEMS
    found = {}
    for name, value in items.items():
        if name not in names:
            import difflib

            close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}?" if close else "items: " + ", ".join(names)
            raise ValueError(f"{owner} has no item {name!r}; {hint}")
        _check_points(owner, name, value)
        found[names[name]] = value
    return found


class _ItemTable:
    """What the show and the pegging tables share: named items, the standard table, and the items changed from it.

    A subclass names its items (`ITEMS`: item name -> field), what it is
    called in errors (`OWNER`) and, once the module has made it, its
    standard table (`STANDARD`).
    """

    ITEMS: ClassVar[dict[str, str]]
    OWNER: ClassVar[str]
    STANDARD: ClassVar["_ItemTable"]

    @classmethod
    def from_items(cls, items: Mapping[str, int], base: Any = None) -> Any:
        """`base` (default: the standard) with the items named in `items` replaced: `{"crib four-flush": 4}`, `{"go": 2}`."""
        from dataclasses import replace

        changed = _items_to_fields(cls, cls.OWNER, items)
        base = base or cls.STANDARD
        return replace(base, **changed) if changed else base

    def to_items(self) -> dict[str, int]:
        """Every item by name with its points."""
        return {name: getattr(self, attribute) for name, attribute in self.ITEMS.items()}

    @property
    def standard(self) -> bool:
        usual = type(self).STANDARD
        return self is usual or self == usual

    def changes(self) -> dict[str, int]:
        """The items that differ from the standard game, by name."""
        usual = type(self).STANDARD.to_items()
        return {name: points for name, points in self.to_items().items() if points != usual[name]}


@dataclass(frozen=True)
class ShowScoring(_ItemTable):
    """What each item of a show (hand or crib) scores; the defaults are the standard game.

    Items, by name (`ITEMS`, as house-rule hooks and `to_items` name them):
    `fifteen` (each combination adding to 15, 2), `pair` (each pair, 2; three
    of a kind is three pairs), `run card` (each card of each run, 1: a run of
    3 scores 3), `hand four-flush` (the four hand cards of one suit, the
    starter not, 4), `five-flush` (hand or crib, the starter too, 5),
    `crib four-flush` (the four crib cards of one suit, the starter not, 0
    in the standard game) and `nobs` (the jack of the starter's suit, 1).
    Every value is a whole number from 0 to `MAX_ITEM_POINTS`; anything else
    is a ValueError when the scoring is made. `total` and `total_indices`
    are the fast totals (a rank-multiset table built once per fifteen, pair
    and run-card values, cached), `show` the itemised show, `max_total` the
    largest total a hand or crib can score.
    """

    fifteen: int = 2
    pair: int = 2
    run_card: int = 1
    hand_four_flush: int = 4
    five_flush: int = 5
    crib_four_flush: int = 0
    nobs: int = 1

    OWNER = "show scoring"
    ITEMS = {"fifteen": "fifteen", "pair": "pair", "run card": "run_card", "hand four-flush": "hand_four_flush",
             "five-flush": "five_flush", "crib four-flush": "crib_four_flush", "nobs": "nobs"}

    def __post_init__(self) -> None:
        for name, attribute in self.ITEMS.items():
            _check_points("show scoring", name, getattr(self, attribute))
        object.__setattr__(self, "_base", show_base(self.fifteen, self.pair, self.run_card))

    def __reduce__(self) -> tuple:
        # The cached table is rebuilt (or found in the cache) on the other side, not pickled.
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    def show(self, hand: Sequence[CardLike], starter: CardLike, crib: bool = False) -> ShowScore:
        """`score_show` under this scoring."""
        return score_show(hand, starter, crib, self)

    def total(self, hand: Sequence[CardLike], starter: CardLike, crib: bool = False) -> int:
        """`score_total` under this scoring: the same number as `show(...).total`, fast (no validation of Cards)."""
        try:
            a, b, c, d = hand
            total = self._base[  # type: ignore[attr-defined]
                RANK_WEIGHT[a[0]] + RANK_WEIGHT[b[0]] + RANK_WEIGHT[c[0]] + RANK_WEIGHT[d[0]] + RANK_WEIGHT[starter[0]]
            ]
            suit = a[1]
            if b[1] is suit and c[1] is suit and d[1] is suit:
                if starter[1] is suit:
                    total += self.five_flush
                else:
                    total += self.crib_four_flush if crib else self.hand_four_flush
            cut = starter[1]
            if (
                (a[0] == 11 and a[1] is cut)
                or (b[0] == 11 and b[1] is cut)
                or (c[0] == 11 and c[1] is cut)
                or (d[0] == 11 and d[1] is cut)
            ):
                total += self.nobs
            return total
        except (TypeError, AttributeError, KeyError, ValueError):
            cards = to_cards(hand)
            if len(cards) != 4:
                raise ValueError(f"a hand or crib has 4 cards besides the starter, got {len(cards)}") from None
            return self.total_indices([card_index(x) for x in cards], card_index(to_card(starter)), crib)

    def total_indices(self, hand: Sequence[int], starter: int, crib: bool = False) -> int:
        """`score_total_indices` under this scoring (cards as ints 0..51, no validation)."""
        a, b, c, d = hand
        total = self._base[INDEX_WEIGHT[a] + INDEX_WEIGHT[b] + INDEX_WEIGHT[c] + INDEX_WEIGHT[d] + INDEX_WEIGHT[starter]]  # type: ignore[attr-defined]
        suit = INDEX_SUIT[a]
        if INDEX_SUIT[b] == suit and INDEX_SUIT[c] == suit and INDEX_SUIT[d] == suit:
            if INDEX_SUIT[starter] == suit:
                total += self.five_flush
            else:
                total += self.crib_four_flush if crib else self.hand_four_flush
        if _JACK_INDEX_OF_SUIT[INDEX_SUIT[starter]] in hand:
            total += self.nobs
        return total

    @property
    def base(self) -> Mapping[int, int]:
        """Fifteens + pairs + runs of every five-card rank multiset under this scoring, keyed like `SHOW_BASE`."""
        return self._base  # type: ignore[attr-defined]

    def max_total(self, crib: bool | None = None) -> int:
        """The largest total a hand (`crib=False`), a crib (`True`) or either (None) can score: 29 in the standard game."""
        if crib is None:
            return max(_max_total(self, False), _max_total(self, True))
        return _max_total(self, crib)


@lru_cache(maxsize=1)
def _show_parts() -> tuple[tuple[int, tuple[int, ...], tuple[int, int, int]], ...]:
    """(key, ranks, (fifteens, pairs, run cards)) for every five-card rank multiset, built on first use."""
    found = []

    def extend(ranks: tuple[int, ...], lowest: int) -> None:
        if len(ranks) == 5:
            found.append((rank_key(ranks), ranks, _base_parts(ranks)))
            return
        for r in range(lowest, 14):
            if ranks.count(r) < 4:
                extend(ranks + (r,), r)

    extend((), 1)
    return tuple(found)


@lru_cache(maxsize=None)
def show_base(fifteen: int = 2, pair: int = 2, run_card: int = 1) -> Mapping[int, int]:
    """The `SHOW_BASE` table for these item values (the standard ones give `SHOW_BASE` itself), built once each."""
    if (fifteen, pair, run_card) == (2, 2, 1):
        return SHOW_BASE
    return {key: fifteen * f + pair * p + run_card * r for key, _, (f, p, r) in _show_parts()}


@lru_cache(maxsize=None)
def _max_total(scoring: ShowScoring, crib: bool) -> int:
    """The largest show under `scoring`: every rank multiset, every starter rank, the best flush or nobs it allows.

    A four-card flush needs four different hand ranks, a five-card flush five
    different ranks (with nobs too when the hand holds a jack); nobs alone
    needs a hand jack and a starter that is not a jack. A four-card flush and
    nobs never come together (the hand's one jack is of the flush suit, the
    starter is not).
    """
    four = scoring.crib_four_flush if crib else scoring.hand_four_flush
    best = 0
    for key, ranks, _ in _show_parts():
        base = scoring.base[key]
        everything_distinct = len(set(ranks)) == 5
        for starter in set(ranks):
            hand = list(ranks)
            hand.remove(starter)
            jack = 11 in hand
            extra = scoring.nobs if jack and starter != 11 else 0
            if len(set(hand)) == 4:
                extra = max(extra, four)
            if everything_distinct:
                extra = max(extra, scoring.five_flush + (scoring.nobs if jack else 0))
            best = max(best, base + extra)
    return best


@dataclass(frozen=True)
class PegScoring(_ItemTable):
    """What each pegging item scores; the defaults are the standard game.

    Items, by name (`ITEMS`): `fifteen` (the count brought to 15, 2),
    `thirty-one` (to 31, 2), `pair` (the card pairs the one before, 2),
    `pair royal` (three in a row, 6), `double pair royal` (four, 12), `run
    card` (each card of the run the last card ends, 1), `go` (1), `last
    card` (1) and `his heels` (the dealer's jack turned as starter, 2).
    Every value is a whole number from 0 to `MAX_ITEM_POINTS`, and `last
    card` and `thirty-one` at least 1: the last card of every deal scores
    one of them, which is what makes every game end (ValueError otherwise,
    when the scoring is made). `points` is the fast total for the last card
    played, `score` the itemised one.
    """

    fifteen: int = 2
    thirty_one: int = 2
    pair: int = 2
    pair_royal: int = 6
    double_pair_royal: int = 12
    run_card: int = 1
    go: int = 1
    last_card: int = 1
    his_heels: int = 2

    OWNER = "pegging scoring"
    ITEMS = {"fifteen": "fifteen", "thirty-one": "thirty_one", "pair": "pair", "pair royal": "pair_royal",
             "double pair royal": "double_pair_royal", "run card": "run_card", "go": "go", "last card": "last_card",
             "his heels": "his_heels"}

    def __post_init__(self) -> None:
        for name, attribute in self.ITEMS.items():
            _check_points("pegging scoring", name, getattr(self, attribute))
        for name in ("last card", "thirty-one"):
            if getattr(self, self.ITEMS[name]) < 1:
                raise ValueError(f"pegging scoring item {name!r} must be at least 1: the last card of every deal "
                                 "scores 'last card' or 'thirty-one', which is what makes every game end")

    def score(self, cards_in_count: Sequence[CardLike]) -> PegScore:
        """`score_peg` under this scoring."""
        return score_peg(cards_in_count, self)

    def points(self, seq: Sequence[Card], count: int) -> int:
        """`peg_points` under this scoring: the total for the last card of `seq`, fast (Cards, no checks)."""
        points = self.fifteen if count == 15 else self.thirty_one if count == 31 else 0
        n = len(seq)
        if n < 2:
            return points
        last = seq[-1][0]
        same = 1
        while same < n and seq[-1 - same][0] == last:
            same += 1
        if same > 1:
            return points + (self.pair, self.pair_royal, self.double_pair_royal)[same - 2]
        if n < 3:
            return points
        low = high = last
        seen = 1 << last
        run = 0
        for k in range(2, n + 1):
            r = seq[-k][0]
            bit = 1 << r
            if seen & bit:
                break
            seen |= bit
            if r < low:
                low = r
            elif r > high:
                high = r
            if k >= 3 and high - low == k - 1:
                run = k
        return points + run * self.run_card


STANDARD_SHOW = ShowScoring.STANDARD = ShowScoring()
"""The standard show scoring (`score_show` and `score_total` score by it)."""
STANDARD_PEG = PegScoring.STANDARD = PegScoring()
"""The standard pegging scoring (`score_peg` and `peg_points` score by it)."""
SHOW_ITEMS: tuple[str, ...] = tuple(ShowScoring.ITEMS)
"""The names of the show items a house rule may set."""
PEG_ITEMS: tuple[str, ...] = tuple(PegScoring.ITEMS)
"""The names of the pegging items a house rule may set."""
