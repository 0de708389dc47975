"""Records: a match as JSON Lines, written as it is played, and replay against the game.

A record's first line is a header (format, game, game version, house rules,
player count, seed, seat kinds); the `opening` line holds the set-up events;
then one line per decision with the seat, the action's text and the events
it caused; a final `result` line once the match is over. Reading checks
every line's shape and the header field by field, within size limits
(`limits`). `RecordFile` is a record open for one writer (an exclusive
lock), written a whole line at a time, so an interrupted match or a full
disk loses nothing and the record can be resumed. `replay` rebuilds the
match from the header and the decisions and reports the first divergence:
a seat that was not to act, an action that is not among the choices, or
(with `verify`) events that differ from the recorded ones;
`check_players` plays it again with the header's bots and finds the first
choice a bot would not have made. See docs/records.md.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from .actions import find_action
from .game import Event, Game, Result, State
from .locking import FileBusy, lock_exclusive
from .limits import MAX_PLAYERS, MAX_RECORD_BYTES, MAX_RECORD_LINE_BYTES, SEED_BOUND, LimitError, clip, clip_path, open_regular, strip_bom
from .rules import RulesError, rules_from_dict, rules_to_dict

__all__ = [
    "FORMAT", "Record", "RecordError", "RecordWriteError", "RecordWriter", "RecordFile", "Divergence",
    "read_record", "replay", "check_players", "writing_a_record", "after_the_write", "signals_held", "kept",
]

FORMAT = 1


class RecordError(ValueError):
    """A record cannot be read (unreadable, not JSON, truncated, wrong shape)."""


class RecordWriteError(OSError):
    """A record line could not be written (disk full, I/O error); the record keeps every line before it.

    `path` names the record and `reason` says what failed (`No space left on device`).
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot write record {path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass
class Record:
    """A match as data: who played what, and what happened."""

    game: str
    version: str
    rules: dict[str, Any]
    players: int
    seed: int
    seats: list[str]
    decisions: list[tuple[int, str]] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    opening: list[Event] | None = None
    result: dict[str, Any] | None = None
    #: The house-rule plugins in force (`{"name", "distribution", "version"}` each); None: a record
    #: written before the field existed, which says nothing of them.
    house_rules: list[dict[str, Any]] | None = None

    def header(self) -> dict[str, Any]:
        head = {
            "muggins_record": FORMAT,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
        }
        if self.house_rules is not None:
            head["house_rules"] = self.house_rules
        return head

    def lines(self) -> Iterator[dict[str, Any]]:
        yield self.header()
        if self.opening is not None:
            yield {"opening": self.opening}
        for number, (seat, action) in enumerate(self.decisions):
            line: dict[str, Any] = {"n": number, "seat": seat, "action": action}
            if number < len(self.events):
                line["events"] = self.events[number]
            yield line
        if self.result is not None:
            yield {"result": self.result}

    def dumps(self) -> str:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.lines())


class RecordWriter:
    """Appends a record line by line to an open text file, flushing each line."""

    def __init__(self, stream: IO[str], record: Record) -> None:
        self.stream = stream
        self.record = record

    @classmethod
    def start(cls, stream: IO[str], record: Record, opening: list[Event]) -> "RecordWriter":
        writer = cls(stream, record)
        record.opening = opening
        writer._write(record.header(), {"opening": opening})  # one write: never a header without its opening
        return writer

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        self._write({"n": len(self.record.decisions), "seat": seat, "action": action, "events": events})
        self.record.decisions.append((seat, action))
        self.record.events.append(events)

    def finish(self, result: Result) -> None:
        self.record.result = result.to_dict()
        self._write({"result": self.record.result})

    def _write(self, *lines: dict[str, Any]) -> None:
        try:
            self.stream.write("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
            self.stream.flush()
        except RecordWriteError:
            raise
        except OSError as exc:
            raise RecordWriteError(str(getattr(self.stream, "name", "record")), exc.strerror or str(exc)) from exc


def parse_record(text: str, *, source: str = "record") -> Record:
    """Parse JSONL text into a Record; RecordError names the file and the line that is wrong."""
    lines = text.split("\n")
    complete = lines[-1] == ""
    if complete:
        lines.pop()
    return _parse_lines(lines, complete, source)


def _parse_lines(lines: list[str], complete: bool, source: str) -> Record:
    builder = _RecordBuilder(source)
    last = len(lines) - 1
    for index, line in enumerate(lines):
        builder.add(line, complete or index < last)
    return builder.done()


#: The events of a decision that caused none, shared by every such decision read (a record never changes them).
_NO_EVENTS: list = []


class _RecordBuilder:
    """A record read line by line: each line is checked and folded in as it comes, then dropped.

    Memory stays proportional to what the Record keeps (the decisions and
    their events), not to the parsed lines as well: a record of millions of
    tiny decision lines is read within a few times its size. Action texts
    are interned and empty event lists shared, since both repeat endlessly.
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.number = 0
        self.record: Record | None = None
        self.blank_at = 0  # the first line, if blank, before any header: an error only if a header follows

    def add(self, text: str, complete: bool) -> None:
        self.number += 1
        number, source = self.number, self.source
        if number == 1:
            text = strip_bom(text)
        if self.record is None and not text.strip():
            self.blank_at = self.blank_at or number
            return
        if self.blank_at:
            raise RecordError(f"{source}:{self.blank_at}: not valid JSON (Expecting value at column 1)")
        if not complete:
            # A last line without its newline may have been cut off mid-write.
            try:
                json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                raise RecordError(f"{source}:{number}: truncated record (the last line is incomplete)") from None
            except ValueError:
                pass  # whole JSON with an impossible number: named just below
        try:
            line = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}:{number}: not valid JSON ({exc.msg} at column {exc.colno})") from None
        except RecursionError:
            raise RecordError(f"{source}:{number}: JSON nested too deeply, not a muggins record line") from None
        except ValueError:  # an integer past Python's 4,300-digit conversion limit
            raise RecordError(f"{source}:{number}: a number with thousands of digits; no muggins record holds one") from None
        if not isinstance(line, dict):
            raise RecordError(f"{source}:{number}: each line must be a JSON object")
        if self.record is None:
            self.record = _header(line, source)
            self.header_line = number
            return
        self._body(line, number)

    def _body(self, line: dict[str, Any], number: int) -> None:
        record, where = self.record, f"{self.source}:{number}"
        assert record is not None
        if number == self.header_line + 1 and "opening" not in line:
            raise RecordError(f"{where}: no opening line (the set-up events) right after the header; every record has one")
        if record.result is not None:
            raise RecordError(f"{where}: a line after the result line (a record has one result, last)")
        kinds = [key for key in ("opening", "result", "action") if key in line]
        if len(kinds) > 1:
            raise RecordError(f"{where}: a line holds {' and '.join(repr(k) for k in kinds)}; a line is one of a decision, the opening or the result")
        if "opening" in line:
            if number != self.header_line + 1:
                raise RecordError(f"{where}: the opening line must come right after the header")
            if not isinstance(line["opening"], list):
                raise RecordError(f"{where}: 'opening' must be a list of events")
            record.opening = line["opening"]
        elif "result" in line:
            if not isinstance(line["result"], dict):
                raise RecordError(f"{where}: 'result' must be an object")
            record.result = line["result"]
        elif "action" in line and "seat" in line:
            seat, action = line["seat"], line["action"]
            if not isinstance(action, str) or not _is_int(seat):
                raise RecordError(f"{where}: a decision needs an integer seat and a text action")
            if not 0 <= seat < record.players:
                raise RecordError(f"{where}: seat {clip(seat)} does not exist at a table of {record.players}")
            expected = len(record.decisions)
            if "n" not in line:
                raise RecordError(f"{where}: a decision without its number 'n' (expected {expected})")
            if line["n"] != expected:
                raise RecordError(f"{where}: decision numbered {clip(json.dumps(line['n']))}, expected {expected}")
            events = line.get("events", None)
            if "events" not in line:
                raise RecordError(f"{where}: a decision without its 'events' (a list, empty when nothing happened)")
            if not isinstance(events, list):
                raise RecordError(f"{where}: 'events' must be a list")
            record.decisions.append((seat, sys.intern(action)))
            record.events.append(events if events else _NO_EVENTS)
        else:
            raise RecordError(f"{where}: unknown line (expected a decision, 'opening' or 'result')")

    def done(self) -> Record:
        if self.record is None:
            raise RecordError(f"{self.source}: empty file, not a muggins record")
        if self.number == self.header_line:
            raise RecordError(f"{self.source}:{self.number + 1}: no opening line (the set-up events) right after the header; every record has one")
        return self.record


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _header(head: dict[str, Any], source: str) -> Record:
    """The header line checked field by field: RecordError names the field, what it holds and what it needs."""
    where = f"{source}:1"
    if "muggins_record" not in head:
        raise RecordError(f"{where}: not a muggins record (no 'muggins_record' header)")
    if head["muggins_record"] != FORMAT or not _is_int(head["muggins_record"]):
        raise RecordError(f"{where}: record format {clip(json.dumps(head['muggins_record']))} is not supported (this muggins reads format {FORMAT})")

    def field(name: str, ok: Any, need: str) -> Any:
        if name not in head:
            raise RecordError(f"{where}: header is missing or has a bad field: no {name!r}")
        value = head[name]
        if not ok(value):
            raise RecordError(f"{where}: header is missing or has a bad field: {name!r} is {clip(json.dumps(value, ensure_ascii=False))}; it must be {need}")
        return value

    unknown = sorted(str(key) for key in head if key not in HEADER_FIELDS)
    if unknown:
        raise RecordError(f"{where}: header has unknown field {clip(unknown[0])!r}; a header holds {', '.join(HEADER_FIELDS)}")
    game = field("game", lambda v: isinstance(v, str) and v.strip(), "a game name")
    version = field("version", lambda v: isinstance(v, str), "a text version")
    rules = field("rules", lambda v: isinstance(v, dict), "an object of house rules")
    players = field("players", lambda v: _is_int(v) and 1 <= v <= MAX_PLAYERS, f"a whole number from 1 to {MAX_PLAYERS}")
    seed = field("seed", lambda v: _is_int(v) and -SEED_BOUND < v < SEED_BOUND, "a whole number (at most 20 digits)")
    seats = field("seats", lambda v: isinstance(v, list) and all(isinstance(s, str) and s for s in v), "a list of seat kinds such as [\"human\", \"expert\"]")
    house_rules = None
    if "house_rules" in head:
        house_rules = field("house_rules", _house_rules_ok, 'a list of plugins such as [{"name": "corner3", "distribution": "shedding-corner3", "version": "0.1.0"}]')
    return Record(game=game, version=version, rules=dict(rules), players=players, seed=seed, seats=list(seats),
                  house_rules=None if house_rules is None else [dict(item) for item in house_rules])


#: Every field a record's header may hold (`house_rules` only in records written since it existed).
HEADER_FIELDS = ("muggins_record", "game", "version", "rules", "players", "seed", "seats", "house_rules")


def _house_rules_ok(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"]
        and all(isinstance(item.get(key), (str, type(None))) for key in ("distribution", "version"))
        for item in value)


def read_record(path: str | Path) -> Record:
    """Read a record file, line by line within size limits; RecordError (one line, with the file's name) for anything unusable."""
    try:
        with open_regular(path, "a record") as stream:
            return read_record_from(stream, str(path))
    except LimitError as exc:
        raise RecordError(str(exc)) from None
    except OSError as exc:
        raise RecordError(f"cannot read record {clip_path(path)}: {exc.strerror or exc}") from None


def read_record_from(stream: IO[bytes], source: str) -> Record:
    """A record from an open binary stream (read from where it stands), within the size limits, one line at a time."""
    builder = _RecordBuilder(source)
    total = 0
    number = 0
    while True:
        raw = stream.readline(MAX_RECORD_LINE_BYTES + 1)
        if not raw:
            break
        total += len(raw)
        number += 1
        if len(raw) > MAX_RECORD_LINE_BYTES:
            raise RecordError(f"{source}:{number}: line longer than {MAX_RECORD_LINE_BYTES >> 20} MiB; not a muggins record line")
        if total > MAX_RECORD_BYTES:
            raise RecordError(f"{source}: larger than {MAX_RECORD_BYTES >> 20} MiB; not a muggins record")
        complete = raw.endswith(b"\n")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if not complete and number > 1:  # a multi-byte character cut off by a failed write
                text = raw.decode("utf-8", "replace")
            else:
                raise RecordError(f"{source}: not a text file, not a muggins record") from None
        builder.add(text[:-1] if complete else text, complete)
    return builder.done()


@dataclass(frozen=True)
class Divergence:
    """Where a replay first parts from its record."""

    index: int  # decision number, -1 for the opening
    reason: str

    def __str__(self) -> str:
        where = "opening" if self.index < 0 else f"decision {self.index}"
        return f"{where}: {self.reason}"


def rebuild_state(game: Game, record: Record) -> State:
    """A new state for the record's game, rules, players and seed."""
    if record.players not in game.players:
        raise RecordError(f"record is for {record.players} players; {game.name} allows {game.players.start}-{game.players.stop - 1}")
    try:
        rules = rules_from_dict(game.Rules, record.rules, source="record rules")
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    try:
        game.check_rules(rules, record.players)
    except ValueError as exc:
        raise RecordError(f"record rules: {clip(exc, 160)}") from None
    return game.new(rules, record.players, record.seed)


def replay(game: Game, record: Record, *, verify: bool = True, decisions: int | None = None) -> tuple[State, Divergence | None]:
    """Re-apply the record's decisions; return the state reached and the first divergence.

    With `verify`, the opening and each decision's recorded events must be
    kept by the replayed ones: the same events in the same order, every
    recorded field with its recorded value. A field the game added to an
    event since the record was written is allowed (the record format is
    additive: a newer game version adds fields, never changes them).
    `decisions` stops after that many decisions.
    """
    state = rebuild_state(game, record)
    if verify and record.opening is not None and not kept(record.opening, state.opening_events()):
        return state, Divergence(-1, "set-up events differ from the record (different deal?)")
    chosen = record.decisions if decisions is None else record.decisions[:decisions]
    for index, (seat, text) in enumerate(chosen):
        decision = state.decision()
        if decision is None:
            return state, Divergence(index, f"the match is already over, but the record has {clip(text)!r} by seat {seat}")
        if decision.seat != seat:
            return state, Divergence(index, f"record has seat {seat} acting, but seat {decision.seat} is to act")
        action = find_action(decision.choices, text)
        if action is None:
            allowed = clip(", ".join(str(c) for c in decision.choices[:12]), 80)
            return state, Divergence(index, f"{clip(text)!r} is not a choice here (choices: {allowed})")
        events = state.apply(seat, action)
        if verify and index < len(record.events) and not kept(record.events[index], events):
            return state, Divergence(index, f"events differ: recorded {clip(_norm(record.events[index]))}, replay gives {clip(_norm(events))}")
    return state, None


def _norm(events: Sequence[Event]) -> str:
    return json.dumps(events, sort_keys=True, ensure_ascii=False)


def kept(recorded: Any, replayed: Any) -> bool:
    """Whether `replayed` keeps everything `recorded` holds: equal values, equal lists, and every recorded
    field of an object present and kept (fields only the replay has are allowed)."""
    replayed = json.loads(_norm(replayed)) if not isinstance(replayed, (str, int, float, bool, type(None))) else replayed
    stack = [(recorded, replayed)]
    while stack:
        old, new = stack.pop()
        if isinstance(old, dict):
            if not isinstance(new, dict) or any(key not in new for key in old):
                return False
            stack.extend((value, new[key]) for key, value in old.items())
        elif isinstance(old, list):
            if not isinstance(new, list) or len(old) != len(new):
                return False
            stack.extend(zip(old, new))
        elif old != new or type(old) is not type(new):
            if not (isinstance(old, (int, float)) and isinstance(new, (int, float)) and not isinstance(old, bool) and not isinstance(new, bool) and old == new):
                return False
    return True


def header_for(game: Game, rules: Any, players: int, seed: int, seats: Sequence[str], house_rules: Sequence[Any] | None = None) -> Record:
    """A new record's header. `house_rules`: the house-rule plugins in force (`muggins.houserules.HouseRulePlugin`
    or their dicts), written as the header's `house_rules` list (None leaves the field out)."""
    listed = None if house_rules is None else [p.to_dict() if hasattr(p, "to_dict") else dict(p) for p in house_rules]
    return Record(game.name, game.version, rules_to_dict(rules), players, seed, list(seats), house_rules=listed)


class RecordFile:
    """A record file open for appending by this process alone, one whole line per write.

    Opening takes an exclusive lock (`locking.lock_exclusive`), so a second
    `play`/`resume` on the same file is refused with `RecordError` naming the
    file and, when the system says, the process holding it. Each `write`
    goes to the file at once with the stop signals (Ctrl-C, SIGTERM, SIGHUP)
    held back, so a line is never half written by an interruption; a write
    that fails (disk full) is cut back to the last whole line and raised as
    `RecordWriteError`.
    """

    def __init__(self, fd: int, path: str) -> None:
        self.fd = fd
        self.name = path
        self.size = os.fstat(fd).st_size

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> "RecordFile":
        """A new, empty record at `path`; FileExistsError if there is one (records are never overwritten)."""
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        return cls._locked(fd, str(path))

    @classmethod
    def open_existing(cls, path: str | os.PathLike[str]) -> "RecordFile":
        """An existing record, to read and then append to; RecordError if it is not a regular file, cannot be opened or is in use."""
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror or exc}") from None
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise RecordError(f"{path} is not a regular file; a record to continue must be a file muggins can append to")
        return cls._locked(fd, str(path))

    @classmethod
    def _locked(cls, fd: int, path: str) -> "RecordFile":
        try:
            lock_exclusive(fd, path)
        except FileBusy as exc:
            os.close(fd)
            raise RecordError(f"record {path} is being written by {exc.holder or 'another muggins process'}; only one may write a record at a time") from None
        return cls(fd, path)

    def read(self, *, without_partial_line: bool = False) -> Record:
        """The record as it stands on disk (RecordError for anything unusable), optionally as if an incomplete last line were gone."""
        end = self.size - (self.partial_line() if without_partial_line else 0)
        if end > MAX_RECORD_BYTES:
            raise RecordError(f"{self.name}: larger than {MAX_RECORD_BYTES >> 20} MiB; not a muggins record")
        return read_record_from(_Lines(self.fd, end), self.name)

    def partial_line(self) -> int:
        """The length in bytes of a last line a failed write left incomplete (no newline, not complete JSON), else 0.

        A complete JSON line without its newline is whole (`end_line`
        finishes it), and the header line never counts: without it there
        is no record to keep.
        """
        start = self._last_line_start()
        if start is None or start == 0:
            return 0
        tail = _pread(self.fd, self.size - start, start)
        if len(tail) <= MAX_RECORD_LINE_BYTES:
            try:
                json.loads(tail.decode("utf-8"))
                return 0
            except (ValueError, RecursionError):
                pass
        return len(tail)

    def drop_partial_line(self, backup: str) -> int:
        """Cut off an incomplete last line (see `partial_line`) after copying the whole file to `backup`; the bytes dropped."""
        dropped = self.partial_line()
        if not dropped:
            return 0
        with os.fdopen(os.dup(self.fd), "rb") as source, open(backup, "xb") as copy:
            source.seek(0)
            shutil.copyfileobj(source, copy)
        os.ftruncate(self.fd, self.size - dropped)
        self.size -= dropped
        return dropped

    def _last_line_start(self) -> int | None:
        """Where the last line begins if it lacks its newline, else None."""
        if self.size == 0 or _pread(self.fd, 1, self.size - 1) == b"\n":
            return None
        position = self.size
        while position > 0:
            chunk_start = max(0, position - 65536)
            chunk = _pread(self.fd, position - chunk_start, chunk_start)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                return chunk_start + newline + 1
            position = chunk_start
        return 0

    def end_line(self) -> None:
        """Finish a whole last line that lacks its newline, before appending."""
        if self.size and _pread(self.fd, 1, self.size - 1) != b"\n":
            self.write("\n")

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        global _writing
        _writing += 1
        try:
            with _stop_signals_held():
                try:
                    view = memoryview(data)
                    while view:
                        view = view[_write(self.fd, view):]
                except OSError as exc:
                    try:  # leave no partial line behind: the record stays resumable
                        os.ftruncate(self.fd, self.size)
                    except OSError:
                        pass
                    raise RecordWriteError(self.name, exc.strerror or str(exc)) from exc
            self.size += len(data)
        finally:
            _writing -= 1
            if not _writing and _after_write:
                actions = list(_after_write)
                _after_write.clear()
                for action in actions:
                    action()
        return len(text)

    def flush(self) -> None:
        """Nothing to do: every write goes straight to the file."""

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> "RecordFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# Signal handlers that must not cut a line in two (a signal can reach the main thread mid-write
# when another thread let the system deliver it) defer their work to the end of the write.
_writing = 0
_after_write: list[Any] = []


def signals_held() -> "_stop_signals_held":
    """A context in which Ctrl-C, SIGTERM and SIGHUP wait (for creating a record and writing its header in one go)."""
    return _stop_signals_held()


def writing_a_record() -> bool:
    """True while a RecordFile is writing a line; a signal handler should then `after_the_write` what it would do."""
    return _writing > 0


def after_the_write(action: Any) -> None:
    """Run `action()` (say, raise KeyboardInterrupt) as soon as the line being written is whole on disk."""
    _after_write.append(action)


def _write(fd: int, data: Any) -> int:
    """`os.write`, looked up at each call so tests can make the disk fail."""
    return os.write(fd, data)


class _Lines:
    """`readline` over the first `end` bytes of a file descriptor, read in chunks with `pread` (the file's
    position, where appends go, is left alone), so a large record is never held whole in memory."""

    CHUNK = 1 << 20

    def __init__(self, fd: int, end: int) -> None:
        self.fd, self.end, self.offset = fd, end, 0
        self.buffer = b""
        self.at = 0  # where the next line starts in the buffer (slicing the rest off each time would be quadratic)

    def readline(self, limit: int = -1) -> bytes:
        newline = self.buffer.find(b"\n", self.at)
        while newline < 0 and (limit < 0 or len(self.buffer) - self.at < limit) and self.offset < self.end:
            chunk = _pread(self.fd, min(self.CHUNK, self.end - self.offset), self.offset)
            if not chunk:
                self.end = self.offset
                break
            self.offset += len(chunk)
            searched = len(self.buffer) - self.at
            self.buffer = self.buffer[self.at:] + chunk
            self.at = 0
            newline = self.buffer.find(b"\n", searched)
        cut = newline + 1 if newline >= 0 else len(self.buffer)
        if limit >= 0:
            cut = min(cut, self.at + limit)
        line = self.buffer[self.at:cut]
        self.at = cut
        return line


def _pread(fd: int, count: int, offset: int) -> bytes:
    """`os.pread` where it exists; elsewhere (Windows) a seek and a read, which is safe while the file is locked to us."""
    if hasattr(os, "pread"):
        return os.pread(fd, count, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(fd, count)  # pragma: no cover - Windows


_STOP_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


class _stop_signals_held:
    """Hold Ctrl-C, SIGTERM and SIGHUP back for the length of one write (delivered right after).

    Public as `signals_held()`: a new record is created and given its header
    and opening under it, so a signal can never leave an empty file behind.
    """

    def __enter__(self) -> None:
        self.old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS) if hasattr(signal, "pthread_sigmask") else None

    def __exit__(self, *exc: object) -> None:
        if self.old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self.old)


class _Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


class _Done(Exception):
    """Every recorded decision has been checked."""


class _RecordChecker:
    """A record writer stand-in that compares each decision the match takes with the record's."""

    def __init__(self, record: Record, kinds: Sequence[str]) -> None:
        self.expected = record.decisions
        self.kinds = kinds
        self.record = Record(record.game, record.version, record.rules, record.players, record.seed, list(record.seats),
                             house_rules=record.house_rules)

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        index = len(self.record.decisions)
        if index >= len(self.expected):
            raise _Done
        want_seat, want = self.expected[index]
        if seat != want_seat:
            raise _Diverged(Divergence(index, f"record has seat {want_seat} acting, but seat {seat} is to act"))
        if action != want:
            raise _Diverged(Divergence(index, f"seat {seat} ({clip(self.kinds[seat])}) would choose {clip(action)!r}, but the record has {clip(want)!r}"))
        self.record.decisions.append((seat, action))
        if index + 1 == len(self.expected):
            raise _Done

    def finish(self, result: Result) -> None:
        self.record.result = result.to_dict()


class _AsRecorded:
    """A seat whose recorded choices are taken as given (a human's): answers with the record's next action."""

    def __init__(self, checker: _RecordChecker, like: type | None = None) -> None:
        self.checker = checker
        for declaration in ("takes_sole_correct_choice", "stands_in_unclaimable_windows"):
            setattr(self, declaration, bool(getattr(like, declaration, False)))

    def choose(self, view: Any, decision: Any) -> Any:
        index = len(self.checker.record.decisions)
        if index >= len(self.checker.expected):
            raise _Done
        text = self.checker.expected[index][1]
        action = find_action(decision.choices, text)
        if action is None:
            raise _Diverged(Divergence(index, f"{clip(text)!r} is not a choice here"))
        return action


def check_players(game: Game, record: Record, players: Sequence[Any | None], *, given_like: type | None = None) -> Divergence | None:
    """Play the record again with `players` (None: take that seat's recorded choices as given) and find the first decision a bot would have taken differently.

    The match runs through the engine exactly as it was played (the same
    shortcuts, the same events to observing bots), so each bot's random
    stream is asked exactly as often as it was; afterwards the bots stand
    where they stood when the record was last written, ready to play on.
    `given_like` is the class of the players whose choices are taken as
    given (the terminal's human player): its engine declarations are copied,
    so the engine asks and settles exactly as it did at the table.
    """
    from .engine import Match, MatchAborted

    if not record.decisions:
        return None
    checker = _RecordChecker(record, record.seats)
    seated = [_AsRecorded(checker, given_like) if p is None else p for p in players]
    match = Match(rebuild_state(game, record), seated, writer=checker)  # type: ignore[arg-type]
    try:
        match.run()
    except _Done:
        return None
    except _Diverged as exc:
        return exc.divergence
    except MatchAborted as exc:
        return Divergence(len(checker.record.decisions), str(exc))
    if len(checker.record.decisions) < len(record.decisions):
        return Divergence(len(checker.record.decisions), "the match is already over, but the record goes on")
    return None
