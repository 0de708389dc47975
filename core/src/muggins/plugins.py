"""Plugin loading and the registries of games, players and commands.

Plugins are found through the `muggins` entry-point group with
`importlib.metadata`, reading each distribution on `sys.path` on its own (so
one unreadable distribution cannot hide the others; the first distribution
of a name on the path wins, as `importlib.metadata` has it), and managed by
pluggy. Loading is guarded: a distribution that cannot be read, or a plugin
that fails to import, to register or to match a hook spec (even by calling
`sys.exit()`), is reported as one line in `registry.errors` while the others
load. Two plugins registering one game name is a conflict: neither is used
until the user picks one. `MUGGINS_LOAD_PLUGINS` (comma-separated
entry-point or distribution names; empty for none) limits which plugins load
and `MUGGINS_TRACE_PLUGINS=1` traces every hook call to stderr. The
`Registry` holds what plugins registered: games by name, conflicting game
names, player kinds, command hooks.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

import pluggy

from . import hookspecs
from .game import Game
from .limits import clip
from .players import BUILTIN_KINDS, PlayerKind, PlayerOption, parse_seat

if TYPE_CHECKING:
    from importlib.metadata import Distribution, EntryPoint

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

    def describe(self) -> str:
        """`muggins-tally 1.0 (plugin 'tally')`, or `plugin 'tally'` for a plugin from no distribution."""
        if self.distribution is None:
            return f"plugin {self.name!r}"
        version = f" {self.version}" if self.version else ""
        return f"{self.distribution}{version} (plugin {self.name!r})"


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
    conflicts: dict[str, list[PluginInfo]] = field(default_factory=dict)
    #: The hook-spec module or class each game published with `register(game, hookspecs=...)`, by game name.
    game_hookspecs: dict[str, object] = field(default_factory=dict)
    _game_offers: dict[str, list[tuple[Game, PluginInfo]]] = field(default_factory=dict, repr=False)
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
        try:
            impl.function(**kwargs)
        except (KeyboardInterrupt, Exception):
            raise
        except BaseException as exc:  # sys.exit() in a plugin's hook must not end the command
            raise _PluginEscape(exc) from exc

    @property
    def listens_to_events(self) -> bool:
        return bool(self.pm.hook.muggins_on_event.get_hookimpls())

    def game(self, name: str) -> Game:
        """The game called `name`; KeyError naming the rival plugins of a conflict, or the installed games."""
        if name in self.conflicts:
            raise KeyError(conflict_message(name, self.conflicts[name]))
        try:
            return self.games[name]
        except KeyError:
            installed = ", ".join(sorted(self.games)) or "none (install a game plugin)"
            raise KeyError(f"unknown game {clip(name)!r}; installed games: {installed}") from None

    def family(self, game: str) -> list[str]:
        """`game`, then the names of the games its class derives from (a variant made by subclassing a shipped game).

        A kind registered for a game serves its variants too, the game's own
        kinds first: a variant's author never re-registers the bots.
        """
        found = self.games.get(game)
        names = [game]
        if found is not None:
            for cls in type(found).__mro__[1:]:
                name = cls.__dict__.get("name")
                if isinstance(name, str) and name not in names:
                    names.append(name)
        return names

    def player_kind(self, name: str, game: str) -> PlayerKind:
        """The kind `name` for `game`: a game-specific one first (the game's own, then its parent game's), else a generic one; KeyError listing the kinds."""
        generic = None
        specific: dict[str, PlayerKind] = {}
        for kind in self.players:
            if kind.name == name:
                if not kind.games:
                    generic = kind
                for served in kind.games:
                    specific.setdefault(served, kind)
        for member in self.family(game):
            if member in specific:
                return specific[member]
        if generic is None:
            raise KeyError(f"unknown player kind {clip(name)!r}; kinds for {clip(game)}: {', '.join(self.kind_names(game))}")
        return generic

    def kind_names(self, game: str) -> list[str]:
        """The names of every kind that can take a seat at `game` (or at a game it derives from), sorted."""
        family = self.family(game)
        return sorted({k.name for k in self.players if any(k.serves(member) for member in family)})

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
            raise ValueError(f"seat {clip(spec)!r}: {exc}") from None

    def register_commands(self, cli: Any) -> None:
        for impl in self.pm.hook.muggins_register_commands.get_hookimpls():
            try:
                self._call(impl, cli=cli)
            except Exception as exc:  # one bad plugin must not take the CLI down
                self.errors.append(f"plugin {impl.plugin_name!r} failed to add commands: {_one_line(exc)}")


class _PluginEscape(Exception):
    """A plugin hook's SystemExit (or other BaseException), carried so `except Exception` reports it."""


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, _PluginEscape):
        exc = exc.args[0]
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def conflict_message(name: str, rivals: list[PluginInfo]) -> str:
    """One line naming every plugin that registered game `name` and how to choose one."""
    unused = "neither is used" if len(rivals) == 2 else "none is used"
    return (
        f"game {name!r} is registered by more than one plugin: {' and '.join(r.describe() for r in rivals)}; "
        f"{unused}; choose one with MUGGINS_LOAD_PLUGINS"
    )


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wanted(env: str | None) -> dict[str, str] | None:
    """The plugin names asked for, normalised, each mapped to how the user wrote it; None for all."""
    if env is None:
        return None
    return {_normalise(name.strip()): name.strip() for name in env.split(",") if name.strip()}


@dataclass(frozen=True)
class _Discovered:
    """One `muggins` entry point and the distribution that declares it."""

    entry_point: EntryPoint
    distribution: str
    version: str | None

    @property
    def names(self) -> set[str]:
        """The normalised names MUGGINS_LOAD_PLUGINS may use for it."""
        return {_normalise(self.entry_point.name), _normalise(self.distribution)}


def _distribution_key(dist: Distribution) -> str | None:
    # importlib.metadata's own de-duplication key: taken from the folder name, so
    # usually no metadata is read (an .egg's EGG-INFO needs it); private, hence the guard.
    try:
        return _normalise(dist._normalized_name)  # type: ignore[attr-defined]
    except Exception:
        return None


def _entry_points() -> tuple[list[_Discovered], dict[str, str]]:
    """Every `muggins` entry point on sys.path in a deterministic order, and a problem line per unreadable distribution.

    Each distribution is read on its own because `importlib.metadata.entry_points()`
    (and pluggy's loader) stop at the first distribution that cannot be read.
    """
    from importlib import metadata  # costs ~20 ms, so only when discovering

    seen: set[str] = set()
    found: list[_Discovered] = []
    unreadable: dict[str, str] = {}
    for dist in metadata.distributions():
        key, where = _distribution_key(dist), getattr(dist, "_path", None)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        try:
            entries = dist.entry_points.select(group=ENTRY_POINT_GROUP)
            if not entries:
                continue
            meta = dist.metadata
            name, version = meta.get("Name") or key or str(where), meta.get("Version")
        except Exception as exc:
            named = f"distribution {key!r}" if key else "a distribution"
            unreadable[key or str(where)] = f"{named}{f' at {where}' if where else ''} cannot be read: {_one_line(exc)}"
            continue
        found.extend(_Discovered(ep, name, version) for ep in entries)
    # Sorted, so loading order (and which plugin gets a contested plugin name) does not depend on sys.path order.
    found.sort(key=lambda d: (d.entry_point.name, d.entry_point.value, _normalise(d.distribution)))
    return found, unreadable


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

    asked_by = "MUGGINS_LOAD_PLUGINS" if only is None else "the plugin list"
    wanted = _wanted(",".join(only)) if only is not None else _wanted(os.environ.get("MUGGINS_LOAD_PLUGINS"))
    if load_entry_points and wanted != {}:
        discovered, unreadable = _entry_points()
        registry.errors.extend(unreadable.values())
        for found in discovered:
            if wanted is not None and not found.names & wanted.keys():
                continue
            _load_entry_point(registry, found)
        known = set(unreadable).union(*(found.names for found in discovered))
        for name in sorted(set(wanted or {}) - known):
            registry.errors.append(f"{asked_by} names {wanted[name]!r}, which matches no installed plugin")
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
    _settle_games(registry)
    _check_supported_versions(registry)
    return registry


def _check_supported_versions(registry: Registry) -> None:
    """Unregister, with one line, a plugin whose `MUGGINS_SUPPORTS` excludes the installed version of a game it names."""
    from .houserules import supports_version

    pm = registry.pm
    for name, plugin in list(pm.list_name_plugin()):
        declared = getattr(plugin, "MUGGINS_SUPPORTS", None)
        if declared is None:
            continue
        for game_name, game in sorted(registry.games.items()):
            ok = supports_version(declared, game_name, game.version)
            if ok is False:
                wanted = declared[game_name]
                shown = ", ".join(wanted) if isinstance(wanted, (list, tuple)) else str(wanted)
                registry.errors.append(f"plugin {name!r} supports {game_name} {shown}, but {game_name} {game.version} is installed; it is not used")
                _forget(registry, name)
                pm.unregister(plugin)
                break


def _load_entry_point(registry: Registry, found: _Discovered) -> None:
    ep, pm = found.entry_point, registry.pm
    # The distribution is named unless the entry point already says it.
    source = "" if _normalise(ep.name) == _normalise(found.distribution) else f" from {found.distribution}"
    registry.trace(f"loading plugin {ep.name!r} ({ep.value}){source or ' from ' + found.distribution}")
    # Two distributions may use one entry-point name; pluggy needs unique plugin names.
    name = ep.name if pm.get_plugin(ep.name) is None and not pm.is_blocked(ep.name) else f"{found.distribution}:{ep.name}"
    try:
        plugin = ep.load()
        pm.register(plugin, name=name)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # sys.exit() or worse while importing must not end the command
        registry.errors.append(f"plugin {ep.name!r}{source} failed to load: {_one_line(exc)}")
        return
    registry.plugins.append(PluginInfo(name, found.distribution, found.version, _hooks_of(pm, plugin)))


def _forget(registry: Registry, plugin_name: str) -> None:
    for offers in registry._game_offers.values():
        offers[:] = [(game, info) for game, info in offers if info.name != plugin_name]
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
            offers = registry._game_offers.setdefault(game.name, [])
            if any(source is _source for _, source in offers):
                raise PluginError(f"game {game.name!r} is registered twice by this plugin")
            if hookspecs is not None:
                pm.add_hookspecs(hookspecs)
                registry.game_hookspecs[game.name] = hookspecs
            if game.hooks is None:
                game.hooks = pm.hook
            offers.append((game, _source))

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(f"plugin {impl.plugin_name!r} failed to register games: {_one_line(exc)}")


def _settle_games(registry: Registry) -> None:
    """Install each offered game; a name offered by several plugins becomes a conflict that installs none."""
    for name, offers in sorted(registry._game_offers.items()):
        if len(offers) == 1:
            registry.games[name], registry.game_sources[name] = offers[0]
        else:
            registry.conflicts[name] = [source for _, source in offers]
            registry.errors.append(conflict_message(name, registry.conflicts[name]))
    registry._game_offers.clear()


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
