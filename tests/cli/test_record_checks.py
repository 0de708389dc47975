"""What `replay --verify` and `resume` check of a record before trusting it: its result line, and the bots it was played by.

A result line is first read as a match's result (an empty object, winners
that are not seats: refused as input, exit 2, by both commands), then held
to the replayed match's result, which it must equal (exit 1 where it
differs). A record played by other bots than the installed game's cannot
seat its bots again: `resume` refuses it as input, exit 2, in one line.
"""

from __future__ import annotations

import json

import pytest

BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")


@pytest.fixture
def finished(run, tmp_path):
    """A finished bot match of Tally, `r.jsonl`."""
    assert run("play", "tally", *BOTS, "--seed", "8", "--record", "r.jsonl").exit_code == 0
    return tmp_path / "r.jsonl"


def _with_result(path, result) -> None:
    lines = path.read_text().splitlines()
    assert "result" in json.loads(lines[-1])
    path.write_text("\n".join([*lines[:-1], json.dumps({"result": result})]) + "\n")


def _recorded_result(path) -> dict:
    return json.loads(path.read_text().splitlines()[-1])["result"]


@pytest.mark.parametrize(("result", "problem"), [
    ({}, "the result line has no 'winners'; not a muggins record"),
    ({"winners": 5}, "the result line's 'winners' is 5; it must be a list of seat numbers"),
    ({"winners": ["0"]}, "the result line's 'winners' is [\"0\"]; it must be a list of seat numbers"),
    ({"winners": [0], "scores": "many"}, "the result line's 'scores' is \"many\"; it must be a list of numbers"),
])
@pytest.mark.parametrize("command", [("replay", "--verify"), ("resume",)])
def test_a_result_line_that_is_no_result_is_refused_as_input(run, finished, one_line, result, problem, command):
    _with_result(finished, result)
    checked = run(*command, "r.jsonl")
    assert checked.exit_code == 2 and one_line(checked.stderr) == f"muggins: error: r.jsonl: {problem}"


def test_a_result_line_must_equal_the_replayed_matchs_result(run, finished, one_line):
    whole = _recorded_result(finished)
    _with_result(finished, {"winners": whole["winners"]})  # kept by the replayed result, but not equal to it
    checked = run("replay", "--verify", "r.jsonl")
    assert checked.exit_code == 1
    assert one_line(checked.stderr).startswith('muggins: error: r.jsonl diverges at result: recorded {"winners": ')
    assert run("resume", "r.jsonl").exit_code == 1


def test_a_result_line_leaving_out_a_field_at_its_default_still_verifies(run, finished):
    whole = _recorded_result(finished)
    assert whole["limit_reached"] is False
    _with_result(finished, {key: value for key, value in whole.items() if key != "limit_reached"})  # as written before the field existed
    assert run("replay", "--verify", "r.jsonl").stdout.startswith("ok: ")
    resumed = run("resume", "r.jsonl")
    assert resumed.exit_code == 0 and "this match is already over" in resumed.stdout


def test_resume_refuses_a_record_played_by_other_bots_as_input(run, tmp_path, one_line):
    stopped = run("play", "tally", "--seat", "human", "--seat", "novice", "--seed", "5", "--record", "r.jsonl", input="1\n")
    assert stopped.exit_code == 1  # the end of input: the record is kept, unfinished
    path = tmp_path / "r.jsonl"
    header, *rest = path.read_text().splitlines(keepends=True)
    path.write_text(json.dumps({**json.loads(header), "bots": "2"}) + "\n" + "".join(rest))  # played by bots tally does not have
    resumed = run("resume", "r.jsonl")
    assert resumed.exit_code == 2
    assert one_line(resumed.stderr) == (
        "muggins: error: r.jsonl was played by bots version 2 of tally, which choose otherwise than the installed first bots: "
        "it replays (muggins replay), but its bot seats cannot take up where they left off")
    verified = run("replay", "--verify", "r.jsonl")
    assert verified.exit_code == 1 and "r.jsonl: unfinished: " in verified.stderr  # cut short by the end of input
    assert verified.stderr.endswith(
        "; bot choices not checked: the match was played by bots version 2 of tally, which choose otherwise than the installed first bots\n")
