"""Looking back over a finished match in the browser: the page `/replay/{table}`, its JSON `GET /api/tables/{table}/replay`, and the replay they show.

This module owns finding a finished table's record, playing it again and
the check of its deal. The record is found for a table the lobby holds, or
(after a restart, or once the table has been cleared from the list) by its
table id in the tokens notes of the server's records folder. Once the
match is over nothing is hidden any more (its end frame shows every seat
and spectator the seed, which reproduces every card), so the replay is
open to anyone with the table's address, as its spectators' page is; while
the match is on, or for a match that stopped before its end, it is refused
with one line. The replay itself is the core's: `muggins.replay.replay`
re-applies the record's decisions to the installed game from the record's
seed (checking every step's events against the record), and each step is
projected for an observer who sees what every seat saw
(`muggins.projection.all_seeing_update`), with its narration and the
deal it belongs to (a deal ends at a step whose events give the game's
standings). The deal's commitment is checked here with
`muggins.fairness`, and said in one line at the top. That plugin code runs
off the event loop and within its time limit (the lobby's `PluginWork`);
each replay is kept for a few requests (`KEPT_REPLAYS`), by record, its
size and time of change, and language.
"""

from __future__ import annotations

import asyncio
import collections
import gzip
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from muggins.fairness import deal_from_header
from muggins.i18n import using_language
from muggins.limits import clip
from muggins.projection import all_seeing_update
from muggins.records import Record, RecordError, read_record
from muggins.replay import replay, result_divergence
from muggins.rules import RulesError
from muggins.match_checks import SessionError, installed_game

from .forms import LobbyError
from .languages import _, game_title
from .notes import NOTE, NotReopened, read_tokens
from .page_words import gone_page, page

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["KEPT_REPLAYS", "Replays", "ReplayRefused", "build_replay", "replay_routes"]

#: Replays kept ready (each a whole match, every step's table): a page opened by several people is built once.
KEPT_REPLAYS = 8
#: Below this a reply is sent as it is: compressing it would save less than it costs.
SMALL_REPLY = 2048


class ReplayRefused(Exception):
    """No replay to give: one line saying why, and the HTTP status to answer with."""

    def __init__(self, line: str, status: int) -> None:
        super().__init__(line)
        self.line = line
        self.status = status


class Replays:
    """The replays of one lobby's tables and of its records folder's finished ones, built on demand and kept for a while."""

    def __init__(self, lobby: Any) -> None:
        self.lobby = lobby
        self._kept: collections.OrderedDict[tuple, bytes] = collections.OrderedDict()
        # The tables noted in the records folder, by table id: (record path, note), read again when the folder changes.
        self._noted: dict[str, tuple[str, dict]] = {}
        self._noted_stamp: int | None = None

    async def known(self, table_id: str) -> bool:
        """Whether `table_id` is a table of this server's, held or noted in its records folder."""
        return await self.lobby.find(table_id) is not None or (await self._noted_table(table_id)) is not None

    async def reply(self, table_id: str, language: str, client: str | None) -> bytes:
        """The replay of `table_id` in `language`, as JSON bytes; ReplayRefused (one line) when there is none to give."""
        path, names = await self._finished_record(table_id)
        try:
            stat = os.stat(path)
        except OSError:
            raise ReplayRefused(_("this table's record is no longer on this server"), 404) from None
        key = (path, stat.st_mtime_ns, stat.st_size, language)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        try:
            record = await asyncio.to_thread(read_record, path)
        except (OSError, RecordError) as exc:
            raise ReplayRefused(_("this table's record cannot be read: {why}").format(why=clip(str(exc), 200)), 422) from None
        if record.result is None:
            raise ReplayRefused(_("the match is still being played; its replay opens once it is over"), 409)
        try:
            built = await self.lobby.plugin_work.run(
                lambda data: build_replay(self.lobby.registry, data["record"], language, table_id=table_id, names=names),
                {"game": record.game, "record": record}, client=client)
        except LobbyError as exc:
            raise ReplayRefused(_("this match cannot be replayed here: {why}").format(why=" ".join(exc.lines)), exc.status) from None
        body = json.dumps(built, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._kept[key] = body
        while len(self._kept) > KEPT_REPLAYS:
            self._kept.popitem(last=False)
        return body

    async def _finished_record(self, table_id: str) -> tuple[str, dict[int, str]]:
        """The record path of a table whose match is over, and the names its people gave; ReplayRefused otherwise."""
        table = await self.lobby.find(table_id)
        if table is not None:
            if table.over:
                return table.path, dict(table.names)
            if table.stopped:
                raise ReplayRefused(_("this table's match stopped before its end, so there is no replay of it"), 409)
            raise ReplayRefused(_("the match is still being played; its replay opens once it is over"), 409)
        noted = await self._noted_table(table_id)
        if noted is None:
            raise ReplayRefused(_("no such table on this server"), 404)
        path, note = noted
        if note.get("closed") or note.get("expired"):
            raise ReplayRefused(_("this table's match stopped before its end, so there is no replay of it"), 409)
        return path, {int(seat): name for seat, name in note.get("names", {}).items()}

    async def _noted_table(self, table_id: str) -> tuple[str, dict] | None:
        folder = Path(self.lobby.store.folder)
        try:
            stamp = folder.stat().st_mtime_ns  # a note made or changed is a file made or replaced: the folder's time changes
        except OSError:
            return None
        if stamp != self._noted_stamp:
            self._noted = await asyncio.to_thread(_read_notes, self.lobby.store)
            self._noted_stamp = stamp
        return self._noted.get(table_id)


def _read_notes(store: Any) -> dict[str, tuple[str, dict]]:
    found = {}
    for record_path, note_path in store.noted(NOTE):
        try:
            note = read_tokens(note_path)
        except NotReopened:
            continue  # a note a person broke: its table is not this server's to show
        found[note["table"]] = (record_path, note)
    return found


def build_replay(registry: Registry, record: Record, language: str, *, table_id: str, names: dict[int, str]) -> dict[str, Any]:
    """The whole replay of a finished `record` in `language`: its seats, the check of its deal, and every step face up.

    Runs the game's (and its house rules') code: the lobby runs it in its
    plugin work's threads. A record the installed game cannot replay is a
    LobbyError (one line); one that parts from the game's replay keeps the
    steps before, and `problem` says where.
    """
    with using_language(language):
        try:
            game, _warning = installed_game(registry, record, source=_("this table's record"))
        except SessionError as exc:
            raise LobbyError(str(exc)) from None
        steps: list[dict[str, Any]] = []
        deal = 0

        def seen(index: int, seat: int | None, action: Any, events: list, state: Any) -> None:
            nonlocal deal
            update = all_seeing_update(state, events)
            steps.append({"n": index, "seat": seat, "action": None if action is None else str(action),
                          "label": None if action is None else action.label, "deal": deal, **update})
            if update["standings"]:
                deal += 1  # the game's banner: a deal (or hand) ends with this step

        try:
            state, divergence = replay(game, record, verify=True, each=seen)
            problem = str(divergence) if divergence is not None else result_divergence(record, state)
        except (RecordError, RulesError) as exc:
            raise LobbyError(clip(str(exc), 300)) from None
        return {
            "table": table_id,
            "game": game.name,
            "title": game_title(game),
            "players": record.players,
            "seats": [{"seat": n, "kind": kind, "name": names.get(n)} for n, kind in enumerate(record.seats)],
            "deal": deal_checked(record),
            "result": record.result,
            "problem": problem,
            "deals": [n for n, step in enumerate(steps) if n == 0 or step["deal"] != steps[n - 1]["deal"]],
            "steps": _unchanged_zones_left_out(steps),
        }


def deal_checked(record: Record) -> dict[str, Any]:
    """The record's deal and whether its seed and nonce give the commitment shown at the start (None: a chosen seed, nothing committed), said in `line`."""
    deal = deal_from_header(record.seed, record.deal)
    if deal is None:
        return {"commitment": None, "seed": record.seed, "nonce": None, "checked": None,
                "line": _("The deal's seed was chosen when the table was made: there was no commitment to check.")}
    checked = deal.checks()
    line = (_("Deal commitment checked: the seed and nonce give the commitment shown at the start.") if checked else
            _("Deal commitment check failed: the seed and nonce do not give the commitment shown at the start; "
              "this record's deal is not the one committed to."))
    return {"commitment": deal.commitment, "seed": deal.seed, "nonce": deal.nonce, "checked": checked, "line": line}


def _unchanged_zones_left_out(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step's layout with every zone that is as it was the step before sent as `{"id", "same": true}`.

    A long match is hundreds of steps of a whole table each, most of its
    zones unchanged by the move (as a table's frames leave them out,
    `muggins_web.frames`); the page puts them back in order.
    """
    before: dict[Any, Any] = {}
    for step in steps:
        layout = step.get("layout")
        if not isinstance(layout, dict) or not isinstance(layout.get("zones"), list):
            before = {}
            continue
        zones = layout["zones"]
        step["layout"] = {**layout, "zones": [{"id": z["id"], "same": True} if isinstance(z, dict) and before.get(z.get("id")) == z else z
                                             for z in zones]}
        before = {z.get("id"): z for z in zones if isinstance(z, dict)}
    return steps


def replay_routes(lobby: Any, *, language_of: Callable[[Any], str], error: Callable[[list[str], int], Response],
                  static: Path) -> list[Route]:
    """The replay's page and its JSON, for `lobby`'s tables: `language_of(request)` picks the language, `error(lines, status)` words a refusal."""
    replays = Replays(lobby)

    async def replay_page(request: Request) -> Response:
        language = language_of(request)
        if not await replays.known(request.path_params["table"]):
            return gone_page(language)
        return page(static / "replay.html", language)

    async def replay_json(request: Request) -> Response:
        client = request.client.host if request.client is not None and request.client.host else "unknown"
        try:
            body = await replays.reply(request.path_params["table"], language_of(request), client)
        except ReplayRefused as exc:
            return error([exc.line], exc.status)
        headers = {"Vary": "Accept-Encoding, Accept-Language, Cookie", "Cache-Control": "no-store"}
        if len(body) > SMALL_REPLY and "gzip" in request.headers.get("accept-encoding", ""):
            body = await asyncio.to_thread(gzip.compress, body, 6)
            headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)

    return [Route("/replay/{table}", replay_page), Route("/api/tables/{table}/replay", replay_json)]
