"""Issue item 7: `muggins simulate cribbage_muggins --players P --games N --json` reports the figures asked for."""

from __future__ import annotations

import json

import pytest

main = pytest.importorskip("muggins_cli.main")
from click.testing import CliRunner  # noqa: E402


def simulate(*args):
    result = CliRunner().invoke(main.cli, ["simulate", "cribbage_muggins", *args, "--json"], env={"MUGGINS_LOAD_PLUGINS": "cribbage_muggins"})
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_simulate_reports_wins_skunks_margin_muggins_and_miscounts(tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("target = 61\n")
    out = simulate("--players", "3", "--games", "8", "--seed", "4", "--rules", str(rules),
                   "--seat", "expert", "--seat", "novice:miss_rate=0.5", "--seat", "random")
    assert out["games"] == 8 and len(out["wins"]) == 3 and sum(out["wins"]) == 8
    stats, seats = out["stats"], out["seat_stats"]
    assert stats["margin"]["count"] == 8 and stats["margin"]["mean"] > 0
    assert "skunks" in stats and len(seats["skunked"]["total"]) == 3
    assert stats["muggins_points"]["total"] == sum(seats["muggins_points"]["total"]) > 0
    assert seats["counts_low"]["total"][1] > 0 and seats["counts_high"]["total"][2] > 0
    assert seats["counts_low"]["total"][0] == seats["counts_high"]["total"][0] == 0  # the expert counts exactly
    assert len(out["scores"]["total"]) == 3


def test_simulate_reports_sides_in_partnerships(tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("target = 61\npartnerships = true\n")
    out = simulate("--players", "4", "--games", "6", "--seed", "2", "--rules", str(rules))
    assert out["sides"]["seats"] == [[0, 2], [1, 3]] and sum(out["sides"]["wins"]) == 6
    assert all(total >= 0 for total in out["sides"]["scores"]["total"])


def test_simulate_is_reproducible():
    assert simulate("--players", "2", "--games", "3", "--seed", "1") == simulate("--players", "2", "--games", "3", "--seed", "1")
