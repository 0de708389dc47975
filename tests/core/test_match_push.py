"""Match.advance and Match.submit: a server pushes a seat's answers in, and the record is the one run() writes."""

from __future__ import annotations

import io

import pytest

from muggins.actions import IllegalAction, NotYourTurn
from muggins.engine import Match, StaleAction
from muggins.players import make_players
from muggins.records import RecordWriter, header_for

SEATS = ["expert", "novice", "random"]


def _match(registry, tally, seed, seats=SEATS):
    state = tally.new(tally.Rules(), len(seats), seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(tally, tally.Rules(), len(seats), seed, seats), state.opening_events())
    players = make_players(registry, tally, seats, seed)
    return Match(state, players, writer=writer, registry=registry), stream, players


@pytest.mark.parametrize("seed", range(5))
def test_pushing_one_seats_answers_writes_the_record_run_writes(registry, tally, seed):
    ran, expected, _ = _match(registry, tally, seed)
    ran.run()
    pushed, written, players = _match(registry, tally, seed)
    remote = 1  # the front end answers for seat 1, with the very choices its bot would make
    asked = 0
    decision = pushed.advance(lambda seat: seat == remote)
    while decision is not None:
        assert decision.seat == remote and decision == pushed.pending()
        answer = players[remote].choose(pushed.state.view(remote), decision)
        pushed.submit(remote, str(answer), step=pushed.taken)
        asked += 1
        decision = pushed.advance(lambda seat: seat == remote)
    assert asked > 0 and pushed.state.result() is not None
    assert written.getvalue() == expected.getvalue()  # byte for byte, the result line included


def test_stale_wrong_seat_and_impossible_answers_change_nothing(registry, tally):
    match, stream, _ = _match(registry, tally, 2)
    decision = match.advance(lambda seat: True)
    step, before = match.taken, stream.getvalue()
    other = (decision.seat + 1) % 3
    with pytest.raises(StaleAction, match=f"answer for step {step - 1}, but the match is at step {step}"):
        match.submit(decision.seat, str(decision.choices[0]), step=step - 1)
    with pytest.raises(NotYourTurn, match=f"seat {other} answered, but seat {decision.seat} is to act"):
        match.submit(other, str(decision.choices[0]), step=step)
    with pytest.raises(IllegalAction, match="'nonsense' is not a choice here"):
        match.submit(decision.seat, "nonsense", step=step)
    assert match.taken == step and stream.getvalue() == before and match.pending() == decision
    events = match.submit(decision.seat, decision.choices[0], step=step)
    assert match.taken == step + 1 and stream.getvalue() != before and isinstance(events, list)
    with pytest.raises(StaleAction):  # the same answer again, a double click
        match.submit(decision.seat, decision.choices[0], step=step)


def test_advance_without_a_seat_to_stop_for_is_run(registry, tally):
    ran, expected, _ = _match(registry, tally, 7)
    result = ran.run()
    advanced, written, _ = _match(registry, tally, 7)
    assert advanced.advance() is None and advanced.advance(lambda seat: False) is None
    assert written.getvalue() == expected.getvalue() and advanced.state.result() == result
    with pytest.raises(IllegalAction, match="the match is over"):
        advanced.submit(0, "pass")
