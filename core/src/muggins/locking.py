"""One writer per record: an exclusive, non-blocking lock on an open file, and who holds it.

`lock_exclusive(fd, path)` takes an advisory `flock` lock on the whole
file (released by the system when the process ends, however it ends, so
no stale lock files are left behind); if another process holds it,
`FileBusy` says so, naming that process when the system can tell
(`/proc/locks` on Linux gives the holder's process id, `/proc/PID/cmdline`
its command). Where `fcntl` does not exist (Windows) `msvcrt.locking` on
the first byte is used instead and the holder is not named.
"""

from __future__ import annotations

import os
from pathlib import Path

from .i18n import translator

__all__ = ["FileBusy", "lock_exclusive", "holder_of"]

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext


class FileBusy(OSError):
    """Another process holds the file's lock; `holder` describes it when known."""

    def __init__(self, path: str, holder: str | None) -> None:
        super().__init__(_("{path} is locked by {holder}").format(path=path, holder=holder or _("another process")))
        self.path = path
        self.holder = holder


def lock_exclusive(fd: int, path: str) -> None:
    """Lock the open file `fd` for this process alone; FileBusy if another process holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        _lock_windows(fd, path)
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise FileBusy(path, holder_of(fd)) from None


def _lock_windows(fd: int, path: str) -> None:  # pragma: no cover - Windows
    import msvcrt

    position = os.lseek(fd, 0, os.SEEK_CUR)
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        raise FileBusy(path, None) from None
    finally:
        os.lseek(fd, position, os.SEEK_SET)


def holder_of(fd: int) -> str | None:
    """`process 1234 (muggins resume r.jsonl)` for the process locking `fd`'s file, if the system says."""
    try:
        info = os.fstat(fd)
        table = Path("/proc/locks").read_text()
    except OSError:
        return None
    inode = f":{info.st_ino}"
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}"
    for line in table.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF" (blocked waiters are marked "->")
        if len(fields) < 6 or "->" in fields or fields[1] != "FLOCK":
            continue
        pid, where = fields[4], fields[5]
        if where.endswith(inode) and where.startswith(device) and pid.isdigit() and int(pid) != os.getpid():
            return _("process {pid}{command}").format(pid=pid, command=_command_of(pid))
    return None


def _command_of(pid: str) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    words = [w.decode("utf-8", "replace") for w in raw.split(b"\0") if w]
    if not words:
        return ""
    # `python -m muggins_cli resume r.jsonl` and `/venv/bin/muggins resume r.jsonl` both read as `muggins resume r.jsonl`.
    if "muggins_cli" in words:
        words = ["muggins", *words[words.index("muggins_cli") + 1:]]
    elif len(words) > 1 and Path(words[1]).name == "muggins":
        words = ["muggins", *words[2:]]
    elif Path(words[0]).name == "muggins":
        words = ["muggins", *words[1:]]
    text = " ".join(words)
    return f" ({text[:120]}{'…' if len(text) > 120 else ''})"
