"""Errors the operating system and the standard library word in English, in the reader's language: an OSError's reason and a TOML syntax error.

The OS words an error by its `errno` (`strerror`: "No such file or
directory") in the C library's language, and `tomllib` words its syntax
errors in English with where they are ("Invalid value (at line 1, column
10)"). `os_reason(exc)` gives the common errno values their words through
the core's catalogue (the table below, its English the glibc text) and
falls back to the OS's own text for the others; `toml_error(exc)` words
tomllib's messages, keeping the line and column, and leaves a message it
does not know (a newer Python's) in English with its place worded. In
English both give exactly the text the OS or tomllib gave.
"""

from __future__ import annotations

import errno
import re
import sys
from typing import Any

from .i18n import DEFAULT_LANGUAGE, N_, current_language, translator

__all__ = ["os_reason", "toml_error"]

_ = translator("muggins", package_file=__file__).gettext


def _errno_words() -> dict[int, str]:
    table = {
        "ENOENT": N_("No such file or directory"),
        "EACCES": N_("Permission denied"),
        "EPERM": N_("Operation not permitted"),
        "EISDIR": N_("Is a directory"),
        "ENOTDIR": N_("Not a directory"),
        "EEXIST": N_("File exists"),
        "ENOTEMPTY": N_("Directory not empty"),
        "EFBIG": N_("File too large"),
        "ENOSPC": N_("No space left on device"),
        "EDQUOT": N_("Disk quota exceeded"),
        "EROFS": N_("Read-only file system"),
        "EIO": N_("Input/output error"),
        "EMFILE": N_("Too many open files"),
        "ENFILE": N_("Too many open files in system"),
        "ENAMETOOLONG": N_("File name too long"),
        "ELOOP": N_("Too many levels of symbolic links"),
        "EBUSY": N_("Device or resource busy"),
        "ETXTBSY": N_("Text file busy"),
        "ENXIO": N_("No such device or address"),
        "ENODEV": N_("No such device"),
        "EXDEV": N_("Invalid cross-device link"),
        "EBADF": N_("Bad file descriptor"),
        "EINVAL": N_("Invalid argument"),
        "EAGAIN": N_("Resource temporarily unavailable"),
        "ENOMEM": N_("Cannot allocate memory"),
        "EADDRINUSE": N_("Address already in use"),
        "EADDRNOTAVAIL": N_("Cannot assign requested address"),
        "ECONNREFUSED": N_("Connection refused"),
        "ETIMEDOUT": N_("Connection timed out"),
    }
    # Names a platform lacks (EDQUOT, ETXTBSY on some) are left out; the OS's own text stands for them.
    return {getattr(errno, name): words for name, words in table.items() if hasattr(errno, name)}


#: The words of the common errno values, by number; their English is what glibc says.
ERRNO_WORDS: dict[int, str] = _errno_words()


def _resolver_error(exc: BaseException) -> bool:
    """Whether `exc` is a name look-up's error, whose `errno` is a resolver's code (EAI_*), not an errno value."""
    socket = sys.modules.get("socket")
    return socket is not None and isinstance(exc, (socket.gaierror, socket.herror))


def os_reason(exc: BaseException) -> str:
    """Why `exc` (an OSError, or anything) failed, in the reader's language: its errno's words, else the OS's text, else `str(exc)`."""
    strerror = getattr(exc, "strerror", None)
    if current_language() != DEFAULT_LANGUAGE and not _resolver_error(exc):
        words = ERRNO_WORDS.get(getattr(exc, "errno", None))  # type: ignore[arg-type]
        if words is not None:
            return _(words)
    return strerror or str(exc)


#: tomllib's (Python 3.11) messages without values, by their English.
_TOML_MESSAGES = {text: text for text in (
    N_("Invalid statement"),
    N_("Expected newline or end of document after a statement"),
    N_("Cannot overwrite a value"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Invalid date or datetime"),
    N_("Invalid value"),
)}

#: tomllib's messages with a value in them: the pattern of the English and the message it is worded from.
_TOML_PATTERNS = (
    (re.compile(r"Expected (?P<value>'.*')\Z", re.S), N_("Expected {value}")),
    (re.compile(r"Found invalid character (?P<value>.*)\Z", re.S), N_("Found invalid character {value}")),
    (re.compile(r"Cannot declare (?P<value>.*) twice\Z", re.S), N_("Cannot declare {value} twice")),
    (re.compile(r"Cannot mutate immutable namespace (?P<value>.*)\Z", re.S), N_("Cannot mutate immutable namespace {value}")),
    (re.compile(r"Cannot redefine namespace (?P<value>.*)\Z", re.S), N_("Cannot redefine namespace {value}")),
    (re.compile(r"Duplicate inline table key (?P<value>.*)\Z", re.S), N_("Duplicate inline table key {value}")),
    (re.compile(r"Illegal character (?P<value>.*)\Z", re.S), N_("Illegal character {value}")),
)

_TOML_PLACE = re.compile(r"(?P<what>.*) \(at (?:line (?P<line>[0-9]+), column (?P<column>[0-9]+)|(?P<end>end of document))\)\Z", re.S)


def _toml_what(what: str) -> str:
    if what in _TOML_MESSAGES:
        return _(what)
    for pattern, message in _TOML_PATTERNS:
        found = pattern.match(what)
        if found:
            return _(message).format(value=found["value"])
    return what  # a message of a newer tomllib: English, its place still worded


def toml_error(exc: BaseException) -> str:
    """A `tomllib.TOMLDecodeError` in the reader's language, naming its line and column (or the end of the document) as tomllib does."""
    text = str(exc)
    if current_language() == DEFAULT_LANGUAGE:
        return text
    line: Any = getattr(exc, "lineno", None)
    column: Any = getattr(exc, "colno", None)
    what: Any = getattr(exc, "msg", None)
    end = False
    if not (isinstance(what, str) and isinstance(line, int) and isinstance(column, int)):  # 3.11-3.13: all in the message
        found = _TOML_PLACE.match(text)
        if found is None:
            return text
        what, line, column, end = found["what"], found["line"], found["column"], found["end"] is not None
    if end:
        return _("{what} (at end of document)").format(what=_toml_what(what))
    return _("{what} (at line {line}, column {column})").format(what=_toml_what(what), line=line, column=column)
