"""The plugin module behind the `cribbage_muggins` entry point.

This module owns the registration of cribbage with the core: the game
(`CribbageGame`) with the hook specs it publishes for house-rule plugins
(`hookspecs`: show scoring, pegging scoring, target), its three bot kinds (for this game only, with their seat
options) and the `muggins cribbage …` commands, which are added only when
`commands.py` is installed beside it (the plugin works without them).
Nothing heavy happens at import time: the state engine loads on first use.
"""

from __future__ import annotations

from typing import Any, Callable

from muggins import hookimpl

from . import hookspecs
from .game import CribbageGame


@hookimpl
def muggins_register_games(register: Callable[..., None]) -> None:
    """Register cribbage with muggins, and the hooks it publishes for house-rule plugins."""
    register(CribbageGame(), hookspecs=hookspecs)


@hookimpl
def muggins_register_players(register: Callable[..., None]) -> None:
    """Register the game's expert, novice and random bots (for this game only)."""
    from .kinds import register_players

    register_players(register)


@hookimpl
def muggins_register_commands(cli: Any) -> None:
    """Add the `cribbage` commands (score, discard) when commands.py is there."""
    try:
        from .commands import register_commands
    except ImportError:
        return
    register_commands(cli)
