"""Text quoted in a warning or an error line is clipped, however long the plugin's pattern or the path typed.

A `MUGGINS_SUPPORTS` pattern of 100,000 characters, a `--record` path or a
`-o` path of thousands: each line stays one short line, and what is quoted
keeps its start (a pattern) or its end (a path, whose file name says most).
"""

from __future__ import annotations

from pathlib import Path

from muggins.limits import QUOTE_CHARS

# The longest line these messages make with a quote clipped to QUOTE_CHARS; the backstop bound of any error line is 400.
SHORT_LINE = 200


def test_a_long_muggins_supports_pattern_is_clipped_in_its_warning(fake_plugin, run, one_line):
    fake_plugin("longsupports", 'MUGGINS_SUPPORTS = {"tally": "9" * 100_000}\n', target="longsupports")
    listed = run("list")
    assert listed.exit_code == 0
    assert one_line(listed.stderr) == (
        f"muggins: warning: plugin 'longsupports' supports tally {'9' * (QUOTE_CHARS - 1)}…, but tally 1.0 is installed; it is not used")


def _long_path(where: Path, name: str) -> str:
    """A path of about 3,000 characters under `where`, in folders that exist (each name within the system's limit)."""
    folder = where.joinpath(*["d" * 200] * 15)
    folder.mkdir(parents=True)
    return str(folder / name)


def test_a_long_record_path_that_cannot_be_created_is_clipped(run, one_line):
    path = "x" * 3000 + "/r.jsonl"
    played = run("play", "tally", "--seat", "random", "--seat", "random", "--seed", "1", "--record", path)
    line = one_line(played.stderr)
    assert played.exit_code == 2 and len(line) < SHORT_LINE
    assert line == f"muggins: error: cannot create record …{path[-(QUOTE_CHARS - 1):]}: File name too long"


def test_a_long_record_path_that_exists_is_clipped_and_its_resume_command_not_cut(run, tmp_path, one_line):
    path = _long_path(tmp_path, "r.jsonl")
    Path(path).write_text("")
    played = run("play", "tally", "--seat", "random", "--seat", "random", "--seed", "1", "--record", path)
    line = one_line(played.stderr)
    assert played.exit_code == 2 and len(line) < SHORT_LINE
    assert line == (f"muggins: error: record …{path[-(QUOTE_CHARS - 1):]} already exists; choose another --record, "
                    "or continue it with: muggins resume FILE")


def test_a_short_record_path_that_exists_still_names_the_whole_resume_command(run, tmp_path, one_line):
    (tmp_path / "r.jsonl").write_text("")
    played = run("play", "tally", "--seat", "random", "--seat", "random", "--seed", "1", "--record", "r.jsonl")
    assert one_line(played.stderr) == "muggins: error: record r.jsonl already exists; choose another --record, or continue it with: muggins resume r.jsonl"


def test_a_long_output_path_that_exists_is_clipped(run, tmp_path, one_line):
    path = _long_path(tmp_path, "house.toml")
    Path(path).write_text("hand_size = 5\n")
    written = run("rules", "tally", "-o", path)
    line = one_line(written.stderr)
    assert written.exit_code == 2 and len(line) < SHORT_LINE
    assert line == (f"muggins: error: …{path[-(QUOTE_CHARS - 1):]} already exists (your edited house rules?); "
                    "pass --force to replace it, or choose another -o FILE")
