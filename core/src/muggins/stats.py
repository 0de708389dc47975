"""Figures for simulations: a match's own counts (`Tally`) and the running statistics a simulation folds them into.

A game counts what a simulation reports (calls made, hands drawn, claims
missed by seat) in a `Tally`, which it copies with the state, saves and
restores, and hands to its `Result` as `stats` and `seat_stats`.
A simulation never keeps per-match figures: it folds each match, in match
order, into fixed-size running sums. `ValueCounts` keeps a count per
distinct value of a figure reported as a list (points per hand, exposures
per hand), which gives exact means, medians and quantiles for figures that
take few distinct values, as whole-number figures do. `CrossSums` keeps,
for a vector of figures observed once per match (say one figure under each
of several rule sets played on the same deals), the sum of each entry and
the sum of every product of two entries; from these come the mean of any
linear combination (a paired difference) and of any ratio of sums (a
per-hand mean), each with a normal-approximation 95% interval. The method
is written out in docs/simulation.md.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

__all__ = ["Z95", "Tally", "ValueCounts", "CrossSums", "interval"]

#: The two-sided 95% point of the standard normal distribution.
Z95 = 1.959963984540054


class Tally(dict):
    """A match's counts by key (the dict itself) and, optionally, by seat (`by_seat`: key -> one count per seat).

    A plain dict underneath, so `tally["calls"] += 1` in a game's play loop
    costs what a dict's item does; the keys are declared up front, so a
    misspelt one raises KeyError instead of starting a new figure.
    `copy()` is independent of the original (per-seat lists included),
    `to_dict()`/`from_dict()` give and read `{"stats": ..., "seat_stats": ...}`
    (`seat_stats` only when there are per-seat keys), and a game passes
    `dict(tally)` (or its own dict built around it) and `seat_stats()` to
    its `Result`.
    """

    __slots__ = ("by_seat",)

    def __init__(self, keys: Iterable[str] = (), seat_keys: Iterable[str] = (), players: int = 0) -> None:
        super().__init__((key, 0) for key in keys)
        self.by_seat: dict[str, list[int]] = {key: [0] * players for key in seat_keys}

    def copy(self) -> "Tally":
        found = dict.__new__(Tally)  # not __init__: it would zero the counts; search clones states often
        found.update(self)
        found.by_seat = {key: list(values) for key, values in self.by_seat.items()}
        return found

    def seat_stats(self) -> dict[str, tuple[int, ...]]:
        """The per-seat counts as `Result.seat_stats` takes them."""
        return {key: tuple(values) for key, values in self.by_seat.items()}

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"stats": dict(self)}
        if self.by_seat:
            found["seat_stats"] = {key: list(values) for key, values in self.by_seat.items()}
        return found

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Tally":
        """The tally `to_dict` saved (`seat_stats` may be absent)."""
        found = cls()
        found.update(data["stats"])  # the saved keys, in their saved order (a Result lists them so)
        found.by_seat = {key: list(values) for key, values in data.get("seat_stats", {}).items()}
        return found


def interval(mean: float, variance: float | None, count: int) -> dict[str, Any]:
    """`{"mean", "low", "high"}` for a mean of `count` matches with per-match `variance` (None: no interval)."""
    if variance is None or count < 2:
        return {"mean": mean, "low": None, "high": None}
    half = Z95 * math.sqrt(max(variance, 0.0) / count)
    return {"mean": mean, "low": mean - half, "high": mean + half}


class ValueCounts:
    """The values of a list figure as counts per value: exact count, mean, median and quantiles."""

    __slots__ = ("counts", "others")

    def __init__(self) -> None:
        self.counts: dict[Any, int] = {}
        self.others = 0  # values that are not numbers: counted, never averaged

    def extend(self, values: Iterable[Any]) -> None:
        counts = self.counts
        for value in values:
            if isinstance(value, (int, float)):
                counts[value] = counts.get(value, 0) + 1
            else:
                self.others += 1

    @property
    def count(self) -> int:
        return sum(self.counts.values()) + self.others

    def mean(self) -> float | None:
        numbers = sum(self.counts.values())
        if not numbers:
            return None
        # fsum is exact whatever the order, so the dict's order cannot change the mean.
        return math.fsum(value * times for value, times in self.counts.items()) / numbers

    def _nth(self, ordered: list[tuple[Any, int]], n: int) -> Any:
        """The n-th smallest value (from 0) of the multiset given as sorted (value, count) pairs."""
        seen = 0
        for value, times in ordered:
            seen += times
            if n < seen:
                return value
        raise IndexError(n)

    def median(self) -> Any:
        """As `statistics.median`: the middle value, or the mean of the two middle values."""
        numbers = sum(self.counts.values())
        if not numbers:
            return None
        ordered = sorted(self.counts.items())
        middle = numbers // 2
        if numbers % 2:
            return self._nth(ordered, middle)
        return (self._nth(ordered, middle - 1) + self._nth(ordered, middle)) / 2

    def quantile(self, q: float) -> Any:
        """The q-quantile by linear interpolation between order statistics (numpy's default method)."""
        numbers = sum(self.counts.values())
        if not numbers:
            return None
        ordered = sorted(self.counts.items())
        position = (numbers - 1) * q
        low = math.floor(position)
        below, above = self._nth(ordered, low), self._nth(ordered, min(low + 1, numbers - 1))
        return below if above == below else below + (position - low) * (above - below)

    def summary(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "mean": self.mean(),
            "median": self.median(),
            "min": min(self.counts) if self.counts else None,
            "max": max(self.counts) if self.counts else None,
            "quartiles": [self.quantile(0.25), self.quantile(0.75)] if self.counts else None,
        }


class CrossSums:
    """Σv and Σvvᵀ over matches for a figure vector v of fixed length `size`.

    Entries a match does not report count as zero, so a figure first seen at
    match 1000 needs no back-filling: its earlier zeros add nothing.
    """

    __slots__ = ("size", "sums", "products")

    def __init__(self, size: int) -> None:
        self.size = size
        self.sums = [0.0] * size
        self.products = [[0.0] * size for _ in range(size)]

    def add(self, values: Sequence[float]) -> None:
        sums, products = self.sums, self.products
        for i, a in enumerate(values):
            if not a:
                continue
            sums[i] += a
            row = products[i]
            for j, b in enumerate(values):
                if b:
                    row[j] += a * b

    def _combination(self, weights: Sequence[float]) -> tuple[float, float]:
        """Σ(w·v) and Σ(w·v)² over the matches."""
        total = sum(w * s for w, s in zip(weights, self.sums) if w)
        squares = 0.0
        for i, wi in enumerate(weights):
            if wi:
                row = self.products[i]
                squares += wi * sum(wj * row[j] for j, wj in enumerate(weights) if wj)
        return total, squares

    def linear(self, weights: Sequence[float], count: int) -> dict[str, Any]:
        """Mean over `count` matches of w·v, with its 95% interval (sample variance, normal approximation)."""
        if count == 0:
            return {"mean": None, "low": None, "high": None}
        total, squares = self._combination(weights)
        mean = total / count
        variance = (squares - total * total / count) / (count - 1) if count > 1 else None
        return interval(mean, variance, count)

    def ratio(self, numerator: int, denominator: int, count: int) -> dict[str, Any]:
        """Σ(entry numerator) / Σ(entry denominator), with a delta-method 95% interval over `count` matches."""
        found = self.ratio_terms(numerator, denominator, count)
        if found is None:
            return {"mean": None, "low": None, "high": None}
        value, weights, scale = found
        _, squares = self._combination(weights)
        # The linearised terms have mean zero by construction; their spread gives the variance.
        variance = squares / (count - 1) if count > 1 else None
        return interval(value, None if variance is None else variance * scale, count)

    def ratio_terms(self, numerator: int, denominator: int, count: int) -> tuple[float, list[float], float] | None:
        """The ratio R and the weights w with w·v = y − R·x per match, and the factor 1/x̄² turning their variance into R's."""
        below = self.sums[denominator]
        if count == 0 or not below:
            return None
        value = self.sums[numerator] / below
        weights = [0.0] * self.size
        weights[numerator] += 1.0
        weights[denominator] -= value
        mean_below = below / count
        return value, weights, 1 / (mean_below * mean_below)

    def ratio_difference(self, first: tuple[int, int], second: tuple[int, int], count: int) -> dict[str, Any]:
        """R₂ − R₁ for two ratios of entries, paired match by match, with a delta-method 95% interval."""
        one, two = self.ratio_terms(*first, count), self.ratio_terms(*second, count)
        if one is None or two is None:
            return {"mean": None, "low": None, "high": None}
        weights = [b * math.sqrt(two[2]) - a * math.sqrt(one[2]) for a, b in zip(one[1], two[1])]
        _, squares = self._combination(weights)
        variance = squares / (count - 1) if count > 1 else None
        return interval(two[0] - one[0], variance, count)
