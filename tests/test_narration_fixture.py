"""Every text the shipped games show, in English and in French, is the text the fixture holds, to the byte.

`scripts/narration_fixture.py` plays a few seeded bot matches of each game
at each player count and words every event, banner and table for every
seat in both languages; the fixtures in `tests/fixtures/` were written by
it before the games' words moved to their presenters. A change that meant
to change a word rewrites them (`scripts/narration_fixture.py write`) and
says so.
"""

import difflib
import importlib.util
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "narration_fixture.py"
_spec = importlib.util.spec_from_file_location("narration_fixture", _SCRIPT)
narration_fixture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(narration_fixture)


@pytest.fixture(scope="module")
def shipped():
    return narration_fixture.shipped_registry()


@pytest.mark.parametrize("name", narration_fixture.GAMES)
def test_the_games_words_are_the_fixtures(name, shipped):
    expected = narration_fixture.fixture_text(name)
    assert expected is not None, f"no fixture for {name}: run scripts/narration_fixture.py write"
    found = narration_fixture.game_text(shipped, name)
    if found != expected:
        diff = difflib.unified_diff(expected.splitlines(), found.splitlines(), "fixture", "today", n=1, lineterm="")
        pytest.fail("\n".join(list(diff)[:40]))
    # Both languages and every kind of text are there: a fixture of nothing would pass the comparison too.
    assert " say en " in found and " say fr " in found and " banner fr " in found and " render " in found
