"""Bounds on what muggins reads from users, and the clipping of user text quoted in error lines.

Every file a user hands to `muggins` (a house-rules file, a record) is
read through `read_limited`, which stops after a fixed number of bytes
instead of reading `/dev/zero` or a multi-megabyte mistake in full, drops
a UTF-8 byte-order mark and reports undecodable bytes as one line. Error
messages quote user input through `clip`, so one bad value of many
megabytes still gives an error line of a couple of hundred characters.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["MAX_RULES_BYTES", "MAX_RECORD_BYTES", "MAX_RECORD_LINE_BYTES", "QUOTE_CHARS", "LimitError", "clip", "read_limited", "strip_bom"]

# A house-rules file is a few kilobytes; a megabyte is already absurd.
MAX_RULES_BYTES = 1 << 20
# One record line holds one decision and its events (a whole deal is a few kilobytes).
MAX_RECORD_LINE_BYTES = 1 << 20
# The longest matches recorded so far are well under a megabyte; this leaves room for very long ones.
MAX_RECORD_BYTES = 256 << 20
QUOTE_CHARS = 60

BOM = "\ufeff"


class LimitError(ValueError):
    """A file is larger than muggins will read, or is not UTF-8 text; the message is one line."""


def clip(text: object, limit: int = QUOTE_CHARS) -> str:
    """`text` (str() of anything) cut to `limit` characters with an ellipsis, on one line."""
    value = " ".join(str(text).split("\n"))
    if len(value) <= limit:
        return value
    return value[: max(1, limit - 1)] + "…"


def strip_bom(text: str) -> str:
    """The text without a leading UTF-8 byte-order mark (editors on Windows write one)."""
    return text[1:] if text.startswith(BOM) else text


def read_limited(path: str | Path, limit: int, what: str) -> str:
    """The UTF-8 text of `path`, at most `limit` bytes, without a byte-order mark.

    OSError if it cannot be opened or read; LimitError (one line naming
    the file) if it is larger than `limit` or is not UTF-8 text.
    """
    with open(path, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise LimitError(f"{path} is larger than {_size(limit)}; not {what}")
    try:
        return strip_bom(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise LimitError(f"{path}: not a text file, not {what}") from None


def _size(count: int) -> str:
    if count >= 1 << 20 and count % (1 << 20) == 0:
        return f"{count >> 20} MiB"
    return f"{count} bytes"
