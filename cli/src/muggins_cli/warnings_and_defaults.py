"""What every muggins command shares: the plugin registry, its warnings, and the defaults of play.

This module owns the process-wide registry as the command line sees it
(load errors warned about once, one line each), the warning line itself,
and the defaults `play` and `resume` fall back on, and how the house-rule
plugins in force are named in one line. The entry point
(`main`) and the command bodies (`commands`, `info`, `scaffold`) all import
from here, so the command line reads top-down with no module importing the
one that imports it. Nothing heavier than Click is imported at load.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import click

from muggins.i18n import translator
from muggins.sessions import DEFAULT_OPPONENT

__all__ = ["DEFAULT_OPPONENTS", "DEFAULT_PACE", "house_rules_text", "registry", "warn"]

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


def registry() -> Any:
    """The process-wide plugin registry; load errors not yet shown are warned about once."""
    from muggins.plugins import get_registry

    loaded = get_registry()
    loaded.warn = warn  # what plugins do wrong while matches run (a listener switched off) is a warning line too
    warn_errors(loaded)
    return loaded


def warn_errors(loaded: Any) -> None:
    """Warn about the registry's load errors not yet shown."""
    shown = getattr(loaded, "_cli_warned", 0)
    for line in loaded.errors[shown:]:
        warn(line)
    loaded._cli_warned = len(loaded.errors)


def house_rules_text(house_rules: Sequence[dict[str, Any]] | None) -> str:
    """`, house-rule plugins: corner3 0.1.0` for a summary's plugins in force, or nothing."""
    if not house_rules:
        return ""
    names = ", ".join(p["name"] + (f" {p['version']}" if p.get("version") else "") for p in house_rules)
    return ngettext(", house-rule plugin: {names}", ", house-rule plugins: {names}", len(house_rules)).format(names=names)
