"""What a user may type for a game, a seat or a record: shell completion and the seat-kind listing of `play --help`.

This module owns the callbacks Click calls for shell completion (game names
for the GAME argument, seat kinds for `--seat` and `--opponents`, record
files for `--record` and record arguments) and `PlayCommand`, whose help
ends with each installed game's seat kinds. It imports nothing but Click at
start-up: the installed games are looked up only when a completion is asked
for or `play --help` is printed, so `muggins --help` stays as cheap as
before, and then from the discovery snapshot `muggins list` keeps
(`info.game_rows`), so a completion imports no game while it holds.
Completion must never fail loudly (the shell would print a traceback under
the user's cursor), so a registry that cannot load completes nothing.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from .i18n import _

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

__all__ = ["PlayCommand", "complete_games", "complete_seats", "complete_records", "seat_kinds_by_game"]


def _games() -> list[dict[str, Any]]:
    """The installed games (conflicts left out) as `muggins list --json` describes them."""
    from .info import game_rows

    return [row for row in game_rows(warn=False) if not row.get("conflict")]


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The installed games whose name starts with what is typed."""
    from click.shell_completion import CompletionItem

    try:
        from .info import row_title

        return [CompletionItem(row["name"], help=row_title(row)) for row in _games() if row["name"].startswith(incomplete)]
    except Exception:  # noqa: BLE001 - a broken plugin must not break the shell
        return []


def complete_seats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Seat kinds for the game already typed (`human` too, for `--seat` of play), or for every game.

    After `KIND:` the kind's options are offered as `KIND:name=`.
    """
    from click.shell_completion import CompletionItem

    try:
        kinds_by_game = {row["name"]: row["kinds"] for row in _games()}
        # While an option's value is being completed Click may leave the GAME argument unparsed in ctx.args.
        game = ctx.params.get("game") or next((word for word in ctx.args if word in kinds_by_game), None)
        games = [game] if game in kinds_by_game else sorted(kinds_by_game)
        kind, colon, _rest = incomplete.partition(":")
        if colon:
            for name in games:
                found = next((k for k in kinds_by_game[name] if k["name"] == kind), None)
                if found is None:
                    continue
                offers = [(f"{kind}:{option['name']}=", option["help"]) for option in found["options"]]
                return [CompletionItem(text, help=help) for text, help in offers if text.startswith(incomplete)]
            return []
        names = {k["name"] for name in games for k in kinds_by_game[name]}
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

    folder, _sep, stem = incomplete.rpartition(os.sep)
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
    return [(row["name"], ["human", *(k["name"] for k in row["kinds"])]) for row in _games()]


class PlayCommand(click.Command):
    """The `play` command: its help ends with the seat kinds of every installed game, looked up only then."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        try:
            rows = [(game, ", ".join(kinds)) for game, kinds in seat_kinds_by_game()]
        except Exception as exc:  # noqa: BLE001 - help must print even when a plugin is broken
            rows = [(_("(unavailable)"), " ".join(str(exc).split()))]
        with formatter.section(_("Seat kinds by game")):
            if rows:
                formatter.write_dl(rows)
            else:
                formatter.write_text(_("no games installed"))
