"""simulate's text (`muggins_cli.summary`): one number format, each figure once, shared wins explained, every line within the width."""

from __future__ import annotations

import pytest

from muggins_cli.summary import SHARED_WINS_NOTE, comparison_lines, number, summary_lines, table


def _summary(**changes):
    found = {
        "games": 5000, "players": 3, "seed": 7, "seats": ["expert", "novice:error_rate=0.25", "random"],
        "wins": [2000, 2000, 1000], "win_rate": [0.4, 0.4, 0.2], "draws": 0, "limit_reached": 12,
        "decisions": {"total": 60000, "mean": 12.0},
        "scores": {"total": [10, 12, 3], "mean": [0.002, 0.0024, 0.0006]},
        "seat_stats": {"calls_missed": {"total": [1, 2, 3], "mean": [0.0002, 0.0004, 0.0006]}},
        "stats": {"calls_missed": {"total": 6, "mean": 0.0012}, "claims": {"total": 15000, "mean": 3.0},
                  "hands_won_seat_0": {"total": 10, "mean": 0.002}, "hands_won_seat_1": {"total": 12, "mean": 0.0024},
                  "hands_won_seat_2": {"total": 3, "mean": 0.0006},
                  "turns_seat_0": {"total": 4, "mean": 0.0008}, "turns_seat_1": {"total": 4, "mean": 0.0008},
                  "turns_seat_2": {"total": 5, "mean": 0.001},
                  "margin": {"count": 5000, "mean": 3.5, "median": 3}},
    }
    found.update(changes)
    return found


@pytest.mark.parametrize("value, text", [(5000, "5,000"), (1790.0, "1,790"), (22658, "22,658"), (61.42, "61.42"), (0.4333333, "0.4333"),
                                         (123456.7, "123,457"), (0.00001234, "0.000012"), (None, "-"), (True, "1"), (-247, "-247")])
def test_one_number_format(value, text):
    assert number(value) == text


def test_a_summary_says_each_figure_once(tally):
    lines = summary_lines(_summary(), tally, None)
    text = "\n".join(lines)
    assert lines[0] == "Tally (the core's test game): 5,000 matches, 3 players, seed 7, rules default"
    # the whole-match total that only sums the per-seat figure is not repeated; a per-seat family folds into one row
    rows = [line.split("  ")[0] for line in lines]
    assert rows.count("calls missed") == 1 and "turns" in rows and not any("seat 0" in line for line in lines)
    # a per-seat figure equal to the score column (hands won, here) is the score: shown once, as the score
    assert "hands won" not in text
    assert ["claims", "15,000", "3"] in [line.split() for line in lines]
    assert ["figure", "times", "measured", "mean", "median"] in [line.split() for line in lines]
    assert "per match" not in "".join(line for line in lines if line.startswith("calls missed"))
    assert SHARED_WINS_NOTE not in lines  # whole wins only


def test_shared_wins_are_explained_under_the_table_that_shows_them(tally):
    lines = summary_lines(_summary(wins=[2000.5, 1999.5, 1000]), tally, None)
    assert lines[lines.index(SHARED_WINS_NOTE) - 1].split()[:3] == ["2", "random", "1,000"]
    sides = {"seats": [[0, 2], [1]], "wins": [2999.5, 2000.5], "win_rate": [0.6, 0.4], "scores": None, "seat_stats": {}}
    lines = summary_lines(_summary(sides=sides), tally, None)
    assert lines.count(SHARED_WINS_NOTE) == 1 and lines[lines.index(SHARED_WINS_NOTE) - 1].split()[:2] == ["1", "1"]


def test_a_partial_summary_uses_the_same_number_format(tally):
    lines = summary_lines(_summary(partial=True, games_requested=10000), tally, "house.toml")
    assert lines[1] == "partial: interrupted after 5,000 of 10,000 matches"


def test_every_line_fits_the_width_and_a_wide_table_repeats_its_row_names(tally):
    seats = 7
    wide = _summary(players=seats, seats=["novice:error_rate=0.25,attention=0.5"] * seats, wins=[700.5] * seats, win_rate=[0.14] * seats,
                    scores={"total": [123456] * seats, "mean": [24.69] * seats},
                    seat_stats={f"a rather long figure name {n}": {"total": [1234567 + s for s in range(seats)], "mean": [0.1] * seats} for n in range(3)},
                    house_rules=[{"name": "corner3", "version": "0.1.0"}, {"name": "a-second-house-rule-plugin", "version": "2.0"}])
    wide["stats"] = {"claims": {"total": 1, "mean": 0.0002}}
    narrow = summary_lines(wide, tally, "some/rather/long/path/to/house-rules.toml", width=80)
    assert max(map(len, narrow)) <= 80
    blocks = [line for line in narrow if line.startswith("per seat")]
    assert len(blocks) >= 2 and sum(len(line.split()) - 6 for line in blocks) == seats  # each seat's column once, across the blocks
    assert sum(line.startswith("a rather long figure name 0") for line in narrow) == len(blocks)
    assert max(map(len, summary_lines(wide, tally, None))) > 80  # no width: a pipe keeps every line whole


def test_table_splits_only_the_number_columns():
    rows = [("name", "1", "2", "3"), ("x" * 10, "100", "200", "300")]
    assert table(rows, width=20) == ["name          1    2", "xxxxxxxxxx  100  200", "", "name          3", "xxxxxxxxxx  300"]
    assert table(rows) == ["name          1    2    3", "xxxxxxxxxx  100  200  300"]


def test_a_comparison_fits_the_width(tally):
    result = {
        "games": 5000, "seed": 3, "players": 3, "seats": ["expert"] * 3, "partial": True, "games_requested": 20000,
        "rule_sets": [{"label": "default rules with a long name for the first set", "house_rules": []}, {"label": "b.toml"}, {"label": "c.toml"}],
        "figures": {f"wins[{s}]": {"means": [{"mean": 0.3333, "low": 0.32, "high": 0.34}] * 3,
                                   "differences": [None, {"mean": 0.0123, "low": 0.001, "high": 0.02}, {"mean": -0.0123, "low": -0.02, "high": -0.001}]}
                    for s in range(3)},
    }
    lines = comparison_lines(result, tally, width=60)
    assert max(map(len, lines)) <= 60
    assert any(line.startswith("partial: interrupted after 5,000 of 20,000 matches") for line in lines)
    assert sum(line.startswith("matches won, seat 0 (expert)") for line in lines) >= 2  # split, the row names repeated
