"""A whole match of each shipped game through the core's `Session` and `RecordStore` alone: no terminal, no browser.

The test is the front end: it answers the `human` seats (each a `PushedSeat`
the engine never asks) with whatever it is offered, answering a challenge
window's later responders early so the session submits them in polling
order; bots play the other seats. The record the store made then verifies
end to end (`muggins.match_checks.verify`), and reopening it half way through
plays on to the same result.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from muggins.plugins import load_registry
from muggins.records import read_record
from muggins.session import AnswerRefused, PushedSeat, Session
from muggins.match_checks import verify
from muggins.store import RecordStore

GAMES = ["muggins_shedding", "willughby_fishing", "cribbage_muggins"]


def _answer_everything(session: Session, stop_after: int | None = None) -> tuple[int, int]:
    """Answer every offer (first correct choice, else the first) until the match is over, or `stop_after` answers: the answers given, and how many early."""
    given = early = 0
    offers = session.advance()
    while offers:
        # Later responders first, so their answers wait for their turn; then the pending one, which plays on.
        for offer in sorted(offers.values(), key=lambda o: o.pending):
            if offer.answer is not None:
                continue
            choice = (offer.decision.correct or offer.decision.choices)[0]
            session.answer(offer.seat, str(choice), offer.step)
            given += 1
            early += not offer.pending
            if stop_after is not None and given >= stop_after:
                return given, early
        offers = session.advance()
    return given, early


@pytest.mark.plugins
@pytest.mark.parametrize("name", GAMES)
def test_a_whole_match_through_the_session_alone_verifies(name, tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=[name])
    game = registry.game(name)
    players = game.default_players
    people = 2 if players > 2 else 1  # two people, so one answers a window before its turn
    seats = ["human"] * people + ["expert"] * (players - people)
    store = RecordStore(tmp_path / "records")
    session = Session.start(registry, game, game.Rules(), players, seats, 11, store)
    with session:
        assert isinstance(session.players[0], PushedSeat) and re.fullmatch(rf"muggins-{name}-[0-9a-f]{{10}}\.jsonl", Path(session.path).name)
        frame = session.frame(0)
        assert frame["over"] is False
        answered, early = _answer_everything(session)
        assert session.over and answered > 0
        assert early > 0 or name == "cribbage_muggins"  # cribbage's two seats never wait on a window together
        result = session.result()
        assert session.frame(0)["result"] == result.to_dict()
        with pytest.raises(AnswerRefused):
            session.answer(0, "anything", session.match.taken)
    assert store.latest_unfinished() is None and [i.finished for i in store.infos()] == [True]
    record = read_record(session.path)
    assert record.result == result.to_dict()
    assert verify(registry, game, record, given_like=PushedSeat) is None


@pytest.mark.plugins
@pytest.mark.parametrize("name", GAMES)
def test_a_session_reopened_half_way_plays_on_to_the_same_result(name, tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=[name])
    game = registry.game(name)
    players = game.default_players
    seats = ["human"] + ["expert"] * (players - 1)
    whole = RecordStore(tmp_path / "whole")
    with Session.start(registry, game, game.Rules(), players, seats, 12, whole) as session:
        _answer_everything(session)
        expected = session.result()
    halves = RecordStore(tmp_path / "halves")
    with Session.start(registry, game, game.Rules(), players, seats, 12, halves) as session:
        _answer_everything(session, stop_after=3)
        path = session.path
    assert halves.latest_unfinished() is not None and str(halves.latest_unfinished()) == path
    with Session.reopen(registry, halves, path, given_like=PushedSeat) as reopened:
        _answer_everything(reopened)
        assert reopened.result() == expected
    assert halves.latest_unfinished() is None


def test_notes_beside_a_record_are_written_whole_and_listed(tmp_path):
    store = RecordStore(tmp_path)
    record = tmp_path / "muggins-tally-1.jsonl"
    store.write_note(record, "tokens", {"table": "t1"})
    with pytest.raises(FileExistsError):
        store.write_note(record, "tokens", {"table": "t2"})
    store.update_note(record, "tokens", names={"0": "Ann"})
    assert store.read_note(record, "tokens") == {"table": "t1", "names": {"0": "Ann"}}
    assert (store.note_path(record, "tokens").stat().st_mode & 0o777) == 0o600
    assert list(store.noted("tokens")) == [(str(record), store.note_path(record, "tokens"))]


def _to_a_window_of_two_people(session: Session) -> dict:
    """Answer the pending offers until a window offers a later responder its decision beside the pending seat's: those offers."""
    offers = session.advance()
    for _ in range(300):
        if any(not o.pending for o in offers.values()) and any(o.pending for o in offers.values()):
            return offers
        pending = next(o for o in offers.values() if o.pending)
        session.answer(pending.seat, str((pending.decision.correct or pending.decision.choices)[0]), pending.step)
        offers = session.advance()
    raise AssertionError("no window was open to a later person beside the pending one")


@pytest.mark.plugins
def test_an_early_answer_stays_kept_when_the_pending_seat_answers_and_goes_in_its_turn(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    with Session.start(registry, game, game.Rules(), 3, ["human", "human", "expert"], 31, RecordStore(tmp_path)) as session:
        offers = _to_a_window_of_two_people(session)
        later = next(o for o in offers.values() if not o.pending)
        pending = next(o for o in offers.values() if o.pending)
        text = str(later.decision.standing or later.decision.choices[0])
        assert session.responders()[:1] == [pending.seat] and later.seat in session.responders()
        session.answer(later.seat, text, later.step)
        assert pending.seat in session.responders() and later.seat not in session.responders()  # whom the window still waits for
        assert session.early_answers() == {str(later.seat): {"step": later.step, "answer": text, "window": list(later.window)}}
        session.answer(pending.seat, str(pending.decision.standing or pending.decision.choices[0]), pending.step)
        assert session.offers[later.seat].answer == text  # not dropped with the pending seat's offer
        session.advance()
        assert session.match.taken > later.step and tuple(session.match.writer.record.decisions[later.step]) == (later.seat, text)


@pytest.mark.plugins
def test_advance_until_stops_before_a_bot_and_check_answer_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    asked = []
    with Session.start(registry, game, game.Rules(), 3, ["expert", "human", "expert"], 5, RecordStore(tmp_path)) as session:
        offers = session.advance(until=lambda seat: asked.append(seat) or True)
        assert session.match.taken == 0 and asked == [0] and session.match.pending().seat == 0 and offers == {}
        asked.clear()
        offers = session.advance(until=lambda seat: asked.append(seat) or False)
        assert asked and asked[-1] == 1 and set(offers) == {1}  # the front end's seat is asked about too
        offer = offers[1]
        taken = session.match.taken
        with pytest.raises(AnswerRefused, match="is not one of seat 1's choices"):
            session.check_answer(1, "no such choice", offer.step)
        assert session.check_answer(1, str(offer.decision.choices[0]), offer.step) is offer
        assert session.match.taken == taken and offer.answer is None


@pytest.mark.plugins
def test_a_seat_given_to_a_bot_plays_on_and_given_back_is_offered_again(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    from muggins.match_checks import seat_players

    made = seat_players(registry, game, ["human", "expert", "expert"], 7, front_end={"human": PushedSeat})
    with Session.start(registry, game, game.Rules(), 3, ["human", "expert", "expert"], 7, RecordStore(tmp_path), seated=made) as session:
        assert session.players[1] is made[1]  # the players made first are the match's
        assert set(session.advance()) == {0}
        session.seat_bot(0, seat_players(registry, game, ["expert"], 7)[0])
        assert 0 not in session.offers and not session.answered_here
        session.seat_front_end(0, PushedSeat(0))
        assert set(session.advance()) == {0} and session.match.pending().seat == 0
        session.seat_bot(0, seat_players(registry, game, ["expert"], 7)[0])
        assert session.advance() == {} and session.over and session.result() is not None


@pytest.mark.plugins
def test_reoffer_keeps_an_early_answer_restored_for_the_same_window_and_step_only(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    with Session.start(registry, game, game.Rules(), 3, ["human", "human", "expert"], 31, RecordStore(tmp_path)) as session:
        offers = _to_a_window_of_two_people(session)
        later = next(o for o in offers.values() if not o.pending)
        text = str(later.decision.choices[0])
        session.restore_early({str(later.seat): {"step": later.step, "answer": text, "window": list(later.window)}})
        restored = session.offers[later.seat]  # on the decision it answers at once, so a frame built now shows it answered
        assert (restored.answer, restored.decision is not None) == (text, True)
        kept = session.reoffer()[later.seat]
        assert (kept.answer, kept.step, kept.decision is not None) == (text, later.step, True)
        session.restore_early({str(later.seat): {"step": later.step + 1, "answer": text, "window": list(later.window)}})
        assert session.reoffer()[later.seat].answer is None


@pytest.mark.plugins
def test_a_start_whose_opening_write_fails_half_way_keeps_the_record_and_releases_it(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    import os

    import muggins.session as session_module
    from muggins.records import RecordWriteError
    from muggins.session import NotStarted

    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")

    def half_written(stream, header, opening):
        stream.size += os.write(stream.fd, b'{"header": ')
        raise RecordWriteError("muggins-muggins_shedding-3.jsonl", "No space left on device")

    monkeypatch.setattr(session_module.RecordWriter, "start", staticmethod(half_written))
    streams = []
    with pytest.raises(NotStarted) as caught:
        Session.start(registry, game, game.Rules(), 3, ["human", "expert", "expert"], 3, RecordStore(tmp_path), on_record=streams.append)
    assert caught.value.kept and os.path.exists(caught.value.path)
    assert streams[0].fd == -1  # released, so it can be reopened and continued
