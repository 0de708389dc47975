"""Fixtures for cribbage's game tests: plugin isolation, the game, hand-made positions, acting by text.

The `registry` fixture loads the cribbage plugin alone (so the game's own
bots are used) and makes it the process registry. `position(...)` builds a
hand-made position (`CribbageState.from_position`), `act(state, text)`
applies the action with that text for the seat to act, and `types(events)`
lists event types.
"""

from __future__ import annotations

import pytest

from muggins.actions import find_action
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


def apply_text(state, text: str) -> list[dict]:
    decision = state.decision()
    assert decision is not None, "the game is over"
    action = find_action(decision.choices, text)
    assert action is not None, f"{text!r} is not among {[str(c) for c in decision.choices]}"
    return state.apply(decision.seat, action)


@pytest.fixture
def act():
    return apply_text


def types(events) -> list[str]:
    return [e["type"] for e in events]
