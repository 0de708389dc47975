"""A seat's observation as arrays, from its own view and decision alone: the encodings `muggins.rl` and the seat kind `policy` share.

This module owns how what one seat may see becomes a fixed-size float32
vector and an action mask (`observation(encoding, view, seat, decision)`:
`{"observation": ..., "action_mask": ...}`), so a policy trained through
the PettingZoo environment (`muggins.rl`) is shown exactly the same arrays
when it takes a seat at a table (`muggins.policy`). `LayoutEncoding` is the
default, read from the game's layout of the view; a game declares its own
with `Game.rl_encoding` (`encoding_for`), for instance a `LayoutEncoding`
whose `table` reads the zones and counters from the view directly. numpy is imported when an
observation is first made, never when muggins loads.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any, Iterable, Sequence

from .actions import Decision
from .game import Game, State, capabilities_of

__all__ = ["DEFAULT_MAX_CHOICES", "KIND_BUCKETS", "LayoutEncoding", "ZONE_KINDS", "encoding_for", "observation"]

#: The size of the action space of a game that declares none (`Game.rl_max_choices`): more than any shipped game offers at once.
DEFAULT_MAX_CHOICES = 64
#: The zone kinds a layout names (`Game.layout`), then one for any other kind: the rows of the default encoding's card planes.
ZONE_KINDS = ("hand", "pile", "field", "collection", "crib", "starter", "other")
#: Decision kinds go into this many buckets (a stable hash of the kind) when the encoding is not told the game's kinds.
KIND_BUCKETS = 16


class LayoutEncoding:
    """The default observation of a seat: its table as the game's layout gives it, as one fixed-size float32 vector.

    In this order (`parts` names each part's size): card planes, for each
    zone kind of `ZONE_KINDS` and each owner counted from the seat (0 the
    seat itself, 1 the next seat, … n-1, then n for zones nobody owns), how
    many copies of each card of the game's deck lie face up there; the
    number of cards (face up and down) in each of those zones; the table's
    counters (scores, chips, hands won), by name, one value per owner
    counted from the seat or one for a counter nobody owns, the names read
    from the layout of a match's first state; the seat itself, one-hot; the
    decision's kind, one-hot over `kinds` (the game's kinds, when given) or
    over `KIND_BUCKETS` buckets of a stable hash of the kind; and whether
    the seat is to act, the decision's `compact` and `waits`, and its number
    of choices over `max_choices`. Everything comes from `view` and the
    seat's own decision, so no other seat's hidden card can change it. A
    game without a layout has only its view's `hand` (a list of card codes)
    as the seat's hand. A game's own encoding may subclass this one and
    read the same zones and counters from the view (`table`), or the
    vector's cells (`cells`), to build the same vector faster.
    """

    def __init__(self, game: Game, rules: Any, players: int, *, first: State | None = None,
                 kinds: Sequence[str] | None = None, max_choices: int = DEFAULT_MAX_CHOICES) -> None:
        self.game = game
        self.players = players
        self.max_choices = max_choices
        codes = sorted({card.code for card in game.deck(rules, players)})
        self.cards = {code: index for index, code in enumerate(codes)}
        self.kinds = tuple(kinds) if kinds is not None else None
        self._has_layout = capabilities_of(game).layout
        self.counters = self._counter_names(first if first is not None else game.new(rules, players, 0))
        owners = players + 1
        self.parts = {
            "cards": len(ZONE_KINDS) * owners * len(codes),
            "counts": len(ZONE_KINDS) * owners,
            "counters": sum(players if owned else 1 for _, owned in self.counters),
            "seat": players,
            "kind": len(self.kinds) + 1 if self.kinds is not None else KIND_BUCKETS,
            "decision": 4,
        }
        self.size = sum(self.parts.values())
        self._counter_at: dict[str, tuple[int, bool]] = {}
        at = 0
        for name, owned in self.counters:
            self._counter_at[name] = (at, owned)
            at += players if owned else 1
        # Looked up once per match rather than at every step: each zone kind's first plane, each plane's
        # place of each card, each counter id's place (by id and whether a seat owns it) and each decision kind's index.
        self._rows = {kind: row * owners for row, kind in enumerate(ZONE_KINDS)}
        self._planes = [{code: plane * len(codes) + index for code, index in self.cards.items()} for plane in range(len(ZONE_KINDS) * owners)]
        self._other_row = (len(ZONE_KINDS) - 1) * owners
        self._counter_places: dict[tuple[Any, bool], tuple[int, bool] | None] = {}
        self._kind_index: dict[str, int] = {}

    def _counter_names(self, state: State) -> list[tuple[str, bool]]:
        """The counters of the first state's layouts, by name (`wins:2` is `wins`, owned), each with whether seats own it."""
        if not self._has_layout:
            return []
        found: dict[str, bool] = {}
        for seat in (None, *range(self.players)):
            for counter in (self.game.layout(dict(state.view(seat)), seat) or {}).get("counters") or ():
                name, owned = _counter_name(counter)
                found[name] = found.get(name, False) or owned
        return sorted(found.items())

    def table(self, view: Mapping[str, Any], seat: int) -> tuple[Iterable[tuple[Any, Any, Any, Any]], Iterable[tuple[Any, Any, Any]]]:
        """What the card planes and counters are read from: `(zones, counters)`, each zone `(kind, owner, cards, count)`, each counter `(id, owner, value)`.

        By default the game's layout of `view` (`Game.layout`; its labels,
        track and zone ids go unread), or the view's `hand` for a game
        without one. A game's own encoding may subclass this one and give the
        same zones and counters from the view directly, without the
        layout's labels: the vector stays the same, built faster.
        """
        if self._has_layout:
            table = self.game.layout(view, seat) or {}
            zones = [(zone.get("kind"), zone.get("owner"), zone.get("cards"), zone.get("count")) for zone in table.get("zones") or ()]
            counters = [(str(counter.get("id", "")), counter.get("owner"), counter.get("value")) for counter in table.get("counters") or ()]
            return zones, counters
        hand = view.get("hand")
        return ([("hand", seat, hand, len(hand))] if isinstance(hand, list) else ()), ()

    def reads_its_layout(self, game_class: type, presenter_class: type) -> bool:
        """Whether this encoding's game draws its table as `game_class` and `presenter_class` do (a game's own encoding reads
        the view directly only then; a subclass or another presenter drawing another table is read from its layout)."""
        return type(self.game).layout is game_class.layout and type(self.game.presenter()).layout is presenter_class.layout

    @staticmethod
    def counted(value: Any) -> bool:
        """Whether a counter's value goes into the vector, as `cells` reads counters: a number, not a bool."""
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    def card_places(self, kind: str, slot: int) -> dict[str, int]:
        """Where each card of the deck goes in the vector when face up in a zone of `kind` owned by `slot` (the owner counted from the seat; `players` for nobody's)."""
        return self._planes[self._rows.get(kind, self._other_row) + slot]

    def count_place(self, kind: str, slot: int) -> int:
        """Where the number of cards of the zones of `kind` owned by `slot` goes in the vector."""
        return self.parts["cards"] + self._rows.get(kind, self._other_row) + slot

    def counter_place(self, name: str, slot: int = 0) -> int | None:
        """Where counter `name` of `slot` (0 for a counter nobody owns) goes in the vector; None for a name the first state's layout did not have."""
        place = self._counter_at.get(name)
        if place is None:
            return None
        offset, by_seat = place
        return self.parts["cards"] + self.parts["counts"] + offset + (slot if by_seat else 0)

    def cells(self, view: Mapping[str, Any], seat: int) -> tuple[list[int | None], dict[int, Any]]:
        """The table's part of the vector: `(cards, numbers)`, the places of the face-up cards (one per copy; None for a code not of the deck) and `{place: value}` of the zones' counts and the counters.

        By default read from `table`. A game's own encoding may give them
        straight from the view (`card_places`, `count_place` and
        `counter_place` say where each goes): the cheapest way to the same
        vector.
        """
        players = self.players
        zones, counters = self.table(view, seat)
        rows, planes = self._rows, self._planes
        counts_at = self.parts["cards"]
        placed: list[int | None] = []
        written: dict[int, Any] = {}
        fractional = False
        for kind, owner, shown, count in zones:
            row = rows.get(kind, self._other_row) if isinstance(kind, str) else self._other_row
            plane = row + ((owner - seat) % players if isinstance(owner, int) else players)
            if shown:
                placed += map(planes[plane].get, shown)
            if isinstance(count, int):
                written[counts_at + plane] = written.get(counts_at + plane, 0) + count
            elif isinstance(count, float):
                fractional = True
        if fractional:  # added one zone at a time in float32, as the counts always were, so every rounding is the same
            import numpy as np

            written = {}
            for kind, owner, _shown, count in zones:
                if isinstance(count, (int, float)):
                    row = rows.get(kind, self._other_row) if isinstance(kind, str) else self._other_row
                    place = counts_at + row + ((owner - seat) % players if isinstance(owner, int) else players)
                    written[place] = np.float32(written.get(place, np.float32(0)) + count)
        at = counts_at + self.parts["counts"]
        places = self._counter_places
        for ident, owner, value in counters:
            owned = isinstance(owner, int)
            place = places.get((ident, owned), _UNSEEN)
            if place is _UNSEEN:
                place = places[(ident, owned)] = self._counter_at.get(_counter_name({"id": ident, "owner": owner})[0])
            if place is None or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            offset, by_seat = place
            written[at + offset + (((owner - seat) % players if owned else 0) if by_seat else 0)] = value
        return placed, written

    def encode(self, view: Mapping[str, Any], seat: int, decision: Decision | None) -> Any:
        """The observation vector of `seat` from its `view` and its own pending `decision` (None when it is not to act)."""
        import numpy as np

        vector = np.zeros(self.size, dtype=np.float32)
        # Everything but the card planes is gathered in `written` and written in one assignment (numpy's
        # element writes cost more than the rest of the work).
        placed, written = self.cells(view, seat)
        if placed:
            if None in placed:  # a code not of the game's deck: not drawn
                placed = [index for index in placed if index is not None]
            if len(set(placed)) == len(placed):
                vector[placed] = 1
            else:  # a card twice on the table (several decks): each copy counts
                np.add.at(vector, placed, 1)
        at = self.parts["cards"] + self.parts["counts"] + self.parts["counters"]
        written[at + seat] = 1
        at += self.parts["seat"]
        if decision is not None:
            kind = decision.kind
            index = self._kind_index.get(kind)
            if index is None:
                if self.kinds is not None:
                    index = self.kinds.index(kind) if kind in self.kinds else len(self.kinds)
                else:
                    index = zlib.crc32(kind.encode("utf-8")) % KIND_BUCKETS
                self._kind_index[kind] = index
            written[at + index] = 1
            at += self.parts["kind"]
            written[at] = 1
            written[at + 1] = decision.compact
            written[at + 2] = decision.waits
            written[at + 3] = len(decision.choices) / self.max_choices
        vector[list(written)] = list(written.values())
        return vector


#: A counter id not looked up yet (`LayoutEncoding._counter_places`; None there means a counter the encoding has no place for).
_UNSEEN = object()


def _counter_name(counter: Mapping[str, Any]) -> tuple[str, bool]:
    """A layout counter's name (its id without the `:seat` of an owned one) and whether a seat owns it."""
    ident = str(counter.get("id", ""))
    owned = isinstance(counter.get("owner"), int)
    if owned:
        head, colon, tail = ident.rpartition(":")
        if colon and tail.isdigit():
            ident = head
    return ident, owned


def encoding_for(game: Game, rules: Any, players: int, *, first: State | None = None, max_choices: int | None = None) -> Any:
    """The game's declared encoding (`Game.rl_encoding`, a factory or its `"module:name"` path, called as `LayoutEncoding` is), else `LayoutEncoding`.

    An encoding has `size` (the observation's length), `max_choices` and
    `encode(view, seat, decision)`, which reads nothing but its arguments.
    """
    declared = getattr(game, "rl_encoding", None)
    if isinstance(declared, str):
        import importlib

        module, _colon, name = declared.partition(":")
        declared = getattr(importlib.import_module(module), name)
    chosen = max_choices or getattr(game, "rl_max_choices", None) or DEFAULT_MAX_CHOICES
    factory = declared if declared is not None else LayoutEncoding
    return factory(game, rules, players, first=first, max_choices=chosen)


def observation(encoding: Any, view: Mapping[str, Any], seat: int, decision: Decision | None) -> dict[str, Any]:
    """What `seat` observes: `{"observation": encoding.encode(view, seat, decision), "action_mask": int8 1 for each choice}`.

    `decision` is the seat's own pending decision, or None when another
    seat is to act (the mask is then all zeros).
    """
    size = encoding.max_choices
    legal = min(len(decision.choices), size) if decision is not None else 0
    mask = _MASKS.get((size, legal))
    if mask is None:
        import numpy as np

        mask = _MASKS[(size, legal)] = np.zeros(size, dtype=np.int8)
        mask[:legal] = 1
    return {"observation": encoding.encode(view, seat, decision), "action_mask": mask.copy()}


#: Each action mask made so far, by (size, choices): copied for every observation (a caller may keep or change its own).
_MASKS: dict[tuple[int, int], Any] = {}
