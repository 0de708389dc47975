"""The checks of what a plugin registers: a game's plain attributes and hook specs, a kind of player, and rival registrations.

A refusal is one line in `registry.errors` and leaves nothing of the
refused game or kind behind; the plugin's other registrations go on. Two
plugins offering one game name (or one kind for one game) become a conflict
that installs neither until the user picks one. `game_problem` is public
(importable from `muggins.plugins`): the kit and the scaffold ask it too.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import pluggy

from .faults import BUILTIN, PluginInfo, _one_line
from .game import Capabilities, Game
from .i18n import translator
from .limits import GAME_NAME_PATTERN, KIND_NAME_PATTERN, LONGEST_TITLE, LONGEST_VERSION, MAX_PLAYERS, clip
from .players import FRONT_END_KINDS, PlayerKind, PlayerOption
from .registry import ENTRY_POINT_GROUP, PluginError, Registry, _forget, _info_for, conflict_message, kind_conflict_message

# The lines a player reads about a plugin left out are worded in the language a front end set; what is wrong
# with a plugin's registration (a bad name, title, range or factory) speaks to its author and stays English.
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["game_problem"]


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
    declared = _plain(game, "capabilities")
    if declared is not None and not isinstance(declared, Capabilities):
        return f"game {name!r}: capabilities must be a muggins.Capabilities (or None, worked out from its methods), not {_shown(declared)}"
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
                registry.errors.append(_("plugin {plugin} implements {hook} with argument(s) {arguments}, which game {game} does not pass; it is not used").format(
                    plugin=repr(impl.plugin_name), hook=name, arguments=", ".join(extra), game=repr(game_name)))
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
                registry.errors.append(_("plugin {plugin} failed to register games: {error}").format(plugin=repr(_source.name), error=_one_line(exc)))
                return
            registry._game_offers.setdefault(name, []).append((game, _source))
            registry._own(type(game).__module__, _source)
            state = _plain(game, "State")
            registry._own(state.__module__ if isinstance(state, type) else state.partition(":")[0], _source)

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(_("plugin {plugin} failed to register games: {error}").format(plugin=repr(impl.plugin_name), error=_one_line(exc)))


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


def _checked_kind(name: object, factory: object, description: object, games: object, options: object, plugin: str,
                  words: object = "") -> PlayerKind:
    """The PlayerKind a plugin asked for, or PluginError (one line) saying what is wrong with it."""
    if type(name) is not str:
        raise PluginError(f"a player kind's name must be text, not {_shown(name)}")
    if not name or ":" in name or "," in name or "=" in name:
        raise PluginError(f"player kind name {name!r} cannot be empty or contain ':', ',' or '='")
    if not KIND_NAME_PATTERN.match(name) or not name.isprintable():
        raise PluginError(f"player kind name {clip(name)!r} must be at most 64 printable characters without spaces")
    if name in FRONT_END_KINDS:
        # the front end seats this kind itself (muggins.match_checks); the message keeps its first wording
        raise PluginError(f"player kind name {name!r} is the terminal player's; choose another name")
    if not callable(factory):
        raise PluginError(f"player kind {name!r}: the factory must be callable, not {_shown(factory)}")
    if type(description) is not str:
        raise PluginError(f"player kind {name!r}: description must be text, not {_shown(description)}")
    if type(words) is not str:
        raise PluginError(f"player kind {name!r}: words must be text, not {_shown(words)}")
    if isinstance(games, (str, bytes)):
        raise PluginError(f"player kind {name!r}: games must be a list of game names, not the text {clip(games)!r}")
    served = tuple(games)  # type: ignore[call-overload]
    if not all(type(game) is str and game for game in served):
        raise PluginError(f"player kind {name!r}: games must be game names (text), got {clip(served)}")
    return PlayerKind(name, factory, description, tuple(dict.fromkeys(served)), tuple(options), plugin, words)  # type: ignore[arg-type]


def _collect_players(registry: Registry) -> None:
    for impl in registry.pm.hook.muggins_register_players.get_hookimpls():
        source = _info_for(registry, impl.plugin_name)

        def register(
            name: str, factory: Callable[..., Any], description: str = "", games: Iterable[str] = (), options: Iterable[PlayerOption] = (),
            words: str = "", _source: PluginInfo = source,
        ) -> None:
            # A refusal is one line and leaves nothing behind; the plugin's other registrations go on.
            try:
                kind = _checked_kind(name, factory, description, games, options, _source.name, words)
                _check_rivals(registry, kind, _source)
            except Exception as exc:
                registry.errors.append(_("plugin {plugin} failed to register players: {error}").format(plugin=repr(_source.name), error=_one_line(exc)))
                return
            registry.players.append(kind)
            registry._own(getattr(factory, "__module__", None), _source)

        try:
            registry._call(impl, register=register)
        except Exception as exc:
            registry.errors.append(_("plugin {plugin} failed to register players: {error}").format(plugin=repr(impl.plugin_name), error=_one_line(exc)))


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
