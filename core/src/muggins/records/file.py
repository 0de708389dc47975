"""A record file on disk: one locked writer, whole lines only, and stops that wait for the line being written.

`RecordFile` is a record open for one writer (an exclusive lock), written
straight to the file a whole line at a time with the stop signals (Ctrl-C,
SIGTERM, SIGHUP) held back, so an interrupted match or a full disk loses
nothing and the record can be resumed: a write that fails is cut back to
the last whole line and raised as `RecordWriteError`, the one place an OS
error becomes a record error. It reads itself back in chunks (`pread`,
never the whole file at once) and can drop an incomplete last line after a
backup copy. Each file has its own `WriteGuard`, which a signal handler
asks to run its stop once the line being written is whole: the guard is
the file's, so matches writing from several threads never wait for one
another's lines. `signals_held()` holds the stop signals for longer, while
a new record is created and given its header.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import threading
from pathlib import Path
from typing import Any, Callable

from ..error_words import os_reason
from ..i18n import translator
from ..limits import MAX_RECORD_BYTES, MAX_RECORD_LINE_BYTES, clip_path
from ..locking import FileBusy, lock_exclusive
from .format import Record, RecordError, read_record_from

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", Path(__file__).resolve().parent.parent / "locale").gettext

__all__ = ["RecordBusy", "RecordWriteError", "RecordFile", "WriteGuard", "signals_held", "writing_a_record", "after_the_write"]


class RecordBusy(RecordError):
    """Another process is writing the record (holds its lock): one line naming the process when known.

    A type of its own, so that callers tell it from other refusals without reading its words, which are in the player's language.
    """


class RecordWriteError(OSError):
    """A record line could not be written (disk full, I/O error); the record keeps every line before it.

    `path` names the record and `reason` says what failed (`No space left on device`).
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(_("cannot write record {path}: {reason}").format(path=clip_path(path), reason=reason))
        self.path = path
        self.reason = reason


class WriteGuard:
    """Whether a line is being written to one record file, and what waits for that line to be whole.

    A signal handler that must not cut a line in two (a signal can reach the
    main thread mid-write when another thread let the system deliver it)
    hands its work, say raising KeyboardInterrupt, to `when_whole`: the work
    runs at once when no line is being written, else as soon as the line is
    whole on disk, in the thread that wrote it.
    """

    __slots__ = ("_depth", "_waiting")

    def __init__(self) -> None:
        self._depth = 0
        self._waiting: list[Callable[[], Any]] = []

    @property
    def writing(self) -> bool:
        """True while a line is being written to the file."""
        return self._depth > 0

    def when_whole(self, action: Callable[[], Any]) -> None:
        """Run `action()` now if no line is being written, else as soon as the line being written is whole."""
        if self._depth:
            self._waiting.append(action)
        else:
            action()

    def __enter__(self) -> "WriteGuard":
        self._depth += 1
        _this_thread.guards.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _this_thread.guards.pop()
        self._depth -= 1
        if not self._depth and self._waiting:
            waiting = list(self._waiting)
            self._waiting.clear()
            for action in waiting:
                action()


class _ThisThread(threading.local):
    """The guards of the lines this thread is writing, innermost last (for the deprecated `writing_a_record` and `after_the_write`)."""

    def __init__(self) -> None:
        self.guards: list[WriteGuard] = []


_this_thread = _ThisThread()


class RecordFile:
    """A record file open for appending by this process alone, one whole line per write.

    Opening takes an exclusive lock (`locking.lock_exclusive`), so a second
    `play`/`resume` on the same file is refused with `RecordError` naming the
    file and, when the system says, the process holding it. Each `write`
    goes to the file at once with the stop signals (Ctrl-C, SIGTERM, SIGHUP)
    held back, so a line is never half written by an interruption; a write
    that fails (disk full) is cut back to the last whole line and raised as
    `RecordWriteError`. `guard` is this file's `WriteGuard`.
    """

    def __init__(self, fd: int, path: str) -> None:
        self.fd = fd
        self.name = path
        self.size = os.fstat(fd).st_size
        self.guard = WriteGuard()

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
            raise RecordError(_("cannot read record {path}: {reason}").format(path=clip_path(path), reason=os_reason(exc))) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise RecordError(_("{path} is not a regular file; a record to continue must be a file muggins can append to").format(path=clip_path(path)))
        return cls._locked(fd, str(path))

    @classmethod
    def _locked(cls, fd: int, path: str) -> "RecordFile":
        try:
            lock_exclusive(fd, path)
        except FileBusy as exc:
            os.close(fd)
            raise RecordBusy(_("record {path} is being written by {holder}; only one may write a record at a time").format(
                path=clip_path(path), holder=exc.holder or _("another muggins process"))) from None
        return cls(fd, path)

    def read(self, *, without_partial_line: bool = False) -> Record:
        """The record as it stands on disk (RecordError for anything unusable), optionally as if an incomplete last line were gone."""
        end = self.size - (self.partial_line() if without_partial_line else 0)
        if end > MAX_RECORD_BYTES:
            raise RecordError(_("{name}: larger than {mib} MiB; not a muggins record").format(name=self.name, mib=MAX_RECORD_BYTES >> 20))
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
        """Append `text` (whole lines) at once; RecordWriteError, with the file cut back as it was, if it cannot be written."""
        data = text.encode("utf-8")
        with self.guard:
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
                    raise RecordWriteError(self.name, os_reason(exc)) from exc
            self.size += len(data)
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


def signals_held() -> "_stop_signals_held":
    """A context in which Ctrl-C, SIGTERM and SIGHUP wait (for creating a record and writing its header in one go)."""
    return _stop_signals_held()


def writing_a_record() -> bool:
    """Deprecated (use `RecordFile.guard`): True while this thread is writing a line to a RecordFile.

    A signal handler runs on the main thread, so there it says whether the
    line its stop would cut is being written; `after_the_write` then waits for it.
    """
    return bool(_this_thread.guards)


def after_the_write(action: Any) -> None:
    """Deprecated (use `RecordFile.guard.when_whole`): run `action()` once the line this thread is writing is whole, or now if none is."""
    guards = _this_thread.guards
    if guards:
        guards[0].when_whole(action)
    else:
        action()


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
