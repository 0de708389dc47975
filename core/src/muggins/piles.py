"""Named piles of cards and the conservation check.

Every card of a game lives in exactly one named pile: a closed stock, a
discard, a common pile, a hand, the crib, a capture collection, the table.
A pile is a plain list whose index 0 is the *bottom* and whose last item is
the *top*. `Piles` is a small mapping of such lists with moves that keep the
invariant by construction, and `check_conservation` is the one generic check
the contract kit runs after every step of every game: the piles together
hold the deck, each card exactly once.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Iterator, Mapping, MutableMapping, Sequence

from .cards import Card, format_cards, parse_card

__all__ = ["ConservationCheck", "Piles", "ConservationError", "check_conservation"]


class ConservationError(AssertionError):
    """Cards were lost, invented or duplicated between piles."""


class Piles(MutableMapping[str, list[Card]]):
    """Ordered mapping from pile name to a list of cards (bottom first, top last)."""

    __slots__ = ("_piles",)

    def __init__(self, piles: Mapping[str, Iterable[Card]] | None = None) -> None:
        self._piles: dict[str, list[Card]] = {}
        for name, items in (piles or {}).items():
            self._piles[name] = list(items)

    # -- mapping protocol -------------------------------------------------
    def __getitem__(self, name: str) -> list[Card]:
        try:
            return self._piles[name]
        except KeyError:
            raise KeyError(f"no pile named {name!r} (piles: {', '.join(self._piles)})") from None

    def __setitem__(self, name: str, items: list[Card]) -> None:
        self._piles[name] = list(items)

    def __delitem__(self, name: str) -> None:
        del self._piles[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._piles)

    def __len__(self) -> int:
        return len(self._piles)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}=[{format_cards(v, ascii=True)}]" for k, v in self._piles.items())
        return f"Piles({inner})"

    # -- moves ------------------------------------------------------------
    def top(self, name: str) -> Card | None:
        """The top card of a pile, or None when it is empty."""
        pile = self._piles[name]
        return pile[-1] if pile else None

    def move_top(self, source: str, target: str, *, to_bottom: bool = False) -> Card:
        """Move the top card of `source` onto `target` (or under it); return the card."""
        moved = self._piles[source].pop()
        if to_bottom:
            self._piles[target].insert(0, moved)
        else:
            self._piles[target].append(moved)
        return moved

    def turn_over(self, source: str, target: str) -> int:
        """Turn the whole `source` pile over onto an empty `target`, unshuffled.

        A face-up discard turned face down: its old bottom card becomes the
        top, so it is the first one drawn. Returns the number of cards moved.
        """
        pile = self._piles[source]
        if self._piles[target]:
            raise ValueError(f"cannot turn {source!r} over onto non-empty {target!r}")
        pile.reverse()
        self._piles[target], self._piles[source] = pile, []
        return len(pile)

    def all_cards(self) -> list[Card]:
        """Every card in every pile, pile by pile, bottom to top."""
        return [c for pile in self._piles.values() for c in pile]

    # -- plain data -------------------------------------------------------
    def to_dict(self) -> dict[str, list[str]]:
        return {name: [c.code for c in pile] for name, pile in self._piles.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Sequence[str]]) -> "Piles":
        return cls({name: [parse_card(code) for code in codes] for name, codes in data.items()})


def check_conservation(piles: Mapping[str, Sequence[Card]], deck: Iterable[Card]) -> None:
    """Raise ConservationError unless the piles hold exactly `deck`, each card once.

    The message names the missing, invented and duplicated cards and the
    piles that hold each duplicate.
    """
    ConservationCheck(deck)(piles)


class ConservationCheck:
    """`check_conservation` against one deck, prepared once for a check after every step.

    Standard cards are interned, so the usual case compares the sorted
    identities of the cards (no hashing); any difference falls back to the
    full comparison, which also names what is wrong.
    """

    __slots__ = ("deck", "_ids")

    def __init__(self, deck: Iterable[Card]) -> None:
        self.deck = list(deck)
        self._ids = sorted(map(id, self.deck))

    def __call__(self, piles: Mapping[str, Sequence[Card]]) -> None:
        found = [c for pile in piles.values() for c in pile]
        if len(found) == len(self._ids) and sorted(map(id, found)) == self._ids:
            return
        _full_check(piles, self.deck)


def _full_check(piles: Mapping[str, Sequence[Card]], deck: Sequence[Card]) -> None:
    expected = Counter(deck)
    seen: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}
    for name, pile in piles.items():
        for c in pile:
            seen[c] += 1
            where.setdefault(c, []).append(name)
    if seen == expected:
        return
    problems = []
    missing = expected - seen
    extra = seen - expected
    if missing:
        problems.append("missing " + format_cards(sorted(missing.elements())))
    dupes = {c: where[c] for c, n in seen.items() if n > 1}
    invented = [c for c in extra.elements() if c not in dupes]
    if dupes:
        problems.append("duplicated " + ", ".join(f"{c} in {'+'.join(ps)}" for c, ps in sorted(dupes.items())))
    if invented:
        problems.append("not in the deck " + format_cards(sorted(invented)))
    raise ConservationError("; ".join(problems))
