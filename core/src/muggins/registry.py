"""The registry: what the loaded plugins registered (games, kinds of player, command hooks) and which plugin owns which code.

A `Registry` answers a front end's questions (the game called this, the
kind for that seat, the conflicts and load errors to report) and keeps, by
module name, the plugin each module belongs to, so that `muggins.faults`
can name the plugin whose code raised. Filling it is the job of
`muggins.plugins.load_registry` (with `muggins.discovery` and
`muggins.plugin_checks`); everything here is importable from
`muggins.plugins`, the public module.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import pluggy

from .faults import PluginInfo, _not_a_plugins, _one_line, _PluginEscape, genuine_interrupt
from .game import Game
from .i18n import translator
from .limits import clip
from .players import PlayerKind, parse_seat
from .plugin_guards import _after_plugin_code, _loading_guard

# Worded when made, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["Registry", "PluginError", "KindConflict", "ENTRY_POINT_GROUP", "conflict_message", "kind_conflict_message"]

ENTRY_POINT_GROUP = "muggins"


class PluginError(Exception):
    """A plugin registered something invalid (a duplicate name, not a Game)."""


class KindConflict(KeyError):
    """A kind of player that several plugins registered for one game: the message names them all."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _stderr_warning(line: str) -> None:
    try:
        sys.stderr.write(_("muggins: warning: {line}").format(line=line) + "\n")
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
    #: A front end chooses it with `warn_through` (`muggins.front_end.front_end_registry`).
    warn: Callable[[str], None] = field(default=_stderr_warning, repr=False)
    _warned: set[str] = field(default_factory=set, repr=False)
    #: How many of `errors` a front end has been given already (`unreported_errors`).
    _errors_reported: int = field(default=0, repr=False)

    def trace(self, message: str) -> None:
        """Write a loading step to stderr when MUGGINS_TRACE_PLUGINS is set."""
        if self.tracing:
            sys.stderr.write(f"muggins trace: {message}\n")

    def warn_through(self, warn: Callable[[str], None]) -> None:
        """Send every warning line from now on (a listener switched off, a load error reported) to `warn`."""
        self.warn = warn

    def unreported_errors(self) -> list[str]:
        """The load errors no front end was given yet, now counted as given: each is reported once in a process."""
        fresh = self.errors[self._errors_reported:]
        self._errors_reported = len(self.errors)
        return fresh

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
            installed = ", ".join(sorted(self.games)) or _("none (install a game plugin)")
            raise KeyError(_("unknown game {game}; installed games: {installed}").format(game=repr(clip(name)), installed=installed)) from None

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
            raise KeyError(_("unknown player kind {kind}; kinds for {game}: {kinds}").format(
                kind=repr(clip(name)), game=clip(game), kinds=", ".join(self.kind_names(game))))
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
            raise ValueError(_("seat {seat}: {reason}").format(seat=repr(clip(spec)), reason=exc)) from None

    def register_commands(self, cli: Any) -> None:
        with _loading_guard():
            for impl in self.pm.hook.muggins_register_commands.get_hookimpls():
                try:
                    self._call(impl, cli=cli)
                except Exception as exc:  # one bad plugin must not take the CLI down
                    self.errors.append(_("plugin {plugin} failed to add commands: {error}").format(plugin=repr(impl.plugin_name), error=_one_line(exc)))


def conflict_message(name: str, rivals: list[PluginInfo]) -> str:
    """One line naming every plugin that registered game `name` and how to choose one."""
    if len(rivals) == 2:
        message = _("game {game} is registered by more than one plugin: {plugins}; neither is used; choose one with MUGGINS_LOAD_PLUGINS")
    else:
        message = _("game {game} is registered by more than one plugin: {plugins}; none is used; choose one with MUGGINS_LOAD_PLUGINS")
    return message.format(game=repr(name), plugins=_(" and ").join(r.describe() for r in rivals))


def kind_conflict_message(name: str, game: str | None, rivals: list[PluginInfo]) -> str:
    """One line naming every plugin that registered kind `name` for `game` (None: as a generic kind)."""
    if game is not None:
        what = _("player kind {kind} for {game}").format(kind=repr(name), game=game)
    else:
        what = _("generic player kind {kind}").format(kind=repr(name))
    if len(rivals) == 2:
        message = _("{what} is registered by more than one plugin: {plugins}; neither is used; choose one with MUGGINS_LOAD_PLUGINS")
    else:
        message = _("{what} is registered by more than one plugin: {plugins}; none is used; choose one with MUGGINS_LOAD_PLUGINS")
    return message.format(what=what, plugins=_(" and ").join(r.describe() for r in rivals))


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


def _info_for(registry: Registry, plugin_name: str) -> PluginInfo:
    for info in registry.plugins:
        if info.name == plugin_name:
            return info
    return PluginInfo(plugin_name, None, None)
