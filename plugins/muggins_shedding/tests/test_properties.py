"""Property tests (hypothesis) over random deals, house rules and choices, mistakes and calls included.

Each example deals a random match and takes the choices hypothesis draws
(any physical placement, any response), checking after every step the
invariants the rules promise: the pack is conserved; every play offers
every physical placement and names exactly the destinations an independent
reading of the priority gives from the public table; responders are polled
clockwise from the mover's left; a call is upheld exactly when the
placement was wrong; the exposure count never passes the limit; no view
shows a hidden card; and a saved state continues identically.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins import Pass, check_conservation, standard_deck
from muggins.plugins import load_registry

from muggins_shedding import SheddingGame, SheddingRules

RANKS = "A23456789TJQK"
GAME = SheddingGame(hooks=object())  # no house-rule plugins: plain adjacency
DECK = standard_deck()


def rank(code):
    return RANKS.index(code[0]) + 1


def expected_destinations(view, mover, nearest_only):
    card = rank(view["exposed"])
    commons = [f"common {j + 1}" for j, top in enumerate(view["commons"]) if top and abs(rank(top) - card) == 1]
    if commons:
        return commons
    n = view["players"]
    for step in range(1, n):
        seat = (mover + step) % n
        top = view["discards"][seat]
        if top:
            if abs(rank(top) - card) == 1:
                return [f"discard {seat}"]
            if nearest_only:
                break
    return [f"discard {mover}"]


rules_strategy = st.builds(
    SheddingRules,
    hands=st.integers(1, 2),
    turn_limit=st.integers(1, 60),
    opponent_discards=st.sampled_from(["first_eligible", "nearest_only"]),
    mistakes=st.sampled_from(["allowed", "allowed", "prevented"]),
    repetition=st.sampled_from(["off", "draw"]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 7), seed=st.integers(0, 2**31), rules=rules_strategy, picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=250))
def test_random_play_keeps_every_rule(players, seed, rules, picks):
    state = GAME.new(rules, players, seed)
    k = rules.deal[players][1]
    nearest = rules.opponent_discards == "nearest_only"
    pending_responders: list[int] = []
    placed_wrong = False
    saved_at = len(picks) // 2
    saved = None
    for step, pick in enumerate(picks):
        decision = state.decision()
        if decision is None:
            assert state.result() is not None
            break
        view = state.view(decision.seat)
        hidden = {c.code for c in state.hidden_from(decision.seat)}
        assert not hidden & set(json.dumps(view).replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
        assert set(decision.correct) <= set(decision.choices) and decision.correct
        if decision.kind == "play":
            assert decision.seat == view["mover"] and not pending_responders
            if rules.mistakes == "allowed":
                assert [c.pile for c in decision.choices] == [f"common {j + 1}" for j in range(k)] + [f"discard {s}" for s in range(players)]
            assert [c.pile for c in decision.correct] == expected_destinations(view, decision.seat, nearest)
            assert view["exposures"] <= rules.turn_limit
        elif decision.kind == "respond":
            if not pending_responders:
                pending_responders = [(view["mover"] + i) % players for i in range(1, players)]
            assert decision.seat == pending_responders.pop(0)
            assert isinstance(decision.correct[0], Pass) != placed_wrong
        else:
            assert decision.kind == "correct" and decision.seat == view["mover"]
        if step == saved_at:
            saved = (GAME.state_from_dict(json.loads(json.dumps(state.to_dict()))), step)
        action = decision.choices[pick % len(decision.choices)]
        if decision.kind == "play":
            placed_wrong = action not in decision.correct
        events = state.apply(decision.seat, action)
        check_conservation(state.piles(), DECK)
        for ev in events:
            if ev["type"] == "call":
                assert ev["upheld"] == placed_wrong
                if ev["upheld"]:
                    pending_responders = []
            if ev["type"] in ("expose", "win", "draw"):
                pending_responders = []
            if ev["type"] == "win":
                assert not state.piles()[f"discard {ev['seat']}"] or ev["hand"] < state.hand
    if saved is not None:
        restored, at = saved
        original = GAME.new(rules, players, seed)
        for pick in picks[:at]:
            d = original.decision()
            if d is None:
                break
            original.apply(d.seat, d.choices[pick % len(d.choices)])
        assert json.dumps(original.to_dict(), sort_keys=True) == json.dumps(restored.to_dict(), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 2**31))
def test_expert_hands_end_in_a_win_by_an_empty_player_or_a_draw(players, seed):
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    from muggins.engine import Match, make_players

    rules = SheddingRules(hands=1, turn_limit=400)
    state = game.new(rules, players, seed)
    log = []
    result = Match(state, make_players(registry, game, ["expert"] * players, seed), listeners=[lambda n, e: log.append(e)]).run()
    ends = [e for e in log if e["type"] in ("win", "draw")]
    assert len(ends) == 1
    assert result.stats["errors"] == 0 and result.stats["calls"] == 0  # experts never err, so never call
    if ends[0]["type"] == "win":
        assert result.winners == (ends[0]["seat"],) and ends[0]["how"] == "shed"
    else:
        assert result.winners == () and ends[0]["exposures"] == 400
