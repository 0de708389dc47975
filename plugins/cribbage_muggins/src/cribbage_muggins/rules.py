"""House rules of cribbage with muggins: the typed dataclass, its defaults and checks.

This module owns `CribbageRules`, the house rules a table may change in a
TOML file (`muggins rules cribbage_muggins` prints them), and the small
tables that follow from the player count (cards dealt, cards each player
lays away, cards the dealer adds to the crib from the pack) and from the
target (the skunk lines). Defaults are the game of RULES.md: 121 points,
muggins on, no partnerships, no lowball, miscounts possible and punishable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from muggins import rule

__all__ = ["CribbageRules", "DEAL", "SKUNK_LINE", "DOUBLE_SKUNK_LINE", "PLAYER_COUNTS"]

PLAYER_COUNTS = range(2, 5)

#: players -> (cards dealt to each player, cards each lays away to the crib, cards from the pack to the crib)
DEAL: dict[int, tuple[int, int, int]] = {2: (6, 2, 0), 3: (5, 1, 1), 4: (5, 1, 0)}

#: target -> a loser below this line is skunked (lurched)
SKUNK_LINE: dict[int, int] = {121: 91, 61: 31}
#: target -> a loser below this line is double-skunked (only the 121-point game has one)
DOUBLE_SKUNK_LINE: dict[int, int] = {121: 61}


@dataclass(frozen=True)
class CribbageRules:
    """The house rules of one game (defaults: RULES.md, "Cribbage with muggins")."""

    target: Literal[121, 61] = rule(
        121,
        doc=(
            "Points to win: 121 (the usual game) or 61 (the short game; same six- or five-card deal).\n"
            "The game ends the moment a score reaches the target; nothing later is counted."
        ),
    )
    muggins: bool = rule(
        True,
        doc=(
            "true: each player announces their own hand and crib counts (0..29) and opponents may\n"
            "accept, call `muggins K` for missed points or call `overcount`; false: every show is\n"
            "scored automatically. Pegging is always scored automatically."
        ),
    )
    partnerships: bool = rule(
        False,
        doc="Four players only: partners sit opposite (seats 0 and 2 against 1 and 3) and score together.",
    )
    lowball: bool = rule(
        False,
        doc=(
            "Qui perd gagne: the first side to reach the target loses. Muggins is switched off in\n"
            "lowball even when asked for (a note says so at the start of the game)."
        ),
    )
    mistakes: Literal["allowed", "prevented"] = rule(
        "allowed",
        doc=(
            "allowed: any count 0..29 may be announced and any response given;\n"
            "prevented: only the true count and the right response are offered (a teaching mode)."
        ),
    )

    @property
    def counting(self) -> bool:
        """True when players count their own shows (muggins asked for and not switched off by lowball)."""
        return self.muggins and not self.lowball

    def check_players(self, players: int) -> None:
        """ValueError unless the rules can be played by `players` seats."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"cribbage is for 2, 3 or 4 players, not {players}")
        if self.partnerships and players != 4:
            raise ValueError(f"partnerships need 4 players, not {players}")
