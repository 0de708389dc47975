"""Issue item 1: a turn — compulsory capture of one, three or a pair of table cards, or lying the whole hand down."""

from __future__ import annotations

from willughby_fishing.state import capture_options, CODE_INDEX


def ids(codes):
    return [CODE_INDEX[c] for c in codes]


def texts(actions):
    return [str(a) for a in actions]


def test_one_card_takes_one_table_card_of_its_rank_and_both_go_face_up_into_the_collection(position, act, event_types):
    state = position(hands={0: ["7C", "KD"], 1: ["2C", "3C"], 2: ["4C", "5C"]}, field=["7H", "9S"], mover=0, dealer=4)
    decision = state.decision()
    assert texts(decision.choices) == ["play 7C take 7H"] and texts(decision.correct) == ["play 7C take 7H"]
    events = act(state, "play 7C take 7H")
    assert events[0] == {"type": "capture", "seat": 0, "rank": 7, "played": ["7C"], "taken": ["7H"], "table_before": 1, "reveals": ["7C", "7H"]}
    assert {"7C", "7H"} <= set(state.view(None)["collections"][0]) and state.view(0)["hand"] == ["KD"]


def test_suits_never_matter_and_every_pairing_is_offered():
    options, correct = capture_options(ids(["7C", "7D"]), ids(["7H"]))
    assert texts(options) == texts(correct) == ["play 7C take 7H", "play 7D take 7H"]


def test_a_pair_in_hand_may_take_the_matching_table_pair_or_one_card_only():
    options, correct = capture_options(ids(["7C", "7D"]), ids(["7H", "7S"]))
    assert "play 7C 7D take 7H 7S" in texts(correct)
    assert {"play 7C take 7H", "play 7D take 7S"} <= set(texts(correct))  # taking one is allowed too


def test_the_fourth_card_must_take_all_three_taking_one_is_a_mistake():
    options, correct = capture_options(ids(["QS"]), ids(["QH", "QD", "QC"]))
    assert texts(correct) == ["play QS take QC QD QH"]
    assert set(texts(options)) == {"play QS take QC QD QH", "play QS take QC", "play QS take QD", "play QS take QH"}


def test_capture_is_compulsory_lying_down_is_offered_only_when_nothing_can_be_captured(position, act, event_types):
    state = position(hands={0: ["7C", "KD"], 1: ["2C", "3C"], 2: ["4C", "5C"]}, field=["7H", "9S"], mover=0, dealer=4)
    assert "lie down" not in texts(state.decision().choices)
    act(state, "play 7C take 7H")
    while state.decision().kind == "respond":
        act(state, "pass")
    decision = state.decision()
    assert decision.seat == 1 and texts(decision.choices) == ["lie down"]
    events = act(state, "lie down")
    assert events[0] == {"type": "lie_down", "seat": 1, "cards": ["2C", "3C"], "reveals": ["2C", "3C"]}
    assert state.laid_down[1] and state.hands[1] == [] and {"2C", "3C"} <= set(state.view(None)["field"])


def test_laid_down_cards_are_capturable_and_turns_skip_players_without_cards(position, act):
    state = position(hands={0: ["KD", "5S"], 1: ["2C", "3C"], 2: ["2D", "8H"], 4: ["QC", "JC"]}, field=["KH", "9S", "5H", "4S"], mover=1, dealer=0)
    act(state, "lie down")
    while state.decision().kind == "respond":
        act(state, "pass")
    assert state.decision().seat == 2 and "play 2D take 2C" in texts(state.decision().choices)
    act(state, "play 2D take 2C")
    while state.decision().kind == "respond":
        act(state, "pass")
    # seat 3 holds nothing: skipped; seat 4 cannot capture and lies down; then seat 0, skipping 1 (lain down)
    assert state.decision().seat == 4 and texts(state.decision().choices) == ["lie down"]
    act(state, "lie down")
    while state.decision().kind == "respond":
        act(state, "pass")
    assert state.decision().seat == 0
    act(state, "play KD take KH")
    while state.decision().kind == "respond":
        act(state, "pass")
    assert state.decision().seat == 2  # seat 1 has lain down and seat 3 has no cards


def test_the_hand_stops_as_soon_as_at_most_one_player_holds_cards(position, act, event_types):
    state = position(hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"], mover=0, dealer=3)
    events = act(state, "play KD take KH")
    while state.decision() is not None and state.decision().kind == "respond":
        events += act(state, "pass")
    assert "stop" in event_types(events)
    stop = next(e for e in events if e["type"] == "stop")
    assert stop["holder"] == 2
