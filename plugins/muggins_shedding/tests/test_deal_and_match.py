"""RULES.md items 1 and 8 (the deal table, dealing, dealer rotation, a match of `hands` hands) and the
'Dealer' decision common to all games."""

from __future__ import annotations

import pytest

from muggins import check_conservation, derive_rng, standard_deck
from muggins.engine import Match, make_players

from muggins_shedding import SEED_DEAL, SheddingRules

DECK = standard_deck()


@pytest.mark.parametrize(("players", "each", "commons"), [(3, 17, 1), (4, 12, 4), (5, 10, 2), (6, 8, 4), (7, 7, 3)])
def test_the_seed_deal_table(game, players, each, commons):
    assert SEED_DEAL[players] == (each, commons)
    state = game.new(SheddingRules(), players, 11)
    piles = state.piles()
    check_conservation(piles, DECK)
    mover = state.mover
    for seat in range(players):
        held = len(piles[f"stock {seat}"]) + (1 if seat == mover else 0)  # the mover's first card is exposed
        assert held == each
        assert piles[f"discard {seat}"] == []
    assert [len(piles[f"common {j + 1}"]) for j in range(commons)] == [1] * commons
    assert f"common {commons + 1}" not in piles


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_dealt_one_at_a_time_clockwise_from_the_dealers_left(game, players):
    seed = 5 + players
    state = game.new(SheddingRules(), players, seed)
    each, commons = SEED_DEAL[players]
    dealer = derive_rng(seed, "dealer").randrange(players)
    deck = list(range(52))
    derive_rng(seed, "deal", 0).shuffle(deck)
    deal, stocks, expose = state.opening_events()
    assert deal["dealer"] == dealer and deal["first"] == (dealer + 1) % players and state.mover == deal["first"]
    assert stocks["to"] == []  # nobody may look through a stock
    for i in range(players * each):
        seat = (dealer + 1 + i) % players
        assert stocks["stocks"][seat][i // players] == DECK[deck[i]].code
    assert deal["commons"] == [DECK[deck[players * each + j]].code for j in range(commons)]
    assert expose == {"type": "expose", "seat": deal["first"], "card": stocks["stocks"][deal["first"]][-1], "n": 1}


def play_match(registry, game, rules, players, seed, kinds=None):
    state = game.new(rules, players, seed)
    events = list(state.opening_events())
    match = Match(state, make_players(registry, game, kinds or ["expert"] * players, seed), listeners=[lambda name, ev: events.append(ev)], narrate_opening=False)
    return match.run(), events


def test_the_deal_passes_left_each_hand_and_a_match_is_one_hand_per_player(registry, game):
    result, events = play_match(registry, game, SheddingRules(turn_limit=200), 5, 3)
    deals = [e for e in events if e["type"] == "deal"]
    assert [d["hand"] for d in deals] == [0, 1, 2, 3, 4]  # hands = 0: one deal per player
    first = deals[0]["dealer"]
    assert [d["dealer"] for d in deals] == [(first + h) % 5 for h in range(5)]
    assert result.stats["hands"] == 5


def test_wins_are_counted_and_ties_share(registry, game):
    result, events = play_match(registry, game, SheddingRules(hands=6, turn_limit=300), 4, 21)
    won = [e["seat"] for e in events if e["type"] == "win"]
    drawn = [e for e in events if e["type"] == "draw"]
    assert len(won) + len(drawn) == 6
    assert list(result.scores) == [won.count(s) for s in range(4)]
    best = max(result.scores)
    assert result.winners == tuple(s for s in range(4) if result.scores[s] == best)
    end = events[-1]
    assert end["type"] == "match_end" and end["winners"] == list(result.winners)


def test_a_tie_on_wins_is_shared(game):
    state = game.new(SheddingRules(hands=2), 3, 0)
    state.wins = [1, 0, 1]
    state.phase = "over"
    assert state.result().winners == (0, 2)
    state.wins = [0, 0, 0]
    assert state.result().winners == ()  # every hand drawn: the match is drawn


def test_limit_on_decisions_covers_the_longest_match(game):
    rules = SheddingRules(hands=2, turn_limit=10)
    assert game.max_decisions(rules, 4) >= 2 * 10 * (1 + 3 + 1)
