"""Bounds on what muggins reads from users and plugins, and the clipping of user text quoted in error lines.

Every file a user hands to `muggins` (a house-rules file, a record) is
read through `read_limited`, which refuses anything but a regular file
(a FIFO would block), stops after a fixed number of bytes
instead of reading `/dev/zero` or a multi-megabyte mistake in full, drops
a UTF-8 byte-order mark and reports undecodable bytes as one line. Error
messages quote user input through `clip`, so one bad value of many
megabytes still gives an error line of a couple of hundred characters.
The shapes a game's name, title and a kind of player's name must have
are here too, for the registry to check plugins against and for what is
read back from the discovery snapshot without loading the registry;
`printable` shows any other text with its control characters escaped.
"""

from __future__ import annotations

import os
import re
import stat
from typing import TYPE_CHECKING, BinaryIO

from .i18n import N_, translator

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

#: What callers say a refused file is not, in the core's catalogue so that a front end's English word
#: (`read_limited(path, limit, "house rules")`) reads in the player's language too; any other stays as given.
KINDS_OF_FILE = (N_("house rules"), N_("a record"), N_("a snapshot"))

if TYPE_CHECKING:  # pathlib costs more to import than all of this module; the command line's start-up does not need it
    from pathlib import Path

__all__ = [
    "MAX_RULES_BYTES", "MAX_RECORD_BYTES", "MAX_RECORD_LINE_BYTES", "MAX_PLAYERS", "QUOTE_CHARS", "SEED_BOUND", "GAME_NAME_PATTERN",
    "KIND_NAME_PATTERN", "LONGEST_TITLE", "LONGEST_VERSION", "LimitError", "clip", "clip_path", "open_regular", "printable", "read_limited", "strip_bom",
]

# A house-rules file is a few kilobytes; a megabyte is already absurd.
MAX_RULES_BYTES = 1 << 20
# One record line holds one decision and its events (a whole deal is a few kilobytes).
MAX_RECORD_LINE_BYTES = 1 << 20
# The longest matches recorded so far are well under a megabyte; this leaves room for very long ones.
MAX_RECORD_BYTES = 256 << 20
QUOTE_CHARS = 60
# Seeds are whole numbers of at most 20 digits: what a record's header keeps and every command accepts.
SEED_BOUND = 10**20
# The most seats a game may declare and a record's header may name.
MAX_PLAYERS = 64
# Longer than any answer at a prompt; a pasted novel is cut here instead of filling memory and the screen.
MAX_ANSWER_CHARS = 200
#: A game name: what `muggins-NAME-SEED.jsonl` and a record's header can hold, and a shell word.
GAME_NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")
#: A kind of player's name: a seat spec is `KIND:name=value,...`, so none of those separators (it must be printable too).
KIND_NAME_PATTERN = re.compile(r"[^\s:,=]{1,64}\Z")
#: A game's title is one line of a table; its version a short word beside it.
LONGEST_TITLE = 200
LONGEST_VERSION = 64

BOM = "\ufeff"


class LimitError(ValueError):
    """A file is larger than muggins will read, or is not UTF-8 text; the message is one line."""


def clip(text: object, limit: int = QUOTE_CHARS) -> str:
    """`text` (str() of anything) cut to `limit` characters with an ellipsis, on one line."""
    value = " ".join(str(text).split("\n"))
    if len(value) <= limit:
        return value
    return value[: max(1, limit - 1)] + "…"


def clip_path(path: object, limit: int = QUOTE_CHARS) -> str:
    """A file path quoted in an error line: cut from the front, so its file name stays (`…/matches/r.jsonl`)."""
    value = " ".join(str(path).split("\n"))
    if len(value) <= limit:
        return value
    return "…" + value[-(max(1, limit - 1)):]


#: The spaces Python does not count printable that a text is printed with as they are: French's narrow no-break space (before
#: `:`), the no-break and thin spaces. None moves the cursor.
_SHOWN_SPACES = {ord(c): " " for c in "\u00a0\u202f\u2009"}


def is_printable(text: str) -> bool:
    """Whether `text` is one line printed as it is: `str.isprintable`, the no-break spaces of typography allowed."""
    return text.isprintable() or text.translate(_SHOWN_SPACES).isprintable()


def printable(text: str) -> str:
    """`text` with every character that is not printable written as its escape (`\\x1b`), so it cannot move the cursor or recolour the terminal."""
    if is_printable(text):
        return text
    return "".join(c if is_printable(c) else c.encode("unicode_escape").decode("ascii") for c in text)


def strip_bom(text: str) -> str:
    """The text without a leading UTF-8 byte-order mark (editors on Windows write one)."""
    return text[1:] if text.startswith(BOM) else text


def read_limited(path: str | Path, limit: int, what: str) -> str:
    """The UTF-8 text of `path`, at most `limit` bytes, without a byte-order mark.

    OSError if it cannot be opened or read; LimitError (one line naming
    the file) if it is larger than `limit` or is not UTF-8 text.
    """
    with open_regular(path, what) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise LimitError(_("{path} is larger than {size}; not {what}").format(path=path, size=_size(limit), what=_(what)))
    try:
        return strip_bom(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise LimitError(_("{path}: not a text file, not {what}").format(path=path, what=_(what))) from None


def open_regular(path: str | Path, what: str) -> BinaryIO:
    """`path` opened for reading in binary, refused (LimitError, one line) unless it is a regular file.

    Opened without blocking first, so a FIFO with no writer, a terminal or a
    socket is refused at once instead of hanging in `open()`.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LimitError(_("{path} is not a regular file (a pipe, FIFO, device or folder); not {what}").format(path=clip_path(path), what=_(what)))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _size(count: int) -> str:
    if count >= 1 << 20 and count % (1 << 20) == 0:
        return _("{count} MiB").format(count=count >> 20)
    return _("{count} bytes").format(count=count)
