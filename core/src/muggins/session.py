"""One recorded match from its start, or its reopening, to its result: the object every front end drives (`Session`).

A front end (the terminal, a browser table, a test) makes a session with
`Session.open` from a `muggins.request.MatchRequest` (checked and filled
before anything is made; then the state, the seats, and the record in a
`RecordStore` with the header and opening written whole or not at all) or
`Session.reopen` (a record read under its writer's lock, checked against
the installed game and seats, its bots caught up, a line a failed write cut
off dropped), with the plugin registry passed in and how the front end
takes part as one `FrontEnd` value (its players' factories, listeners and
the lines a reopening says); `Session.start` is `open` with those spelt out. It then either lets the engine ask every
player (`run`, the terminal's pull-style human) or pushes answers in: the
session offers each seat the front end answers for its decision (`offers`:
the pending one, and in an open challenge window every later responder's as
it will be if those before let the move stand; when the game declares the
next seats order-free, `muggins.game.State.order_free_seats`, every one of
them at once), takes an answer at once or, for a later responder, keeps it
and submits it in the window's polling order (`answer`; `check_answer`
refuses one without taking it), holds every answer of an order-free group,
the bots' too (asked before their turn, `Match.choose_for`, each shown the
view it will have at its turn), until the whole group has answered and then
submits them in seat order (`together` names the seats still to answer,
`up_next` what `advance` plays next without a person), lets bots play
up to the next seat the front end answers for or a stop of the front
end's own (`advance`, so a server can play its bots in slices or in a
thread of its own; `reoffer` says the offers without playing on), hands
a seat to a bot and back (`stand_in`, `seat_bot`, `seat_front_end`), says whether its
record holds the result (`finished`), answers a window
whose time is up with each standing answer (`let_stand`), keeps the answers
given before their turn for a restart and takes them back (`early_answers`,
`restore_early`), says whom an open window still waits for (`responders`),
and gives each seat its frame (`frame`), the events it may see since a mark
the front end keeps (`events_since`: from the beginning, the match told
again on reopening; `turn_mark`, from the seat's last decision), and the
result. The
seating, checking and verifying it builds on are `muggins.match_checks`' (its
errors are those: `SessionError` for input a match cannot be made from,
`RecordMismatch` for a record the installed game or seats would not have
played); what is new here is a `NotStarted` when the record cannot be
begun, and an `AnswerRefused` line for an answer that changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence

from .actions import Decision, IllegalAction, standing_answer
from .engine import Match
from .error_words import os_reason
from .fairness import Deal, shown_deal
from .game import Event, Game, Result, State
from .houserules import house_rule_plugins
from .i18n import translator
from .players import FRONT_END_KINDS, parse_seat
from .projection import order_free_group, order_free_turns, seat_decision, seat_update, visible_events, window_decisions
from .records import Record, RecordError, RecordFile, RecordWriter, header_for, signals_held
from .replay import replay
from .request import CheckedRequest, MatchRequest, RequestRefused
from .match_checks import FrontEndFactory, SessionError, check_record_seats, check_seats, installed_game, reopen, seat_players, stand_in_bot, verify
from .store import RecordStore

if TYPE_CHECKING:
    from .registry import Registry

# Worded when raised, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

__all__ = ["AnswerRefused", "CheckedRequest", "FrontEnd", "MatchRequest", "NotStarted", "Offer", "PushedSeat", "RequestRefused", "Session", "SessionBroken"]

Listener = Callable[[str, Event], Any]
#: What a front end seats and hears for a record it has not read yet: a value, or `f(game, seats)` once the record is read.
ForRecord = Any


def _ignore(line: str) -> None:
    return None


@dataclass(frozen=True)
class FrontEnd:
    """How a front end takes part in a session: the one value `Session.open` and `Session.reopen` take instead of six callbacks.

    `factories` make its players for the front-end kinds it seats
    (`{"human": factory(seat)}`; a `PushedSeat` for a kind it names none
    for), `listeners` hear every event as the engine narrates it; either
    may be `f(game, seats)`, made once the game and seats are known (a
    reopened record's). `on_record(stream)` is called once the record file
    exists (a front end's stop signals wait for its lines),
    `on_seated(players, seats)` once the players are made, before the
    match. `warn` and `tell` take the lines a reopening says (a warning
    about the record, a cut-off last line dropped). `given_like` is the
    class of its players, whose recorded choices a reopening takes as
    given; with `take_lone_choices` a decision with one choice is taken
    without asking, as the terminal takes it.
    """

    factories: Mapping[str, FrontEndFactory] | Callable[[Game, Sequence[str]], Mapping[str, FrontEndFactory]] | None = None
    listeners: Sequence[Listener] | Callable[[Game, Sequence[str]], Sequence[Listener]] = ()
    on_record: Callable[[RecordFile], Any] | None = None
    on_seated: Callable[[Sequence[Any], Sequence[str]], Any] | None = None
    warn: Callable[[str], Any] = _ignore
    tell: Callable[[str], Any] = _ignore
    given_like: type | None = None
    take_lone_choices: bool = False

    def factories_for(self, game: Game, seats: Sequence[str]) -> Mapping[str, FrontEndFactory] | None:
        return self.factories(game, seats) if callable(self.factories) else self.factories

    def listeners_for(self, game: Game, seats: Sequence[str]) -> Sequence[Listener]:
        return self.listeners(game, seats) if callable(self.listeners) else self.listeners


class NotStarted(Exception):
    """The match did not start: `cause` says why; `kept` is whether its record (`path`) is on disk, to be continued."""

    def __init__(self, cause: BaseException, path: str, kept: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.path = path
        self.kept = kept


class AnswerRefused(ValueError):
    """An answer the session does not take (stale, out of turn, not a choice, the match over): one line saying why; nothing changed."""


class PushedSeat:
    """A seat whose answers the front end pushes in (`Session.answer`): the engine never asks it, the session stops for it.

    It makes no engine declarations, as a person at the terminal makes none,
    so a record played through it verifies exactly as a terminal one.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any, decision: Decision) -> Any:
        raise RuntimeError(f"seat {self.seat} is answered by its front end and is never asked")


@dataclass(slots=True)
class Offer:
    """A decision offered to one seat the front end answers for; `step` is what its answer must echo, `pending` whether it is the one to act now.

    `window` names the open challenge window it belongs to (its actor and
    the step it opened at), so an answer given early is kept for that window
    alone; `group` likewise names the order-free group it belongs to (the
    step of the group's last decision), whose answers are all held until
    the group is whole; `answer` is the answer given and not yet submitted.
    """

    seat: int
    step: int
    decision: Decision
    pending: bool
    answer: str | None = None
    window: tuple[int, int] | None = None
    group: int | None = None

    @property
    def to_answer_now(self) -> bool:
        """Whether the front end should ask its seat now: its turn, or its part of an order-free group, and not answered yet.

        A window's later responder may also answer early; this names only what play waits for.
        """
        return (self.pending or self.group is not None) and self.answer is None


class Session:
    """One recorded match for a front end: its `match`, `record` (the header), `path`, `players`, and the offers to the seats it answers for."""

    def __init__(self, registry: Registry, game: Game, match: Match, record: Record, path: str, stream: RecordFile, *,
                 answered_here: Collection[int] = (), take_lone_choices: bool = False) -> None:
        self.registry = registry
        self.game = game
        self.match = match
        self.record = record
        self.path = path
        self.stream = stream
        self.answered_here = frozenset(answered_here)
        self.take_lone_choices = take_lone_choices
        self.offers: dict[int, Offer] = {}
        # The answers of the bots of an order-free group, asked before their turn: never in a frame, submitted in seat order.
        self._held: dict[int, Offer] = {}
        self._asked_early = 0  # bots asked before their turn, so far: `progress` counts them
        #: The seat whose bot is being asked its order-free answer before its turn (None: none), so a fault names that bot:
        #: left set when the bot's answer raised, until the next `advance`.
        self.asking: int | None = None
        self._turns: tuple[int, int, list[tuple[Decision, State]]] | None = None  # (taken, id of the state, its order-free turns)
        self._game_declares = type(match.state).order_free_seats is not State.order_free_seats
        self._declares = False  # until the front end asks for order-free groups at once (`gather_order_free`)

    # -- making one -----------------------------------------------------------------------------------
    @classmethod
    def open(cls, registry: Registry, request: MatchRequest | CheckedRequest, store: RecordStore, *, front_end: FrontEnd | None = None,
             state: State | None = None, seated: Sequence[Any] | None = None) -> Session:
        """A new match and its record from a request: checked (`MatchRequest.check`, RequestRefused) before anything is made.

        Then the state (a house rule's refusal at creation is a
        RequestRefused and leaves no file), the seats, the record in `store`
        (its header and opening written whole or not at all) and the match.
        `front_end` says how the front end takes part (`FrontEnd`). `state`
        and `seated` are the match's state and players when the front end
        made them first from the checked request (a server makes them off
        its event loop, since their factories are plugin code). The store's
        refusal (`StoreError`) propagates; once the file exists, anything
        that stops the start is a NotStarted (the file removed if nothing
        was written, else kept to be continued), save a stop
        (KeyboardInterrupt) after the header is whole, which propagates.
        """
        front_end = front_end if front_end is not None else FrontEnd()
        checked = request.check(registry) if isinstance(request, MatchRequest) else request
        if state is None:
            state = checked.new_state()
        return cls._started(registry, checked, store, front_end, state=state, seated=seated)

    @classmethod
    def start(cls, registry: Registry, game: Game, rules: Any, players: int, seats: Sequence[str], seed: int, store: RecordStore, *,
              record_path: str | None = None, mode: int | None = None, front_end: Mapping[str, FrontEndFactory] | None = None,
              listeners: Sequence[Listener] = (), on_record: Callable[[RecordFile], Any] | None = None,
              on_seated: Callable[[Sequence[Any], Sequence[str]], Any] | None = None, take_lone_choices: bool = False,
              state: State | None = None, seated: Sequence[Any] | None = None, deal: Deal | None = None) -> Session:
        """A new match and its record from values already checked: `open` with the request and `FrontEnd` spelt out, as before `open` existed.

        The state first (a house rule's refusal, `HouseRuleError`,
        propagates and leaves no file), then the record, then the seats.
        `front_end[kind]` makes a front-end kind's seat (a `PushedSeat`
        when the front end names none); `on_record(stream)` is called once
        the record file exists, `on_seated(players, seats)` before the
        match is made. Seats that cannot be played (a seat count other
        than `players`, an unknown kind, a bad option) are a SessionError
        before any file exists. `deal` is the `muggins.fairness.Deal` the
        front end drew `seed` with (`draw_deal`): the header then keeps its
        commitment, which every frame shows until the end, when the seed
        and nonce are shown too (`deal_shown`). Without it the seed is
        taken as chosen by whoever started the match, and nothing is committed.
        """
        checked = CheckedRequest(game, rules, players, tuple(seats), seed, deal=deal, people=tuple(FRONT_END_KINDS), record_path=record_path, mode=mode)
        taking_part = FrontEnd(factories=front_end, listeners=listeners, on_record=on_record, on_seated=on_seated, take_lone_choices=take_lone_choices)
        return cls._started(registry, checked, store, taking_part, state=state, seated=seated)

    @classmethod
    def _started(cls, registry: Registry, request: CheckedRequest, store: RecordStore, front_end: FrontEnd, *,
                 state: State | None, seated: Sequence[Any] | None) -> Session:
        game, rules, players, seats, seed, deal = request.game, request.rules, request.players, list(request.seats), request.seed, request.deal
        if deal is not None and deal.seed != seed:
            raise ValueError("the deal was drawn for another seed")
        if len(seats) != players:
            raise SessionError(_("{count} seats given for {players} players; give one seat kind per player").format(count=len(seats), players=players))
        factories = _front_ends(seats, front_end.factories_for(game, seats))
        if seated is None:
            check_seats(registry, game, seats, front_end=factories)
            try:  # the players first, so a factory's refusal leaves no record behind
                seated = seat_players(registry, game, seats, seed, front_end=factories)
            except (KeyError, ValueError) as exc:
                raise SessionError(str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)) from exc
        if state is None:
            state = game.new(rules, players, seed)
        header = header_for(game, rules, players, seed, seats, house_rules=house_rule_plugins(registry, game, rules), deal=deal)
        with signals_held():  # a record exists only once its header and opening are on disk
            path, stream = store.create(game.name, seed, path=request.record_path, mode=request.mode)
            if front_end.on_record is not None:
                front_end.on_record(stream)
            writer = _begin(store, stream, path, header, state.opening_events())
        try:
            if front_end.on_seated is not None:
                front_end.on_seated(seated, seats)
            match = Match(state, list(seated), writer=writer, listeners=front_end.listeners_for(game, seats), registry=registry)
        except Exception as exc:
            stream.close()
            raise NotStarted(exc, path, kept=True) from exc
        return cls(registry, game, match, header, path, stream, answered_here=_front_end_seats(seats), take_lone_choices=front_end.take_lone_choices)

    @classmethod
    def reopen(cls, registry: Registry, store: RecordStore, path: str, *, front_end: FrontEnd | ForRecord = None,
               given_like: type | None = None, listeners: ForRecord = (), source: str | None = None,
               on_record: Callable[[RecordFile], Any] | None = None,
               warn: Callable[[str], Any] = lambda line: None, tell: Callable[[str], Any] = lambda line: None,
               on_seated: Callable[[Sequence[Any], Sequence[str]], Any] | None = None, take_lone_choices: bool = False) -> Session:
        """An unfinished (or finished) record continued under its writer's lock, every check made before a byte of it changes.

        A record that is not one, or that the installed game, its version,
        its house rules or its seats cannot play, is a SessionError; one that
        diverges is a RecordMismatch (OtherBots when other bots played it).
        A finished record is verified and left as it is (`finished` is then
        true). A last line cut off by a failed write is dropped after a copy
        is kept, and the front end's `tell` says so; its `warn` gets the
        installed game's warning about the record. `front_end` is a
        `FrontEnd`; the other keywords are its parts spelt out, as before
        it existed (`front_end` then its factories), each taken only when
        `front_end` is not a `FrontEnd`. `source` names the record in lines
        (its path by default).
        """
        if not isinstance(front_end, FrontEnd):
            front_end = FrontEnd(factories=front_end, listeners=listeners, on_record=on_record, on_seated=on_seated, warn=warn, tell=tell,
                                 given_like=given_like, take_lone_choices=take_lone_choices)
        source = source if source is not None else path
        try:
            stream = store.open(path)
        except RecordError as exc:
            raise SessionError(str(exc)) from exc
        try:
            if front_end.on_record is not None:
                front_end.on_record(stream)
            return cls._reopened(registry, stream, path, source, front_end)
        except BaseException:
            stream.close()
            raise

    @classmethod
    def _reopened(cls, registry: Registry, stream: RecordFile, path: str, source: str, front_end: FrontEnd) -> Session:
        # Everything is checked as if a cut-off last line were gone, and only then is it dropped:
        # a reopening that refuses the record leaves every byte of it as it was.
        try:
            record = stream.read(without_partial_line=True)
        except RecordError as exc:
            raise SessionError(str(exc)) from exc
        game, warning = installed_game(registry, record, source=source)
        if warning:
            front_end.warn(warning)
        check_record_seats(registry, game, record, source=source)
        given_like = front_end.given_like
        if record.result is not None:
            try:
                verify(registry, game, record, given_like=given_like, source=source)
            except RecordError as exc:
                raise SessionError(_("{source}: {reason}").format(source=source, reason=exc)) from exc
            return cls(registry, game, _finished_match(game, record), record, path, stream)
        seated = seat_players(registry, game, record.seats, record.seed, front_end=_front_ends(record.seats, front_end.factories_for(game, record.seats)))
        if front_end.on_seated is not None:
            front_end.on_seated(seated, record.seats)
        try:
            state = reopen(game, record, seated, given_like=given_like, source=source)
        except RecordError as exc:
            raise SessionError(_("{source}: {reason}").format(source=source, reason=exc)) from exc
        backup = f"{path}.partial-{os.getpid()}.bak"
        try:
            dropped = stream.drop_partial_line(backup)
        except OSError as exc:
            raise SessionBroken(_("{source} ends in an incomplete line, which could not be dropped: {reason}").format(
                source=source, reason=os_reason(exc))) from exc
        if dropped:
            front_end.tell(_("{path}: dropped an incomplete last line ({dropped} bytes, cut off by a failed write); the file as it was is kept in {backup}").format(
                path=path, dropped=dropped, backup=backup))
        stream.end_line()  # a whole last line without its newline: finish it before appending
        writer = RecordWriter(stream, record)
        match = Match(state, seated, writer=writer, listeners=front_end.listeners_for(game, record.seats), registry=registry, narrate_opening=False)
        return cls(registry, game, match, record, path, stream, answered_here=_front_end_seats(record.seats),
                   take_lone_choices=front_end.take_lone_choices)

    # -- the match -------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def players(self) -> list[Any]:
        return self.match.players

    @property
    def over(self) -> bool:
        """Whether no decision is left: the match is over (its result may still be to write, `finish`)."""
        return self.match.state.decision() is None

    @property
    def finished(self) -> bool:
        """Whether the record holds the match's result: a finished record reopened only to be shown, or one whose result is written.

        The same flag a store's listing gives a record (`muggins.store.RecordInfo.finished`).
        """
        writer = self.match.writer
        return writer is None or writer.finished

    def result(self) -> Result | None:
        """The result once the match is over (None before)."""
        if self.record.result is not None and self.match.writer is None:  # a finished record, reopened only to be shown
            return Result.from_dict(self.record.result)
        return self.match.state.result()

    def run(self) -> Result:
        """Play to the end asking every player (the terminal's human is asked like a bot); the result is then on record."""
        if self.over:
            self.finish()
            result = self.result()
            assert result is not None
            return result
        return self.match.run()

    def finish(self) -> None:
        """Write the result of a match already over whose record lacks it (a reopened record whose last decision ended it)."""
        writer = self.match.writer
        if writer is not None and not writer.finished and self.over:
            result = self.match.state.result()
            assert result is not None
            writer.finish(result)

    def close(self) -> None:
        """Release the record: it is whole to its last line."""
        self.stream.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- pushing answers in ------------------------------------------------------------------------------
    def advance(self, until: Callable[[int], bool] | None = None) -> dict[int, Offer]:
        """Let bots play, and answers given early go in their turn, until a seat the front end answers for has to; the offers then (none when over).

        With `until`, play also stops before any seat for which `until(seat)`
        holds: it is asked before every decision, the front end's seats'
        included, so a front end can time its bots' decisions or play them
        in slices. A match whose last decision is on record without its
        result gets it.
        """
        match = self.match
        self.asking = None
        told_to_stop = [False]  # whether `until` stopped the play, not the session

        def stops(seat: int) -> bool:
            if self._declares and self._holds_up(seat):
                return True
            if until is not None and until(seat):
                told_to_stop[0] = True
                return True
            return seat in self.answered_here

        while True:
            told_to_stop[0] = False
            decision = match.advance(stops)
            if decision is None:
                self.offers, self._held = {}, {}
                return self.offers
            self._offer()
            group = self._group()
            if group and not self._gather(group, until):
                return self.offers  # waiting for a person of the group, or `until` stopped a bot's early answer
            early = self.offers.get(decision.seat) or self._held.get(decision.seat)
            if early is None or early.answer is None or early.step != match.taken:
                if group and decision.seat not in self.answered_here and not told_to_stop[0]:
                    continue  # the group is whole: a bot not asked early (it watches or samples the match) plays in its turn
                return self.offers
            try:
                match.submit(early.seat, early.answer, step=early.step)
            except IllegalAction:  # stale, or the window changed under the answer: it is asked again
                early.answer = None
                self._held.pop(early.seat, None)
                return self.offers
            self._held.pop(early.seat, None)

    # -- order-free groups ---------------------------------------------------------------------------------
    def gather_order_free(self) -> Session:
        """Offer every seat of an order-free group its decision at once, from now on; the session itself.

        A front end that shows each person their own screen (the web table)
        asks for it, and must then answer every offer of a group, not only
        the pending one: each answer is held until the whole group has
        answered. Without it a session offers one seat at a time, as before
        games could declare groups, so a front end written then keeps working.
        """
        self._declares = self._game_declares
        return self

    def _group(self) -> tuple[int, ...]:
        """The order-free group being gathered now: the seats the state declares, when the front end answers for one or holds an answer of one."""
        if not self._declares:
            return ()
        seats = order_free_group(self.match.state)
        if not any(seat in self.answered_here or seat in self._held for seat in seats):
            return ()  # bots alone: they play in turn, as ever
        return seats

    def _group_turns(self) -> list[tuple[Decision, State]]:
        """`order_free_turns` of the state as it stands, worked out once per step (each frame asks for the offers)."""
        state, taken = self.match.state, self.match.taken
        cached = self._turns
        if cached is None or cached[0] != taken or cached[1] != id(state):
            cached = self._turns = (taken, id(state), order_free_turns(state))
        return cached[2]

    def _asks_early(self, seat: int) -> bool:
        """Whether the bot at `seat` is asked before its turn: not one that watches the match's events or samples its hidden cards,
        which would see another match than at its turn."""
        player = self.match.players[seat]
        return not hasattr(player, "observe") and not getattr(player, "wants_sampler", False)

    def _whole(self, group: Sequence[int]) -> bool:
        """Whether every seat of `group` has answered for its very step: the front end's seats and the bots asked early."""
        taken = self.match.taken
        key = taken + len(group) - 1
        for index, seat in enumerate(group):
            if seat in self.answered_here:
                found = self.offers.get(seat)
                if found is None or found.answer is None:
                    return False
            elif self._asks_early(seat):
                found = self._held.get(seat)
                if found is None:
                    return False
            else:
                continue
            if found.group != key or found.step != taken + index:
                return False
        return True

    def _holds_up(self, seat: int) -> bool:
        """Whether play stops before `seat`'s decision: its answer is held, or it starts an order-free group not yet whole."""
        group = self._group()
        if not group:
            return False
        held = self._held.get(seat)
        if held is not None and held.step == self.match.taken:
            return True
        return not self._whole(group)

    def _gather(self, group: Sequence[int], until: Callable[[int], bool] | None) -> bool:
        """Ask the group's bots their answers before their turn, in seat order (each after `until` lets it); whether the group is then whole."""
        taken = self.match.taken
        key = taken + len(group) - 1
        for index, seat in enumerate(group):
            if seat in self.answered_here or not self._asks_early(seat):
                continue
            held = self._held.get(seat)
            if held is not None and held.group == key and held.step == taken + index:
                continue
            if until is not None and until(seat):
                return False
            decision, at_turn = self._group_turns()[index]
            self.asking = seat
            action = self.match.choose_for(seat, decision, at_turn)
            self.asking = None
            self._held[seat] = Offer(seat, taken + index, decision, index == 0, str(action), None, key)
            self._asked_early += 1
        return self._whole(group)

    def together(self) -> list[int]:
        """The seats of the order-free group being gathered that have not answered yet, in seat order (empty when none is)."""
        group = self._group()
        if not group:
            return []
        taken = self.match.taken
        key = taken + len(group) - 1
        waiting = []
        for index, seat in enumerate(group):
            found = self.offers.get(seat) if seat in self.answered_here else self._held.get(seat)
            if found is None or found.answer is None or found.group != key or found.step != taken + index:
                waiting.append(seat)
        return waiting

    def up_next(self) -> tuple[int, bool] | None:
        """What `advance` plays next without waiting for a person: (seat, whether its answer is already given), or None.

        The seat is a bot to act (or, in an order-free group, to answer
        before its turn), or a seat whose answer, given early, goes in now.
        None while the match waits for a person, or is over.
        """
        decision = self.match.pending()
        if decision is None:
            return None
        taken = self.match.taken
        group = self._group()
        if group:
            key = taken + len(group) - 1
            for index, seat in enumerate(group):
                if seat not in self.answered_here and self._asks_early(seat):
                    held = self._held.get(seat)
                    if held is None or held.group != key or held.step != taken + index:
                        return seat, False
            if not self._whole(group):
                return None
        if decision.seat not in self.answered_here and decision.seat not in self._held:
            return decision.seat, False
        early = self.offers.get(decision.seat) or self._held.get(decision.seat)
        if early is None or early.answer is None or early.step != taken:
            return None
        return decision.seat, True

    @property
    def progress(self) -> int:
        """A count that grows with every decision taken and every bot's answer given before its turn: whether `advance` did anything."""
        return self.match.taken + self._asked_early

    def answer(self, seat: int, text: str, step: int) -> list[Event]:
        """`seat`'s answer to the decision it was offered at `step`: taken now when it is to act (its events returned), else kept for its turn.

        AnswerRefused (one line) for a stale step, a seat with nothing to
        answer, a second answer, or a text that is not one of its choices
        (`check_answer`). The window answers other seats gave early stay
        kept. An answer to an order-free group's decision is always kept,
        the pending seat's too, until every seat of the group has answered.
        Call `advance` after it to play on.
        """
        offer = self.check_answer(seat, text, step)
        if not offer.pending or offer.group is not None:
            offer.answer = text  # a later responder of the open window, or a seat of an order-free group: submitted in its turn
            return []
        events = self.match.submit(seat, text, step=step)
        self.offers.pop(seat, None)
        return events

    def check_answer(self, seat: int, text: str, step: int) -> Offer:
        """The offer `answer` would answer, nothing changed; AnswerRefused (one line) for an answer it would refuse."""
        if self.over:
            raise AnswerRefused(_("the match is over"))
        offer = self.offers.get(seat)
        if offer is None:
            raise AnswerRefused(_("seat {seat} has nothing to answer now; seat {acting} is to act").format(
                seat=seat, acting=self.match.pending().seat))  # type: ignore[union-attr]
        if step != offer.step:
            raise AnswerRefused(_("that answer came too late: the match had moved on; answer what the table shows now"))
        if offer.answer is not None:
            raise AnswerRefused(_("seat {seat} has already answered: {answer}").format(seat=seat, answer=offer.answer))
        if offer.decision.find(text) is None:
            raise AnswerRefused(_("{answer} is not one of seat {seat}'s choices").format(answer=repr(text[:80]), seat=seat))
        return offer

    def let_stand(self, *, waiting_too: bool = False) -> None:
        """A window's time is up: each offered seat that has not answered, and whose decision does not wait, lets the move stand.

        With `waiting_too` a decision that waits (`Decision.waits`) lets it
        stand as well: for a front end whose host chose to time every window.
        """
        for offer in self.offers.values():
            if offer.answer is None and (waiting_too or not offer.decision.waits):
                standing = standing_answer(offer.decision)
                if standing is not None:
                    offer.answer = str(standing)

    def early_answers(self) -> dict[str, dict[str, Any]]:
        """The answers given before their turn, as a front end keeps them beside the record so a restart does not ask them again.

        A window's later responders' (`window`: its actor and opening step)
        and every answer of an order-free group's people (`group`: the step
        of its last decision). The bots' held answers are not among them: a
        bot caught up again after a restart answers as it did.
        """
        kept: dict[str, dict[str, Any]] = {}
        for o in self.offers.values():
            if o.answer is None:
                continue
            if o.group is not None:
                kept[str(o.seat)] = {"step": o.step, "answer": o.answer, "group": o.group}
            elif not o.pending and o.window is not None:
                kept[str(o.seat)] = {"step": o.step, "answer": o.answer, "window": list(o.window)}
        return kept

    def restore_early(self, kept: Any) -> None:
        """Take again early answers kept by `early_answers` before a restart; each counts only at the very same window and step (malformed ones are left out).

        The offers are then those of the match as it stands (`reoffer`),
        each restored answer kept on the offer it answers: a front end
        framing its seats before it plays on shows them answered.
        """
        if not isinstance(kept, dict):
            return
        for seat_text, note in kept.items():
            try:
                seat, step, answer = int(seat_text), note["step"], note["answer"]
                group = note.get("group")
                window = None if group is not None else tuple(note["window"])
            except (TypeError, ValueError, KeyError, AttributeError):
                continue
            if seat not in self.answered_here or not isinstance(step, int) or not isinstance(answer, str):
                continue
            if group is not None:
                if type(group) is int:
                    self.offers[seat] = Offer(seat, step, None, False, answer, None, group)  # type: ignore[arg-type]
            elif len(window) == 2:  # type: ignore[arg-type]
                self.offers[seat] = Offer(seat, step, None, False, answer, window)  # type: ignore[arg-type]
        self._offer()  # each answer onto the decision it answers (one for another window or step goes)

    def reoffer(self) -> dict[int, Offer]:
        """The offers for the match as it stands now, without playing on: answers given early for the very same window and step are kept.

        A front end that plays bots itself up to a stop of its own (`advance`
        with `until`), or has restored early answers, asks for the offers to
        show with this.
        """
        self._offer()
        return self.offers

    def seat_bot(self, seat: int, player: Any) -> None:
        """`player` (a bot) plays a seat the front end answered for, from its next decision; the seat's offer goes."""
        self.match.players[seat] = player
        self.answered_here = self.answered_here - {seat}
        self.offers.pop(seat, None)
        self._held.pop(seat, None)

    def stand_in(self, seat: int, spec: str, *, seat_limit: Callable[[str], None] | None = None) -> Any:
        """A bot of kind `spec` plays seat `seat` from its next decision (`seat_bot`), on that seat's own derived stream; the bot.

        SessionError (one line) for a spec that cannot be played here: a
        person's kind, an unknown kind, a bad option; `seat_limit` is the
        front end's own limit on a spec (ValueError, one line), asked after.
        The record's header keeps the seat as it was.
        """
        bot = stand_in_bot(self.registry, self.game, self.state.players, seat, spec, self.record.seed, seat_limit=seat_limit)
        self.seat_bot(seat, bot)
        return bot

    def seat_front_end(self, seat: int, player: Any) -> None:
        """The front end answers for `seat` again (`player` is its seat, a `PushedSeat` or its like, never asked)."""
        self.match.players[seat] = player
        self.answered_here = self.answered_here | {seat}
        self._held.pop(seat, None)  # the person answers for the seat again: its bot's answer given early goes

    def _offer(self) -> None:
        """The offers for the pending decision: its seat's, in an open window each later responder's the front end answers for,
        and in an order-free group every seat's the front end answers for."""
        previous, self.offers = self.offers, {}
        state, taken = self.match.state, self.match.taken
        pending = state.decision()
        if pending is None:
            self._held = {}
            return
        group = self._group()
        if group:
            # A group is known by the step of its last decision: the same as its seats answer, one after the other.
            key = taken + len(group) - 1
            self._held = {seat: held for seat, held in self._held.items() if held.group == key}
            for index, (decision, _at_turn) in enumerate(self._group_turns()):
                seat = decision.seat
                if seat not in self.answered_here:
                    continue
                kept = previous.get(seat)
                answer = kept.answer if kept is not None and kept.group == key and kept.step == taken + index else None
                if answer is None and self.take_lone_choices and len(decision.choices) == 1:
                    answer = str(decision.choices[0])
                self.offers[seat] = Offer(seat, taken + index, decision, index == 0, answer, None, key)
            return
        self._held = {}
        window = state.open_window()
        # Working out later responders' decisions copies the state: only worth it when the front end answers for one of them.
        later_here = window is not None and any(s in self.answered_here for s in window.remaining[1:])
        decisions = window_decisions(state) if later_here else [pending]
        # A window is known by its actor and the step it opened at: at one step at most one window is open.
        key = None if window is None else (window.actor, taken - window.position)
        for index, decision in enumerate(decisions):
            seat = decision.seat
            if seat in self.answered_here and seat not in self.offers:
                kept = previous.get(seat)
                same = kept is not None and key is not None and kept.window == key and kept.step == taken + index
                answer = kept.answer if same else None
                if answer is None and self.take_lone_choices and len(decision.choices) == 1:
                    answer = str(decision.choices[0])  # nothing to ask: the only choice is taken, as the terminal takes it
                self.offers[seat] = Offer(seat, taken + index, decision, index == 0, answer, key)

    # -- what a seat is shown ----------------------------------------------------------------------------
    def deal_shown(self) -> dict[str, Any]:
        """What anyone at the table may know of the deal now: its commitment (None: a chosen seed), and once the match is over its seed and nonce."""
        return shown_deal(self.record.seed, self.record.deal, self.over)

    def events_since(self, seat: int | None, mark: int = 0) -> tuple[list[Event], int]:
        """The events `seat` (None: a spectator) may see that happened after `mark`, and the mark to pass next time.

        A mark counts the record's lines of events already told: its
        opening, then one per decision taken (bots', early answers' and
        settled windows' alike). 0, the beginning, tells the whole match so
        far: what a front end shows again on reopening (`turn_mark` marks a
        seat's own last decision instead). A front end keeps the mark it
        was given, one for every audience it frames together; it counts
        lines of the record, so it holds as well for the same record
        reopened after a restart. The events are the record's, so they are
        what a listener of the match heard, less what the seat may not see
        (`muggins.projection.visible_events`: an event whose `to` does not
        name the seat); ValueError for a mark this match never gave.
        """
        record = self.record
        lines = len(record.events) + 1  # the opening, then each decision's
        if isinstance(mark, bool) or not isinstance(mark, int) or not 0 <= mark <= lines:
            raise ValueError(f"{mark!r} is not a mark of this match (0 to {lines})")
        told: list[Event] = list(record.opening or ()) if mark == 0 else []
        for step in record.events[max(mark - 1, 0):]:
            told.extend(step)
        return visible_events(told, seat), lines

    def turn_mark(self, seat: int) -> int:
        """The mark just before `seat`'s last decision on record (the beginning when it has taken none), for `events_since`.

        What a seat is told again when its match is reopened at the
        terminal: its own last decision, and everything after it.
        """
        decisions = self.record.decisions
        for n in range(len(decisions) - 1, -1, -1):
            if decisions[n][0] == seat:
                return n + 1
        return 0

    def responders(self) -> list[int]:
        """The seats the open challenge window still waits for, in polling order: its remaining responders less those answered early (empty with no window open)."""
        window = None if self.over else self.match.state.open_window()
        if window is None:
            return []
        answered = {o.seat for o in self.offers.values() if o.answer is not None}
        return [seat for seat in window.remaining if seat not in answered]

    def frame(self, seat: int | None, events: Sequence[Event] = (), *, since: int | None = None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is shown after `events`: `muggins.projection.seat_update`, with its offered decision and the step to echo.

        With `since` (a mark, `events_since`) the events are those the seat
        may see after it, and the frame's `mark` is the one to pass next:
        a front end that keeps nothing else frames each seat with its last
        mark after every `advance`, and misses none of what happened in it.
        `deal` is `deal_shown()`: the commitment while the match is on, the seed that was committed to once it is over.
        """
        mark = None
        if since is not None:
            events, mark = self.events_since(seat, since)
        update = seat_update(self.match.state, seat, events)
        if mark is not None:
            update["mark"] = mark
        offer = self.offers.get(seat) if seat is not None else None
        update["decision"] = seat_decision(offer.decision, self.game) if offer is not None and offer.answer is None else None
        update["step"] = offer.step if offer is not None else self.match.taken
        update["answered"] = None if offer is None else offer.answer
        update["result"] = None if not update["over"] else self.match.state.result().to_dict()  # type: ignore[union-attr]
        update["deal"] = shown_deal(self.record.seed, self.record.deal, update["over"])
        return update


class SessionBroken(RuntimeError):
    """The record cannot be continued for a reason outside it (its cut-off last line could not be dropped): one line."""


def _front_end_seats(seats: Sequence[str]) -> set[int]:
    found = set()
    for seat, spec in enumerate(seats):
        try:
            kind, _options = parse_seat(spec)
        except ValueError:
            continue
        if kind in FRONT_END_KINDS:
            found.add(seat)
    return found


def _front_ends(seats: Sequence[str], given: Mapping[str, FrontEndFactory] | None) -> dict[str, FrontEndFactory]:
    """The front end's factories, with a `PushedSeat` for any front-end kind among `seats` it names none for."""
    factories: dict[str, FrontEndFactory] = dict(given or {})
    for seat in _front_end_seats(seats):
        factories.setdefault(parse_seat(seats[seat])[0], PushedSeat)
    return factories


def _begin(store: RecordStore, stream: RecordFile, path: str, header: Record, opening: list[Event]) -> RecordWriter:
    """Write the header and opening as one write; anything that stops it first leaves no record behind (NotStarted, kept if bytes are).

    The record is released either way: a kept one is continued by reopening it.
    """
    try:
        return RecordWriter.start(stream, header, opening)
    except BaseException as exc:
        kept = stream.size != 0
        stream.close()
        if not kept:
            store.remove(path)
        if isinstance(exc, Exception):
            raise NotStarted(exc, path, kept) from exc
        raise


def _finished_match(game: Game, record: Record) -> Match:
    """A match standing at a finished record's end, with no writer: a session that only shows the result."""
    state, _divergence = replay(game, record, verify=False)  # already verified
    return Match(state, [PushedSeat(seat) for seat in range(state.players)], narrate_opening=False)
