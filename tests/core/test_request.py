"""muggins.request and what the session builds on it: a request filled and refused before any file exists, `Session.open` with a
`FrontEnd`, the finished flag, a stand-in bot made by the core, and a record removed through its store with its notes."""

from __future__ import annotations

import pytest

from muggins.players import HUMAN
from muggins.request import CheckedRequest, MatchRequest, RequestRefused
from muggins.session import FrontEnd, PushedSeat, Session
from muggins.match_checks import SessionError, default_opponent, seat_players, stand_in_bot
from muggins.store import RecordStore


def test_a_request_leaving_everything_open_seats_a_person_first_and_the_default_opponent_after(registry, tally):
    checked = MatchRequest("tally").check(registry)
    assert checked.game is tally and checked.players == tally.default_players
    assert checked.seats == (HUMAN,) + (default_opponent(registry, tally),) * (tally.default_players - 1)
    assert checked.rules == tally.Rules()
    # No seed chosen: one is drawn in secret and committed to.
    assert checked.deal is not None and checked.deal.seed == checked.seed and checked.deal.checks()


def test_a_bots_only_request_fills_its_seats_with_experts_and_a_chosen_seed_commits_to_nothing(registry):
    checked = MatchRequest("tally", 2, ["novice"], seed=7, people=()).check(registry)
    assert checked.seats == ("novice", "expert") and checked.seed == 7 and checked.deal is None
    assert MatchRequest("tally", seats=["random"] * 4, opponents="random").check(registry).players == 4


@pytest.mark.parametrize("request_, lines", [
    (MatchRequest("nosuch"), ["unknown game 'nosuch'; installed games: tally"]),
    (MatchRequest("tally", 5), ["tally is played by 2 to 4 players, not 5"]),
    (MatchRequest("tally", "three"), ["tally is played by 2 to 4 players, not three"]),
    (MatchRequest("tally", True), ["tally is played by 2 to 4 players, not True"]),
    (MatchRequest("tally", 2, ["expert"] * 3), ["3 seats for 2 players; give at most one per seat"]),
    (MatchRequest("tally", seats="expert"), ['seats must be a list of seat kinds such as "human" or "novice:error_rate=0.2"']),
    (MatchRequest("tally", seats=["wizard"]), ["unknown seat kind 'wizard'; kinds for tally: human, expert, novice, random, search"]),
    (MatchRequest("tally", seats=["human:pace=1"]), ["seat 'human:pace=1': player kind 'human' takes no options"]),
    (MatchRequest("tally", seats=[HUMAN], people=()),
     ["seat kind 'human' is a person playing at this front end (the terminal, a browser table); this runs bots only; "
      "choose seat kinds from: expert, novice, random, search"]),
    (MatchRequest("tally", rules={"hand_size": 0, "mistakes": "never"}),
     ["rules: hand_size = 0 is out of range; use a number from 1 to 12",
      'rules: mistakes = "never" is not allowed; use one of "allowed", "prevented"']),
    (MatchRequest("tally", rules=[1]), ["rules must be an object of house rules, as in a rules TOML file"]),
    (MatchRequest("tally", seed="1"), ["seed must be a whole number of at most 20 digits"]),
    (MatchRequest("tally", seed=10**20), ["seed must be a whole number of at most 20 digits"]),
])
def test_a_request_that_cannot_be_played_is_refused_with_one_line_per_thing_wrong(registry, request_, lines):
    with pytest.raises(RequestRefused) as refused:
        request_.check(registry)
    assert refused.value.lines == lines and str(refused.value) == "\n".join(lines)
    assert isinstance(refused.value, SessionError)  # a front end catching the seats' refusal catches this too


def test_a_rules_file_is_read_and_named_in_its_refusals(registry, tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(RequestRefused, match=r"^cannot read house rules .*missing\.toml: No such file or directory$"):
        MatchRequest("tally", rules_file=str(missing)).check(registry)
    (tmp_path / "house.toml").write_text("hand_size = 5\n")
    checked = MatchRequest("tally", rules_file=str(tmp_path / "house.toml")).check(registry)
    assert checked.rules.hand_size == 5 and checked.rules_source.endswith("house.toml")
    (tmp_path / "bad.toml").write_text("hand_size = 50\n")
    with pytest.raises(RequestRefused, match=r"bad\.toml.*hand_size = 50 is out of range"):
        MatchRequest("tally", rules_file=str(tmp_path / "bad.toml")).check(registry)


def test_a_front_ends_own_seat_limit_is_asked_once_per_spec_and_each_refusal_is_a_line(registry):
    asked = []

    def limit(spec):
        asked.append(spec)
        if spec.startswith("novice"):
            raise ValueError(f"{spec} is not allowed here")

    with pytest.raises(RequestRefused) as refused:
        MatchRequest("tally", 4, ["novice", "novice:error_rate=0.5", "expert"], opponents="expert").check(registry, seat_limit=limit)
    assert refused.value.lines == ["novice is not allowed here", "novice:error_rate=0.5 is not allowed here"]
    assert asked == ["novice", "novice:error_rate=0.5", "expert"]


def test_a_session_opens_from_a_request_with_the_front_end_as_one_value_and_says_when_its_record_is_finished(registry, tmp_path):
    store = RecordStore(tmp_path / "records")
    heard, told = [], []
    front_end = FrontEnd(factories={HUMAN: PushedSeat}, listeners=lambda game, seats: [lambda name, ev: heard.append(ev)],
                         on_record=lambda stream: told.append("record"), on_seated=lambda seated, seats: told.append(tuple(seats)))
    with Session.open(registry, MatchRequest("tally", 2, [HUMAN, "expert"], seed=4), store, front_end=front_end) as session:
        assert told == ["record", (HUMAN, "expert")] and heard  # the opening was heard
        assert isinstance(session.players[0], PushedSeat) and not session.finished and session.record.deal is None
        offers = session.advance()
        while offers:
            for offer in list(offers.values()):
                session.answer(offer.seat, str(offer.decision.choices[0]), offer.step)
            offers = session.advance()
        assert session.over and session.finished
        path = session.path
    [info] = store.infos()
    assert info.finished and str(info.path) == path  # the store's flag and the session's agree
    with Session.reopen(registry, store, path, front_end=FrontEnd(factories={HUMAN: PushedSeat})) as again:
        assert again.finished and again.result() is not None


def test_a_request_refused_leaves_no_file_and_a_checked_request_is_taken_as_it_is(registry, tally, tmp_path):
    store = RecordStore(tmp_path / "records")
    with pytest.raises(RequestRefused):
        Session.open(registry, MatchRequest("tally", seats=["wizard"]), store)
    assert not store.folder.exists()
    checked = CheckedRequest(tally, tally.Rules(), 2, ("expert", "random"), 5)
    with Session.open(registry, checked, store) as session:
        assert session.record.seats == ["expert", "random"] and session.record.seed == 5
    with pytest.raises(SessionError, match="3 seats given for 2 players"):  # made by hand, still checked before any file
        Session.open(registry, CheckedRequest(tally, tally.Rules(), 2, ("expert",) * 3, 5), store)
    assert len(store.infos()) == 1


def test_a_stand_in_is_the_bot_its_seat_would_have_had_and_a_person_cannot_stand_in(registry, tally, tmp_path):
    bot = stand_in_bot(registry, tally, 3, 1, "novice:error_rate=0.5", 9)
    alone = seat_players(registry, tally, ["expert", "novice:error_rate=0.5", "expert"], 9)[1]
    assert type(bot) is type(alone) and bot.rng.random() == alone.rng.random()  # the seat's own stream, whatever sits elsewhere
    with pytest.raises(SessionError, match="seat kind 'human' is a person playing at this front end"):
        stand_in_bot(registry, tally, 3, 1, HUMAN, 9)
    with pytest.raises(SessionError, match="too slow here"):
        stand_in_bot(registry, tally, 3, 1, "expert", 9, seat_limit=lambda spec: (_ for _ in ()).throw(ValueError("too slow here")))
    store = RecordStore(tmp_path / "records")
    with Session.open(registry, MatchRequest("tally", 2, [HUMAN, "expert"], seed=4), store) as session:
        seated = session.stand_in(0, "random")
        assert session.players[0] is seated and 0 not in session.answered_here
        assert session.record.seats == [HUMAN, "expert"]  # the header keeps the seat a person's


def test_a_record_is_removed_through_its_store_with_its_notes_and_nothing_else(registry, tmp_path):
    store = RecordStore(tmp_path / "records")
    with Session.open(registry, MatchRequest("tally", 2, ["expert", "expert"], seed=4), store) as session:
        path = session.path
    with Session.open(registry, MatchRequest("tally", 2, ["expert", "expert"], seed=5), store) as other:
        kept = other.path
    store.write_note(path, "tokens", {"table": "t"})
    store.write_note(kept, "tokens", {"table": "u"})
    backup = tmp_path / "records" / (path.rsplit("/", 1)[-1] + ".partial-1.bak")
    backup.write_text("cut off")
    store.remove(path)
    assert sorted(p.name for p in store.folder.iterdir()) == sorted([kept.rsplit("/", 1)[-1], kept.rsplit("/", 1)[-1] + ".tokens.json", backup.name])
    store.remove(path)  # gone already: nothing to do
