"""willughby_fishing: the Willughby fishing game ("Laugh and Lie Down") as a muggins plugin.

The package owns the game's house rules (`FishingRules`), the terms a match
is played by (`FishingTerms`: stakes, settlement tariff and the kinds of
claim, which house-rule plugins may change through the hooks of
`willughby_fishing.hookspecs`), its state machine (`FishingState`), the
registered `FishingGame` with its terminal rendering and narration, the
game's bots (`expert`, `novice`, `random`) and the plugin module that
registers them and the hook specs with the core (entry point
`willughby_fishing`).
"""

import importlib
from typing import Any

__version__ = "1.0.0"

_MODULE_OF = {"FishingGame": "game", "FishingRules": "rules", "FishingState": "state", "Capture": "state", "settlement": "state",
              "FishingTerms": "terms", "STANDARD_TERMS": "terms", "CLAIM_KINDS": "terms"}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    # Imported on first use, so loading the plugin (entry point `willughby_fishing.plugin`) stays cheap.
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'willughby_fishing' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
