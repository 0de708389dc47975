"""The fast paths the engine uses are the rules, unchanged: quiet play, fast peg scoring, the deal, side skunks.

`Match.run` with nobody reading events sets `events_wanted = False` and the
state then skips building events; the game's course (state, result, number
of decisions) must be the same as with a listener. `peg_points` must give
`score_peg`'s total for every count; `shuffled_deck` must deal exactly the
cards `random.Random.shuffle` deals. With partnerships a skunked side is
counted once, so `muggins.simulate.simulate`'s per-side skunk total equals
the number of games in which that side was skunked.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import standard_deck
from muggins.engine import Match
from muggins.players import make_players
from muggins.rng import derive_seed
from muggins.simulate import simulate

from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.scoring import score_peg
from cribbage_muggins.scoring import peg_points
from cribbage_muggins.state import shuffled_deck

DECK = standard_deck()
PIPS = {c: min(int(c.rank), 10) for c in DECK}

TABLES = [
    (CribbageRules(), ["random", "random"]),
    (CribbageRules(muggins=False), ["random", "random"]),
    (CribbageRules(), ["expert", "novice"]),
    (CribbageRules(target=61), ["random", "expert", "novice"]),
    (CribbageRules(target=61, partnerships=True), ["random", "expert", "novice", "random"]),
    (CribbageRules(target=61, lowball=True), ["random", "random", "expert"]),
]


def play(registry, game, rules, kinds, seed, listen):
    state = game.new(rules, len(kinds), seed)
    heard = []
    listeners = [lambda _game, ev: heard.append(ev)] if listen else []
    match = Match(state, make_players(registry, game, kinds, seed), listeners=listeners)
    result = match.run()
    return state, result, match.decisions, heard


@pytest.mark.parametrize(("rules", "kinds"), TABLES, ids=["random", "random-no-muggins", "expert-novice", "three", "partners", "lowball"])
def test_quiet_play_takes_the_same_course_as_listened_play(registry, game, rules, kinds):
    for seed in range(12):
        quiet_state, quiet_result, quiet_decisions, nothing = play(registry, game, rules, kinds, seed, listen=False)
        loud_state, loud_result, loud_decisions, heard = play(registry, game, rules, kinds, seed, listen=True)
        assert not nothing and heard and heard[-1]["type"] == "game_over"
        assert quiet_state.to_dict() == loud_state.to_dict()
        assert quiet_result == loud_result and quiet_decisions == loud_decisions
        assert quiet_state.events_wanted  # the engine put the class default back


@st.composite
def counts(draw):
    """A legal sequence of cards in one count (never past 31), built card by card."""
    pack = list(DECK)
    random.Random(draw(st.integers(0, 2**32))).shuffle(pack)
    seq, total = [], 0
    for c in pack:
        if total + PIPS[c] <= 31:
            seq.append(c)
            total += PIPS[c]
        if len(seq) >= draw(st.integers(1, 13)):
            break
    return seq


@settings(max_examples=400, deadline=None)
@given(counts())
def test_peg_points_equal_score_peg_for_every_prefix(seq):
    for k in range(1, len(seq) + 1):
        prefix = seq[:k]
        assert peg_points(prefix, sum(PIPS[c] for c in prefix)) == score_peg(prefix).total


def test_peg_points_worked_cases():
    from muggins import cards
    assert peg_points(cards("5H TC"), 15) == 2
    assert peg_points(cards("7H 7C 7D"), 21) == 6
    assert peg_points(cards("7H 7C 7D 7S"), 28) == 12
    assert peg_points(cards("3H 5C 4D"), 12) == 3
    assert peg_points(cards("3H 5C 4D 4S"), 16) == 2  # the pair breaks the run
    assert peg_points(cards("AH 2C 3D 4S 5H"), 15) == 2 + 5
    assert peg_points(cards("KH 9D 2S 3H 4C"), 28) == 3  # the run 2-3-4 at the end, the 9 before it outside it
    assert peg_points(cards("4C 2S 3H"), 9) == 3  # a run in any order
    assert peg_points(cards("TH AC"), 11) == 0


def test_the_deal_is_random_shuffle_card_for_card():
    for seed in range(500):
        expected = list(DECK)
        random.Random(seed).shuffle(expected)
        assert shuffled_deck(random.Random(seed)) == expected


def test_partnership_skunks_count_once_per_side_in_simulate(registry, game):
    rules = CribbageRules(target=61, partnerships=True)
    kinds = ["random", "expert", "random", "expert"]
    games, seed = 12, 3
    out = simulate(game, rules, 4, kinds, seed=seed, games=games, registry=registry)
    skunked_games = [0, 0]  # games in which each side lost below the skunk line (31 in a 61-point game)
    for index in range(games):
        game_seed = derive_seed(seed, "game", index)  # how simulate seeds its match `index`
        state = game.new(rules, 4, game_seed)
        result = Match(state, make_players(registry, game, kinds, game_seed)).run()
        for side in (0, 1):
            lost = all(seat % 2 != side for seat in result.winners)
            skunked_games[side] += int(lost and state.scores[side] < 31)
    assert sum(skunked_games) > 0, "these seeds should give at least one skunk"
    assert out["sides"]["seat_stats"]["skunked"]["total"] == skunked_games
    assert out["stats"]["skunks"]["total"] == sum(skunked_games)
    seats = out["seat_stats"]["skunked"]["total"]
    assert seats[2] == seats[3] == 0  # put on each side's first seat only
    assert out["sides"]["seat_stats"]["double_skunked"]["total"] == [0, 0]  # no double skunk at 61


@pytest.mark.parametrize(("players", "rules"), [(2, CribbageRules()), (3, CribbageRules()), (4, CribbageRules(partnerships=True)),
                                                (3, CribbageRules(mistakes="prevented"))])
def test_settle_window_is_answering_accept_one_by_one(position, act, players, rules):
    hands = {0: ["7C", "8D", "9H", "AS"], 1: ["4C", "5D", "6H", "6S"], 2: ["2S", "2D", "JC", "QD"], 3: ["3S", "4D", "7D", "8S"]}
    hands = {s: hands[s] for s in range(players)}
    one_call, one_by_one = (position(rules, players=players, hands=hands, crib=["9C", "9D", "TH", "AC"], starter="KC", phase="show")
                            for _ in range(2))
    for state in (one_call, one_by_one):
        act(state, "announce 14")  # seat 1's 4C 5D 6H 6S with KC: exactly 14, so nobody may claim
    window = one_call.open_window()
    assert window is not None and window.claimable is False and len(window.remaining) == (1 if players == 2 else 2)
    settled = [(seat, str(action), events) for seat, action, events in one_call.settle_window()]
    answered = []
    while one_by_one.open_window() is not None:
        seat = one_by_one.decision().seat
        answered.append((seat, "pass", act(one_by_one, "pass")))
    assert settled == answered and len(settled) == len(window.responders)
    assert one_call.to_dict() == one_by_one.to_dict()
    assert one_call.decision() == one_by_one.decision()
