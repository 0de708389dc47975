"""Tables nobody plays at: a started table with a person's seat expires after an hour with no person at it, and the host may close a table over the API.

Neither comes back after a restart. The lobby's clock is the test's own,
so nothing here waits for an hour or depends on the machine's speed.
"""

from __future__ import annotations

import asyncio

from muggins_web.lobby import IDLE_EXPIRY, Lobby
from muggins_web.table import HOST_CLOSED

REQUEST = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 3}


class Clock:
    """A wall clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_started_table_nobody_plays_at_expires_after_its_hour_and_is_not_reopened(registry, records):
    clock = Clock()
    lobby = Lobby(registry, pace=0)
    lobby.clock = clock

    async def scenario():
        table = await lobby.create(REQUEST)
        clock.now += IDLE_EXPIRY - 1
        early = await lobby.expire_idle()
        clock.now += 1
        expired = await lobby.expire_idle()
        return table, early, expired

    table, early, expired = asyncio.run(scenario())
    assert early == [] and expired == [table.id]
    assert table.stopped == "nobody played at the table for 1 hour; it has expired" and not lobby.live(table)
    lobby.close_all()
    again = Lobby(registry, pace=0)
    assert asyncio.run(again.resume_unfinished()) == [] and again.tables == {}


def test_a_table_with_a_persons_page_open_or_a_recent_answer_does_not_expire(registry, records):
    clock = Clock()
    lobby = Lobby(registry, pace=0)
    lobby.clock = clock

    async def scenario():
        table = await lobby.create(REQUEST)
        page = await table.join(0)
        clock.now += 2 * IDLE_EXPIRY
        while_open = await lobby.expire_idle()  # the person has the page open: they are playing, however slowly
        table.leave(page)
        clock.now += IDLE_EXPIRY / 2
        offer = table.offers[0]
        await table.act(0, offer.step, str(offer.decision.standing or offer.decision.choices[0]))
        clock.now += IDLE_EXPIRY - 1
        after_the_answer = await lobby.expire_idle()
        clock.now += 1
        at_last = await lobby.expire_idle()
        lobby.close_all()
        return table, while_open, after_the_answer, at_last

    table, while_open, after_the_answer, at_last = asyncio.run(scenario())
    assert while_open == [] and after_the_answer == [] and at_last == [table.id]


def test_a_table_of_bots_alone_never_expires_for_want_of_people(registry, records):
    clock = Clock()
    lobby = Lobby(registry, pace=0)
    lobby.clock = clock

    async def scenario():
        table = await lobby.create({**REQUEST, "seats": ["novice", "novice", "novice"]})
        clock.now += 10 * IDLE_EXPIRY
        return table, await lobby.expire_idle()

    table, expired = asyncio.run(scenario())
    assert expired == [] and table.stopped is None and table.over


def test_the_host_closes_a_table_over_the_api_and_a_restart_does_not_reopen_it(client, lobby, registry):
    # A table of bots that would play ten thousand hands: closing it must not wait for its end.
    made = client.post("/api/tables", json={**REQUEST, "seats": ["novice", "novice", "novice"], "rules": {"hands": 10000}}).json()
    host_token = made["host"].split("#")[1]
    refused = client.post(f"/api/tables/{made['table']}/close", json={"token": "not-the-host"})
    closed = client.post(f"/api/tables/{made['table']}/close", json={"token": host_token})
    again = client.post(f"/api/tables/{made['table']}/close", json={"token": host_token})
    table = lobby.tables[made["table"]]
    assert refused.status_code == 403 and "only the table's host closes it" in refused.json()["error"]
    assert closed.status_code == 200 and closed.json()["stopped"] == HOST_CLOSED and not closed.json()["over"]
    assert table.stopped == HOST_CLOSED and not lobby.live(table)
    assert again.status_code == 409 and "the host closed the table" in again.json()["error"]
    lobby.close_all()
    restarted = Lobby(registry, pace=0)
    assert asyncio.run(restarted.resume_unfinished()) == [] and restarted.tables == {}
