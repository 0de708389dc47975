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


def test_simulate_reports_points_pegged_and_from_shows_so_a_scoring_rule_shows_its_effect(tmp_path):
    """Without muggins every point comes from pegging or a show, so the two add up to the scores; a richer show rule raises one."""
    from muggins import hookimpl
    from muggins.plugins import load_registry
    from muggins.simulate import simulate as run

    rules = {"muggins": False, "target": 61}
    out = run("cribbage_muggins", rules, 2, ["expert", "expert"], seed=3, matches=6, registry=load_registry(only=["cribbage_muggins"]))
    seats, scores = out["seat_stats"], out["scores"]["total"]
    assert [a + b for a, b in zip(seats["peg_points"]["total"], seats["show_points"]["total"])] == scores

    class FifteensForThree:
        @hookimpl
        def muggins_cribbage_show_scoring(self, players, rules):
            return {"fifteen": 3}

    richer = run("cribbage_muggins", rules, 2, ["expert", "expert"], seed=3, matches=6,
                 registry=load_registry(only=["cribbage_muggins"], extra_plugins=[("fifteens3", FifteensForThree())]))
    per_match = lambda summary, name: sum(summary["seat_stats"][name]["total"]) / summary["games"]  # noqa: E731
    assert per_match(richer, "show_points") > per_match(out, "show_points")


def test_the_points_by_kind_are_not_written_to_records():
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    state = game.new(game.Rules(), 2, 5)
    result = Match(state, make_players(registry, game, ["expert", "expert"], 5)).run()
    assert set(result.figures) == {"peg_points", "show_points"} and sum(map(sum, result.figures.values())) > 0
    assert "peg_points" not in json.dumps(result.to_dict())


def test_the_summary_text_names_the_points_by_kind():
    result = CliRunner().invoke(main.cli, ["simulate", "cribbage_muggins", "--games", "2", "--seed", "1"], env={"MUGGINS_LOAD_PLUGINS": "cribbage_muggins"})
    assert result.exit_code == 0, result.output
    assert "points pegged (his heels included)" in result.output and "points from shows (hands and cribs)" in result.output
