"""Playing cards: ranks, suits, immutable interned cards, parsing and printing.

This module owns the card vocabulary every game shares. A `Card` is a small
named tuple (rank, suit), so it is hashable, comparable and cheap; the 52
standard cards are interned, so `Card(Rank.SIX, Suit.HEARTS) is
card("6H")` and identity checks are safe in hot loops. Cards print as
`6♥`/`10♠` (`str`) and have a stable ASCII code `6H`/`TS` (`.code`) used in
records, views and action texts. `parse_card` reads `10♠`, `TS`, `10s`,
`t♠` and friends, and raises `ValueError` with one line naming what is
allowed; `respell_cards` writes every card a text names, in any of those
spellings, as its code, so typed text can be matched against action texts.
What a person types may also be read in the notation of their language
(`language="fr"`: the bridge letters P pique, C cœur, K carreau, T trèfle
beside V D R for valet, dame, roi); a letter that names different suits
in two languages (`C`) is read in the reader's, and the signs always
read the same. Codes in records and views are always read without one.
"""

from __future__ import annotations

import re
from enum import Enum, IntEnum
from typing import Any, Iterable, NamedTuple

from .i18n import translator

_ = translator("muggins", package_file=__file__).gettext

__all__ = [
    "cards_named_in",
    "Rank",
    "Suit",
    "Card",
    "card",
    "cards",
    "parse_card",
    "format_cards",
    "standard_deck",
    "CARD_CODES",
    "CARD_SPELLINGS",
    "respell_cards",
]


class Rank(IntEnum):
    """Card rank, ace low: ACE=1 … KING=13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """Printed form: A 2 … 10 J Q K."""
        return _RANK_LABELS[self]

    @property
    def code(self) -> str:
        """One-character ASCII form: A 2 … 9 T J Q K."""
        return _RANK_CODES[self]

    @property
    def pips(self) -> int:
        """Counting value used by adding games: A=1 … 10, J/Q/K=10."""
        return self if self < 10 else 10


class Suit(Enum):
    """The four suits. They rank in bridge order, clubs < diamonds < hearts < spades,
    for sorting only (no game here gives suits a playing rank)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def code(self) -> str:
        return self.value

    # Enum hashes by name, and str hashes change with PYTHONHASHSEED; a fixed
    # hash keeps any set of cards iterating in the same order on every run.
    def __hash__(self) -> int:
        return ord(self._value_)  # not `.value`: the enum property costs more than the rest

    # Defined so that cards of one rank sort; the order is bridge order, which is the order of the
    # letters C < D < H < S: comparing them spares looking a suit up by its hash (a Python call each time).
    def __lt__(self, other: object) -> bool:
        if type(other) is not Suit:
            return NotImplemented
        return self._value_ < other._value_

    def __le__(self, other: object) -> bool:
        if type(other) is not Suit:
            return NotImplemented
        return self._value_ <= other._value_

    def __gt__(self, other: object) -> bool:
        if type(other) is not Suit:
            return NotImplemented
        return self._value_ > other._value_

    def __ge__(self, other: object) -> bool:
        if type(other) is not Suit:
            return NotImplemented
        return self._value_ >= other._value_


_RANK_LABELS = {r: ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[r - 1] for r in Rank}
_RANK_CODES = {r: "A23456789TJQK"[r - 1] for r in Rank}
_SUIT_RANK = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Card(NamedTuple):
    """An immutable playing card. Compare and hash like the (rank, suit) tuple.

    `sorted(cards)` orders by rank (ace low) and, within a rank, by suit in
    bridge order: clubs, diamonds, hearts, spades.
    """

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return _RANK_LABELS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    @property
    def code(self) -> str:
        """Stable ASCII code such as `6H` or `TS`; what records and views hold."""
        # Interned cards are found by identity, which skips hashing the suit.
        found = _CODE_BY_ID.get(id(self))
        return found if found is not None else _CODE_OF[self]


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_DECK: tuple[Card, ...] = tuple(tuple.__new__(Card, (r, s)) for s in _SUIT_ORDER for r in Rank)
_CODE_OF: dict[tuple, str] = {c: _RANK_CODES[c.rank] + c.suit.value for c in _DECK}
_CODE_BY_ID: dict[int, str] = {id(c): code for c, code in _CODE_OF.items()}
CARD_CODES: frozenset[str] = frozenset(_CODE_OF.values())

_RANK_WORDS = {
    "A": Rank.ACE, "1": Rank.ACE, "T": Rank.TEN, "10": Rank.TEN, "J": Rank.JACK,
    "Q": Rank.QUEEN, "K": Rank.KING, "V": Rank.JACK, "D": Rank.QUEEN, "R": Rank.KING,
    **{str(n): Rank(n) for n in range(2, 10)},
}
_SUIT_SIGNS = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "♠": Suit.SPADES, "♤": Suit.SPADES,
}
_SUIT_WORDS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES, **_SUIT_SIGNS}
#: The suit letters a person may type in each language that has its own. French uses the bridge letters
#: (P pique, C cœur, K carreau, T trèfle) and keeps the English D, H and S, which name no other suit there;
#: `C` is cœur, as a French player means it.
_SUIT_WORDS_IN = {
    "fr": {"P": Suit.SPADES, "C": Suit.HEARTS, "K": Suit.DIAMONDS, "T": Suit.CLUBS,
           "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES, **_SUIT_SIGNS},
}
_PARSED: dict[str, Card] = {}
_PARSED_IN: dict[tuple[str, str], Card] = {}


def _not_a_card(text: str, language: str | None) -> ValueError:
    if language in _SUIT_WORDS_IN:
        return ValueError(_(
            "not a card: {text} (write rank then suit, e.g. 10♠, 10P, RC, 6K; "
            "ranks A 2-10 V D R, suits P C K T for spades, hearts, diamonds, clubs, or ♠ ♥ ♦ ♣)"
        ).format(text=repr(text)))
    return ValueError(_(
        "not a card: {text} (write rank then suit, e.g. 10♠, TS, 10s, 6H; "
        "ranks A 2-10 T J Q K, suits C D H S or ♣ ♦ ♥ ♠)"
    ).format(text=repr(text)))


def parse_card(text: str, language: str | None = None) -> Card:
    """Read one card from `10♠`, `TS`, `10s`, `t♠`, `Ah`, `QD` (case and spaces ignored).

    With `language`, what a person of that language types: in French
    `10P`, `RC` (roi de cœur), `VT`, `DK`, and the signs. Without one (codes in
    records, views, action texts) the English letters alone. Raises
    ValueError naming the text and the forms accepted in that language.
    """
    suits = _SUIT_WORDS_IN.get(language) if language is not None else None  # type: ignore[arg-type]
    if suits is None:
        found = _PARSED.get(text)
        if found is not None:
            return found
        suits = _SUIT_WORDS
        cache: dict[Any, Card] = _PARSED
        key: Any = text
    else:
        key = (language, text)
        found = _PARSED_IN.get(key)
        if found is not None:
            return found
        cache = _PARSED_IN
    cleaned = "".join(text.split()).upper()
    rank = _RANK_WORDS.get(cleaned[:-1]) if len(cleaned) >= 2 else None
    suit = suits.get(cleaned[-1:]) if cleaned else None
    if rank is None or suit is None:
        raise _not_a_card(text, language if language in _SUIT_WORDS_IN else None)
    result = _DECK[_SUIT_INDEX[suit] * 13 + rank - 1]
    if len(cache) < 4096:
        cache[key] = result
    return result


#: The spellings of a card a person may type, in words: what a refused action names (`parse_card` reads them all).
CARD_SPELLINGS = "10H, 10h, TH, th or 10♥"
_LONGEST_SPELLING = 3  # `10♠`: no longer word can be a card, so it is not parsed


def respell_cards(text: str, language: str | None = None) -> str:
    """`text` with each word that is a card in a spelling `parse_card` reads (`10♥`, `10h`, `t♥`) written as its code (`TH`).

    Words are split at spaces and joined by one; the other words are kept as
    they are. `respell_cards("play 10♥ to common 2") == "play TH to common 2"`;
    with `language`, cards are read in its notation (`respell_cards("jouer 5C", "fr") == "jouer 5H"`).
    """
    words = text.split()
    for at, word in enumerate(words):
        if len(word) <= _LONGEST_SPELLING:
            try:
                words[at] = parse_card(word, language).code
            except ValueError:
                pass
    return " ".join(words)


def card(text: str) -> Card:
    """Shorthand for `parse_card`, handy in tests: `card("6H")`."""
    return parse_card(text)


def cards(text: str) -> list[Card]:
    """Parse several cards separated by spaces or commas: `cards("5C 9D KH 2S")`."""
    return [parse_card(part) for part in text.replace(",", " ").split()]


def format_cards(items: Iterable[Card], *, ascii: bool = False) -> str:
    """Join cards for display: `5♣ 9♦` (or `5C 9D` with ascii=True)."""
    return " ".join(c.code if ascii else str(c) for c in items)


def standard_deck() -> list[Card]:
    """A fresh list of the 52 cards, clubs A..K, diamonds, hearts, spades."""
    return list(_DECK)


# Card(r, s) would build a new tuple each time; return the interned card instead,
# so identity holds and no game allocates cards in a hot loop.
def _card_new(cls, rank, suit):  # type: ignore[no-untyped-def]
    if suit in _SUIT_INDEX and rank in _RANKS:
        return _DECK[_SUIT_INDEX[suit] * 13 + rank - 1]
    raise ValueError(_("not a card: rank {rank}, suit {suit} (ranks 1-13, suits {suits})").format(
        rank=repr(rank), suit=repr(suit), suits=", ".join(s.name for s in Suit)))


_SUIT_INDEX = {s: i for i, s in enumerate(_SUIT_ORDER)}
_RANKS = frozenset(range(1, 14))
Card.__new__ = _card_new  # type: ignore[method-assign]


_CODE_WORD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")
_GLYPH_WORD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♠♥♦♣])")
_SUIT_OF_GLYPH = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_named_in(text: str) -> set[str]:
    """Every card code `text` names in any spelling a front end's frame can carry: codes, codes inside words' text, glyphs.

    What a front end filters by (the browser table's history for a tab
    that reconnects) and what the contract kit's privacy checks read frames
    with: one reading of a frame, so both see the same cards.
    """
    found = set(_CODE_WORD.findall(text))
    found.update(("T" if rank == "10" else rank) + _SUIT_OF_GLYPH[suit] for rank, suit in _GLYPH_WORD.findall(text))
    return found
