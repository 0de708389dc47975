"""What a house-rule hook's answer may be: bounded plain data, checked and copied, and written as JSON data.

`plain_answer` is the check `muggins.houserules.call_house_rules` puts
every answer through before any game code sees it (no callables, no bytes,
no number of hundreds of digits, no NaN, no endless generator, no
nesting past `MAX_ANSWER_DEPTH`), copying it as it goes, so a plugin cannot
hand a game something that changes under it or that no record could keep;
`answer_to_data` writes a plain answer as a record's header keeps it. What
an answer is not speaks to the plugin's author, so these words stay
English. `muggins.houserules` re-exports both, as it always has.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Mapping

from .limits import clip

__all__ = ["MAX_ANSWER_DIGITS", "MAX_ANSWER_SIZE", "MAX_ANSWER_DEPTH", "plain_answer", "answer_to_data"]

#: The most digits a whole number in an answer may have: far beyond any rule's number, and short of the
#: thousands of digits that cannot even be printed (`int` refuses to turn 4,300 digits into text).
MAX_ANSWER_DIGITS = 300
#: The most an answer may hold, counting one for every item and every character of a text or digit of a number:
#: hundreds of times a real answer, and small enough that a record's header keeps every answer of a match.
MAX_ANSWER_SIZE = 10_000
#: The deepest lists and tables may nest in an answer (a real one nests two or three deep).
MAX_ANSWER_DEPTH = 32
_TOO_BIG = 10**MAX_ANSWER_DIGITS
_PLAIN_WORDS = "answers are plain data: None, true or false, numbers, text, and lists and tables of them"


class _NotPlain(Exception):
    """An answer that is not bounded plain data: `problem` says what, `where` the path to it (`['target']`)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.where: list[str] = []


def plain_answer(value: Any) -> Any:
    """`value` as bounded plain data, copied: what a game's combiner gets from `call_house_rules`.

    None, booleans, whole numbers of at most `MAX_ANSWER_DIGITS` digits,
    finite floats and text (valid Unicode) are kept; subclasses become their
    base type (an IntEnum its int); other whole and real numbers
    (`numbers.Integral`, `numbers.Real`) become int and float. Lists and
    tuples stay lists and tuples, any other Mapping becomes a dict, a set a
    frozenset, any other iterable (a generator, a range) a list, each item
    made plain in turn. Anything else (a callable, bytes, an object), NaN or
    infinity, more than `MAX_ANSWER_SIZE` items, characters and digits in
    all, or nesting deeper than `MAX_ANSWER_DEPTH` is a ValueError saying
    what and where. What the value's own methods raise while it is read (a
    Mapping whose `items()` fails) goes on as it is, for the caller to name.
    """
    try:
        return _plain(value, 0, [MAX_ANSWER_SIZE])
    except _NotPlain as exc:
        raise ValueError(_not_plain_text(exc)) from None


def _not_plain_text(exc: _NotPlain) -> str:
    where = "".join(reversed(exc.where))
    return exc.problem + (f" (at {clip(where, 80)})" if where else "")


def _plain(value: Any, depth: int, budget: list[int]) -> Any:
    _spend(budget, 1)  # every item counts, None too: an endless generator of None stops here
    kind = type(value)
    if value is None or kind is bool:
        return value
    if kind is int:
        return _whole(value, budget)
    if kind is str:
        return _text(value, budget)
    if kind is float:
        return _finite(value)
    if isinstance(value, int):  # an IntEnum or another int subclass: its plain int
        return _whole(int.__int__(value), budget)
    if isinstance(value, float):
        return _finite(float.__float__(value))
    if isinstance(value, str):
        return _text(str.__str__(value), budget)
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise _NotPlain(f"bytes ({type(value).__name__}), not text")
    if depth >= MAX_ANSWER_DEPTH:
        raise _NotPlain(f"lists or tables nested more than {MAX_ANSWER_DEPTH} deep")
    if isinstance(value, Mapping):
        table: dict[Any, Any] = {}
        for key, item in value.items():
            plain_key = _key(key, depth, budget)
            try:
                table[plain_key] = _plain(item, depth + 1, budget)
            except _NotPlain as exc:
                exc.where.append(f"[{_shown_key(plain_key)}]")
                raise
        return table
    if isinstance(value, (set, frozenset)):
        return frozenset(_key(item, depth, budget) for item in value)
    if isinstance(value, numbers.Integral):
        return _whole(int(value), budget)
    if isinstance(value, numbers.Real):
        return _finite(float(value))
    if isinstance(value, (tuple, list)) or (hasattr(value, "__iter__") and not callable(value)):
        items = []
        for n, item in enumerate(value):
            try:
                items.append(_plain(item, depth + 1, budget))
            except _NotPlain as exc:
                exc.where.append(f"[{n}]")
                raise
        return tuple(items) if isinstance(value, tuple) else items
    raise _NotPlain(f"{_article(type(value).__name__)}, which is not plain data")


def _key(value: Any, depth: int, budget: list[int]) -> Any:
    """A table key or set item made plain; it must still be hashable (text, a number, a tuple of them)."""
    plain = _plain(value, depth + 1, budget)
    try:
        hash(plain)
    except TypeError:
        raise _NotPlain(f"a table key or set item that is {_article(type(plain).__name__)}") from None
    return plain


def _shown_key(key: Any) -> str:
    return repr(key) if isinstance(key, (str, int, float, bool, type(None))) else type(key).__name__


def _spend(budget: list[int], amount: int) -> None:
    budget[0] -= amount
    if budget[0] < 0:
        raise _NotPlain(f"more than {MAX_ANSWER_SIZE:,} items, characters and digits in all")


def _whole(value: int, budget: list[int]) -> int:
    if not -_TOO_BIG < value < _TOO_BIG:
        raise _NotPlain(f"a whole number of more than {MAX_ANSWER_DIGITS} digits")
    _spend(budget, value.bit_length() // 3)  # about a digit for every 3.3 bits
    return value


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise _NotPlain(f"{value!r}, not a finite number")
    return value


def _text(value: str, budget: list[int]) -> str:
    _spend(budget, len(value))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no record could hold it
        raise _NotPlain("text that is not valid Unicode") from None
    return value


def _article(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def answer_to_data(value: Any) -> Any:
    """A plain answer (`plain_answer`) as JSON data, as a record's header keeps it.

    Tuples become lists, a frozenset a sorted list, and a table's keys that
    are not text the JSON text of the key (`{8: 2}` is `{"8": 2}`), as JSON
    itself writes them; two answers are the same when their data is.
    """
    if isinstance(value, (list, tuple)):
        return [answer_to_data(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((answer_to_data(item) for item in value), key=_canonical)
    if isinstance(value, dict):
        return {key if isinstance(key, str) else _canonical(answer_to_data(key)): answer_to_data(item) for key, item in value.items()}
    return value


def _canonical(data: Any) -> str:
    import json  # here, not at the top: importing the module (at every start-up) stays free of json

    return json.dumps(data, sort_keys=True, ensure_ascii=False)
