"""Records: a match as JSON Lines, written as it is played, and replay against the game.

A record's first line is a header (format, game, game version, house rules,
player count, seed, seat kinds); the `opening` line holds the set-up events;
then one line per decision with the seat, the action's text and the events
it caused; a final `result` line once the match is over. Each line is
flushed as it is written, so an interrupted match loses nothing and can be
resumed. `replay` rebuilds the match from the header and the decisions and
reports the first divergence: a seat that was not to act, an action that is
not among the choices, or (with `verify`) events that differ from the
recorded ones. See docs/records.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from .actions import find_action
from .game import Event, Game, Result, State
from .rules import RulesError, rules_from_dict, rules_to_dict

__all__ = ["FORMAT", "Record", "RecordError", "RecordWriter", "Divergence", "read_record", "replay"]

FORMAT = 1


class RecordError(ValueError):
    """A record cannot be read (unreadable, not JSON, truncated, wrong shape)."""


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

    def header(self) -> dict[str, Any]:
        return {
            "muggins_record": FORMAT,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
        }

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
        writer._write(record.header())
        writer._write({"opening": opening})
        return writer

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        self._write({"n": len(self.record.decisions), "seat": seat, "action": action, "events": events})
        self.record.decisions.append((seat, action))
        self.record.events.append(events)

    def finish(self, result: Result) -> None:
        self.record.result = result.to_dict()
        self._write({"result": self.record.result})

    def _write(self, line: dict[str, Any]) -> None:
        self.stream.write(json.dumps(line, ensure_ascii=False) + "\n")
        self.stream.flush()


def parse_record(text: str, *, source: str = "record") -> Record:
    """Parse JSONL text into a Record; RecordError names the line that is wrong."""
    lines = text.split("\n")
    if not text.strip():
        raise RecordError(f"{source}: empty file, not a muggins record")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        # A last line without its newline was cut off mid-write.
        try:
            json.loads(lines[-1])
        except json.JSONDecodeError:
            raise RecordError(f"{source}:{len(lines)}: truncated record (the last line is incomplete)") from None
    parsed = []
    for number, line in enumerate(lines, 1):
        try:
            parsed.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}:{number}: not valid JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(parsed[-1], dict):
            raise RecordError(f"{source}:{number}: each line must be a JSON object")
    head = parsed[0]
    if "muggins_record" not in head:
        raise RecordError(f"{source}:1: not a muggins record (no 'muggins_record' header)")
    if head["muggins_record"] != FORMAT:
        raise RecordError(f"{source}:1: record format {head['muggins_record']!r} is not supported (this muggins reads format {FORMAT})")
    try:
        record = Record(
            game=str(head["game"]),
            version=str(head["version"]),
            rules=dict(head["rules"]),
            players=int(head["players"]),
            seed=int(head["seed"]),
            seats=[str(s) for s in head["seats"]],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{source}:1: header is missing or has a bad field ({exc})") from None
    for number, line in enumerate(parsed[1:], 2):
        if "opening" in line:
            record.opening = line["opening"]
        elif "result" in line:
            record.result = line["result"]
        elif "action" in line and "seat" in line:
            if not isinstance(line["action"], str) or not isinstance(line["seat"], int):
                raise RecordError(f"{source}:{number}: a decision needs an integer seat and a text action")
            record.decisions.append((line["seat"], line["action"]))
            if "events" in line:
                record.events.append(line["events"])
        else:
            raise RecordError(f"{source}:{number}: unknown line (expected a decision, 'opening' or 'result')")
    return record


def read_record(path: str | Path) -> Record:
    """Read a record file; RecordError for anything unreadable, with the file's name."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file, not a muggins record") from None
    return parse_record(text, source=str(path))


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
    return game.new(rules, record.players, record.seed)


def replay(game: Game, record: Record, *, verify: bool = True, decisions: int | None = None) -> tuple[State, Divergence | None]:
    """Re-apply the record's decisions; return the state reached and the first divergence.

    With `verify`, the opening and each decision's recorded events must equal
    the replayed ones. `decisions` stops after that many decisions.
    """
    state = rebuild_state(game, record)
    if verify and record.opening is not None and _norm(record.opening) != _norm(state.opening_events()):
        return state, Divergence(-1, "set-up events differ from the record (different deal?)")
    chosen = record.decisions if decisions is None else record.decisions[:decisions]
    for index, (seat, text) in enumerate(chosen):
        decision = state.decision()
        if decision is None:
            return state, Divergence(index, f"the match is already over, but the record has {text!r} by seat {seat}")
        if decision.seat != seat:
            return state, Divergence(index, f"record has seat {seat} acting, but seat {decision.seat} is to act")
        action = find_action(decision.choices, text)
        if action is None:
            allowed = ", ".join(str(c) for c in decision.choices[:12])
            return state, Divergence(index, f"{text!r} is not a choice here (choices: {allowed})")
        events = state.apply(seat, action)
        if verify and index < len(record.events) and _norm(record.events[index]) != _norm(events):
            return state, Divergence(index, f"events differ: recorded {record.events[index]!r}, replay gives {events!r}")
    return state, None


def _norm(events: Sequence[Event]) -> str:
    return json.dumps(events, sort_keys=True, ensure_ascii=False)


def header_for(game: Game, rules: Any, players: int, seed: int, seats: Sequence[str]) -> Record:
    return Record(game.name, game.version, rules_to_dict(rules), players, seed, list(seats))
