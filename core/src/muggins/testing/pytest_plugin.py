"""The muggins pytest plugin (entry point `pytest11`): contract fixtures, one game's fixtures, and the soak option.

Installed with muggins-core, so any plugin's test suite gets, without
imports: the `muggins_check_game` fixture (the contract kit's `check_game`),
the `muggins_registry` fixture (a factory that loads only the named
installed plugins, so tests never depend on what else happens to be
installed), the `muggins_game` fixture (a factory: `muggins_game("name")`
loads that game's plugin alone, makes it the process registry and gives
the registry, the game, `position(...)` for hand-made positions and
`act(state, text)`), the `muggins_isolated_plugins` fixture (no installed
plugin loads unless a test asks, and records go to a temporary folder; add
`usefixtures = ["muggins_isolated_plugins"]` to your pytest settings to
apply it everywhere) and the `--muggins-games N` option that
`GameContract` reads to run long soaks. `game_fixtures("name")` turns
`muggins_game` into a conftest's `registry`, `game`, `position` and `act`
fixtures in one line. Muggins itself is imported only when a fixture is
used, so the plugin costs nothing in other projects' test runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple

import pytest

if TYPE_CHECKING:
    from muggins.game import Game, State
    from muggins.plugins import Registry


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("muggins")
    group.addoption("--muggins-games", type=int, default=None, dest="muggins_games", help="matches per player count for GameContract tests (a soak)")


@pytest.fixture
def muggins_isolated_plugins(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Load no installed plugin unless the test asks, start from a fresh process registry, keep
    records that a test's `muggins play` makes out of the user's records folder, use no
    discovery snapshot (a test installs plugins faster than a file's clock tick), and
    leave out a `COLUMNS` the test runner's environment may carry."""
    import os

    from muggins.plugins import reset_registry
    from muggins.snapshot import NO_CACHE_ENV

    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "")
    monkeypatch.setenv(NO_CACHE_ENV, "1")
    # Output that is not a terminal wraps at COLUMNS when it is set; a test sets it when it means to.
    monkeypatch.delenv("COLUMNS", raising=False)
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


@dataclass(frozen=True)
class GameFixture:
    """One game under test, as `muggins_game(name)` gives it: its plugin's registry alone, the game, and helpers for rule tests."""

    registry: Registry
    game: Game

    def position(self, rules: Any = None, **kwargs: Any) -> State:
        """A hand-made position: the game's `State.from_position(game, rules, **kwargs)` (its game page lists the keywords)."""
        from muggins.game import capabilities_of

        state_class = self.game.state_class()
        if not capabilities_of(self.game).from_position:
            raise TypeError(
                f"{self.game.name}'s state class {state_class.__name__} has no from_position(game, rules, **kwargs) "
                "classmethod to build a position by hand"
            )
        return state_class.from_position(self.game, rules, **kwargs)  # type: ignore[attr-defined]  # declared

    @staticmethod
    def act(state: State, text: str) -> list[dict]:
        """`muggins.testing.act`: the seat to act takes the choice whose text is `text`; returns the events."""
        from muggins.testing import act

        return act(state, text)


def _load_game(name: str) -> GameFixture:
    """The plugin of game `name` loaded alone: the plugin whose entry point is named `name` when it registers the
    game (the usual case, and the cheaper lookup), else whichever installed plugin does. Its load errors fail the test."""
    from muggins.plugins import load_registry
    from muggins.testing import registry_with_game

    loaded = load_registry(only=[name])
    if name not in loaded.games:
        loaded = registry_with_game(name)
    if loaded.errors:
        raise AssertionError(f"loading the plugin of game {name!r} reported errors: {loaded.errors}")
    return GameFixture(loaded, loaded.game(name))


@pytest.fixture
def muggins_game() -> Iterator[Callable[[str], GameFixture]]:
    """`muggins_game("name")` loads that game's plugin alone (with its own bots), makes it the process registry
    (where a game finds house-rule hooks) and returns a `GameFixture`: `.registry`, `.game`, `.position(rules, **kwargs)`
    and `.act(state, text)`. Asked again in the same test it gives the same one; the process registry is put back after."""
    from muggins.plugins import current_registry, reset_registry

    previous = current_registry()
    loaded: dict[str, GameFixture] = {}

    def load(name: str) -> GameFixture:
        if name not in loaded:
            loaded[name] = _load_game(name)
        reset_registry(loaded[name].registry)
        return loaded[name]

    yield load
    if loaded:
        reset_registry(previous)


class GameFixtures(NamedTuple):
    """The fixtures `game_fixtures` makes, in the order a conftest unpacks them."""

    registry: Registry
    game: Any
    position: Any
    act: Any


def game_fixtures(name: str) -> GameFixtures:
    """A game's `registry`, `game`, `position` and `act` fixtures, from `muggins_game(name)`, for a plugin's conftest.py.

    `registry, game, position, act = game_fixtures("my_game")` in a
    conftest.py gives its tests the fixtures `registry` (the plugin
    alone, also the process registry), `game`, `position` (call it as
    `position(rules, **kwargs)` for the game's `State.from_position`) and
    `act` (`act(state, text)`). The fixtures keep these names whatever you
    bind them to.
    """

    @pytest.fixture(name="registry")
    def registry(muggins_game: Callable[[str], GameFixture]) -> Registry:
        """The game's plugin loaded alone, and the process registry for the test."""
        return muggins_game(name).registry

    @pytest.fixture(name="game")
    def game(muggins_game: Callable[[str], GameFixture]) -> Game:
        """The game, from its plugin loaded alone."""
        return muggins_game(name).game

    @pytest.fixture(name="position")
    def position(muggins_game: Callable[[str], GameFixture]) -> Callable[..., State]:
        """`position(rules=None, **kwargs)`: a hand-made position (the game's `State.from_position`)."""
        return muggins_game(name).position

    @pytest.fixture(name="act")
    def act(muggins_game: Callable[[str], GameFixture]) -> Callable[[State, str], list[dict]]:
        """`act(state, text)`: the seat to act takes the choice whose text is `text`; returns the events."""
        return muggins_game(name).act

    return GameFixtures(registry, game, position, act)
