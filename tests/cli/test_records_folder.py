"""Where records go, `muggins records`, `muggins resume` with no file, and the resume hint as `muggins` was started."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import click
import pytest

from muggins.records import read_record
from muggins_cli import recording

BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")


@pytest.fixture
def app_home(tmp_path, monkeypatch):
    """No MUGGINS_RECORDS: the user data folder, under a fake home."""
    monkeypatch.delenv("MUGGINS_RECORDS")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    return Path(click.get_app_dir("muggins")) / "records"


def test_records_go_to_the_user_data_folder_by_default(run, tmp_path, app_home):
    assert str(app_home).startswith(str(tmp_path / "home"))
    result = run("play", "tally", *BOTS, "--seed", "4")
    assert result.exit_code == 0, result.output
    [path] = app_home.glob("muggins-tally-*.jsonl")
    assert re.fullmatch(r"muggins-tally-[0-9a-f]{10}\.jsonl", path.name)  # a random name: the seed would give the deal away
    assert f"recording to {path}\n" in result.stdout
    assert result.stdout.rstrip().endswith(f"record: {path}")
    assert read_record(path).result is not None
    assert not list(tmp_path.glob("*.jsonl"))  # nothing in the current folder
    again = run("play", "tally", *BOTS, "--seed", "4")
    [second] = set(app_home.glob("muggins-tally-*.jsonl")) - {path}
    assert f"recording to {second}\n" in again.stdout


def test_the_environment_variable_and_record_option_choose_the_place(run, tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path / "mine"))
    assert run("play", "tally", *BOTS, "--seed", "4").exit_code == 0
    assert len(list((tmp_path / "mine").glob("muggins-tally-*.jsonl"))) == 1
    assert run("play", "tally", *BOTS, "--seed", "4", "--record", "here.jsonl").exit_code == 0
    assert (tmp_path / "here.jsonl").exists()


def test_a_records_folder_that_cannot_be_made(run, tmp_path, monkeypatch, one_line):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path / "file" / "records"))
    result = run("play", "tally", *BOTS, "--seed", "4")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith(f"muggins: error: cannot create the records folder {tmp_path / 'file' / 'records'}: ")
    assert one_line(result.stderr).endswith("; set MUGGINS_RECORDS or use --record FILE")


def _unfinished(run, seed: str, name: str) -> None:
    result = run("play", "tally", "--seat", "human", "--seat", "expert", "--seat", "expert", "--seed", seed, "--record", name, input="1\n")
    assert result.exit_code == 1


def test_records_lists_the_recent_ones_newest_first(run, tmp_path):
    assert run("play", "tally", *BOTS, "--seed", "4", "--record", "muggins-tally-4.jsonl").exit_code == 0
    _unfinished(run, "5", "muggins-tally-5.jsonl")
    (tmp_path / "junk.jsonl").write_text("not a record\n")
    os.utime(tmp_path / "muggins-tally-4.jsonl", (1_700_000_000, 1_700_000_000))
    os.utime(tmp_path / "junk.jsonl", (1_600_000_000, 1_600_000_000))
    listed = run("records", "--json")
    assert listed.exit_code == 0
    data = json.loads(listed.stdout)
    assert data["folder"] == "."
    rows = data["records"]
    assert [Path(r["path"]).name for r in rows] == ["muggins-tally-5.jsonl", "muggins-tally-4.jsonl", "junk.jsonl"]
    assert rows[0] | {"date": None} == {
        "path": "muggins-tally-5.jsonl", "game": "tally", "date": None, "players": 3, "seats": ["human", "expert", "expert"],
        "seed": None, "finished": False, "readable": True,  # no seed while the match can go on: it reproduces every hand
    }
    assert rows[1]["finished"] is True and rows[1]["seed"] == 4 and rows[1]["seats"] == ["expert", "novice", "random"]
    assert rows[2]["readable"] is False and rows[2]["game"] is None
    table = run("records").stdout.splitlines()
    assert table[0].split() == ["DATE", "GAME", "PLAYERS", "STATUS", "RECORD"]
    # The seats in words; the record and --json keep the specs as they were given.
    assert "unfinished" in table[1] and table[1].endswith("muggins-tally-5.jsonl") and "a person · an expert · an expert" in table[1]
    assert "finished" in table[2] and "an expert · a novice · a random player" in table[2] and "unreadable" in table[3]
    assert "human" not in "\n".join(table)
    assert table[-1] == "folder: ."
    limited = run("records", "-n", "1").stdout.splitlines()
    assert len(limited) == 3 and limited[-1] == "folder: . (2 older not shown; --all shows them)"


def test_records_of_an_empty_folder(run):
    result = run("records")
    assert result.exit_code == 0
    assert result.stdout == "no records in .; `muggins play GAME` records each match there\n"


def test_resume_without_a_file_takes_the_most_recent_unfinished_match(run, tmp_path, one_line):
    none_yet = run("resume")
    assert none_yet.exit_code == 2
    assert one_line(none_yet.stderr) == (
        "muggins: error: no unfinished match in the records folder .; name a record (muggins resume FILE) or start one with muggins play GAME"
    )
    _unfinished(run, "5", "older.jsonl")
    _unfinished(run, "6", "newer.jsonl")
    assert run("play", "tally", *BOTS, "--seed", "4", "--record", "finished.jsonl").exit_code == 0
    os.utime(tmp_path / "older.jsonl", (1_600_000_000, 1_600_000_000))
    result = run("resume", input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("the most recent unfinished match: newer.jsonl\nresuming newer.jsonl after ")
    assert read_record(tmp_path / "newer.jsonl").result is not None
    assert read_record(tmp_path / "older.jsonl").result is None


@pytest.mark.parametrize(("env", "argv0", "where", "expected"), [
    ({}, "/venv/bin/muggins", "project", "muggins resume r.jsonl"),
    ({"UV": "/usr/bin/uv"}, "/venv/bin/muggins", "project", "uv run muggins resume r.jsonl"),
    ({"UV": "/usr/bin/uv"}, "/venv/bin/muggins", "project/sub", "uv run muggins resume r.jsonl"),
    ({"UV": "/usr/bin/uv"}, "/venv/bin/muggins", "elsewhere", "uv run --project {project} muggins resume r.jsonl"),
])
def test_the_resume_hint_is_the_command_as_started(run, tmp_path, monkeypatch, one_line, env, argv0, where, expected):
    project = tmp_path / "project"
    (project / ".venv").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / where).mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("VIRTUAL_ENV", str(project / ".venv"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "argv", [argv0])
    _unfinished(run, "5", "r.jsonl")
    monkeypatch.chdir(tmp_path / where)
    assert recording.resume_command("r.jsonl") == expected.format(project=project)


def test_the_hint_through_uv_is_printed_on_stopping(run, monkeypatch, one_line):
    monkeypatch.setenv("UV", "/usr/bin/uv")
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    monkeypatch.setattr(sys, "argv", ["muggins"])
    result = run("play", "tally", "--seat", "human", "--seat", "expert", "--seat", "expert", "--seed", "5", "--record", "my match.jsonl", input="1\n")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: input ended after 4 decisions; the record is saved; continue with: uv run muggins resume 'my match.jsonl'"


def test_python_dash_m_is_named_when_muggins_is_not_this_installation(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "muggins_cli" / "__main__.py")])
    monkeypatch.setenv("PATH", str(tmp_path))  # no muggins script to be found
    assert recording.muggins_command() == f"{sys.executable} -m muggins_cli"
    script = Path(sys.executable).parent / "muggins"
    if script.exists():
        monkeypatch.setenv("PATH", str(script.parent))
        assert recording.muggins_command() == "muggins"


def test_gitignore_covers_records_made_in_the_repository():
    root = Path(__file__).resolve().parents[2]
    patterns = (root / ".gitignore").read_text().splitlines()
    assert "muggins-*.jsonl" in patterns and "*.jsonl.partial-*.bak" in patterns


@pytest.mark.parametrize("header", [
    {"muggins_record": 1, "game": "muggins_shedding", "seats": [1, 2]},
    {"muggins_record": 1, "game": "g", "seats": ["\ud800"], "players": 1, "seed": 1},
    {"muggins_record": 1, "game": "g", "seats": [None, "x"]},
    {"muggins_record": 1, "game": 5, "seats": ["x"], "players": 1, "seed": 1},
])
def test_a_hostile_header_is_one_unreadable_row_and_the_rest_is_listed(run, tmp_path, header):
    # F8: such a header used to make `muggins records` fail as "internal error".
    assert run("play", "tally", *BOTS, "--seed", "4", "--record", "muggins-tally-4.jsonl").exit_code == 0
    (tmp_path / "x.jsonl").write_text(json.dumps(header) + "\n")
    for args in (("records",), ("records", "--json")):
        listed = run(*args)
        assert listed.exit_code == 0, listed.output
    rows = {Path(r["path"]).name: r for r in json.loads(run("records", "--json").stdout)["records"]}
    assert rows["x.jsonl"]["readable"] is False and rows["muggins-tally-4.jsonl"]["finished"] is True
    assert "unreadable" in run("records").stdout


def test_finished_or_not_comes_from_the_whole_last_line(run, tmp_path, one_line):
    # F18: a result line longer than the last 4 KiB made a finished match look unfinished, and one that merely
    # began like a result line made a broken record look finished.
    assert run("play", "tally", *BOTS, "--seed", "4", "--record", "long.jsonl").exit_code == 0
    lines = (tmp_path / "long.jsonl").read_text().splitlines()
    result = json.loads(lines[-1])
    result["result"]["stats"]["padding"] = ["x" * 100] * 100  # a 10 kB result line, still a result
    (tmp_path / "long.jsonl").write_text("\n".join(lines[:-1] + [json.dumps(result)]) + "\n")
    (tmp_path / "fake.jsonl").write_text("\n".join(lines[:-1] + ['{"result": {"winners": [0], broken']) + "\n")
    os.utime(tmp_path / "long.jsonl", (1_700_000_000, 1_700_000_000))
    rows = {Path(r["path"]).name: r for r in json.loads(run("records", "--json").stdout)["records"]}
    assert rows["long.jsonl"]["finished"] is True and rows["fake.jsonl"]["finished"] is False
    picked = run("resume")  # the most recent unfinished one is fake.jsonl, never the finished long.jsonl
    assert picked.stdout.startswith("the most recent unfinished match: fake.jsonl")
