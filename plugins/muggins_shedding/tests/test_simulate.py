"""Issue item 8: `muggins simulate muggins_shedding --players P --games N --seed S --json`."""

from __future__ import annotations

import json

import pytest

main = pytest.importorskip("muggins_cli.main")
from click.testing import CliRunner  # noqa: E402


def simulate(*args):
    result = CliRunner().invoke(main.cli, ["simulate", "muggins_shedding", *args, "--json"], env={"MUGGINS_LOAD_PLUGINS": "muggins_shedding"})
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_simulate_reports_what_the_issue_asks(tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text("hands = 2\nturn_limit = 300\n")
    out = simulate("--players", "4", "--games", "6", "--seed", "9", "--rules", str(rules), "--seat", "novice", "--seat", "random", "--seat", "expert", "--seat", "novice")
    assert out["games"] == 6 and len(out["wins"]) == 4 and "draws" in out  # match wins per seat (ties share), drawn matches
    stats = out["stats"]
    assert stats["hands"]["total"] == 12
    assert sum(stats[f"hands_won_seat_{s}"]["total"] for s in range(4)) + stats["hands_drawn"]["total"] == 12
    assert stats["exposures"]["count"] == 12 and stats["exposures"]["mean"] > 0 and stats["exposures"]["median"] > 0
    assert stats["errors"]["total"] > 0 and stats["calls"]["total"] > 0 and stats["penalties"]["total"] > 0


def test_simulate_is_reproducible_from_the_seed():
    first = simulate("--players", "3", "--games", "4", "--seed", "1")
    again = simulate("--players", "3", "--games", "4", "--seed", "1")
    assert first == again and first["stats"]["errors"]["total"] == 0  # experts never err


def test_the_text_summary_fits_80_columns_and_says_each_figure_once():
    result = CliRunner().invoke(main.cli, ["simulate", "muggins_shedding", "--players", "7", "--games", "6", "--seed", "3", "--seat", "novice"],
                                env={"MUGGINS_LOAD_PLUGINS": "muggins_shedding", "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(map(len, lines)) <= 80
    # hands won per seat is the score column: no `hands won seat N` rows, no per-seat row repeating the score
    assert not any("hands won" in line for line in lines)
    data = simulate("--players", "7", "--games", "6", "--seed", "3", "--seat", "novice")
    assert [line.split()[4] for line in lines[3:10]] == [f"{total:,}" for total in data["scores"]["total"]]
