"""What every muggins command shares: its warning line, the registry it plays from, and the defaults of play.

This module owns the warning line (`warn`, one line on stderr) and the
process-wide registry as the command line gets it: the core's
`muggins.front_end.front_end_registry`, its warnings sent to that line (a
load error once, a listener switched off while a match runs). It also owns
the defaults `play` and `resume` fall back on, and how the house-rule
plugins in force are named in one line. The entry point (`main`) and the
command bodies (`commands`, `info`, `scaffold`) all import from here, so
the command line reads top-down with no module importing the one that
imports it. Nothing heavier than Click is imported at load.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

import click

from muggins.i18n import translator
from muggins.defaults import DEFAULT_OPPONENT

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["DEFAULT_OPPONENTS", "DEFAULT_PACE", "house_rules_text", "one_line", "registry", "warn", "warn_errors"]

# The CLI's catalogue (i18n.py's), reached through the core so that this module imports nothing of the package.
_cli = translator("muggins_cli", package_file=__file__)
_, ngettext = _cli.gettext, _cli.ngettext

# What `play` seats against you when nothing says otherwise: fallible, so there is something to catch.
DEFAULT_OPPONENTS = DEFAULT_OPPONENT  # the core's, under the name the CLI has always exported
# Seconds an opponent's move waits for your call on a terminal before play flows on: None, each window's own
# time, which grows with what it asks you to compare (`pace.window_seconds`).
DEFAULT_PACE: float | None = None


def warn(message: str) -> None:
    """One warning line on stderr."""
    click.echo(_("muggins: warning: {message}").format(message=one_line(message)), err=True)


#: A run of the spaces and line breaks a message is made one line at; a no-break space (French's before `:`) is kept.
_BREAKING_SPACE = re.compile(r"[^\S\u00a0\u202f]+")


def one_line(message: str) -> str:
    return _BREAKING_SPACE.sub(" ", str(message)).strip(" ")


def registry() -> Registry:
    """The process-wide plugin registry; its load errors not yet shown, and what plugins do wrong while matches run, are warning lines."""
    from muggins.front_end import front_end_registry

    return front_end_registry(warn)


def warn_errors(loaded: Registry) -> None:
    """Warn about the registry's load errors not yet shown (a plugin that failed to add its commands, after the registry was given)."""
    for line in loaded.unreported_errors():
        warn(line)


def house_rules_text(house_rules: Sequence[dict[str, Any]] | None) -> str:
    """`, house-rule plugins: corner3 0.1.0` for a summary's plugins in force, or nothing."""
    if not house_rules:
        return ""
    names = ", ".join(p["name"] + (f" {p['version']}" if p.get("version") else "") for p in house_rules)
    return ngettext(", house-rule plugin: {names}", ", house-rule plugins: {names}", len(house_rules)).format(names=names)
