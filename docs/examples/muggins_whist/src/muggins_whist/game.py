"""Muggins Whist: the game's identity, its house rules and its partnerships.

This module owns `WhistRules` (the house rules, whose defaults are the
published rules), `WhistGame`, the `muggins.Game` registered under the
name `muggins_whist` (four players, seats 0 and 2 against 1 and 3, what it
offers in `capabilities`, the bound on decisions the contract kit
enforces) and the two sides (`SIDES`, `side_of`). What a player reads is
the presenter's (presenter.py); the rules engine lives in state.py,
imported only when a match starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from muggins import Capabilities, Game, rule
from muggins.i18n import N_, translator

from .presenter import WhistPresenter

__all__ = ["SIDES", "WhistGame", "WhistRules", "side_of"]

SIDES = ((0, 2), (1, 3))
"""The partnerships: partners sit opposite."""


def side_of(seat: int) -> int:
    """The side of `seat`: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


@dataclass(frozen=True)
class WhistRules:
    """The house rules; `muggins rules muggins_whist` prints them as commented TOML."""

    target: int = rule(5, doc=N_("Points a side needs to win the game (short whist: 5; long whist: 10)."), min=1, max=50)
    revoke_penalty: int = rule(3, doc=N_("Points an upheld revoke claim scores for the claimant's side."), min=0, max=13)
    false_claim_penalty: int = rule(1, doc=N_("Points a false revoke claim gives the side wrongly accused."), min=0, max=13)
    mistakes: Literal["allowed", "prevented"] = rule("allowed", doc=N_("prevented: only cards that follow suit are offered (teaching mode)."))


class WhistGame(Game):
    """Whist for four in two partnerships: follow suit, take tricks, a point a trick over six; call a revoke when it is proved."""

    name = "muggins_whist"
    title = N_("Muggins Whist")
    translations = translator("muggins_whist", package_file=__file__)
    version = "0.1"
    players = range(4, 5)
    default_players = 4
    Rules = WhistRules
    capabilities = Capabilities(determinize=True, later_claims=True, layout=True, choice_move=True, from_position=True)
    State = "muggins_whist.state:WhistState"  # imported on first use, so `muggins list` stays quick
    Presenter = WhistPresenter

    def max_decisions(self, rules: WhistRules, players: int) -> int:
        # Every hand gives a side at least a point, so a game lasts at most 2 * target - 1 hands; a hand is 52 cards,
        # at most 39 of them off the suit led, each claimable once early or answered by two seats in its window.
        return (2 * rules.target) * (52 + 39 * 3)

    def sides(self, rules: WhistRules, players: int) -> tuple[tuple[int, ...], ...]:
        return SIDES

