"""The cribbage bots: expert, novice and random, registered for this game only.

Bots see only their view (their own cards, what was played, shown hands,
the starter, the count) and the decision; they never read the state.

The expert lays away the cards that maximise the exact expected value of
the four cards kept (every possible starter, equally likely) plus the
expected points the laid-away cards bring to the crib, added when the crib
is its side's (its own or its partner's) and subtracted when it is an
opponent's; the crib figure comes from the table `analysis.crib_table`
computes once (`analysis.best_discard_indices`); over random deals it
keeps the exact advisor's best net hand in 96-97% of them and gives away
0.003 points a deal (scripts/cribbage_discard_agreement.py). It pegs by
`play_value`: the points a card pegs now, less `REPLY_WEIGHT` times the
points the next seat may expect to peg at once in reply (`reply_points`:
its best scoring reply among the ranks it may hold, each held with the
chance that its cards, drawn from those the expert has not seen, include
one: `reply_chances`); never lead a 5 and prefer leading a card below 5;
otherwise play the highest card, keeping low cards for the go. That beats
its earlier heuristic `peg_value` (kept: fixed penalties for leaving the
count on 5 or 21 and for two cards one or two ranks apart), by the figures
of scripts/cribbage_expert_pegging.py. It counts exactly and responds exactly:
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
from math import comb
from typing import Any, Mapping, Sequence

from muggins import Action, Decision, parse_card
from muggins.actions import standing_answer
from muggins.deck import CODE_INDEX, DECK as _DECK, INDEX_BY_ID
from muggins.rng import below

from .analysis import best_discard_indices
from .scoring import PegScoring, ShowScoring, peg_points, score_show

__all__ = ["ExpertBot", "NoviceBot", "RandomBot", "best_discard", "best_play", "crib_is_ours", "peg_value", "play_value",
           "reply_chances", "reply_points", "view_scorings"]

_PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_RANKS_OF_PIPS = {pips: tuple(r for r in range(1, 14) if _PIPS[r] == pips) for pips in range(1, 11)}
REPLY_WEIGHT = 1.0
"""How much of the reply a pegged card invites the expert counts against it (scripts/cribbage_expert_pegging.py)."""
# Card codes and (interned) cards to `scoring.card_index`, found without parsing or hashing a Card: the core's int pack.
_INDEX_OF_CODE: dict[str, int] = CODE_INDEX
_INDEX_OF_CARD: dict[int, int] = INDEX_BY_ID
#: A card code's rank (1..13), read straight from the code: the expert counts the unseen ranks at every pegging choice.
_RANK_OF_CODE: dict[str, int] = {code: index % 13 + 1 for code, index in CODE_INDEX.items()}


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


def reply_chances(view: Mapping[str, Any], seat: int) -> list[float]:
    """[rank]: the chance that the next seat to play holds a card of that rank, its cards drawn uniformly from those `seat` has not seen."""
    unseen = [4] * 14
    unseen[0] = 0
    for code in view["my_cards"]:
        unseen[_RANK_OF_CODE[code]] -= 1
    for other, pile in enumerate(view["played"]):
        if other == seat:
            continue  # its own played cards are among its cards already
        for code in pile:
            unseen[_RANK_OF_CODE[code]] -= 1
    if view["starter"]:
        unseen[_RANK_OF_CODE[view["starter"]]] -= 1
    total = sum(unseen)
    held = view["cards_left"][(seat + 1) % view["players"]]
    if held <= 0 or total <= 0:
        return [0.0] * 14
    return list(map(_holding_chances(total, held).__getitem__, unseen))


_HOLDING_CHANCES: dict[tuple[int, int], tuple[float, ...]] = {}


def _holding_chances(total: int, held: int) -> tuple[float, ...]:
    """[n]: the chance that `held` cards drawn from `total` include one of `n` given cards (n = 0..4), worked out once each."""
    found = _HOLDING_CHANCES.get((total, held))
    if found is None:
        none = comb(total, held)
        found = _HOLDING_CHANCES[(total, held)] = tuple(1.0 - comb(total - n, held) / none if n else 0.0 for n in range(5))
    return found


def reply_points(played: list[Any], after: int, chances: Sequence[float], scoring: PegScoring | None = None) -> float:
    """The points the next seat may expect to peg at once on `played` (count `after`): its best reply among the ranks it may hold."""
    replies = []
    if scoring is None:
        scored = _standard_replies(played)
        for pips in (15 - after, 31 - after):  # the ranks that make fifteen or thirty-one
            for rank in _RANKS_OF_PIPS.get(pips, ()):
                scored[rank] = scored.get(rank, 0) + 2
        for rank, points in scored.items():
            chance = chances[rank]
            if chance and after + _PIPS[rank] <= 31:
                replies.append((points, chance))
    else:
        for rank in range(1, 14):
            chance = chances[rank]
            total = after + _PIPS[rank]
            if chance and total <= 31:
                points = scoring.points(played + [(rank, 0)], total)
                if points:
                    replies.append((points, chance))
    replies.sort(reverse=True)
    expected, none_better = 0.0, 1.0
    for points, chance in replies:  # the best reply it holds: this one, when it holds none that scores more
        expected += points * chance * none_better
        none_better *= 1.0 - chance
    return expected


def _standard_replies(played: Sequence[Any]) -> dict[int, int]:
    """[rank]: the pair or run points a card of that rank would peg on `played` (the standard scoring; fifteens and 31s apart).

    The same figures as `scoring.peg_points` without playing each rank out:
    the last rank pairs (2, 6 or 12); a run of the tail's last k distinct
    ranks is completed by the one rank that makes them consecutive (either
    end of a consecutive tail, or its one gap), the longest tail counting.
    """
    n = len(played)
    last = played[-1][0]
    same = 1
    while same < n and played[-1 - same][0] == last:
        same += 1
    scored = {last: (same + 1) * same}
    if same > 1:
        return scored  # a pair ends the tail: no run through it
    seen, low, high = 1 << last, last, last
    for k in range(2, min(n, 7) + 1):
        rank = played[-k][0]
        if seen >> rank & 1:
            break
        seen |= 1 << rank
        low, high = min(low, rank), max(high, rank)
        if high - low == k - 1:  # consecutive: either end extends it
            if low > 1:
                scored[low - 1] = k + 1
            if high < 13:
                scored[high + 1] = k + 1
        elif high - low == k:  # one gap: filling it makes the run
            for gap in range(low + 1, high):
                if not seen >> gap & 1:
                    scored[gap] = k + 1
    return scored


def play_value(sequence: Sequence[str], count: int, card: Any, chances: Sequence[float], scoring: PegScoring | None = None) -> float:
    """The expert's pegging score of playing `card` now: the points it pegs less the reply it invites (see the module docstring)."""
    return _play_value([parse_card(c) for c in sequence], count, card, chances, scoring)


def _play_value(before: list[Any], count: int, card: Any, chances: Sequence[float], scoring: PegScoring | None) -> float:
    """`play_value` with the count's cards already read (`before`, Cards): `best_play` reads them once for every option."""
    played = before + [card]
    rank = card[0]
    after = count + _PIPS[rank]
    value = float(peg_points(played, after) if scoring is None else scoring.points(played, after))
    if not before:
        if rank == 5:
            value -= 1.0
        elif rank < 5:
            value += 0.5
    if after < 31:
        value -= REPLY_WEIGHT * reply_points(played, after, chances, scoring)
    return value + _PIPS[rank] / 100  # tie-break: shed high cards, keep low ones for the go


def best_play(view: Mapping[str, Any], decision: Decision) -> Action:
    options = decision.choices
    if len(options) == 1:
        return options[0]
    seq, count = view["sequence"], view["count"]
    chances = reply_chances(view, decision.seat)
    scoring = view_scorings(view)[1] if "peg_scoring" in view else None
    before = [_DECK[_INDEX_OF_CODE[c]] for c in seq]
    return max(options, key=lambda option: _play_value(before, count, option.data, chances, scoring))


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


_BIT_LENGTH: tuple[int, ...] = tuple(n.bit_length() for n in range(64))


class RandomBot:
    """Any choice uniformly; in a window claims (uniformly among the claims) with probability `call_rate`."""

    def __init__(self, rng: random.Random, call_rate: float = 0.5, **_: Any) -> None:
        self.rng = rng
        self.call_rate = call_rate
        self._below = below(rng)  # bound once: a simulation asks it at nearly every decision
        # below's draw, written out here where it is exact (muggins.rng checks that): no call of its own per decision.
        self._bits = rng.getrandbits if self._below != rng.randrange else None

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        if decision.kind != "respond":
            n = len(choices)
            if n < 2:
                return choices[0]
            getrandbits = self._bits
            if getrandbits is None or n >= len(_BIT_LENGTH):
                return choices[self._below(n)]
            bits = _BIT_LENGTH[n]
            drawn = getrandbits(bits)
            while drawn >= n:
                drawn = getrandbits(bits)
            return choices[drawn]
        standing = standing_answer(decision)
        if self.rng.random() < self.call_rate or standing is None:
            calls = [c for c in choices if c is not standing]
            if calls:
                return calls[self.rng.randrange(len(calls))]
        return standing
