"""Where records live, how to name the command that resumes one, and stopping a match cleanly.

This module owns the terminal's records folder (`MUGGINS_RECORDS`, else a
`records` folder in the user data directory `click.get_app_dir("muggins")`
names) and the core `muggins.store.RecordStore` of it, which creates a new
record there under one writer's lock and finds the most recent unfinished
one (`muggins resume` with no file); `new_record`, `record_infos` and
`latest_unfinished` are kept here as thin wrappers adding the terminal's
hints (other code and outside plugins import them). It also owns listing
recent records (`muggins records`), the resume command as this `muggins` was
started (`uv run muggins resume FILE` when uv started it), turning SIGTERM
and SIGHUP into the same clean stop as Ctrl-C while a match is played (each
waiting for the line being written to that match's own record file), and
bounding each line read from a non-terminal standard input.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import click

from muggins.front_end import SignalStop  # the core's, where every front end finds it; importable from here as it always was
from muggins.limits import MAX_ANSWER_CHARS, QUOTE_CHARS
from muggins.records import RecordError, RecordFile, WriteGuard
from muggins.store import RECORDS_ENV, RecordExists, RecordInfo, RecordStore, StoreError, default_folder

from .errors import BadInput
from .i18n import _

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = [
    "RECORDS_ENV", "records_folder", "records_store", "shown", "new_record", "store_refusal", "muggins_command", "resume_command",
    "SignalStop", "StopGuards", "stop_signals", "bounded_stdin", "RecordInfo", "record_infos", "latest_unfinished", "list_records",
]


# -- the records folder ------------------------------------------------------------
def records_folder() -> Path:
    """`$MUGGINS_RECORDS`, else `<user data directory>/records` (not created here): the core's `muggins.store.default_folder`."""
    return default_folder()


def shown(path: str | Path) -> str:
    """A path as printed and quoted for the shell."""
    return shlex.quote(str(path))


def records_store() -> RecordStore:
    """The core's `RecordStore` of the records folder (`records_folder()`)."""
    return RecordStore(records_folder())


def new_record(path: str | None, game: str, seed: int, *, mode: int | None = None) -> tuple[str, RecordFile]:
    """Create and lock the record: the file given (never overwritten) or muggins-GAME-SEED[-N].jsonl in the records folder.

    With `mode` (a server's 0o600: its records hold every seat's hidden
    cards, and other users of the machine have no business reading them)
    the file gets those permission bits before anything is written to it.
    The core's `RecordStore.create` does it; this says what to type instead.
    """
    try:
        return records_store().create(game, seed, path=path, mode=mode)
    except (StoreError, RecordError) as exc:
        raise store_refusal(exc, path) from exc


def store_refusal(exc: StoreError | RecordError, path: str | None) -> BadInput:
    """The store's refusal to create a record as the terminal says it, with what to type instead (`path`: the --record given, or None)."""
    if isinstance(exc, RecordExists):
        return BadInput(_("{reason}; choose another --record, or continue it with: {command}").format(reason=exc, command=_resume_hint(exc.path)))
    if isinstance(exc, StoreError) and path is None:
        return BadInput(_("{reason}; set {variable} or use --record FILE").format(reason=exc, variable=RECORDS_ENV))
    return BadInput(str(exc))


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
def record_infos(folder: Path | None = None) -> list[RecordInfo]:
    """The records (`*.jsonl`) in the records folder, most recently changed first (`RecordStore.infos`)."""
    return RecordStore(records_folder() if folder is None else folder).infos()


def latest_unfinished() -> Path:
    """The most recently changed unfinished record in the records folder; BadInput if there is none."""
    found = records_store().latest_unfinished()
    if found is not None:
        return found
    raise BadInput(_("no unfinished match in the records folder {folder}; name a record (muggins resume FILE) or start one with muggins play GAME").format(
        folder=records_folder()))


def list_records(as_json: bool, limit: int, show_all: bool) -> None:
    """The recent records: game, date, players, finished or not (and the path), newest first."""
    infos = record_infos()
    rows = [info.to_dict() for info in (infos if show_all else infos[:limit])]
    if as_json:
        click.echo(json.dumps({"folder": str(records_folder()), "records": rows}, indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo(_("no records in {folder}; `muggins play GAME` records each match there").format(folder=records_folder()))
        return
    table = [(_("DATE"), _("GAME"), _("PLAYERS"), _("STATUS"), _("RECORD"))]
    registry = _registry_for_words()
    for row in rows:
        status = _("finished") if row["finished"] else (_("unfinished") if row["readable"] else _("unreadable"))
        seats = players_words(row["seats"], row["game"], registry) if isinstance(row["seats"], list) else "-"
        table.append((row["date"].replace("T", " ")[:16], str(row["game"] or "-"), seats, status, Path(row["path"]).name))
    from .style import echo_fitted, line_width

    for line in records_lines(table, line_width(sys.stdout)):
        click.echo(line)
    folder = str(records_folder())
    older = "" if show_all or len(infos) <= limit else _(" ({count} older not shown; --all shows them)").format(count=len(infos) - limit)
    echo_fitted(_("folder: {folder}").format(folder=folder) + older,
                whole=(folder,))


def _registry_for_words() -> Registry | None:
    """The installed plugins, for the words of their kinds of player; None when they cannot be loaded (the kinds every game has still have words)."""
    try:
        from muggins.plugins import get_registry

        return get_registry()
    except Exception:  # noqa: BLE001 - a listing of records must not fail on a broken plugin
        return None


def players_words(seats: list[Any], game_name: Any, registry: Registry) -> str:
    """A record's seats in words, `a person · an expert · a novice who errs about one time in five` (the record keeps the specs)."""
    from muggins.seat_words import describe_seat

    game = registry.games.get(game_name) if registry is not None and isinstance(game_name, str) else None
    return " · ".join(describe_seat(str(spec), game, registry) for spec in seats)


def records_lines(table: list[tuple[str, str, str, str, str]], width: int | None) -> list[str]:
    """The records' table (a header row, then date, game, players, status and file name per record) as lines of at most `width`.

    When every row fits, one aligned row per record. Otherwise the players
    go under their row, broken between seats (at a ` · `) where the width
    allows, and when the row is still too wide, so does the file name:
    nothing is broken inside a date or a file name.
    """
    from .style import fit

    def aligned(rows: list[tuple[str, ...]]) -> list[str]:
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return ["  ".join(cell.ljust(size) for cell, size in zip(r, widths)).rstrip() for r in rows]

    lines = aligned(table)
    if width is None or max(map(len, lines)) <= width:
        return lines
    rows = [(date, game, status, name) for date, game, _seats, status, name in table]
    named = max(map(len, aligned(rows))) <= width  # the file name still on its row
    heads = aligned([row if named else row[:3] for row in rows])
    lines = [heads[0]]
    for head, (_date, _game, seats, _status, name) in zip(heads[1:], table[1:]):
        lines.append(head)
        lines += fit(_("  players: {seats}").format(seats=seats), width)
        if not named:
            lines += fit(_("  record: {name}").format(name=name), width)
    return lines
