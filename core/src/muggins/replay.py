"""Replaying a record against the game, and playing it again with its bots to check their choices.

`replay` rebuilds the match from the record's header (`rebuild_state`) and
re-applies its decisions (telling `each` every step, so a front end can show
the match step by step from the game itself), reporting the first `Divergence`: a seat that was
not to act, an action that is not among the choices, or (with `verify`)
events that differ from the recorded ones (`kept`: a newer game may add
fields, never change them). `result_divergence` holds the record's result
line, checked first as a result (`recorded_result`), to the replayed
match's: equal, field by field. `check_players` plays the record again through
the engine, with the header's bots, exactly as it was played, and finds the
first choice a bot would not have made. This module sits above the engine
(it drives a `Match`) and above `muggins.records` (it reads a `Record`);
the engine imports neither. See docs/records.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .actions import Action, find_action
from .engine import Match, MatchAborted
from .game import Event, Game, Result, State
from .i18n import N_, translator
from .limits import clip
from .records.format import Record, RecordError
from .rules import RulesError, rules_from_dict

__all__ = ["Divergence", "StepSeen", "rebuild_state", "replay", "kept", "check_players"]

_ = translator("muggins", package_file=__file__).gettext


@dataclass(frozen=True)
class Divergence:
    """Where a replay first parts from its record."""

    index: int  # decision number, -1 for the opening
    reason: str

    def __str__(self) -> str:
        # Worded when shown, not when found: a divergence may be found in one language and printed in another.
        if self.index < 0:
            return _("opening: {reason}").format(reason=self.reason)
        return _("decision {index}: {reason}").format(index=self.index, reason=self.reason)


def rebuild_state(game: Game, record: Record) -> State:
    """A new state for the record's game, rules, players and seed."""
    if record.players not in game.players:
        raise RecordError(_("record is for {players} players; {game} allows {low}-{high}").format(
            players=record.players, game=game.name, low=game.players.start, high=game.players.stop - 1))
    try:
        rules = rules_from_dict(game.Rules, record.rules, source="record rules")
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    try:
        game.check_rules(rules, record.players)
    except ValueError as exc:
        raise RecordError(_("record rules: {problem}").format(problem=clip(exc, 160))) from None
    return game.new(rules, record.players, record.seed)


#: What `replay` tells of each step: (decision number, -1 for the set-up; the seat that decided; its action; the events; the state after).
StepSeen = Callable[[int, "int | None", "Action | None", list[Event], State], None]


def replay(game: Game, record: Record, *, verify: bool = True, decisions: int | None = None,
           each: StepSeen | None = None) -> tuple[State, Divergence | None]:
    """Re-apply the record's decisions; return the state reached and the first divergence.

    With `verify`, the opening and each decision's recorded events must be
    kept by the replayed ones: the same events in the same order, every
    recorded field with its recorded value. A field the game added to an
    event since the record was written is allowed (the record format is
    additive: a newer game version adds fields, never changes them).
    `decisions` stops after that many decisions. `each` is told every step
    as it is taken: `each(-1, None, None, set-up events, state)` first, then
    `each(index, seat, action, events, state)` after each decision, the
    events the replay gives and the state as it stands then (the same
    object every time: read it before returning).
    """
    state = rebuild_state(game, record)
    if verify and record.opening is not None and not kept(record.opening, state.opening_events()):
        return state, Divergence(-1, _("set-up events differ from the record (different deal?)"))
    if each is not None:
        each(-1, None, None, state.opening_events(), state)
    chosen = record.decisions if decisions is None else record.decisions[:decisions]
    for index, (seat, text) in enumerate(chosen):
        decision = state.decision()
        if decision is None:
            return state, Divergence(index, _("the match is already over, but the record has {action} by seat {seat}").format(
                action=repr(clip(text)), seat=seat))
        if decision.seat != seat:
            return state, Divergence(index, _("record has seat {recorded} acting, but seat {seat} is to act").format(
                recorded=seat, seat=decision.seat))
        action = find_action(decision.choices, text)
        if action is None:
            allowed = clip(", ".join(str(c) for c in decision.choices[:12]), 80)
            return state, Divergence(index, _("{action} is not a choice here (choices: {allowed})").format(action=repr(clip(text)), allowed=allowed))
        events = state.apply(seat, action)
        if verify and index < len(record.events) and not kept(record.events[index], events):
            return state, Divergence(index, _("events differ: recorded {recorded}, replay gives {replayed}").format(
                recorded=clip(_norm(record.events[index])), replayed=clip(_norm(events))))
        if each is not None:
            each(index, seat, action, events, state)
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


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)


def recorded_result(record: Record) -> Result | None:
    """The record's result line as a Result, None when it has none; RecordError (one line) for a line no match ends with.

    Checked field by field first, so that `{}` or `{"winners": 5}` is
    refused as input instead of failing wherever the result is read.
    """
    data = record.result
    if data is None:
        return None
    # Shapes only: winners that are whole numbers but not this match's seats are a result the replay does not give (a divergence).
    checks = (
        ("winners", lambda v: isinstance(v, list) and all(type(s) is int for s in v), N_("a list of seat numbers")),
        ("scores", _numbers, N_("a list of numbers")),
        ("stats", lambda v: isinstance(v, dict), N_("an object")),
        ("limit_reached", lambda v: isinstance(v, bool), N_("true or false")),
        ("seat_stats", lambda v: isinstance(v, dict) and all(_numbers(n) for n in v.values()), N_("an object of lists of numbers")),
    )
    for name, fits, wanted in checks:
        if name == "winners" and name not in data:
            raise RecordError(_("the result line has no 'winners'; not a muggins record"))
        if name in data and not fits(data[name]):
            raise RecordError(_("the result line's {field} is {value}; it must be {wanted}").format(
                field=repr(name), value=clip(_norm(data[name])), wanted=_(wanted)))
    return Result.from_dict(data)


def result_divergence(record: Record, state: State) -> str | None:
    """How the record's result line differs from the result of the replayed match `state`, or None when they are equal (or the record has none).

    Equal field by field, a field the record leaves out standing for its
    default (a record from before the field existed). RecordError for a
    result line no match ends with (`recorded_result`).
    """
    recorded = recorded_result(record)
    if recorded is None:
        return None
    replayed = state.result()
    if replayed is None:
        return _("result: the record has a result, but the replayed match is not over")
    if json.loads(_norm({**recorded.to_dict(), **(record.result or {})})) != json.loads(_norm(replayed.to_dict())):
        return _("result: recorded {recorded}, replay gives {replayed}").format(
            recorded=clip(_norm(record.result)), replayed=clip(_norm(replayed.to_dict())))
    return None


class _Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


class _Done(Exception):
    """Every recorded decision has been checked."""


class _RecordChecker:
    """The record sink of a re-run (`muggins.engine.RecordSink`): compares each decision the match takes with the record's.

    `written` counts the decisions that matched; the match is stopped
    (`_Done`) once the last recorded one has, or at the first that differs
    (`_Diverged`).
    """

    def __init__(self, record: Record, kinds: Sequence[str]) -> None:
        self.expected = record.decisions
        self.kinds = kinds
        self.written = 0
        self.finished = False

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        index = self.written
        if index >= len(self.expected):
            raise _Done
        want_seat, want = self.expected[index]
        if seat != want_seat:
            raise _Diverged(Divergence(index, _("record has seat {recorded} acting, but seat {seat} is to act").format(
                recorded=want_seat, seat=seat)))
        if action != want:
            raise _Diverged(Divergence(index, _("seat {seat} ({kind}) would choose {action}, but the record has {recorded}").format(
                seat=seat, kind=clip(self.kinds[seat]), action=repr(clip(action)), recorded=repr(clip(want)))))
        self.written += 1
        if index + 1 == len(self.expected):
            raise _Done

    def finish(self, result: Result) -> None:
        self.finished = True


class _AsRecorded:
    """A seat whose recorded choices are taken as given (a human's): answers with the record's next action."""

    def __init__(self, checker: _RecordChecker, like: type | None = None) -> None:
        self.checker = checker
        for declaration in ("takes_sole_correct_choice", "stands_in_unclaimable_windows"):
            setattr(self, declaration, bool(getattr(like, declaration, False)))

    def choose(self, view: Any, decision: Any) -> Any:
        index = self.checker.written
        if index >= len(self.checker.expected):
            raise _Done
        text = self.checker.expected[index][1]
        action = find_action(decision.choices, text)
        if action is None:
            raise _Diverged(Divergence(index, _("{action} is not a choice here").format(action=repr(clip(text)))))
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
    if not record.decisions:
        return None
    checker = _RecordChecker(record, record.seats)
    seated = [_AsRecorded(checker, given_like) if p is None else p for p in players]
    match = Match(rebuild_state(game, record), seated, writer=checker)
    try:
        match.run()
    except _Done:
        return None
    except _Diverged as exc:
        return exc.divergence
    except MatchAborted as exc:
        return Divergence(checker.written, str(exc))
    if checker.written < len(record.decisions):
        return Divergence(checker.written, _("the match is already over, but the record goes on"))
    return None
