"""What each seat is told happened, as the session gives it (`Session.events_since`, `frame(since=)`, `turn_mark`), against what a listener heard.

A front end that pushes answers in and frames its seats after each
`advance` used to be given no events unless it dug them out of the record
itself: a seat's frame held none while a listener of the same match had
heard eleven. Here a listener hears the whole match while the front end
frames every seat (and a spectator) from the mark it was last given; each
frame's events are exactly what the listener heard that the seat may see,
and never an event addressed to another seat.
"""

from __future__ import annotations

import pytest

from muggins.plugins import load_registry
from muggins.projection import visible_events
from muggins.session import PushedSeat, Session
from muggins.store import RecordStore


def _first_choice(offer) -> str:
    return str((offer.decision.correct or offer.decision.choices)[0])


@pytest.fixture
def fishing(monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["willughby_fishing"])
    return registry, registry.game("willughby_fishing")


@pytest.mark.plugins
def test_each_seat_is_framed_with_what_a_listener_heard_that_it_may_see(fishing, tmp_path):
    registry, game = fishing
    players = game.default_players
    seats = ["human", "human"] + ["random"] * (players - 2)
    heard = []
    audience = [0, 1, None]
    with Session.start(registry, game, game.Rules(), players, seats, 4, RecordStore(tmp_path), listeners=[lambda _game, ev: heard.append(ev)]) as session:
        marks = {seat: 0 for seat in audience}
        told_before = 0
        private_elsewhere = 0  # events heard that seat 0 may not see: the check below has something to keep out
        for _ in range(12):
            offers = session.advance()
            new = heard[told_before:]
            told_before = len(heard)
            assert session.frame(0)["events"] == []  # a frame is given the events it shows, or a mark to take them from
            for seat in audience:
                frame = session.frame(seat, since=marks[seat])
                assert frame["events"] == visible_events(new, seat)
                assert all("to" not in ev or seat in ev["to"] for ev in frame["events"])
                assert session.events_since(seat, marks[seat]) == (frame["events"], frame["mark"])
                marks[seat] = frame["mark"]
            private_elsewhere += sum(1 for ev in new if "to" in ev and 0 not in ev["to"])
            if not offers:
                break
            pending = next(o for o in offers.values() if o.pending)
            session.answer(pending.seat, _first_choice(pending), pending.step)
        assert len(heard) > 11 and private_elsewhere > 0
        # From the beginning: the whole match so far as each seat saw it, the opening first.
        everything, mark = session.events_since(1)
        assert everything == visible_events(heard, 1) and mark == len(session.record.decisions) + 1
        assert session.events_since(1, mark) == ([], mark)


@pytest.mark.plugins
def test_the_turn_mark_tells_a_reopened_seat_its_last_decision_and_what_followed(fishing, tmp_path):
    registry, game = fishing
    players = game.default_players
    seats = ["human"] + ["random"] * (players - 1)
    store = RecordStore(tmp_path)
    with Session.start(registry, game, game.Rules(), players, seats, 9, store) as session:
        assert session.turn_mark(0) == 0  # no decision yet: from the beginning, the opening included
        for _ in range(3):
            offers = session.advance()
            session.answer(0, _first_choice(offers[0]), offers[0].step)
        session.advance()
        path = session.path
        decisions = list(session.record.decisions)
    last = max(n for n, (seat, _action) in enumerate(decisions) if seat == 0)
    with Session.reopen(registry, store, path, given_like=PushedSeat) as reopened:
        mark = reopened.turn_mark(0)
        told, _end = reopened.events_since(0, mark)
        expected = [ev for step in reopened.record.events[last:] for ev in step]
        assert mark == last + 1 and told == visible_events(expected, 0) and told
        for seat in range(1, players):
            assert all("to" not in ev or seat in ev["to"] for ev in reopened.events_since(seat)[0])


def test_a_mark_the_match_never_gave_is_refused(registry, tally, tmp_path):
    with Session.start(registry, tally, tally.Rules(), 2, ["human", "random"], 1, RecordStore(tmp_path)) as session:
        _events, mark = session.events_since(0)
        for wrong in (-1, mark + 1, True, "0"):
            with pytest.raises(ValueError, match="is not a mark of this match"):
                session.events_since(0, wrong)
