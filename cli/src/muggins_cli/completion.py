"""What a user may type for a game, a seat or a record: shell completion and the seat-kind listing of `play --help`.

This module owns the callbacks Click calls for shell completion (game names
for the GAME argument, seat kinds for `--seat` and `--opponents`, record
files for `--record` and record arguments) and `PlayCommand`, whose help
ends with each installed game's seat kinds. It imports nothing but Click at
start-up: the plugin registry is loaded only when a completion is asked for
or `play --help` is printed, so `muggins --help` stays as cheap as before.
Completion must never fail loudly (the shell would print a traceback under
the user's cursor), so a registry that cannot load completes nothing.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

__all__ = ["PlayCommand", "complete_games", "complete_seats", "complete_records", "seat_kinds_by_game"]


def _registry() -> Any:
    from muggins.plugins import get_registry

    return get_registry()


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The installed games whose name starts with what is typed."""
    from click.shell_completion import CompletionItem

    try:
        loaded = _registry()
        return [CompletionItem(name, help=loaded.games[name].title) for name in sorted(loaded.games) if name.startswith(incomplete)]
    except Exception:  # noqa: BLE001 - a broken plugin must not break the shell
        return []


def complete_seats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Seat kinds for the game already typed (`human` too, for `--seat` of play), or for every game.

    After `KIND:` the kind's options are offered as `KIND:name=`.
    """
    from click.shell_completion import CompletionItem

    try:
        loaded = _registry()
        # While an option's value is being completed Click may leave the GAME argument unparsed in ctx.args.
        game = ctx.params.get("game") or next((word for word in ctx.args if word in loaded.games), None)
        games = [game] if game in loaded.games else sorted(loaded.games)
        kind, colon, _ = incomplete.partition(":")
        if colon:
            for name in games:
                try:
                    found = loaded.player_kind(kind, name)
                except KeyError:
                    continue
                offers = [f"{kind}:{option.name}=" for option in found.options]
                return [CompletionItem(text, help=o.help) for text, o in zip(offers, found.options) if text.startswith(incomplete)]
            return []
        names = {k for name in games for k in loaded.kind_names(name)}
        if param.name == "seats" and ctx.info_name == "play":
            names.add("human")
        return [CompletionItem(name) for name in sorted(names) if name.startswith(incomplete)]
    except Exception:  # noqa: BLE001
        return []


def complete_records(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Record files (`*.jsonl`) starting with what is typed; when there are none, the shell's own file completion.

    (Shells ignore the values of `file` items and list every file, so the
    records are offered as plain words.)
    """
    from click.shell_completion import CompletionItem

    from pathlib import Path

    folder, _, stem = incomplete.rpartition(os.sep)
    try:
        entries = sorted(Path(folder or ".").iterdir())
    except OSError:
        entries = []
    found = [
        CompletionItem(os.path.join(folder, entry.name) if folder else entry.name)
        for entry in entries
        if entry.name.endswith(".jsonl") and entry.name.startswith(stem) and entry.is_file()
    ]
    return found or [CompletionItem(incomplete, type="file")]


def seat_kinds_by_game() -> list[tuple[str, list[str]]]:
    """(game, its seat kinds with `human` first) for every installed game, by name."""
    loaded = _registry()
    return [(name, ["human", *loaded.kind_names(name)]) for name in sorted(loaded.games)]


class PlayCommand(click.Command):
    """The `play` command: its help ends with the seat kinds of every installed game, looked up only then."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        try:
            rows = [(game, ", ".join(kinds)) for game, kinds in seat_kinds_by_game()]
        except Exception as exc:  # noqa: BLE001 - help must print even when a plugin is broken
            rows = [("(unavailable)", " ".join(str(exc).split()))]
        with formatter.section("Seat kinds by game"):
            if rows:
                formatter.write_dl(rows)
            else:
                formatter.write_text("no games installed")
