"""Fixtures for the shedding game's tests: plugin isolation, the game, hand-made positions.

Like the core's tests, these never see plugins that merely happen to be
installed (the `muggins_isolated_plugins` fixture, applied to every test by
the root pytest settings), and the `registry` fixture loads the shedding plugin
alone (and makes it the process registry, which is where the game looks
for house-rule hooks). `position(...)` builds a hand-made position and
`act(state, text)` applies the action with that text for the seat to act.
"""

from __future__ import annotations

import pytest

from muggins.testing import act
from muggins.plugins import load_registry, reset_registry

from muggins_shedding import SheddingRules, SheddingState


@pytest.fixture
def registry():
    loaded = load_registry(only=["muggins_shedding"])
    assert "muggins_shedding" in loaded.games, loaded.errors
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)
    return loaded


@pytest.fixture
def game(registry):
    return registry.game("muggins_shedding")


@pytest.fixture
def position(game):
    def make(rules: SheddingRules | None = None, **kwargs) -> SheddingState:
        return SheddingState.from_position(game, rules, **kwargs)

    return make


apply_text = act  # the contract kit's: take the choice a record would name


@pytest.fixture
def act():
    return apply_text


def types(events) -> list[str]:
    return [e["type"] for e in events]


@pytest.fixture
def kinds():
    return types
