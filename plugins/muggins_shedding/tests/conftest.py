"""Fixtures for the shedding game's tests: the shedding plugin alone, hand-made positions, acting by text.

Like the core's tests, these never see plugins that merely happen to be
installed (the `muggins_isolated_plugins` fixture, applied to every test by
the root pytest settings). `registry` (the shedding plugin loaded alone and
made the process registry, which is where the game looks for house-rule
hooks), `game`, `position(...)` (`SheddingState.from_position`) and
`act(state, text)` (take the choice with that text for the seat to act)
come from the muggins pytest plugin's `muggins_game` factory; `kinds(events)`
lists the events' types.
"""

import pytest

from muggins.testing import event_types
from muggins.testing.pytest_plugin import game_fixtures

registry, game, position, act = game_fixtures("muggins_shedding")


@pytest.fixture
def kinds():
    return event_types
