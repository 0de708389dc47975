"""The cribbage bots: expert, novice and random, registered for this game only.

Bots see only their view (their own cards, what was played, shown hands,
the starter, the count) and the decision; they never read the state.

The expert lays away the cards that maximise the exact expected value of
the four cards kept (every possible starter, equally likely) plus the
expected points the laid-away cards bring to the crib, added when the crib
is its side's (its own or its partner's) and subtracted when it is an
opponent's; the crib figure comes from the table `analysis.crib_table`
computes once (`analysis.best_discard_indices`). It pegs by
the heuristic `peg_value` (immediate points first; then avoid leaving the
count on 5 or 21, where a ten-card scores 15 or 31 for the next player;
avoid leaving two cards one or two ranks apart, which invite a run; never
lead a 5 and prefer leading a card below 5; otherwise play the highest
card, keeping low cards for the go). It counts exactly and responds exactly:
`muggins M` for exactly the missed points, `overcount` when the count was
too high, accept otherwise. It draws no randomness and keeps no state, so it
declares the v2 `stands_in_unclaimable_windows` and
`takes_sole_correct_choice`.

The novice discards and pegs like the expert but errs with `error_rate`
(a random discard or legal card); when counting it misses each scoring item
with probability `miss_rate` and, with probability `error_rate`, adds a
phantom fifteen (2 points); it catches an opponent's wrong count with
probability `attention` (and then claims exactly), otherwise accepts. The
random bot makes any choice; in a window it claims (any claim, uniformly)
with probability `call_rate`, else accepts.

Under a house rule's scoring the view carries it (`show_scoring`,
`peg_scoring`, `max_count`); the bots then discard, peg and count by it
(`view_scorings`), from tables built once per scoring.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from muggins import Action, Decision, parse_card
from muggins.actions import standing_answer
from muggins.deck import CODE_INDEX, INDEX_BY_ID

from .analysis import best_discard_indices
from .scoring import PegScoring, ShowScoring, peg_points, score_show

__all__ = ["ExpertBot", "NoviceBot", "RandomBot", "best_discard", "best_play", "crib_is_ours", "peg_value", "view_scorings"]

_PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
# Card codes and (interned) cards to `scoring.card_index`, found without parsing or hashing a Card: the core's int pack.
_INDEX_OF_CODE: dict[str, int] = CODE_INDEX
_INDEX_OF_CARD: dict[int, int] = INDEX_BY_ID


_SCORINGS: dict[tuple, Any] = {}


def view_scorings(view: Mapping[str, Any]) -> tuple[ShowScoring | None, PegScoring | None]:
    """(show scoring, pegging scoring) of a house rule the view names, or (None, None) for the standard game."""
    show = view.get("show_scoring")
    if show is None:
        return None, None
    key = (tuple(show.items()), tuple(view["peg_scoring"].items()))
    found = _SCORINGS.get(key)
    if found is None:
        found = _SCORINGS[key] = (ShowScoring.from_items(show), PegScoring.from_items(view["peg_scoring"]))
    return found


def crib_is_ours(view: Mapping[str, Any], seat: int) -> bool:
    """True when the crib of this deal belongs to `seat`'s side (its own, or its partner's)."""
    dealer = view["dealer"]
    return any(seat in side and dealer in side for side in view["sides"])


def best_discard(view: Mapping[str, Any], decision: Decision, seat: int) -> Action:
    """The expert's discard: `analysis.best_discard_indices` (exact kept-hand expectation +/- the tabled crib value)."""
    options = decision.choices
    hand = [_INDEX_OF_CODE[c] for c in view["hand"]]
    show = view_scorings(view)[0] if "show_scoring" in view else None
    laid = set(best_discard_indices(hand, crib_is_ours(view, seat), view["players"], show))
    for option in options:
        if {_INDEX_OF_CARD[id(c)] for c in option.data} == laid:
            return option
    raise AssertionError(f"analysis chose {sorted(laid)}, which is not among the discards offered")


def peg_value(sequence: Sequence[str], count: int, card: Any, scoring: PegScoring | None = None) -> float:
    """The expert's pegging score of playing `card` now (see the module docstring), under `scoring` if given."""
    played = [parse_card(c) for c in sequence]
    played.append(card)
    rank = int(card.rank)
    after = count + _PIPS[rank]
    points = peg_points(played, after) if scoring is None else scoring.points(played, after)
    value = float(points)
    if after in (5, 21):
        value -= 1.0
    if after < 31 and sequence:
        last = int(parse_card(sequence[-1]).rank)
        if 1 <= abs(last - rank) <= 2:
            value -= 0.5
    if not sequence:
        if rank == 5:
            value -= 1.0
        elif rank < 5:
            value += 0.5
    value += _PIPS[rank] / 100  # tie-break: shed high cards, keep low ones for the go
    return value


def best_play(view: Mapping[str, Any], decision: Decision) -> Action:
    options = decision.choices
    if len(options) == 1:
        return options[0]
    seq, count = view["sequence"], view["count"]
    if "peg_scoring" in view:
        scoring = view_scorings(view)[1]
        return max(options, key=lambda option: peg_value(seq, count, option.data, scoring))
    return max(options, key=lambda option: peg_value(seq, count, option.data))


class ExpertBot:
    """Exact counts and responses, discard by expected value, pegging by `peg_value`."""

    stands_in_unclaimable_windows = True
    takes_sole_correct_choice = True

    def __init__(self, rng: random.Random | None = None, seat: int = 0, **_: Any) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        kind = decision.kind
        if kind == "discard":
            return best_discard(view, decision, decision.seat)
        if kind == "play":
            return best_play(view, decision)
        return decision.correct[0]


class NoviceBot:
    """Misses scoring items with `miss_rate`, errs with `error_rate`, catches errors with `attention`."""

    def __init__(self, rng: random.Random, seat: int = 0, miss_rate: float = 0.2, attention: float = 0.5, error_rate: float = 0.05, **_: Any) -> None:
        for name, value in (("miss_rate", miss_rate), ("attention", attention), ("error_rate", error_rate)):
            if not 0 <= value <= 1:
                raise ValueError(f"novice {name} must lie between 0 and 1, not {value}")
        self.rng = rng
        self.miss_rate = miss_rate
        self.attention = attention
        self.error_rate = error_rate

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng, kind, choices = self.rng, decision.kind, decision.choices
        if kind == "respond":
            right = decision.correct[0]
            standing = standing_answer(decision)
            if right is not standing and rng.random() < self.attention:
                return right
            return standing if standing is not None else right
        if kind == "count":
            announced = self.count(view, decision.seat)
            return choices[max(0, min(announced, len(choices) - 1))]
        if rng.random() < self.error_rate:
            return choices[rng.randrange(len(choices))]
        if kind == "discard":
            return best_discard(view, decision, decision.seat)
        if kind == "play":
            return best_play(view, decision)
        return decision.correct[0]

    def count(self, view: Mapping[str, Any], seat: int) -> int:
        """The novice's announcement: each item kept with probability 1 - miss_rate, maybe a phantom fifteen."""
        counting = view["counting"]
        if counting["what"] == "crib":
            cards = view["crib"]
        else:
            cards = view["shown"][str(seat)]
        shown = score_show(cards, view["starter"], counting["what"] == "crib", view_scorings(view)[0])
        total = sum(item.points for item in shown.items if self.rng.random() >= self.miss_rate)
        if self.rng.random() < self.error_rate:
            total += 2
        return total


class RandomBot:
    """Any choice uniformly; in a window claims (uniformly among the claims) with probability `call_rate`."""

    def __init__(self, rng: random.Random, call_rate: float = 0.5, **_: Any) -> None:
        if not 0 <= call_rate <= 1:
            raise ValueError("random call_rate must lie between 0 and 1")
        self.rng = rng
        self.call_rate = call_rate
        self._below = rng.randrange  # bound once: a simulation asks it at nearly every decision

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        if decision.kind != "respond":
            n = len(choices)
            return choices[self._below(n)] if n > 1 else choices[0]
        standing = standing_answer(decision)
        if self.rng.random() < self.call_rate or standing is None:
            calls = [c for c in choices if c is not standing]
            if calls:
                return calls[self.rng.randrange(len(calls))]
        return standing
