"""Records: a match as JSON Lines, written as it is played; every name once imported from here still is.

The work is split by job: `muggins.records.format` (the `Record`, its
lines, the header, strict reading), `muggins.records.writer`
(`RecordWriter`, the sink a `Match` writes to) and `muggins.records.file`
(`RecordFile`: one locked writer, whole lines, a write guard per file).
Replaying a record against the game and re-checking its bots live above
the engine in `muggins.replay`; their names are still importable from
here on first use (PEP 562), with a DeprecationWarning pointing at the
caller, so that importing this package never imports the engine and
nothing of the core imports them this way. See docs/records.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .file import RecordFile, RecordWriteError, WriteGuard, after_the_write, signals_held, writing_a_record
from .format import FORMAT, HEADER_FIELDS, MAX_PLAYERS, Record, RecordError, header_for, jsonl, parse_record, read_record, read_record_from
from .writer import RecordWriter

__all__ = [
    "FORMAT", "Record", "RecordError", "RecordWriteError", "RecordWriter", "RecordFile",
    "read_record", "writing_a_record", "after_the_write", "signals_held",
]

#: Names that moved to `muggins.replay`, still importable from here (deprecated: one release, then gone).
_REPLAY_NAMES = ("Divergence", "rebuild_state", "replay", "kept", "check_players")


def __getattr__(name: str) -> Any:
    if name not in _REPLAY_NAMES:
        raise AttributeError(f"module 'muggins.records' has no attribute {name!r}")
    import warnings

    warnings.warn(f"muggins.records.{name} is deprecated: import it from muggins.replay (the same object)", DeprecationWarning, stacklevel=2)
    from ..replay import Divergence, check_players, kept, rebuild_state, replay

    moved = {"Divergence": Divergence, "rebuild_state": rebuild_state, "replay": replay, "kept": kept, "check_players": check_players}
    return moved[name]


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_REPLAY_NAMES))


if TYPE_CHECKING:
    from ..replay import Divergence, check_players, kept, rebuild_state, replay
