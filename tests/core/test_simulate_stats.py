"""`muggins.stats`: counts per value give the exact figures a list would, and cross sums give the textbook means and intervals."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given, strategies as st

from muggins.stats import Z95, CrossSums, ValueCounts, interval

whole_numbers = st.lists(st.integers(min_value=-50, max_value=200), min_size=1, max_size=80)


@given(whole_numbers)
def test_counts_per_value_give_the_exact_mean_median_and_quantiles(values):
    counts = ValueCounts()
    counts.extend(values)
    assert counts.count == len(values)
    assert counts.mean() == statistics.fmean(values)
    assert counts.median() == statistics.median(values)
    ordered = sorted(values)
    for q in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0):
        position = (len(values) - 1) * q
        low = math.floor(position)
        high = min(low + 1, len(values) - 1)
        expected = ordered[low] + (position - low) * (ordered[high] - ordered[low])
        assert counts.quantile(q) == pytest.approx(expected)
    assert counts.summary()["min"] == ordered[0] and counts.summary()["max"] == ordered[-1]


def test_values_that_are_not_numbers_are_counted_only():
    counts = ValueCounts()
    counts.extend(["a", 3, None, 5, 5.5])
    summary = counts.summary()
    assert summary["count"] == 5 and summary["mean"] == pytest.approx(4.5) and summary["median"] == 5
    empty = ValueCounts()
    empty.extend(["x"])
    assert empty.summary() == {"count": 1, "mean": None, "median": None, "min": None, "max": None, "quartiles": None}


def test_memory_is_the_distinct_values_not_the_values():
    counts = ValueCounts()
    for _ in range(1000):
        counts.extend([1, 2, 3, 2])
    assert len(counts.counts) == 3 and counts.count == 4000 and counts.median() == 2


def test_linear_combinations_match_a_direct_computation():
    rng = random.Random(5)
    rows = [(rng.random(), rng.random() * 3, rng.randrange(4)) for _ in range(300)]
    sums = CrossSums(3)
    for row in rows:
        sums.add(row)
    for weights in ((1, 0, 0), (0, 1, -1), (-1, 1, 0), (0.5, 0.5, 2)):
        series = [sum(w * v for w, v in zip(weights, row)) for row in rows]
        mean = statistics.fmean(series)
        half = Z95 * statistics.stdev(series) / math.sqrt(len(series))
        found = sums.linear(weights, len(rows))
        assert found["mean"] == pytest.approx(mean)
        assert found["low"] == pytest.approx(mean - half) and found["high"] == pytest.approx(mean + half)


def test_a_ratio_of_sums_and_its_delta_method_interval():
    rng = random.Random(9)
    rows = []
    for _ in range(400):
        x = rng.randrange(1, 4)
        rows.append((sum(rng.random() for _ in range(x)), x))
    sums = CrossSums(2)
    for row in rows:
        sums.add(row)
    ratio = sum(y for y, _ in rows) / sum(x for _, x in rows)
    xbar = statistics.fmean(x for _, x in rows)
    residuals = [(y - ratio * x) / xbar for y, x in rows]
    half = Z95 * math.sqrt(sum(r * r for r in residuals) / (len(rows) - 1) / len(rows))
    found = sums.ratio(0, 1, len(rows))
    assert found["mean"] == pytest.approx(ratio)
    assert (found["low"], found["high"]) == (pytest.approx(ratio - half), pytest.approx(ratio + half))


def test_a_paired_difference_of_ratios():
    rng = random.Random(3)
    rows = []
    for _ in range(300):
        xa, xb = rng.randrange(1, 3), rng.randrange(1, 4)
        rows.append((rng.random() * xa, rng.random() * xb + 0.2 * xb, xa, xb))
    sums = CrossSums(4)  # sums under A and B, then counts under A and B
    for row in rows:
        sums.add(row)
    ra = sum(r[0] for r in rows) / sum(r[2] for r in rows)
    rb = sum(r[1] for r in rows) / sum(r[3] for r in rows)
    xa, xb = statistics.fmean(r[2] for r in rows), statistics.fmean(r[3] for r in rows)
    terms = [(r[1] - rb * r[3]) / xb - (r[0] - ra * r[2]) / xa for r in rows]
    half = Z95 * math.sqrt(sum(t * t for t in terms) / (len(rows) - 1) / len(rows))
    found = sums.ratio_difference((0, 2), (1, 3), len(rows))
    assert found["mean"] == pytest.approx(rb - ra)
    assert found["high"] - found["mean"] == pytest.approx(half)


def test_no_interval_without_two_matches_or_a_denominator():
    assert interval(1.5, None, 10) == {"mean": 1.5, "low": None, "high": None}
    one = CrossSums(2)
    one.add((2.0, 0.0))
    assert one.linear((1, 0), 1) == {"mean": 2.0, "low": None, "high": None}
    assert one.ratio(0, 1, 1) == {"mean": None, "low": None, "high": None}
    assert one.linear((1, 0), 0)["mean"] is None
    assert one.ratio_difference((0, 1), (0, 1), 1)["mean"] is None
