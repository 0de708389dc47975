"""The standard pack as ints 0..51: the representation the shipped games deal and play with.

This module owns the int form of the 52 standard cards — card `i` is suit
`i // 13` (clubs, diamonds, hearts, spades) and rank `i % 13 + 1`, the
order of `standard_deck()` — as tables a hot loop indexes without a call
(`DECK`, `CODES`, `TEXTS`, `RANKS`, `SORT_KEY`, `CODE_INDEX`, and for a game
that keeps the interned `Card`s themselves `INDEX_BY_ID` and `CODE_BY_ID`,
keyed by `id(card)`); reading card text to indices (`card_index`,
`card_indices`); and the set-up every dealing game writes: a shuffled pack
(`shuffled`), a deal one card at a time from the dealer's left
(`deal_round`), the cut for the first dealer (`cut_for_dealer`),
`Layout`, the bookkeeping of a hand-made position (each card named at most
once, and the cards nobody named), and `redeal`, which a game's
`State.determinize` uses to deal the cards hidden from a seat afresh among
the places they lie in. Nothing here is called per decision of normal play.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from .cards import _CODE_BY_ID, _DECK, Card, parse_card

__all__ = [
    "DECK", "CODES", "TEXTS", "RANKS", "SORT_KEY", "CODE_INDEX", "INDEX_BY_ID", "CODE_BY_ID",
    "card_index", "card_indices", "shuffled", "deal_round", "cut_for_dealer", "Layout", "redeal",
]

T = TypeVar("T")

#: index -> the interned card (the very objects `parse_card` and `standard_deck()` return)
DECK: tuple[Card, ...] = _DECK
#: index -> ASCII code, `6H`, `TS`: what records, views and action texts hold
CODES: tuple[str, ...] = tuple(_CODE_BY_ID[id(c)] for c in DECK)
#: index -> printed form, `6♥`, `10♠`
TEXTS: tuple[str, ...] = tuple(str(c) for c in DECK)
#: index -> rank 1 (ace) .. 13 (king)
RANKS: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
#: index -> place in rank-then-suit order (clubs, diamonds, hearts, spades), the order `sorted(cards)` gives
SORT_KEY: tuple[int, ...] = tuple((i % 13) * 4 + i // 13 for i in range(52))
#: ASCII code -> index
CODE_INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
#: id(interned card) -> index; an identity lookup skips hashing the card, which runs Python code
INDEX_BY_ID: dict[int, int] = {id(c): i for i, c in enumerate(DECK)}
#: id(interned card) -> ASCII code (the table `Card.code` itself reads)
CODE_BY_ID: dict[int, str] = _CODE_BY_ID


def card_index(text: str) -> int:
    """The index of the card `text` names, in any form `parse_card` reads (`10♠`, `TS`, `ts`, `10s`)."""
    return INDEX_BY_ID[id(parse_card(text))]


def card_indices(texts: Iterable[str]) -> list[int]:
    """The indices of `texts`, in the order given."""
    return [INDEX_BY_ID[id(parse_card(text))] for text in texts]


# random.shuffle's own steps, written out: for each i from the top, j is a uniform draw
# below i + 1 by rejection from getrandbits((i + 1).bit_length()). Shuffling this way costs
# half as much and gives exactly the same order (checked on first use, not at import, so
# importing this module stays cheap for a plugin's bots); should a Python ever shuffle
# differently, or for a generator of another kind, rng.shuffle is used. For a pile of up to
# _UNROLLED_UP_TO cards the steps are one straight function per size, made on first use, with
# each step's i, bound and bits as constants: a game shuffles a pack every deal, and the loop's
# unpacking and index loads were a fifth of the shuffle.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_UNROLLED: dict[int, Callable[[list, Callable[[int], int]], None]] = {}
_UNROLLED_UP_TO = 64


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    found = _STEPS.get(size)
    if found is None:
        found = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return found


def _unrolled(size: int) -> Callable[[list, Callable[[int], int]], None]:
    """The steps of `_shuffle_written_out` for `size` items as one function without a loop (made once per size)."""
    lines = ["def shuffle(items, getrandbits):"]
    for i, below, bits in _steps(size):
        lines += [f"    j = getrandbits({bits})", f"    while j >= {below}:", f"        j = getrandbits({bits})",
                  f"    items[{i}], items[j] = items[j], items[{i}]"]
    if size < 2:
        lines.append("    pass")
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<muggins.deck shuffle of {size}>", "exec"), namespace)
    found = _UNROLLED[size] = namespace["shuffle"]
    return found


def _shuffle_written_out(items: list, rng: random.Random) -> None:
    size = len(items)
    if size <= _UNROLLED_UP_TO:
        (_UNROLLED.get(size) or _unrolled(size))(items, rng.getrandbits)
        return
    getrandbits = rng.getrandbits
    for i, below, bits in _steps(size):
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _written_out_matches_random() -> bool:
    for seed in range(8):
        for size in (52, _UNROLLED_UP_TO + 1):  # the pack, and a pile shuffled by the loop
            mine, theirs = list(range(size)), list(range(size))
            mine_rng, their_rng = random.Random(seed), random.Random(seed)
            _shuffle_written_out(mine, mine_rng)
            their_rng.shuffle(theirs)
            if mine != theirs or mine_rng.getstate() != their_rng.getstate():
                return False
    return True


_written_out_matches: bool | None = None


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """A new list of `items` in the order `rng.shuffle(list(items))` would leave them, drawing the same numbers.

    `shuffled(range(52), rng)` is a shuffled pack of indices, `shuffled(DECK, rng)` the same order as cards.
    """
    global _written_out_matches
    found = list(items)
    if type(rng) is random.Random:
        if _written_out_matches is None:
            _written_out_matches = _written_out_matches_random()
        if _written_out_matches:
            _shuffle_written_out(found, rng)
            return found
    rng.shuffle(found)
    return found


def deal_round(pack: Sequence[T], *, dealer: int, players: int, each: int) -> list[list[T]]:
    """`each` cards to every seat, one at a time clockwise from `dealer`'s left: the hands by seat.

    Card `i` of `pack` goes to seat `(dealer + 1 + i) % players`, for the first
    `players * each` cards; each hand is in the order it was dealt. The rest
    of the pack (a field, the commons, the crib, the stock) is the caller's.
    """
    dealt = players * each
    if dealt > len(pack):
        raise ValueError(f"cannot deal {each} cards to each of {players} players from {len(pack)} cards")
    hands: list[list[T]] = [[] for _ in range(players)]
    for step in range(1, players + 1):
        # the seat `step` places left of the dealer gets cards step - 1, step - 1 + players, ...
        hands[(dealer + step) % players] = list(pack[step - 1:dealt:players])
    return hands


def cut_for_dealer(rng: random.Random, seats: Iterable[int]) -> tuple[int, list[list[tuple[int, int]]]]:
    """The first dealer by the cut: the lowest card deals (ace low), and those tied lowest cut again.

    In each round every contender, in the order given, cuts one card of a
    freshly shuffled pack (`shuffled(range(52), rng)`: the first contender its
    first card, the next the second...). Returns the dealer and every round,
    each a list of (seat, card index) in cutting order; the seats of a round
    after the first are those tied lowest in the one before.
    """
    contenders = list(seats)
    if not contenders:
        raise ValueError("a cut needs at least one seat")
    rounds: list[list[tuple[int, int]]] = []
    while True:
        cut = list(zip(contenders, shuffled(range(52), rng)))
        rounds.append(cut)
        low = min(card % 13 for _, card in cut)
        lowest = [seat for seat, card in cut if card % 13 == low]
        if len(lowest) == 1:
            return lowest[0], rounds
        contenders = lowest


def redeal(slots: Sequence[tuple[list, int]], rng: random.Random, key: Callable[[Any], Any] | None = None) -> None:
    """Deal the cards at `slots` (each a pile and an index into it) afresh among the same slots.

    The cards are gathered, put in a fixed order (sorted, by `key` if given:
    `INDEX_BY_ID.__getitem__` of `id(card)` for `Card`s, none for ints), shuffled
    with `rng` (`shuffled`) and written back slot by slot. Because the order
    before shuffling depends only on which cards there are, two positions that
    differ only in how those cards are arranged give the same result for the same
    `rng` stream: nothing of the old arrangement shows through. List the slots in
    an order that depends only on what the seat can see (pile by pile, index by
    index).
    """
    cards = sorted([pile[index] for pile, index in slots], key=key)
    for (pile, index), card in zip(slots, shuffled(cards, rng)):
        pile[index] = card


class Layout:
    """The cards a hand-made position names, each at most once, and the rest of the pack.

    `take` reads card texts to indices and refuses a card named before (in
    this call or an earlier one); `by_seat` does the same for one pile per
    seat, given as a mapping from seat or as a list in seat order; `rest()`
    is every card not taken yet, in pack order, for the game to put where
    its rules keep the cards nobody named.
    """

    __slots__ = ("_taken",)

    def __init__(self) -> None:
        self._taken: set[int] = set()

    def take(self, texts: str | Iterable[str]) -> list[int]:
        """The indices of `texts` in the order given (a single text is a pile of one card).

        Raises ValueError if a card is named twice in the position, or if a text names no card.
        """
        found = card_indices([texts] if isinstance(texts, str) else texts)
        taken = self._taken
        for index in found:
            if index in taken:
                raise ValueError(f"a card is named twice in the position: {CODES[index]}")
            taken.add(index)
        return found

    def by_seat(self, spec: Mapping[int, str | Iterable[str]] | Sequence[str | Iterable[str]]) -> dict[int, list[int]]:
        """`take` of each seat's pile: `{0: ["QS", "TD"], 2: [...]}`, or a list `[["QS", "TD"], [], ...]` in seat order.

        Keys may be seat numbers as text (`"2"`, as JSON gives them); a seat named twice is refused.
        """
        items = spec.items() if isinstance(spec, Mapping) else enumerate(spec)
        piles: dict[int, list[int]] = {}
        for seat, texts in items:
            seat = int(seat)
            if seat in piles:
                raise ValueError(f"seat {seat} is named twice in the position")
            piles[seat] = self.take(texts)
        return piles

    def rest(self) -> list[int]:
        """Every card not taken yet, in pack order (index order)."""
        taken = self._taken
        return [index for index in range(52) if index not in taken]

    @property
    def taken(self) -> frozenset[int]:
        """The indices taken so far."""
        return frozenset(self._taken)
