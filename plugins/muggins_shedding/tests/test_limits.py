"""RULES.md item 7: the turn limit draws a hand; the optional repetition draw."""

from __future__ import annotations

from muggins.engine import Match, make_players

from muggins_shedding import SheddingRules


def cycle(position, rules):
    # Three kings on a 5: nothing ever fits, each player recycles one card for ever.
    return position(rules, players=3, commons=["5C"], stocks={0: ["KH"], 1: ["KD"], 2: ["KS"]}, mover=0)


def play_correctly(state, act):
    events = []
    while state.decision() is not None and not any(e["type"] in ("draw", "win") for e in events):
        events += act(state, str(state.decision().correct[0]))
    return events


def test_the_turn_limit_draws_the_hand(position, act):
    state = cycle(position, SheddingRules(turn_limit=7, hands=1))
    events = play_correctly(state, act)
    draw = next(e for e in events if e["type"] == "draw")
    assert draw == {"type": "draw", "hand": 0, "reason": "turn_limit", "exposures": 7, "wins": [0, 0, 0]}
    assert sum(e["type"] == "expose" for e in events) == 6  # plus the opening exposure: 7
    result = state.result()
    assert result.winners == () and result.scores == (0, 0, 0)  # a drawn hand counts for nobody
    assert result.stats["hands_drawn"] == 1 and result.limit_reached


def test_the_repetition_rule_draws_at_the_first_exact_repeat(position, act):
    state = cycle(position, SheddingRules(turn_limit=1000, hands=1, repetition="draw"))
    events = play_correctly(state, act)
    draw = next(e for e in events if e["type"] == "draw")
    # From exposure 4 on every turn starts by turning a discard over, where positions are compared:
    # before exposure 7 seat 0 faces the position it faced before exposure 4, so the hand is drawn.
    assert draw == {"type": "draw", "hand": 0, "reason": "repetition", "exposures": 6, "wins": [0, 0, 0]}
    assert state.result().stats["hands_drawn_repetition"] == 1 and not state.result().limit_reached


def test_no_repetition_draw_by_default(position, act):
    state = cycle(position, SheddingRules(turn_limit=40, hands=1))
    events = play_correctly(state, act)
    assert next(e for e in events if e["type"] == "draw")["reason"] == "turn_limit"


def test_a_card_on_a_common_forgets_earlier_positions(position, act):
    # After a common grows the earlier positions can never come back, so they are dropped.
    state = position(SheddingRules(repetition="draw"), players=3, commons=["5C"], stocks={1: ["KD"], 2: ["KS"]}, discards={0: ["6H", "KH"]}, mover=0)
    assert len(state.seen) == 1  # seat 0 turned its discard over; 6H (the old bottom) is exposed
    act(state, "play 6H to common 1")
    assert len(state.seen) == 0


def test_repetition_draws_change_no_result_between_experts(registry, game):
    # With expert seats a repeated position would cycle to the turn limit: the draw only comes sooner.
    for seed in range(12):
        outcomes = []
        for repetition in ("off", "draw"):
            rules = SheddingRules(hands=3, repetition=repetition)
            state = game.new(rules, 3, seed)
            result = Match(state, make_players(registry, game, ["expert"] * 3, seed)).run()
            outcomes.append((result.winners, result.scores, result.stats))
        (w1, s1, st1), (w2, s2, st2) = outcomes
        assert (w1, s1) == (w2, s2)
        assert st1["hands_drawn"] == st2["hands_drawn"] and st1["exposures_won"] == st2["exposures_won"]
        assert all(a >= b for a, b in zip(st1["exposures"], st2["exposures"]))
