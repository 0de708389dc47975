"""House rules of the Willughby fishing game: the typed dataclass and its fixed amounts.

This module owns `FishingRules`, the house rules a table may change in a
TOML file (`muggins rules willughby_fishing` prints them), and the amounts
the seed fixes (five players, eight cards each, twelve on the table) or
sets as standard (antes 3 and 2, the 5-chip reward, par of eight cards:
the standard `FishingTerms`, which house-rule plugins may change through
the game's hooks, willughby_fishing.terms). Defaults are the seed's
game as settled in RULES.md: the reward goes to the last player holding
cards (Parlett's reading), a match is five deals so that everyone deals
once, and mistakes are allowed and claimable. Each rule's `doc` is
English, marked with `N_` so the game's catalogue carries its translation
for a front end that words it for the reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from muggins import rule
from muggins.i18n import N_

__all__ = ["FishingRules", "PLAYERS", "HAND_SIZE", "FIELD_SIZE", "ANTE_DEALER", "ANTE_OTHER", "REWARD", "PAR"]

PLAYERS = 5
HAND_SIZE = 8
FIELD_SIZE = 12
ANTE_DEALER = 3
ANTE_OTHER = 2
REWARD = 5
PAR = 8  # a collection of eight cards neither pays nor receives


@dataclass(frozen=True)
class FishingRules:
    """The house rules of one match (defaults: the seed's game as RULES.md settles it)."""

    reward: Literal["last_holder", "last_capture"] = rule(
        "last_holder",
        doc=N_(
            "Who takes the reward (5 chips as standard) when the hand stops: last_holder = the one player\n"
            "still holding cards (Parlett's reading); last_capture = whoever made the last\n"
            "capture. Under either rule, if nobody holds cards the last capture takes it."
        ),
    )
    deals: int = rule(
        5,
        doc=N_("Deals in a match; 5 lets every player deal once. The deal passes to the left."),
        min=1,
        max=10_000,
    )
    mistakes: Literal["allowed", "prevented"] = rule(
        "allowed",
        doc=N_(
            "allowed: forgetting a claim or taking one of three table cards is possible, and\n"
            "the others may claim what was left; prevented: only correct moves are offered\n"
            "(a teaching mode, nothing is ever left to claim)."
        ),
    )
