"""What a browser table keeps beside its record: its tokens file, written and changed through the core's `RecordStore` notes, and read back checked.

This module owns the note `tokens` beside each of a server's records
(`RECORD.tokens.json`, mode 0600, never in the record): the table's id,
the host's and every person's seat token, its pace and whether the
windows that ask for a check are timed too, when and from which
client address it was made, and what happened since that a restart must
know (it waits for its host or has started, the host closed it or it
expired, bots seated for people, the names people gave their seats, the
window answers given early). A note is made once and never overwritten
(`save_tokens`); a change replaces it whole (`TableNotes`), so a crash
leaves the old note or the new one. Reading it back (`read_tokens`)
checks every field it uses: a file a person edited or cut short refuses
that one table with a line (`NotReopened`), never the restart. It also
makes the records folder the notes and records go to, when it is missing,
its user's alone (`private_folder`, 0700 whatever the umask).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any, Mapping

from muggins.limits import clip
from muggins.store import RecordStore

from .languages import _
from .protocol import MAX_NAME_CHARS, BadMessage, read_name
from .window_timer import CHECKS, CHECKS_TIMED, CHECKS_WAIT

__all__ = ["MAX_PACE", "NOTE", "NotReopened", "TOKENS_SUFFIX", "TableNotes", "early_notes", "made_at", "read_tokens", "private_folder",
           "save_tokens", "text_of"]

#: The note's name beside a record, and so the end of its file's name.
NOTE = "tokens"
TOKENS_SUFFIX = f".{NOTE}.json"
#: A server's records folder holds every seat's hidden cards: its user's alone, and so is every folder made on the way to it.
FOLDER_MODE = 0o700

#: The longest a challenge window may stay open, in seconds (a request's pace, and a note's).
MAX_PACE = 600.0


class NotReopened(Exception):
    """A record not offered again after a restart: the line saying why (empty for a finished match)."""


def save_tokens(store: RecordStore, record_path: str, data: Mapping[str, Any]) -> str:
    """Write a table's tokens beside its record, readable by its owner alone (mode 0600), never overwriting."""
    return str(store.write_note(record_path, NOTE, dict(data)))


class TableNotes:
    """The changes one table notes beside its record (`record_path`, in `store`) as they happen."""

    def __init__(self, store: RecordStore, record_path: str) -> None:
        self.store = store
        self.record_path = record_path

    def note(self, **fields: Any) -> None:
        self.store.update_note(self.record_path, NOTE, **fields)

    def stand_ins(self, stand_ins: Mapping[int, str]) -> None:
        """Which people's seats bots play, so a restart seats them again."""
        self.note(stand_ins={str(seat): spec for seat, spec in stand_ins.items()})

    def closed(self) -> None:
        """Its host closed the table: a restart does not offer it again."""
        self.note(closed=True)

    def expired(self) -> None:
        """Nobody started the table in time: a restart does not offer it again."""
        self.note(expired=True)

    def started(self) -> None:
        self.note(waiting=False)

    def early(self, early: Mapping[str, Any]) -> None:
        """The window answers given before their turn (`muggins.session.Session.early_answers`)."""
        self.note(early=dict(early))

    def names(self, names: Mapping[int, str]) -> None:
        self.note(names={str(seat): name for seat, name in names.items()})


def read_tokens(tokens_path: Path) -> dict[str, Any]:
    """A table's tokens file, checked: its table id, host token and seat tokens texts, its notes of the types written; NotReopened (one line) else.

    The file is written by the lobby alone, but a restart must not be
    stopped by one a person edited, cut short or put there by hand.
    """
    name = tokens_path.name
    try:
        text = tokens_path.read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeError, ValueError, RecursionError) as exc:
        raise NotReopened(_("{name}: not reopened; its tokens file cannot be read as JSON ({why})").format(
            name=name, why=clip(text_of(exc), 80))) from None

    def bad(what: str) -> NotReopened:
        return NotReopened(_("{name}: not reopened; its tokens file's {what}").format(name=name, what=what))

    if not isinstance(data, dict):
        raise bad(_("content is not a JSON object"))
    for key in ("table", "host"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise bad(_("{key} is missing or not text").format(key=repr(key)))
    seats = data.get("seats")
    if not isinstance(seats, dict) or not all(isinstance(t, str) and t for t in seats.values()):
        raise bad(_("'seats' is not an object of seat numbers to tokens (texts)"))
    if not all(isinstance(seat, str) and seat.isdigit() and seat.isascii() and len(seat) <= 3 for seat in seats):
        raise bad(_("'seats' has a key that is not a seat number"))
    pace = data.get("pace", 0.0)
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:  # nan fails both comparisons
        raise bad(_("'pace' is not a number of seconds from 0 to {most}").format(most=f"{MAX_PACE:g}"))
    if data.get("checks", CHECKS_WAIT) not in CHECKS:
        raise bad(_("'checks' is not \"{wait}\" or \"{timed}\"").format(wait=CHECKS_WAIT, timed=CHECKS_TIMED))
    for key in ("waiting", "closed", "expired"):
        if not isinstance(data.get(key, False), bool):
            raise bad(_("{key} is not true or false").format(key=repr(key)))
    made = data.get("made", 0.0)
    if isinstance(made, bool) or not isinstance(made, (int, float)) or not math.isfinite(made):
        raise bad(_("'made' is not a time"))
    stand_ins = data.get("stand_ins", {})
    if not isinstance(stand_ins, dict) or not all(isinstance(k, str) and k.isdigit() and k.isascii() and len(k) <= 3
                                                  and isinstance(v, str) for k, v in stand_ins.items()):
        raise bad(_("'stand_ins' is not an object of seat numbers to seat kinds"))
    if not isinstance(data.get("client"), (str, type(None))):
        raise bad(_("'client' is not text"))
    names = data.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(k, str) and k.isdigit() and k.isascii() and len(k) <= 3
                                              and good_name(v) for k, v in names.items()):
        raise bad(_("'names' is not an object of seat numbers to names (1 to {most} printable characters)").format(most=MAX_NAME_CHARS))
    return data


def early_notes(kept: Any) -> Any:
    """The early window answers noted beside a record, each window as the session knows it (its actor and opening step).

    Notes written before the table's answers were the session's named the
    window's move first; the actor and step that follow are the same.
    """
    if not isinstance(kept, dict):
        return kept
    return {seat: ({**note, "window": note["window"][-2:]} if isinstance(note, dict) and isinstance(note.get("window"), list) else note)
            for seat, note in kept.items()}


def private_folder(folder: Path) -> None:
    """Make `folder`, and each folder above it that is missing, the server's user's alone (FOLDER_MODE, whatever the umask).

    A folder that is already there keeps its mode: it is its owner's
    choice. What cannot be made is left for the record store to refuse,
    with its own line.
    """
    missing = []
    for above in (folder, *folder.parents):
        if os.path.lexists(above):
            break
        missing.append(above)
    for made in reversed(missing):
        try:
            made.mkdir(mode=FOLDER_MODE)
            os.chmod(made, FOLDER_MODE)  # the umask takes bits from mkdir's mode; a umask of 0o700 would take the owner's own
        except FileExistsError:
            continue  # made by another request in the meantime: it made it private too
        except OSError:
            return


def good_name(name: Any) -> bool:
    try:
        return read_name(name) == name
    except BadMessage:
        return False


def made_at(record_path: str) -> float:
    """When a table whose tokens file predates the note was made: its record's last change (a waiting table writes nothing after its making)."""
    try:
        return os.stat(record_path).st_mtime
    except OSError:
        return 0.0


def text_of(exc: BaseException) -> str:
    """`str(exc)`, or a line saying it cannot be made."""
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - a message that cannot be made (a 5,000-digit number): its type says enough
        return "(its message cannot be shown)"
