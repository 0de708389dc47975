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
re-exported here).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import pluggy

from . import hookspecs
from .game import Game
from .limits import GAME_NAME_PATTERN, KIND_NAME_PATTERN, LONGEST_TITLE, LONGEST_VERSION, MAX_PLAYERS, clip
from .faults import (  # re-exported: plugins and front ends import them from here
    BUILTIN, PluginFault, PluginInfo, _not_a_plugins, _one_line, _PluginEscape, blame, current_registry, fault_message, genuine_interrupt,
    keep_current_registry, plugin_fault,
)
from .players import BUILTIN_KINDS, FRONT_END_KINDS, SEARCH_DESCRIPTION, SEARCH_OPTIONS, PlayerKind, PlayerOption, parse_seat

if TYPE_CHECKING:
    from importlib.metadata import Distribution, EntryPoint

__all__ = [
    "Registry", "PluginInfo", "PluginError", "PluginFault", "KindConflict", "load_registry", "get_registry", "reset_registry",
    "ENTRY_POINT_GROUP", "GAME_NAME_PATTERN", "blame", "plugin_fault", "genuine_interrupt", "current_registry", "output_to_stderr",
    "game_problem", "fault_message",
]

ENTRY_POINT_GROUP = "muggins"


class PluginError(Exception):
    """A plugin registered something invalid (a duplicate name, not a Game)."""


class KindConflict(KeyError):
    """A kind of player that several plugins registered for one game: the message names them all."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class _BuiltinPlayers:
    """The core's own plugin: the generic player kinds."""

    @hookspecs.hookimpl
    def muggins_register_players(self, register: Callable[..., None]) -> None:
        for kind in BUILTIN_KINDS:
            register(kind.name, kind.factory, description=kind.description, options=kind.options)
        register("search", _search_factory, description=SEARCH_DESCRIPTION, options=SEARCH_OPTIONS)


def _search_factory(rng: Any, **options: Any) -> Any:
    """The built-in kind `search`: the search is imported when one is seated, never to list kinds."""
    from .search import make_search_player

    return make_search_player(rng, **options)


_search_factory.takes_given_options = True  # type: ignore[attr-defined]  # so the game's search_defaults fill the rest
_search_factory.takes_registry = True  # type: ignore[attr-defined]  # its rollout players come from the seating registry


def _stderr_warning(line: str) -> None:
    try:
        sys.stderr.write(f"muggins: warning: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr closed or gone: the warning is lost, the run goes on
        pass


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
    #: Kinds several plugins registered: `(kind, game)` (`game` None for a generic kind) -> the rival plugins; none of them is used.
    kind_conflicts: dict[tuple[str, str | None], list[PluginInfo]] = field(default_factory=dict)
    plugins: list[PluginInfo] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: Installed plugins that are not in use, by entry-point name -> why, in one line: left out by MUGGINS_LOAD_PLUGINS
    #: (or the plugin list), failed to load, or refused for a game version by its MUGGINS_SUPPORTS.
    not_used: dict[str, str] = field(default_factory=dict)
    tracing: bool = False
    #: Module name (or a top-level package name) -> the plugin whose code it is, for `blame`.
    owners: dict[str, PluginInfo | None] = field(default_factory=dict, repr=False)
    #: Where a warning line about a plugin goes while matches run (a listener switched off); said once each.
    warn: Callable[[str], None] = field(default=_stderr_warning, repr=False)
    _warned: set[str] = field(default_factory=set, repr=False)

    def trace(self, message: str) -> None:
        """Write a loading step to stderr when MUGGINS_TRACE_PLUGINS is set."""
        if self.tracing:
            sys.stderr.write(f"muggins trace: {message}\n")

    def warn_once(self, line: str) -> None:
        """`warn(line)` unless the same line was already given in this process."""
        if line not in self._warned:
            self._warned.add(line)
            self.warn(line)

    def _call(self, impl: Any, **kwargs: Any) -> None:
        self.trace(f"{impl.function.__name__}() of plugin {impl.plugin_name!r}")
        try:
            try:
                impl.function(**kwargs)
            finally:
                _after_plugin_code()
        except Exception:
            raise
        except KeyboardInterrupt as exc:
            if genuine_interrupt(exc):
                raise
            raise _PluginEscape(exc) from exc  # raised by the plugin itself, not by Ctrl-C
        except BaseException as exc:  # sys.exit() in a plugin's hook must not end the command
            raise _PluginEscape(exc) from exc

    @property
    def listens_to_events(self) -> bool:
        return bool(self.pm.hook.muggins_on_event.get_hookimpls())

    def plugin_info(self, name: str | None) -> PluginInfo | None:
        """The loaded plugin called `name`, or None."""
        for info in self.plugins:
            if info.name == name:
                return info
        return None

    def owner(self, module: str) -> PluginInfo | None:
        """The plugin whose code module `module` is (by its exact name, else its top-level package), or None.

        None too for muggins' own code, the standard library, and a module
        two plugins load from (it cannot say which one ran).
        """
        owners = self.owners
        if module in owners:
            return owners[module]
        return owners.get(module.partition(".")[0])

    def _own(self, module: object, info: PluginInfo, *, exact_only: bool = False, primary: bool = False) -> None:
        """Note that module `module` holds `info`'s code (and, for a `primary` claim, its top-level package unless `exact_only`).

        A plugin's own module (`primary`) claimed by a second plugin becomes
        nobody's; a module a plugin merely uses (its game's or bot's class)
        is noted, by its exact name only, when no plugin claimed it yet.
        muggins', the standard library's and pluggy's modules are never a
        plugin's.
        """
        if not isinstance(module, str) or not module or _not_a_plugins(module):
            return
        owners = self.owners
        for key in (module,) if exact_only or not primary else (module, module.partition(".")[0]):
            if key not in owners:
                owners[key] = info  # type: ignore[assignment]
            elif primary and owners[key] is not None and owners[key].name != info.name:
                owners[key] = None  # type: ignore[assignment]

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
        """The kind `name` for `game`: a game-specific one first (the game's own, then its parent game's), else a generic one.

        KeyError listing the kinds for an unknown name; `KindConflict` (a
        KeyError) naming the rivals when several plugins registered it.
        """
        generic = None
        specific: dict[str, PlayerKind] = {}
        for kind in self.players:
            if kind.name == name:
                if not kind.games:
                    generic = kind
                for served in kind.games:
                    specific.setdefault(served, kind)
        conflicts = self.kind_conflicts
        for member in self.family(game):
            if conflicts and (name, member) in conflicts:
                raise KindConflict(kind_conflict_message(name, member, conflicts[(name, member)]))
            if member in specific:
                return specific[member]
        if conflicts and (name, None) in conflicts:
            raise KindConflict(kind_conflict_message(name, None, conflicts[(name, None)]))
        if generic is None:
            raise KeyError(f"unknown player kind {clip(name)!r}; kinds for {clip(game)}: {', '.join(self.kind_names(game))}")
        return generic

    def kind_names(self, game: str) -> list[str]:
        """The names of every kind that can take a seat at `game` (or at a game it derives from), sorted; a kind in conflict is left out."""
        family = self.family(game)
        names = {k.name for k in self.players if any(k.serves(member) for member in family)}
        if self.kind_conflicts:
            for name in list(names):
                try:
                    self.player_kind(name, game)
                except KeyError:
                    names.discard(name)
        return sorted(names)

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
        with _loading_guard():
            for impl in self.pm.hook.muggins_register_commands.get_hookimpls():
                try:
                    self._call(impl, cli=cli)
                except Exception as exc:  # one bad plugin must not take the CLI down
                    self.errors.append(f"plugin {impl.plugin_name!r} failed to add commands: {_one_line(exc)}")


def conflict_message(name: str, rivals: list[PluginInfo]) -> str:
    """One line naming every plugin that registered game `name` and how to choose one."""
    unused = "neither is used" if len(rivals) == 2 else "none is used"
    return (
        f"game {name!r} is registered by more than one plugin: {' and '.join(r.describe() for r in rivals)}; "
        f"{unused}; choose one with MUGGINS_LOAD_PLUGINS"
    )


def kind_conflict_message(name: str, game: str | None, rivals: list[PluginInfo]) -> str:
    """One line naming every plugin that registered kind `name` for `game` (None: as a generic kind)."""
    unused = "neither is used" if len(rivals) == 2 else "none is used"
    what = f"player kind {name!r} for {game}" if game is not None else f"generic player kind {name!r}"
    return (
        f"{what} is registered by more than one plugin: {' and '.join(r.describe() for r in rivals)}; "
        f"{unused}; choose one with MUGGINS_LOAD_PLUGINS"
    )


# -- the standard streams and Ctrl-C while plugin code loads ------------------------------
class _ToStderr:
    """Stands in for `sys.stdout` (or `sys.stderr`) while plugin code loads: writes go to stderr; closing it does nothing."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def write(self, text: str) -> int:
        try:
            return self._target.write(text)
        except (OSError, ValueError, AttributeError):
            return len(text)

    def flush(self) -> None:
        try:
            self._target.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def close(self) -> None:
        pass

    closed = False

    def isatty(self) -> bool:
        try:
            return bool(self._target.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target, name)


def _reopened(fd: int, like: Any) -> Any:
    """A new text stream on `fd` in place of `like`, which plugin code closed."""
    encoding = getattr(like, "encoding", None) or "utf-8"
    errors = getattr(like, "errors", None) or "strict"
    try:
        return open(fd, "w", encoding=encoding, errors=errors, closefd=False, buffering=1 if fd == 2 else -1)
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def output_to_stderr() -> Iterator[None]:
    """While plugin code runs: its output goes to stderr (file descriptor 1 too), and whatever it does to the streams is undone after.

    Plugins load inside it, and a command whose standard output is data
    (`simulate --json`) runs its matches inside it, writing the data after.
    A plugin may print, close `sys.stdout` or `sys.__stdout__`, replace
    `sys.stdout` or `sys.stderr`, or move or close file descriptors 1 and 2:
    afterwards muggins writes to the streams it started with. (Threads a
    plugin leaves running may still write to them later.)
    """
    real_out, real_err = sys.stdout, sys.stderr
    saved: dict[int, tuple[int, bool]] = {}
    for fd in (1, 2):
        try:
            saved[fd] = (os.dup(fd), os.get_blocking(fd))
        except OSError:
            continue
    try:
        if real_out is not None:
            real_out.flush()
    except (OSError, ValueError, AttributeError):
        pass
    if 1 in saved and 2 in saved:
        try:
            os.dup2(2, 1)
        except OSError:
            pass
    sys.stdout = _ToStderr(real_err)  # type: ignore[assignment]
    sys.stderr = _ToStderr(real_err)  # type: ignore[assignment]
    try:
        yield
    finally:
        for stream in {id(s): s for s in (real_out, sys.__stdout__) if s is not None}.values():
            try:  # what plugin code left in a buffer goes where fd 1 points now: stderr
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        for fd, (copy, blocking) in saved.items():
            try:
                os.dup2(copy, fd)
                os.set_blocking(fd, blocking)
            except OSError:
                pass
            finally:
                os.close(copy)
        for fd, name, real in ((1, "stdout", real_out), (2, "stderr", real_err)):
            if real is not None and getattr(real, "closed", False) is True:
                real = _reopened(fd, real)
            setattr(sys, name, real)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE") if hasattr(signal, name))


class _Settings:
    """What plugin code may not change for good while it loads: signal handlers, the recursion limit, the working folder, the stand-in streams."""

    def __init__(self) -> None:
        self.handlers: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for number in _SIGNALS:
                try:
                    self.handlers[number] = signal.getsignal(number)
                except (ValueError, OSError):
                    pass
        self.limit = sys.getrecursionlimit()
        try:
            self.folder: str | None = os.getcwd()
        except OSError:
            self.folder = None
        self.streams: tuple[Any, Any, Any] | None = None

    def restore(self) -> None:
        """Put back what one plugin's code changed, before the next plugin's runs."""
        for number, handler in self.handlers.items():
            try:
                if handler is not None and signal.getsignal(number) is not handler:
                    signal.signal(number, handler)
            except (ValueError, OSError, TypeError):
                pass
        if sys.getrecursionlimit() != self.limit:
            sys.setrecursionlimit(self.limit)
        if self.folder is not None:
            try:
                if os.getcwd() != self.folder:
                    os.chdir(self.folder)
            except OSError:
                try:
                    os.chdir(self.folder)
                except OSError:
                    pass
        if self.streams is not None:
            sys.stdin, sys.stdout, sys.stderr = self.streams


_LOADING: list[_Settings] = []


def _after_plugin_code() -> None:
    """Undo what the plugin code that just ran changed (while plugins load); nothing otherwise."""
    if _LOADING:
        _LOADING[-1].restore()


@contextlib.contextmanager
def _loading_guard() -> Iterator[None]:
    """While plugins load: output to stderr, standard input empty, and what each plugin changes undone before the next runs.

    Standard input reads as empty (a plugin asking a question at import
    gets EOFError, not the user's moves); after each plugin's import and
    each hook call the signal handlers, the recursion limit, the working
    folder and the standard streams are as they were, and all the more so
    at the end.
    """
    import io

    real_in = sys.stdin
    try:
        saved_in: int | None = os.dup(0)
    except OSError:
        saved_in = None
    if saved_in is not None:
        try:
            empty = os.open(os.devnull, os.O_RDONLY)
            os.dup2(empty, 0)
            os.close(empty)
        except OSError:
            pass
    sys.stdin = io.StringIO("")
    try:
        with output_to_stderr(), _interrupts_marked():
            settings = _Settings()  # taken with muggins' own Ctrl-C handler in place
            settings.streams = (sys.stdin, sys.stdout, sys.stderr)
            _LOADING.append(settings)
            try:
                yield
            finally:
                _LOADING.remove(settings)
                settings.restore()
                settings.streams = None
    finally:
        if saved_in is not None:
            try:
                os.dup2(saved_in, 0)
            except OSError:
                pass
            os.close(saved_in)
        sys.stdin = real_in


@contextlib.contextmanager
def _interrupts_marked() -> Iterator[None]:
    """While plugin code loads, Ctrl-C raises from muggins' own handler, so `genuine_interrupt` tells it from a plugin's own KeyboardInterrupt."""
    previous = None
    if threading.current_thread() is threading.main_thread():
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                previous = signal.signal(signal.SIGINT, _raise_interrupt)
        except (ValueError, OSError):
            previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


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

    asked_by = "MUGGINS_LOAD_PLUGINS" if only is None else "the plugin list"
    wanted = _wanted(",".join(only)) if only is not None else _wanted(os.environ.get("MUGGINS_LOAD_PLUGINS"))
    if load_entry_points and wanted != {}:
        discovered, unreadable = _entry_points()
        registry.errors.extend(unreadable.values())
        for found in discovered:
            if wanted is not None and not found.names & wanted.keys():
                registry.not_used.setdefault(found.entry_point.name, f"{asked_by} leaves it out")
                continue
            _load_entry_point(registry, found)
        known = set(unreadable).union(*(found.names for found in discovered))
        for name in sorted(set(wanted or {}) - known):
            registry.errors.append(f"{asked_by} names {wanted[name]!r}, which matches no installed plugin")
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
            registry.errors.append(f"plugin {bad_name!r} implements an unknown hook: {_one_line(exc)}")
            _forget(registry, bad_name)
            pm.unregister(bad)
    _settle_games(registry)
    _check_supported_versions(registry)
    _settle_kinds(registry)
    return registry


def _module_name(plugin: object) -> str | None:
    """The module holding a plugin object's code: the module itself, or its class's module."""
    from types import ModuleType

    if isinstance(plugin, ModuleType):
        return plugin.__name__
    module = getattr(type(plugin), "__module__", None)
    return module if isinstance(module, str) else None


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
                    refusal = f"plugin {name!r} supports {game_name} {shown}, but {game_name} {game.version} is installed; it is not used"
                    break
        except BaseException as exc:  # a module __getattr__ may raise anything, sys.exit() included
            if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
                raise
            refusal = f"plugin {name!r} has a MUGGINS_SUPPORTS that cannot be read: {_one_line(exc)}; it is not used"
        if refusal is not None:
            registry.errors.append(refusal)
            registry.not_used[name] = refusal
            _forget(registry, name)
            pm.unregister(plugin)


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
        registry.errors.append(f"plugin {ep.name!r}{source} failed to load: {_one_line(exc)}")
        registry.not_used[ep.name] = registry.errors[-1]
        return
    except BaseException as exc:  # sys.exit() or worse while importing must not end the command
        registry.errors.append(f"plugin {ep.name!r}{source} failed to load: {_one_line(exc)}")
        registry.not_used[ep.name] = registry.errors[-1]
        return
    info.hooks = _hooks_of(pm, plugin)
    registry.plugins.append(info)
    registry._own(_module_name(plugin), info, primary=True)


def _forget(registry: Registry, plugin_name: str) -> None:
    """Drop what an unregistered plugin offered: its games, its kinds of player, its side of a kind conflict."""
    for offers in registry._game_offers.values():
        offers[:] = [(game, info) for game, info in offers if info.name != plugin_name]
    registry.plugins = [p for p in registry.plugins if p.name != plugin_name]
    registry.players = [kind for kind in registry.players if kind.plugin != plugin_name]
    for key, rivals in list(registry.kind_conflicts.items()):
        rivals[:] = [info for info in rivals if info.name != plugin_name]
        if len(rivals) < 2:
            del registry.kind_conflicts[key]


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


# -- what a game must be -------------------------------------------------------------------
_MISSING = object()
_COMPUTED = object()


def _plain(obj: object, attr: str) -> Any:
    """`obj.attr` if it is a plain value (in the instance or a class), `_MISSING` if absent, `_COMPUTED` for a property or the like."""
    try:
        own = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        own = {}
    if attr in own:
        value = own[attr]
    else:
        for cls in type(obj).__mro__:
            if attr in cls.__dict__:
                value = cls.__dict__[attr]
                break
        else:
            return _MISSING
    return value if getattr(obj, attr, _MISSING) is value else _COMPUTED


def _shown(value: object) -> str:
    """A value a plugin gave, for an error line: its type, and its repr when that is plain data."""
    if value is _MISSING:
        return "missing"
    if value is _COMPUTED:
        return "computed (a property or the like), not a plain value"
    if value is None:
        return "None"
    kind = type(value).__name__
    if type(value) in (int, float, bool, str, bytes, range, list, tuple, dict):
        return f"{kind} {clip(repr(value), 40)}"
    return kind


def game_problem(game: object) -> str | None:
    """Why `game` cannot be registered, in a phrase, or None when it can.

    A game needs: a name of 1 to 64 ASCII letters, digits, `_`, `-` or `.`
    starting with a letter or digit (it makes the record's file name
    `muggins-NAME-SEED.jsonl` and is typed on the command line); a title of
    one printable line; `players` a range of counts from 1 up with step 1;
    `default_players` an int in it; a printable text `version`; `Rules` a
    class; `State` a class or a `"module:Class"` path; `stat_labels` text
    by text. Each must be a plain attribute, not a property.
    """
    if not isinstance(game, Game):
        return f"register() needs a muggins.Game instance, not {type(game).__name__}"
    name = _plain(game, "name")
    if type(name) is not str:
        return f"a game's name must be text, not {_shown(name)}"
    if not GAME_NAME_PATTERN.match(name):
        return (f"game name {clip(name)!r} cannot make a record's file name: use 1 to 64 ASCII letters, digits, '_', '-' or '.', "
                "starting with a letter or digit")
    title = _plain(game, "title")
    if type(title) is not str or not title.strip() or not title.isprintable() or len(title) > LONGEST_TITLE:
        return f"game {name!r}: title must be one printable line of text (at most {LONGEST_TITLE} characters), not {_shown(title)}"
    players = _plain(game, "players")
    if type(players) is not range or players.step != 1 or not 1 <= players.start < players.stop or players.stop - 1 > MAX_PLAYERS:
        return f"game {name!r}: players must be a range of player counts such as range(2, 5) (1 to {MAX_PLAYERS}), not {_shown(players)}"
    default = _plain(game, "default_players")
    if type(default) is not int or default not in players:
        return f"game {name!r}: default_players must be a whole number from {players.start} to {players.stop - 1}, not {_shown(default)}"
    version = _plain(game, "version")
    if type(version) is not str or not version or not version.isprintable() or len(version) > LONGEST_VERSION:
        return f"game {name!r}: version must be printable text such as \"1.0\", not {_shown(version)}"
    rules = _plain(game, "Rules")
    if not isinstance(rules, type):
        return f"game {name!r}: Rules must be a class (a dataclass of house rules), not {_shown(rules)}"
    state = _plain(game, "State")
    if not (isinstance(state, type) or (type(state) is str and ":" in state)):
        return f"game {name!r}: State must be a State class or its path \"module:Class\", not {_shown(state)}"
    labels = _plain(game, "stat_labels")
    if not isinstance(labels, dict) or not all(type(k) is str and type(v) is str for k, v in labels.items()):
        return f"game {name!r}: stat_labels must be a dict of text by text, not {_shown(labels)}"
    return None


def _scratch_specs(hookspecs: object) -> pluggy.PluginManager:
    """The hook specs of a game's module or class, read into a manager of their own (ValueError when it defines none)."""
    scratch = pluggy.PluginManager(ENTRY_POINT_GROUP)
    scratch.add_hookspecs(hookspecs)
    return scratch


def _add_game_hookspecs(registry: Registry, game_name: str, hookspecs: object) -> None:
    """Add a game's hook specs, refusing (PluginError) specs that clash with the core's or another game's.

    A plugin that already implements one of these hooks with arguments the
    spec lacks is reported in one line and unregistered, not blamed on the game.
    """
    pm = registry.pm
    try:
        scratch = _scratch_specs(hookspecs)
    except ValueError as exc:
        raise PluginError(f"game {game_name!r}: hookspecs must be a module or class of muggins hook specs, not {_shown(hookspecs)} ({exc})") from None
    names = sorted(name for name in dir(hookspecs) if scratch.parse_hookspec_opts(hookspecs, name) is not None)
    taken = [name for name in names if getattr(getattr(pm.hook, name, None), "spec", None) is not None]
    if taken:
        raise PluginError(f"game {game_name!r}: its hookspecs define {', '.join(taken)}, which already has a spec")
    for name in names:
        caller = getattr(pm.hook, name, None)
        if caller is None:
            continue
        spec = getattr(scratch.hook, name).spec
        allowed = set(spec.argnames) | set(spec.kwargnames)
        for impl in caller.get_hookimpls():
            extra = sorted(set(impl.argnames) - allowed)
            if extra:
                registry.errors.append(
                    f"plugin {impl.plugin_name!r} implements {name} with argument(s) {', '.join(extra)}, which game {game_name!r} "
                    "does not pass; it is not used")
                _forget(registry, impl.plugin_name)
                pm.unregister(impl.plugin)
    pm.add_hookspecs(hookspecs)


def _collect_games(registry: Registry) -> None:
    pm = registry.pm
    for impl in pm.hook.muggins_register_games.get_hookimpls():
        source = _info_for(registry, impl.plugin_name)

        def register(game: Game, hookspecs: object | None = None, _source: PluginInfo = source) -> None:
            # A refusal is one line and leaves nothing behind; the plugin's other registrations go on.
            try:
                problem = game_problem(game)
                if problem is not None:
                    raise PluginError(problem)
                name = game.name
                offers = registry._game_offers.get(name, [])
                if any(source is _source for _, source in offers):
                    raise PluginError(f"game {name!r} is registered twice by this plugin")
                if hookspecs is not None and not offers:  # a rival's game is not used, so neither are its hooks
                    _add_game_hookspecs(registry, name, hookspecs)
                    registry.game_hookspecs[name] = hookspecs
                if game.hooks is None:
                    game.hooks = pm.hook
            except Exception as exc:
                registry.errors.append(f"plugin {_source.name!r} failed to register games: {_one_line(exc)}")
                return
            registry._game_offers.setdefault(name, []).append((game, _source))
            registry._own(type(game).__module__, _source)
            state = _plain(game, "State")
            registry._own(state.__module__ if isinstance(state, type) else state.partition(":")[0], _source)

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(f"plugin {impl.plugin_name!r} failed to register games: {_one_line(exc)}")


def _settle_games(registry: Registry) -> None:
    """Install each offered game; a name offered by several plugins becomes a conflict that installs none."""
    for name, offers in sorted(registry._game_offers.items()):
        if not offers:
            continue
        if len(offers) == 1:
            registry.games[name], registry.game_sources[name] = offers[0]
        else:
            registry.conflicts[name] = [source for _, source in offers]
            registry.errors.append(conflict_message(name, registry.conflicts[name]))
    registry._game_offers.clear()


def _checked_kind(name: object, factory: object, description: object, games: object, options: object, plugin: str) -> PlayerKind:
    """The PlayerKind a plugin asked for, or PluginError (one line) saying what is wrong with it."""
    if type(name) is not str:
        raise PluginError(f"a player kind's name must be text, not {_shown(name)}")
    if not name or ":" in name or "," in name or "=" in name:
        raise PluginError(f"player kind name {name!r} cannot be empty or contain ':', ',' or '='")
    if not KIND_NAME_PATTERN.match(name) or not name.isprintable():
        raise PluginError(f"player kind name {clip(name)!r} must be at most 64 printable characters without spaces")
    if name in FRONT_END_KINDS:
        # the front end seats this kind itself (muggins.sessions); the message keeps its first wording
        raise PluginError(f"player kind name {name!r} is the terminal player's; choose another name")
    if not callable(factory):
        raise PluginError(f"player kind {name!r}: the factory must be callable, not {_shown(factory)}")
    if type(description) is not str:
        raise PluginError(f"player kind {name!r}: description must be text, not {_shown(description)}")
    if isinstance(games, (str, bytes)):
        raise PluginError(f"player kind {name!r}: games must be a list of game names, not the text {clip(games)!r}")
    served = tuple(games)  # type: ignore[call-overload]
    if not all(type(game) is str and game for game in served):
        raise PluginError(f"player kind {name!r}: games must be game names (text), got {clip(served)}")
    return PlayerKind(name, factory, description, tuple(dict.fromkeys(served)), tuple(options), plugin)  # type: ignore[arg-type]


def _collect_players(registry: Registry) -> None:
    for impl in registry.pm.hook.muggins_register_players.get_hookimpls():
        source = _info_for(registry, impl.plugin_name)

        def register(
            name: str, factory: Callable[..., Any], description: str = "", games: Iterable[str] = (), options: Iterable[PlayerOption] = (),
            _source: PluginInfo = source,
        ) -> None:
            # A refusal is one line and leaves nothing behind; the plugin's other registrations go on.
            try:
                kind = _checked_kind(name, factory, description, games, options, _source.name)
                _check_rivals(registry, kind, _source)
            except Exception as exc:
                registry.errors.append(f"plugin {_source.name!r} failed to register players: {_one_line(exc)}")
                return
            registry.players.append(kind)
            registry._own(getattr(factory, "__module__", None), _source)

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(f"plugin {impl.plugin_name!r} failed to register players: {_one_line(exc)}")


def _check_rivals(registry: Registry, kind: PlayerKind, source: PluginInfo) -> None:
    """PluginError for a kind this plugin already registered or that replaces a built-in one; a kind another plugin registered for the same game (or as generic) becomes a conflict."""
    for other in registry.players:
        if other.name != kind.name:
            continue
        shared: list[str | None] = [None] if not other.games and not kind.games else [g for g in kind.games if g in other.games]
        if not shared:
            continue
        where = f" for {', '.join(g for g in shared if g)}" if shared != [None] else ""
        if other.plugin == source.name:
            raise PluginError(f"player kind {kind.name!r}{where} is already registered by this plugin")
        if other.plugin == BUILTIN:
            raise PluginError(f"player kind {kind.name!r} is already registered: it is built into muggins and cannot be replaced")
        rival = _info_for(registry, other.plugin or "?")
        for game in shared:
            rivals = registry.kind_conflicts.setdefault((kind.name, game), [rival])
            if all(r.name != source.name for r in rivals):
                rivals.append(source)


def _settle_kinds(registry: Registry) -> None:
    """One line for each kind of player in conflict (none of its rivals is used)."""
    for (name, game), rivals in sorted(registry.kind_conflicts.items(), key=lambda item: (item[0][0], item[0][1] or "")):
        registry.errors.append(kind_conflict_message(name, game, rivals))


_REGISTRY: Registry | None = None


def get_registry() -> Registry:
    """The process-wide registry, loaded on first use from the installed plugins."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry()
        keep_current_registry(_REGISTRY)
    return _REGISTRY


def reset_registry(registry: Registry | None = None) -> None:
    """Drop (or replace) the process-wide registry; tests use it to isolate plugins."""
    global _REGISTRY
    _REGISTRY = registry
    keep_current_registry(registry)
