"""House rules of the shedding game: the typed dataclass, its defaults and checks.

This module owns `SheddingRules`, the house rules a table may change in a
TOML file (`muggins rules muggins_shedding` prints them), and the seed's
deal table. Defaults are the seed's game as settled in RULES.md: the deal
table 3p 17+1, 4p 12+4, 5p 10+2, 6p 8+4, 7p 7+3; the first eligible
opponent discard; mistakes allowed and punishable; hands drawn after 1000
exposures; one hand per player in a match; no early repetition draw. A
`deal` table in TOML may name only the player counts it changes: the others
keep the seed's deal, so a saved rules file always holds the whole table.
A deal table the game cannot use is refused in the player's language, and
each rule's doc is marked (`N_`) for the game's catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from muggins import rule
from muggins.i18n import N_, translator

# The game's catalogue, as game.py has it: a refused deal table is read by the player who wrote it.
_ = translator("muggins_shedding", package_file=__file__).gettext

__all__ = ["SheddingRules", "SEED_DEAL", "PLAYER_COUNTS"]

PLAYER_COUNTS = range(3, 8)

#: players -> (cards dealt to each closed stock, common piles turned up)
SEED_DEAL: dict[int, tuple[int, int]] = {3: (17, 1), 4: (12, 4), 5: (10, 2), 6: (8, 4), 7: (7, 3)}


@dataclass(frozen=True)
class SheddingRules:
    """The house rules of one match (defaults: the seed's game as RULES.md settles it)."""

    hands: int = rule(
        0,
        doc=N_("Hands in a match; 0 means one deal per player, so everyone deals once.\nWins are counted; players tied on most wins share the match."),
        min=0,
        max=10_000,
    )
    turn_limit: int = rule(
        1000,
        doc=N_("Exposures (cards turned) in one hand before it is declared drawn.\nDrawn hands count for nobody."),
        min=1,
        max=10_000_000,
    )
    opponent_discards: Literal["first_eligible", "nearest_only"] = rule(
        "first_eligible",
        doc=N_(
            "When no common pile fits: first_eligible = the first opponent clockwise from the\n"
            "mover's left whose non-empty discard top is one rank away; nearest_only = only the\n"
            "nearest non-empty opposing discard to the left counts (else your own discard)."
        ),
    )
    mistakes: Literal["allowed", "prevented"] = rule(
        "allowed",
        doc=N_("allowed: any physical placement is accepted and may be called (Muggins!);\nprevented: only correct placements are offered (a teaching mode, no calls)."),
    )
    repetition: Literal["off", "draw"] = rule(
        "off",
        doc=N_(
            "draw: a hand is also drawn when the whole position repeats exactly (every stock\n"
            "and discard card for card, same player to turn), compared whenever a player must\n"
            "turn their discard over. Under correct play such a hand could never end, so with\n"
            "expert seats this only saves time; fallible players lose the chance to break the\n"
            "cycle by an error. off: only turn_limit draws."
        ),
    )
    deal: dict[int, tuple[int, int]] = rule(
        default_factory=lambda: dict(SEED_DEAL),
        doc=N_(
            "Deal table: players = [cards in each stock, common piles]. Each line must use the\n"
            "whole 52-card pack (players x cards + commons = 52). Player counts left out keep\n"
            "the seed's deal."
        ),
    )

    def __post_init__(self) -> None:
        merged = dict(SEED_DEAL)
        merged.update({int(k): (int(v[0]), int(v[1])) for k, v in self.deal.items()})
        object.__setattr__(self, "deal", dict(sorted(merged.items())))

    def validate(self) -> None:
        for players, (each, commons) in self.deal.items():
            if players not in PLAYER_COUNTS:
                raise ValueError(_("deal has a line for {players} players; the game is for 3 to 7 players").format(players=players))
            if each < 1 or commons < 0:
                raise ValueError(_("deal.{players} = [{each}, {commons}] needs at least 1 card each and no negative number of commons").format(
                    players=players, each=each, commons=commons))
            if players * each + commons != 52:
                raise ValueError(_("deal.{players} = [{each}, {commons}] uses {used} cards; {players} x cards + commons must be 52").format(
                    players=players, each=each, commons=commons, used=players * each + commons))

    def deal_for(self, players: int) -> tuple[int, int]:
        """(cards per stock, common piles) for `players`."""
        return self.deal[players]

    def hands_for(self, players: int) -> int:
        """How many hands a match of `players` lasts."""
        return self.hands or players
