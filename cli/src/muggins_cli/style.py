"""The look of the terminal player: colour (suits, the seat to act, the card that just moved, banners) and line width.

This module owns deciding whether to colour at all (only when the output is
a terminal, never when the `NO_COLOR` environment variable is set to
anything non-empty — see no-color.org — and never for `TERM=dumb`; Click
styles text but reads neither), the few styles the table uses, and how wide
a line may be: the terminal's width (never under `MIN_WIDTH`), or for output
that is not a terminal `COLUMNS` when it is set (Click's convention) and no
limit otherwise; `fit` breaks a long line at spaces, preferring the ` · `
between items, so a card, a seat kind, a path, a group of cards in brackets
or a command to copy is never split. Games render plain text; the
styling works on conventions any game's text can follow: a card is a rank
and a suit symbol (`10♥`, `K♠`), a table line that contains `←` marks the
seat to act, and the first card named in the latest narration line is the
card that just moved. Without colour every function returns its text
unchanged, so transcripts and tests see exactly what the game wrote.
It also owns what an output whose encoding lacks a sign becomes
(`write_what_the_encoding_can`, done once at start): Latin-1 has no `♥`,
no narrow no-break space (French puts one before `: ; ! ?`), no true
minus, so each such sign is written as a stand-in (`10♥` as `10H`, the
narrow space as a space, `−` as `-`, `…` as `...`, a letter without its
accent, else `?`)
rather than stopping the command, or a match, with an encoding error.
"""

from __future__ import annotations

import codecs
import os
import re
import sys
import unicodedata
from typing import Any, Iterator, Sequence

import click

__all__ = ["Style", "colour_wanted", "CARD", "first_card", "MIN_WIDTH", "line_width", "fit", "echo_fitted", "trailing_command",
           "write_what_the_encoding_can"]

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
    return _is_terminal(stream)


#: What a sign muggins writes becomes where the output's encoding lacks it: a suit its letter, as in a card's code (`10H`).
STAND_INS = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "\u202f": " ", "\u00a0": " ", "\u2009": " ", "’": "'", "‘": "'", "“": '"', "”": '"',
    "«": '"', "»": '"', "…": "...", "←": "<-", "→": "->", "—": "-", "–": "-", "\u2212": "-", "·": ".", "×": "x", "≤": "<=", "≥": ">=",
}
_STAND_IN_HANDLER = "muggins.stand_ins"
#: Signs every output muggins writes may hold: an encoding that lacks one of them gets stand-ins.
_SIGNS = "".join(STAND_INS) + "éèàçœ"


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    written = []
    for sign in error.object[error.start:error.end]:
        for candidate in (STAND_INS.get(sign), unicodedata.normalize("NFKD", sign), "?"):
            if not candidate:
                continue
            fitting = "".join(c for c in candidate if _encodes(c, error.encoding))
            if fitting:
                written.append(fitting)
                break
        else:
            written.append("?")
    return "".join(written), error.end


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


codecs.register_error(_STAND_IN_HANDLER, _stand_in)


def write_what_the_encoding_can(*streams: Any) -> None:
    """Let each text stream (standard output and error by default) write stand-ins for the signs its encoding lacks.

    Only a stream that would fail on them (`errors="strict"` and an
    encoding such as Latin-1) is changed; UTF-8 output, and a stream that
    already replaces or escapes, keep their bytes exactly.
    """
    for stream in streams or (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if not encoding or getattr(stream, "errors", "strict") != "strict" or _encodes(_SIGNS, encoding):
            continue
        try:
            stream.reconfigure(errors=_STAND_IN_HANDLER)
        except (AttributeError, ValueError, OSError, LookupError):  # not a reconfigurable stream (a test's capture): left as it is
            pass


#: The narrowest terminal the screen is laid out for: a narrower one gets lines of this width.
MIN_WIDTH = 80


def line_width(stream: Any) -> int | None:
    """How many characters a line written to `stream` may take; None: any number.

    A terminal's width (`COLUMNS` first, as `shutil` reads it), at least
    `MIN_WIDTH`. Output that is not a terminal is wrapped only when `COLUMNS`
    is set, as Click does for its help, so a pipe or a file keeps every line whole.
    """
    if _is_terminal(stream):
        return max(MIN_WIDTH, terminal_columns(MIN_WIDTH))
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        return None
    return max(MIN_WIDTH, columns) if columns > 0 else None


def terminal_columns(fallback: int) -> int:
    """The terminal's width as `shutil.get_terminal_size(...).columns` reads it (`COLUMNS`, else the terminal of
    `sys.__stdout__`, else `fallback`), without importing `shutil`, which loads the compression modules with it."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # no standard output, or not a terminal
        columns = 0
    return columns or fallback


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def fit(text: str, width: int | None, *, whole: Sequence[str] = (), prose: bool = False) -> list[str]:
    """`text` as lines of at most `width` characters (None: one line), broken only at spaces between items.

    A card (`10♥`), a seat kind (`novice:error_rate=0.2`) and a path have no
    space in them, so they are never split; nor is a group in brackets (a
    card group `(3♣ 4♠ 8♣)`, `[7♣ 7♥ 7♠]`), a single-quoted text (a path as
    the shell quotes it) or any of the texts in `whole` (a command to copy),
    unless one is longer than a whole line, when it is broken at its own
    spaces. A break comes after a ` · ` between items when one lies in the
    second half of the line, else at the last space that fits; the lines
    after the first are indented two spaces more than it, but for an item
    with no room for the indent, which gets a line of its own. A word
    longer than a whole line stays whole.

    `prose` is for a sentence rather than a line of items (a heading that
    says how a run was made): a bracket group is words like the others and
    may break, and a number stays with the word it counts (`60 matches`,
    `95% interval`), or ending a clause with the word it follows (`seed 5,`).
    """
    if width is None or len(text) <= width:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    hang = " " * (lead + 2)
    room = width - len(hang)
    lines: list[str] = []
    start, line = " " * lead, []  # the units of the line being filled
    for unit, pieces in _pieces(text[lead:], whole, room, width, prose):
        if line and len(pieces) > 1 and unit in whole:
            lines.append((start + " ".join(line)).rstrip())  # a command too long for a line of its own at least begins one
            line, start = [], hang
        for piece in pieces:
            if room < len(piece) <= width:  # kept whole on a line of its own, without the indent it has no room for
                if line:
                    lines.append((start + " ".join(line)).rstrip())
                lines.append(piece)
                line, start = [], hang
                continue
            if line and len(start) + len(" ".join(line + [piece])) > width:
                cut = _item_break(line, start, width)
                lines.append((start + " ".join(line[:cut])).rstrip())
                line, start = line[cut:], hang
            line.append(piece)
    if line or not lines:
        lines.append(start + " ".join(line))
    return lines


def echo_fitted(text: str, *, err: bool = False, whole: Sequence[str] = ()) -> None:
    """Print `text` as `fit` breaks it for where it goes: standard output's `line_width`, standard error's terminal.

    Standard error is broken only on a terminal, which would otherwise wrap
    the line wherever it ran out (inside a path); piped or in a file an
    error stays the one line a script reads.
    """
    stream = sys.stderr if err else sys.stdout
    width = line_width(stream) if not err or _is_terminal(stream) else None
    for piece in fit(text, width, whole=whole):
        click.echo(piece, err=err)


# The English and the French wordings (muggins_cli catalogue) of the phrase before a resume command.
_CONTINUE = re.compile(r"(?:continue (?:it )?with|reprenez(?:-la)? avec)[ \u202f]?: (.+)$")


def trailing_command(message: str) -> tuple[str, ...]:
    """The command a message ends with (`…; continue with: muggins resume r.jsonl`), to be kept whole by `fit`; () if none."""
    found = _CONTINUE.search(message)
    return (found.group(1),) if found else ()


def _pieces(text: str, whole: Sequence[str], room: int, width: int, prose: bool = False) -> Iterator[tuple[str, list[str]]]:
    """Each unit of `text` with the pieces it is laid out in: itself, or when longer than `room` its own units, or past `width` its words."""
    for unit in _units(text, whole, groups=not prose) if prose else _units(text, whole):
        if len(unit) <= room:
            yield unit, [unit]
            continue
        inner = [piece for part in _units(unit, ()) for piece in (part.split(" ") if len(part) > width else [part])]
        yield unit, inner


def _item_break(units: list[str], start: str, width: int) -> int:
    """Where to end a full line: after its last `·` if that lies in the line's second half, else after every unit."""
    for at in range(len(units) - 1, 0, -1):
        if units[at - 1] == "·":
            if len(start) + len(" ".join(units[:at])) >= width // 2:
                return at
            break
    return len(units)


_OPENING = {"(": ")", "[": "]"}


def _units(text: str, whole: Sequence[str], *, groups: bool = True) -> list[str]:
    """`text` split at the spaces that lie outside every bracket group, single-quoted text and text of `whole`.

    With `groups` false, brackets hold prose (`fit`'s `prose`): their spaces
    break too, and each number is bound as a quantity (`_quantities`).
    """
    kept = bytearray(len(text))  # 1 where a space must not break
    for unit in whole:
        if unit:
            at = text.find(unit)
            while at >= 0:
                kept[at:at + len(unit)] = b"\x01" * len(unit)
                at = text.find(unit, at + len(unit))
    opened: list[tuple[str, int]] = []
    quote = -1
    for at, char in enumerate(text):
        if quote >= 0:
            if char == "'":
                kept[quote:at + 1] = b"\x01" * (at + 1 - quote)
                quote = -1
        elif char == "'" and (at == 0 or text[at - 1] == " "):
            quote = at  # a quote that opens a word: an apostrophe (seat 1's) never does
        elif not groups:
            continue
        elif char in _OPENING:
            opened.append((char, at))
        elif opened and char == _OPENING[opened[-1][0]]:
            _, start = opened.pop()
            kept[start:at + 1] = b"\x01" * (at + 1 - start)
        elif char in ")]":
            opened.clear()  # an unmatched closing bracket: what was opened before it is not a group
    units, begin = [], 0
    for at, char in enumerate(text):
        if char == " " and not kept[at]:
            units.append(text[begin:at])
            begin = at + 1
    units.append(text[begin:])
    return _bound(units) if groups else _quantities(units)


#: A number as prose counts with it: `60`, `1,000`, `95%`, `0.5`, `(2` (a bracket may open it), with the mark ending a clause if one does.
_QUANTITY = re.compile(r"\(?[−-]?\d+(?:[,.\u202f]\d+)*\u202f?%?(?P<end>[,;:.)]*)")


def _quantities(units: list[str]) -> list[str]:
    """`units` with each number joined to the word it counts, the next (`60 matches`), or when it ends a clause or
    the text, to the word before it (`seed 5,`)."""
    out: list[str] = []
    forward = False  # the last unit was a number waiting for the word it counts
    for at, unit in enumerate(units):
        found = _QUANTITY.fullmatch(unit)
        if forward:
            out[-1] += " " + unit
            forward = False
        elif found and (found["end"] or at == len(units) - 1) and out:
            out[-1] += " " + unit
        else:
            out.append(unit)
            forward = found is not None and not found["end"] and at < len(units) - 1
    return out


#: A bare number (`4`, `12.`, `−3`, `1,5`): it stays with the word before it (`seat 4`, `joueur 4`, `= 12.`).
_BARE_NUMBER = re.compile(r"[−-]?\d+(?:[.,]\d+)?[.,;:)]?")


def _bound(units: list[str]) -> list[str]:
    """`units` with each bare number joined to the unit before it (not to an item mark `·`) and a lone `=` to the unit after it."""
    out: list[str] = []
    glue = False  # the last unit was a lone `=`
    for unit in units:
        if out and (glue or (len(unit) <= 8 and unit[:1] in _NUMBER_STARTS and out[-1] != "·" and _BARE_NUMBER.fullmatch(unit))):
            out[-1] += " " + unit
        else:
            out.append(unit)
        glue = unit == "="
    return out


_NUMBER_STARTS = frozenset("−-0123456789")


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

    def banner(self, lines: Sequence[str], width: int = 60, limit: int | None = None) -> list[str]:
        """Lines framed by rules, for the end of a hand; bold on a terminal. `limit`: the longest a line may be."""
        inner = max([width, *(len(line) + 4 for line in lines)])
        if limit is not None:
            inner = min(inner, limit)
        rule = "═" * inner
        framed = [rule, *(piece for line in lines for piece in fit(f"  {line}", limit)), rule]
        if not self.enabled:
            return framed
        return [click.style(self.cards(line), bold=True) if line is not rule else click.style(line, fg="cyan") for line in framed]
