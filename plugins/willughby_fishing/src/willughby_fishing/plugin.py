"""The plugin module behind the `willughby_fishing` entry point.

This module owns the registration of the Willughby fishing game with the
core: it registers `FishingGame` together with the game's own hook specs
(so house-rule plugins can implement `muggins_fishing_stakes`,
`muggins_fishing_tariff` and `muggins_fishing_claimable`) and the game's
three bot kinds (`expert`, `novice`, `random`, for this game only). Nothing
else happens at import time.
"""

from __future__ import annotations

from typing import Callable

from muggins import hookimpl

from . import hookspecs
from .bots import register_players
from .game import FishingGame


@hookimpl
def muggins_register_games(register: Callable[..., None]) -> None:
    """Register the Willughby fishing game and the hook specs it publishes."""
    register(FishingGame(), hookspecs=hookspecs)


@hookimpl
def muggins_register_players(register: Callable[..., None]) -> None:
    """Register the game's expert, novice and random bots (for this game only)."""
    register_players(register)
