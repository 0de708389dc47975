"""muggins: a small core for turn-based card games in which players call out mistakes.

This package is what plugin authors import. It re-exports the card
vocabulary, piles and seats, actions and decisions, the challenge window,
the game/state protocol, results and events, house-rule helpers, and the
plugin hook markers. See docs/writing-plugins.md for a walk-through.
"""

from .actions import Action, Claim, Decision, IllegalAction, NotYourTurn, Pass, find_action
from .cards import Card, Rank, Suit, card, cards, format_cards, parse_card, standard_deck
from .game import Event, Game, Result, State, event
from .hookspecs import hookimpl, hookspec
from .piles import ConservationError, Piles, check_conservation
from .rng import derive_rng, derive_seed
from .rules import RulesError, load_rules, rule, rules_to_toml
from .seats import Table, clockwise_from, first_eligible, left_of
from .window import ChallengeWindow, ClaimRecord

__version__ = "0.1.0"

__all__ = [
    "Action", "Card", "ChallengeWindow", "Claim", "ClaimRecord", "ConservationError", "Decision", "Event",
    "Game", "IllegalAction", "NotYourTurn", "Pass", "Piles", "Rank", "Result", "RulesError", "State", "Suit",
    "Table", "card", "cards", "check_conservation", "clockwise_from", "derive_rng", "derive_seed", "event",
    "find_action", "first_eligible", "format_cards", "hookimpl", "hookspec", "left_of", "load_rules",
    "parse_card", "rule", "rules_to_toml", "standard_deck",
]
