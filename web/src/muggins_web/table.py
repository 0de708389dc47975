"""One table of a browser game: a core `Session` whose people answer over the network, and the host's controls over it.

This module owns a running table (`Table`) and composes its parts. The
match is a `muggins.session.Session`, started or reopened by the lobby in
its `RecordStore`; the session offers the people's seats their decisions
(in an open challenge window every person among its responders at once,
submitted in the window's polling order; in a group of seats the game
declares order-free, everyone at once, the bots answering at once too, every
answer held until the group is whole and then submitted in seat order; a decision with a single choice
taken for the person, as the terminal takes it), keeps answers given
early (and takes them again after a restart), gives each seat its frame
and the result. The table adds who is who (`muggins_web.tokens`), the
window's timer (`muggins_web.window_timer`), when and where its bots
play (`muggins_web.bot_play`), the frames and history each seat is sent
(`muggins_web.frames`), and the open connections (`muggins_web.subscribers`).
What the table itself does: every change under its asyncio `lock` (held
until a bot playing in the worker thread has returned, so one owner
touches the match at a time; a person's answer is taken and its frames
sent before any bot plays on); the host's start, close and bots seated
for people (the record's header keeps the seats human); its pages told
to move into the next match once the lobby has begun it; the names people
give their seats (kept beside the record by the lobby, never in it); and
stopping the table with a line every seat is sent when a bot, the game
or the disk fails. A stale, out-of-turn or impossible answer is refused
with one line (in the language of the connection that sent it) and changes
nothing. Each frame is built once per seat and language watched
(`muggins_web.languages`); the stop line is translated as it is framed. Nothing here knows HTTP:
`muggins_web.app` carries the frames over websockets.
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from typing import Any, Callable

from muggins.actions import IllegalAction
from muggins.engine import Match, MatchAborted, StaleAction
from muggins.game import Game
from muggins.i18n import using_language
from muggins.limits import clip
from muggins.plugins import PluginFault
from muggins.records import RecordFile, RecordWriteError
from muggins.session import AnswerRefused, Offer, PushedSeat, Session
from muggins.thinking import ThinkingLimit, ThinkingStopped

from .bot_play import QUICK_DECISION, QUICK_IN_A_ROW, SLICE, THINKING_AFTER, BotClock, BotPlay
from .bots import THINK_LIMIT, check_web_seat
from .frames import HISTORY_EVENTS, SeatFrames
from .languages import N_, _, game_title
from .subscribers import Observer, Subscriber, Subscribers
from .tokens import SeatTokens
from .window_timer import CHECKS_TIMED, CHECKS_WAIT, WindowTimer

__all__ = ["RemoteSeat", "Offer", "Table", "Refused", "BotClock", "Observer", "HISTORY_EVENTS", "QUICK_DECISION", "QUICK_IN_A_ROW",
           "SLICE", "THINKING_AFTER"]


#: Why a table its host closed stopped (translated as each seat's frame is built).
HOST_CLOSED = N_("the host closed the table")


class RemoteSeat(PushedSeat):
    """A seat a person plays from a browser: the engine never asks it, the table stops for it.

    It makes no engine declarations, as the terminal's human makes none, so
    `muggins replay --verify` checks a browser table's record exactly as a
    terminal one.
    """

    def choose(self, view: Any, decision: Any) -> Any:
        raise RuntimeError(f"seat {self.seat} is played from a browser and is never asked")


class Refused(ValueError):
    """An answer the table does not take (stale, out of turn, not a choice, the match over): one line saying why."""


class Table:
    """A match played by remote people and bots; every method that changes it runs under `lock`."""

    def __init__(self, table_id: str, session: Session, *, seat_tokens: dict[int, str], host_token: str, pace: float,
                 checks: str = CHECKS_WAIT, observer: Observer | None = None, bot_clock: BotClock | None = None) -> None:
        self.id = table_id
        self.session = session
        self.game: Game = session.game
        self.kinds = list(session.record.seats)
        self.registry = session.registry
        self.seed = session.record.seed
        self.tokens = SeatTokens(seat_tokens, host_token)
        self.pace = pace
        self.checks = checks  # whether the windows whose decisions wait (a check to make) wait for every answer, or are timed too
        self.observer = observer or Observer()
        self.stand_ins: dict[int, str] = {}  # human seats the host gave to a bot: the bot's spec
        self.on_stand_ins: Callable[[dict[int, str]], None] = lambda stand_ins: None  # kept beside the record by the lobby
        self.on_close: Callable[[], None] = lambda: None  # noted beside the record by the lobby
        self.on_start: Callable[[], None] = lambda: None  # noted beside the record by the lobby
        self.on_early: Callable[[dict], None] = lambda early: None  # answers given early (a window's, an order-free group's), noted beside the record
        self.names: dict[int, str] = {}  # what the people at human seats asked to be called
        self.on_names: Callable[[dict[int, str]], None] = lambda names: None  # kept beside the record by the lobby
        self.lock = asyncio.Lock()
        self.thinking_limit = ThinkingLimit(THINK_LIMIT)  # each bot decision in the worker thread runs under it
        self.bots = BotPlay(session, bot_clock or BotClock(), self.thinking_limit, lambda seat: self.stand_ins.get(seat, self.kinds[seat]))
        self.frames = SeatFrames(session, [*self.humans, None])
        self.connections = Subscribers(self.observer, lambda: self.match.state, lambda: self.bots.in_thread)
        self.timer = WindowTimer(pace, checks)
        self.stopped: str | None = None  # why the match cannot go on (a plugin's fault, a full disk)
        self.stopped_words: Callable[[], str] | None = None  # that line in the language in force, where it is not a message of its own
        self.started = True  # a table made to wait for its host's start: False until then
        self.host_seat: int | None = None  # the person's seat the host plays (their link is that seat's page with the host's controls)
        self.closing = False  # the host is closing the table: the bots play no further, a thinking one stops at its next check
        self.followed = False  # the next match at this table has begun (`followed_by_next`): every page here moves into it
        # When a person last played at the table (an answer, a seat's or the host's page opened or closed), by `clock`:
        # the lobby expires a table nobody plays at.
        self.clock: Callable[[], float] = time.time
        self.last_played = self.clock()
        self._people: set[Subscriber] = set()  # the open connections of a person's seat or of the host
        # Read from the event loop while a bot plays in the worker thread: as last framed.
        self._over = self._ended()
        self._step = self.match.taken
        self._kind_words: dict[tuple[str, str], tuple[str, str]] = {}  # (spec, language): the kind and the whole spec in words

    # -- the parts, as the lobby, the app and tests read them ------------------
    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def offers(self) -> dict[int, Offer]:
        return self.session.offers

    @property
    def path(self) -> str:
        return self.session.path

    @property
    def stream(self) -> RecordFile:
        return self.session.stream

    @property
    def seat_tokens(self) -> dict[int, str]:
        return self.tokens.seats

    @property
    def host_token(self) -> str:
        return self.tokens.host

    @property
    def humans(self) -> list[int]:
        return self.tokens.humans

    @property
    def history(self) -> dict[int | None, Any]:
        return self.frames.history

    @property
    def subscribers(self) -> set[Subscriber]:
        return self.connections.all

    # -- who is who -----------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The human seat whose token this is, or None."""
        return self.tokens.seat_for(token)

    def is_host(self, token: str) -> bool:
        return self.tokens.is_host(token)

    @property
    def over(self) -> bool:
        """Whether the match is over, as last framed: safe to read from the event loop while a bot thinks in the worker thread."""
        return self._over

    def _ended(self) -> bool:
        return self.match.pending() is None

    def _running(self) -> bool:
        return not self.stopped and self.started and not self.closing

    @property
    def people_here(self) -> int:
        """How many of a person's seat's or the host's pages are open on the table."""
        return len(self._people)

    def summary(self, language: str = "en") -> dict[str, Any]:
        """The table as the lobby lists it, its title and its bots' kinds in words in `language`."""
        connected = self.connections.seats()
        seats = [{"seat": n, "kind": kind, "name": self.names.get(n), "connected": n in connected} for n, kind in enumerate(self.kinds)]
        for seat in seats:
            if seat["seat"] not in self.seat_tokens:
                seat["kind_words"] = self._words_of(seat["kind"], language)[0]
        return {
            "table": self.id, "game": self.game.name, "players": len(self.kinds), "over": self.over, "stopped": self.stopped,
            "started": self.started, "title": game_title(self.game, language), "seats": seats, "record": self.path, "step": self._step,
        }

    def caught_up(self) -> None:
        """A table reopened from its record: what each seat saw before the restart is its history, and nothing is sent again."""
        self.frames.caught_up()

    async def rename(self, seat: int, name: str) -> None:
        """The person at human seat `seat` is called `name` (checked by `muggins_web.protocol.read_name`); every page is told."""
        if seat not in self.seat_tokens:
            raise Refused(_("seat {seat} is a bot's; only a person's seat takes a name").format(seat=seat))
        async with self.lock:
            if self.names.get(seat) == name:
                return
            self.names[seat] = name
            self.on_names(dict(self.names))
            self._broadcast_seats()

    # -- the host -------------------------------------------------------------
    def seat_stand_in(self, seat: int, spec: str) -> None:
        """A bot of kind `spec` plays human seat `seat` from now on (the record's header keeps the seat human); Refused (one line) otherwise."""
        if seat not in self.seat_tokens:
            raise Refused(_("seat {seat} is not a person's seat; the host seats bots only for people").format(seat=seat))
        try:
            self.session.stand_in(seat, spec, seat_limit=check_web_seat)
        except ValueError as exc:  # SessionError: a person's kind, an unknown kind, a bad option, past the web's limits
            raise Refused(str(exc)) from exc
        self.stand_ins[seat] = spec

    def give_back(self, seat: int) -> None:
        """The person plays seat `seat` again."""
        if seat not in self.stand_ins:
            raise Refused(_("no bot stands in for a person at seat {seat}").format(seat=seat))
        del self.stand_ins[seat]
        self.session.seat_front_end(seat, RemoteSeat(seat))

    async def host(self, command: str, seat: Any, spec: Any = None) -> None:
        """The host's `start`, `seat_bot` (a bot of kind `spec` plays the person's seat), `give_back` (the person plays it again) or `close`."""
        if command == "close":
            await self.close_by_host()
            return
        if command == "start":
            await self.start_by_host()
            return
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Refused(_("a host command needs \"seat\", a seat number"))
        async with self.lock:
            if command == "seat_bot":
                if not isinstance(spec, str) or not spec:
                    raise Refused(_("seat_bot needs \"kind\", a bot's seat kind such as \"expert\""))
                self.seat_stand_in(seat, spec)
            else:
                self.give_back(seat)
            self.on_stand_ins(dict(self.stand_ins))
            await self._change()

    async def close_by_host(self) -> None:
        """The host ends the table: nothing more is played, everyone is told, the record is released and not reopened after a restart."""
        if self.stopped:
            raise Refused(self._has_stopped())
        # Bots play on under the table's lock (a table of bots alone, to its end): they are told to stop first.
        self.closing = True
        self.thinking_limit.stop(HOST_CLOSED)
        async with self.lock:
            if self.stopped:
                raise Refused(self._has_stopped())
            self.stopped = HOST_CLOSED
            self.on_close()
            self.close()
            self.session.offers = {}
            self.connections.deliver({(seat, language): self._frame(seat, (), language=language)
                                      for seat, languages in self.connections.watched().items() for language in languages})

    async def start_by_host(self) -> None:
        """The host starts a table that waited for it: the bots play up to the first person's decision; Refused (one line) if already started."""
        async with self.lock:
            if self.stopped:
                raise Refused(self._has_stopped())
            if self.started:
                raise Refused(_("the table has already started"))
            self.started = True
            self.on_start()
            await self._change()

    def ready_for_next(self) -> None:
        """Refused (one line) unless the match is over, the table never stopped, and no next match has begun yet."""
        if self.stopped:
            raise Refused(self._has_stopped())
        if not self.over:
            raise Refused(_("the match is not over; the next match can begin only once it is"))
        if self.followed:
            raise Refused(_("the next match at this table has already begun"))

    def followed_by_next(self) -> None:
        """The next match at this table has begun (another `Table` of the same id and tokens): every page here is told to move into it.

        The connections are sent `next_match` (`muggins_web.app` then closes
        them with `NEXT_MATCH_CODE`, and a page opens its link again); one
        that joins this table from now on is told the same at once.
        """
        self.followed = True
        self.connections.broadcast({"type": "next_match"})
        self.close()

    # -- playing --------------------------------------------------------------
    async def start(self) -> None:
        """Play the bots up to the first human decision and send everyone the table (a table waiting for its host: only the table)."""
        async with self.lock:
            await self._change()

    async def act(self, seat: int, step: Any, text: Any) -> None:
        """Take `seat`'s answer `text` to the decision it was offered at `step`; Refused (one line) changes nothing."""
        async with self.lock:
            offer = self._check(seat, step, text)
            self.last_played = self.clock()
            if offer.group is not None:
                # A seat of an order-free group: held (never shown to another seat) until the whole group has answered,
                # then every answer goes in, in seat order; each page is told who the group still waits for.
                self.session.answer(seat, text, step)
                self.on_early(self.session.early_answers())
                await self._change()
            elif offer.pending:
                await self._change(lambda: self.session.answer(seat, text, step))
            else:
                self.session.answer(seat, text, step)  # a later responder of the open window: submitted in its turn
                self.on_early(self.session.early_answers())
                self.connections.send_to(seat, lambda language: self._frame(seat, (), language=language))

    def early_answers(self) -> dict[str, dict]:
        """The answers given before their turn (a window's, an order-free group's), as kept beside the record so a restart does not ask them again."""
        return self.session.early_answers()

    def _check(self, seat: int, step: Any, text: Any) -> Offer:
        if self.stopped:
            raise Refused(self._has_stopped())
        if not self.started:
            raise Refused(_("the table has not started yet; its host starts it"))
        if self._ended():
            raise Refused(_("the match is over"))
        if isinstance(step, bool) or not isinstance(step, int):
            raise Refused(_("an answer needs the step of the decision it answers (a whole number)"))
        if not isinstance(text, str):
            raise Refused(_("an answer's action must be the text of a choice"))
        try:
            return self.session.check_answer(seat, text, step)
        except AnswerRefused as exc:
            raise Refused(str(exc)) from None

    def _has_stopped(self) -> str:
        return _("the match has stopped: {why}").format(why=self._stop_line() or "")

    def _stop_line(self) -> str | None:
        """Why the table stopped, in the language in force: a line the table or lobby wrote is a message of the catalogue; one quoting a plugin's fault reads as it was raised."""
        if self.stopped is None:
            return None
        return self.stopped_words() if self.stopped_words else _(self.stopped)

    def window_key(self) -> tuple | None:
        """The open window the people's offers belong to (the session's key: its actor and the step it opened at), or None."""
        return next((o.window for o in self.offers.values() if o.window is not None), None)

    async def let_stand(self, key: tuple) -> None:
        """The window's time is up: each human responder that has not answered, and whose decision does not wait (or checks are timed), lets the move stand."""
        async with self.lock:
            if key != self.window_key() or self.stopped:
                return
            self.session.let_stand(waiting_too=self.checks == CHECKS_TIMED)
            await self._change()

    # -- advancing the match, under the lock ----------------------------------
    async def _change(self, answer: Callable[[], Any] | None = None) -> None:
        """Take `answer` (a person's, on the loop), let the bots play on, and send every seat its frames.

        A click is never kept waiting by bots: if the bots that follow it
        are quick and done within one `SLICE`, its frame carries their
        moves too (one frame per click, as few as can be sent); otherwise
        the click's frame goes out at once and the bots play on in slices
        that yield to the event loop between them, or, for a slow bot, in
        a worker thread (`muggins_web.bot_play`), while the table is told it thinks.
        """
        self.observer.changing(self.match.state)
        if answer is not None:
            self._guarded(answer)
        self.bots.play_quick(self.bots.clock.now() + SLICE, self._guarded, self._running)
        self.connections.deliver(self._frames())
        # Again while there is more: offering a person a decision with one choice takes it for them.
        while self.bots.more_to_play(self._running()):
            self.observer.changing(self.match.state)
            await self.bots.play(self._guarded, self._running, lambda seat: self.connections.broadcast({"type": "thinking", "seat": seat}))
            self.connections.deliver(self._frames())
        self._arm_timer()

    def _arm_timer(self) -> None:
        self.timer.arm(self.window_key(), tuple(self.offers.values()), self.let_stand)

    def _guarded(self, work: Callable[[], Any]) -> Any:
        """`work`'s result; whatever stops the match (None) stops it with a line saying why, never the server, never silently.

        A plugin's fault, the decision limit, a full disk, a bot stopped by
        the thinking limit, or any other error of a bot or the game: the
        seats are told in their frames (`stopped`) and the server's log
        gets the line (with the traceback of an unexpected error).
        """
        try:
            return work()
        except (PluginFault, MatchAborted, RecordWriteError) as exc:
            self._stop(str(exc))
        except ThinkingStopped as exc:
            if self.closing:
                return None  # the host closes the table: that is its line, not the bot's
            self._stop(f"{self._acting()} was stopped: {exc}; the table is stopped, its record whole to the last move")
        except (StaleAction, IllegalAction) as exc:  # checked before: a game refusing a choice it offered
            self._stop(f"the game refused a choice it offered: {exc}")
        except Exception as exc:  # a bot's or the game's own bug: the table says so instead of going silent
            self._stop(f"{self._acting()} failed: {type(exc).__name__}: {clip(str(exc), 200)}", exc)
        return None

    def _acting(self) -> str:
        decision = self.match.pending()
        seat = self.session.asking  # a bot asked its order-free answer before its turn
        if seat is None:
            if decision is None:
                return "the game"
            seat = decision.seat
        return f"seat {seat}'s bot ({clip(self.stand_ins.get(seat, self.kinds[seat]))})"

    def _stop(self, why: str, exc: BaseException | None = None) -> None:
        self.stopped = why
        told = f"muggins: table {self.id} stopped: {why}\n"
        if exc is not None:
            told += "".join(traceback.format_exception(exc))
        sys.stderr.write(told)  # one write: tables stopping in two threads at once do not interleave their lines
        sys.stderr.flush()

    def _frames(self) -> dict[int | None, dict]:
        """Offer the decisions now open to humans and build every human seat's and the spectators' frame from what happened since the last."""
        if self._ended() and not self.stopped and not self.match.writer.finished:
            self._guarded(self.session.finish)  # after the last move (a person's): the result goes on record
        events = self.frames.new_events()
        if self._running():
            self.session.reoffer()
        else:
            self.session.offers = {}
        self._arm_timer()  # before the frames, so they say how long the window stays open
        self._over, self._step = self._ended(), self.match.taken
        if self._over:
            self.session.close()
        watched = self.connections.watched()
        frames = {}
        for seat in self.frames.history:
            if seat in watched:
                # The seat's events are kept once, with its first language's frame.
                for n, language in enumerate(watched[seat]):
                    frames[(seat, language)] = self._frame(seat, events[seat], remember=n == 0, language=language, whole=False)
            else:
                self.frames.keep(seat, events[seat])
        return frames

    def _frame(self, seat: int | None, events: Any, remember: bool = True, language: str = "en", whole: bool | None = None) -> dict:
        with using_language(language):
            stopped = self._stop_line()
        table = {"table": self.id, "pace": self.pace, "checks": self.checks, "window_left": self.timer.left(), "started": self.started,
                 "seats": self._seats(language), "stopped": stopped}
        return self.frames.frame(seat, events, table, remember, language, whole)

    def _seats(self, language: str = "en") -> list[dict]:
        """Each seat as the pages draw its chip: a bot's kind (and a stand-in's) as its spec, and in words in `language`."""
        connected = self.connections.seats()
        seats = []
        for n, kind in enumerate(self.kinds):
            stand_in = self.stand_ins.get(n)
            seat = {"seat": n, "kind": kind, "name": self.names.get(n), "human": n in self.seat_tokens, "connected": n in connected,
                    "stand_in": stand_in}
            if n not in self.seat_tokens:
                seat["kind_words"], seat["kind_said"] = self._words_of(kind, language)
            if stand_in is not None:
                seat["stand_in_words"], seat["stand_in_said"] = self._words_of(stand_in, language)
            seats.append(seat)
        return seats

    def _bot_kinds(self, language: str) -> list[dict[str, str]]:
        """The bot kinds of this game, each `{"name", "words"}` in `language` ("a novice"), the default opponent first."""
        from muggins.match_checks import HUMAN, default_opponent

        names = [name for name in self.registry.kind_names(self.game.name) if name != HUMAN]
        first = default_opponent(self.registry, self.game).split(":", 1)[0]
        names.sort(key=lambda name: name != first)
        return [{"name": name, "words": self._words_of(name, language)[0]} for name in names]

    def _words_of(self, spec: str, language: str) -> tuple[str, str]:
        """A seat spec's kind in words ("a novice") and the whole spec ("a novice who errs about one time in five"), in `language`."""
        key = (spec, language)
        if key not in self._kind_words:
            from muggins.seat_words import describe_seat

            with using_language(language):
                self._kind_words[key] = (describe_seat(spec.split(":", 1)[0], self.game, self.registry), describe_seat(spec, self.game, self.registry))
        return self._kind_words[key]

    # -- connections ----------------------------------------------------------
    async def join(self, seat: int | None, *, host: bool = False, links: dict | None = None, language: str = "en") -> Subscriber:
        """A new connection for `seat`, read in `language`: it is sent the table as it stands now and the narration it has seen.

        The host's connection (`host`) is also sent `links`, the table's
        links to hand out (each seat's token is in its link, so only the
        host's page is ever sent them).
        """
        async with self.lock:
            subscriber = self.connections.add(seat, language)
            if seat is not None or host:
                self._people.add(subscriber)
                self.last_played = self.clock()
            frame = self._frame(seat, self.frames.history_for(seat), remember=False, language=language)
            frame["type"] = "hello"
            frame["host"] = host
            if host and links is not None:
                frame["links"] = links
            if host:  # the kinds the host may seat at a person's place, by name and in words
                frame["bot_kinds"] = self._bot_kinds(language)
            self.connections.put(subscriber, frame)
            if self.followed:  # found just before the next match took its place: sent on to it
                self.connections.put(subscriber, {"type": "next_match"})
            self._broadcast_seats(but=subscriber)
            return subscriber

    def leave(self, subscriber: Subscriber) -> None:
        self.connections.discard(subscriber)
        if subscriber in self._people:
            self._people.discard(subscriber)
            self.last_played = self.clock()
        self._broadcast_seats()

    def _broadcast_seats(self, but: Subscriber | None = None) -> None:
        self.connections.broadcast_by_language(lambda language: {"type": "seats", "seats": self._seats(language)}, but=but)

    def stop_thinking(self, reason: str) -> None:
        """Stop a bot thinking in the worker thread at its next check (`muggins.thinking`), from any thread; it makes no move."""
        self.thinking_limit.stop(reason)

    def close(self) -> None:
        """Stop the timer, release the record (its every line is already whole on disk) and let the table's bot thread go."""
        self.timer.cancel()
        self.session.close()
        self.bots.let_go()
