"""muggins_shedding: Muggins, the Victorian shedding game, as a muggins plugin.

The package owns the game's rules (`SheddingRules`), its state machine
(`SheddingState`), the registered `SheddingGame` with its terminal rendering
and narration, the game's bots (`expert`, `novice`, `random`), the hooks it
publishes for house-rule plugins (touching ranks added and taken away, the order of destinations,
penalty cards; `hookspecs`) with `SheddingHouseRules`, what they decided for
a match, and the plugin module that registers all of these with the core
(entry point `muggins_shedding`).
"""

import importlib
from typing import Any

__version__ = "1.0.0"

_MODULE_OF = {
    "SheddingGame": "game", "SheddingRules": "rules", "SEED_DEAL": "rules", "SheddingState": "state", "Place": "state", "Correct": "state",
    "SheddingHouseRules": "houserules", "STANDARD_ORDER": "houserules", "DESTINATION_KINDS": "houserules",
}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    # Imported on first use, so loading the plugin (entry point `muggins_shedding.plugin`) stays cheap.
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'muggins_shedding' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
