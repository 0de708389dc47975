"""Where a front end's records live: a `RecordStore` names them, creates them locked, finds the unfinished ones and keeps notes beside them.

A store is one folder of records (`muggins-GAME-ID.jsonl`, a random ID:
a name made from the seed would give every hidden card away). It creates
a record under its writer's lock and never overwrites one (a record given by
path is taken as it is named, refused if it exists), optionally with
permission bits set before anything is written (a server's records hold every
seat's hidden cards); it lists its records newest first from each one's header
and last line alone (`RecordInfo`), so the most recent unfinished one can be
continued without naming it; it removes a record with its notes (a match
that was never begun); and it keeps small JSON notes beside a record
(`RECORD.NAME.json`, the web's tables keep their tokens and people's names in
`tokens`), written whole or not at all and readable by the owner alone. What
a store refuses is a `StoreError`, one line worded for any front end; a front
end adds its own hint (the terminal's `--record FILE`). The folder a front end
uses by default is its own business (the terminal's is `MUGGINS_RECORDS` or
its user data directory): the store is given one.
"""

from __future__ import annotations

import glob
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterator

from .error_words import os_reason
from .i18n import translator
from .limits import MAX_RECORD_LINE_BYTES, clip_path
from .records import RecordError, RecordFile
from .records.file import RecordBusy

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["NOTE_MODE", "RecordExists", "RecordInfo", "RecordStore", "StoreError", "record_infos"]

#: The permission bits of a note beside a record: what it keeps (a table's tokens) is its owner's alone.
NOTE_MODE = 0o600


class StoreError(ValueError):
    """A record the store cannot create: one line; `path` names it, `folder` is whether the folder itself could not be made."""

    def __init__(self, line: str, path: str, *, folder: bool = False) -> None:
        super().__init__(line)
        self.path = path
        self.folder = folder


class RecordExists(StoreError):
    """A record named by path that already exists (and no other process is writing it): the store never overwrites one."""


class RecordInfo:
    """One record as a listing shows it, read from its header and last line only."""

    def __init__(self, path: Path, modified: float, header: dict[str, Any] | None, finished: bool) -> None:
        self.path = path
        self.modified = modified
        self.header = header or {}
        self.finished = finished

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "game": self.header.get("game"),
            "date": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(self.modified)),
            "players": self.header.get("players"),
            "seats": self.header.get("seats"),
            # The seed reproduces every hidden card: a listing shows it once the match is over.
            "seed": self.header.get("seed") if self.finished else None,
            "finished": self.finished,
            "readable": bool(self.header),
        }


#: The environment variable naming the records folder, for every front end.
RECORDS_ENV = "MUGGINS_RECORDS"


def default_folder() -> Path:
    """`$MUGGINS_RECORDS`, else `records` in the user's application folder for muggins (not created here).

    The application folder is where Click's `get_app_dir("muggins")` puts it
    (the terminal found its records there first): `$XDG_CONFIG_HOME/muggins`
    or `~/.config/muggins` on Linux and the BSDs, `~/Library/Application
    Support/muggins` on macOS, `%LOCALAPPDATA%\\muggins` on Windows.
    """
    chosen = os.environ.get(RECORDS_ENV)
    if chosen:
        return Path(chosen)
    if sys.platform.startswith("win"):
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA") or os.path.expanduser("~")
        return Path(base) / "muggins" / "records"
    if sys.platform == "darwin":
        return Path(os.path.expanduser("~/Library/Application Support")) / "muggins" / "records"
    return Path(os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")) / "muggins" / "records"


class RecordStore:
    """The records of one folder (not created until a record is): naming, creating under lock, listing, and notes beside them."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    @classmethod
    def default(cls) -> "RecordStore":
        """The store of `default_folder()`, where every front end keeps its records."""
        return cls(default_folder())

    def __repr__(self) -> str:
        return f"RecordStore({str(self.folder)!r})"

    # -- creating -------------------------------------------------------------------------------
    @staticmethod
    def record_name(game: str, ident: object, n: int = 1) -> str:
        """The file name of a game's record called `ident`; `n` above 1 for the further ones (`muggins-GAME-IDENT-N.jsonl`)."""
        return f"muggins-{game}-{ident}.jsonl" if n == 1 else f"muggins-{game}-{ident}-{n}.jsonl"

    @staticmethod
    def new_ident() -> str:
        """A fresh random name for a record (ten hexadecimal digits), which says nothing of its match."""
        import secrets  # here, not at import: it loads hashlib, which listing records never needs

        return secrets.token_hex(5)

    def create(self, game: str, seed: int | None = None, *, path: str | None = None, mode: int | None = None) -> tuple[str, RecordFile]:
        """A new record, locked for writing: the file `path` (never overwritten), else a free random name in the folder.

        The name is random (`new_ident`), never the seed: the seed
        reproduces every hidden card, and a record's name is shown to people
        who play the match (`seed` is accepted and unused, for the callers
        written when records were named by it).

        With `mode` the file gets those permission bits before anything is
        written to it. RecordExists for a `path` that exists; RecordError
        when another process is writing that file; StoreError (naming the
        record, or the folder with `folder` set) for what the system refuses.
        """
        if path is not None:
            try:
                return path, _created(path, mode)
            except FileExistsError as exc:
                _refuse_if_in_use(path)
                raise RecordExists(_("record {path} already exists").format(path=clip_path(path)), path) from exc
            except OSError as exc:
                raise StoreError(_("cannot create record {path}: {reason}").format(path=clip_path(path), reason=os_reason(exc)), path) from exc
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)  # its records hold every hidden card: its user's alone
        except OSError as exc:
            raise StoreError(_("cannot create the records folder {folder}: {reason}").format(folder=self.folder, reason=os_reason(exc)), str(self.folder), folder=True) from exc
        ident = self.new_ident()
        for n in itertools.count(1):
            target = str(self.folder / self.record_name(game, ident, n))
            try:
                return target, _created(target, mode)
            except FileExistsError:
                continue
            except OSError as exc:
                raise StoreError(_("cannot create record {path}: {reason}").format(path=target, reason=os_reason(exc)), target) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def open(path: str) -> RecordFile:
        """An existing record, locked for continuing it (RecordError when it is not one, or another process writes it)."""
        return RecordFile.open_existing(path)

    # -- removing -------------------------------------------------------------------------------
    def remove(self, record: str | os.PathLike[str]) -> None:
        """Remove a record and every note beside it (`RECORD.NAME.json`), for a match that was never begun; what is already gone is no error.

        The copy a reopening kept of a cut-off record (`RECORD.partial-PID.bak`)
        stays: it is the only trace of what was cut off. OSError for what
        the system refuses; the notes go first, so none is left behind without its record.
        """
        target = Path(record)
        for note in sorted(target.parent.glob(glob.escape(target.name) + ".*.json")):
            note.unlink(missing_ok=True)
        target.unlink(missing_ok=True)

    # -- listing --------------------------------------------------------------------------------
    def infos(self) -> list[RecordInfo]:
        """The records (`*.jsonl`) in the folder, most recently changed first (none when the folder cannot be read)."""
        return record_infos(self.folder)

    def unfinished(self) -> list[Path]:
        """The readable records with no result yet, most recently changed first."""
        return [info.path for info in self.infos() if info.header and not info.finished]

    def latest_unfinished(self) -> Path | None:
        """The most recently changed unfinished record, or None."""
        found = self.unfinished()
        return found[0] if found else None

    # -- notes beside a record ------------------------------------------------------------------
    @staticmethod
    def note_path(record: str | os.PathLike[str], name: str) -> Path:
        """Where the note `name` of a record is kept: `RECORD.NAME.json` beside it."""
        return Path(f"{os.fspath(record)}.{name}.json")

    def noted(self, name: str) -> Iterator[tuple[str, Path]]:
        """(record path, note path) for each record of the folder with a note `name`, in name order."""
        suffix = f".{name}.json"
        if not self.folder.is_dir():
            return
        for note in sorted(self.folder.glob("*" + suffix)):
            yield str(note)[: -len(suffix)], note

    def write_note(self, record: str | os.PathLike[str], name: str, data: Any) -> Path:
        """Make a record's note `name` (mode 0600), never overwriting one: FileExistsError if it is there already."""
        target = self.note_path(record, name)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NOTE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        return target

    def update_note(self, record: str | os.PathLike[str], name: str, **fields: Any) -> None:
        """Change some fields of a record's note (an object): the new note replaces the old one whole, so a crash leaves one or the other."""
        target = self.note_path(record, name)
        data = json.loads(target.read_text(encoding="utf-8"))
        data.update(fields)
        fresh = f"{target}.{os.getpid()}.new"
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, NOTE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(fresh, target)

    def read_note(self, record: str | os.PathLike[str], name: str) -> Any:
        """A record's note as JSON data (OSError when it is missing, ValueError when it is not JSON): checking it is the reader's job."""
        return json.loads(self.note_path(record, name).read_text(encoding="utf-8"))


def _created(path: str, mode: int | None) -> RecordFile:
    stream = RecordFile.create(path)
    if mode is not None:
        try:
            os.fchmod(stream.fd, mode)
        except OSError:
            stream.close()
            os.unlink(path)
            raise
    return stream


def _refuse_if_in_use(path: str) -> None:
    """RecordError naming the process if another one is writing the existing record `path` (the probe changes nothing)."""
    try:
        RecordFile.open_existing(path).close()
    except RecordBusy as exc:
        raise RecordError(str(exc)) from None
    except RecordError:
        pass


# -- listing records ------------------------------------------------------------------------------------
def record_infos(folder: Path) -> list[RecordInfo]:
    """The records (`*.jsonl`) in `folder`, most recently changed first."""
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".jsonl" and p.is_file()]
    except OSError:
        return []
    infos = [info for info in map(_peek, paths) if info is not None]
    infos.sort(key=lambda info: (info.modified, info.path.name), reverse=True)
    return infos


def _peek(path: Path) -> RecordInfo | None:
    """Header and finished-or-not of a record, without reading it all; None if the file is gone.

    Finished means the last whole line is a JSON result line, however long
    (the line is read backwards from the end, up to the longest a record line
    may be). A header whose listed fields are not what a record holds (seats
    that are not texts, text that cannot be printed) makes the record unreadable.
    """
    try:
        with open(path, "rb") as stream:
            modified = os.fstat(stream.fileno()).st_mtime
            first = stream.readline(MAX_RECORD_LINE_BYTES)
            last = _last_line(stream)
    except OSError:
        return None
    header = _listable_header(first)
    return RecordInfo(path, modified, header, header is not None and _is_result_line(last))


def _last_line(stream: Any) -> bytes:
    """The last non-empty line of a binary file (without its newline), read backwards; b"" past the line limit."""
    stream.seek(0, os.SEEK_END)
    end = stream.tell()
    data = b""
    position = end
    while position > 0:
        step = min(65536, position)
        position -= step
        stream.seek(position)
        data = stream.read(step) + data
        stripped = data.rstrip(b"\n")
        if b"\n" in stripped:
            return stripped.rsplit(b"\n", 1)[-1]
        if len(data) > MAX_RECORD_LINE_BYTES + 2:
            return b""
    return data.rstrip(b"\n")


def _is_result_line(line: bytes) -> bool:
    try:
        found = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return isinstance(found, dict) and isinstance(found.get("result"), dict) and "action" not in found


def _listable_header(first: bytes) -> dict[str, Any] | None:
    """The header as a listing can show it, or None when it is not one (the record is then unreadable)."""
    try:
        header = json.loads(first.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(header, dict) or "muggins_record" not in header:
        return None
    game, seats, players, seed = header.get("game"), header.get("seats"), header.get("players"), header.get("seed")
    texts = [game] + (seats if isinstance(seats, list) else [])
    if not isinstance(game, str) or not isinstance(seats, list) or not all(isinstance(t, str) for t in texts):
        return None
    if any(not isinstance(v, int) or isinstance(v, bool) for v in (players, seed)):
        return None
    try:
        for text in texts:
            text.encode("utf-8")  # a lone surrogate ("\\ud800") cannot be printed
    except UnicodeEncodeError:
        return None
    return header
