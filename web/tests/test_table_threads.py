"""Who touches a table's match: a thinking bot only in the worker thread, one owner at a time, never a silent table.

The bots of a table play on the event loop only when they are quick; a
search bot thinks in the worker thread whatever it has shown, under the
table's thinking limit. The match belongs to whoever holds the table's
lock, even when the task holding it is cancelled while a bot plays in the
thread, and a window's timer that lets a move stand plays on to the next
person's decision. A bot that fails stops the table with a line saying
so, in every seat's frame.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time

import pytest

from muggins_shedding.bots import NoviceBot
from muggins.search.player import SearchPlayer
from muggins_web.lobby import Lobby
from muggins_web.table import QUICK_DECISION

#: Seconds a test waits for something a working table does at once: only a broken one reaches it.
PATIENCE = 60


def _human_turns(table, seat: int, *, windows: bool = True):
    """The seat's own decision to answer now, not yet answered (with `windows` false: not a window's), else None.

    Its pending decision, or its decision in an order-free group (a lay-away), which it answers before its turn.
    """
    offer = table.offers.get(seat)
    if offer is None or not offer.to_answer_now or (not windows and offer.window is not None):
        return None
    return offer


def test_a_search_bot_never_thinks_on_the_event_loop_though_its_window_answers_are_quick(registry, records, monkeypatch):
    # The search stands in windows without a thought (a shortcut), which once taught the table it was
    # quick: its next move then searched on the event loop, holding up every connection.
    threads = []
    real_choose = SearchPlayer.choose

    def watched(self, view, decision):
        threads.append(threading.current_thread() is threading.main_thread())
        return real_choose(self, view, decision)

    monkeypatch.setattr(SearchPlayer, "choose", watched)
    lobby = Lobby(registry, pace=0)
    # The review's request, with a search the test can wait for: bots only, so the table plays to its end.
    request = {"game": "muggins_shedding", "seed": 50, "seats": ["search:iterations=20", "search:iterations=20", "novice"]}
    table = asyncio.run(lobby.create(request))
    table.close()
    assert table.over and table.stopped is None and len(threads) > 5
    assert not any(threads), f"{sum(threads)} of {len(threads)} search decisions ran on the event loop's thread"


def test_a_window_let_stand_by_its_timer_plays_on_to_the_next_persons_turn(registry, records, monkeypatch):
    # The timer's task that lets the move stand is the one that plays the bots on; re-arming the timer
    # once cancelled that very task midway, leaving the match to a thread and the table silent.
    lobby = Lobby(registry, pace=0.01)
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 9}
    real_choose = NoviceBot.choose

    def slow(self, view, decision):
        time.sleep(QUICK_DECISION * 1.5)  # slow enough that the table plays these bots in the worker thread
        return real_choose(self, view, decision)

    monkeypatch.setattr(NoviceBot, "choose", slow)

    async def scenario():
        table = await lobby.create(request)
        own_turns = 0
        while own_turns < 6 and not table.over:
            async def my_turn():
                while _human_turns(table, 0, windows=False) is None and not table.over and table.stopped is None:
                    await asyncio.sleep(0.01)  # windows are left to the timer: it must bring the next turn
            await asyncio.wait_for(my_turn(), PATIENCE)
            assert table.stopped is None, table.stopped
            offer = _human_turns(table, 0, windows=False)
            if offer is None:
                break
            await table.act(0, offer.step, str(offer.decision.correct[0]))
            own_turns += 1
        table.close()
        return own_turns, table

    own_turns, table = asyncio.run(scenario())
    assert own_turns == 6 or table.over


def test_a_cancelled_answer_keeps_the_match_until_the_thinking_bot_has_moved(registry, records):
    # A connection that closes while its answer's bots think cancels the task holding the table's lock;
    # the lock must be held until the thread is done with the match, so no second thread touches it.
    lobby = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 3, "seats": ["human", "search:iterations=20", "search:iterations=20"], "seed": 4, "rules": {"target": 61}}
    inside = threading.Event()
    release = threading.Event()
    real_choose = SearchPlayer.choose

    def slow(self, view, decision):
        if not threading.current_thread() is threading.main_thread():
            inside.set()
            release.wait(PATIENCE)
        return real_choose(self, view, decision)

    async def scenario():
        table = await lobby.create(request)
        offer = _human_turns(table, 0)
        SearchPlayer.choose = slow
        try:
            answering = asyncio.ensure_future(table.act(0, offer.step, str(offer.decision.correct[0])))
            while not inside.is_set():
                await asyncio.sleep(0.01)
            answering.cancel()
            await asyncio.sleep(0.05)
            held_while_thinking = table.lock.locked()
            release.set()
            with pytest.raises(asyncio.CancelledError):
                await answering
        finally:
            SearchPlayer.choose = real_choose
            release.set()
        table.close()
        return held_while_thinking

    assert asyncio.run(scenario()) is True


def test_a_bot_that_fails_stops_the_table_with_a_line_every_seat_is_sent(registry, records, monkeypatch, capsys):
    lobby = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "search:iterations=5"], "seed": 2}

    def broken(self, view, decision):
        raise KeyError("counting")

    async def scenario():
        table = await lobby.create(request)
        subscriber = await table.join(0)
        monkeypatch.setattr(SearchPlayer, "choose", broken)
        offer = _human_turns(table, 0)
        await table.act(0, offer.step, str(offer.decision.correct[0]))
        frames = []
        while not subscriber.queue.empty():
            frames.append(subscriber.queue.get_nowait())
        table.close()
        return table, frames

    table, frames = asyncio.run(scenario())
    assert table.stopped == "seat 1's bot (search:iterations=5) failed: KeyError: 'counting'"
    assert [f["stopped"] for f in frames if f["type"] == "update"][-1] == table.stopped
    assert f"table {table.id} stopped: {table.stopped}" in capsys.readouterr().err


def test_a_bot_past_the_thinking_limit_is_stopped_with_no_move_made(registry, records, monkeypatch):
    import muggins_web.table as table_module

    lobby = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 2, "seats": ["human", "search:iterations=2000"], "seed": 2}
    # Without the game's prior the search simulates at every decision, checking the limit between simulations
    # (a prior may have it answer the expert's favourite unsearched).
    cribbage = type(registry.games["cribbage_muggins"])
    monkeypatch.setattr(cribbage, "capabilities", dataclasses.replace(cribbage.capabilities, search_prior=False))

    async def scenario():
        table = await lobby.create(request)
        table.thinking_limit.seconds = 0.0  # any decision that checks the limit is past it
        offer = _human_turns(table, 0)
        taken = table.match.taken
        await table.act(0, offer.step, str(offer.decision.correct[0]))
        table.close()
        return table, taken

    table, taken = asyncio.run(scenario())
    assert table.stopped is not None and table.stopped.startswith("seat 1's bot (search:iterations=2000) was stopped: thought for more than 0 s on one decision")
    decisions = table.match.writer.record.decisions
    assert len(decisions) >= taken + 1 and all(seat != 1 for seat, _ in decisions[taken + 1:])
    assert table_module.THINK_LIMIT > 0


def test_re_arming_the_timer_from_the_timers_own_task_does_not_cancel_the_play_it_is_doing(registry, records):
    # The task that let a move stand plays the bots on from it; when the window changes under it the
    # timer is re-armed from inside that task, and cancelling it there left a thread with the match.
    lobby = Lobby(registry, pace=5)
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 9}

    async def scenario():
        table = await lobby.create(request)

        async def timer_task():
            table.timer.task = asyncio.current_task()
            table.timer.task.key = ("an old window",)
            table.timer.arm(None, (), table.let_stand)
            await asyncio.sleep(0)  # the bots' play awaits here: it must go on
            return "played on"

        outcome = await asyncio.ensure_future(timer_task())
        table.close()
        return outcome

    assert asyncio.run(scenario()) == "played on"


def test_the_host_cannot_seat_a_search_past_the_webs_cap(registry, records):
    from muggins_web.bots import WEB_OPTION_MAX
    from muggins_web.table import Refused

    cap = WEB_OPTION_MAX[("search", "iterations")]
    lobby = Lobby(registry, pace=0)

    async def scenario():
        table = await lobby.create({"game": "cribbage_muggins", "players": 2, "seats": ["human", "expert"], "seed": 1, "start": "host"})
        with pytest.raises(Refused) as refused:
            await table.host("seat_bot", 0, "search:iterations=100000000")
        await table.host("seat_bot", 0, f"search:iterations={cap}")
        table.close()
        return str(refused.value), table.stand_ins

    line, stand_ins = asyncio.run(scenario())
    assert line == (f"seat 'search:iterations=100000000': iterations is at most {cap} at a browser table "
                    "(each of its decisions runs on the server everyone plays on), not 100000000")
    assert stand_ins == {0: f"search:iterations={cap}"}


@pytest.mark.parametrize("spec", ["search", "search:iterations=2000", "novice:error_rate=0.5", "search:iterations=lots", "wizard:x=1", ":"])
def test_a_seat_within_the_webs_bounds_or_one_the_seat_check_refuses_passes_the_web_check(spec):
    from muggins_web.bots import check_web_seat

    check_web_seat(spec)


def test_the_web_shows_the_lower_of_an_options_own_bound_and_its_cap():
    from muggins_web.bots import web_option_max

    assert web_option_max("search", "iterations", None) == 2000
    assert web_option_max("search", "iterations", 500) == 500
    assert web_option_max("novice", "error_rate", 1) == 1


def test_a_reopened_tab_is_not_told_again_of_a_card_shown_once_and_now_face_down(registry, records):
    from muggins.cards import parse_card

    lobby = Lobby(registry, pace=0)

    async def scenario():
        table = await lobby.create({"game": "muggins_shedding", "players": 3, "seats": ["human", "expert", "expert"], "seed": 6})
        hidden = sorted(str(card) for card in table.match.state.hidden_from(0))
        own = sorted({str(card) for card in table.game.deck(None, 3)} - set(hidden))[0]  # a card seat 0 sees
        table.history[0].append({"type": "penalty", "seat": 1, "card": hidden[0], "reveals": [hidden[0]]})
        table.history[0].append({"type": "note", "seat": 0, "card": own})
        told = await table.join(0)
        table.close()
        return hidden[0], own, told.queue.get_nowait()

    shown_once, own, hello = asyncio.run(scenario())
    named = [ev.get("card") for ev in hello["events"]]
    assert shown_once not in named
    assert own in named
    assert parse_card(shown_once)


def test_a_request_for_a_table_of_bots_is_answered_while_its_bots_still_think(client, monkeypatch):
    # The request used to wait for the bots' whole match: a table of two searches kept it open for minutes.
    thinking, release = threading.Event(), threading.Event()
    real_choose = SearchPlayer.choose

    def held(self, view, decision):
        thinking.set()
        release.wait(PATIENCE)
        return real_choose(self, view, decision)

    monkeypatch.setattr(SearchPlayer, "choose", held)
    safety = threading.Timer(PATIENCE, release.set)  # a broken server still ends the test
    safety.start()
    try:
        response = client.post("/api/tables", json={"game": "cribbage_muggins", "players": 2, "seed": 3,
                                                    "seats": ["search:iterations=50", "search:iterations=50"]})
        answered_before_the_bots = not release.is_set()
        listed = client.get("/api/tables").json()["tables"]
    finally:
        release.set()
        safety.cancel()
    assert response.status_code == 201 and answered_before_the_bots
    assert thinking.wait(PATIENCE) and [t["over"] for t in listed] == [False]
