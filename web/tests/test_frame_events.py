"""A table's frames carry the session's events for each seat (`Session.events_since`), and a restart's history is the session's too.

Fishing deals each hand to its own seat alone (`to`), so every check here
has private events to keep out: a seat watched and framed, a seat nobody
watches (its events kept for when someone connects), and the spectators.
"""

from __future__ import annotations

import asyncio

from muggins.match_checks import seat_players
from muggins_web.frames import HISTORY_EVENTS
from muggins_web.lobby import Lobby

REQUEST = {"game": "willughby_fishing", "players": 5, "seats": ["human", "novice", "human", "novice", "novice"], "seed": 23}


async def _answer(table, choosers, count):
    for _ in range(count):
        if table.over:
            return
        offer = min((o for o in table.offers.values() if o.answer is None), key=lambda o: o.step)
        await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))


def _private_to_others(events, seat):
    return [ev for ev in events if "to" in ev and seat not in ev["to"]]


def test_every_seat_is_framed_and_kept_with_the_sessions_events_and_a_restart_keeps_the_same_history(registry, records):
    first = Lobby(registry, pace=0)
    sent = []

    async def before_the_stop():
        table = await first.create(REQUEST)
        table.observer.sent = lambda state, seat, frame: sent.append((seat, frame))
        await table.join(0)
        await table.join(None)
        joined = len(sent)
        await _answer(table, seat_players(registry, table.game, ["expert"] * 5, 3), 25)
        first.close_all()
        return table, joined

    table, joined = asyncio.run(before_the_stop())
    session = table.session
    everything = [*session.record.opening, *(ev for step in session.record.events for ev in step)]
    assert _private_to_others(everything, 0) and _private_to_others(everything, None)
    for seat in (0, 2, None):
        seen, _mark = session.events_since(seat)
        assert list(table.history[seat]) == seen[-HISTORY_EVENTS:]  # seat 2 was never watched: its events were kept all the same
        assert not _private_to_others(table.history[seat], seat)
    for seat in (0, None):
        framed = [ev for s, frame in sent[joined:] if s == seat and frame["type"] == "update" for ev in frame["events"]]
        assert framed and not _private_to_others(framed, seat)
        assert list(table.history[seat])[-len(framed):] == framed

    again = Lobby(registry, pace=0)

    async def after_the_restart():
        await again.resume_unfinished()
        reopened = again.tables[table.id]
        hello = (await reopened.join(2)).queue.get_nowait()
        again.close_all()
        return reopened, hello

    reopened, hello = asyncio.run(after_the_restart())
    for seat in (0, 2, None):
        assert list(reopened.history[seat]) == list(table.history[seat])  # what it saw before the restart, told again
    assert hello["type"] == "hello" and hello["events"] and not _private_to_others(hello["events"], 2)
