"""French typography: the narrow no-break space before `: ; ! ?` and inside « », and the marks between pieces of text built in code.

French puts a narrow no-break space (U+202F, `NNBSP`) before a colon, a
semicolon, an exclamation mark and a question mark, and inside guillemets
(`«\u202fhuman\u202f»`); being no-break, a line wrapped at spaces never
starts with the mark. `french_typography(text)` rewrites a text to that
rule and `typography_faults(text)` names what it changed, so a check and
its fix never disagree; both are idempotent, and leave alone a colon that
is not punctuation (a URL, `12:30`, `--seat 1:expert`, a `{placeholder:>3}`,
code in backquotes, a JSON example in brackets or braces). Straight double
quotes around a word in running text (`comme "human"`) become guillemets;
inside brackets or braces (`["human", "expert"]`) they are code and stay.
The catalogue script runs the rewrite on every French translation, the
contract kit lists what breaks it (`muggins.testing.translations.
typography_faults`). `apart(mark)` is a mark between pieces joined in code
(`"; "`, `": "`) as the language in force writes it, and `MINUS` the true
minus sign French numbers take (`muggins.i18n.written_number`).
"""

from __future__ import annotations

import re

from .i18n import current_language

__all__ = ["MINUS", "NNBSP", "apart", "french_typography", "typography_faults"]

#: U+202F NARROW NO-BREAK SPACE: before `: ; ! ?` and inside « » in French.
NNBSP = "\u202f"
#: U+2212 MINUS SIGN: a negative number in French (`−4,02`).
MINUS = "\u2212"

_SPACES = " \u00a0"  # a plain or a wide no-break space where the narrow one belongs
#: Text the rule never touches: a placeholder or JSON in braces, code in backquotes, a URL.
_KEPT = re.compile(r"\{[^{}]*\}|`[^`]*`|[a-z][a-z0-9+.-]*://\S+")
#: What may come right before a mark that lacks its space: the end of a word, a number, a placeholder, a closing bracket or quote.
_ENDS_WORD = re.compile(r"[\w)\]}»'’\"…*%`]")
#: After a mark that is punctuation: a space, the end, or a closing bracket or quote.
_AFTER_COLON = re.compile(r"\s|$|»")
_AFTER_CLAUSE = re.compile(r"\s|$|[)\]»\"'’.,…]")
_STRAIGHT_QUOTED = re.compile(r'"([^"\n]+)"')


def _kept_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _KEPT.finditer(text)]


def _bracketed(text: str) -> list[tuple[int, int]]:
    spans, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char == "[":
            if depth == 0:
                start = at
            depth += 1
        elif char == "]" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, at + 1))
    return spans


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= at < end for start, end in spans)


def _rewrite(text: str) -> tuple[str, list[str]]:
    faults: list[str] = []
    kept = _kept_spans(text)
    code = kept + _bracketed(text)

    def quoted(found: re.Match[str]) -> str:
        if _inside(found.start(), code) or _inside(found.end() - 1, code):
            return found.group(0)
        faults.append(f"straight quotes around {found.group(1)!r} where « » belong")
        return f"«{NNBSP}{found.group(1).strip(_SPACES + NNBSP)}{NNBSP}»"

    text = _STRAIGHT_QUOTED.sub(quoted, text)
    kept = _kept_spans(text)
    chars = list(text)
    for at, char in enumerate(text):
        if char not in ":;!?«»" or _inside(at, kept):
            continue
        before, after = text[at - 1:at], text[at + 1:at + 2]
        spaced = before != "" and before in _SPACES
        if char == "«":
            if after != "" and after in _SPACES:
                chars[at + 1] = NNBSP
                faults.append("a plain space after «")
            elif after not in ("", NNBSP):
                chars[at] = "«" + NNBSP
                faults.append("no space after «")
            continue
        if char in ":;" and not spaced and not _AFTER_COLON.match(after):
            continue  # not punctuation: 12:30, --seat 1:expert
        if char in "!?" and not spaced and not _AFTER_CLAUSE.match(after):
            continue  # not punctuation: != or a query string
        if spaced:
            chars[at - 1] = NNBSP
            faults.append(f"a plain space before {char}")
        elif before not in ("", NNBSP, "«", "!", "?") and _ENDS_WORD.match(before):
            chars[at] = NNBSP + char
            faults.append(f"no space before {char}")
    return "".join(chars), faults


def french_typography(text: str) -> str:
    """`text` with a narrow no-break space before each `: ; ! ?` that is punctuation and inside « » (guillemets for straight
    double quotes in running text); a text that keeps the rule already is returned unchanged."""
    return _rewrite(text)[0]


def typography_faults(text: str) -> list[str]:
    """What `french_typography` changes in `text` (`a plain space before :`, `no space after «`, ...); [] when it keeps the rule."""
    return _rewrite(text)[1]


#: How French writes the marks joining pieces of text in code: a narrow no-break space before the two-part ones.
_FRENCH_MARKS = {"; ": f"{NNBSP}; ", ": ": f"{NNBSP}: ", " ; ": f"{NNBSP}; ", " : ": f"{NNBSP}: "}


def apart(mark: str) -> str:
    """The mark joining pieces of text made in code (`"; "`, `": "`) as the language in force writes it: `" ; "` with a narrow
    no-break space before the semicolon in French, as written in English."""
    if current_language() == "fr":
        return _FRENCH_MARKS.get(mark, mark)
    return mark
