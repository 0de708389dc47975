"""Issue item 2/4: the muggins procedure — announcement, responses, settlement, breakdown, partnerships.

Hand-made show: two players, seat 0 deals, so seat 1 counts first:
4♣ 5♦ 6♥ 6♠ with the starter K♣ is 14 (fifteens 6, pair 2, double run 6).
"""

from __future__ import annotations

import pytest

from cribbage_muggins.rules import CribbageRules


def types(events):
    return [e["type"] for e in events]

HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9H", "AS"]}
CRIB = ["2C", "3D", "QS", "TC"]
TRUTH = 14


def show(position, scores=(0, 0), rules=None, players=2, hands=HANDS, crib=CRIB, dealer=0):
    return position(rules, players=players, dealer=dealer, hands=hands, crib=crib, starter="KC", phase="show", scores=list(scores))


# (announced, response, counter's points, caller's points, outcome)
TABLE = [
    (11, "pass", 11, 0, "stands"),  # too low, accepted: stands
    (14, "pass", 14, 0, "stands"),  # exact, accepted
    (16, "pass", 16, 0, "stands"),  # too high, accepted: stands
    (11, "muggins 1", 11, 1, "muggins upheld"),  # K below the 3 missed: K
    (11, "muggins 3", 11, 3, "muggins upheld"),  # K equal to the missed points
    (11, "muggins 5", 11, 3, "muggins upheld"),  # K above: only the 3 missed
    (14, "muggins 4", 18, 0, "false muggins"),  # nothing missed: the counter scores K
    (16, "muggins 4", 20, 0, "false muggins"),  # nothing missed although too high: the counter scores K
    (16, "overcount", 14, 2, "overcount upheld"),  # 2 too many: counter loses 2, caller scores 2
    (14, "overcount", 14, 0, "false overcount"),  # exact: nothing changes
    (11, "overcount", 11, 0, "false overcount"),  # too low: nothing changes
]


@pytest.mark.parametrize(("announced", "response", "counter", "caller", "outcome"), TABLE)
def test_settlement_table(position, act, announced, response, counter, caller, outcome):
    state = show(position)
    decision = state.decision()
    assert decision.seat == 1 and decision.kind == "count"
    assert [str(c) for c in decision.correct] == [f"announce {TRUTH}"]
    events = act(state, f"announce {announced}")
    assert types(events) == ["announce", "score"] and state.scores == [0, announced]
    window = state.open_window()
    assert window is not None and window.responders == (0,) and window.settle_on == "any_claim"
    assert window.claimable is (announced != TRUTH)
    events = act(state, response)
    assert state.scores == [caller, counter]
    settled = [e for e in events if e["type"] == "settlement"]
    assert len(settled) == 1 and settled[0]["outcome"] == outcome
    assert settled[0]["true"] == TRUTH and settled[0]["announced"] == announced
    assert sum(item["points"] for item in settled[0]["breakdown"]) == TRUTH
    assert {item["kind"] for item in settled[0]["breakdown"]} == {"fifteen", "pair", "run"}
    assert state.open_window() is None
    assert state.decision().seat == 0 and state.decision().kind == "count"  # the dealer's hand next


def test_the_correct_response_is_exact(position, act):
    for announced, right in ((11, "muggins 3"), (14, "pass"), (16, "overcount")):
        state = show(position)
        act(state, f"announce {announced}")
        assert [str(c) for c in state.decision().correct] == [right]


def test_three_players_first_claim_after_an_accept_settles(position, act):
    hands = {1: HANDS[1], 2: ["2S", "2D", "JC", "QD"], 0: HANDS[0]}
    state = show(position, scores=(0, 0, 0), players=3, hands=hands, crib=["3S", "4D", "7D", "8S"])
    act(state, "announce 12")
    assert state.open_window().responders == (2, 0)
    events = act(state, "pass")
    assert "settlement" not in types(events) and state.decision().seat == 0
    events = act(state, "muggins 2")
    assert state.scores == [2, 12, 0]
    assert types(events)[:2] == ["response", "settlement"]


def test_all_accept_in_three_players_lets_a_wrong_count_stand(position, act):
    hands = {1: HANDS[1], 2: ["2S", "2D", "JC", "QD"], 0: HANDS[0]}
    state = show(position, scores=(0, 0, 0), players=3, hands=hands, crib=["3S", "4D", "7D", "8S"])
    act(state, "announce 20")
    act(state, "pass")
    events = act(state, "pass")
    assert state.scores == [0, 20, 0]
    assert [e["outcome"] for e in events if e["type"] == "settlement"] == ["stands"]


def test_partnership_responders_are_the_other_side_from_the_counters_left(position, act):
    hands = {1: HANDS[1], 2: ["2S", "2D", "JC", "QD"], 3: ["3S", "4D", "7D", "8S"], 0: HANDS[0]}
    rules = CribbageRules(partnerships=True)
    state = show(position, rules=rules, scores=(0, 0), players=4, hands=hands, crib=["9C", "9D", "TH", "TS"])
    act(state, "announce 10")
    assert state.open_window().responders == (2, 0)  # seats 1 and 3 are partners; 3 never answers
    act(state, "pass")
    assert state.decision().seat == 0
    act(state, "muggins 4")
    assert state.scores == [4, 10]  # side 0 (seats 0, 2) gets the 4 missed; side 1 the announced 10
    assert state.decision().seat == 2 and state.decision().kind == "count"
    act(state, "announce 0")
    assert state.open_window().responders == (3, 1)


def test_a_count_reaching_the_target_ends_the_game_at_once(position, act):
    state = show(position, scores=(50, 110))
    events = act(state, "announce 11")  # 121, not above the truth (14)
    assert state.decision() is None and state.result().winners == (1,)
    assert types(events) == ["announce", "score", "settlement", "game_over"]
    assert state.scores == [50, 121]  # the missed 3 are never claimed


def test_an_overcount_reaching_the_target_waits_for_responses(position, act):
    state = show(position, scores=(50, 105))
    act(state, "announce 16")  # 121, but 2 too many
    assert state.scores == [50, 121] and state.decision().kind == "respond"
    events = act(state, "overcount")
    assert state.scores == [52, 119] and state.decision() is not None  # no longer at the target: play on
    assert "game_over" not in types(events)


def test_an_accepted_overcount_at_the_target_wins(position, act):
    state = show(position, scores=(50, 105))
    act(state, "announce 16")
    act(state, "pass")
    assert state.decision() is None and state.result().winners == (1,) and state.scores == [50, 121]


def test_both_at_the_target_after_settlement_the_counter_scored_first(position, act):
    state = show(position, scores=(120, 110))
    act(state, "announce 16")  # 126; the truth would give 124
    events = act(state, "overcount")  # counter 124, caller 122: both reached
    assert state.scores == [122, 124] and state.result().winners == (1,)
    assert types(events)[-1] == "game_over"


def test_the_caller_wins_when_only_the_caller_reaches_the_target(position, act):
    state = show(position, scores=(119, 0))
    act(state, "announce 10")
    act(state, "muggins 4")  # 4 missed → 123
    assert state.result().winners == (0,) and state.scores == [123, 10]


def test_a_false_muggins_can_carry_the_counter_over_the_target(position, act):
    state = show(position, scores=(0, 100))
    act(state, "announce 14")
    act(state, "muggins 9")
    assert state.scores == [0, 123] and state.result().winners == (1,)


def test_muggins_off_scores_every_show_automatically(position):
    state = show(position, rules=CribbageRules(muggins=False))
    # Both hands and the crib are scored, then the next deal waits for discards.
    assert state.decision().kind == "discard"
    assert state.stats["counts"] == 0 and state.scores == [5 + 6, TRUTH]  # the dealer's hand 5 and the crib's three fifteens
    shows = [e for e in state.opening if e["type"] == "show_score"]
    assert [(e["seat"], e["what"], e["points"]) for e in shows] == [(1, "hand", 14), (0, "hand", 5), (0, "crib", 6)]


def test_mistakes_prevented_offers_only_the_true_count(position):
    state = show(position, rules=CribbageRules(mistakes="prevented"))
    assert [str(c) for c in state.decision().choices] == [f"announce {TRUTH}"]


def test_the_breakdown_is_shown_even_when_all_accept_and_names_the_cards(position, act, game):
    state = show(position)
    act(state, "announce 14")
    events = act(state, "pass")
    line = game.describe(next(e for e in events if e["type"] == "settlement"), 0)
    assert line.startswith("Settled, seat 1's hand: announced 14, true count 14.")
    assert "fifteen 2 (5♦ K♣)" in line and "run of 3 3 (4♣ 5♦ 6♥)" in line and "pair 2 (6♥ 6♠)" in line
