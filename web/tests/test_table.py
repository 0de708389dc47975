"""Tables without HTTP: whole matches of every shipped game with scripted people, every frame checked for privacy; windows shown to every responder at once; the window's timer, for the windows that ask for a check too when the host times them."""

from __future__ import annotations

import asyncio
import itertools
import time

import pytest

from muggins.engine import LazyView
from muggins.records import read_record
from muggins.match_checks import seat_players, verify
from muggins.testing import check_update_privacy, hidden_snapshot
from muggins_web.lobby import Lobby
from muggins_web.table import Observer, Refused, RemoteSeat


class PrivacyWatch(Observer):
    """Checks every frame a table sends with the contract kit's privacy rule, against what was hidden before the change."""

    def __init__(self) -> None:
        self.before = None
        self.frames = 0
        self.seats_framed: set = set()
        super().__init__(changing=self._changing, sent=self._sent)

    def _changing(self, state) -> None:
        self.before = hidden_snapshot(state)

    def _sent(self, state, seat, frame) -> None:
        assert "correct" not in (frame.get("decision") or {})
        check_update_privacy(state, seat, frame, f"frame {self.frames} to seat {seat}", self.before)
        self.frames += 1
        self.seats_framed.add(seat)


async def _play(lobby, request, chooser_spec, *, early_first=True, watch_subscribers=True):
    """Make a table, connect every human seat and a spectator, and answer every offer with a bot's choice until the match ends."""
    table = await lobby.create(request)
    game = table.game
    choosers = seat_players(lobby.registry, game, [chooser_spec] * len(table.kinds), 99)
    if watch_subscribers:
        for seat in [*table.humans, None]:
            await table.join(seat)
    answered = early = 0
    while not table.over:
        offers = sorted(table.offers.values(), key=lambda o: (o.pending if early_first else not o.pending, o.seat))
        open_offers = [o for o in offers if o.answer is None]
        assert open_offers, "a human decision is pending but nothing is offered"
        offer = open_offers[0]
        state = table.match.state
        action = choosers[offer.seat].choose(LazyView(state, offer.seat) if offer.pending else state.view(offer.seat), offer.decision)
        early += not offer.pending
        await table.act(offer.seat, offer.step, str(action))
        answered += 1
    return table, answered, early


@pytest.mark.parametrize("request_body, chooser", [
    ({"game": "muggins_shedding", "players": 3, "seats": ["human", "human", "novice:error_rate=0.3"], "seed": 21}, "novice:error_rate=0.3"),
    ({"game": "cribbage_muggins", "players": 3, "seats": ["human", "novice", "human"], "rules": {"target": 61}, "seed": 22}, "novice"),
    ({"game": "willughby_fishing", "players": 5, "seats": ["human", "novice", "human", "novice", "expert"], "seed": 23}, "novice"),
])
def test_every_frame_of_a_whole_match_to_every_seat_and_spectator_passes_the_privacy_rule(registry, records, request_body, chooser):
    watch = PrivacyWatch()
    lobby = Lobby(registry, pace=0, observer=watch)
    table, answered, early = asyncio.run(_play(lobby, request_body, chooser))
    assert answered > 20 and watch.frames > answered
    assert watch.seats_framed == {*table.humans, None}
    record = read_record(table.path)
    assert record.result is not None
    verify(registry, table.game, record, given_like=RemoteSeat)


def test_a_window_is_offered_to_every_human_responder_at_once_and_settled_in_seat_order(registry, records):
    lobby = Lobby(registry, pace=0)
    request = {"game": "muggins_shedding", "players": 4, "seats": ["expert", "human", "human", "human"], "seed": 5}

    async def first_window_with_three():
        table = await lobby.create(request)
        choosers = seat_players(registry, table.game, ["expert"] * 4, 1)
        while len(table.offers) < 2:
            offer = next(iter(table.offers.values()))
            await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))
        return table

    async def scenario():
        table = await first_window_with_three()
        offers = sorted(table.offers.values(), key=lambda o: o.step)
        taken = table.match.taken
        assert [o.step for o in offers] == list(range(taken, taken + len(offers)))
        assert offers[0].pending and not any(o.pending for o in offers[1:])
        window = table.match.state.open_window()
        assert [o.seat for o in offers] == [s for s in window.remaining if s in table.seat_tokens][: len(offers)]
        # The later responders answer first: nothing is submitted until the first one answers.
        for offer in offers[1:]:
            standing = offer.decision.standing or offer.decision.choices[0]
            await table.act(offer.seat, offer.step, str(standing))
            assert table.match.taken == taken
        with pytest.raises(Refused, match="already answered"):
            await table.act(offers[1].seat, offers[1].step, str(offers[1].decision.choices[0]))
        await table.act(offers[0].seat, offers[0].step, str(offers[0].decision.standing or offers[0].decision.choices[0]))
        return table, offers, taken

    table, offers, taken = asyncio.run(scenario())
    record = read_record(table.path)
    answered = record.decisions[taken: taken + len(offers)]
    assert [seat for seat, _ in answered] == [o.seat for o in offers]


def test_the_windows_timer_lets_the_move_stand_and_a_late_answer_is_stale(registry, records):
    lobby = Lobby(registry, pace=0.05)
    request = {"game": "muggins_shedding", "players": 3, "seats": ["expert", "human", "expert"], "seed": 7}

    async def scenario():
        table = await lobby.create(request)
        choosers = seat_players(registry, table.game, ["expert"] * 3, 1)
        while table.match.state.open_window() is None or not table.offers:
            offer = table.offers[1]
            await table.act(1, offer.step, str(choosers[1].choose(table.match.state.view(1), offer.decision)))
        offer = table.offers[1]
        assert not offer.decision.waits
        step = offer.step
        hello = (await table.join(1)).queue.get_nowait()  # a tab opened now counts down what is left of the pace
        assert hello["window"] is True and 0 <= hello["window_left"] <= 0.05
        for _ in range(400):  # the pace passes with no answer: wait (on a busy machine too) for the timer's answer
            if table.match.taken > step:
                break
            await asyncio.sleep(0.05)
        recorded = table.match.writer.record.decisions[step]
        with pytest.raises(Refused):
            await table.act(1, step, str(offer.decision.choices[0]))
        table.close()
        return recorded, offer

    (seat, action), offer = asyncio.run(scenario())
    assert seat == 1 and action == str(offer.decision.standing)


#: A count window both people answer (seat 2's bot counts, seats 0 and 1 respond), reached after a few turns of their own.
CHECK_WINDOW_TABLE = {"game": "cribbage_muggins", "players": 3, "seats": ["human", "human", "expert"], "seed": 2, "rules": {"target": 61}}
#: Seconds a test waits for something a working table does at once: only a broken one reaches it.
PATIENCE = 60


async def _first_check_window(table):
    """Play the people's own turns (the timer lets the other windows stand) until people are offered a window that waits: their offers."""
    choosers = seat_players(table.registry, table.game, ["expert"] * len(table.kinds), 1)

    async def reach():
        while True:
            waiting = [o for o in table.offers.values() if o.answer is None and o.window is not None and o.decision.waits]
            if waiting:
                return sorted(waiting, key=lambda o: o.step)
            assert not table.over and table.stopped is None, table.stopped
            # A seat's turn, or its lay-away in a group laying away at once (answered before its turn).
            own = [o for o in table.offers.values() if o.to_answer_now and o.window is None]
            if own:
                offer = own[0]
                await table.act(offer.seat, offer.step, str(choosers[offer.seat].choose(table.match.state.view(offer.seat), offer.decision)))
            else:
                await asyncio.sleep(0.01)

    return await asyncio.wait_for(reach(), PATIENCE)


def test_a_table_whose_checks_are_timed_lets_a_count_window_stand_for_every_silent_responder_after_the_pace(registry, records):
    lobby = Lobby(registry, pace=0.05)

    async def scenario():
        table = await lobby.create({**CHECK_WINDOW_TABLE, "checks": "timed"})
        offers = await _first_check_window(table)
        assert [o.seat for o in offers] == [0, 1] and all(o.decision.kind == "respond" for o in offers)
        hello = (await table.join(0)).queue.get_nowait()
        assert hello["checks"] == "timed" and hello["window"] is True and hello["window_left"] is not None
        step = offers[0].step

        async def passed():
            while table.match.taken <= offers[-1].step:
                await asyncio.sleep(0.01)
        await asyncio.wait_for(passed(), PATIENCE)  # nobody answers: the timer must
        recorded = table.match.writer.record.decisions[step: step + len(offers)]
        with pytest.raises(Refused):
            await table.act(0, step, str(offers[0].decision.choices[0]))
        table.close()
        return recorded, offers

    recorded, offers = asyncio.run(scenario())
    # Letting the count stand is every silent responder's standing answer ("accept": no claim), as in any timed window.
    assert recorded == [(o.seat, str(o.decision.standing)) for o in offers]


def test_a_table_whose_checks_wait_keeps_a_count_window_open_when_its_time_would_be_up(registry, records):
    lobby = Lobby(registry, pace=0.05)

    async def scenario():
        table = await lobby.create(CHECK_WINDOW_TABLE)  # the default: checks wait
        offers = await _first_check_window(table)
        step = table.match.taken
        hello = (await table.join(0)).queue.get_nowait()
        assert hello["checks"] == "wait" and hello["window"] is True and hello["window_left"] is None
        assert table.timer.task is None  # no timer runs for it
        await table.let_stand(table.window_key())  # what the timer does when the pace is up: a check is not let stand
        await asyncio.sleep(0.2)  # four paces pass
        still = table.match.taken, [(o.seat, o.step, o.answer) for o in sorted(table.offers.values(), key=lambda o: o.step)]
        await table.act(0, offers[0].step, str(offers[0].decision.standing))  # the people's answers settle it as ever
        await table.act(1, offers[1].step, str(offers[1].decision.standing))
        after = table.match.taken
        table.close()
        return step, offers, still, after

    step, offers, (taken, open_offers), after = asyncio.run(scenario())
    assert taken == step and open_offers == [(o.seat, o.step, None) for o in offers]
    assert after > offers[-1].step


def test_the_privacy_watch_catches_a_frame_that_names_a_hidden_card(registry, records, monkeypatch):
    game = registry.games["muggins_shedding"]
    monkeypatch.setattr(type(game), "render", lambda self, view, seat: "the pack: " + " ".join(str(c) for c in self.deck(None, 3)))
    lobby = Lobby(registry, pace=0, observer=PrivacyWatch())
    with pytest.raises(AssertionError, match="names cards hidden from it"):
        asyncio.run(_play(lobby, {"game": "muggins_shedding", "players": 3, "seats": ["human"], "seed": 1}, "expert"))


def test_an_early_window_answer_is_never_taken_for_another_decision_at_the_same_step(registry, records):
    # Seat 1 answers a window early; seat 0's claim before it settles the window, and at that same step
    # seat 1 is later asked something else: its old answer must not stand for the new decision.
    lobby = Lobby(registry, pace=0)
    request = {"game": "cribbage_muggins", "players": 3, "seed": 12, "seats": ["human", "human", "novice:miss_rate=0.5"], "rules": {"target": 61}}
    table, answered, early = asyncio.run(_play(lobby, request, "expert", watch_subscribers=False))
    assert table.over and early > 0


def test_a_bot_kind_plays_on_the_loop_after_quick_decisions_and_back_in_the_thread_after_a_slow_one():
    from muggins_web.table import QUICK_DECISION, QUICK_IN_A_ROW, BotClock

    clock, kind = BotClock(), ("cribbage_muggins", "search")
    assert not clock.quick(kind)  # every kind starts in the thread
    for _ in range(QUICK_IN_A_ROW):
        clock.took(kind, QUICK_DECISION / 10)
    assert clock.quick(kind) and not clock.quick(("cribbage_muggins", "novice"))
    clock.took(kind, QUICK_DECISION * 2)  # one slow decision: back to the thread, twice as many quick ones to come back
    for _ in range(2 * QUICK_IN_A_ROW - 1):
        clock.took(kind, QUICK_DECISION / 10)
    assert not clock.quick(kind)
    clock.took(kind, QUICK_DECISION / 10)
    assert clock.quick(kind)


def test_a_lobbys_tables_share_what_they_learn_of_a_bot_kinds_speed(registry, records, monkeypatch):
    from muggins_shedding.bots import NoviceBot

    # The bot clock reads a clock of the test's own, on which every decision takes a tenth of the quick
    # bound; the novices themselves are made slower than that bound in wall-clock time, as on a busy
    # machine, which must change nothing.
    from muggins_web.table import QUICK_DECISION

    real_choose = NoviceBot.choose

    def busy_machine(self, view, decision):
        time.sleep(QUICK_DECISION * 1.5)
        return real_choose(self, view, decision)

    monkeypatch.setattr(NoviceBot, "choose", busy_machine)
    lobby = Lobby(registry, pace=0)
    readings = itertools.count()
    lobby.bot_clock.now = lambda: next(readings) * QUICK_DECISION / 10
    request = {"game": "muggins_shedding", "players": 3, "seats": ["human", "novice", "novice"], "seed": 3}

    async def two_tables():
        first = await lobby.create(request)
        for _ in range(4):
            offer = first.offers[0]
            await first.act(0, offer.step, str(offer.decision.standing or offer.decision.choices[0]))
        second = await lobby.create({**request, "seed": 4})
        first.close(), second.close()
        return first, second

    first, second = asyncio.run(two_tables())
    assert first.bots.clock is second.bots.clock is lobby.bot_clock and lobby.bot_clock.quick(("muggins_shedding", "novice"))
