"""Writing a record as the match is played: `RecordWriter`, the record sink a `Match` writes to.

`RecordWriter` appends a record to an open text stream a line at a time,
flushing each line: the header and the opening in one write
(`RecordWriter.start`), each decision as the match takes it, the result at
the end. It keeps the `Record` up to date as it goes, and answers what the
engine asks of a record sink (`muggins.engine.RecordSink`): how many
decisions are on record and whether the result is. What a failed write
means is the stream's business: on a `muggins.records.file.RecordFile` it is
a `RecordWriteError` and the record keeps every whole line before it; any
other stream's error passes as that stream raised it.
"""

from __future__ import annotations

from typing import IO, Any

from ..game import Event, Result
from .format import Record, jsonl

__all__ = ["RecordWriter"]


class RecordWriter:
    """Appends a record line by line to an open text stream, flushing each line."""

    def __init__(self, stream: IO[str], record: Record) -> None:
        self.stream = stream
        self.record = record

    @classmethod
    def start(cls, stream: IO[str], record: Record, opening: list[Event]) -> "RecordWriter":
        writer = cls(stream, record)
        record.opening = opening
        writer._write(record.header(), {"opening": opening})  # one write: never a header without its opening
        return writer

    @property
    def written(self) -> int:
        """The decisions on record (a resumed match counts on from them)."""
        return len(self.record.decisions)

    @property
    def finished(self) -> bool:
        """Whether the result is on record."""
        return self.record.result is not None

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        self._write({"n": len(self.record.decisions), "seat": seat, "action": action, "events": events})
        self.record.decisions.append((seat, action))
        self.record.events.append(events)

    def finish(self, result: Result) -> None:
        self.record.result = result.to_dict()
        self._write({"result": self.record.result})

    def _write(self, *lines: dict[str, Any]) -> None:
        self.stream.write(jsonl(lines))
        self.stream.flush()
