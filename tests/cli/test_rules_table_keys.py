"""A house-rules table keyed by a number of thousands of digits is bad input, as a value of thousands of digits is.

The shedding game's `[deal]` table is keyed by player counts: a key of
5,000 digits used to reach Python's integer conversion limit (an internal
error, exit 1); it is one line naming the file, its line and the table,
exit 2, from a rules file and from a record's header alike.
"""

from __future__ import annotations

import json

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins.rules import RulesError, load_rules

HUGE_KEY = "4" * 5000
REFUSED = "deal has key '" + "4" * 59 + "…' of 5,000 characters; keys must be whole numbers of at most 20 digits"


@pytest.fixture
def shedding(run, monkeypatch):
    """`run` with the shedding game installed beside Tally."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,muggins_shedding")
    reset_registry(load_registry())
    return run


@pytest.mark.parametrize("command", [("play", "muggins_shedding", "--seat", "expert", "--seat", "expert", "--seat", "expert"),
                                     ("simulate", "muggins_shedding", "-g", "1")])
def test_a_deal_key_of_thousands_of_digits_in_a_rules_file_is_one_line_exit_2(shedding, tmp_path, one_line, command):
    (tmp_path / "k.toml").write_text(f'[deal]\n"{HUGE_KEY}" = [12, 4]\n')
    result = shedding(*command, "--rules", "k.toml")
    assert result.exit_code == 2 and one_line(result.stderr) == f"muggins: error: k.toml:1: {REFUSED}"


def test_a_deal_key_of_thousands_of_digits_in_a_record_header_is_one_line_exit_2(shedding, tmp_path, one_line):
    assert shedding("play", "muggins_shedding", "--seat", "expert", "--seat", "expert", "--seat", "expert", "--seed", "1",
                    "--record", "r.jsonl").exit_code == 0
    lines = (tmp_path / "r.jsonl").read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["rules"]["deal"][HUGE_KEY] = [12, 4]
    (tmp_path / "r.jsonl").write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    result = shedding("replay", "--verify", "r.jsonl")
    assert result.exit_code == 2 and one_line(result.stderr) == f"muggins: error: r.jsonl: record rules: {REFUSED}"


def test_keys_are_refused_by_their_digits_not_their_sign():
    from muggins_shedding.rules import SheddingRules

    for key in ("9" * 21, "-" + "9" * 21):
        with pytest.raises(RulesError, match=r"^rules:1: deal has key .* keys must be whole numbers of at most 20 digits$"):
            load_rules(SheddingRules, f'[deal]\n"{key}" = [12, 4]\n')
    with pytest.raises(RulesError, match=r"^rules: deal has a line for -99999999999999999999 players; the game is for 3 to 7 players$"):
        load_rules(SheddingRules, f'[deal]\n"-{"9" * 20}" = [12, 4]\n')
