"""Bad input: every kind is refused with one line on stderr and exit 2, naming what was wrong."""

from __future__ import annotations

import re

import tomllib

import pytest

from muggins.rules import load_rules

BOTS = ("--seat", "expert", "--seat", "expert", "--seat", "expert")


@pytest.mark.parametrize("command", [("rules",), ("play",), ("simulate", "--games", "1")])
def test_unknown_game_lists_the_installed_ones(run, one_line, command):
    result = run(command[0], "nosuchgame", *command[1:])
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: unknown game 'nosuchgame'; installed games: tally"


def test_unknown_game_with_nothing_installed(bare_run, one_line):
    result = bare_run("rules", "tally")
    assert result.exit_code == 2
    assert "installed games: none" in one_line(result.stderr)


def test_rules_prints_commented_toml_of_the_defaults(run, tally):
    result = run("rules", "tally")
    assert result.exit_code == 0
    assert result.stdout.startswith("# House rules for Tally")
    assert "# Cards dealt to each player." in result.stdout
    assert tomllib.loads(result.stdout) == {"hand_size": 3, "mistakes": "allowed", "reward": 1.0}
    assert load_rules(tally.Rules, result.stdout) == tally.Rules()


def test_rules_output_file(run, tmp_path, tally):
    result = run("rules", "tally", "-o", "house.toml")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "wrote the house rules of tally to house.toml" in result.stderr
    assert load_rules(tally.Rules, (tmp_path / "house.toml").read_text()) == tally.Rules()


def test_rules_output_file_that_cannot_be_written(run, one_line):
    result = run("rules", "tally", "--output", "no/such/dir/house.toml")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: cannot write no/such/dir/house.toml: ")


BAD_RULES = [
    ("hand_sise = 4\n", "house.toml:1: hand_sise: unknown house rule; did you mean 'hand_size'?"),
    ('reward = 1.0\nhand_size = "three"\n', 'house.toml:2: hand_size = "three" has the wrong type; use a whole number'),
    ("hand_size = 40\n", "house.toml:1: hand_size = 40 is out of range; use a number from 1 to 12"),
    ('mistakes = "sometimes"\n', 'house.toml:1: mistakes = "sometimes" is not allowed; use one of "allowed", "prevented"'),
    ("hand_size = 3\nreward = = 2\n", "house.toml: TOML syntax error: Invalid value (at line 2, column 10)"),
]


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(("text", "message"), BAD_RULES, ids=["misspelled", "type", "range", "choice", "syntax"])
def test_bad_house_rules(run, tmp_path, one_line, command, text, message):
    (tmp_path / "house.toml").write_text(text)
    extra = ("--games", "1") if command == "simulate" else ()
    result = run(command, "tally", "--rules", "house.toml", *extra)
    assert result.exit_code == 2
    assert one_line(result.stderr) == f"muggins: error: {message}"
    assert not list(tmp_path.glob("*.jsonl"))  # nothing was started


def test_rules_file_missing_or_binary(run, tmp_path, one_line):
    result = run("play", "tally", "--rules", "missing.toml")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: cannot read house rules missing.toml: No such file or directory"
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe\x00rules")
    result = run("simulate", "tally", "--games", "1", "--rules", "bin.toml")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: bin.toml: not a text file, not house rules"


def test_good_house_rules_are_used(run, tmp_path):
    (tmp_path / "house.toml").write_text("hand_size = 2\n")
    result = run("simulate", "tally", "--games", "3", "--seed", "1", "--rules", "house.toml", "--json")
    assert result.exit_code == 0
    assert '"hand_size": 2' in result.stdout
    assert '"plays": {"count": 3, "mean": 6.0' in result.stdout  # 2 cards x 3 players per game


@pytest.mark.parametrize("count", ["1", "5"])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_player_count_outside_the_game_range(run, one_line, command, count):
    extra = ("--games", "1") if command == "simulate" else ()
    result = run(command, "tally", "--players", count, *extra)
    assert result.exit_code == 2
    assert one_line(result.stderr) == f"muggins: error: tally is played by 2 to 4 players, not {count}"


def test_player_count_that_is_not_a_number(run, one_line):
    result = run("play", "tally", "--players", "three")
    assert result.exit_code == 2
    assert "'three' is not a valid integer" in one_line(result.stderr)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_unknown_seat_kind(run, one_line, command):
    extra = ("--games", "1") if command == "simulate" else ()
    result = run(command, "tally", "--seat", "expert", "--seat", "wizard", *extra)
    assert result.exit_code == 2
    kinds = "human, expert, novice, random, search" if command == "play" else "expert, novice, random, search"
    assert one_line(result.stderr) == f"muggins: error: unknown seat kind 'wizard'; kinds for tally: {kinds}"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_more_seats_than_players(run, one_line, command):
    extra = ("--games", "1") if command == "simulate" else ()
    result = run(command, "tally", "--players", "2", *BOTS, *extra)
    assert result.exit_code == 2
    # The core's line, the same for a browser table's request: a request names no option of the terminal's.
    assert one_line(result.stderr) == "muggins: error: 3 seats for 2 players; give at most one per seat"


def test_more_seats_than_the_game_allows(run, one_line):
    result = run("play", "tally", *BOTS, *BOTS)
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: tally is played by 2 to 4 players, not 6"


def test_simulate_refuses_human_seats(run, one_line):
    result = run("simulate", "tally", "--games", "1", "--seat", "human")
    assert result.exit_code == 2
    assert one_line(result.stderr) == ("muggins: error: seat kind 'human' is a person playing at this front end (the terminal, a browser table); "
                                       "this runs bots only; choose seat kinds from: expert, novice, random, search")


@pytest.mark.parametrize("args", [("--games", "0"), ("--games", "2", "--workers", "-1"), ()])
def test_simulate_counts(run, one_line, args):
    result = run("simulate", "tally", *args)
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: ")


def test_existing_record_is_never_overwritten(run, tmp_path, one_line):
    (tmp_path / "mine.jsonl").write_text("precious\n")
    result = run("play", "tally", *BOTS, "--record", "mine.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == (
        "muggins: error: record mine.jsonl already exists; choose another --record, or continue it with: muggins resume mine.jsonl"
    )
    assert (tmp_path / "mine.jsonl").read_text() == "precious\n"


def test_record_that_cannot_be_created(run, one_line):
    result = run("play", "tally", *BOTS, "--record", "no/such/dir/r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: cannot create record no/such/dir/r.jsonl: ")


def test_default_record_in_an_unwritable_directory(run, monkeypatch, one_line):
    from muggins.records import RecordFile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(RecordFile, "create", refuse)
    result = run("play", "tally", *BOTS, "--seed", "3")
    assert result.exit_code == 2
    assert re.fullmatch(
        r"muggins: error: cannot create record muggins-tally-[0-9a-f]{10}\.jsonl: Permission denied; set MUGGINS_RECORDS or use --record FILE",
        one_line(result.stderr))
