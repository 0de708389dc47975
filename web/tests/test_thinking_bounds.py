"""What bounds a thinking bot at a browser table: the thinking limit holds inside one simulation, and one table's bot never holds up another's.

A search whose single rollout never ends (a shedding match of ten
thousand hands, each allowed ten million exposures) must still stop when
its limit says so, making no move; and a bot blocked at one table must
not keep a bot at another table from moving. Nothing here is timed: the
blocking bots wait on events the other table's move sets, with a
patience only a broken server reaches.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from muggins.engine import LazyView, Match, make_players
from muggins.thinking import ThinkingLimit, ThinkingStopped, limited
from muggins_shedding.state import SheddingState
from muggins_web.lobby import Lobby

#: Seconds a blocked bot waits for its release: only a broken server reaches it.
PATIENCE = 60
#: Cards turned in the search's imagined matches after which the test's limit is stopped, and after which a search that did not stop fails the test.
STOP_AFTER, NEVER_PAST = 300, 30_000


class RolloutNotStopped(Exception):
    """A rollout played on long after its limit was stopped."""


def test_a_search_whose_one_rollout_never_ends_stops_inside_it_when_its_limit_says_stop(registry, monkeypatch):
    game = registry.game("muggins_shedding")
    rules = game.Rules(hands=10000, turn_limit=10_000_000)
    state = game.new(rules, 3, 5)
    # Every choice searched (the correct one alone would be taken unsearched), novices playing each imagined match out.
    seats = ["search:rollout=novice,horizon=false,iterations=2000,only_correct=false", "expert", "expert"]
    players = make_players(registry, game, seats, 5)
    match = Match(state, players, narrate_opening=False)
    waiting = match.advance(lambda seat: seat == 0)  # the search's first decision
    limit = ThinkingLimit(None)
    played = [0]
    real_expose = SheddingState._expose

    def counted(self, events):  # from here on, a card is turned only in the search's imagined matches
        played[0] += 1
        if played[0] == STOP_AFTER:
            limit.stop("told to stop")
        if played[0] > NEVER_PAST:
            raise RolloutNotStopped(f"{played[0]} cards turned, the last {NEVER_PAST - STOP_AFTER} after the stop")
        return real_expose(self, events)

    monkeypatch.setattr(SheddingState, "_expose", counted)
    limit.begin()
    with limited(limit), pytest.raises(ThinkingStopped, match="told to stop"):
        players[0].choose(LazyView(match.state, 0), waiting)
    assert STOP_AFTER <= played[0] < NEVER_PAST
    assert players[0].simulations == 0  # stopped inside its first simulation


def test_a_bot_blocked_at_one_table_does_not_keep_another_tables_bot_from_moving(registry, records, monkeypatch):
    from muggins.search.player import SearchPlayer

    # Both tables' bots think (a search never plays on the event loop). The first table's blocks until
    # the second table's has moved; with one thread for every table's thinking, the second waits behind
    # the first and the first is only let go by its patience.
    first_inside, second_moved = threading.Event(), threading.Event()
    released_by_the_other_table = []
    real_choose = SearchPlayer.choose

    def held(self, view, decision):
        if threading.current_thread() is threading.main_thread():
            return real_choose(self, view, decision)
        if not first_inside.is_set():
            first_inside.set()
            released_by_the_other_table.append(second_moved.wait(PATIENCE))
        else:
            second_moved.set()
        return real_choose(self, view, decision)

    monkeypatch.setattr(SearchPlayer, "choose", held)
    lobby = Lobby(registry, pace=0)
    # Seed 2: the search lays away to the crib first in seat order, but everyone lays away at once and a search
    # (which samples the match) answers in its turn once the person has: each table's person lays away, then its bot thinks.
    request = {"game": "cribbage_muggins", "players": 2, "seats": ["search:iterations=5", "human"], "rules": {"target": 61}, "seed": 2}

    async def lay_away(table):
        while 1 not in table.offers:
            await asyncio.sleep(0.01)
        offer = table.offers[1]
        assert offer.group is not None and not offer.pending  # offered before the search's turn
        return asyncio.ensure_future(table.act(1, offer.step, str(offer.decision.choices[0])))

    async def scenario():
        first = await lobby.create(request, wait=False)
        answers = [await lay_away(first)]
        while not first_inside.is_set():
            await asyncio.sleep(0.01)
        second = await lobby.create(request, wait=False)
        answers.append(await lay_away(second))
        await asyncio.wait_for(asyncio.gather(*answers), PATIENCE)
        while not (released_by_the_other_table and (1 in second.offers and second.offers[1].step > 1 or second.stopped)):
            await asyncio.sleep(0.01)
        lobby.close_all()
        return first, second

    first, second = asyncio.run(scenario())
    assert released_by_the_other_table == [True]
    assert second.stopped is None and 1 in second.offers
