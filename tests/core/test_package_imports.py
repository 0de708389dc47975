"""`import muggins` loads none of the package's modules, and `muggins.cards` is the function `cards` in whatever order things are imported.

Each case is a fresh interpreter: what a process imported first is the point.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import sys, types
{first}
import muggins
from muggins import cards
import muggins.cards
assert isinstance(cards, types.FunctionType) and cards is muggins.cards, cards
assert sys.modules["muggins.cards"].cards is cards and muggins.Card is sys.modules["muggins.cards"].Card
assert [str(card) for card in cards("AS 10H")] == ["A♠", "10♥"]
"""


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_importing_the_package_loads_none_of_its_modules():
    done = _run("import sys, muggins; print(sorted(name for name in sys.modules if name.startswith('muggins.')))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("first", [
    "",
    "import muggins.cards",
    "from muggins.cards import Card",
    "import muggins.game",  # a module that imports the cards module itself
    "import importlib; importlib.import_module('muggins.cards')",
])
def test_muggins_cards_is_the_function_whatever_was_imported_first(first):
    done = _run(CHECK.format(first=first))
    assert done.returncode == 0, done.stderr
