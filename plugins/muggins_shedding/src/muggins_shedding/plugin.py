"""The plugin module behind the `muggins_shedding` entry point.

This module owns the registration of the shedding game with the core: it
registers `SheddingGame` together with the game's own hook specs (so
house-rule plugins can implement `muggins_shedding_adjacent_ranks`,
`muggins_shedding_parted_ranks`, `muggins_shedding_destination_order` and
`muggins_shedding_penalty_cards`)
and the game's three bot kinds. Nothing else happens at import time.
"""

from __future__ import annotations

from typing import Callable

from muggins import hookimpl

from . import hookspecs
from .bots import register_players
from .game import SheddingGame


@hookimpl
def muggins_register_games(register: Callable[..., None]) -> None:
    """Register the shedding game and the hook specs it publishes."""
    register(SheddingGame(), hookspecs=hookspecs)


@hookimpl
def muggins_register_players(register: Callable[..., None]) -> None:
    """Register the game's expert, novice and random bots (for this game only)."""
    register_players(register)
