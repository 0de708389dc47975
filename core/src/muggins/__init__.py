"""muggins: a small core for turn-based card games in which players call out mistakes.

This package is what plugin authors import. It re-exports the card
vocabulary, piles and seats, actions and decisions, the challenge window,
the game/state protocol, results and events, house-rule helpers, and the
plugin hook markers. Names are imported on first use (PEP 562), so the
`muggins` command starts without loading what it does not need; see
docs/writing-plugins.md for a walk-through.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "actions": ["Action", "Claim", "Decision", "IllegalAction", "Move", "NotYourTurn", "Pass", "find_action"],
    "cards": ["Card", "Rank", "Suit", "card", "cards", "format_cards", "parse_card", "standard_deck"],
    "game": ["Capabilities", "Event", "Game", "PhasedState", "Result", "State", "capabilities_of", "event"],
    "hookspecs": ["hookimpl", "hookspec"],
    "houserules": ["HouseRuleAnswer", "HouseRuleError", "call_house_rules"],
    "later": ["LaterClaim", "LaterClaims", "OpenClaim"],
    "piles": ["ConservationError", "Piles", "check_conservation"],
    "players": ["PlayerOption"],
    "rng": ["derive_rng", "derive_seed"],
    "rules": ["RulesError", "load_rules", "rule", "rules_to_toml"],
    "stats": ["Tally"],
    "seats": ["Seating", "Table", "responders"],
    "window": ["ChallengeWindow", "ClaimRecord"],
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

#: Root names no shipped game, the scaffold or the test game uses: still importable from `muggins`, with a
#: DeprecationWarning pointing at the caller; their own module keeps them without a warning.
_DEPRECATED = {"clockwise_from": "seats", "first_eligible": "seats", "left_of": "seats"}

# `Table` (now `Seating`) stays importable by name but out of `*`, whose every name would warn.
__all__ = sorted(set(_MODULE_OF) - {"Table"})


class _Package(types.ModuleType):
    """The package's module type: binding the submodule `muggins.cards` as the package's attribute binds its function instead.

    The function `cards` shares its name with the submodule, and the import
    system sets a submodule, once it has run, as an attribute of its package;
    so `muggins.cards` and `from muggins import cards` are the function
    whatever was imported first, without importing the submodule here (a
    command that shows no card, `muggins list`, never loads it).
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "cards" and isinstance(value, types.ModuleType) and value.__name__ == f"{__name__}.cards":
            value = value.cards
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        # Not kept in the package's namespace, so every place that uses the name is warned (stacklevel 2: the importer).
        import warnings

        warnings.warn(f"muggins.{name} is deprecated: import it from muggins.{_DEPRECATED[name]} (the same function), or use the "
                      f"Seating method or muggins.seats.seats_from_left", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(f".{_DEPRECATED[name]}", __name__), name)
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'muggins' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from .actions import Action, Claim, Decision, IllegalAction, Move, NotYourTurn, Pass, find_action
    from .cards import Card, Rank, Suit, card, cards, format_cards, parse_card, standard_deck
    from .game import Capabilities, Event, Game, PhasedState, Result, State, capabilities_of, event
    from .hookspecs import hookimpl, hookspec
    from .houserules import HouseRuleAnswer, HouseRuleError, call_house_rules
    from .piles import ConservationError, Piles, check_conservation
    from .players import PlayerOption
    from .rng import derive_rng, derive_seed
    from .rules import RulesError, load_rules, rule, rules_to_toml
    from .stats import Tally
    from .seats import Seating, Table, responders
    from .window import ChallengeWindow, ClaimRecord
