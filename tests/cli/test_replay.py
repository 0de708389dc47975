"""`muggins replay`: narration, verification, and every way a record can be unusable."""

from __future__ import annotations

import json

import pytest

BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")


@pytest.fixture
def record(run, tmp_path):
    """A finished record of a bot match, `r.jsonl` in the current directory."""
    result = run("play", "tally", *BOTS, "--seed", "8", "--record", "r.jsonl")
    assert result.exit_code == 0
    return tmp_path / "r.jsonl"


def rewrite(path, change):
    """Apply `change(list_of_parsed_lines)` to a record file."""
    parsed = [json.loads(line) for line in path.read_text().splitlines()]
    change(parsed)
    path.write_text("".join(json.dumps(line) + "\n" for line in parsed))


def test_replay_narrates_what_play_narrated(run, record):
    played = run("play", "tally", *BOTS, "--seed", "8", "--record", "again.jsonl").stdout
    result = run("replay", "r.jsonl")
    assert result.exit_code == 0
    narration = [l for l in played.splitlines() if not l.startswith(("recording", "record:"))]
    assert result.stdout.splitlines() == narration


def test_verify_ok(run, record):
    decisions = sum(1 for line in record.read_text().splitlines() if '"action"' in line)
    result = run("replay", "--verify", "r.jsonl")
    assert (result.exit_code, result.stdout) == (0, f"ok: {decisions} decisions verified\n")


def test_verify_reports_the_first_divergent_decision(run, record, one_line):
    def change(lines):
        lines[2]["events"][0]["said"] = 99
        lines[4]["events"] = []

    rewrite(record, change)
    result = run("replay", "--verify", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr).startswith("muggins: error: r.jsonl diverges at decision 0: events differ: recorded ")


def test_verify_reports_a_different_deal(run, record, one_line):
    rewrite(record, lambda lines: lines[1]["opening"][0].update(dealer=99))
    result = run("replay", "--verify", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: error: r.jsonl diverges at opening: set-up events differ from the record (different deal?)"


def test_verify_reports_a_different_result(run, record, one_line):
    rewrite(record, lambda lines: lines[-1]["result"].update(winners=[5]))
    result = run("replay", "--verify", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr).startswith("muggins: error: r.jsonl diverges at result: recorded ")


def test_verify_reports_a_result_for_an_unfinished_match(run, record, one_line):
    rewrite(record, lambda lines: lines.pop(-2))  # drop the last decision, keep the result
    result = run("replay", "--verify", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: error: r.jsonl diverges at result: the record has a result, but the replayed match is not over"


def test_narration_stops_at_an_impossible_decision(run, record, one_line):
    def change(lines):
        lines[5]["seat"] = (lines[5]["seat"] + 1) % 3

    rewrite(record, change)
    result = run("replay", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr).startswith("muggins: error: r.jsonl: replay stopped at decision 3: record has seat ")
    assert result.stdout.count(" plays ") >= 1  # what came before was narrated


def test_narration_of_an_unfinished_record(run, tmp_path):
    run("play", "tally", "--seed", "5", "--record", "part.jsonl", input="1\n")
    result = run("replay", "part.jsonl")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "seat 0 plays A♥ and says 0"
    assert result.stdout.splitlines()[-1].startswith("the record stops before the end of the match (")
    assert result.stdout.rstrip().endswith("continue it with: muggins resume part.jsonl")


HEADER = '{"muggins_record": 1, "game": "tally", "version": "1.0", "rules": {}, "players": 3, "seed": 1, "seats": ["expert", "expert", "expert"]}\n'
BROKEN = [
    (None, "cannot read record r.jsonl: No such file or directory"),
    ("", "r.jsonl: empty file, not a muggins record"),
    ('{"muggins_record": 1}\n', "r.jsonl:1: header is missing or has a bad field"),
    (HEADER + '{oops\n', "r.jsonl:2: not valid JSON (Expecting property name"),
    ('{"hello": 1}\n', "r.jsonl:1: not a muggins record (no 'muggins_record' header)"),
    ('{"muggins_record": 1, "game": "tally"', "r.jsonl:1: truncated record (the last line is incomplete)"),
    ("[1, 2]\n", "r.jsonl:1: each line must be a JSON object"),
]


@pytest.mark.parametrize("command", [("replay",), ("replay", "--verify"), ("resume",)])
@pytest.mark.parametrize(("text", "message"), BROKEN, ids=["missing", "empty", "header", "corrupt", "foreign", "truncated", "array"])
def test_unusable_records(run, tmp_path, one_line, command, text, message):
    if text is not None:
        (tmp_path / "r.jsonl").write_text(text)
    result = run(*command, "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith(f"muggins: error: {message}")


def test_truncated_last_line_of_a_real_record(run, record, one_line):
    record.write_text(record.read_text()[:-20])
    result = run("replay", "r.jsonl")
    assert result.exit_code == 2
    lines = record.read_text().count("\n") + 1
    assert one_line(result.stderr) == f"muggins: error: r.jsonl:{lines}: truncated record (the last line is incomplete)"


def test_corrupt_line_in_the_middle(run, record, one_line):
    text = record.read_text().splitlines(keepends=True)
    text[3] = "not json at all\n"
    record.write_text("".join(text))
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: r.jsonl:4: not valid JSON (Expecting value at column 1)")


def test_binary_record(run, tmp_path, one_line):
    (tmp_path / "r.jsonl").write_bytes(b"\x89PNG\xff\xfe")
    result = run("replay", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: not a text file, not a muggins record"


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_record_of_a_game_that_is_not_installed(run, record, one_line, command):
    rewrite(record, lambda lines: lines[0].update(game="cribbage"))
    result = run(command, "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl is a record of game 'cribbage', which is not installed; installed games: tally"


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_record_of_another_version(run, record, one_line, command):
    rewrite(record, lambda lines: lines[0].update(version="0.9"))
    result = run(command, "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl was recorded with tally version 0.9, but the installed tally is version 1.0"


@pytest.mark.parametrize("command", [("replay",), ("replay", "--verify"), ("resume",)])
def test_record_with_bad_rules_or_player_count(run, record, one_line, command):
    rewrite(record, lambda lines: (lines[0]["rules"].update(hand_sise=2), lines.pop()))
    result = run(*command, "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: record rules: hand_sise: unknown house rule; did you mean 'hand_size'?"
    rewrite(record, lambda lines: (lines[0]["rules"].pop("hand_sise"), lines[0].update(players=9, seats=["expert"] * 9)))
    result = run(*command, "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: record is for 9 players; tally allows 2-4"
