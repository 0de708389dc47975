"""The contract kit over every installed game (and Tally), as the core's own check.

This is the one place the core's tests ask for the installed plugins on
purpose: whatever game is installed in this environment must pass the
contract. Each plugin's own suite runs the long soaks; here a few matches
per player count with random, expert and novice seats.
"""

import os

import pytest

from muggins.plugins import load_registry
from muggins.testing import check_game


def _installed_game_names() -> list[str]:
    saved = os.environ.pop("MUGGINS_LOAD_PLUGINS", None)
    try:
        return sorted(load_registry().games)
    finally:
        if saved is not None:
            os.environ["MUGGINS_LOAD_PLUGINS"] = saved


@pytest.mark.untraced
@pytest.mark.plugins
@pytest.mark.parametrize("name", _installed_game_names() or ["(none installed)"])
def test_installed_game_passes_the_contract(name, monkeypatch):
    if name == "(none installed)":
        pytest.skip("no game plugin is installed in this environment")
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry()
    assert not [e for e in registry.errors if name in e], registry.errors
    # Two matches per player count: whether the installed game holds its contract at all (its own tests go deep).
    report = check_game(registry.game(name), games=2, kinds=("random", "expert", "novice"), registry=registry, seed=2026)
    assert report.matches == 2 * len(registry.game(name).players)


def test_tally_through_its_entry_point_passes_the_contract(registry):
    report = check_game(registry.game("tally"), games=8, registry=registry, seed=1)
    assert report.matches == 24 and report.claims > 0
