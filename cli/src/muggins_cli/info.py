"""The bodies of the informational commands: list, plugins and rules.

Kept apart from `commands.py` so that `muggins list` imports no more than
the plugin registry needs (start-up time is benchmarked against bare Click
and pluggy). This module owns looking a game up by name (an unknown name is
`BadInput` listing the installed games), the games table and its JSON (with
each game's kinds of player and their seat options), the plugin report, and
writing a game's default house rules as commented TOML.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .errors import BadInput
from .session import registry as get_registry


def find_game(registry: Any, name: str) -> Any:
    """The installed game called `name`; BadInput naming the installed games otherwise."""
    try:
        return registry.game(name)
    except KeyError as exc:
        raise BadInput(exc.args[0]) from exc


def list_games(as_json: bool) -> None:
    """The installed games as a table, or as JSON for scripts (the JSON adds each game's kinds of player)."""
    from muggins.players import describe_kinds

    registry = get_registry()
    rows = []
    for name in sorted(registry.games):
        game = registry.games[name]
        source = registry.game_sources.get(name)
        rows.append({
            "name": name,
            "title": game.title,
            "players": {"min": game.players.start, "max": game.players.stop - 1, "default": game.default_players},
            "version": str(game.version),
            "distribution": source.distribution if source else None,
            "distribution_version": source.version if source else None,
            "kinds": describe_kinds(registry.player_kind(kind, name) for kind in registry.kind_names(name)),
        })
    for name, rivals in sorted(registry.conflicts.items()):  # a name several plugins registered: none is used
        rivals_json = [{"plugin": r.name, "distribution": r.distribution, "version": r.version} for r in rivals]
        rows.append(dict.fromkeys(("title", "players", "version", "distribution", "distribution_version", "kinds"), None) | {"name": name, "conflict": rivals_json})
    rows.sort(key=lambda row: row["name"])
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no games installed; install a game plugin (for example: pip install muggins-shedding)")
        return
    table = [("GAME", "TITLE", "PLAYERS", "VERSION", "FROM")]
    for row in rows:
        if row.get("conflict"):
            rivals = " and ".join(" ".join(filter(None, (r["distribution"] or r["plugin"], r["version"]))) for r in row["conflict"])
            table.append((row["name"], "CONFLICT: registered by more than one plugin", "-", "-", rivals))
            continue
        span = f"{row['players']['min']}-{row['players']['max']}"
        dist = f"{row['distribution']} {row['distribution_version']}" if row["distribution"] else "-"
        table.append((row["name"], row["title"], span, row["version"], dist))
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    for r in table:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(r, widths)).rstrip())


def plugins() -> None:
    """Every loaded plugin (name, distribution, version, hooks) and every load error, as JSON."""
    registry = get_registry()
    click.get_current_context().find_root().command.load_plugin_commands()
    data = {"plugins": [info.to_dict() for info in registry.plugins], "errors": list(registry.errors)}
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def rules(game_name: str, output: str | None) -> None:
    """The game's default house rules as commented TOML, on stdout or into a file."""
    from muggins.rules import rules_to_toml

    game = find_game(get_registry(), game_name)
    text = rules_to_toml(game.Rules(), title=game.title)
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot write {output}: {exc.strerror or exc}") from exc
    click.echo(f"wrote the house rules of {game.name} to {output}", err=True)
