"""The plugins' commands as `muggins --help` lists them, kept in the discovery snapshot so that the list imports no plugin.

This module owns what the snapshot keeps of the commands plugins add (hook
`muggins_register_commands`): each one's name, whether it is hidden or
deprecated, and its help and short help in the language of the load (one
snapshot per language), written after a full load of the plugin commands
that warned about nothing (a load error or a clash with a built-in command is warned about on every
`--help`, never hidden by a snapshot). Read back, each is a stand-in
`click.Command` carrying those texts, which Click shortens to the width of
the list as it does the real command's; running a plugin command, its own
`--help`, or any listing while a registry is already in the process loads
the plugins as before. What is read back is checked as a plugin's answer is:
anything but the list written here is ignored and the plugins are loaded.
"""

from __future__ import annotations

import sys

import click

from muggins.i18n import current_language

#: The snapshot's name: one per language, since a plugin may word its commands when it registers them (`muggins serve`
#: does, in the language the command line chose), so only a load in a language says what its help shows in it.
COMMANDS_SNAPSHOT = "commands_{language}"


def _registry_in_use() -> bool:
    loaded = sys.modules.get("muggins.plugins")
    return loaded is not None and getattr(loaded, "_REGISTRY", None) is not None


def save(group: click.Group, builtin_names: frozenset[str]) -> None:
    """Keep the plugin commands of `group` (everything not in `builtin_names`), their help texts as they are in the language in force."""
    from muggins import snapshot

    kept = [{"name": name, "hidden": bool(command.hidden), "deprecated": command.deprecated, "help": command.help,
             "short_help": command.short_help}
            for name, command in sorted(group.commands.items()) if name not in builtin_names]
    snapshot.save(COMMANDS_SNAPSHOT.format(language=current_language()), kept)


def _text_or_none(value: object) -> bool:
    return value is None or type(value) is str


def _is_listing(value: object, builtin_names: frozenset[str]) -> bool:
    """Whether `value` (read back from the snapshot) is a list `save` wrote: anything else is not shown, the plugins are loaded instead."""
    if type(value) is not list:
        return False
    for row in value:
        if not (type(row) is dict and row.keys() == {"name", "hidden", "deprecated", "help", "short_help"}):
            return False
        name = row["name"]
        if not (type(name) is str and name and name.isprintable() and not any(c.isspace() for c in name) and name not in builtin_names):
            return False
        if type(row["hidden"]) is not bool or type(row["deprecated"]) not in (bool, str):
            return False
        if not (_text_or_none(row["help"]) and _text_or_none(row["short_help"])):
            return False
    return True


def stand_ins(builtin_names: frozenset[str]) -> dict[str, click.Command] | None:
    """The plugin commands as the snapshot keeps them for the language in force, each a stand-in with its texts; None when the
    snapshot does not hold, or a registry is already in this process (its commands are the ones to list)."""
    if _registry_in_use():
        return None
    from muggins import snapshot

    kept = snapshot.load(COMMANDS_SNAPSHOT.format(language=current_language()))
    if not _is_listing(kept, builtin_names):
        return None
    return {row["name"]: click.Command(row["name"], help=row["help"], short_help=row["short_help"], hidden=row["hidden"],
                                       deprecated=row["deprecated"]) for row in kept}
