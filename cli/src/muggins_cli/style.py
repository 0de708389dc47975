"""Colour for the terminal player: red and black suits, the seat to act, the card that just moved, banners.

This module owns deciding whether to colour at all (only when the output is
a terminal, never when the `NO_COLOR` environment variable is set to
anything non-empty — see no-color.org — and never for `TERM=dumb`; Click
styles text but reads neither) and the few styles the table uses. Games
render plain text; the styling works on conventions any game's text can
follow: a card is a rank and a suit symbol (`10♥`, `K♠`), a table line that
contains `←` marks the seat to act, and the first card named in the latest
narration line is the card that just moved. Without colour every function
returns its text unchanged, so transcripts and tests see exactly what the
game wrote.
"""

from __future__ import annotations

import os
import re
from typing import Any, Sequence

import click

__all__ = ["Style", "colour_wanted", "CARD", "first_card"]

#: A card as the games print it: rank (A, 2-10, J, Q, K) then a suit symbol.
CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]")
_RED_SUITS = "♥♦"
_RESET = "\x1b[0m"


def colour_wanted(stream: Any) -> bool:
    """Whether text written to `stream` may be coloured: a terminal, no NO_COLOR, not a dumb terminal."""
    if os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("TERM", "") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def first_card(line: str) -> str | None:
    """The first card named in `line` (`seat 1 put 5♣ on …` → `5♣`), or None."""
    found = CARD.search(line)
    return found.group(0) if found else None


class Style:
    """The table's styles; every method is the identity when colour is off."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def cards(self, text: str, moved: str | None = None) -> str:
        """Red hearts and diamonds, bold clubs and spades; the card `moved` also underlined and reversed."""
        if not self.enabled:
            return text

        def paint(match: re.Match[str]) -> str:
            card = match.group(0)
            red = card[-1] in _RED_SUITS
            return click.style(card, fg="red" if red else None, bold=not red, reverse=card == moved, underline=card == moved)

        return CARD.sub(paint, text)

    def table(self, text: str, moved: str | None = None) -> str:
        """A rendered table: cards coloured, the line of the seat to act (marked `←`) in bold."""
        if not self.enabled:
            return text
        lines = []
        for line in text.splitlines():
            painted = self.cards(line, moved)
            if "←" in line:
                # Each card's style ends in a reset; start the line's own style again after it.
                start = click.style("", bold=True, fg="yellow", reset=False)
                painted = start + painted.replace(_RESET, _RESET + start) + _RESET
            lines.append(painted)
        return "\n".join(lines)

    def dim(self, text: str) -> str:
        return click.style(text, dim=True) if self.enabled else text

    def banner(self, lines: Sequence[str], width: int = 60) -> list[str]:
        """Lines framed by rules, for the end of a hand; bold on a terminal."""
        inner = max([width, *(len(line) + 4 for line in lines)])
        rule = "═" * inner
        framed = [rule, *(f"  {line}" for line in lines), rule]
        if not self.enabled:
            return framed
        return [click.style(self.cards(line), bold=True) if line is not rule else click.style(line, fg="cyan") for line in framed]
