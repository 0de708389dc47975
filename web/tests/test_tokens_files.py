"""A restart with a malformed tokens file in the records folder: that table is skipped with one warning line, every other reopens.

The server writes these files itself (`RECORD.tokens.json`, mode 0600),
but one edited by hand, cut short or left by another version must not keep
the server from starting: whatever it holds (not JSON, not an object, a
key missing, a value of the wrong type, seats that are not the record's
people), `resume_unfinished` names it in one line and goes on.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from muggins.i18n import using_language
from muggins_web.lobby import TOKENS_SUFFIX, Lobby

GOOD = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 1}
BROKEN = {"game": "muggins_shedding", "players": 3, "seats": ["human", "human", "novice"], "seed": 2}


def _tables(registry):
    lobby = Lobby(registry, pace=0)

    async def make():
        return await lobby.create(GOOD), await lobby.create(BROKEN)

    good, broken = asyncio.run(make())
    lobby.close_all()
    return good, broken


@pytest.mark.parametrize("content", [
    "not json {",
    "[1, 2]",
    "null",
    "\udcff",
    '{"host": "h", "seats": {"0": "a", "1": "b"}}',
    '{"table": 5, "host": "h", "seats": {"0": "a", "1": "b"}}',
    '{"table": "t", "host": "h", "seats": ["a", "b"]}',
    '{"table": "t", "host": "h", "seats": {"0": 7, "1": "b"}}',
    '{"table": "t", "host": "h", "seats": {"zero": "a", "1": "b"}}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "pace": NaN}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "pace": "fast"}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "waiting": "yes"}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "checks": "sometimes"}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "stand_ins": {"0": 5}}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "stand_ins": {"0": "wizard"}}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "5": "b"}}',
    '{"table": "t", "host": "h", "seats": {"0": "a", "1": "b"}, "made": "yesterday"}',
])
def test_a_malformed_tokens_file_is_skipped_with_one_line_and_the_other_tables_reopen(registry, records, content):
    good, broken = _tables(registry)
    tokens_file = records / (broken.path.rsplit("/", 1)[1] + TOKENS_SUFFIX)
    tokens_file.write_text(content, encoding="utf-8", errors="surrogateescape")
    again = Lobby(registry, pace=0)
    lines = asyncio.run(again.resume_unfinished())
    assert list(again.tables) == [good.id]
    assert len(lines) == 1 and lines[0].startswith(tokens_file.name[: -len(TOKENS_SUFFIX)]) and "\n" not in lines[0], lines
    again.close_all()


def test_two_tokens_files_naming_one_table_reopen_it_once(registry, records):
    good, broken = _tables(registry)
    tokens = json.loads(open(broken.path + TOKENS_SUFFIX).read())
    tokens["table"] = good.id
    open(broken.path + TOKENS_SUFFIX, "w").write(json.dumps(tokens))
    again = Lobby(registry, pace=0)
    lines = asyncio.run(again.resume_unfinished())
    assert len(again.tables) == 1 and len(lines) == 1 and "another reopened table's" in lines[0]
    again.close_all()


@pytest.mark.parametrize("language, expected", [
    ("en", ": not reopened; its tokens file's 'pace' is not a number of seconds from 0 to 600"),
    ("fr", "\u202f: table non rouverte\u202f; dans son fichier de jetons, 'pace' n’est pas un nombre de secondes de 0 à 600"),
])
def test_the_warning_line_is_in_the_servers_language(registry, records, language, expected):
    good, broken = _tables(registry)
    tokens = json.loads(open(broken.path + TOKENS_SUFFIX).read())
    tokens["pace"] = "fast"
    open(broken.path + TOKENS_SUFFIX, "w").write(json.dumps(tokens))
    again = Lobby(registry, pace=0)
    with using_language(language):
        (line,) = asyncio.run(again.resume_unfinished())
    assert line == broken.path.rsplit("/", 1)[1] + TOKENS_SUFFIX + expected
    again.close_all()
