"""What plugin discovery found, kept on disk so that describing the installed games need not import them.

This module owns the discovery snapshot: a small JSON file in the user's
cache folder holding what a front end derived from a full load of the
registry (the CLI keeps the games table that `muggins list` and shell
completion show), and the key that says whether it still describes what is
installed. The key is this interpreter and its `sys.path`, the plugin
environment variables, and the modification time and size of every
`sys.path` entry (installing or removing a distribution adds or removes a
`*.dist-info` folder there), of each distribution's metadata and entry
points files in them (a version edited in place, entry points removed,
with no folder's times changed), and of every module file that was imported when
the snapshot was made (an editable plugin's source changing). A snapshot
whose key does not hold is never used; one is not written while any keyed
file changed in the last two seconds, so a change landing in the same clock
tick as the load cannot hide behind it (the "racy" case of git's index).
`MUGGINS_NO_CACHE=1` turns snapshots off; `MUGGINS_CACHE_DIR` chooses the
folder. A snapshot not rewritten for 30 days is removed when another is
written, so environments that are gone leave nothing behind for long.
Whatever is in the snapshot's place is distrusted: it is opened only if it
is a regular file (never blocking on a FIFO), read up to a bound, and its
first line is the SHA-256 of the rest, its content as written: a byte
changed anywhere (inside a value: a version, a player count, a house
rule), a row forged, removed or added, or a file of an older format does
not match, and like anything else damaged is taken as no snapshot (and is
replaced by the next save); what its value holds is still for the caller
to check, as it would check a plugin's answer. Reading costs a file, a
hash of it and a few hundred `stat` calls; nothing here imports more than
the standard library's json and SHA-256.
"""

from __future__ import annotations

import json
import os
import sys
import time
import zlib
from typing import Any

from .limits import open_regular

__all__ = ["CACHE_DIR_ENV", "NO_CACHE_ENV", "cache_folder", "enabled", "load", "save"]

CACHE_DIR_ENV = "MUGGINS_CACHE_DIR"
NO_CACHE_ENV = "MUGGINS_NO_CACHE"
#: Environment variables that change what a load of the registry finds.
KEYED_ENV = ("MUGGINS_LOAD_PLUGINS",)
#: A file changed this recently may change again within the clock tick it was stamped in.
RACY_NS = 2_000_000_000
FORMAT = 2
#: A snapshot file's first line: this, then the SHA-256 (hexadecimal) of the bytes after the line.
CHECKSUM_PREFIX = b"muggins-snapshot sha256="
#: Far more than the games of any environment take (tens of kilobytes); a file in the snapshot's place is read no further.
MAX_SNAPSHOT_BYTES = 8 << 20


def enabled() -> bool:
    """False when snapshots are switched off, or plugin tracing asks for every hook call to be seen."""
    return not os.environ.get(NO_CACHE_ENV) and not os.environ.get("MUGGINS_TRACE_PLUGINS")


def cache_folder() -> str:
    """`$MUGGINS_CACHE_DIR`, else the platform's user cache folder with `muggins` in it."""
    chosen = os.environ.get(CACHE_DIR_ENV)
    if chosen:
        return chosen
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
        return os.path.join(base, "muggins", "cache")
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Caches/muggins")
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "muggins")


def _head() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "python": sys.version,
        "executable": sys.executable,
        "path": list(sys.path),
        "env": {name: os.environ.get(name) for name in KEYED_ENV},
    }


def _file(name: str, head: dict[str, Any]) -> str:
    # One file per interpreter, path and environment, so that two ways of starting muggins do not evict each other.
    tag = zlib.crc32(json.dumps(head, sort_keys=True).encode("utf-8", "surrogatepass"))
    return os.path.join(cache_folder(), f"{name}-{tag:08x}.json")


def _stat(path: str) -> list[int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return [found.st_mtime_ns, found.st_size]


def load(name: str) -> Any:
    """The value saved under `name` if its key still holds, else None (never an error: a snapshot only saves time)."""
    if not enabled():
        return None
    head = _head()
    try:
        with open_regular(_file(name, head), "a snapshot") as handle:
            data = handle.read(MAX_SNAPSHOT_BYTES + 1)
        if len(data) > MAX_SNAPSHOT_BYTES:
            return None
        content = _checked(data)
        if content is None:
            return None
        kept = json.loads(content.decode("utf-8"))
        if kept["head"] != head:
            return None
        for path, seen in kept["stats"].items():
            if _stat(path) != seen:  # a folder made or removed since shows too: its stat was kept as None
                return None
        return kept["value"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _checked(data: bytes) -> bytes | None:
    """The content of snapshot file bytes `data` if its first line is the checksum of the rest, else None."""
    line, newline, content = data.partition(b"\n")
    if not newline or not line.startswith(CHECKSUM_PREFIX):
        return None
    return content if line[len(CHECKSUM_PREFIX):] == _checksum(content) else None


def _checksum(content: bytes) -> bytes:
    return _sha256()(content).hexdigest().encode("ascii")


def _sha256() -> Any:
    """SHA-256 from the interpreter's own module where it has one: `hashlib` loads OpenSSL first, milliseconds of every
    `muggins list`; the digest is the same either way (`hashlib`'s when the interpreter was built without it)."""
    try:
        from _sha2 import sha256  # Python 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # Python 3.11
        except ImportError:
            from hashlib import sha256
    return sha256


def _keyed_paths() -> set[str]:
    """Every `sys.path` entry (existing or not), its distributions' metadata files, and the file of every module imported so far."""
    paths = {entry or os.curdir for entry in sys.path}
    for entry in list(paths):
        paths.update(_distribution_files(entry))
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        if isinstance(where, str):
            paths.add(where)
    return paths


def _distribution_files(entry: str) -> list[str]:
    """The files in `sys.path` entry `entry` that say which distributions are there, at which versions, with which entry points.

    Editing one (or removing it) changes neither folder's times, so each is
    keyed by its own; listed when saving, only `stat`ed when loading. A file
    that is absent is keyed too: its appearing is a change.
    """
    if entry.endswith(".egg"):  # an egg on sys.path carries its metadata inside
        return [os.path.join(entry, "EGG-INFO", name) for name in ("PKG-INFO", "entry_points.txt")]
    try:
        names = os.listdir(entry)
    except (OSError, ValueError):  # not a folder (a zip file is keyed by its own times), or gone
        return []
    files = []
    for name in names:
        folder = os.path.join(entry, name)
        if name.endswith(".dist-info"):
            files += [os.path.join(folder, "METADATA"), os.path.join(folder, "entry_points.txt")]
        elif name.endswith(".egg-info"):  # a folder, or a single PKG-INFO file of that name
            files += [folder, os.path.join(folder, "PKG-INFO"), os.path.join(folder, "entry_points.txt")]
    return files


def save(name: str, value: Any) -> bool:
    """Keep `value` (JSON-ready) under `name`, keyed by what is installed and imported now; True if written.

    Nothing is written while snapshots are off, when a keyed file changed in
    the last two seconds, or when the folder cannot be written.
    """
    if not enabled():
        return False
    head = _head()
    stats = {path: _stat(path) for path in sorted(_keyed_paths())}
    if any(seen is not None and seen[0] > time.time_ns() - RACY_NS for seen in stats.values()):
        return False
    target = _file(name, head)
    temporary = f"{target}.{os.getpid()}.tmp"
    try:
        content = json.dumps({"head": head, "stats": stats, "value": value}, ensure_ascii=False).encode("utf-8")
        data = CHECKSUM_PREFIX + _checksum(content) + b"\n" + content
        if len(data) > MAX_SNAPSHOT_BYTES:  # it would never be read back
            return False
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, target)  # whatever was in its place (a FIFO, a symlink, a damaged file) is replaced, not written through
    except (OSError, TypeError, ValueError):
        try:
            os.unlink(temporary)
        except OSError:
            pass
        return False
    _forget_old(os.path.dirname(target), name)
    return True


#: A snapshot nobody has rewritten for this long belongs to an environment that is probably gone.
STALE_SECONDS = 30 * 24 * 3600


def _forget_old(folder: str, name: str) -> None:
    """Remove `name`'s snapshots (and leftover temporary files) not written for `STALE_SECONDS`: one file per environment would otherwise pile up."""
    cutoff = time.time() - STALE_SECONDS
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(f"{name}-") and entry.name.endswith((".json", ".tmp")):
            try:
                if entry.stat().st_mtime < cutoff:
                    os.unlink(entry.path)
            except OSError:
                pass
