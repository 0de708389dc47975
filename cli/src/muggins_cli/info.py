"""The bodies of the informational commands: list, plugins and rules.

Kept apart from `commands.py` so that `muggins list` imports no more than
the plugin registry needs (start-up time is benchmarked against bare Click
and pluggy). This module owns looking a game up by name (an unknown name is
`BadInput` listing the installed games), the games table and its JSON (with
each game's kinds of player and their seat options, which shell completion
reads too, and the game's refusal of its installed house-rule plugins
under its default rules, found by making one match as `play` would; kept
in the discovery snapshot of `muggins.snapshot` so that a second `muggins
list` imports no game, and checked when read back as a plugin's answer
is: a snapshot that is not the table `muggins list` wrote is ignored and
rewritten), the plugin report (load errors and those refusals), and
writing a game's default house rules as commented TOML (naming the hooks
each plugin changes there: a hook answering None changes nothing). Text from plugins is printed with its
control characters escaped.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from muggins.i18n import LANGUAGES, current_language
from muggins.limits import GAME_NAME_PATTERN, KIND_NAME_PATTERN, LONGEST_TITLE, LONGEST_VERSION, MAX_PLAYERS, clip_path, is_printable, printable

from .errors import BadInput
from .i18n import N_, _
from .warnings_and_defaults import registry as get_registry

if TYPE_CHECKING:
    from muggins.registry import Registry


def find_game(registry: Registry, name: str) -> Any:
    """The installed game called `name`; BadInput naming the installed games otherwise."""
    try:
        return registry.game(name)
    except KeyError as exc:
        raise BadInput(exc.args[0]) from exc


def _registry_in_use() -> bool:
    """Whether this process already holds a registry (loaded, or put there by a test or an embedding program)."""
    import sys

    loaded = sys.modules.get("muggins.plugins")
    return loaded is not None and getattr(loaded, "_REGISTRY", None) is not None


def game_rows(warn: bool = True) -> list[dict[str, Any]]:
    """The installed games as `muggins list --json` shows them, from the discovery snapshot while it holds.

    Load errors are warned about on stderr unless `warn` is false (shell
    completion, where a line would land under the user's cursor). A full load of the registry writes the snapshot when it loaded without a
    warning (so a broken plugin is warned about on every command, never
    hidden by a snapshot); a registry already in this process is always
    used as it is.
    """
    from muggins import snapshot

    if not _registry_in_use():
        kept = snapshot.load(GAMES_SNAPSHOT)
        if _is_games_table(kept):
            return kept
    if warn:
        registry = get_registry()
    else:
        from muggins.plugins import get_registry as quiet_registry

        registry = quiet_registry()
    rows = _rows(registry)
    if not registry.errors:
        snapshot.save(GAMES_SNAPSHOT, rows)
    return rows


GAMES_SNAPSHOT = "games"


def shown_title(game: Any, language: str | None = None) -> str:
    """The game's title in `language` (the language in force by default): `Game.shown_title`, the English title for a game without it.

    A game class that does not derive from `muggins.game.Game` has no
    `shown_title`; one whose `shown_title` fails or answers anything but a
    line of text still lists, under its English title.
    """
    shown = getattr(game, "shown_title", None)
    if shown is not None:
        try:
            found = shown(language)
        except Exception:  # noqa: BLE001 - a plugin's broken translation must not hide the game
            found = None
        if _title(found):
            return found
    return game.title


def row_title(row: dict[str, Any]) -> str:
    """A `muggins list --json` row's title in the language in force (its English `title` when it has none in that language)."""
    return (row.get("titles") or {}).get(current_language()) or row["title"]


# -- what a games table read back from the snapshot must be: `_rows`' output, each name as the registry checks a plugin's --
def _text(value: object) -> bool:
    return type(value) is str


def _shown(value: object) -> bool:
    """Text printed as it is in the table or by the shell's completion: one printable line."""
    return type(value) is str and is_printable(value)


def _shown_or_none(value: object) -> bool:
    return value is None or _shown(value)


def _title(value: object) -> bool:
    return _shown(value) and bool(value.strip()) and len(value) <= LONGEST_TITLE  # type: ignore[union-attr]


def _count(value: object) -> bool:
    return type(value) is int and 1 <= value <= MAX_PLAYERS


def _scalar(value: object) -> bool:
    return value is None or type(value) in (str, int, float, bool)


def _players(value: object) -> bool:
    return _fits(value, {"min": _count, "max": _count, "default": _count}) and value["min"] <= value["default"] <= value["max"]  # type: ignore[index]


_OPTION = {"name": lambda v: _text(v) and v.isidentifier(), "type": _text, "default": _scalar, "min": _scalar, "max": _scalar, "help": _text}
_KIND = {"name": lambda v: _shown(v) and KIND_NAME_PATTERN.match(v) is not None, "description": _text, "generic": lambda v: type(v) is bool,
         "options": [_OPTION]}
_GAME_ROW = {
    "name": lambda v: _text(v) and GAME_NAME_PATTERN.match(v) is not None,
    "title": lambda v: _title(v),
    "titles": lambda v: type(v) is dict and all(type(k) is str and _title(t) for k, t in v.items()),
    "players": _players,
    "version": lambda v: _shown(v) and 0 < len(v) <= LONGEST_VERSION,
    "distribution": _shown_or_none,
    "distribution_version": _shown_or_none,
    "kinds": [_KIND],
    "house_rules": [{"name": _shown, "distribution": _shown_or_none, "version": _shown_or_none, "hooks": [_text],
                     "changes_nothing": lambda v: type(v) is bool}],
    "house_rule_refusal": lambda v: v is None or _text(v),
}
_CONFLICT_ROW = {**{key: lambda v: v is None for key in _GAME_ROW}, "name": _GAME_ROW["name"],
                 "conflict": [{"plugin": _shown, "distribution": _shown_or_none, "version": _shown_or_none}]}


def _fits(value: object, shape: Any) -> bool:
    """Whether JSON `value` has `shape`: a test of one value, an object with exactly the keys of a dict of shapes, or a list of `[shape]`."""
    if callable(shape):
        return bool(shape(value))
    if isinstance(shape, dict):
        return type(value) is dict and value.keys() == shape.keys() and all(_fits(value[key], inner) for key, inner in shape.items())
    return type(value) is list and all(_fits(item, shape[0]) for item in value)


def _is_games_table(value: object) -> bool:
    """Whether `value` (read back from the snapshot) is a games table as `_rows` makes it: anything else is not shown, the registry is loaded instead."""
    return type(value) is list and all(_fits(row, _CONFLICT_ROW if type(row) is dict and "conflict" in row else _GAME_ROW) for row in value)


def house_rule_refusal(registry: Registry, game: Any) -> str | None:
    """The game's one line refusing its installed house-rule plugins under its default rules (a conflict, a rule it cannot
    play), as `play` would say it, or None; their code's output goes to stderr, as while matches run. A hook that does not
    answer within `LISTING_SECONDS` is left behind, and the line says which plugin did not answer."""
    return checked_in_force(registry, game).refusal


def checked_in_force(registry: Registry, game: Any) -> Any:
    """`check_in_force(registry, game)` within `LISTING_SECONDS`; on no answer, a refusal naming the plugin that gave none."""
    from types import SimpleNamespace

    from muggins.houserules import check_in_force
    from muggins.plugin_guards import LISTING_SECONDS, NoAnswer, answer_within
    from muggins.plugins import output_to_stderr

    with output_to_stderr():
        try:
            return answer_within(lambda: check_in_force(registry, game), LISTING_SECONDS, getattr(registry, "owner", None))
        except NoAnswer as silent:
            seconds = f"{silent.seconds:g}"
            if silent.plugin is None:
                line = _("its house-rule plugins did not answer within {seconds} s, so they were not checked").format(seconds=seconds)
            else:
                line = _("{plugin} did not answer within {seconds} s (in {function}()), so it was not checked").format(
                    plugin=silent.plugin.describe(), seconds=seconds, function=silent.function)
            return SimpleNamespace(refusal=line, changes={}, unchanging=())


#: What a listing adds to a refusal: where it comes from, and the way out that needs no uninstalling.
REFUSAL_ADVICE = N_("under the default rules; a rules file's [plugins] table (NAME = false) switches a plugin off")


def _rows(registry: Registry) -> list[dict[str, Any]]:
    from muggins.houserules import house_rule_plugins
    from muggins.players import describe_kinds

    rows = []
    for name in sorted(registry.games):
        game = registry.games[name]
        source = registry.game_sources.get(name)
        installed = house_rule_plugins(registry, game, installed=True)
        checked = checked_in_force(registry, game) if installed else None
        unchanging = set(getattr(checked, "unchanging", ()))
        house_rules = [{**p.to_dict(), "hooks": list(p.hooks), "changes_nothing": p.name in unchanging} for p in installed]
        rows.append({
            "name": name,
            "title": game.title,
            # Every language's title, so a listing read back from the snapshot shows the reader's without importing the game.
            "titles": {language: shown_title(game, language) for language in LANGUAGES},
            "players": {"min": game.players.start, "max": game.players.stop - 1, "default": game.default_players},
            "version": str(game.version),
            "distribution": source.distribution if source else None,
            "distribution_version": source.version if source else None,
            "kinds": describe_kinds(registry.player_kind(kind, name) for kind in registry.kind_names(name)),
            "house_rules": house_rules,
            "house_rule_refusal": checked.refusal if checked is not None else None,
        })
    for name, rivals in sorted(registry.conflicts.items()):  # a name several plugins registered: none is used
        rivals_json = [{"plugin": r.name, "distribution": r.distribution, "version": r.version} for r in rivals]
        rows.append(dict.fromkeys(("title", "titles", "players", "version", "distribution", "distribution_version", "kinds", "house_rules",
                                   "house_rule_refusal"), None)
                    | {"name": name, "conflict": rivals_json})
    rows.sort(key=lambda row: row["name"])
    return rows


def list_games(as_json: bool) -> None:
    """The installed games as a table, or as JSON for scripts (the JSON adds each game's kinds of player)."""
    rows = game_rows()
    if as_json:
        # The translated titles are the table's; scripts read the English `title`, the JSON they always had.
        shown = [{key: value for key, value in row.items() if key != "titles"} for row in rows]
        click.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo(_("no games installed; install a game plugin (for example: pip install muggins-shedding)"))
        return
    table = [(_("GAME"), _("TITLE"), _("PLAYERS"), _("VERSION"), _("FROM"))]
    below: dict[int, list[str]] = {}  # table row -> the house-rule plugin lines printed under it
    for row in rows:
        if row.get("conflict"):
            rivals = " and ".join(" ".join(filter(None, (r["distribution"] or r["plugin"], r["version"]))) for r in row["conflict"])
            table.append((row["name"], _("CONFLICT: registered by more than one plugin"), "-", "-", rivals))
            continue
        low, high = row["players"]["min"], row["players"]["max"]
        span = f"{low}" if low == high else f"{low}-{high}"
        dist = f"{row['distribution']} {row['distribution_version']}" if row["distribution"] else "-"
        table.append((row["name"], row_title(row), span, row["version"], dist))
        if row["house_rules"]:
            below[len(table) - 1] = [
                _("  house rule: {name}").format(name=p["name"]) + (f" ({p['distribution']}{' ' + p['version'] if p['version'] else ''})" if p["distribution"] else "")
                + (_(": changes nothing under the default rules") if p.get("changes_nothing") else "")
                for p in row["house_rules"]]
            if row.get("house_rule_refusal"):
                below[len(table) - 1].append(_("  refused: {refusal} ({advice})").format(refusal=row["house_rule_refusal"], advice=_(REFUSAL_ADVICE)))
    table = [tuple(map(printable, r)) for r in table]  # a distribution's metadata is a plugin's text too: no escape reaches the terminal
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for number, r in enumerate(table):
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(r, widths)).rstrip())
        for line in below.get(number, ()):
            click.echo(printable(line))


def plugins() -> None:
    """Every loaded plugin (name, distribution, version, hooks) and every load error, as JSON; the errors also say where a game
    refuses its installed house-rule plugins under its default rules, and `changes_nothing` (present when some are) names the
    house-rule plugins that change nothing in a game under its default rules."""
    from muggins.houserules import house_rule_plugins

    registry = get_registry()
    click.get_current_context().find_root().command.load_plugin_commands()
    errors = list(registry.errors)
    unchanging: list[dict[str, str]] = []
    for name, game in sorted(registry.games.items()):  # answers a game refuses are as much in the way as a load error
        if house_rule_plugins(registry, game, installed=True):
            checked = checked_in_force(registry, game)
            if checked.refusal:
                errors.append(f"{name}: {checked.refusal} ({REFUSAL_ADVICE})")
            unchanging += [{"game": name, "plugin": plugin, "note": "changes nothing under the default rules"}
                           for plugin in getattr(checked, "unchanging", ())]
    data: dict[str, Any] = {"plugins": [info.to_dict() for info in registry.plugins], "errors": errors}
    if unchanging:  # only then, so the report of every other installation is what it always was
        data["changes_nothing"] = unchanging
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _hooks_text(plugin: Any, checked: Any) -> str:
    """`changes h1`, with `; implements h2 answering None (no change)` for the hooks `plugin` answers None under these rules.

    A refused match was not asked to the end, so then every hook the plugin implements counts as changing something.
    """
    if not checked.refusal and plugin.name in getattr(checked, "unchanging", ()):
        return f"changes nothing under these rules (implements {', '.join(plugin.hooks)})"
    hooks = list(plugin.hooks)
    changed = hooks if checked.refusal else [h for h in hooks if h in checked.changes.get(plugin.name, ())]
    idle = [h for h in hooks if h not in changed]
    parts = [f"changes {', '.join(changed)}"] if changed else []
    if idle:
        parts.append(f"implements {', '.join(idle)} answering None (no change)")
    return "; ".join(parts)


def rules(game_name: str, output: str | None) -> None:
    """The game's default house rules as commented TOML, on stdout or into a file."""
    from muggins.rules import rules_to_toml

    from muggins.houserules import PLUGINS_KEY, house_rule_plugins

    registry = get_registry()
    game = find_game(registry, game_name)
    translations = getattr(game, "translations", None)
    text = rules_to_toml(game.Rules(), title=shown_title(game), translate=translations.gettext if translations is not None else None)
    installed = house_rule_plugins(registry, game, installed=True)
    if installed:
        import tomli_w

        checked = checked_in_force(registry, game)
        lines = "".join(f"#   {p.name}: {p.describe()}, {_hooks_text(p, checked)}\n" for p in installed)
        if checked.refusal:
            lines += f"# refused under these defaults, as play would say: {printable(checked.refusal)}\n"
        text = (text.rstrip("\n") + "\n\n# House-rule plugins installed for this game, all on by default; set one to false\n"
                "# to play without it (the names are the plugins' entry points):\n" + lines
                + tomli_w.dumps({PLUGINS_KEY: {p.name: True for p in installed}}))
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    from pathlib import Path

    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        from muggins.error_words import os_reason

        raise BadInput(_("cannot write {path}: {reason}").format(path=clip_path(output), reason=os_reason(exc))) from exc
    click.echo(_("wrote the house rules of {game} to {path}").format(game=game.name, path=output), err=True)
