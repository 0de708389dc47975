"""muggins.match_checks: seating bots with a front end's own players, checking seats and records, verifying and reopening — without Click."""

from __future__ import annotations

import io

import pytest

from muggins.engine import Match
from muggins.players import FRONT_END_KINDS, HUMAN, make_players
from muggins.records import RecordWriter, header_for, parse_record
from muggins.match_checks import RecordMismatch, SessionError, check_record_seats, check_seats, installed_game, reopen, seat_players, verify


class Remote:
    """A front end's player, as a browser table would seat one: it takes the first choice."""

    def __init__(self, seat):
        self.seat = seat
        self.asked = 0

    def choose(self, view, decision):
        self.asked += 1
        return decision.choices[0]


def _played(registry, tally, seats, seed=3, stop=None):
    """The text of a record of a match with `seats` (`human` seats answered by Remote players), cut after `stop` decisions."""
    state = tally.new(tally.Rules(), len(seats), seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(tally, tally.Rules(), len(seats), seed, seats), state.opening_events())
    Match(state, seat_players(registry, tally, seats, seed, front_end={HUMAN: Remote}), writer=writer).run()
    lines = stream.getvalue().splitlines(keepends=True)
    return "".join(lines if stop is None else lines[:2 + stop])


def test_a_front_end_seats_its_own_players_and_the_bots_play_as_without_it(registry, tally):
    seated = seat_players(registry, tally, ["expert", HUMAN, "novice:error_rate=0.5"], 9, front_end={HUMAN: Remote})
    assert isinstance(seated[1], Remote) and seated[1].seat == 1
    assert seated.plugins[1] is None and seated.plugins[0] is not None
    # a bot's stream depends on its seat and kind only: the same bots as a table with no person at it
    alone = make_players(registry, tally, ["expert", "random", "novice:error_rate=0.5"], 9)
    assert [type(p) for p in (seated[0], seated[2])] == [type(p) for p in (alone[0], alone[2])]
    assert seated[2].rng.random() == alone[2].rng.random()


def test_a_front_end_kind_nobody_answers_for_is_refused(registry, tally):
    with pytest.raises(ValueError, match=r"seat 1 is 'human' \(a person playing at this front end"):
        seat_players(registry, tally, ["expert", HUMAN], 1)
    with pytest.raises(SessionError, match="this runs bots only; choose seat kinds from: "):
        check_seats(registry, tally, ["expert", HUMAN])
    check_seats(registry, tally, ["expert", HUMAN], front_end=(HUMAN,))
    with pytest.raises(SessionError, match="player kind 'human' takes no options"):
        check_seats(registry, tally, ["human:speed=2"], front_end=(HUMAN,))
    with pytest.raises(SessionError, match=r"unknown seat kind 'wizard'; kinds for tally: human, "):
        check_seats(registry, tally, ["wizard"], front_end=(HUMAN,))
    assert set(FRONT_END_KINDS) == {HUMAN}


def test_a_record_is_checked_against_the_installed_game_and_its_seats(registry, tally):
    record = parse_record(_played(registry, tally, ["random", HUMAN, "expert"]))
    game, warning = installed_game(registry, record, source="r.jsonl")
    assert game is tally and warning is None
    check_record_seats(registry, tally, record, source="r.jsonl")
    record.version = "0.0-old"
    with pytest.raises(SessionError, match=r"^r.jsonl was recorded with tally version 0.0-old, but the installed tally is version "):
        installed_game(registry, record, source="r.jsonl")
    record.game = "cribbage"
    with pytest.raises(SessionError, match=r"^r.jsonl is a record of game 'cribbage', which is not installed; installed games: tally$"):
        installed_game(registry, record, source="r.jsonl")
    record.seats = ["random", HUMAN]
    with pytest.raises(SessionError, match=r"^r.jsonl: the header names 2 seat kinds for 3 players$"):
        check_record_seats(registry, tally, record, source="r.jsonl")


def test_verify_takes_front_end_choices_as_given_and_checks_every_bot(registry, tally):
    text = _played(registry, tally, ["novice", HUMAN, "random"], seed=5)
    verify(registry, tally, parse_record(text), source="r.jsonl")  # no exception: verified
    relabelled = text.replace('"seats": ["novice", "human", "random"]', '"seats": ["novice", "human", "expert"]', 1)
    assert relabelled != text
    with pytest.raises(RecordMismatch, match=r"^r.jsonl diverges at decision \d+: seat 2 \(expert\) would choose .*the header's seats did not play this match"):
        verify(registry, tally, parse_record(relabelled), source="r.jsonl")


def test_reopen_reaches_the_records_state_with_the_bots_caught_up(registry, tally):
    full = parse_record(_played(registry, tally, ["random", HUMAN, "novice"], seed=11))
    cut = parse_record(_played(registry, tally, ["random", HUMAN, "novice"], seed=11, stop=len(full.decisions) // 2))
    seated = seat_players(registry, tally, cut.seats, cut.seed, front_end={HUMAN: Remote})
    state = reopen(tally, cut, seated, given_like=Remote)
    assert seated[1].asked == 0  # a front-end seat's recorded choices are taken as given, never asked again
    # playing on from here gives the uninterrupted match's decisions: the bots' streams stood where they were
    stream = io.StringIO()
    writer = RecordWriter(stream, cut)
    Match(state, seated, writer=writer, narrate_opening=False).run()
    assert cut.decisions == full.decisions and cut.result == full.result


def test_reopen_refuses_a_record_its_seats_would_not_have_played(registry, tally):
    text = _played(registry, tally, ["random", "random", "expert"], seed=4)
    record = parse_record(text.replace('"seats": ["random", "random", "expert"]', '"seats": ["expert", "random", "expert"]', 1))
    record.result = None
    seated = seat_players(registry, tally, record.seats, record.seed)
    with pytest.raises(RecordMismatch, match=r"^r.jsonl does not match its seats at decision \d+: seat 0 \(expert\) would choose"):
        reopen(tally, record, seated, source="r.jsonl")


def test_a_record_made_by_other_bots_replays_but_its_bots_are_neither_checked_nor_caught_up(registry, tally, monkeypatch):
    text = _played(registry, tally, ["novice", HUMAN, "random"], seed=5)
    assert '"bots"' not in text  # a game whose bots never changed writes no field
    monkeypatch.setattr(type(tally), "bots_version", "2", raising=False)
    made_now = parse_record(_played(registry, tally, ["novice", HUMAN, "random"], seed=5))
    assert made_now.bots == "2" and '"bots": "2"' in made_now.dumps().splitlines()[0]
    assert verify(registry, tally, made_now) is None and verify(registry, tally, parse_record(made_now.dumps())) is None
    # the record from before: its moves still replay and verify; its bots' choices are said to be unchecked
    before = parse_record(text)
    assert verify(registry, tally, before, source="r.jsonl") == (
        "bot choices not checked: the match was played by the first bots of tally, which choose otherwise than the installed bots version 2")
    assert verify(registry, tally, parse_record(_played(registry, tally, [HUMAN, HUMAN, HUMAN], seed=5))) is None  # no bots: all checked
    cut = parse_record(_played(registry, tally, ["novice", HUMAN, "random"], seed=5, stop=4).replace(', "bots": "2"', ""))
    with pytest.raises(RecordMismatch, match=r"^r.jsonl was played by the first bots of tally, which choose otherwise than the installed bots version 2: "
                                             r"it replays \(muggins replay\), but its bot seats cannot take up where they left off$"):
        reopen(tally, cut, seat_players(registry, tally, cut.seats, cut.seed, front_end={HUMAN: Remote}), given_like=Remote, source="r.jsonl")


def test_the_bots_field_of_a_header_is_a_text():
    from muggins.records import RecordError

    head = '{"muggins_record": 1, "game": "tally", "version": "1", "rules": {}, "players": 2, "seed": 1, "seats": ["random", "random"], "bots": %s}\n{"opening": []}\n'
    assert parse_record(head % '"2"').bots == "2"
    with pytest.raises(RecordError, match=r"'bots' is 3; it must be a text version of the game's bots"):
        parse_record(head % "3")
