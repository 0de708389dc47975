"""Fixtures for the fishing game's tests: the fishing plugin alone, hand-made positions, acting by text.

Like the core's tests, these never see plugins that merely happen to be
installed (the `muggins_isolated_plugins` fixture, applied to every test by
the root pytest settings). `registry` (this plugin loaded alone and made
the process registry), `game`, `position(...)` (`FishingState.from_position`)
and `act(state, text)` (take the choice with that text for the seat to act)
come from the muggins pytest plugin's `muggins_game` factory;
`event_types(events)` lists the events' types.
"""

import pytest

from muggins.testing import event_types as _event_types
from muggins.testing.pytest_plugin import game_fixtures

registry, game, position, act = game_fixtures("willughby_fishing")


@pytest.fixture
def event_types():
    return _event_types
