"""The record format: a match as JSON Lines, and reading it back line by line, checked field by field.

A record's first line is a header (format, game, game version, house rules,
player count, seed, seat kinds, the house-rule plugins in force and what
they answered); the `opening` line holds the set-up events;
then one line per decision with the seat, the action's text and the events
it caused; a final `result` line once the match is over. This module owns
`Record` (a match as data), the one way a line is written as text
(`jsonl`), the header of a new record (`header_for`) and reading: every
line's shape and the header field by field, within the size limits
(`limits`), with `RecordError` naming the file and the line that is wrong.
It knows nothing of files being written (`muggins.records.file`) or of
replaying a match (`muggins.replay`). See docs/records.md.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Sequence

from ..error_words import os_reason
from ..fairness import deal_problem
from ..game import Event, Game
from ..i18n import N_, translator
from ..houserules import match_answers, record_answers, rule_settings
from ..limits import MAX_PLAYERS, MAX_RECORD_BYTES, MAX_RECORD_LINE_BYTES, SEED_BOUND, LimitError, clip, clip_path, open_regular, strip_bom
from ..rules import rules_to_dict

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", Path(__file__).resolve().parent.parent / "locale").gettext

#: What Python's JSON reader says is wrong with a line, in the catalogue so a player reads it in their language.
JSON_PROBLEMS = (
    N_("Expecting value"), N_("Expecting property name enclosed in double quotes"), N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"), N_("Extra data"), N_("Unterminated string starting at"), N_("Invalid control character at"),
    N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"), N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)

__all__ = [
    "FORMAT", "MAX_PLAYERS", "HEADER_FIELDS", "RecordError", "Record", "jsonl", "header_for",
    "parse_record", "read_record", "read_record_from",
]

FORMAT = 1

#: Every field a record's header may hold (`house_rules` only in records written since it existed; `bots` only
#: for a game whose bots have changed since its first release; `house_rule_answers` only in records written
#: since it existed with a house-rule plugin in force; `house_rule_settings` only when a plugin in force replaced a rule's value).
#: `deal` only for a match whose seed was drawn in secret (`muggins.fairness`): the commitment published at its start and its nonce.
HEADER_FIELDS = ("muggins_record", "game", "version", "rules", "players", "seed", "seats", "house_rules", "bots", "house_rule_answers",
                 "house_rule_settings", "deal")


class RecordError(ValueError):
    """A record cannot be read (unreadable, not JSON, truncated, wrong shape)."""


def jsonl(lines: Iterable[dict[str, Any]]) -> str:
    """Record lines as the text a record holds: one JSON object a line, non-ASCII kept as it is, each ending in a newline."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


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
    #: The game's `bots_version` when the match was played; None: the bots of the game's first release.
    bots: str | None = None
    #: What the house-rule plugins in force answered when the match was made (`{"hook", "plugin", "answer"}` each,
    #: `muggins.houserules.record_answers`); None: no plugin was in force, or a record written before the field existed.
    house_rule_answers: list[dict[str, Any]] | None = None
    #: The rules' values the house-rule plugins replaced (`{"rule", "rules", "in_force", "plugin"}` each,
    #: `muggins.houserules.RuleSetting`), so the header never contradicts the match; None: none replaced, or an older record.
    house_rule_settings: list[dict[str, Any]] | None = None
    #: The commitment to the deal published at the start and its nonce (`muggins.fairness.Deal.to_header`); None: a seed
    #: chosen by whoever started the match (`--seed`), or a record written before commitments existed.
    deal: dict[str, str] | None = None

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
        if self.house_rule_answers is not None:
            head["house_rule_answers"] = self.house_rule_answers
        if self.house_rule_settings is not None:
            head["house_rule_settings"] = self.house_rule_settings
        if self.bots is not None:
            head["bots"] = self.bots
        if self.deal is not None:
            head["deal"] = self.deal
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
        return jsonl(self.lines())


def header_for(game: Game, rules: Any, players: int, seed: int, seats: Sequence[str], house_rules: Sequence[Any] | None = None,
               answers: Sequence[Any] | None = None, deal: Any = None) -> Record:
    """A new record's header. `house_rules`: the house-rule plugins in force (`muggins.houserules.HouseRulePlugin`
    or their dicts), written as the header's `house_rules` list (None leaves the field out).

    With a plugin in force the header also keeps what the plugins answered
    for this match (`house_rule_answers`): `answers` as
    `muggins.houserules.record_answers` gives them, else the answers in force
    for `game.new(rules, players, seed)`, which the match just made was
    given (a question is asked once, so these are its answers), and the
    rules' values they replace (`house_rule_settings`, when any: `rules.target`
    151 beside the 91 a plugin plays to). `deal`: the `muggins.fairness.Deal`
    the seed was drawn with, written as the header's `deal` (None: a chosen seed)."""
    listed = None if house_rules is None else [p.to_dict() if hasattr(p, "to_dict") else dict(p) for p in house_rules]
    kept = settings = None
    if listed:
        kept = [dict(a) for a in answers] if answers is not None else record_answers(match_answers(game, rules, players, seed))
        settings = [s.to_dict() for s in rule_settings(game, rules, players)] or None
    return Record(game.name, game.version, rules_to_dict(rules), players, seed, list(seats), house_rules=listed,
                  bots=game.bots_version, house_rule_answers=kept, house_rule_settings=settings,
                  deal=None if deal is None else deal.to_header())


def parse_record(text: str, *, source: str = "record") -> Record:
    """Parse JSONL text into a Record; RecordError names the file and the line that is wrong."""
    lines = text.split("\n")
    complete = lines[-1] == ""
    if complete:
        lines.pop()
    builder = _RecordBuilder(source)
    last = len(lines) - 1
    for index, line in enumerate(lines):
        builder.add(line, complete or index < last)
    return builder.done()


def read_record(path: str | Path) -> Record:
    """Read a record file, line by line within size limits; RecordError (one line, with the file's name) for anything unusable."""
    try:
        with open_regular(path, "a record") as stream:
            return read_record_from(stream, str(path))
    except LimitError as exc:
        raise RecordError(str(exc)) from None
    except OSError as exc:
        raise RecordError(_("cannot read record {path}: {reason}").format(path=clip_path(path), reason=os_reason(exc))) from None


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
            raise RecordError(_("{source}:{number}: line longer than {mib} MiB; not a muggins record line").format(source=source, number=number, mib=MAX_RECORD_LINE_BYTES >> 20))
        if total > MAX_RECORD_BYTES:
            raise RecordError(_("{source}: larger than {mib} MiB; not a muggins record").format(source=source, mib=MAX_RECORD_BYTES >> 20))
        complete = raw.endswith(b"\n")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            if not complete and number > 1:  # a multi-byte character cut off by a failed write
                text = raw.decode("utf-8", "replace")
            else:
                raise RecordError(_("{source}: not a text file, not a muggins record").format(source=source)) from None
        builder.add(text[:-1] if complete else text, complete)
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
            raise RecordError(_("{source}:{number}: not valid JSON (Expecting value at column 1)").format(source=source, number=self.blank_at))
        if not complete:
            # A last line without its newline may have been cut off mid-write.
            try:
                json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                raise RecordError(_("{source}:{number}: truncated record (the last line is incomplete)").format(source=source, number=number)) from None
            except ValueError:
                pass  # whole JSON with an impossible number: named just below
        try:
            line = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("{source}:{number}: not valid JSON ({error} at column {column})").format(source=source, number=number, error=_(exc.msg), column=exc.colno)) from None
        except RecursionError:
            raise RecordError(_("{source}:{number}: JSON nested too deeply, not a muggins record line").format(source=source, number=number)) from None
        except ValueError:  # an integer past Python's 4,300-digit conversion limit
            raise RecordError(_("{source}:{number}: a number with thousands of digits; no muggins record holds one").format(source=source, number=number)) from None
        if not isinstance(line, dict):
            raise RecordError(_("{source}:{number}: each line must be a JSON object").format(source=source, number=number))
        if self.record is None:
            self.record = _header(line, source)
            self.header_line = number
            return
        self._body(line, number)

    def _body(self, line: dict[str, Any], number: int) -> None:
        record, where = self.record, f"{self.source}:{number}"
        assert record is not None
        if number == self.header_line + 1 and "opening" not in line:
            raise RecordError(_("{where}: no opening line (the set-up events) right after the header; every record has one").format(where=where))
        if record.result is not None:
            raise RecordError(_("{where}: a line after the result line (a record has one result, last)").format(where=where))
        kinds = [key for key in ("opening", "result", "action") if key in line]
        if len(kinds) > 1:
            raise RecordError(_("{where}: a line holds {keys}; a line is one of a decision, the opening or the result").format(where=where, keys=_(" and ").join(repr(k) for k in kinds)))
        if "opening" in line:
            if number != self.header_line + 1:
                raise RecordError(_("{where}: the opening line must come right after the header").format(where=where))
            if not isinstance(line["opening"], list):
                raise RecordError(_("{where}: 'opening' must be a list of events").format(where=where))
            record.opening = line["opening"]
        elif "result" in line:
            if not isinstance(line["result"], dict):
                raise RecordError(_("{where}: 'result' must be an object").format(where=where))
            record.result = line["result"]
        elif "action" in line and "seat" in line:
            seat, action = line["seat"], line["action"]
            if not isinstance(action, str) or not _is_int(seat):
                raise RecordError(_("{where}: a decision needs an integer seat and a text action").format(where=where))
            if not 0 <= seat < record.players:
                raise RecordError(_("{where}: seat {seat} does not exist at a table of {players}").format(where=where, seat=clip(seat), players=record.players))
            expected = len(record.decisions)
            if "n" not in line:
                raise RecordError(_("{where}: a decision without its number 'n' (expected {expected})").format(where=where, expected=expected))
            if line["n"] != expected:
                raise RecordError(_("{where}: decision numbered {given}, expected {expected}").format(where=where, given=clip(json.dumps(line['n'])), expected=expected))
            events = line.get("events", None)
            if "events" not in line:
                raise RecordError(_("{where}: a decision without its 'events' (a list, empty when nothing happened)").format(where=where))
            if not isinstance(events, list):
                raise RecordError(_("{where}: 'events' must be a list").format(where=where))
            record.decisions.append((seat, sys.intern(action)))
            record.events.append(events if events else _NO_EVENTS)
        else:
            raise RecordError(_("{where}: unknown line (expected a decision, 'opening' or 'result')").format(where=where))

    def done(self) -> Record:
        if self.record is None:
            raise RecordError(_("{source}: empty file, not a muggins record").format(source=self.source))
        if self.number == self.header_line:
            raise RecordError(_("{source}:{number}: no opening line (the set-up events) right after the header; every record has one").format(source=self.source, number=self.number + 1))
        return self.record


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _header(head: dict[str, Any], source: str) -> Record:
    """The header line checked field by field: RecordError names the field, what it holds and what it needs."""
    where = f"{source}:1"
    if "muggins_record" not in head:
        raise RecordError(_("{where}: not a muggins record (no 'muggins_record' header)").format(where=where))
    if head["muggins_record"] != FORMAT or not _is_int(head["muggins_record"]):
        raise RecordError(_("{where}: record format {given} is not supported (this muggins reads format {format})").format(where=where, given=clip(json.dumps(head['muggins_record'])), format=FORMAT))

    def field(name: str, ok: Any, need: str) -> Any:
        if name not in head:
            raise RecordError(_("{where}: header is missing or has a bad field: no {name}").format(where=where, name=repr(name)))
        value = head[name]
        if not ok(value):
            raise RecordError(_("{where}: header is missing or has a bad field: {name} is {value}; it must be {need}").format(where=where, name=repr(name), value=clip(json.dumps(value, ensure_ascii=False)), need=need))
        return value

    unknown = sorted(str(key) for key in head if key not in HEADER_FIELDS)
    if unknown:
        raise RecordError(_("{where}: header has unknown field {field}; a header holds {fields}").format(where=where, field=repr(clip(unknown[0])), fields=', '.join(HEADER_FIELDS)))
    game = field("game", lambda v: isinstance(v, str) and v.strip(), _("a game name"))
    version = field("version", lambda v: isinstance(v, str), _("a text version"))
    rules = field("rules", lambda v: isinstance(v, dict), _("an object of house rules"))
    players = field("players", lambda v: _is_int(v) and 1 <= v <= MAX_PLAYERS, _("a whole number from 1 to {players}").format(players=MAX_PLAYERS))
    seed = field("seed", lambda v: _is_int(v) and -SEED_BOUND < v < SEED_BOUND, _("a whole number (at most 20 digits)"))
    seats = field("seats", lambda v: isinstance(v, list) and all(isinstance(s, str) and s for s in v), _("a list of seat kinds such as [\"human\", \"expert\"]"))
    house_rules = None
    if "house_rules" in head:
        house_rules = field("house_rules", _house_rules_ok, _('a list of plugins such as [{"name": "corner3", "distribution": "shedding-corner3", "version": "0.1.0"}]'))
    bots = field("bots", lambda v: isinstance(v, str) and v.strip(), _("a text version of the game's bots")) if "bots" in head else None
    answers = None
    if "house_rule_answers" in head:
        answers = field("house_rule_answers", _answers_ok, _('a list of answers such as [{"hook": "muggins_shedding_penalty_cards", "plugin": "three", "answer": 3}]'))
    settings = None
    if "house_rule_settings" in head:
        settings = field("house_rule_settings", _settings_ok,
                         _('a list of settings such as [{"rule": "target", "rules": 151, "in_force": 91, "plugin": "to91"}]'))
    deal = None
    if "deal" in head:
        deal = field("deal", lambda v: deal_problem(v) is None, _("an object of a commitment (64 hexadecimal digits) and a nonce (32)"))
    return Record(game=game, version=version, rules=dict(rules), players=players, seed=seed, seats=list(seats),
                  house_rules=None if house_rules is None else [dict(item) for item in house_rules], bots=bots,
                  house_rule_answers=None if answers is None else [dict(item) for item in answers],
                  house_rule_settings=None if settings is None else [dict(item) for item in settings],
                  deal=None if deal is None else dict(deal))


def _settings_ok(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and set(item) == {"rule", "rules", "in_force", "plugin"}
        and isinstance(item["rule"], str) and item["rule"] and isinstance(item["plugin"], str) and item["plugin"]
        for item in value)


def _answers_ok(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and set(item) == {"hook", "plugin", "answer"}
        and isinstance(item["hook"], str) and item["hook"] and isinstance(item["plugin"], str) and item["plugin"]
        for item in value)


def _house_rules_ok(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"]
        and all(isinstance(item.get(key), (str, type(None))) for key in ("distribution", "version"))
        for item in value)
