"""Issue item 1/4: pegging — 15 and 31, pairs, runs in any order, go and last card, go rotation for 3 and 4.

Every position is hand-made; the dealer is seat 0, so seat 1 leads.
"""

from __future__ import annotations

from cribbage_muggins.rules import CribbageRules


def types(events):
    return [e["type"] for e in events]


def pegged(events):
    """(type, seat, detail) of the pegging events, for compact comparisons."""
    out = []
    for e in events:
        if e["type"] == "peg":
            out.append(("peg", e["seat"], e["card"], e["count"], e["points"]))
        elif e["type"] == "go":
            out.append(("go", e["seat"], e["count"]))
        elif e["type"] == "go_point":
            out.append(("go_point", e["seat"], e["why"]))
        elif e["type"] == "count_reset":
            out.append(("reset", e["next"]))
    return out


def play_all(state, act, texts):
    events = []
    for text in texts:
        events += act(state, text)
    return events


def test_three_player_go_rotation(position, act):
    hands = {1: ["KH", "9C", "8D", "7S"], 2: ["QS", "4C", "3C", "2H"], 0: ["TD", "AH", "6S", "5S"]}
    state = position(players=3, hands=hands, crib=["2C", "3H", "4S", "5D"], starter="KD")
    events = play_all(state, act, ["play KH", "play QS", "play 5S", "play 4C", "play AH"])
    assert pegged(events) == [
        ("peg", 1, "KH", 10, 0), ("peg", 2, "QS", 20, 0), ("peg", 0, "5S", 25, 0),
        ("go", 1, 25),  # seat 1 holds 9 8 7: go; play continues with those still able
        ("peg", 2, "4C", 29, 0), ("peg", 0, "AH", 30, 0),
        ("go", 2, 30),  # seat 2 holds 3 2; seat 0 (last to play, holding 10 and 6) cannot go on either
        ("go_point", 0, "go"), ("reset", 1),  # the next count starts left of the last card played
    ]
    assert state.scores == [1, 0, 0]
    events = play_all(state, act, ["play 9C", "play 3C", "play 6S", "play 8D", "play 2H"])
    # Seat 2 played its last card; seats 0 (10) and 1 (7) cannot reach 31; seat 2 has the go.
    assert pegged(events)[-4:] == [("go", 0, 28), ("go", 1, 28), ("go_point", 2, "go"), ("reset", 0)]
    assert state.decision().seat == 0  # left of seat 2, who has no cards anyway
    events = play_all(state, act, ["play TD", "play 7S"])
    assert pegged(events) == [("peg", 0, "TD", 10, 0), ("peg", 1, "7S", 17, 0), ("go_point", 1, "last card")]
    assert state.scores == [1, 1, 1]
    assert types(events)[-1] == "show"  # pegging over, the show begins with seat 1


def test_four_player_thirty_one_after_three_goes(position, act):
    hands = {1: ["KH", "9C", "8D", "7S"], 2: ["QS", "9H", "8C", "7D"], 3: ["TD", "AC", "4H", "5H"], 0: ["6H", "6C", "2S", "3S"]}
    state = position(players=4, hands=hands, crib=["2C", "3H", "4S", "5D"], starter="KD")
    events = play_all(state, act, ["play KH", "play QS", "play TD"])
    assert pegged(events)[3:] == [("go", 0, 30), ("go", 1, 30), ("go", 2, 30)]
    assert state.decision().seat == 3  # still able: plays on
    events = act(state, "play AC")
    assert pegged(events) == [("peg", 3, "AC", 31, 2), ("reset", 0)]  # 31 for 2 and no separate go
    assert state.scores == [0, 0, 0, 2]


def test_partnership_pegging_scores_for_the_side(position, act):
    hands = {1: ["5H", "9C", "8D", "7S"], 2: ["TS", "9H", "8C", "7D"], 3: ["TD", "AC", "4H", "6H"], 0: ["KH", "6C", "2S", "3S"]}
    state = position(CribbageRules(partnerships=True), players=4, hands=hands, crib=["2C", "3H", "4S", "5D"], starter="KD")
    act(state, "play 5H")
    act(state, "play TS")  # 15 for seat 2: side 0
    assert state.scores == [2, 0]


def test_two_player_go_and_last_card(position, act):
    hands = {1: ["TH", "JH", "4C", "AS"], 0: ["9D", "8S", "5C", "2C"]}
    state = position(players=2, hands=hands, crib=["3H", "3D", "QS", "KS"], starter="7C")
    events = play_all(state, act, ["play TH", "play 9D", "play JH"])  # 10, 19, 29
    # Seat 0 holds 8 5 2: 2 fits (31)
    events = act(state, "play 2C")
    assert pegged(events) == [("peg", 0, "2C", 31, 2), ("reset", 1)]
    events = play_all(state, act, ["play 4C", "play 5C"])  # 4, 9
    events += act(state, "play AS")  # 10: seat 1 has played everything
    assert pegged(events)[-1] == ("peg", 1, "AS", 10, 0)
    events = act(state, "play 8S")  # 18, the last card
    assert pegged(events)[:2] == [("peg", 0, "8S", 18, 0), ("go_point", 0, "last card")]
    assert state.scores == [2 + 1, 3]  # seat 1's J made the run 10 9 J


def test_a_player_who_can_play_must_and_go_is_never_offered(position, act):
    hands = {1: ["TH", "JH", "QC", "AS"], 0: ["9D", "8S", "KC", "2C"]}
    state = position(players=2, hands=hands, crib=["3H", "3D", "QS", "KS"], starter="7C")
    play_all(state, act, ["play TH", "play 9D", "play JH"])  # count 29
    decision = state.decision()
    assert decision.seat == 0 and [str(c) for c in decision.choices] == ["play 2C"]
    events = act(state, "play 2C")
    assert pegged(events)[0] == ("peg", 0, "2C", 31, 2)


def test_pairs_royal_and_runs_in_any_order(position, act):
    hands = {1: ["7H", "7C", "3S", "KD"], 0: ["7D", "7S", "5C", "4D"]}
    state = position(players=2, hands=hands, crib=["AH", "2D", "QS", "TS"], starter="9C")
    events = play_all(state, act, ["play 7H", "play 7D", "play 7C", "play 7S"])
    assert [e["points"] for e in events if e["type"] == "peg"] == [0, 2, 6, 12]
    assert state.scores == [14, 6]
    events = play_all(state, act, ["play 3S", "play 5C", "play KD", "play 4D"])
    # 28 + 3 = 31 for 2; new count led by seat 0: 5, K (15 for 2), 4 (19): 5 K 4 is no run
    assert [e["points"] for e in events if e["type"] == "peg"] == [2, 0, 2, 0]
    assert [e["count"] for e in events if e["type"] == "peg"] == [31, 5, 15, 19]


def test_a_run_out_of_order(position, act):
    hands = {1: ["4H", "6C", "KS", "QS"], 0: ["5D", "3C", "JS", "TS"]}
    state = position(players=2, hands=hands, crib=["AH", "2D", "9S", "8S"], starter="9C")
    events = play_all(state, act, ["play 4H", "play 3C", "play 6C", "play 5D"])  # 4 3 6 5: run of 4 (and 18)
    assert [e["points"] for e in events if e["type"] == "peg"] == [0, 0, 0, 4]
    assert [e["why"] for e in events if e["type"] == "peg"][-1] == ["run of 4"]


def test_fifteen_scores_two(position, act):
    hands = {1: ["8H", "6C", "KS", "QS"], 0: ["7D", "3C", "JS", "TS"]}
    state = position(players=2, hands=hands, crib=["AH", "2D", "9S", "8S"], starter="9C")
    events = play_all(state, act, ["play 8H", "play 7D"])
    assert [e["why"] for e in events if e["type"] == "peg"][-1] == ["fifteen"] and state.scores == [2, 0]


def test_pegging_to_the_target_ends_the_game_at_once(position, act):
    hands = {1: ["8H", "6C", "KS", "QS"], 0: ["7D", "3C", "JS", "TS"]}
    state = position(players=2, hands=hands, crib=["AH", "2D", "9S", "8S"], starter="9C", scores=[119, 50])
    events = play_all(state, act, ["play 8H", "play 7D"])
    assert types(events)[-1] == "game_over" and state.decision() is None
    assert state.result().winners == (0,) and state.scores == [121, 50]
