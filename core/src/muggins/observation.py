"""A seat's observation as arrays, from its own view and decision alone: the encodings `muggins.rl` and the seat kind `policy` share.

This module owns how what one seat may see becomes a fixed-size float32
vector and an action mask (`observation(encoding, view, seat, decision)`:
`{"observation": ..., "action_mask": ...}`), so a policy trained through
the PettingZoo environment (`muggins.rl`) is shown exactly the same arrays
when it takes a seat at a table (`muggins.policy`). `LayoutEncoding` is the
default, read from the game's layout of the view; a game declares its own
with `Game.rl_encoding` (`encoding_for`). numpy is imported when an
observation is first made, never when muggins loads.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any, Sequence

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
    as the seat's hand.
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

    def encode(self, view: Mapping[str, Any], seat: int, decision: Decision | None) -> Any:
        """The observation vector of `seat` from its `view` and its own pending `decision` (None when it is not to act)."""
        import numpy as np

        players, owners = self.players, self.players + 1
        vector = np.zeros(self.size, dtype=np.float32)
        cards = len(self.cards)
        counts_at = self.parts["cards"]
        if self._has_layout:
            table = self.game.layout(view, seat) or {}
            zones = table.get("zones") or ()
            counters = table.get("counters") or ()
        else:
            hand = view.get("hand")
            zones = [{"kind": "hand", "owner": seat, "cards": hand, "count": len(hand)}] if isinstance(hand, list) else ()
            counters = ()
        for zone in zones:
            kind = zone.get("kind")
            row = ZONE_KINDS.index(kind) if kind in ZONE_KINDS else len(ZONE_KINDS) - 1
            owner = zone.get("owner")
            slot = (owner - seat) % players if isinstance(owner, int) else players
            plane = (row * owners + slot)
            base = plane * cards
            for code in zone.get("cards") or ():
                index = self.cards.get(code)
                if index is not None:
                    vector[base + index] += 1
            count = zone.get("count")
            if isinstance(count, (int, float)):
                vector[counts_at + plane] += count
        at = counts_at + self.parts["counts"]
        for counter in counters:
            name, owned = _counter_name(counter)
            place = self._counter_at.get(name)
            value = counter.get("value")
            if place is None or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            offset, by_seat = place
            owner = counter.get("owner")
            slot = ((owner - seat) % players if isinstance(owner, int) else 0) if by_seat else 0
            vector[at + offset + slot] = value
        at += self.parts["counters"]
        vector[at + seat] = 1
        at += self.parts["seat"]
        if decision is not None:
            if self.kinds is not None:
                index = self.kinds.index(decision.kind) if decision.kind in self.kinds else len(self.kinds)
            else:
                index = zlib.crc32(decision.kind.encode("utf-8")) % KIND_BUCKETS
            vector[at + index] = 1
        at += self.parts["kind"]
        if decision is not None:
            vector[at:at + 4] = (1, decision.compact, decision.waits, len(decision.choices) / self.max_choices)
        return vector


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
    import numpy as np

    mask = np.zeros(encoding.max_choices, dtype=np.int8)
    if decision is not None:
        mask[:min(len(decision.choices), encoding.max_choices)] = 1
    return {"observation": encoding.encode(view, seat, decision), "action_mask": mask}
