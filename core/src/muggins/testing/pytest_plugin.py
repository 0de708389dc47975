"""The muggins pytest plugin (entry point `pytest11`): contract fixtures and the soak option.

Installed with muggins-core, so any plugin's test suite gets, without
imports: the `muggins_check_game` fixture (the contract kit's `check_game`),
the `muggins_registry` fixture (a factory that loads only the named
installed plugins, so tests never depend on what else happens to be
installed), the `muggins_isolated_plugins` fixture (no installed plugin
loads unless a test asks, and records go to a temporary folder; add
`usefixtures = ["muggins_isolated_plugins"]`
to your pytest settings to apply it everywhere) and the `--muggins-games N`
option that `GameContract` reads to run long soaks.
"""

from __future__ import annotations

from typing import Callable, Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("muggins")
    group.addoption("--muggins-games", type=int, default=None, dest="muggins_games", help="matches per player count for GameContract tests (a soak)")


@pytest.fixture
def muggins_isolated_plugins(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Load no installed plugin unless the test asks, start from a fresh process registry, keep
    records that a test's `muggins play` makes out of the user's records folder, and use no
    discovery snapshot (a test installs plugins faster than a file's clock tick)."""
    import os

    from muggins.plugins import reset_registry
    from muggins.snapshot import NO_CACHE_ENV

    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "")
    monkeypatch.setenv(NO_CACHE_ENV, "1")
    if "MUGGINS_RECORDS" not in os.environ:
        monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path_factory.mktemp("muggins-records")))
    monkeypatch.delenv("MUGGINS_TRACE_PLUGINS", raising=False)
    reset_registry()
    yield
    reset_registry()


@pytest.fixture
def muggins_check_game() -> Callable:
    """The contract kit's `check_game`."""
    from muggins.testing import check_game

    return check_game


@pytest.fixture
def muggins_registry() -> Callable:
    """`muggins_registry("name", ...)` loads only those installed plugins (none when called bare)."""
    from muggins.plugins import load_registry

    def load(*names: str):
        return load_registry(only=list(names)) if names else load_registry(load_entry_points=False)

    return load
