"""Tables after a restart and seats whose person has gone: reopened from their records with their links, a bot seated by the host."""

from __future__ import annotations

import asyncio
import json

from muggins.records import read_record
from muggins.match_checks import seat_players, verify
from muggins_web.lobby import TOKENS_SUFFIX, Lobby
from muggins_web.table import RemoteSeat


async def _answer(table, choosers, count):
    for _ in range(count):
        if table.over:
            return
        offer = min(table.offers.values(), key=lambda o: o.step)
        await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))


def test_a_server_started_again_reopens_its_unfinished_tables_with_their_links_and_plays_them_to_a_verified_end(registry, records):
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human", "human", "novice"], "seed": 31}
    first = Lobby(registry, pace=0)

    async def before_the_stop():
        table = await first.create(request)
        choosers = seat_players(registry, table.game, ["expert"] * 3, 2)
        await _answer(table, choosers, 12)
        step, offers = table.match.taken, {s: o.step for s, o in table.offers.items()}
        await table.join(0)
        first.close_all()
        return table, step, offers

    old, step, offers = asyncio.run(before_the_stop())
    finished = Lobby(registry, pace=0)
    asyncio.run(finished.create({"game": "muggins_shedding", "players": 3, "seats": ["expert"] * 3, "seed": 1}))
    finished.close_all()
    again = Lobby(registry, pace=0)

    async def after_the_restart():
        refused = await again.resume_unfinished()
        table = again.tables[old.id]
        assert refused == [] and list(again.tables) == [old.id]  # the finished bots' match is not offered again
        assert table.seat_for(old.seat_tokens[0]) == 0 and table.is_host(old.host_token)
        assert table.match.taken == step and {s: o.step for s, o in table.offers.items()} == offers
        subscriber = await table.join(0)
        hello = subscriber.queue.get_nowait()
        assert hello["type"] == "hello" and hello["step"] == offers.get(0, step) and hello["lines"]
        choosers = seat_players(registry, table.game, ["expert"] * 3, 2)
        await _answer(table, choosers, 10_000)
        return table

    table = asyncio.run(after_the_restart())
    assert table.over
    record = read_record(table.path)
    assert record.result is not None and len(record.decisions) > step
    verify(registry, table.game, record, given_like=RemoteSeat)


def test_the_host_seats_a_bot_for_a_person_gone_away_and_the_record_keeps_the_seat_human(registry, records):
    lobby = Lobby(registry, pace=0)

    async def scenario():
        table = await lobby.create({"game": "cribbage_muggins", "players": 2, "seats": ["human", "expert"], "seed": 41, "rules": {"target": 61}})
        assert not table.over and 0 in table.offers
        import pytest
        from muggins_web.table import Refused

        with pytest.raises(Refused, match="not a person's seat"):
            await table.host("seat_bot", 1, "expert")
        with pytest.raises(Refused, match="unknown seat kind 'wizard'"):
            await table.host("seat_bot", 0, "wizard")
        await table.host("seat_bot", 0, "novice")
        return table

    table = asyncio.run(scenario())
    assert table.over
    record = read_record(table.path)
    assert record.seats == ["human", "expert"] and record.result is not None
    verify(registry, table.game, record, given_like=RemoteSeat)
    kept = json.loads(open(table.path + TOKENS_SUFFIX).read())
    assert kept["stand_ins"] == {"0": "novice"}


def test_only_the_hosts_link_seats_bots(client):
    links = client.post("/api/tables", json={"game": "muggins_shedding", "players": 3, "seats": ["human", "human"], "seed": 3}).json()
    seat_token = links["seats"][0]["url"].split("#")[1]
    host_token = links["host"].split("#")[1]

    def frames_until(ws, kind):
        while True:
            frame = ws.receive_json()
            if frame["type"] == kind:
                return frame

    with client.websocket_connect(f"/ws/{links['table']}?token={seat_token}") as ws:
        ws.send_json({"type": "seat_bot", "seat": 1, "kind": "expert"})
        assert "only the host" in frames_until(ws, "error")["error"]
    with client.websocket_connect(f"/ws/{links['table']}?token={host_token}") as host:
        hello = frames_until(host, "hello")
        assert hello["host"] is True and hello["seat"] is None
        host.send_json({"type": "seat_bot", "seat": 1, "kind": "expert"})
        update = frames_until(host, "update")
        assert update["seats"][1]["stand_in"] == "expert"
        host.send_json({"type": "give_back", "seat": 2})
        assert "no bot stands in for a person at seat 2" in frames_until(host, "error")["error"]


def test_the_host_closes_a_table_everyone_is_told_and_a_restart_does_not_offer_it_again(registry, records):
    lobby = Lobby(registry, pace=0)

    async def scenario():
        table = await lobby.create({"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 61})
        watcher = await table.join(0)
        while not watcher.queue.empty():
            watcher.queue.get_nowait()
        await table.host("close", None)
        told = watcher.queue.get_nowait()
        offer_step = told["step"]
        import pytest
        from muggins_web.table import Refused

        with pytest.raises(Refused, match="the host closed the table"):
            await table.act(0, offer_step, "pass")
        return table, told

    table, told = asyncio.run(scenario())
    assert told["stopped"] == "the host closed the table" and told["decision"] is None
    assert json.loads(open(table.path + TOKENS_SUFFIX).read())["closed"] is True
    again = Lobby(registry, pace=0)
    assert asyncio.run(again.resume_unfinished()) == [] and again.tables == {}
    assert read_record(table.path).result is None


def test_a_table_waiting_for_its_host_still_waits_after_a_restart_and_starts_from_the_host(registry, records, monkeypatch):
    import gc

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))  # a server's lobby keeps its tables out of full collections
    first = Lobby(registry, pace=0, freeze_tables=True)
    request = {"game": "willughby_fishing", "players": 5, "seats": ["human", "human"], "seed": 71, "start": "host"}
    table = asyncio.run(first.create(request))
    assert table.started is False and table.offers == {} and table.match.taken == 0 and frozen
    first.close_all()
    again = Lobby(registry, pace=0)

    async def after_the_restart():
        assert await again.resume_unfinished() == []
        reopened = again.tables[table.id]
        assert reopened.started is False and reopened.match.taken == 0 and reopened.offers == {}
        await reopened.host("start", None)
        return reopened

    reopened = asyncio.run(after_the_restart())
    assert reopened.started is True and reopened.offers
    assert json.loads(open(table.path + TOKENS_SUFFIX).read())["waiting"] is False
    again.close_all()


def test_a_restart_keeps_the_hosts_choice_for_the_windows_that_ask_for_a_check_and_an_older_note_reopens_them_waiting(registry, records):
    first = Lobby(registry, pace=3)
    request = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "expert"], "rules": {"target": 61}}

    async def make():
        return (await first.create({**request, "seed": 1, "checks": "timed"}), await first.create({**request, "seed": 2}),
                await first.create({**request, "seed": 3, "checks": "timed"}))

    timed, waiting, older = asyncio.run(make())
    first.close_all()
    assert json.loads(open(timed.path + TOKENS_SUFFIX).read())["checks"] == "timed"
    # A note written before the choice existed has no "checks" at all.
    note = json.loads(open(older.path + TOKENS_SUFFIX).read())
    del note["checks"]
    open(older.path + TOKENS_SUFFIX, "w").write(json.dumps(note))
    again = Lobby(registry, pace=0)

    async def after_the_restart():
        assert await again.resume_unfinished() == []
        frames = {}
        for table in (timed, waiting, older):
            reopened = again.tables[table.id]
            hello = (await reopened.join(None)).queue.get_nowait()
            frames[table.id] = (reopened.checks, reopened.timer.checks, hello["checks"], hello["pace"])
        return frames

    frames = asyncio.run(after_the_restart())
    assert frames == {timed.id: ("timed", "timed", "timed", 3), waiting.id: ("wait", "wait", "wait", 3), older.id: ("wait", "wait", "wait", 3)}
    again.close_all()


def test_a_later_responders_early_window_answer_survives_a_restart_and_is_not_asked_again(registry, records):
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human", "human", "expert"], "seed": 31}
    first = Lobby(registry, pace=0)
    choosers = seat_players(registry, registry.games["muggins_shedding"], ["expert"] * 3, 2)

    async def before_the_stop():
        table = await first.create(request)
        for _ in range(200):
            later = [o for o in table.offers.values() if not o.pending and o.answer is None]
            if later:
                break
            await _answer(table, choosers, 1)
        else:
            raise AssertionError("no window was open to a person after another person")
        early = later[0]
        text = str(early.decision.standing or early.decision.choices[0])
        await table.act(early.seat, early.step, text)
        first.close_all()
        return table, early.seat, early.step, text

    old, seat, step, text = asyncio.run(before_the_stop())
    again = Lobby(registry, pace=0)

    async def after_the_restart():
        await again.resume_unfinished()
        table = again.tables[old.id]
        kept = table.offers[seat]
        assert (kept.step, kept.answer, kept.pending) == (step, text, False)  # offered again already answered
        pending = min(table.offers.values(), key=lambda o: o.step)
        await table.act(pending.seat, pending.step, str(pending.decision.standing or pending.decision.choices[0]))
        table.close()
        return table

    table = asyncio.run(after_the_restart())
    decisions = read_record(table.path).decisions
    assert len(decisions) > step and tuple(decisions[step]) == (seat, text)


def test_a_server_restarted_with_a_table_of_bots_answers_while_that_table_plays_on(registry, records, monkeypatch):
    # The start-up used to play a reopened table of bots to its end before serving anything: two
    # searches at cribbage kept every page and request waiting for the whole match.
    import threading
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from muggins.search.player import SearchPlayer
    from muggins_web.app import create_app
    from muggins_web.notes import TableNotes

    patience = 60  # seconds a bot waits for its release: only a broken server reaches it
    before = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 2, "seed": 3, "rules": {"target": 61},
               "seats": ["search:iterations=5", "search:iterations=5"], "start": "host"}
    made = asyncio.run(before.create(request))
    before.close_all()
    TableNotes(before.store, made.path).started()  # its host started it, and the server stopped before the first move

    thinking, release = threading.Event(), threading.Event()
    real_choose = SearchPlayer.choose

    def held(self, view, decision):
        thinking.set()
        release.wait(patience)
        return real_choose(self, view, decision)

    monkeypatch.setattr(SearchPlayer, "choose", held)
    safety = threading.Timer(patience, release.set)  # a broken server still ends the test
    safety.start()
    again = Lobby(registry, pace=0)
    try:
        with TestClient(create_app(again, allowed_hosts=["testserver"])) as client:
            page = client.get("/")
            assert thinking.wait(patience)  # the reopened table's bot is at its first move, held there
            listed = client.get("/api/tables").json()["tables"]
            answered_while_it_played = not release.is_set()
            release.set()
    finally:
        release.set()
        safety.cancel()
    assert page.status_code == 200 and answered_while_it_played
    assert [(t["table"], t["over"], t["started"]) for t in listed] == [(made.id, False, True)]
