"""House rules of cribbage with muggins: the typed dataclass, its defaults and checks.

This module owns `CribbageRules`, the house rules a table may change in a
TOML file (`muggins rules cribbage_muggins` prints them), and the small
tables that follow from the player count (cards dealt, cards each player
lays away, cards the dealer adds to the crib from the pack) and from the
target (the automatic skunk lines, `automatic_skunk_lines`). Defaults are
the game of RULES.md: 121 points, muggins on, no partnerships, no lowball,
miscounts possible and punishable. A variant game changes a default by
subclassing the dataclass (see the docs page, "A variant of the game").
Each rule's `doc` is English, marked with `N_` so the game's catalogue
carries its translation for a front end that words it for the reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from muggins import rule
from muggins.i18n import N_

__all__ = ["CribbageRules", "DEAL", "SKUNK_LINE", "DOUBLE_SKUNK_LINE", "PLAYER_COUNTS", "MIN_TARGET", "MAX_TARGET",
           "AUTOMATIC", "NO_LINE", "automatic_skunk_lines"]

PLAYER_COUNTS = range(2, 5)

#: players -> (cards dealt to each player, cards each lays away to the crib, cards from the pack to the crib)
DEAL: dict[int, tuple[int, int, int]] = {2: (6, 2, 0), 3: (5, 1, 1), 4: (5, 1, 0)}

#: The targets a game may be played to.
MIN_TARGET, MAX_TARGET = 31, 1000
#: `skunk_line` / `double_skunk_line` values: worked out from the target, or no such line.
AUTOMATIC, NO_LINE = 0, -1

#: target -> a loser below this line is skunked (lurched); the usual two targets (`automatic_skunk_lines` gives any)
SKUNK_LINE: dict[int, int] = {121: 91, 61: 31}
#: target -> a loser below this line is double-skunked (of the usual two, only the 121-point game has one)
DOUBLE_SKUNK_LINE: dict[int, int] = {121: 61}


def automatic_skunk_lines(target: int) -> tuple[int, int | None]:
    """(skunk line, double-skunk line or None) worked out from `target`: the target less 30, and less 60 where that is at least 31.

    121 gives (91, 61), 61 gives (31, None), 91 gives (61, 31).
    """
    double = target - 60
    return target - 30, double if double >= MIN_TARGET else None


@dataclass(frozen=True)
class CribbageRules:
    """The house rules of one game (defaults: RULES.md, "Cribbage with muggins")."""

    target: int = rule(
        121,
        doc=N_(
            "Points to win, a whole number from 31 to 1000: 121 (the usual game) or 61 (the short game;\n"
            "same six- or five-card deal) are the usual ones. The game ends the moment a score reaches\n"
            "the target; nothing later is counted."
        ),
        min=MIN_TARGET,
        max=MAX_TARGET,
    )
    skunk_line: int = rule(
        AUTOMATIC,
        doc=N_(
            "A losing side below this score is skunked. 0: automatic, the target less 30 (91 for 121,\n"
            "31 for 61); -1: no skunk; otherwise a score from 1 up, below the target."
        ),
        min=NO_LINE,
        max=MAX_TARGET - 1,
    )
    double_skunk_line: int = rule(
        AUTOMATIC,
        doc=N_(
            "A losing side below this score is double-skunked. 0: automatic, the target less 60 where\n"
            "that is at least 31 (61 for 121, none for 61); -1: none; otherwise a score from 1 up,\n"
            "below the skunk line."
        ),
        min=NO_LINE,
        max=MAX_TARGET - 1,
    )
    muggins: bool = rule(
        True,
        doc=N_(
            "true: each player announces their own hand and crib counts (0..29, or up to the largest\n"
            "count a house-rule scoring allows) and opponents may accept, call `muggins K` for missed\n"
            "points or call `overcount`; false: every show is scored automatically. Pegging is always\n"
            "scored automatically."
        ),
    )
    partnerships: bool = rule(
        False,
        doc=N_("Four players only: partners sit opposite (seats 0 and 2 against 1 and 3) and score together."),
    )
    lowball: bool = rule(
        False,
        doc=N_(
            "Qui perd gagne: the first side to reach the target loses. Muggins is switched off in\n"
            "lowball even when asked for (a note says so at the start of the game)."
        ),
    )
    mistakes: Literal["allowed", "prevented"] = rule(
        "allowed",
        doc=N_(
            "allowed: any count 0..29 (or up to the largest a house-rule scoring allows) may be\n"
            "announced and any response given;\n"
            "prevented: only the true count and the right response are offered (a teaching mode)."
        ),
    )

    @property
    def counting(self) -> bool:
        """True when players count their own shows (muggins asked for and not switched off by lowball)."""
        return self.muggins and not self.lowball

    def skunk_lines(self) -> tuple[int | None, int | None]:
        """(skunk line, double-skunk line) these rules give, None for no line (house-rule plugins may change them)."""
        return _skunk_lines(self.target, self.skunk_line, self.double_skunk_line)

    def validate(self) -> None:
        """ValueError (one line) for a target out of range or lines that are not below it, or a double line not below the single."""
        _check_target_and_lines(self.target, self.skunk_line, self.double_skunk_line)

    def check_players(self, players: int) -> None:
        """ValueError unless the rules can be played by `players` seats."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"cribbage is for 2, 3 or 4 players, not {players}")
        if self.partnerships and players != 4:
            raise ValueError(f"partnerships need 4 players, not {players}")


def _skunk_lines(target: int, skunk_line: int, double_skunk_line: int) -> tuple[int | None, int | None]:
    automatic = automatic_skunk_lines(target)
    return tuple(auto if value == AUTOMATIC else None if value == NO_LINE else value  # type: ignore[return-value]
                 for value, auto in zip((skunk_line, double_skunk_line), automatic))


@lru_cache(maxsize=256, typed=True)
def _check_target_and_lines(target: Any, skunk_line: Any, double_skunk_line: Any) -> None:
    """`CribbageRules.validate` for these three values (remembered, as every match checks its rules when it is created)."""
    if isinstance(target, bool) or not isinstance(target, int) or not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(f"target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, not {target!r}")
    for key, value in (("skunk_line", skunk_line), ("double_skunk_line", double_skunk_line)):
        if isinstance(value, bool) or not isinstance(value, int) or value < NO_LINE:
            raise ValueError(f"{key} must be 0 (automatic), -1 (none) or a score from 1 up, not {value!r}")
    skunk, double = _skunk_lines(target, skunk_line, double_skunk_line)
    if skunk is not None and skunk >= target:
        raise ValueError(f"skunk_line = {skunk} must be below the target ({target})")
    if double is not None and skunk is None:
        raise ValueError(f"double_skunk_line = {double} needs a skunk line (skunk_line = -1 says there is none)")
    if double is not None and double >= skunk:
        raise ValueError(f"double_skunk_line = {double} must be below the skunk line ({skunk})")
