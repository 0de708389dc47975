"""The lobby: making a table from a request, reopening tables after a restart, and the tables and connections one server holds.

This module owns everything between a request to play and a running
`muggins_web.table.Table`: the request checked (`muggins_web.forms`,
which also says what can be played), then the match started as `muggins
play` starts one, through the core's `muggins.session.Session` in the
lobby's `RecordStore` (its record in the records folder, mode 0600), one
unguessable token per human seat and one for the host
(`secrets.token_urlsafe`), kept beside the record in a note only its
owner may read and never in the record (`muggins_web.notes`), and after
a restart each unfinished table reopened as `muggins resume` does
(`Session.reopen`), with its tokens, so the links given out before work
again (read back in a thread of its own while the server already answers;
a link to a table still coming back waits for it, `Lobby.find`). It also owns the limits of one process: tables held (a finished,
stopped or closed table stays listed while there is room but no longer
counts, the oldest giving way first; a table waiting for its host
expires after `WAIT_EXPIRY`, counted from its making as noted beside its
record, so a restart does not renew it; one client address holds at most
`MAX_TABLES_PER_CLIENT` unfinished tables), and, counted by
`muggins_web.admission`, connections (spectators
per table, per address and in all; a seat's or the host's link is never
refused for spectators, only past `MAX_CONNECTIONS_PER_LINK` on the same
link). The host may play a seat of their own (`"host_seat": N`, a
person's seat; the lobby form asks for seat 0 when it is a person's): the
host's link is then that seat's page with the host's controls
(`/table/ID#SEATTOKEN.HOSTTOKEN`), so the host needs one tab, not two.
The names people give their seats are noted beside the record too, and
restored after a restart. A table starts at once, or (`"start": "host"`)
waits with nothing played until its host starts it; which is noted
beside the record, so a restart keeps a waiting table waiting. The
table's pace and whether the windows that ask for a check are timed too
(`"checks"`, `muggins_web.window_timer`) are noted there as well; a note
written before the choice existed reopens with them waiting.
Once a match is over its host may begin the next one at the table
(`again`): a new match and record under the same table id, tokens and
names.
Everything that runs plugin code while a table is made (the rules'
checks, the game's new match and its house rules, the seats' factories)
runs in a worker thread of the lobby's own under `HOUSE_RULES_TIMEOUT`
(`muggins_web.plugin_work`), so a hook that hangs holds up no other
request, and whatever it raises is one line naming the plugin.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import errno
import gc
import ipaddress
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from muggins.game import Game
from muggins.i18n import using_language
from muggins.records import RecordError
from muggins.request import RequestRefused
from muggins.session import FrontEnd, NotStarted, Session, SessionBroken
from muggins.match_checks import HUMAN, RecordMismatch, SessionError, seat_players
from muggins.store import RecordStore, StoreError

from .admission import (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS_PER_LINK, MAX_SPECTATORS, Admission,
                        Connections, Full, TooMany)
from .forms import START_BY_HOST, START_NOW, LobbyError, TableRequest, check_request, game_info, games, house_rules_in_force, read_request
from .languages import _, ngettext
from .notes import MAX_PACE, TOKENS_SUFFIX, TableNotes, early_notes, made_at, read_tokens, save_tokens
from .notes import NotReopened as _NotReopened
from .plugin_work import HOUSE_RULES_TIMEOUT, PluginWork, TooSlow
from .table import BotClock, Observer, Refused, RemoteSeat, Table
from .window_timer import CHECKS_WAIT

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["Lobby", "LobbyError", "Full", "TooMany", "NoSpace", "TooSlow", "Admission", "MAX_TABLES", "MAX_CONNECTIONS",
           "MAX_SPECTATORS", "MAX_CONNECTIONS_PER_ADDRESS", "MAX_CONNECTIONS_PER_LINK", "MAX_TABLES_PER_CLIENT", "WAIT_EXPIRY", "IDLE_EXPIRY",
           "HOUSE_RULES_TIMEOUT", "DEFAULT_PACE", "MAX_PACE", "TOKENS_SUFFIX", "START_NOW", "START_BY_HOST"]

#: Unfinished tables one server holds at once (finished ones stay listed while there is room, uncounted).
MAX_TABLES = 50
#: Unfinished tables one client address may have made (a client on this machine, its owner's, is not counted).
MAX_TABLES_PER_CLIENT = 10
#: Seconds a table made to wait for its host waits, from its making, before it expires.
WAIT_EXPIRY = 3600.0
#: Seconds a started table with a person's seat may go with no person playing at it (no answer, no person's or host's page open) before it expires.
IDLE_EXPIRY = 3600.0
#: Seconds a challenge window stays open on every responder's screen before the move stands.
DEFAULT_PACE = 8.0
#: Messages per second one connection may send, and how many at once: far above any person's clicks.
MESSAGE_RATE = (20.0, 40)
#: A server's records hold every seat's hidden cards: readable by the server's user alone, like their tokens.
RECORD_MODE = 0o600


class NoSpace(LobbyError):
    """The record or its tokens cannot be written: the records folder is full (or cannot be written at all)."""

    status = 507


def _forwarded(name: str) -> property:
    """A lobby attribute that is its admissions' `name`."""
    return property(lambda self: getattr(self.admissions, name), lambda self, value: setattr(self.admissions, name, value))


@dataclasses.dataclass
class _Prepared:
    """What the plugin code gave for a new table, made off the event loop: the request checked, the match's first state, its players."""

    request: TableRequest
    state: Any
    seated: list


class Lobby:
    """The tables of one server process and how new ones are made."""

    # The connection limits are the admissions' (`muggins_web.admission`), set here as on any lobby.
    connections = property(lambda self: self.admissions.open)
    max_connections = _forwarded("max_connections")
    max_spectators = _forwarded("max_spectators")
    max_per_address = _forwarded("max_per_address")
    max_per_link = _forwarded("max_per_link")

    def __init__(self, registry: Registry, *, max_tables: int = MAX_TABLES, max_connections: int = MAX_CONNECTIONS,
                 pace: float = DEFAULT_PACE, observer: Observer | None = None,
                 message_rate: tuple[float, int] = MESSAGE_RATE, freeze_tables: bool = False,
                 wait_expiry: float = WAIT_EXPIRY, idle_expiry: float = IDLE_EXPIRY, house_rules_timeout: float = HOUSE_RULES_TIMEOUT,
                 store: RecordStore | None = None) -> None:
        self.registry = registry
        # Where the records go; by default where every front end keeps them ($MUGGINS_RECORDS, else the user's folder),
        # read when the lobby is made.
        self.store = RecordStore.default() if store is None else store
        # A server's tables live as long as it does: `gc.freeze` after each keeps the collector's full
        # passes from walking them (80 ms with 100 tables, and every click waiting in that time waits).
        self.freeze_tables = freeze_tables
        self.bot_clock = BotClock()  # which bot kinds are quick enough to play on the event loop, learnt across tables
        self.max_tables = max_tables
        self.admissions = Connections(max_connections)
        self.pace = pace
        self.observer = observer
        self.message_rate = message_rate
        self.rate_clock: Callable[[], float] = time.monotonic  # the connections' rate limits' clock (a test's own)
        self.tables: dict[str, Table] = {}
        self._starting: set[asyncio.Future] = set()  # tables whose bots play on after the request that made them
        self.max_per_client = MAX_TABLES_PER_CLIENT
        self.wait_expiry = wait_expiry
        self.idle_expiry = idle_expiry
        self._idle: dict[str, asyncio.TimerHandle] = {}  # each watched table's next look at whether anyone plays at it
        self.clock: Callable[[], float] = time.time  # the wall clock: a waiting table's age outlives restarts
        self.made: dict[str, float] = {}  # when each table was made (by `clock`), as noted beside its record
        self.made_by: dict[str, str] = {}  # the client address each table was made from, as noted beside its record
        self._expiry: dict[str, asyncio.TimerHandle] = {}
        self.plugin_work = PluginWork(registry, house_rules_timeout)  # plugin code run while a table is made, off the loop
        # Records read back after a restart, one at a time (a search's recorded decisions are searched again).
        self._reopening_thread: concurrent.futures.ThreadPoolExecutor | None = None
        self._resuming: asyncio.Future | None = None
        self._coming_back: dict[str, asyncio.Future] = {}  # tables a restart is still reopening, by id: what `find` waits for
        self._following: set[str] = set()  # tables whose next match is being made (`again`): one at a time
        self._closing = False

    # -- what can be played ---------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every installed game as the lobby form needs it."""
        return games(self.registry)

    def game_info(self, game: Game) -> dict[str, Any]:
        return game_info(self.registry, game)

    async def house_rules(self, data: Any, *, client: str | None = None) -> dict[str, Any]:
        """The house-rule plugins a request's switches leave in force and the game's refusal of them (`forms.house_rules_in_force`),
        asked as the lobby form changes: their code runs in the plugin work, off the loop and within its time, as a table's does."""
        return await self.plugin_work.run(lambda asked: house_rules_in_force(self.registry, asked), data, client=client)

    # -- making a table -------------------------------------------------------
    def check_request(self, data: Any) -> tuple[Game, Any, int, list[str], int, float]:
        """The game, its rules, the player count, one seat spec per seat, the seed and the pace; LobbyError listing what is wrong."""
        return check_request(self.registry, data, self.pace)

    async def create(self, data: Any, *, client: str | None = None, wait: bool = True, following: Table | None = None) -> Table:
        """A new table from a lobby request from `client` (its address; None: not over the network), checked, recorded, bots played.

        With `wait` the bots have played up to the first person's decision
        (or the end) when it returns; without, they play on in a task of
        the table's own, so a request for a table of bots is answered at
        once however long its match runs. The next match of a table
        (`following`, see `again`) takes its id, tokens and names.
        """
        self._make_room(client)
        made = await self.plugin_work.run(self._prepare, data, client=client)
        asked = made.request
        kinds, pace = list(asked.match.seats), asked.pace
        humans = [seat for seat, spec in enumerate(kinds) if spec == HUMAN]
        seat_tokens = {seat: secrets.token_urlsafe(16) for seat in humans}
        host = secrets.token_urlsafe(16)
        table_id = secrets.token_urlsafe(6)
        if following is not None:  # the same people at the same seats: every link given out plays the next match too
            seat_tokens, host, table_id = dict(following.seat_tokens), following.host_token, following.id
        waits = asked.start == START_BY_HOST
        now = self.clock()
        try:
            session = Session.open(self.registry, dataclasses.replace(asked.match, mode=RECORD_MODE), self.store,
                                   front_end=FrontEnd(factories={HUMAN: RemoteSeat}, take_lone_choices=True), state=made.state, seated=made.seated)
        except (StoreError, RecordError) as exc:
            raise _unwritable(str(exc), exc.__cause__ or exc) from exc
        except NotStarted as exc:
            if exc.kept:
                self.store.remove(exc.path)
            raise _unwritable(str(exc), exc.cause) from exc
        session.gather_order_free()  # each person has a screen of their own: a group lays away at once
        try:
            save_tokens(self.store, session.path, {"table": table_id, "host": host, "seats": {str(s): t for s, t in seat_tokens.items()}, "pace": pace,
                                       "checks": asked.checks, "waiting": waits, "made": now, "client": client, "host_seat": asked.host_seat})
        except OSError as exc:
            session.close()
            self.store.remove(session.path)  # the record and whatever of its tokens was written: no table was made
            raise _unwritable(str(exc), exc) from exc
        except BaseException:
            session.close()
            self.store.remove(session.path)
            raise
        table = Table(table_id, session, seat_tokens=seat_tokens, host_token=host, pace=pace, checks=asked.checks, observer=self.observer,
                      bot_clock=self.bot_clock)
        table.started = not waits
        table.host_seat = asked.host_seat
        self._notes(table, session.path)
        if following is not None and following.names:
            table.names = dict(following.names)
            table.on_names(dict(table.names))
        self._hold(table, now, client)
        if wait:
            await table.start()
        else:
            self._play_on(table)
        self._freeze()
        return table

    async def again(self, table: Table) -> Table:
        """The next match at `table`, whose match is over: the same game, rules, seats, pace and checks, and people, their links and names unchanged.

        It is a new match like any other (a new record, a fresh deal drawn
        and committed to; the seats' order is the table's, the game deals
        and cuts from the new seed), started at once. It takes the table's
        place under the same id; every page still open on the finished
        match is told to move into it (`Table.followed_by_next`). The
        finished match's record stays as it is. Refused (one line) for a
        match not over, a stopped table, or a next match already begun;
        LobbyError when the server has no room for one more table.
        """
        table.ready_for_next()
        if table.id in self._following:
            raise Refused(_("the next match at this table has already begun"))
        record = table.session.record
        data = {"game": table.game.name, "players": len(table.kinds), "seats": list(table.kinds), "rules": dict(record.rules),
                "pace": table.pace, "checks": table.checks, "start": START_NOW, "host_seat": table.host_seat}
        self._following.add(table.id)
        try:
            following = await self.create(data, client=self.made_by.get(table.id), wait=False, following=table)
        finally:
            self._following.discard(table.id)
        table.followed_by_next()
        return following

    def _prepare(self, data: Any) -> _Prepared:
        """In a worker thread: the request checked (a seed it does not choose drawn in secret and committed to) and what plugin code gives for the new match."""
        asked = read_request(self.registry, data, self.pace)
        try:
            state = asked.match.new_state()
        except RequestRefused as exc:
            raise LobbyError(exc.lines) from exc
        seated = seat_players(self.registry, asked.match.game, asked.match.seats, asked.match.seed, front_end={HUMAN: RemoteSeat})
        return _Prepared(asked, state, seated)

    # -- how many tables and connections --------------------------------------
    @staticmethod
    def live(table: Table) -> bool:
        """Whether a table counts against the server's and its client's limits: not finished, stopped or closed."""
        return not table.over and not table.stopped

    def _make_room(self, client: str | None) -> None:
        """Room for one more table from `client`, the oldest finished tables giving way; Full or TooMany (one line) if there is none."""
        live = [t for t in self.tables.values() if self.live(t)]
        if len(live) >= self.max_tables:
            raise Full(_("this server holds {most} unfinished tables, its most; wait for one to finish").format(most=self.max_tables))
        if client is not None and not _on_this_machine(client):
            mine = sum(1 for t in live if self.made_by.get(t.id) == client)
            if mine >= self.max_per_client:
                raise TooMany(_("your address has {tables} unfinished tables on this server, its most for one address; "
                                "finish or close one (its host's link) first").format(tables=mine))
        for table in [t for t in self.tables.values() if not self.live(t)]:
            if len(self.tables) < self.max_tables:
                break
            self._drop(table)

    def _hold(self, table: Table, made: float, client: str | None, last_played: float | None = None) -> None:
        self.tables[table.id] = table
        self.made[table.id] = made
        if client is not None:
            self.made_by[table.id] = client
        table.clock = self.clock
        table.last_played = made if last_played is None else max(made, last_played)
        if not table.started:
            self._expire_later(table)
        self._watch_idle(table)

    # -- tables nobody plays at -------------------------------------------------
    def _watch_idle(self, table: Table, delay: float | None = None) -> None:
        """Look again, after `delay` (by default when the table would be idle too long), whether anyone plays at the table."""
        if not table.seat_tokens:
            return  # a table of bots alone plays on to its end by itself
        if delay is None:
            delay = max(0.0, table.last_played + self.idle_expiry - self.clock())
        old = self._idle.pop(table.id, None)
        if old is not None:
            old.cancel()
        self._idle[table.id] = asyncio.get_running_loop().call_later(delay, lambda: asyncio.ensure_future(self.expire_idle()))

    def _idle_too_long(self, table: Table, now: float) -> bool:
        return (bool(table.seat_tokens) and table.started and self.live(table) and not table.people_here
                and now >= table.last_played + self.idle_expiry)

    async def expire_idle(self) -> list[str]:
        """Expire every started table at which no person has played for `idle_expiry` (no answer, no person's or host's page open).

        Everyone still watching is told; the record stays as it is,
        unfinished, and a restart does not reopen the table. A table still
        played at is looked at again when it could next be idle too long.
        """
        now = self.clock()
        expired = []
        for table in list(self.tables.values()):
            if table.id not in self._idle:
                continue
            if self._idle_too_long(table, now):
                self._idle.pop(table.id).cancel()
                idle = self.idle_expiry
                await self._expire(table, lambda idle=idle: _idle_expired(idle))
                expired.append(table.id)
            elif not self.live(table):
                self._idle.pop(table.id).cancel()
            elif table.people_here:
                self._watch_idle(table, self.idle_expiry)  # someone is here: look again later
            else:
                self._watch_idle(table)
        return expired

    async def _expire(self, table: Table, why: Callable[[], str]) -> None:
        """The table stops with `why` (a line in the language in force), noted so a restart does not reopen it, and is released."""
        with using_language("en"):  # the server's own line (its log, the listing); each page is told in its language
            table.stopped = why()
        table.stopped_words = why
        with contextlib.suppress(OSError):  # unnoted, a restart finds it past its time and expires it again
            TableNotes(self.store, table.path).expired()
        await table.start()  # sends every page the table as it stands: stopped, saying why
        table.close()

    def _drop(self, table: Table) -> None:
        """A finished table gives way to a new one: no longer listed (its pages still open keep what they were sent)."""
        self.tables.pop(table.id, None)
        self.made.pop(table.id, None)
        self.made_by.pop(table.id, None)
        handle = self._expiry.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        handle = self._idle.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        table.close()

    def _expire_later(self, table: Table) -> None:
        delay = max(0.0, self.made[table.id] + self.wait_expiry - self.clock())
        self._expiry[table.id] = asyncio.get_running_loop().call_later(delay, lambda: asyncio.ensure_future(self.expire_waiting()))

    async def expire_waiting(self) -> list[str]:
        """Expire every table that has waited for its host longer than `wait_expiry`: everyone is told, a restart does not reopen it."""
        now = self.clock()
        expired = []
        for table in list(self.tables.values()):
            if table.started or table.stopped or now < self.made.get(table.id, now) + self.wait_expiry:
                continue
            handle = self._expiry.pop(table.id, None)
            if handle is not None:
                handle.cancel()
            wait = self.wait_expiry
            await self._expire(table, lambda wait=wait: _expired(wait))
            expired.append(table.id)
        return expired

    def _started(self, table: Table, path: str) -> None:
        handle = self._expiry.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        TableNotes(self.store, path).started()

    def admit(self, table: Table, *, address: str, token: str | None) -> Admission:
        """Count one more websocket on `table` (a seat's or the host's link `token`, else a spectator); Full or TooMany (one line) past a limit."""
        return self.admissions.admit(table.id, address=address, token=token)

    def release(self, admission: Admission) -> None:
        """The websocket `admission` counted has closed."""
        self.admissions.release(admission)

    def _freeze(self) -> None:
        if self.freeze_tables:
            gc.freeze()

    def links(self, table: Table) -> dict[str, Any]:
        """The table's links (paths on this server): one per human seat, the spectators' and the host's; its record's file name."""
        return {
            "table": table.id,
            "seats": [{"seat": n, "kind": kind, "url": f"/table/{table.id}#{table.seat_tokens[n]}" if n in table.seat_tokens else None}
                      for n, kind in enumerate(table.kinds)],
            "spectate": f"/table/{table.id}",
            "host": (f"/table/{table.id}#{table.host_token}" if table.host_seat is None
                     else f"/table/{table.id}#{table.seat_tokens[table.host_seat]}.{table.host_token}"),
            "host_seat": table.host_seat,
            "record": Path(table.path).name,
            "started": table.started,
        }

    # -- tables from before a restart -------------------------------------
    async def resume_unfinished(self, folder: Path | None = None, *, wait: bool = True,
                                warn: Callable[[str], Any] | None = None) -> list[str]:
        """Reopen every unfinished table whose record and tokens are in the records folder; one line for each refused.

        Each record is reopened as `muggins resume` does (the core's
        `Session.reopen`: the installed game checked, the state its decisions
        reach, every bot caught up, which for a search means searching its
        recorded decisions again), under its writer's lock, with its tokens,
        so the links given out before the restart work again. A finished
        record is passed over unread. The reading back runs in a worker
        thread of its own, one record at a time, and each table reopened
        plays on as any table does, off the event loop's way (a table of
        bots alone plays on to its end). With `wait` every table is reopened
        and its bots have played up to a person's decision when this
        returns, with the refusals; without, it returns at once (a server
        answers while its tables come back, each listed once reopened) and
        each refusal is handed to `warn` as it is found.
        """
        folder = self.store.folder if folder is None else folder
        self._closing = False
        refused: list[str] = []

        def refuse(line: str) -> None:
            refused.append(line)
            if warn is not None:
                warn(line)

        found = self._unfinished_tokens(folder, refuse)  # read at once: a tokens file that cannot be read is told before serving
        loop = asyncio.get_running_loop()
        for _path, tokens in found:
            self._coming_back.setdefault(tokens["table"], loop.create_future())
        if wait:
            await self._resume(found, wait=True, refuse=refuse)
            return refused
        self._resuming = asyncio.ensure_future(self._resume(found, wait=False, refuse=refuse))
        return refused

    def _unfinished_tokens(self, folder: Path, refuse: Callable[[str], None]) -> list[tuple[str, dict]]:
        """Each unfinished record in `folder` with its tokens file read back (a finished one passed over, one that cannot be read refused)."""
        finished = {str(info.path) for info in RecordStore(folder).infos() if info.finished}
        found = []
        for tokens_path in sorted(folder.glob("*" + TOKENS_SUFFIX)) if folder.is_dir() else ():
            record_path = str(tokens_path)[: -len(TOKENS_SUFFIX)]
            if record_path in finished:
                continue
            try:
                found.append((record_path, read_tokens(tokens_path)))
            except _NotReopened as exc:
                if exc.args[0]:
                    refuse(exc.args[0])
        return found

    async def find(self, table_id: str) -> Table | None:
        """The table `table_id` names, once reopened if it is still coming back after a restart; None if there is none."""
        table = self.tables.get(table_id)
        coming = self._coming_back.get(table_id)
        if table is None and coming is not None:
            table = await asyncio.shield(coming)
        return table

    def _came_back(self, table_id: str, table: Table | None) -> None:
        coming = self._coming_back.pop(table_id, None)
        if coming is not None and not coming.done():
            coming.set_result(table)

    async def _resume(self, found: list[tuple[str, dict]], *, wait: bool, refuse: Callable[[str], None]) -> None:
        try:
            await self._resume_each(found, wait=wait, refuse=refuse)
        finally:
            for _path, tokens in found:  # refused, or the server stopping: a page waiting for it is told there is no such table
                self._came_back(tokens["table"], self.tables.get(tokens["table"]))

    async def _resume_each(self, found: list[tuple[str, dict]], *, wait: bool, refuse: Callable[[str], None]) -> None:
        for record_path, tokens in found:
            if self._closing:
                break
            name = Path(record_path).name + TOKENS_SUFFIX
            if sum(1 for t in self.tables.values() if self.live(t)) >= self.max_tables:
                refuse(_("{name}: not reopened; this server holds {most} unfinished tables, its most").format(name=name, most=self.max_tables))
                break
            try:
                if tokens["table"] in self.tables:
                    raise _NotReopened(_("{name}: not reopened; its table id is another reopened table's").format(name=name))
                # A person last played at it when its record or its notes last changed before the restart (read before reopening touches them).
                last_played = max(made_at(record_path), made_at(record_path + TOKENS_SUFFIX))
                table = await self._reopened_off_the_loop(record_path, tokens)
            except _NotReopened as exc:
                if exc.args[0]:
                    refuse(exc.args[0])
                continue
            if table is None:  # the server began to stop while the record was read back
                break
            self._hold(table, tokens.get("made", made_at(record_path)), tokens.get("client"), last_played)
            self._came_back(table.id, table)
            if wait:
                await table.start()
            else:
                self._play_on(table)
            self._freeze()

    @property
    def _reopening(self) -> concurrent.futures.ThreadPoolExecutor:
        if self._reopening_thread is None:
            self._reopening_thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="muggins-reopening")
        return self._reopening_thread

    async def _reopened_off_the_loop(self, record_path: str, tokens: dict) -> Table | None:
        """`_reopen` in the lobby's reopening thread; None (the table closed again) if the server began to stop meanwhile."""
        reading = asyncio.get_running_loop().run_in_executor(self._reopening, self._reopen, record_path, tokens)
        try:
            table = await asyncio.shield(reading)
        except asyncio.CancelledError:
            # The thread still reads the record back: whatever table it makes is closed, never left holding its record.
            reading.add_done_callback(lambda done: done.cancelled() or done.exception() or done.result().close())
            raise
        if self._closing:
            table.close()
            return None
        return table

    def _play_on(self, table: Table) -> None:
        """The table's bots play on in a task of the table's own (held, so the task is not collected while it plays)."""
        starting = asyncio.ensure_future(table.start())
        self._starting.add(starting)
        starting.add_done_callback(self._starting.discard)

    def _reopen(self, path: str, tokens: dict) -> Table:
        if tokens.get("closed") or tokens.get("expired"):
            raise _NotReopened("")  # its host closed it, or nobody started it in time
        if tokens.get("waiting") and self.clock() >= tokens.get("made", made_at(path)) + self.wait_expiry:
            TableNotes(self.store, path).expired()  # it expired while the server was down: its age counts from its making, not from this start
            raise _NotReopened("")
        name = Path(path).name

        def check_tokens(seated: Any, seats: list[str]) -> None:
            people = {seat for seat, spec in enumerate(seats) if spec == HUMAN}
            if {int(seat) for seat in tokens["seats"]} != people:
                raise _NotReopened(_("{name}: its tokens file names seats {named}, but the record's people sit at {people}; not reopened")
                                   .format(name=name, named=sorted(int(s) for s in tokens["seats"]), people=sorted(people)))

        try:
            session = Session.reopen(self.registry, self.store, path, source=name, front_end=FrontEnd(
                factories={HUMAN: RemoteSeat}, given_like=RemoteSeat, on_seated=check_tokens, take_lone_choices=True))
        except (SessionError, SessionBroken, RecordMismatch, RecordError, ValueError, KeyError, OSError) as exc:
            raise _NotReopened(f"{name}: {exc}") from exc
        if session.finished:
            session.close()
            raise _NotReopened("")  # finished: nothing to offer
        session.gather_order_free()
        seat_tokens = {int(seat): token for seat, token in tokens["seats"].items()}
        table = Table(tokens["table"], session, seat_tokens=seat_tokens, host_token=tokens["host"],
                      pace=float(tokens.get("pace", self.pace)), checks=tokens.get("checks", CHECKS_WAIT), observer=self.observer,
                      bot_clock=self.bot_clock)
        table.caught_up()
        table.started = not tokens.get("waiting", False)
        try:
            for seat, spec in tokens.get("stand_ins", {}).items():
                table.seat_stand_in(int(seat), spec)
        except Refused as exc:
            table.close()
            raise _NotReopened(_("{name}: the bot its tokens file seats for a person is refused: {why}; not reopened").format(
                name=name, why=exc)) from exc
        session.restore_early(early_notes(tokens.get("early")))
        host_seat = tokens.get("host_seat")
        table.host_seat = host_seat if type(host_seat) is int and host_seat in seat_tokens else None
        table.names = {int(seat): name for seat, name in tokens.get("names", {}).items() if int(seat) in seat_tokens}
        self._notes(table, path)
        return table

    def _notes(self, table: Table, path: str) -> None:
        """What the table notes beside its record as it happens: bots seated for people, its start, its close."""
        notes = TableNotes(self.store, path)
        table.on_stand_ins = notes.stand_ins
        table.on_start = lambda: self._started(table, path)
        table.on_close = notes.closed
        table.on_early = notes.early
        table.on_names = notes.names

    @staticmethod
    def listed(table: Table, language: str = "en") -> dict[str, Any]:
        """The table as the API lists it, in `language`: its record by file name alone (where the server keeps its files is nobody else's business)."""
        return {**table.summary(language), "record": Path(table.path).name}

    def stop_thinking(self, reason: str) -> None:
        """Stop every bot thinking in a worker thread at its next check (safe from any thread, a signal handler's included)."""
        for table in tuple(self.tables.values()):
            table.stop_thinking(reason)

    def close_all(self) -> None:
        """Release every table's record; each is whole to its last line. Plugin code still running for a table being made is left behind."""
        self._closing = True
        if self._resuming is not None:
            self._resuming.cancel()
        if self._reopening_thread is not None:
            self._reopening_thread.shutdown(wait=False)
            self._reopening_thread = None
        for handle in [*self._expiry.values(), *self._idle.values()]:
            handle.cancel()
        self._expiry.clear()
        self._idle.clear()
        for table in self.tables.values():
            table.close()
        self.plugin_work.shutdown()


def _unwritable(line: str, cause: BaseException | None) -> LobbyError:
    """The answer when a new record or its tokens cannot be written: 507 for a full disk, else 503 (the server cannot take tables now)."""
    full = isinstance(cause, OSError) and (cause.errno in (errno.ENOSPC, errno.EDQUOT) or "No space left" in str(cause))
    error = NoSpace(f"{line}; no table was made") if full else Full(f"{line}; no table was made")
    return error


def _on_this_machine(address: str) -> bool:
    """Whether a client address is this machine's own (its user owns the server, and every client of a default server is here)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _duration(seconds: float) -> str:
    """`1 hour`, `30 minutes`, `5 s`: a limit as a person reads it, in the language in force."""
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
    return _("{n} s").format(n=f"{seconds:g}")


def _expired(wait: float) -> str:
    return _("nobody started the table within {wait} of its making; it has expired").format(wait=_duration(wait))


def _idle_expired(idle: float) -> str:
    return _("nobody played at the table for {idle}; it has expired").format(idle=_duration(idle))
