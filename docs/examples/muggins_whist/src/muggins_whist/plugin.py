"""The plugin module behind the `muggins_whist` entry point: what the game registers with muggins.

This module owns the registration: the game and its own expert. Nothing
else happens at import time, so `muggins list` stays quick.
"""

from __future__ import annotations

from typing import Callable

from muggins import hookimpl

from .bots import register_players
from .game import WhistGame


@hookimpl
def muggins_register_games(register: Callable[..., None]) -> None:
    """Register the game."""
    register(WhistGame())


@hookimpl
def muggins_register_players(register: Callable[..., None]) -> None:
    """Register the game's own expert (it serves this game only)."""
    register_players(register)
