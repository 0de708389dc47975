"""Plugin loading and the registries of games, players and commands.

Plugins are found through the `muggins` entry-point group and managed by
pluggy. Loading is guarded: a plugin that fails to import, to register or to
match a hook spec is reported as one line in `registry.errors` while the
others load. `MUGGINS_LOAD_PLUGINS` (comma-separated entry-point or
distribution names; empty for none) limits which plugins load and
`MUGGINS_TRACE_PLUGINS=1` traces every hook call to stderr. The `Registry`
holds what plugins registered: games by name, player kinds, command hooks.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pluggy

from . import hookspecs
from .entrypoints import EntryPoint, entry_points
from .game import Game
from .players import BUILTIN_KINDS, PlayerKind, PlayerOption, parse_seat

__all__ = ["Registry", "PluginInfo", "PluginError", "load_registry", "get_registry", "reset_registry", "ENTRY_POINT_GROUP"]

ENTRY_POINT_GROUP = "muggins"


class PluginError(Exception):
    """A plugin registered something invalid (a duplicate name, not a Game)."""


@dataclass
class PluginInfo:
    """What `muggins plugins` reports of one loaded plugin."""

    name: str
    distribution: str | None
    version: str | None
    hooks: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "distribution": self.distribution, "version": self.version, "hooks": sorted(self.hooks)}


class _BuiltinPlayers:
    """The core's own plugin: the generic player kinds."""

    @hookspecs.hookimpl
    def muggins_register_players(self, register: Callable[..., None]) -> None:
        for kind in BUILTIN_KINDS:
            register(kind.name, kind.factory, description=kind.description, options=kind.options)


@dataclass
class Registry:
    """Games, player kinds and plugin facts gathered from the loaded plugins."""

    pm: pluggy.PluginManager
    games: dict[str, Game] = field(default_factory=dict)
    game_sources: dict[str, PluginInfo] = field(default_factory=dict)
    players: list[PlayerKind] = field(default_factory=list)
    plugins: list[PluginInfo] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    tracing: bool = False

    def trace(self, message: str) -> None:
        """Write a loading step to stderr when MUGGINS_TRACE_PLUGINS is set."""
        if self.tracing:
            sys.stderr.write(f"muggins trace: {message}\n")

    def _call(self, impl: Any, **kwargs: Any) -> None:
        self.trace(f"{impl.function.__name__}() of plugin {impl.plugin_name!r}")
        impl.function(**kwargs)

    @property
    def listens_to_events(self) -> bool:
        return bool(self.pm.hook.muggins_on_event.get_hookimpls())

    def game(self, name: str) -> Game:
        """The game called `name`; KeyError with the installed names otherwise."""
        try:
            return self.games[name]
        except KeyError:
            installed = ", ".join(sorted(self.games)) or "none (install a game plugin)"
            raise KeyError(f"unknown game {name!r}; installed games: {installed}") from None

    def player_kind(self, name: str, game: str) -> PlayerKind:
        """The kind `name` for `game`: a game-specific one first, else a generic one; KeyError listing the kinds."""
        generic = None
        for kind in self.players:
            if kind.name == name:
                if kind.games and game in kind.games:
                    return kind
                if not kind.games:
                    generic = kind
        if generic is None:
            raise KeyError(f"unknown player kind {name!r}; kinds for {game}: {', '.join(self.kind_names(game))}")
        return generic

    def kind_names(self, game: str) -> list[str]:
        """The names of every kind that can take a seat at `game`, sorted."""
        return sorted({k.name for k in self.players if k.serves(game)})

    def seat(self, spec: str, game: str) -> tuple[PlayerKind, dict[str, Any]]:
        """The kind and converted options of seat `spec` (`novice:error_rate=0.3`) at `game`.

        Every declared option is in the dict (defaults for those not given).
        KeyError for an unknown kind, ValueError for a malformed spec or a bad
        option; either is one line naming what is allowed.
        """
        name, given = parse_seat(spec)
        kind = self.player_kind(name, game)
        try:
            return kind, kind.convert(given)
        except ValueError as exc:
            raise ValueError(f"seat {spec!r}: {exc}") from None

    def register_commands(self, cli: Any) -> None:
        for impl in self.pm.hook.muggins_register_commands.get_hookimpls():
            try:
                self._call(impl, cli=cli)
            except Exception as exc:  # one bad plugin must not take the CLI down
                self.errors.append(f"plugin {impl.plugin_name!r} failed to add commands: {_one_line(exc)}")


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _wanted(env: str | None) -> set[str] | None:
    if env is None:
        return None
    return {name.strip().lower().replace("_", "-") for name in env.split(",") if name.strip()}


def _entry_points() -> Iterable[EntryPoint]:
    # Sorted, so which of two clashing plugins wins does not depend on sys.path order.
    return sorted(entry_points(ENTRY_POINT_GROUP), key=lambda ep: (ep.name, ep.value))


def load_registry(
    *,
    load_entry_points: bool = True,
    only: Iterable[str] | None = None,
    extra_plugins: Iterable[tuple[str, object]] = (),
) -> Registry:
    """Build a registry from the installed plugins (and `extra_plugins` given as objects).

    `only` (or `MUGGINS_LOAD_PLUGINS` when `only` is None) limits which entry
    points load; `load_entry_points=False` loads none, as tests do by default.
    """
    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    tracing = bool(os.environ.get("MUGGINS_TRACE_PLUGINS"))
    if tracing:
        pm.trace.root.setwriter(lambda text: sys.stderr.write(text))
        pm.enable_tracing()
    registry = Registry(pm, tracing=tracing)
    pm.register(_BuiltinPlayers(), name="muggins.builtin")
    registry.plugins.append(PluginInfo("muggins.builtin", "muggins-core", _core_version(), ["muggins_register_players"]))

    wanted = _wanted(",".join(only)) if only is not None else _wanted(os.environ.get("MUGGINS_LOAD_PLUGINS"))
    if load_entry_points:
        for ep in _entry_points():
            dist = ep.dist
            names = {ep.name.lower().replace("_", "-")} | ({dist.lower().replace("_", "-")} if dist else set())
            if wanted is not None and not names & wanted:
                continue
            registry.trace(f"loading plugin {ep.name!r} ({ep.value}) from {dist or 'an unknown distribution'}")
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:
                registry.errors.append(f"plugin {ep.name!r} failed to load: {_one_line(exc)}")
                continue
            registry.plugins.append(PluginInfo(ep.name, dist, ep.version, _hooks_of(pm, plugin)))
    for name, plugin in extra_plugins:
        pm.register(plugin, name=name)
        registry.plugins.append(PluginInfo(name, None, None, _hooks_of(pm, plugin)))

    _collect_games(registry)
    _collect_players(registry)
    while True:
        try:
            pm.check_pending()
            break
        except pluggy.PluginValidationError as exc:
            bad = exc.plugin
            bad_name = pm.get_name(bad) or "?"
            registry.errors.append(f"plugin {bad_name!r} implements an unknown hook: {_one_line(exc)}")
            _forget(registry, bad_name)
            pm.unregister(bad)
    return registry


def _forget(registry: Registry, plugin_name: str) -> None:
    for name, info in list(registry.game_sources.items()):
        if info.name == plugin_name:
            del registry.games[name], registry.game_sources[name]
    registry.plugins = [p for p in registry.plugins if p.name != plugin_name]


def _hooks_of(pm: pluggy.PluginManager, plugin: object) -> list[str]:
    return [caller.name for caller in (pm.get_hookcallers(plugin) or [])]


def _core_version() -> str:
    from . import __version__

    return __version__


def _info_for(registry: Registry, plugin_name: str) -> PluginInfo:
    for info in registry.plugins:
        if info.name == plugin_name:
            return info
    return PluginInfo(plugin_name, None, None)


def _collect_games(registry: Registry) -> None:
    pm = registry.pm
    for impl in pm.hook.muggins_register_games.get_hookimpls():
        source = _info_for(registry, impl.plugin_name)

        def register(game: Game, hookspecs: object | None = None, _source: PluginInfo = source) -> None:
            if not isinstance(game, Game):
                raise PluginError(f"register() needs a muggins.Game instance, not {type(game).__name__}")
            if game.name in registry.games:
                other = registry.game_sources[game.name].name
                raise PluginError(f"game {game.name!r} is already registered by plugin {other!r}")
            if hookspecs is not None:
                pm.add_hookspecs(hookspecs)
            if game.hooks is None:
                game.hooks = pm.hook
            registry.games[game.name] = game
            registry.game_sources[game.name] = _source

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(f"plugin {impl.plugin_name!r} failed to register games: {_one_line(exc)}")


def _collect_players(registry: Registry) -> None:
    for impl in registry.pm.hook.muggins_register_players.get_hookimpls():

        def register(
            name: str, factory: Callable[..., Any], description: str = "", games: Iterable[str] = (), options: Iterable[PlayerOption] = ()
        ) -> None:
            games = tuple(games)
            if not name or ":" in name or "," in name or "=" in name:
                raise PluginError(f"player kind name {name!r} cannot be empty or contain ':', ',' or '='")
            for kind in registry.players:
                if kind.name == name and set(kind.games) == set(games):
                    raise PluginError(f"player kind {name!r}{' for ' + ', '.join(games) if games else ''} is already registered")
            registry.players.append(PlayerKind(name, factory, description, games, tuple(options)))

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(f"plugin {impl.plugin_name!r} failed to register players: {_one_line(exc)}")


_REGISTRY: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, loaded on first use from the installed plugins."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry()
    return _REGISTRY


def reset_registry(registry: Registry | None = None) -> None:
    """Drop (or replace) the process-wide registry; tests use it to isolate plugins."""
    global _REGISTRY
    _REGISTRY = registry
