"""The `cribbage score` and `cribbage discard` commands: output, JSON, and one-line usage errors (exit 2).

Most tests invoke a bare click group given the commands by `register_commands`;
the last ones go through the real `muggins` command group, where the plugin
hook adds them.
"""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from cribbage_muggins.commands import register_commands


@pytest.fixture
def run():
    group = click.Group("muggins")
    register_commands(group)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(group, ["cribbage", *args])

    return invoke


def test_score_prints_the_total_and_every_item(run):
    result = run("score", "5H", "5D", "5S", "JC", "--starter", "5C")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "5♥ 5♦ 5♠ J♣ with starter 5♣ (hand): 29"
    assert lines[1] == "  fifteen 2: 5♣ J♣"
    assert lines[-1] == "  nobs 1: J♣"
    assert sum(1 for line in lines if line.startswith("  pair 2:")) == 6
    assert len(lines) == 1 + 15


def test_score_json(run):
    result = run("score", "5h", "10D", "TS", "JC", "--starter", "5♣", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hand"] == ["5H", "TD", "TS", "JC"] and data["starter"] == "5C" and data["crib"] is False
    assert data["total"] == sum(item["points"] for item in data["items"])
    # 5+T twice per five (2 fives x 3 tens) = 6 fifteens, a pair of tens, nobs
    assert data["total"] == 12 + 2 + 2 + 1


def test_score_crib_ignores_a_four_card_flush(run):
    hand = ["score", "AH", "3H", "9H", "QH", "--starter", "7C"]
    assert json.loads(run(*hand, "--json").output)["total"] == 4
    crib = json.loads(run(*hand, "--crib", "--json").output)
    assert crib["total"] == 0 and crib["crib"] is True and crib["items"] == []
    assert run(*hand, "--crib").output.splitlines() == ["A♥ 3♥ 9♥ Q♥ with starter 7♣ (crib): 0"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["5H", "5D", "5S", "--starter", "5C"], "give exactly 4 cards besides --starter, got 3"),
        (["5H", "5D", "5S", "JC", "2C", "--starter", "5C"], "got 5"),
        (["5H", "5D", "5S", "XX", "--starter", "5C"], "not a card: 'XX'"),
        (["5H", "5D", "5S", "5H", "--starter", "5C"], "5H is given twice"),
        (["5H", "5D", "5S", "JC", "--starter", "JC"], "JC is also in the hand"),
        (["5H", "5D", "5S", "JC", "--starter", "QQ"], "--starter: not a card"),
        (["5H", "5D", "5S", "JC"], "Missing option '--starter'"),
    ],
)
def test_score_bad_input_is_one_line_exit_2(run, args, message):
    result = run("score", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_discard_ranks_fifteen_options_with_hand_and_crib_columns(run):
    result = run("discard", "5H", "5D", "5S", "JC", "4D", "9C", "--dealer")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["discard", "keep", "hand", "crib", "net"]
    assert len(lines) == 1 + 15 + 1
    best = lines[1].split()
    assert best[:2] == ["4♦", "9♣"] and best[2:6] == ["5♦", "5♥", "5♠", "J♣"]
    hand, crib, net = float(best[6]), float(best[7]), float(best[8])
    assert best[7].startswith("+") and net == pytest.approx(hand + crib, abs=0.011)
    assert lines[-1].startswith("hand: exact over every unseen starter; crib: exact")


def test_discard_pone_json_subtracts_the_crib(run):
    result = run("discard", "5H", "5D", "5S", "JC", "4D", "9C", "--pone", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["dealer"] is False and data["players"] == 2 and "exact" in data["method"]
    assert len(data["options"]) == 15
    for option in data["options"]:
        assert option["net"] == pytest.approx(option["hand"] - option["crib"], abs=1e-3)
    assert data["options"][0]["discard"] == ["4D", "9C"]


def test_discard_three_players_with_a_sample(run):
    args = ("discard", "5H", "5D", "5S", "JC", "4D", "--pone", "--players", "3", "--sample", "500", "--seed", "4", "--json")
    first = json.loads(run(*args).output)
    assert first == json.loads(run(*args).output)
    assert len(first["options"]) == 5 and first["options"][0]["discard"] == ["4D"]
    assert "Monte-Carlo over 500 deals (seed 4)" in first["method"] and "pack card" in first["method"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--pone"], "--dealer and --pone exclude each other"),
        (["5H", "5D", "5S", "JC", "4D", "9C"], "say whose crib it is: --dealer"),
        (["5H", "5D", "5S", "JC", "4D", "--dealer"], "2 players are dealt 6 cards each, got 5"),
        (["5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--players", "4"], "4 players are dealt 5 cards each, got 6"),
        (["5H", "5D", "5S", "JC", "4D", "4D", "--dealer"], "4D is given twice"),
        (["5H", "5D", "5S", "JC", "4D", "1Z", "--dealer"], "not a card: '1Z'"),
        (["5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--players", "5"], "'--players'"),
        (["5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--sample", "0"], "'--sample'"),
    ],
)
def test_discard_bad_input_is_one_line_exit_2(run, args, message):
    result = run("discard", *args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.plugins
def test_the_muggins_command_has_the_cribbage_group():
    from muggins.plugins import load_registry, reset_registry
    from muggins_cli.main import cli

    reset_registry(load_registry(only=["cribbage_muggins"]))
    runner = CliRunner()
    ok = runner.invoke(cli, ["cribbage", "score", "5H", "5D", "5S", "JC", "--starter", "5C", "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["total"] == 29
    bad = runner.invoke(cli, ["cribbage", "discard", "5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--pone"])
    assert bad.exit_code == 2
    assert bad.output.count("\n") == 1 and "muggins: error: --dealer and --pone exclude each other" in bad.output


@pytest.mark.plugins
@pytest.mark.parametrize("players", ["2", "3"])
def test_partnerships_without_four_players_is_one_line_and_leaves_no_record(tmp_path, players, monkeypatch):
    # F7: "internal error" and a 0-byte record from play; the same from a record's header.
    from muggins.plugins import load_registry, reset_registry
    from muggins_cli.main import cli

    reset_registry(load_registry(only=["cribbage_muggins"]))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pp.toml").write_text("partnerships = true\n")
    runner = CliRunner()
    for args in (["simulate", "cribbage_muggins", "--games", "1", "--players", players, "--rules", "pp.toml"],
                 ["play", "cribbage_muggins", "--players", players, "--rules", "pp.toml", *["--seat", "expert"] * int(players),
                  "--seed", "1", "--record", "pp.jsonl"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == f"muggins: error: pp.toml: partnerships need 4 players, not {players}"
    assert not (tmp_path / "pp.jsonl").exists()
    header = {"muggins_record": 1, "game": "cribbage_muggins", "version": "1.0", "rules": {"partnerships": True}, "players": int(players),
              "seed": 1, "seats": ["expert"] * int(players), "house_rules": []}
    (tmp_path / "h.jsonl").write_text(json.dumps(header) + "\n" + json.dumps({"opening": []}) + "\n")
    for command in (["replay", "h.jsonl"], ["replay", "--verify", "h.jsonl"], ["resume", "h.jsonl"]):
        result = runner.invoke(cli, command)
        assert result.exit_code == 2 and "partnerships need 4 players" in result.stderr, (command, result.output)
