"""Where records live, how to name the command that resumes one, and stopping a match cleanly.

This module owns the records folder (`MUGGINS_RECORDS`, else a `records`
folder in the user data directory `click.get_app_dir("muggins")` names),
creating a new record there under one writer's lock, finding the most
recent unfinished record (`muggins resume` with no file), listing recent
records (`muggins records`), the resume command as this `muggins` was
started (`uv run muggins resume FILE` when uv started it), turning SIGTERM
and SIGHUP into the same clean stop as Ctrl-C while a match is played (each
waiting for the line being written to that match's own record file), and
bounding each line read from a non-terminal standard input.
"""

from __future__ import annotations

import itertools
import json
import os
import shlex
import shutil
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator

import click

from muggins.limits import MAX_ANSWER_CHARS, MAX_RECORD_LINE_BYTES, QUOTE_CHARS, clip_path
from muggins.records import RecordError, RecordFile, WriteGuard

from .errors import BadInput

__all__ = [
    "RECORDS_ENV", "records_folder", "shown", "new_record", "muggins_command", "resume_command",
    "SignalStop", "StopGuards", "stop_signals", "bounded_stdin", "RecordInfo", "record_infos", "latest_unfinished", "list_records",
]

RECORDS_ENV = "MUGGINS_RECORDS"


# -- the records folder ------------------------------------------------------------
def records_folder() -> Path:
    """`$MUGGINS_RECORDS`, else `<user data directory>/records` (not created here)."""
    chosen = os.environ.get(RECORDS_ENV)
    if chosen:
        return Path(chosen)
    return Path(click.get_app_dir("muggins")) / "records"


def shown(path: str | Path) -> str:
    """A path as printed and quoted for the shell."""
    return shlex.quote(str(path))


def new_record(path: str | None, game: str, seed: int, *, mode: int | None = None) -> tuple[str, RecordFile]:
    """Create and lock the record: the file given (never overwritten) or muggins-GAME-SEED[-N].jsonl in the records folder.

    With `mode` (a server's 0o600: its records hold every seat's hidden
    cards, and other users of the machine have no business reading them)
    the file gets those permission bits before anything is written to it.
    """
    if path is not None:
        try:
            return path, _created(path, mode)
        except FileExistsError as exc:
            _refuse_if_in_use(path)
            raise BadInput(f"record {clip_path(path)} already exists; choose another --record, or continue it with: {_resume_hint(path)}") from exc
        except OSError as exc:
            raise BadInput(f"cannot create record {clip_path(path)}: {exc.strerror or exc}") from exc
        except RecordError as exc:
            raise BadInput(str(exc)) from exc
    folder = records_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create the records folder {folder}: {exc.strerror or exc}; set {RECORDS_ENV} or use --record FILE") from exc
    for n in itertools.count(1):
        name = f"muggins-{game}-{seed}.jsonl" if n == 1 else f"muggins-{game}-{seed}-{n}.jsonl"
        target = str(folder / name)
        try:
            return target, _created(target, mode)
        except FileExistsError:
            continue
        except OSError as exc:
            raise BadInput(f"cannot create record {target}: {exc.strerror or exc}; set {RECORDS_ENV} or use --record FILE") from exc
    raise AssertionError("unreachable")  # pragma: no cover


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
    """BadInput naming the process if another muggins is writing the existing record `path` (the probe changes nothing)."""
    try:
        RecordFile.open_existing(path).close()
    except RecordError as exc:
        if "is being written by" in str(exc):
            raise BadInput(str(exc)) from None


# -- the command to type --------------------------------------------------------------
def muggins_command() -> str:
    """`muggins` as this process was started: `uv run muggins`, `python -m muggins_cli`, or `muggins`."""
    argv0 = sys.argv[0] if sys.argv else "muggins"
    base = "muggins"
    if Path(argv0).name == "__main__.py" or argv0 == "-m":
        # `python -m muggins_cli`: plain `muggins` only if it is this same installation's script.
        script = shutil.which("muggins")
        # Compared unresolved: a virtual environment's python is a symlink out of it.
        if script is None or Path(os.path.abspath(script)).parent != Path(os.path.abspath(sys.executable)).parent:
            base = f"{shlex.quote(sys.executable)} -m muggins_cli"
    if os.environ.get("UV"):  # uv sets UV (its own path) for the commands it runs
        return f"uv run{_uv_project()} {base}"
    return base


def _uv_project() -> str:
    """` --project DIR` when the uv project is not the current directory or one above it (else uv would not find it)."""
    venv = os.environ.get("VIRTUAL_ENV")
    if not venv:
        return ""
    project = Path(venv).resolve().parent
    if not (project / "pyproject.toml").exists():
        return ""
    here = Path.cwd().resolve()
    if here == project or project in here.parents:
        return ""
    return f" --project {shlex.quote(str(project))}"


def resume_command(path: str | Path) -> str:
    """The exact command that continues the match recorded in `path`."""
    return f"{muggins_command()} resume {shown(path)}"


def _resume_hint(path: str | Path) -> str:
    """`resume_command(path)` for an error line, or its form with FILE when the path is too long to quote there.

    A command cut short would not run, and one quoted whole would push the line past its bound; the path is the one just typed.
    """
    return resume_command(path) if len(shown(path)) <= QUOTE_CHARS else f"{muggins_command()} resume FILE"


# -- stopping cleanly ---------------------------------------------------------------------
class SignalStop(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: stop like Ctrl-C; the exit code is 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.exit_code = 128 + signum
        self.why = {getattr(signal, "SIGHUP", None): "hung up (SIGHUP)"}.get(signum, f"stopped by {signal.Signals(signum).name}")


class StopGuards:
    """The record files a stop waits for: the line being written to any of them is finished before the match stops."""

    def __init__(self, guards: Iterable[WriteGuard] = ()) -> None:
        self.guards = list(guards)

    def wait_for(self, guard: WriteGuard) -> None:
        """Let a stop wait for the line being written to the file `guard` watches (`RecordFile.guard`)."""
        self.guards.append(guard)


@contextmanager
def stop_signals(*guards: WriteGuard) -> Iterator[StopGuards]:
    """While a match is played, SIGTERM and SIGHUP raise SignalStop (a KeyboardInterrupt), so the match stops the way Ctrl-C stops it.

    Each of them, Ctrl-C included, waits for a line being written to one of
    the record files whose guards are given (or added with `wait_for` on
    what this yields) to be whole before it stops the match. Another file's
    line, one a thread of another match is writing, is not waited for.
    """
    stops = StopGuards(guards)

    def stop(signum: int, frame: Any) -> None:
        interrupt = KeyboardInterrupt() if signum == signal.SIGINT else SignalStop(signum)
        for guard in stops.guards:
            if guard.writing:
                guard.when_whole(lambda: _raise(interrupt))
                return
        raise interrupt

    names = [name for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]
    try:
        previous = {name: signal.signal(getattr(signal, name), stop) for name in names}
    except ValueError:  # not the main thread: signals cannot be caught here
        yield stops
        return
    try:
        yield stops
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)


def _raise(exc: BaseException) -> None:
    raise exc


class _BoundedLines:
    """Standard input with each line cut at MAX_ANSWER_CHARS (the rest of an overlong line is read and dropped)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def readline(self, size: int = -1) -> str:
        line = self._stream.readline(MAX_ANSWER_CHARS + 1)
        if len(line) > MAX_ANSWER_CHARS and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = self._stream.readline(65536)
            return line[:MAX_ANSWER_CHARS] + "\n"
        return line

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def bounded_stdin() -> Iterator[None]:
    """Cut overlong lines of a piped or redirected standard input (a terminal already bounds its lines)."""
    stream = sys.stdin
    try:
        interactive = stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if stream is None or interactive:
        yield
        return
    sys.stdin = _BoundedLines(stream)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdin = stream


# -- listing records -----------------------------------------------------------------------
class RecordInfo:
    """What `muggins records` shows of one record, read from its header and last line only."""

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
            "seed": self.header.get("seed"),
            "finished": self.finished,
            "readable": bool(self.header),
        }


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
    """The header as `muggins records` can show it, or None when it is not one (the record is then unreadable)."""
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


def record_infos(folder: Path | None = None) -> list[RecordInfo]:
    """The records (`*.jsonl`) in the records folder, most recently changed first."""
    folder = records_folder() if folder is None else folder
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".jsonl" and p.is_file()]
    except OSError:
        return []
    infos = [info for info in map(_peek, paths) if info is not None]
    infos.sort(key=lambda info: (info.modified, info.path.name), reverse=True)
    return infos


def latest_unfinished() -> Path:
    """The most recently changed unfinished record in the records folder; BadInput if there is none."""
    for info in record_infos():
        if info.header and not info.finished:
            return info.path
    raise BadInput(f"no unfinished match in the records folder {records_folder()}; name a record (muggins resume FILE) or start one with muggins play GAME")


def list_records(as_json: bool, limit: int, show_all: bool) -> None:
    """The recent records: game, date, players, finished or not (and the path), newest first."""
    infos = record_infos()
    rows = [info.to_dict() for info in (infos if show_all else infos[:limit])]
    if as_json:
        click.echo(json.dumps({"folder": str(records_folder()), "records": rows}, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo(f"no records in {records_folder()}; `muggins play GAME` records each match there")
        return
    table = [("DATE", "GAME", "PLAYERS", "STATUS", "RECORD")]
    for row in rows:
        status = "finished" if row["finished"] else ("unfinished" if row["readable"] else "unreadable")
        seats = ", ".join(row["seats"]) if isinstance(row["seats"], list) else "-"
        table.append((row["date"].replace("T", " ")[:16], str(row["game"] or "-"), seats, status, Path(row["path"]).name))
    from .style import echo_fitted, line_width

    for line in records_lines(table, line_width(sys.stdout)):
        click.echo(line)
    folder = str(records_folder())
    echo_fitted(f"folder: {folder}" + ("" if show_all or len(infos) <= limit else f" ({len(infos) - limit} older not shown; --all shows them)"),
                whole=(folder,))


def records_lines(table: list[tuple[str, str, str, str, str]], width: int | None) -> list[str]:
    """The records' table (a header row, then date, game, players, status and file name per record) as lines of at most `width`.

    When every row fits, one aligned row per record. Otherwise the players
    go under their row, broken between seats (a seat kind is never split),
    and when the row is still too wide, so does the file name: nothing is
    broken inside a seat kind, a date or a file name.
    """
    from .style import fit

    def aligned(rows: list[tuple[str, ...]]) -> list[str]:
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return ["  ".join(cell.ljust(size) for cell, size in zip(r, widths)).rstrip() for r in rows]

    lines = aligned(table)
    if width is None or max(map(len, lines)) <= width:
        return lines
    rows = [(date, game, status, name) for date, game, _, status, name in table]
    named = max(map(len, aligned(rows))) <= width  # the file name still on its row
    heads = aligned([row if named else row[:3] for row in rows])
    lines = [heads[0]]
    for head, (_, _, seats, _, name) in zip(heads[1:], table[1:]):
        lines.append(head)
        lines += fit(f"  players: {seats}", width)
        if not named:
            lines += fit(f"  record: {name}", width)
    return lines
