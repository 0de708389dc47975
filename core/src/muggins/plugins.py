"""Plugin loading, the registries of games, players and commands, and naming the plugin behind a failure.

Plugins are found through the `muggins` entry-point group with
`importlib.metadata`, reading each distribution on `sys.path` on its own (so
one unreadable distribution cannot hide the others; the first distribution
of a name on the path wins, as `importlib.metadata` has it), and managed by
pluggy. Loading is guarded: a distribution that cannot be read, or a plugin
that fails to import, to register or to match a hook spec (even by calling
`sys.exit()` or raising KeyboardInterrupt itself), is reported as one line in
`registry.errors` while the others load; only a real Ctrl-C stops loading.
While plugin code loads, anything it prints goes to stderr, and whatever it
does to the standard streams (closing or replacing `sys.stdout`, moving file
descriptor 1) is undone afterwards. What a plugin registers is checked
before it is used: a game needs a plain name that can make a record's file
name, a one-line title, a range of player counts, a default count in it and
a text version; a malformed game, kind or hook-spec module is one line and
nothing of it is kept. Two plugins registering one game name is a conflict:
neither is used until the user picks one; the same holds for two plugins
registering one kind of player for one game (or two generic kinds of one
name). `MUGGINS_LOAD_PLUGINS` (comma-separated entry-point or distribution
names; empty for none) limits which plugins load and
`MUGGINS_TRACE_PLUGINS=1` traces every hook call to stderr. The `Registry`
holds what plugins registered: games by name, conflicting game and kind
names, player kinds, command hooks, and which modules belong to which
plugin, so that `blame` and `plugin_fault` can name the plugin whose code
raised (`PluginFault`, one line) when plugin code ends a match with
SystemExit, a KeyboardInterrupt no signal raised, or a RecursionError; that
naming lives in `muggins.faults`, below the registry, so the engine and
the players reach it without importing this module (its names are
re-exported here). This module is the public one and the loader: the
registry itself (`muggins.registry`), finding entry points
(`muggins.discovery`), the guards while plugin code runs
(`muggins.plugin_guards`) and the checks of what a plugin registers
(`muggins.plugin_checks`) are modules below it, and every name is
importable from here.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Iterable

import pluggy

from . import hookspecs
from .i18n import translator
from .limits import GAME_NAME_PATTERN, clip
from .faults import (  # re-exported: plugins and front ends import them from here
    BUILTIN, PluginFault, PluginInfo, _not_a_plugins, _one_line, _PluginEscape, blame, fault_message, genuine_interrupt, plugin_fault,
)
from .players import BUILTIN_KINDS, SEARCH_DESCRIPTION, SEARCH_OPTIONS, SEARCH_WORDS
# The registry's jobs live in modules of their own, below this one; every name stays importable from here.
from .registry import (  # noqa: F401  (re-exported)
    ENTRY_POINT_GROUP, KindConflict, PluginError, Registry, _forget, _info_for, _stderr_warning, conflict_message, kind_conflict_message,
)
from .plugin_guards import (  # noqa: F401  (re-exported)
    _LOADING, _SIGNALS, _after_plugin_code, _interrupts_marked, _loading_guard, _raise_interrupt, _reopened, _Settings, _ToStderr,
    output_to_stderr,
)
from .discovery import (  # noqa: F401  (re-exported)
    _Discovered, _distribution_key, _entry_points, _hooks_of, _load_entry_point, _module_name, _normalise, _wanted,
)
from .plugin_checks import (  # noqa: F401  (re-exported)
    _COMPUTED, _MISSING, _add_game_hookspecs, _check_rivals, _checked_kind, _collect_games, _collect_players, _plain, _scratch_specs,
    _settle_games, _settle_kinds, _shown, game_problem,
)

__all__ = [
    "Registry", "PluginInfo", "PluginError", "PluginFault", "KindConflict", "load_registry", "get_registry", "reset_registry",
    "ENTRY_POINT_GROUP", "GAME_NAME_PATTERN", "blame", "plugin_fault", "genuine_interrupt", "current_registry", "output_to_stderr",
    "game_problem", "fault_message",
]

_ = translator("muggins", package_file=__file__).gettext


class _BuiltinPlayers:
    """The core's own plugin: the generic player kinds."""

    @hookspecs.hookimpl
    def muggins_register_players(self, register: Callable[..., None]) -> None:
        for kind in BUILTIN_KINDS:
            register(kind.name, kind.factory, description=kind.description, options=kind.options, words=kind.words)
        register("search", _search_factory, description=SEARCH_DESCRIPTION, options=SEARCH_OPTIONS, words=SEARCH_WORDS)


def _search_factory(rng: Any, **options: Any) -> Any:
    """The built-in kind `search`: the search is imported when one is seated, never to list kinds."""
    from .search import make_search_player

    return make_search_player(rng, **options)


_search_factory.takes_given_options = True  # type: ignore[attr-defined]  # so the game's search_defaults fill the rest
_search_factory.takes_registry = True  # type: ignore[attr-defined]  # its rollout players come from the seating registry


def load_registry(
    *,
    load_entry_points: bool = True,
    only: Iterable[str] | None = None,
    extra_plugins: Iterable[tuple[str, object]] = (),
) -> Registry:
    """Build a registry from the installed plugins (and `extra_plugins` given as objects).

    `only` (or `MUGGINS_LOAD_PLUGINS` when `only` is None) limits which entry
    points load; `load_entry_points=False` loads none, as tests do by default.
    Plugin code runs with its output sent to stderr, standard input empty,
    and the streams, signal handlers, recursion limit and working folder put
    back afterwards (`_loading_guard`).
    """
    with _loading_guard():
        return _load(load_entry_points, only, extra_plugins)


def _load(load_entry_points: bool, only: Iterable[str] | None, extra_plugins: Iterable[tuple[str, object]]) -> Registry:
    pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
    pm.add_hookspecs(hookspecs)
    tracing = bool(os.environ.get("MUGGINS_TRACE_PLUGINS"))
    if tracing:
        pm.trace.root.setwriter(lambda text: sys.stderr.write(text))
        pm.enable_tracing()
    registry = Registry(pm, tracing=tracing)
    pm.register(_BuiltinPlayers(), name=BUILTIN)
    registry.plugins.append(PluginInfo(BUILTIN, "muggins-core", _core_version(), ["muggins_register_players"]))

    asked_by = "MUGGINS_LOAD_PLUGINS" if only is None else _("the plugin list")
    wanted = _wanted(",".join(only)) if only is not None else _wanted(os.environ.get("MUGGINS_LOAD_PLUGINS"))
    if load_entry_points and wanted != {}:
        discovered, unreadable = _entry_points()
        registry.errors.extend(unreadable.values())
        for found in discovered:
            if wanted is not None and not found.names & wanted.keys():
                registry.not_used.setdefault(found.entry_point.name, _("{asked_by} leaves it out").format(asked_by=asked_by))
                continue
            _load_entry_point(registry, found)
        known = set(unreadable).union(*(found.names for found in discovered))
        for name in sorted(set(wanted or {}) - known):
            registry.errors.append(_("{asked_by} names {name}, which matches no installed plugin").format(
                asked_by=asked_by, name=repr(wanted[name])))
    for name, plugin in extra_plugins:
        pm.register(plugin, name=name)
        info = PluginInfo(name, None, None, _hooks_of(pm, plugin))
        registry.plugins.append(info)
        registry._own(_module_name(plugin), info, exact_only=True, primary=True)

    _collect_games(registry)
    _collect_players(registry)
    while True:
        try:
            pm.check_pending()
            break
        except pluggy.PluginValidationError as exc:
            bad = exc.plugin
            bad_name = pm.get_name(bad) or "?"
            registry.errors.append(_("plugin {name} implements an unknown hook: {problem}").format(
                name=repr(bad_name), problem=_one_line(exc)))
            _forget(registry, bad_name)
            pm.unregister(bad)
    _settle_games(registry)
    _check_supported_versions(registry)
    _settle_kinds(registry)
    return registry


def _check_supported_versions(registry: Registry) -> None:
    """Unregister, with one line, a plugin whose `MUGGINS_SUPPORTS` excludes the installed version of a game it names (or cannot be read)."""
    from .houserules import supports_version

    pm = registry.pm
    for name, plugin in list(pm.list_name_plugin()):
        try:
            declared = getattr(plugin, "MUGGINS_SUPPORTS", None)
            if declared is None:
                continue
            refusal = None
            for game_name, game in sorted(registry.games.items()):
                ok = supports_version(declared, game_name, game.version)
                if ok is False:
                    wanted = declared[game_name]
                    shown = clip(", ".join(wanted) if isinstance(wanted, (list, tuple)) else str(wanted))
                    refusal = _("plugin {name} supports {game} {supported}, but {game} {version} is installed; it is not used").format(
                        name=repr(name), game=game_name, supported=shown, version=game.version)
                    break
        except BaseException as exc:  # a module __getattr__ may raise anything, sys.exit() included
            if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
                raise
            refusal = _("plugin {name} has a MUGGINS_SUPPORTS that cannot be read: {problem}; it is not used").format(
                name=repr(name), problem=_one_line(exc))
        if refusal is not None:
            registry.errors.append(refusal)
            registry.not_used[name] = refusal
            _forget(registry, name)
            pm.unregister(plugin)


def _core_version() -> str:
    from . import __version__

    return __version__


#: The process-wide registry, kept here, at the plugin layer: what runs below it (the engine, the players, the
#: naming of faults) is handed the registry it needs by whoever builds the match, never reaches for this one.
_REGISTRY: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, loaded on first use from the installed plugins."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry()
    return _REGISTRY


def current_registry() -> Registry | None:
    """The process-wide registry if it is loaded, else None (never loads one)."""
    return _REGISTRY


def reset_registry(registry: Registry | None = None) -> None:
    """Drop (or replace) the process-wide registry; tests use it to isolate plugins."""
    global _REGISTRY
    _REGISTRY = registry
