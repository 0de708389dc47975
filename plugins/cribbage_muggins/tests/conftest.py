"""Fixtures for cribbage's game tests: plugin isolation, the game, hand-made positions, acting by text.

The `registry` fixture loads the cribbage plugin alone (so the game's own
bots are used) and makes it the process registry. `position(...)` builds a
hand-made position (`CribbageState.from_position`), `act(state, text)`
applies the action with that text for the seat to act, and `types(events)`
lists event types.
"""

from __future__ import annotations

import pytest

from muggins.testing import act
from muggins.plugins import load_registry, reset_registry

from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import CribbageState


@pytest.fixture
def registry():
    loaded = load_registry(only=["cribbage_muggins"])
    assert "cribbage_muggins" in loaded.games, loaded.errors
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)
    return loaded


@pytest.fixture
def game(registry):
    return registry.game("cribbage_muggins")


@pytest.fixture
def position(game):
    def make(rules: CribbageRules | None = None, **kwargs) -> CribbageState:
        return CribbageState.from_position(game, rules, **kwargs)

    return make


apply_text = act  # the contract kit's: take the choice a record would name


@pytest.fixture
def act():
    return apply_text


def types(events) -> list[str]:
    return [e["type"] for e in events]
