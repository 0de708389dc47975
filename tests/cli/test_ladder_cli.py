"""`muggins ladder`: its JSON and tables, one-line errors (the missing openskill among them), and Ctrl-C's partial ladder, on Tally."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest



def test_the_json_has_ratings_pairs_and_the_design(run):
    result = run("ladder", "tally", "--seat", "random", "--seat", "novice", "--seat", "expert", "--games", "61", "--players", "2", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 66 and data["games_requested"] == 61 and data["design"]["name"] == "orderings"  # rounded up to 11 blocks of 6
    assert [set(r) for r in data["ratings"]] == [{"kind", "mu", "sigma", "ordinal"}] * 3
    assert sorted(r["kind"] for r in data["ratings"]) == ["expert", "novice", "random"]
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [("random", "novice"), ("random", "expert"), ("novice", "expert")]
    assert all(set(p) == {"a", "b", "matches", "win_rate", "ci95"} and p["matches"] == 22 for p in data["pairs"])
    assert data["seed"] == 3 and data["partial"] is False and data["gap"] is None and len(data["rule_sets"]) == 1


def test_a_pair_that_never_meets_shows_no_rate(run):
    # Four kinds in two seats, too few matches for every ordering: the rotations seat kind 0 against 1 and 3, never 2.
    result = run("ladder", "tally", "--seat", "random", "--seat", "novice", "--seat", "expert", "--seat", "novice:error_rate=0.5",
                 "--games", "8", "--players", "2", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert ["random", "expert", "0", "-"] in [line.split() for line in result.stdout.splitlines()]


def test_the_tables_and_the_gap_between_two_rule_sets(run, tmp_path):
    (tmp_path / "short.toml").write_text("hand_size = 2\n")
    (tmp_path / "long.toml").write_text("hand_size = 5\n")
    result = run("ladder", "tally", "--seat", "random", "--seat", "expert", "--games", "21", "--players", "2",
                 "--rules", "short.toml", "--rules", "long.toml")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Tally (the core's test game): ladder of 2 kinds, 22 matches under each of 2 rule sets in blocks of 2 seatings (every")
    assert lines[1] == "(--games 21 rounded up to whole blocks)"
    assert "A: short.toml" in lines and "B: long.toml" in lines
    assert sum(line.split()[:5] == ["kind", "mu", "sigma", "ordinal", "matches"] for line in lines) == 2
    assert any(line.startswith("The gap, ") for line in lines)
    assert any(line.split()[:2] == ["win", "share"] for line in lines) and any(line.startswith("rating (mu)") for line in lines)


@pytest.mark.parametrize("args, message", [
    (["--seat", "expert"], "a ladder needs at least two kinds of player: give --seat twice or more (got 1)"),
    (["--seat", "expert", "--seat", "expert"], "--seat expert is given twice; a ladder rates each kind once"),
    (["--seat", "expert", "--seat", "bogus"], "unknown seat kind 'bogus'"),
    (["--seat", "expert", "--seat", "search"], "determinize"),
    (["--seat", "expert", "--seat", "random", "--players", "9"], "tally is played by 2 to 4 players, not 9"),
])
def test_bad_input_is_one_line(run, args, message):
    result = run("ladder", "tally", *args, "--games", "4")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("muggins: error: ") and message in line


@pytest.mark.parametrize(("workspace", "advice"), [
    # In the uv workspace a pip install would be undone by the next sync: its default install has openskill.
    ("/src/my muggins", "cd '/src/my muggins' && uv sync (the workspace installs it by default)"),
    # Elsewhere: pip into this very interpreter, the core from the folder it was installed from.
    (None, "{python} -m pip install '/src/muggins/core[ladder]'"),
])
def test_without_openskill_one_line_says_how_to_install_it_where_muggins_runs(run, monkeypatch, workspace, advice):
    from muggins_cli import scaffold

    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    monkeypatch.setattr(scaffold, "workspace_root", lambda: None if workspace is None else Path(workspace))
    monkeypatch.setattr(scaffold, "_source_of", lambda distribution: {"muggins-core": "/src/muggins/core"}[distribution])
    result = run("ladder", "tally", "--seat", "random", "--seat", "expert", "--games", "4")
    assert result.exit_code == 2 and result.stdout == ""
    expected = "muggins: error: ratings need the optional package openskill: " + advice.format(python=shlex.quote(sys.executable))
    assert result.stderr.splitlines() == [expected]


def test_the_workspace_installs_openskill_by_default():
    # `uv sync` and a bare `uv run` install the default groups: one of them has the core's ladder extra.
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    groups = project["dependency-groups"]
    defaults = project["tool"]["uv"]["default-groups"]
    assert any("muggins-core[ladder]" in groups[name] for name in defaults)
    lock = tomllib.loads((root / "uv.lock").read_text(encoding="utf-8"))["manifest"]
    assert set(lock["default-groups"]) == set(defaults)  # the lock was made from these groups (`uv lock`)


def test_ctrl_c_prints_the_partial_ladder(run, ctrl_c_at_third_chunk):
    calls = ctrl_c_at_third_chunk
    result = run("ladder", "tally", "--seat", "random", "--seat", "expert", "--games", "200", "--players", "2", "--seed", "3", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["partial"] is True and data["games"] == sum(calls[:2]) == 4
    assert result.stderr.splitlines()[-1] == "muggins: error: interrupted after 4 of 200 matches; the ladder is partial"
    calls.clear()
    table = run("ladder", "tally", "--seat", "random", "--seat", "expert", "--games", "200", "--players", "2", "--seed", "3")
    assert table.stdout.splitlines()[1] == "partial: interrupted after 4 of 200 matches"


#: A line of the heading that ends with a bare number (its unit on the next line), and one that begins with a number
#: ending a clause (`5,`, cut from the word it follows: `seed` / `5,`).
_CUT_NUMBER = re.compile(r"(?:^|\s)[−-]?\d[\d,.\u202f]*$")
_LEADING_NUMBER = re.compile(r"^\s*[−-]?\d+(?:[,.\u202f]\d+)*[,;:.)](?:\s|$)")


@pytest.mark.parametrize("language, heading", [
    ("en", ["Tally (the core's test game): ladder of 3 kinds, 9 matches in blocks of",
            "  3 seatings (the cyclic rotations of the kinds, each block on one deal),",
            "  3 players, seed 3, rules default",
            "(--games 7 rounded up to whole blocks)",
            "Ratings: OpenSkill, Plackett-Luce (ordinal = mu - 3 sigma); ± is the half-width",
            "  of a 95% interval over blocks."]),
    ("fr", ["Tally (the core's test game)\u202f: classement de 3 genres, 9 parties en blocs de",
            "  3 placements (les rotations circulaires des genres, chaque bloc sur une même",
            "  donne), 3 joueurs, graine 3, règles par défaut",
            "(--games 7 arrondi à des blocs entiers)",
            "Cotes\u202f: OpenSkill, Plackett-Luce (ordinal = mu - 3 sigma)\u202f; ± est la",
            "  demi-largeur d’un intervalle à 95 % sur les blocs."]),
])
def test_the_heading_at_80_columns_keeps_words_and_each_number_with_its_unit(run, monkeypatch, language, heading):
    # Before, the bracket was kept whole as a card group is, so lines ended early (`… in blocks of 6 seatings` alone)
    # and a number was left at a line's end (`…, 4` / `joueurs`). A bracket in the heading is prose: it may break, so a line is not ended early to keep it whole (as `fit` keeps a card group).
    monkeypatch.setenv("COLUMNS", "80")
    result = run("--lang", language, "ladder", "tally", "--seat", "random", "--seat", "novice", "--seat", "expert", "--games", "7",
                 "--players", "3", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.split("\n\n")[0].splitlines()
    assert lines == heading
    assert all(len(line) <= 80 for line in lines)
    for line, after in zip(lines, lines[1:]):
        assert not _CUT_NUMBER.search(line) and not _LEADING_NUMBER.match(after), (line, after)
    assert all(len(line) > 60 for line, after in zip(lines, lines[1:]) if after.startswith("  ")), lines  # no line ended early


def test_the_help_keeps_a_hyphenated_name_whole(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run("ladder", "--help")
    assert "muggins-cli[dask]" in result.stdout and "muggins-\n" not in result.stdout
