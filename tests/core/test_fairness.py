"""The deal's commitment (issue 37, items 1 and 13): a secret seed, its hash published at the start, the seed shown only at the end.

What is checked: the commitment is the SHA-256 of `muggins-deal:SEED:NONCE`
(a value worked out here by hand); a drawn deal checks and a changed seed
does not; the record header keeps the commitment and nonce and the reader
refuses a malformed one; records are named at random, never by the seed;
a listing hides the seed of an unfinished match; a session's frames show
the commitment all along and the seed and nonce only once the match is
over; and a request whose seats cannot be played leaves no file behind.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.fairness import Deal, commitment, deal_from_header, deal_problem, draw_deal, shown_deal
from muggins.plugins import load_registry
from muggins.records import RecordError, read_record
from muggins.session import Session
from muggins.match_checks import SessionError
from muggins.store import RecordStore

from .test_session import _answer_everything


def test_the_commitment_is_the_sha256_of_the_seed_and_nonce_text():
    nonce = "00112233445566778899aabbccddeeff"
    # printf 'muggins-deal:42:00112233445566778899aabbccddeeff' | sha256sum
    assert commitment(42, nonce) == hashlib.sha256(b"muggins-deal:42:00112233445566778899aabbccddeeff").hexdigest()
    assert commitment(42, nonce) != commitment(43, nonce) != commitment(42, "f" * 32)
    assert re.fullmatch(r"[0-9a-f]{64}", commitment(42, nonce))


def test_a_drawn_deal_checks_and_a_seed_changed_afterwards_does_not():
    deal = draw_deal()
    assert deal.checks() and re.fullmatch(r"[0-9a-f]{32}", deal.nonce)
    assert deal.to_header() == {"commitment": deal.commitment, "nonce": deal.nonce}
    assert not Deal(deal.seed + 1, deal.nonce, deal.commitment).checks()
    assert str(deal.seed) not in repr(deal) and deal.nonce not in repr(deal)  # a stray log line gives nothing away
    assert draw_deal().nonce != deal.nonce
    assert deal_from_header(deal.seed, deal.to_header()) == deal and deal_from_header(deal.seed, None) is None


@given(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.dictionaries(st.sampled_from(["commitment", "nonce", "seed"]), st.text(max_size=70))))
def test_a_deal_field_of_the_wrong_shape_is_named(value):
    well_formed = (isinstance(value, dict) and set(value) == {"commitment", "nonce"}
                   and re.fullmatch(r"[0-9a-f]{64}", value["commitment"]) and re.fullmatch(r"[0-9a-f]{32}", value["nonce"]))
    assert (deal_problem(value) is None) == bool(well_formed)


def test_what_a_table_may_be_shown_of_the_deal():
    deal = draw_deal()
    assert shown_deal(deal.seed, deal.to_header(), over=False) == {"commitment": deal.commitment}
    assert shown_deal(deal.seed, deal.to_header(), over=True) == {"commitment": deal.commitment, "seed": deal.seed, "nonce": deal.nonce}
    assert shown_deal(7, None, over=False) == {"commitment": None}  # a chosen seed: nothing to commit to, and nothing shown
    assert shown_deal(7, None, over=True) == {"commitment": None, "seed": 7}


def test_records_are_named_at_random_never_by_the_seed(tmp_path):
    store = RecordStore(tmp_path)
    names = set()
    for _ in range(3):
        path, stream = store.create("tally", 1197080534)
        stream.close()
        names.add(path)
        assert re.fullmatch(r"muggins-tally-[0-9a-f]{10}\.jsonl", path.rsplit("/", 1)[-1]) and "1197080534" not in path
    assert len(names) == 3


@pytest.mark.plugins
def test_a_sessions_frames_commit_to_the_deal_and_reveal_it_only_at_the_end(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    deal = draw_deal()
    store = RecordStore(tmp_path)
    with Session.start(registry, game, game.Rules(target=61), 2, ["human", "expert"], deal.seed, store, deal=deal) as session:
        header = json.loads(open(session.path).readline())
        assert header["deal"] == deal.to_header() and header["seed"] == deal.seed
        [info] = store.infos()
        assert info.to_dict()["seed"] is None and not info.to_dict()["finished"]  # the listing keeps the seed back
        before = session.frame(0)
        assert before["deal"] == {"commitment": deal.commitment}
        assert str(deal.seed) not in json.dumps(before) and deal.nonce not in json.dumps(before)
        assert session.frame(None)["deal"] == {"commitment": deal.commitment}
        _answer_everything(session)
        assert session.over
        after = session.frame(0)
        assert after["deal"] == {"commitment": deal.commitment, "seed": deal.seed, "nonce": deal.nonce}
        assert commitment(after["deal"]["seed"], after["deal"]["nonce"]) == before["deal"]["commitment"]
    assert store.infos()[0].to_dict()["seed"] == deal.seed
    assert read_record(session.path).deal == deal.to_header()


def test_a_deal_drawn_for_another_seed_is_refused(tmp_path, registry, tally):
    game = tally
    with pytest.raises(ValueError):
        Session.start(registry, game, game.Rules(), 3, ["expert"] * 3, 5, RecordStore(tmp_path), deal=draw_deal())
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seats, said", [
    (["human", "novice:error_rate=7", "expert"], "error_rate"),
    (["human", "wizard", "expert"], "wizard"),
    (["human", "expert"], "2 seats given for 3 players; give one seat kind per player"),
    (["human", "expert", "expert", "expert"], "4 seats given for 3 players"),
])
def test_a_request_whose_seats_cannot_be_played_creates_no_file(tmp_path, registry, tally, seats, said):
    game = tally
    with pytest.raises(SessionError) as refused:
        Session.start(registry, game, game.Rules(), 3, seats, 5, RecordStore(tmp_path / "records"))
    assert said in str(refused.value)
    assert not (tmp_path / "records").exists() or list((tmp_path / "records").iterdir()) == []


def test_a_header_with_a_malformed_deal_is_refused_by_the_reader(tmp_path, registry, tally):
    game = tally
    deal = draw_deal()
    with Session.start(registry, game, game.Rules(), 3, ["expert"] * 3, deal.seed, RecordStore(tmp_path), deal=deal) as session:
        _answer_everything(session)
    header, *rest = open(session.path).read().splitlines(keepends=True)
    data = json.loads(header)
    data["deal"]["commitment"] = data["deal"]["commitment"].upper()
    (tmp_path / "bad.jsonl").write_text(json.dumps(data) + "\n" + "".join(rest))
    with pytest.raises(RecordError, match="deal"):
        read_record(tmp_path / "bad.jsonl")


def test_a_records_folder_the_store_makes_is_its_users_alone(tmp_path):
    store = RecordStore(tmp_path / "records")
    _, stream = store.create("tally")
    stream.close()
    assert (tmp_path / "records").stat().st_mode & 0o777 == 0o700
