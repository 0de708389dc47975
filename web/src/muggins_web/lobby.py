"""The lobby: which games can be played, making a table from a request, and the tables a server holds.

This module owns everything between a request to play and a running
`muggins_web.table.Table`: the installed games as the lobby form shows
them (player counts, seat kinds with their options, every house rule with
its type, default, bounds and words), checking a request exactly as
`muggins play` checks its options (`muggins.sessions.check_seats` for the
seats, `muggins.rules.rules_from_dict` for each house rule, one line per
bad value, then `Game.check_rules`), making the match and its record in
the records folder as `play` does, one unguessable token per human seat
and one for the host (`secrets.token_urlsafe`), kept beside the record in
a file only its owner may read (mode 0600) and never in the record, and
the limits of one process (tables held, connections open). A table
starts at once, or (`"start": "host"`) waits with nothing played until
its host starts it; which is noted beside the record, so a restart keeps
a waiting table waiting.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import secrets
import time
import typing
from pathlib import Path
from typing import Any, Callable, Mapping

from muggins.engine import Match
from muggins.game import Game
from muggins.houserules import HouseRuleError, check_switches, house_rule_plugins
from muggins.limits import clip
from muggins.records import RecordWriter, header_for
from muggins.rng import new_seed
from muggins.rules import RulesError, describe_type, rules_from_dict, rules_to_dict
from muggins.sessions import HUMAN, SessionError, check_seats, seat_players

from .bots import check_web_seat, web_option_max
from .table import BotClock, Observer, RemoteSeat, Table

__all__ = ["Lobby", "LobbyError", "Full", "MAX_TABLES", "MAX_CONNECTIONS", "DEFAULT_PACE", "TOKENS_SUFFIX"]

MAX_TABLES = 50
MAX_CONNECTIONS = 200
#: Seconds a challenge window stays open on every responder's screen before the move stands.
DEFAULT_PACE = 8.0
MAX_PACE = 600.0
#: Messages per second one connection may send, and how many at once: far above any person's clicks.
MESSAGE_RATE = (20.0, 40)
#: A server's records hold every seat's hidden cards: readable by the server's user alone, like their tokens.
RECORD_MODE = 0o600
#: The file beside a record that keeps its table's tokens (mode 0600).
TOKENS_SUFFIX = ".tokens.json"
#: When a table starts: at once (what a request that does not say asks for), or when its host says so.
START_NOW, START_BY_HOST = "now", "host"


class LobbyError(ValueError):
    """A request a table cannot be made from: one line per thing wrong (`lines`)."""

    def __init__(self, lines: list[str] | str) -> None:
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        super().__init__("\n".join(self.lines))


class _NotReopened(Exception):
    """A record not offered again after a restart: the line saying why (empty for a finished match)."""


class Full(LobbyError):
    """The server holds as many tables (or connections) as it may."""


class Lobby:
    """The tables of one server process and how new ones are made."""

    def __init__(self, registry: Any, *, max_tables: int = MAX_TABLES, max_connections: int = MAX_CONNECTIONS,
                 pace: float = DEFAULT_PACE, observer: Observer | None = None,
                 message_rate: tuple[float, int] = MESSAGE_RATE, freeze_tables: bool = False) -> None:
        self.registry = registry
        # A server's tables live as long as it does: `gc.freeze` after each keeps the collector's full
        # passes from walking them (80 ms with 100 tables, and every click waiting in that time waits).
        self.freeze_tables = freeze_tables
        self.bot_clock = BotClock()  # which bot kinds are quick enough to play on the event loop, learnt across tables
        self.max_tables = max_tables
        self.max_connections = max_connections
        self.pace = pace
        self.observer = observer
        self.message_rate = message_rate
        self.rate_clock: Callable[[], float] = time.monotonic  # the connections' rate limits' clock (a test's own)
        self.tables: dict[str, Table] = {}
        self.connections = 0

    # -- what can be played ---------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every installed game as the lobby form needs it."""
        return [self.game_info(game) for _, game in sorted(self.registry.games.items())]

    def game_info(self, game: Game) -> dict[str, Any]:
        from muggins_cli.commands import default_opponent

        kinds = []
        for name in self.registry.kind_names(game.name):
            kind = self.registry.player_kind(name, game.name)
            options = [{"name": o.name, "type": o.type.__name__, "default": o.default, "min": o.min,
                        "max": web_option_max(name, o.name, o.max), "doc": o.help}
                       for o in kind.options]
            kinds.append({"name": name, "doc": kind.description, "options": _plain(options)})
        defaults = rules_to_dict(game.Rules())
        hints = {f.name: f for f in dataclasses.fields(game.Rules)}
        types = typing.get_type_hints(game.Rules)
        rules = []
        for name, f in hints.items():
            meta = f.metadata
            rules.append({"name": name, "type": describe_type(types[name]), "default": defaults.get(name), "doc": meta.get("doc", ""),
                          "min": meta.get("min"), "max": meta.get("max"), "choices": _choices(types[name])})
        return {
            "name": game.name, "title": getattr(game, "title", game.name), "version": str(game.version),
            "players": {"min": game.players.start, "max": game.players.stop - 1, "default": game.default_players},
            "kinds": [{"name": HUMAN, "options": []}, *kinds], "default_opponent": default_opponent(self.registry, game),
            "rules": _plain(rules),
        }

    # -- making a table -------------------------------------------------------
    def check_request(self, data: Any) -> tuple[Game, Any, int, list[str], int, float]:
        """The game, its rules, the player count, one seat spec per seat, the seed and the pace; LobbyError listing what is wrong."""
        if not isinstance(data, dict):
            raise LobbyError("the request must be a JSON object with game, players, seats and rules")
        unknown = sorted(set(data) - {"game", "players", "seats", "rules", "seed", "pace", "start"})
        if unknown:
            raise LobbyError(f"unknown field {clip(unknown[0])!r}; a table takes game, players, seats, rules, seed, pace and start")
        if data.get("start", START_NOW) not in (START_NOW, START_BY_HOST):
            raise LobbyError(f"start must be \"{START_NOW}\" (the table starts at once) or \"{START_BY_HOST}\" (when its host starts it)")
        name = data.get("game")
        games = self.registry.games
        if not isinstance(name, str) or name not in games:
            raise LobbyError(f"unknown game {clip(str(name))!r}; installed games: {', '.join(sorted(games)) or 'none'}")
        game = games[name]
        seats = data.get("seats", [HUMAN])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise LobbyError("seats must be a list of seat kinds such as \"human\" or \"novice:error_rate=0.2\"")
        players = data.get("players", max(game.default_players, len(seats)))
        low, high = game.players.start, game.players.stop - 1
        if isinstance(players, bool) or not isinstance(players, int) or players not in game.players:
            raise LobbyError(f"{game.name} is played by {low} to {high} players, not {clip(str(players))}")
        if len(seats) > players:
            raise LobbyError(f"{len(seats)} seats for {players} players; give at most one per seat")
        from muggins_cli.commands import default_opponent

        kinds = list(seats) + [default_opponent(self.registry, game)] * (players - len(seats))
        try:
            check_seats(self.registry, game, kinds, front_end=(HUMAN,))
        except SessionError as exc:
            raise LobbyError(str(exc)) from exc
        web_refusals = []
        for spec in dict.fromkeys(kinds):  # what a browser table allows a bot to cost the server everyone plays on
            try:
                check_web_seat(spec)
            except ValueError as exc:
                web_refusals.append(str(exc))
        if web_refusals:
            raise LobbyError(web_refusals)
        rules = self._rules(game, data.get("rules", {}), players)
        seed = data.get("seed")
        if seed is None:
            seed = new_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise LobbyError("seed must be a whole number from 0 up")
        pace = data.get("pace", self.pace)
        if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
            raise LobbyError(f"pace must be a number of seconds from 0 (windows wait) to {MAX_PACE:g}")
        return game, rules, players, kinds, seed, float(pace)

    def _rules(self, game: Game, given: Any, players: int) -> Any:
        """The house rules, checked as a TOML file's are: every bad value named on a line of its own."""
        if not isinstance(given, dict):
            raise LobbyError("rules must be an object of house rules, as in a rules TOML file")
        lines = []
        for key, value in given.items():
            try:
                rules_from_dict(game.Rules, {key: value}, source="rules")
            except RulesError as exc:
                lines.append(str(exc))
        if lines:
            raise LobbyError(lines)
        try:
            rules = rules_from_dict(game.Rules, given, source="rules")
            check_switches(self.registry, game, rules)
            game.check_rules(rules, players)
        except (RulesError, ValueError) as exc:
            raise LobbyError(f"{clip(str(exc), 200)}") from exc
        return rules

    async def create(self, data: Any) -> Table:
        """A new table from a lobby request: checked, recorded in the records folder, bots played up to the first human."""
        if len(self.tables) >= self.max_tables:
            raise Full(f"this server holds {self.max_tables} tables, its most; wait for one to finish")
        game, rules, players, kinds, seed, pace = self.check_request(data)
        try:
            state = game.new(rules, players, seed)
        except HouseRuleError as exc:
            raise LobbyError(str(exc)) from exc
        header = header_for(game, rules, players, seed, kinds, house_rules=house_rule_plugins(self.registry, game, rules))
        from muggins_cli.errors import BadInput
        from muggins_cli.recording import new_record

        try:
            path, stream = new_record(None, game.name, seed, mode=RECORD_MODE)
        except BadInput as exc:
            raise LobbyError(exc.message) from exc
        try:
            writer = RecordWriter.start(stream, header, state.opening_events())
        except BaseException:
            stream.close()
            Path(path).unlink(missing_ok=True)
            raise
        humans = [seat for seat, spec in enumerate(kinds) if spec == HUMAN]
        seat_tokens = {seat: secrets.token_urlsafe(16) for seat in humans}
        host = secrets.token_urlsafe(16)
        table_id = secrets.token_urlsafe(6)
        waits = data.get("start", START_NOW) == START_BY_HOST
        save_tokens(path, {"table": table_id, "host": host, "seats": {str(s): t for s, t in seat_tokens.items()}, "pace": pace,
                           "waiting": waits})
        seated = seat_players(self.registry, game, kinds, seed, front_end={HUMAN: RemoteSeat})
        match = Match(state, seated, writer=writer, registry=self.registry)
        table = Table(table_id, game, match, kinds, stream=stream, path=path, seat_tokens=seat_tokens, host_token=host,
                      pace=pace, observer=self.observer, registry=self.registry, seed=seed, bot_clock=self.bot_clock)
        table.started = not waits
        self._notes(table, path)
        self.tables[table_id] = table
        await table.start()
        self._freeze()
        return table

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
            "host": f"/table/{table.id}#{table.host_token}",
            "record": Path(table.path).name,
            "started": table.started,
        }

    # -- tables from before a restart -------------------------------------
    async def resume_unfinished(self, folder: Path | None = None) -> list[str]:
        """Reopen every unfinished table whose record and tokens are in the records folder; one line for each refused.

        Each record is reopened as `muggins resume` does (`muggins.sessions`:
        the installed game checked, the state its decisions reach, every bot
        caught up), under its writer's lock, with its tokens, so the links
        given out before the restart work again.
        """
        from muggins_cli.recording import records_folder

        folder = records_folder() if folder is None else folder
        refused = []
        for tokens_path in sorted(folder.glob("*" + TOKENS_SUFFIX)) if folder.is_dir() else ():
            if len(self.tables) >= self.max_tables:
                refused.append(f"{tokens_path.name}: not reopened; this server holds {self.max_tables} tables, its most")
                break
            try:
                table = self._reopen(str(tokens_path)[: -len(TOKENS_SUFFIX)], json.loads(tokens_path.read_text(encoding="utf-8")))
            except _NotReopened as exc:
                if exc.args[0]:
                    refused.append(exc.args[0])
                continue
            self.tables[table.id] = table
            await table.start()
        self._freeze()
        return refused

    def _reopen(self, path: str, tokens: dict) -> Table:
        from muggins.records import RecordError, RecordFile

        if tokens.get("closed"):
            raise _NotReopened("")  # its host closed it
        from muggins.sessions import RecordMismatch, check_record_seats, installed_game, reopen

        name = Path(path).name
        try:
            stream = RecordFile.open_existing(path)
        except (RecordError, OSError) as exc:
            raise _NotReopened(f"{name}: {exc}") from exc
        try:
            record = stream.read(without_partial_line=True)
            if record.result is not None:
                raise _NotReopened("")  # finished: nothing to offer
            game, _ = installed_game(self.registry, record, source=name)
            check_record_seats(self.registry, game, record, source=name)
            seated = seat_players(self.registry, game, record.seats, record.seed, front_end={HUMAN: RemoteSeat})
            state = reopen(game, record, seated, given_like=RemoteSeat, source=name)
            stream.drop_partial_line(f"{path}.partial-{os.getpid()}.bak")
            stream.end_line()
        except (RecordError, SessionError, RecordMismatch, ValueError, KeyError, OSError) as exc:
            stream.close()
            raise _NotReopened(f"{name}: {exc}") from exc
        except BaseException:
            stream.close()
            raise
        writer = RecordWriter(stream, record)
        match = Match(state, seated, writer=writer, registry=self.registry, narrate_opening=False)
        seat_tokens = {int(seat): token for seat, token in tokens["seats"].items()}
        table = Table(tokens["table"], game, match, record.seats, stream=stream, path=path, seat_tokens=seat_tokens,
                      host_token=tokens["host"], pace=float(tokens.get("pace", self.pace)), observer=self.observer,
                      registry=self.registry, seed=record.seed, bot_clock=self.bot_clock)
        table.caught_up(record.opening or [], record.events)
        table.started = not tokens.get("waiting", False)
        for seat, spec in tokens.get("stand_ins", {}).items():
            table.seat_stand_in(int(seat), spec)
        table.restore_early(tokens.get("early"))
        self._notes(table, path)
        return table

    @staticmethod
    def _notes(table: Table, path: str) -> None:
        """What the table notes beside its record as it happens: bots seated for people, its start, its close."""
        table.on_stand_ins = lambda stand_ins: keep_stand_ins(path, stand_ins)
        table.on_start = lambda: _note(path, waiting=False)
        table.on_close = lambda: keep_closed(path)
        table.on_early = lambda early: _note(path, early=early)

    @staticmethod
    def listed(table: Table) -> dict[str, Any]:
        """The table as the API lists it: its record by file name alone (where the server keeps its files is nobody else's business)."""
        return {**table.summary(), "record": Path(table.path).name}

    def close_all(self) -> None:
        """Release every table's record; each is whole to its last line."""
        for table in self.tables.values():
            table.close()


def save_tokens(record_path: str, data: Mapping[str, Any]) -> str:
    """Write a table's tokens beside its record, readable by its owner alone (mode 0600), never overwriting."""
    target = record_path + TOKENS_SUFFIX
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
    return target


def keep_stand_ins(record_path: str, stand_ins: Mapping[int, str]) -> None:
    """Note beside the record which people's seats bots play, so a restart seats them again (the file stays mode 0600)."""
    _note(record_path, stand_ins={str(seat): spec for seat, spec in stand_ins.items()})


def keep_closed(record_path: str) -> None:
    """Note beside the record that its host closed the table: a restart does not offer it again."""
    _note(record_path, closed=True)


def _note(record_path: str, **notes: Any) -> None:
    target = record_path + TOKENS_SUFFIX
    data = json.loads(Path(target).read_text(encoding="utf-8"))
    data.update(notes)
    fresh = f"{target}.{os.getpid()}.new"
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
    os.replace(fresh, target)


def _choices(tp: Any) -> list[Any] | None:
    if typing.get_origin(tp) is typing.Literal:
        return list(typing.get_args(tp))
    return None


def _plain(data: Any) -> Any:
    """JSON-ready data (tuples to lists, other values as text)."""
    return json.loads(json.dumps(data, default=str))
