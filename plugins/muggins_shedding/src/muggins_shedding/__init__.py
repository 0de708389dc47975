"""muggins_shedding: Muggins, the Victorian shedding game, as a muggins plugin.

The package owns the game's rules (`SheddingRules`), its state machine
(`SheddingState`), the registered `SheddingGame` with its terminal rendering
and narration, the game's bots (`expert`, `novice`, `random`), the hook it
publishes for house-rule plugins (rank adjacency) and the plugin module that
registers all of these with the core (entry point `muggins_shedding`).
"""

from .game import SheddingGame
from .rules import SEED_DEAL, SheddingRules
from .state import Correct, Place, SheddingState

__version__ = "1.0.0"

__all__ = ["SheddingGame", "SheddingRules", "SheddingState", "Place", "Correct", "SEED_DEAL"]
