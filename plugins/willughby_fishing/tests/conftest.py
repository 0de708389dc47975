"""Fixtures for the fishing game's tests: plugin isolation, the game, hand-made positions.

Like the core's tests, these never see plugins that merely happen to be
installed (the `muggins_isolated_plugins` fixture, applied to every test by
the root pytest settings); the `registry` fixture loads this plugin alone.
`position(...)` builds a hand-made position (`FishingState.from_position`),
`act(state, text)` applies the action with that text for the seat to act,
and `respond(state, answers)` answers a window seat by seat.
"""

from __future__ import annotations

import pytest

from muggins.testing import act
from muggins.plugins import load_registry, reset_registry

from willughby_fishing import FishingRules, FishingState


@pytest.fixture
def registry():
    loaded = load_registry(only=["willughby_fishing"])
    assert "willughby_fishing" in loaded.games, loaded.errors
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)
    return loaded


@pytest.fixture
def game(registry):
    return registry.game("willughby_fishing")


@pytest.fixture
def position(game):
    def make(rules: FishingRules | None = None, **kwargs) -> FishingState:
        return FishingState.from_position(game, rules, **kwargs)

    return make


apply_text = act  # the contract kit's: take the choice a record would name


@pytest.fixture
def act():
    return apply_text


def types(events) -> list[str]:
    return [e["type"] for e in events]


@pytest.fixture
def event_types():
    return types
