"""Finding plugins: the `muggins` entry points of every distribution on `sys.path`, and loading one into a registry.

Each distribution is read on its own, so one unreadable distribution is one
line in `registry.errors` and cannot hide the others (the first
distribution of a name on the path wins, as `importlib.metadata` has it);
entry points are sorted so the loading order does not depend on the path's.
`MUGGINS_LOAD_PLUGINS` names are compared normalised (`-`, `_` and `.` alike,
any case). A plugin that fails to import, even by `sys.exit()` or its own
KeyboardInterrupt, is one line; only a real Ctrl-C stops loading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pluggy

from .faults import PluginInfo, _one_line, genuine_interrupt
from .i18n import translator
from .plugin_guards import _after_plugin_code
from .registry import ENTRY_POINT_GROUP, Registry

# Worded when made, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

if TYPE_CHECKING:
    from importlib.metadata import Distribution, EntryPoint


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
            named = _("distribution {name}").format(name=repr(key)) if key else _("a distribution")
            if where:
                unreadable[key or str(where)] = _("{distribution} at {path} cannot be read: {error}").format(distribution=named, path=where, error=_one_line(exc))
            else:
                unreadable[key or str(where)] = _("{distribution} cannot be read: {error}").format(distribution=named, error=_one_line(exc))
            continue
        found.extend(_Discovered(ep, name, version) for ep in entries)
    # Sorted, so loading order (and which plugin gets a contested plugin name) does not depend on sys.path order.
    found.sort(key=lambda d: (d.entry_point.name, d.entry_point.value, _normalise(d.distribution)))
    return found, unreadable


def _module_name(plugin: object) -> str | None:
    """The module holding a plugin object's code: the module itself, or its class's module."""
    from types import ModuleType

    if isinstance(plugin, ModuleType):
        return plugin.__name__
    module = getattr(type(plugin), "__module__", None)
    return module if isinstance(module, str) else None


def _load_entry_point(registry: Registry, found: _Discovered) -> None:
    ep, pm = found.entry_point, registry.pm
    # The distribution is named unless the entry point already says it.
    source = "" if _normalise(ep.name) == _normalise(found.distribution) else f" from {found.distribution}"
    registry.trace(f"loading plugin {ep.name!r} ({ep.value}){source or ' from ' + found.distribution}")
    # Two distributions may use one entry-point name; pluggy needs unique plugin names.
    name = ep.name if pm.get_plugin(ep.name) is None and not pm.is_blocked(ep.name) else f"{found.distribution}:{ep.name}"
    info = PluginInfo(name, found.distribution, found.version)
    registry._own(ep.module, info, primary=True)  # before importing: a failure during the import is this plugin's
    try:
        try:
            plugin = ep.load()
            pm.register(plugin, name=name)
        finally:
            _after_plugin_code()
    except KeyboardInterrupt as exc:
        if genuine_interrupt(exc):
            raise  # Ctrl-C stops loading
        registry.errors.append(_failed_to_load(ep.name, found.distribution if source else None, exc))
        registry.not_used[ep.name] = registry.errors[-1]
        return
    except BaseException as exc:  # sys.exit() or worse while importing must not end the command
        registry.errors.append(_failed_to_load(ep.name, found.distribution if source else None, exc))
        registry.not_used[ep.name] = registry.errors[-1]
        return
    info.hooks = _hooks_of(pm, plugin)
    registry.plugins.append(info)
    registry._own(_module_name(plugin), info, primary=True)


def _hooks_of(pm: pluggy.PluginManager, plugin: object) -> list[str]:
    return [caller.name for caller in (pm.get_hookcallers(plugin) or [])]


def _failed_to_load(name: str, distribution: str | None, exc: BaseException) -> str:
    if distribution is not None:
        return _("plugin {plugin} from {distribution} failed to load: {error}").format(plugin=repr(name), distribution=distribution, error=_one_line(exc))
    return _("plugin {plugin} failed to load: {error}").format(plugin=repr(name), error=_one_line(exc))
