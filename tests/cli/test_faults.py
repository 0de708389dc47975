"""Faults and bad input: each is exit 1 or 2 with one bounded line naming the file, never a traceback or "internal error".

`BAD_INPUT` is the table: the files a case writes, the command, the exit
code and the words its one error line must hold; the next fault found is
one more row. The tests after it inject what a table cannot: a second
process writing the same record, SIGTERM and SIGHUP at the prompt, a disk
that fills up (a file-size limit, a tmpfs where one can be mounted, and a
writer that raises OSError), a record whose last line a failed write cut
off, and an overlong line typed at the prompt.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from muggins.records import read_record

MUGGINS = [sys.executable, "-m", "muggins_cli"]
BOTS = ("--seat", "expert", "--seat", "novice", "--seat", "random")
# "About 200 characters": quoted input is clipped to 60, so a line stays near this whatever the input.
MAX_LINE = 250
MEGABYTES = 3 << 20


def header(**changes: Any) -> str:
    """A record's header line (and, with `opening=True`, an empty opening line after it)."""
    opening = changes.pop("opening", False)
    head = {"muggins_record": 1, "game": "tally", "version": "1.0", "rules": {}, "players": 3, "seed": 1, "seats": ["expert", "expert", "expert"]}
    head.update(changes)
    return json.dumps(head) + "\n" + ('{"opening": []}\n' if opening else "")


def deep_json(depth: int) -> str:
    return '{"muggins_record": 1, "x": ' + "[" * depth + "]" * depth + "}\n"


def played(tmp_path: Path, run: Callable[..., Any], name: str = "r.jsonl", *seats: str) -> Path:
    """A finished bots-only record of tally, seed 4."""
    result = run("play", "tally", *(seats or BOTS), "--seed", "4", "--record", name)
    assert result.exit_code == 0, result.output
    return tmp_path / name


def rewrite_header(path: Path, **changes: Any) -> None:
    head, *rest = path.read_text().splitlines(keepends=True)
    data = json.loads(head)
    data.update(changes)
    path.write_text(json.dumps(data) + "\n" + "".join(rest))


@dataclass
class Case:
    """A bad input: files to write (text, bytes, or a function of the test folder and runner), the command, and what it must answer."""

    id: str
    args: tuple[str, ...]
    code: int
    words: tuple[str, ...]
    files: dict[str, Any] = field(default_factory=dict)
    setup: Callable[[Path, Any], None] | None = None


BAD_INPUT = [
    # -- house rules --------------------------------------------------------------------------
    Case("rules from /dev/zero", ("play", "tally", "--rules", "/dev/zero"), 2, ("/dev/zero", "not a regular file", "not house rules")),
    Case("rules from a FIFO with no writer (F4)", ("simulate", "tally", "-g", "1", "--rules", "f.toml"), 2, ("f.toml", "not a regular file"),
         setup=lambda where, run: os.mkfifo(where / "f.toml")),
    Case("rules integer of 4,301 digits (F1)", ("simulate", "tally", "-g", "1", "--rules", "huge.toml"), 2, ("huge.toml", "thousands of digits"),
         {"huge.toml": "hand_size = " + "1" * 4301 + "\n"}),
    Case("rules integer of 4,301 digits in a table key's value (F1)", ("play", "tally", "--rules", "huge.toml"), 2, ("huge.toml", "thousands of digits"),
         {"huge.toml": "[t]\nx = " + "7" * 5000 + "\n"}),
    Case("rules file of megabytes", ("play", "tally", "--rules", "big.toml"), 2, ("big.toml", "larger than 1 MiB"), {"big.toml": "# " + "x" * MEGABYTES + "\n"}),
    Case("rules value of most of a megabyte", ("simulate", "tally", "-g", "1", "--rules", "v.toml"), 2, ("v.toml:1: hand_size", "xxx…", "whole number"), {"v.toml": 'hand_size = "' + "x" * 900_000 + '"\n'}),
    Case("rules key of most of a megabyte", ("play", "tally", "--rules", "k.toml"), 2, ("k.toml", "unknown house rule", "known keys"), {"k.toml": "k" * 900_000 + " = 1\n"}),
    Case("rules TOML nested thousands deep", ("play", "tally", "--rules", "deep.toml"), 2, ("deep.toml", "nested too deeply"), {"deep.toml": "hand_size = " + "[" * 5000 + "]" * 5000 + "\n"}),
    Case("rules value nested ten deep", ("play", "tally", "--rules", "ten.toml"), 2, ("ten.toml:1: hand_size", "nested more than 8 deep"), {"ten.toml": "hand_size = " + "[" * 10 + "1" + "]" * 10 + "\n"}),
    Case("rules not UTF-8", ("play", "tally", "--rules", "latin.toml"), 2, ("latin.toml", "not a text file"), {"latin.toml": b"hand_size = 3 # \xe9\n"}),
    Case("rules -o onto an existing file", ("rules", "tally", "-o", "house.toml"), 2, ("house.toml", "already exists", "--force"), {"house.toml": "hand_size = 5\n"}),
    # -- reading records ------------------------------------------------------------------------
    Case("replay /dev/zero", ("replay", "/dev/zero"), 2, ("/dev/zero", "not a regular file")),
    Case("verify /dev/zero", ("replay", "--verify", "/dev/zero"), 2, ("/dev/zero", "not a regular file")),
    Case("replay a FIFO with no writer (F4)", ("replay", "f.jsonl"), 2, ("f.jsonl", "not a regular file"), setup=lambda where, run: os.mkfifo(where / "f.jsonl")),
    Case("verify a symlink to a FIFO (F4)", ("replay", "--verify", "l.jsonl"), 2, ("l.jsonl", "not a regular file"),
         setup=lambda where, run: (os.mkfifo(where / "f.jsonl"), os.symlink(where / "f.jsonl", where / "l.jsonl"))),
    Case("record seed of 5,000 digits (F2)", ("replay", "--verify", "h.jsonl"), 2, ("h.jsonl:1", "thousands of digits"), {"h.jsonl": header()[:-2] + ', "x": ' + "7" * 5000 + "}\n"}),
    Case("record number of 5,000 digits in an event (F2)", ("resume", "e.jsonl"), 2, ("e.jsonl:2", "thousands of digits"),
         {"e.jsonl": header() + '{"n": 0, "seat": 0, "action": "pass", "events": [{"x": ' + "1" * 5000 + "}]}\n"}),
    Case("record decision number of 5,000 digits (F2)", ("replay", "e.jsonl"), 2, ("e.jsonl:2", "thousands of digits"),
         {"e.jsonl": header() + '{"n": ' + "1" * 5000 + ', "seat": 0, "action": "pass"}\n'}),
    # -- arguments -----------------------------------------------------------------------------------
    Case("play --seed of 21 digits, which no record keeps (F3)", ("play", "tally", *BOTS, "--seed", "1" + "0" * 20, "--record", "s.jsonl"), 2,
         ("--seed", "at most 20 digits")),
    Case("simulate --seed of 21 digits (F3)", ("simulate", "tally", "-g", "1", "--seed", "-" + "9" * 21), 2, ("--seed", "at most 20 digits")),
    Case("--pace nan (F16)", ("play", "tally", "--pace", "nan"), 2, ("--pace", "nan is not allowed", "from 0 to 3600")),
    Case("--pace inf (F16)", ("play", "tally", "--pace", "inf"), 2, ("--pace", "inf is not allowed")),
    Case("--pace 1e300 (F16)", ("resume", "--pace", "1e300", "r.jsonl"), 2, ("--pace", "1e300 is not allowed")),
    Case("--cluster tcp:// with a port that is not a number (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://127.0.0.1:abc"), 2,
         ("--cluster tcp://127.0.0.1:abc", "expected local:N or tcp://HOST:PORT")),
    Case("--cluster tcp:// with no port (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://127.0.0.1"), 2, ("expected local:N or tcp://HOST:PORT",)),
    Case("--cluster tcp:// alone (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://"), 2, ("expected local:N or tcp://HOST:PORT",)),
    Case("--cluster tcp:// with a path (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://127.0.0.1:8786/extra"), 2, ("expected local:N",)),
    Case("--cluster tcp:// with a query (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://127.0.0.1:1?x=1"), 2, ("expected local:N",)),
    Case("--cluster tcp:// port 99999 (F5)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://127.0.0.1:99999"), 2, ("from 1 to 65535",)),
    Case("new game with a 300-character name (F6)", ("new", "game", "a" * 300), 2, ("is not usable", "at most 64")),
    # -- quoted text is clipped to 60 characters (F24) ------------------------------------------------
    Case("a game name of 3,000 characters (F24)", ("play", "g" * 3000), 2, ("unknown game 'ggg", "…'")),
    Case("a seat kind of 3,000 characters (F24)", ("play", "tally", "--seat", "k" * 3000), 2, ("unknown seat kind 'kkk", "…'")),
    Case("a --cluster value of 3,000 characters (F24)", ("simulate", "tally", "-g", "1", "--cluster", "tcp://" + "h" * 3000), 2, ("hhh…",)),
    Case("a --record path of 3,000 characters (F24)", ("replay", "p" * 3000 + ".jsonl"), 2, ("…ppp", "p.jsonl")),
    Case("a -o path of 3,000 characters (F24)", ("rules", "tally", "-o", "d" * 3000 + "/x.toml"), 2, ("…ddd", "/x.toml")),
    Case("resume /dev/zero", ("resume", "/dev/zero"), 2, ("/dev/zero", "not a regular file")),
    Case("resume a pipe", ("resume", "pipe"), 2, ("pipe", "not a regular file"), setup=lambda where, run: os.mkfifo(where / "pipe")),
    Case("resume a folder", ("resume", "."), 2, (".",)),
    Case("record line of megabytes", ("replay", "long.jsonl"), 2, ("long.jsonl:2", "longer than 1 MiB"), {"long.jsonl": header() + '{"n": 0, "seat": 0, "action": "' + "x" * MEGABYTES + '"}\n'}),
    Case("record JSON nested thousands deep", ("replay", "deep.jsonl"), 2, ("deep.jsonl:1", "nested too deeply"), {"deep.jsonl": deep_json(100_000)}),
    Case("record header nested deep but parsable", ("resume", "deep.jsonl"), 2, ("deep.jsonl:1",), {"deep.jsonl": deep_json(500)}),
    Case("record action of most of a megabyte", ("replay", "--verify", "act.jsonl"), 1, ("act.jsonl", "decision 0", "xxx…", "is not a choice here"), setup=lambda where, run: _long_action(where, run)),
    Case("record in Latin-1", ("replay", "latin.jsonl"), 2, ("latin.jsonl", "not a text file"), {"latin.jsonl": b'{"muggins_record": 1, "game": "\xe9"}\n'}),
    # -- record headers ---------------------------------------------------------------------------
    Case("header seed 42.7", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'seed' is 42.7", "whole number"), {"h.jsonl": header(seed=42.7)}),
    Case("header seed true", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'seed' is true"), {"h.jsonl": header(seed=True)}),
    Case("header seed of 400 digits", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'seed'", "…", "at most 20 digits"), {"h.jsonl": header(seed=10**400)}),
    Case("header players as text", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'players' is \"4\"", "whole number from 1 to 64"), {"h.jsonl": header(players="4")}),
    Case("header players 0", ("resume", "h.jsonl"), 2, ("h.jsonl:1", "'players' is 0"), {"h.jsonl": header(players=0)}),
    Case("header seats as text", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'seats' is \"heee\"", "list of seat kinds"), {"h.jsonl": header(seats="heee")}),
    Case("header seats of numbers", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'seats' is [1, 2, 3]"), {"h.jsonl": header(seats=[1, 2, 3])}),
    Case("header rules not a table", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "'rules' is [1]"), {"h.jsonl": header(rules=[1])}),
    Case("header seat kind unknown", ("replay", "--verify", "r.jsonl"), 2, ("r.jsonl: header seats", "unknown seat kind 'heee'"), setup=lambda where, run: rewrite_header(played(where, run), seats=["heee", "expert", "expert"])),
    Case("header seat option out of range", ("resume", "r.jsonl"), 2, ("r.jsonl: header seats", "error_rate=7.0 is out of range"), setup=lambda where, run: rewrite_header(played(where, run), seats=["novice:error_rate=7", "expert", "expert"])),
    Case("header seat kind unknown, narrated", ("replay", "r.jsonl"), 2, ("r.jsonl: header seats", "unknown seat kind 'heee'"), setup=lambda where, run: rewrite_header(played(where, run), seats=["expert", "heee", "expert"])),
    Case("header seats fewer than players", ("replay", "--verify", "r.jsonl"), 2, ("r.jsonl", "2 seat kinds for 3 players"), setup=lambda where, run: rewrite_header(played(where, run), seats=["expert", "expert"])),
    Case("header of an unknown format", ("replay", "h.jsonl"), 2, ("h.jsonl:1", "format \"1\" is not supported"), {"h.jsonl": header(muggins_record="1")}),
    Case("two result lines", ("replay", "r.jsonl"), 2, ("r.jsonl:", "after the result line"), setup=lambda where, run: _append(played(where, run), '{"result": {"winners": [0]}}\n')),
    Case("a decision numbered wrongly", ("replay", "n.jsonl"), 2, ("n.jsonl:3", "numbered 5, expected 0"), {"n.jsonl": header(opening=True) + '{"n": 5, "seat": 0, "action": "pass", "events": []}\n'}),
    Case("a seat that is not at the table", ("replay", "s.jsonl"), 2, ("s.jsonl:3", "seat 7 does not exist at a table of 3"), {"s.jsonl": header(opening=True) + '{"n": 0, "seat": 7, "action": "pass", "events": []}\n'}),
    Case("a decision line without its number (F23)", ("replay", "--verify", "n.jsonl"), 2, ("n.jsonl:3", "without its number 'n'"),
         {"n.jsonl": header(opening=True) + '{"seat": 0, "action": "pass", "events": []}\n'}),
    Case("a decision line without its events (F23)", ("replay", "--verify", "e.jsonl"), 2, ("e.jsonl:3", "without its 'events'"),
         {"e.jsonl": header(opening=True) + '{"n": 0, "seat": 0, "action": "pass"}\n'}),
    Case("a header without an opening line (F23)", ("resume", "h.jsonl"), 2, ("h.jsonl:2", "no opening line"), {"h.jsonl": header()}),
    Case("a header with an unknown field nested 900 deep (F23)", ("replay", "--verify", "h.jsonl"), 2, ("h.jsonl:1", "unknown field 'pad'"),
         {"h.jsonl": header(pad=json.loads("[" * 900 + "]" * 900), opening=True)}),
    Case("a last line both a result and a decision (F23)", ("replay", "--verify", "m.jsonl"), 2, ("m.jsonl:3", "a line holds 'result' and 'action'"),
         {"m.jsonl": header(opening=True) + '{"n": 0, "seat": 0, "action": "pass", "events": [], "result": {"winners": [0]}}\n'}),
    Case("an opening after decisions", ("replay", "o.jsonl"), 2, ("o.jsonl:2", "no opening line", "right after the header"), {"o.jsonl": header() + '{"n": 0, "seat": 0, "action": "pass", "events": []}\n{"opening": []}\n'}),
    # -- records that are well formed but wrong --------------------------------------------------------
    Case("resume of a finished record whose result was changed", ("resume", "r.jsonl"), 1, ("r.jsonl diverges at result", "recorded"), setup=lambda where, run: _change_result(played(where, run))),
    Case("verify of a record whose bots were relabelled", ("replay", "--verify", "r.jsonl"), 1, ("r.jsonl diverges at decision", "seat 1 (random) would choose", "the header's seats did not play this match"), setup=lambda where, run: rewrite_header(played(where, run), seats=["expert", "random", "random"])),
]


def _append(path: Path, text: str) -> None:
    with open(path, "a") as stream:
        stream.write(text)


def _change_result(path: Path) -> None:
    lines = path.read_text().splitlines(keepends=True)
    result = json.loads(lines[-1])
    result["result"]["winners"] = [2] if result["result"]["winners"] != [2] else [1]
    path.write_text("".join(lines[:-1]) + json.dumps(result) + "\n")


def _long_action(where: Path, run: Any) -> None:
    lines = played(where, run).read_text().splitlines(keepends=True)
    first = json.loads(lines[2])
    first["action"] = "x" * 900_000
    first["events"] = []
    (where / "act.jsonl").write_text(lines[0] + lines[1] + json.dumps(first) + "\n")


@pytest.mark.parametrize("case", BAD_INPUT, ids=[case.id for case in BAD_INPUT])
def test_bad_input_is_one_bounded_line(run, tmp_path, one_line, case):
    for name, content in case.files.items():
        target = tmp_path / name
        target.write_bytes(content) if isinstance(content, bytes) else target.write_text(content)
    if case.setup is not None:
        case.setup(tmp_path, run)
    result = run(*case.args)
    line = one_line(result.stderr)
    assert result.exit_code == case.code, line
    assert line.startswith("muggins: error: ") and "internal error" not in line
    assert len(line) <= MAX_LINE, line
    for words in case.words:
        assert words in line


# -- accepted input ----------------------------------------------------------------------------------
def test_a_byte_order_mark_is_accepted_in_rules_and_records(run, tmp_path):
    (tmp_path / "house.toml").write_bytes(b"\xef\xbb\xbfhand_size = 4\n")
    result = run("play", "tally", *BOTS, "--seed", "4", "--rules", "house.toml", "--record", "r.jsonl")
    assert result.exit_code == 0, result.output
    assert read_record(tmp_path / "r.jsonl").rules["hand_size"] == 4
    marked = tmp_path / "bom.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "r.jsonl").read_bytes())
    verified = run("replay", "--verify", "bom.jsonl")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith("ok: ")


def test_rules_output_is_replaced_only_with_force(run, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("hand_size = 5\n")
    assert run("rules", "tally", "-o", "house.toml").exit_code == 2
    assert house.read_text() == "hand_size = 5\n"
    result = run("rules", "tally", "-o", "house.toml", "--force")
    assert result.exit_code == 0
    assert "hand_size = 3" in house.read_text()


def test_verify_catches_a_novice_relabelled_expert(run, tmp_path, one_line):
    path = played(tmp_path, run, "r.jsonl", "--seat", "novice:error_rate=0.6", "--seat", "novice:error_rate=0.6", "--seat", "expert")
    assert run("replay", "--verify", "r.jsonl").exit_code == 0
    rewrite_header(path, seats=["expert", "expert", "expert"])
    assert run("replay", "--verify", "r.jsonl").exit_code == 1
    line = one_line(run("replay", "--verify", "r.jsonl").stderr)
    assert "(expert) would choose" in line and "the header's seats did not play this match" in line
    # The events still replay: only the bots' own choices give the relabelling away.
    assert run("replay", "r.jsonl").exit_code == 0


def test_an_overlong_line_at_the_prompt_is_cut_and_refused(run, tmp_path):
    answers = "x" * 2_000_000 + "\n" + "1\n" * 40
    result = run("play", "tally", "--seed", "5", "--seat", "human", "--seat", "expert", "--seat", "expert", "--record", "r.jsonl", input=answers)
    assert result.exit_code == 0, result.output[-500:]
    assert "x" * 201 not in result.output
    assert "is not one of the choices" in result.output
    assert read_record(tmp_path / "r.jsonl").result is not None


# -- a failed write ----------------------------------------------------------------------------------------
def test_a_write_that_fails_keeps_whole_lines_and_says_how_to_resume(run, tmp_path, monkeypatch, one_line):
    import muggins.records.file as records

    real_write = os.write
    calls = {"n": 0}

    def failing_write(fd, data):
        calls["n"] += 1
        if calls["n"] == 5:  # the header and opening are one write; after three decisions half a line reaches the disk
            return real_write(fd, bytes(data[: len(data) // 2]))
        if calls["n"] > 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(records, "_write", failing_write)
    result = run("play", "tally", *BOTS, "--seed", "4", "--record", "r.jsonl")
    monkeypatch.setattr(records, "_write", real_write)
    assert result.exit_code == 1
    assert one_line(result.stderr) == (
        "muggins: error: cannot write record r.jsonl: No space left on device; the record keeps 3 decisions; "
        "free some space, then continue with: muggins resume r.jsonl"
    )
    text = (tmp_path / "r.jsonl").read_text()
    assert text.endswith("\n") and text.count("\n") == 5  # header, opening, three decisions: no partial line
    resumed = run("resume", "r.jsonl")
    assert resumed.exit_code == 0, resumed.output
    whole = played(tmp_path, run, "whole.jsonl")
    assert (tmp_path / "r.jsonl").read_text() == whole.read_text()


def test_a_disk_full_before_the_header_leaves_no_empty_record(run, tmp_path, monkeypatch, one_line):
    import muggins.records.file as records

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(records, "_write", full)
    result = run("play", "tally", *BOTS, "--seed", "4", "--record", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: error: cannot write record r.jsonl: No space left on device; the match did not start and nothing was kept"
    assert not (tmp_path / "r.jsonl").exists()


def test_resume_drops_an_incomplete_last_line_after_keeping_a_copy(run, tmp_path, one_line):
    whole = played(tmp_path, run, "whole.jsonl")
    lines = whole.read_text().splitlines(keepends=True)
    cut = lines[:6] + [lines[6][:25]]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(cut))
    assert run("replay", "r.jsonl").exit_code == 2  # replay does not change a record
    result = run("resume", "r.jsonl")
    assert result.exit_code == 0, result.output
    note = one_line(result.stderr)
    backups = list(tmp_path.glob("r.jsonl.partial-*.bak"))
    assert len(backups) == 1 and backups[0].read_text() == "".join(cut)
    assert note == f"r.jsonl: dropped an incomplete last line (25 bytes, cut off by a failed write); the file as it was is kept in {backups[0].name}"
    assert path.read_text() == whole.read_text()


def test_a_resume_that_refuses_a_cut_off_record_leaves_it_as_it_was(run, tmp_path, one_line):
    whole = played(tmp_path, run, "whole.jsonl")
    lines = whole.read_text().splitlines(keepends=True)
    head = json.loads(lines[0])
    head["version"] = "0.9"
    cut = json.dumps(head) + "\n" + "".join(lines[1:6]) + lines[6][:25]
    path = tmp_path / "r.jsonl"
    path.write_text(cut)
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert "r.jsonl was recorded with tally version 0.9" in one_line(result.stderr)
    assert path.read_text() == cut
    assert not list(tmp_path.glob("*.bak"))


def test_resume_never_drops_the_header(run, tmp_path, one_line):
    (tmp_path / "r.jsonl").write_text('{"muggins_record": 1, "game": "ta')
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl:1: truncated record (the last line is incomplete)"
    assert (tmp_path / "r.jsonl").read_text() == '{"muggins_record": 1, "game": "ta'


@pytest.mark.parametrize("masked", [True, False], ids=["signals masked", "another thread let the signal in"])
def test_a_signal_during_a_write_waits_for_the_whole_line(tmp_path, monkeypatch, masked):
    import contextlib

    import muggins.records.file as records

    if not masked:  # as when the system hands the signal to a thread that does not block it
        monkeypatch.setattr(records, "_stop_signals_held", contextlib.nullcontext)
    from muggins.records import RecordFile
    from muggins_cli.recording import SignalStop, stop_signals

    real_write = os.write
    line = '{"n": 0, "seat": 1, "action": "pass", "events": []}\n'

    def slow_write(fd, data):
        if len(data) == len(line):  # the first attempt: SIGTERM arrives after half the line is on disk
            os.kill(os.getpid(), signal.SIGTERM)
            return real_write(fd, bytes(data[: len(data) // 2]))
        return real_write(fd, data)

    stream = RecordFile.create(tmp_path / "r.jsonl")
    with pytest.raises(SignalStop) as stopped, stop_signals(stream.guard):
        monkeypatch.setattr(records, "_write", slow_write)
        try:
            stream.write(line)
        finally:
            monkeypatch.setattr(records, "_write", real_write)
    stream.close()
    assert stopped.value.exit_code == 143
    assert (tmp_path / "r.jsonl").read_text() == line


def test_a_stop_waits_for_its_own_record_only_never_for_another_threads(tmp_path, monkeypatch):
    # Two tables writing records from two threads: a stop of the one on this thread must not wait for the
    # other's line, nor be raised in the other's thread once that line is whole.
    import threading

    import muggins.records.file as records
    from muggins.records import RecordFile
    from muggins_cli.recording import SignalStop, stop_signals

    mine, theirs = RecordFile.create(tmp_path / "mine.jsonl"), RecordFile.create(tmp_path / "theirs.jsonl")
    line = '{"n": 0, "seat": 1, "action": "pass", "events": []}\n'
    half_written, go_on = threading.Event(), threading.Event()
    real_write = os.write

    def slow_theirs(fd, data):
        if fd == theirs.fd and not go_on.is_set():
            written = real_write(fd, bytes(data[:10]))
            half_written.set()
            go_on.wait(10)
            return written
        return real_write(fd, data)

    raised_there = []

    def other_table():
        try:
            theirs.write(line)
        except BaseException as exc:  # noqa: BLE001 - whatever reaches this thread is the failure
            raised_there.append(exc)

    monkeypatch.setattr(records, "_write", slow_theirs)
    other = threading.Thread(target=other_table)
    other.start()
    try:
        assert half_written.wait(10)
        with pytest.raises(SignalStop) as stopped, stop_signals(mine.guard):
            os.kill(os.getpid(), signal.SIGTERM)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:  # the handler runs in this thread between two of these
                time.sleep(0.01)
        assert theirs.guard.writing  # stopped while the other line was still half written
    finally:
        go_on.set()
        other.join(10)
    assert stopped.value.exit_code == 143 and raised_there == []
    assert (tmp_path / "theirs.jsonl").read_text() == line
    mine.close()
    theirs.close()


# -- real processes --------------------------------------------------------------------------------------------
def muggins(*args: str, env: dict[str, str], cwd: Path, input: str | None = None, **options: Any) -> subprocess.CompletedProcess:
    return subprocess.run([*MUGGINS, *args], env=env, cwd=cwd, input=input, capture_output=True, text=True, timeout=60, **options)


def at_the_prompt(env: dict[str, str], cwd: Path, *args: str, lines: int = 2) -> subprocess.Popen:
    """A `muggins` process waiting for the human at seat 0, once its record has `lines` lines."""
    process = subprocess.Popen([*MUGGINS, *args], env=env, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    record = cwd / "r.jsonl"
    deadline = time.monotonic() + 30
    while not (record.exists() and record.read_text().count("\n") >= lines):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the match never started"
        time.sleep(0.05)
    time.sleep(0.3)  # let it reach the prompt
    return process


HUMAN_AT_TALLY = ("--seat", "human", "--seat", "expert", "--seat", "expert", "--seed", "5")


def test_one_writer_per_record_across_processes(subprocess_env, tmp_path):
    first = at_the_prompt(subprocess_env, tmp_path, "play", "tally", *HUMAN_AT_TALLY, "--record", "r.jsonl")
    try:
        before = (tmp_path / "r.jsonl").read_text()
        second = muggins("resume", "r.jsonl", env=subprocess_env, cwd=tmp_path, input="1\n" * 20)
        assert second.returncode == 2, second.stderr
        assert second.stderr == (
            f"muggins: error: record r.jsonl is being written by process {first.pid} (muggins play tally {' '.join(HUMAN_AT_TALLY)} --record r.jsonl); "
            "only one may write a record at a time\n"
        )
        onto = muggins("play", "tally", *HUMAN_AT_TALLY, "--record", "r.jsonl", env=subprocess_env, cwd=tmp_path)
        assert onto.returncode == 2
        assert onto.stderr.startswith(f"muggins: error: record r.jsonl is being written by process {first.pid} (muggins play tally ")
        assert (tmp_path / "r.jsonl").read_text() == before
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=30)
    assert first.returncode == 143
    # The lock went with the process: a resume takes it, and a second resume meanwhile is refused.
    resumer = subprocess.Popen(
        [*MUGGINS, "resume", "r.jsonl"], env=dict(subprocess_env, PYTHONUNBUFFERED="1"), cwd=tmp_path,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert resumer.stdout.readline().startswith("resuming r.jsonl after ")  # it holds the lock from before this line
        refused = muggins("resume", "r.jsonl", env=subprocess_env, cwd=tmp_path)
        assert refused.returncode == 2
        assert f"being written by process {resumer.pid} (muggins resume r.jsonl)" in refused.stderr
    finally:
        out, err = resumer.communicate("1\n" * 40, timeout=60)
    assert resumer.returncode == 0, err
    assert muggins("replay", "--verify", "r.jsonl", env=subprocess_env, cwd=tmp_path).returncode == 0


@pytest.mark.parametrize(("signum", "code", "why"), [(signal.SIGTERM, 143, "stopped by SIGTERM"), (signal.SIGHUP, 129, "hung up (SIGHUP)")])
def test_sigterm_and_sighup_stop_like_ctrl_c(subprocess_env, tmp_path, signum, code, why):
    process = at_the_prompt(subprocess_env, tmp_path, "play", "tally", *HUMAN_AT_TALLY, "--record", "r.jsonl")
    process.stdin.write("1\n")  # one decision of the human's, then the next prompt
    process.stdin.flush()
    deadline = time.monotonic() + 30
    while read_record(tmp_path / "r.jsonl").decisions == [] and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    process.send_signal(signum)
    out, err = process.communicate(timeout=30)
    assert process.returncode == code, err
    kept = len(read_record(tmp_path / "r.jsonl").decisions)
    assert kept >= 1
    assert err.strip().splitlines()[-1] == f"muggins: {why} after {kept} decisions; the record is saved; continue with: muggins resume r.jsonl"
    assert "Traceback" not in err
    assert (tmp_path / "r.jsonl").read_text().endswith("\n")
    resumed = muggins("resume", "r.jsonl", env=subprocess_env, cwd=tmp_path, input="1\n" * 40)
    assert resumed.returncode == 0, resumed.stderr


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # over the limit, write fails with EFBIG instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_full_disk_in_a_real_process(subprocess_env, tmp_path):
    args = ("play", "tally", *BOTS, "--seed", "4", "--record", "r.jsonl")
    full = muggins(*args, env=subprocess_env, cwd=tmp_path, preexec_fn=_file_size_limit(1500))
    assert full.returncode == 1, full.stderr
    kept = len(read_record(tmp_path / "r.jsonl").decisions)
    assert full.stderr == (
        f"muggins: error: cannot write record r.jsonl: the file size limit (ulimit -f) was reached; the record keeps {kept} decisions; "
        "raise the limit, then continue with: muggins resume r.jsonl\n"
    )
    assert (tmp_path / "r.jsonl").read_text().endswith("\n") and os.path.getsize(tmp_path / "r.jsonl") <= 1500
    assert muggins("resume", "r.jsonl", env=subprocess_env, cwd=tmp_path).returncode == 0
    whole = muggins("play", "tally", *BOTS, "--seed", "4", "--record", "whole.jsonl", env=subprocess_env, cwd=tmp_path)
    assert whole.returncode == 0
    assert (tmp_path / "r.jsonl").read_text() == (tmp_path / "whole.jsonl").read_text()


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 4 KiB tmpfs (root only; skipped where mounting is not allowed)."""
    where = tmp_path / "small"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    yield where
    subprocess.run(["umount", str(where)], check=True)


def test_a_full_tmpfs(subprocess_env, tmp_path, small_tmpfs):
    (tmp_path / "house.toml").write_text("hand_size = 12\n")  # a record larger than 4 KiB
    args = ("play", "tally", *BOTS, "--seed", "4", "--rules", str(tmp_path / "house.toml"), "--record", "r.jsonl")
    full = muggins(*args, env=subprocess_env, cwd=small_tmpfs)
    assert full.returncode == 1, full.stderr
    assert full.stderr.startswith("muggins: error: cannot write record r.jsonl: No space left on device; the record keeps ")
    assert full.stderr.endswith("; free some space, then continue with: muggins resume r.jsonl\n")
    assert (small_tmpfs / "r.jsonl").read_text().endswith("\n")
    verified = muggins("replay", "--verify", "r.jsonl", env=subprocess_env, cwd=small_tmpfs)
    assert verified.returncode == 1 and verified.stderr.startswith("muggins: error: r.jsonl: unfinished: ")  # what it keeps checks


# -- signals outside the match loop (F9) ----------------------------------------------------------
@pytest.mark.parametrize(("signum", "code", "why"), [(signal.SIGTERM, 143, "stopped by SIGTERM"), (signal.SIGHUP, 129, "hung up (SIGHUP)")])
def test_a_signal_while_resume_checks_the_record_keeps_its_exit_code(run, tmp_path, monkeypatch, one_line, signum, code, why):
    from muggins import session
    from muggins_cli.recording import SignalStop

    record = played(tmp_path, run)
    text = record.read_text()
    record.write_text("".join(text.splitlines(keepends=True)[:-1]))  # unfinished, so resume replays it first

    def signalled(*args, **kwargs):
        raise SignalStop(signum)

    monkeypatch.setattr(session, "reopen", signalled)  # the session catching the record's bots up
    result = run("resume", "r.jsonl")
    assert result.exit_code == code and one_line(result.stderr) == f"muggins: error: {why}"
    assert record.read_text() == "".join(text.splitlines(keepends=True)[:-1])  # untouched


def test_a_signal_before_the_header_is_written_leaves_no_record(run, tmp_path, monkeypatch, one_line):
    from muggins.records import RecordWriter
    from muggins_cli.recording import SignalStop

    def signalled(*args, **kwargs):
        raise SignalStop(signal.SIGTERM)

    monkeypatch.setattr(RecordWriter, "start", signalled)
    result = run("play", "tally", *BOTS, "--seed", "4", "--record", "r.jsonl")
    assert result.exit_code == 143 and one_line(result.stderr) == "muggins: error: stopped by SIGTERM"
    assert not (tmp_path / "r.jsonl").exists()
