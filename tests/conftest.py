"""Shared fixtures for the core and CLI tests: plugin isolation and the Tally test game.

Tests never see plugins that merely happen to be installed: the root
pytest settings apply the `muggins_isolated_plugins` fixture (from the
muggins pytest plugin) to every test, so each runs with
`MUGGINS_LOAD_PLUGINS` empty and a fresh process-wide registry. The Tally game is installed for the tests the way a real plugin
is — a distribution's `entry_points.txt` in the `muggins` group, on
`sys.path` — so it is found by the same entry-point path as any game.
`plugin_site` installs one-module plugins written by a test the same way,
for the core's and the command line's tests of broken and hostile plugins.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import textwrap
from pathlib import Path

import pytest

from muggins.plugins import load_registry, reset_registry

TESTGAME_DIR = Path(__file__).parent / "testgame"


def make_fake_distribution(root: Path, name: str, entry_points: dict[str, str], version: str = "1.0") -> Path:
    """Write `<name>-<version>.dist-info` with entry points in the `muggins` group under `root`."""
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[muggins]\n{lines}")
    return root


@pytest.fixture
def fake_distribution():
    """`fake_distribution(root, name, {entry: "module:object"})` writes an installed plugin."""
    return make_fake_distribution


class PluginSite:
    """A site directory where a test installs one-module plugins as distributions, found through their entry points."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.modules: list[str] = []

    def install(self, module: str, source: str, *, distribution: str | None = None, version: str = "1.0", entry: str | None = None) -> None:
        """Write module `module` from `source` (dedented) as distribution `distribution` (by default the module's name) at `version`,
        whose `muggins` entry point `module` is `entry` (by default the module itself); a copy already imported is forgotten."""
        (self.path / f"{module}.py").write_text(textwrap.dedent(source))
        make_fake_distribution(self.path, distribution or module, {module: entry or module}, version)
        self.modules.append(module)
        sys.modules.pop(module, None)
        importlib.invalidate_caches()


@pytest.fixture
def plugin_site(tally_env, tmp_path, monkeypatch):
    """A `PluginSite` next to Tally, on sys.path and on PYTHONPATH (for the processes a test starts); its modules are forgotten after the test.

    Installing a plugin imports nothing and allows nothing: a test names the
    plugins to load (`MUGGINS_LOAD_PLUGINS`, `load_registry(only=...)`).
    """
    site = PluginSite(tmp_path / "plugin-site")
    site.path.mkdir()
    monkeypatch.syspath_prepend(str(site.path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site.path), os.environ["PYTHONPATH"]]))
    yield site
    for module in site.modules:
        sys.modules.pop(module, None)


@pytest.fixture(scope="session")
def tally_site(tmp_path_factory) -> Path:
    """A site directory holding the muggins-tally distribution (entry point `tally`)."""
    return make_fake_distribution(tmp_path_factory.mktemp("site"), "muggins-tally", {"tally": "muggins_tally:plugin"})


@pytest.fixture
def tally_env(tally_site, monkeypatch) -> dict[str, str]:
    """Put Tally on sys.path (here and for subprocesses) and allow only it to load."""
    monkeypatch.syspath_prepend(str(TESTGAME_DIR))
    monkeypatch.syspath_prepend(str(tally_site))
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally")
    paths = [str(tally_site), str(TESTGAME_DIR), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))
    import importlib

    importlib.invalidate_caches()
    return dict(os.environ)


@pytest.fixture
def registry(tally_env):
    """A registry loaded through entry points with only Tally allowed."""
    loaded = load_registry()
    assert "tally" in loaded.games, loaded.errors
    reset_registry(loaded)
    return loaded


@pytest.fixture
def tally(registry):
    return registry.game("tally")


@pytest.fixture
def declare_capabilities(monkeypatch):
    """`declare(game)`: for this test, the game's class declares the capabilities its methods show now.

    The core works out a class's capabilities once, so a test that patches
    an optional method onto a game class (or takes one away) declares what
    the class then offers, as a game does on its class.
    """
    from muggins.game import infer_capabilities

    def declare(game):
        monkeypatch.setattr(type(game), "capabilities", infer_capabilities(type(game)))

    return declare


@pytest.fixture
def ctrl_c_raises():
    """SIGINT raises KeyboardInterrupt during the test, whatever the process inherited.

    A job started in the background of a non-interactive shell (`pytest &`
    in a script) inherits SIGINT ignored, and Python then leaves it so; a
    test of what Ctrl-C does sets its own premise.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
