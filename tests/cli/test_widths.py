"""Lines at 80 and 120 columns: broken only between items, never inside a seat kind, a path, a file name or a card group.

Issue 27, item 11: `muggins records` let the terminal wrap its rows (and so
split `novice:` from `error_rate=0.2`), the "continue with: … resume PATH"
line broke inside the path, a cribbage breakdown broke inside `(3♣ 4♠ 8♣)`
and `muggins replay` printed narration lines of 95–133 characters at 80
columns. Piped output is broken at `COLUMNS` (as for Click's help), a real
terminal at its width; what is checked is where each line ends.
"""

from __future__ import annotations

import re
import sys

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins_cli.style import fit

SEATS = ["novice:error_rate=0.25,attention=0.75", "novice:error_rate=0.2", "expert", "random"]


def _groups_whole(line: str) -> bool:
    """Every bracket a line opens it closes: no card group runs on to the next line."""
    return line.count("(") == line.count(")") and line.count("[") == line.count("]")


SEAT_WORDS = ["a novice who errs about one time in four and who catches the others' mistakes about three times in four",
              "a novice who errs about one time in five", "an expert", "a random player"]


@pytest.mark.parametrize("width", [80, 120])
def test_records_rows_fit_and_keep_every_file_name_whole_and_say_the_seats_in_words(run, monkeypatch, tmp_path, width):
    for seed in ("4", "5"):
        seats = [arg for seat in SEATS for arg in ("--seat", seat)]
        assert run("play", "tally", *seats, "--seed", seed).exit_code == 0
    names = {path.name for path in tmp_path.glob("muggins-tally-*.jsonl")}
    assert len(names) == 2
    monkeypatch.setenv("COLUMNS", str(width))
    lines = run("records").stdout.splitlines()
    assert max(map(len, lines)) <= width, lines
    words = {word for line in lines for word in line.split()}
    assert names <= words
    said = " ".join(line.strip() for line in lines)
    assert " · ".join(SEAT_WORDS) in said and "error_rate" not in said  # the seats in words, broken only between words
    assert lines[-1] == "folder: ."
    monkeypatch.delenv("COLUMNS")
    piped = run("records").stdout.splitlines()
    assert len(piped) == 4 and " · ".join(SEAT_WORDS) in piped[1]  # a pipe without COLUMNS keeps one row per record


def test_a_long_seat_list_goes_under_its_row_broken_between_seats():
    from muggins_cli.recording import records_lines

    seats = ", ".join(["human"] + ["novice:error_rate=0.2"] * 3)
    table = [("DATE", "GAME", "PLAYERS", "STATUS", "RECORD"),
             ("2026-12-01 19:51", "muggins_shedding", seats, "unfinished", "muggins-muggins_shedding-1234567890.jsonl")]
    assert records_lines(table, 120) == [
        "DATE              GAME              STATUS      RECORD",
        "2026-12-01 19:51  muggins_shedding  unfinished  muggins-muggins_shedding-1234567890.jsonl",
        "  players: human, novice:error_rate=0.2, novice:error_rate=0.2, novice:error_rate=0.2",
    ]
    assert records_lines(table, 80) == [
        "DATE              GAME              STATUS",
        "2026-12-01 19:51  muggins_shedding  unfinished",
        "  players: human, novice:error_rate=0.2, novice:error_rate=0.2,",
        "    novice:error_rate=0.2",
        "  record: muggins-muggins_shedding-1234567890.jsonl",
    ]
    assert records_lines(table, None)[1].endswith(f"{seats}  unfinished  muggins-muggins_shedding-1234567890.jsonl")


def test_a_cribbage_breakdown_breaks_between_items_never_inside_a_card_group():
    line = ("Settled, seat 0's hand: announced 8, true count 8. Breakdown: fifteen 2 (7♠ 8♠) · fifteen 2 (A♥ 6♦ 8♠) · "
            "run of 4 4 (5♠ 6♦ 7♠ 8♠) · fifteen 2 (3♣ 4♠ 8♣) = 10.")
    for width in (80, 120):
        pieces = fit(line, width)
        assert len(pieces) > 1 and all(len(piece) <= width and _groups_whole(piece) for piece in pieces)
        assert " ".join(piece.strip() for piece in pieces) == line
    assert fit("Table (14): [A♦]  [3♣ 3♦ 3♠]  " * 5, 80)[0].endswith("]")  # a fishing table's groups too


def test_a_command_to_copy_starts_a_line_and_a_path_is_never_split():
    path = "/home/you/.local/share/muggins/records/muggins-muggins_shedding-1234567.jsonl"
    command = f"uv run muggins resume {path}"
    line = f"muggins: interrupted after 17 decisions; the record is saved; continue with: {command}"
    assert fit(line, 120, whole=(command,)) == ["muggins: interrupted after 17 decisions; the record is saved; continue with:", f"  {command}"]
    assert fit(line, 80, whole=(command,))[1:] == ["  uv run muggins resume", f"  {path}"]  # too long for one line: it begins one
    assert fit(f"record: {path}-x", 80) == ["record:", f"{path}-x"]  # 79 characters, no room for the indent: a line unindented
    quoted = "'/Users/you/Library/Application Support/muggins/records/muggins-GAME-4242.jsonl'"
    assert quoted in fit(f"continue with: muggins resume {quoted} now", 90)[1]  # a path the shell quotes keeps its space


@pytest.fixture
def cribbage(run, monkeypatch):
    """`run` with the cribbage game installed beside Tally."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,cribbage_muggins")
    reset_registry(load_registry())
    yield run
    reset_registry()


@pytest.mark.plugins
def test_replay_at_80_columns_fits_every_narration_line(cribbage, monkeypatch):
    # The newcomer's match: seed 21, three players.
    seats = [arg for seat in ["novice"] * 3 for arg in ("--seat", seat)]
    assert cribbage("play", "cribbage_muggins", *seats, "--seed", "21", "--record", "r.jsonl").exit_code == 0
    whole = cribbage("replay", "r.jsonl").stdout.splitlines()
    assert max(map(len, whole)) > 95  # piped without COLUMNS: every line whole, as before
    monkeypatch.setenv("COLUMNS", "80")
    lines = cribbage("replay", "r.jsonl").stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert all(_groups_whole(line) for line in lines)
    assert any(re.search(r"\(\S+ \S+\)", line) for line in lines)  # the card groups are there, each on one line
    assert " ".join(" ".join(lines).split()) == " ".join(" ".join(whole).split())  # nothing lost or changed


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_resume_line_on_a_terminal_keeps_the_command_and_its_path_whole(terminal, tmp_path):
    folder = "records-kept-in-a-folder-whose-name-is-long"  # relative, so the line's length does not depend on where tests run
    (tmp_path / folder).mkdir()
    path = f"{folder}/muggins-tally-5.jsonl"
    term = terminal("play", "tally", "--opponents", "expert", "--seed", "5", "--pace", "0", "--record", path)
    term.expect("choose 1-33 > ")
    term.type("\x04")  # Ctrl-D: the input ends and the match stops, the record kept
    assert term.process.wait(timeout=30) == 1
    term.read(1)
    lines = term.lines()
    assert max(map(len, lines)) <= 80
    assert any(path in line for line in lines[:2])  # "recording to PATH" too
    stop = next(n for n, line in enumerate(lines) if line.startswith("muggins: input ended after"))
    assert lines[stop].endswith("continue with:")
    assert any(line.endswith(f" {path}") for line in lines[stop + 1:])  # the command, path and all, on one line


@pytest.mark.parametrize("columns", [None, "", "0", "-3", "abc", "40", "132"])
def test_the_terminal_width_is_read_as_shutil_reads_it(monkeypatch, columns):
    import shutil

    from muggins_cli.style import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns(80) == shutil.get_terminal_size((80, 24)).columns
    assert terminal_columns(77) == shutil.get_terminal_size((77, 24)).columns
