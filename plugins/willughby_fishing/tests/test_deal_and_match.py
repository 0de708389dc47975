"""Issue item 1: the cut, the antes, the deal one card at a time, the layout, the rotation and the match."""

from __future__ import annotations

import pytest

from muggins import derive_rng
from muggins.engine import Match, make_players

from willughby_fishing import FishingRules
from willughby_fishing.state import CODES, cut_for_dealer, rank_of


def _rank(code: str) -> int:
    return "A23456789TJQK".index(code[0]) + 1


def test_the_lowest_cut_deals_ace_low_and_only_the_tied_cut_again():
    retried = 0
    for seed in range(300):
        dealer, rounds = cut_for_dealer(seed)
        contenders = list(range(5))
        for rnd in rounds:
            assert [s for s, _ in rnd] == contenders
            assert len({c for _, c in rnd}) == len(rnd)  # cut from one pack: distinct cards
            low = min(_rank(c) for _, c in rnd)
            contenders = [s for s, c in rnd if _rank(c) == low]
        assert contenders == [dealer]
        retried += len(rounds) > 1
    assert retried > 0  # some seeds tie and re-cut


def test_an_ace_is_the_lowest_cut():
    for seed in range(300):
        dealer, rounds = cut_for_dealer(seed)
        last = dict(map(tuple, rounds[-1]))
        if any(c[0] == "A" for c in last.values()):
            assert last[dealer][0] == "A"
            return
    pytest.fail("no cut with an ace in 300 seeds")


def test_antes_make_a_pot_of_11_and_the_deal_is_one_card_at_a_time_from_the_dealers_left(game):
    for seed in (1, 2, 3):
        state = game.new(FishingRules(), 5, seed)
        opening = state.opening_events()
        assert [e["type"] for e in opening] == ["cut", "ante", "deal"] + ["hand"] * 5 + ["layout_claims"]
        dealer = opening[0]["dealer"]
        ante = opening[1]
        assert ante["dealer"] == dealer and ante["antes"] == [3 if s == dealer else 2 for s in range(5)] and ante["pot"] == 11
        assert state.pot == 11 and sum(state.ledger) == -11
        deck = list(range(52))
        derive_rng(seed, "deal", 0).shuffle(deck)
        for i in range(40):
            assert deck[i] in state.hands[(dealer + 1 + i) % 5]
        assert sorted(state.field) == sorted(deck[40:])
        assert [len(h) for h in state.hands] == [8] * 5 and len(state.field) == 12
        for s in range(5):
            private = opening[3 + s]
            assert private["to"] == [s] and sorted(private["cards"]) == sorted(CODES[c] for c in state.hands[s])


def test_hand_claims_come_first_from_the_dealers_left_then_the_first_turn(game, act):
    state = game.new(FishingRules(), 5, 4)
    dealer = state.dealer
    while state.phase in ("field_claim", "window"):
        act(state, "claim" if state.decision().correct[0].text == "claim" else str(state.decision().correct[0]))
    asked = []
    while state.phase == "hand_claim":
        decision = state.decision()
        asked.append(decision.seat)
        act(state, str(decision.correct[0]))
    assert sorted(set(asked)) == list(range(5)) and asked[0] == (dealer + 1) % 5 and asked[-1] == dealer
    assert state.decision().kind == "turn" and state.decision().seat == (dealer + 1) % 5


def test_a_match_is_five_deals_each_player_dealing_once_and_the_ledger_may_go_negative(game, registry):
    for seed in range(3):
        state = game.new(FishingRules(), 5, seed)
        log = list(state.opening_events())
        result = Match(state, make_players(registry, game, ["expert", "novice", "random", "expert", "novice"], seed),
                       listeners=[lambda name, e: log.append(e)], narrate_opening=False).run()
        dealers = [e["dealer"] for e in log if e["type"] == "ante"]
        first = log[0]["dealer"]
        assert dealers == [(first + k) % 5 for k in range(5)]  # the deal passes to the left
        assert len([e for e in log if e["type"] == "settle"]) == 5
        end = log[-1]
        assert end["type"] == "match_end" and list(result.scores) == end["ledger"] == state.ledger
        assert sum(result.scores) == 0 and min(result.scores) < 0
        assert set(result.winners) == {s for s in range(5) if result.scores[s] == max(result.scores)}


def test_exactly_five_players(game):
    with pytest.raises(ValueError, match="exactly 5 players"):
        game.state_class()(game, FishingRules(), 4, 0)
    assert list(game.players) == [5]


def test_rank_of_is_ace_low():
    assert rank_of(0) == 1 and rank_of(12) == 13 and rank_of(13) == 1
