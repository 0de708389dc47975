"""Issue item 1: the stop, the 5-chip reward under both readings, the dealer's sweep and the settlement."""

from __future__ import annotations

from muggins import standard_deck

from willughby_fishing import FishingRules


def finish(state, act, answers=None):
    events = []
    answers = answers or {}
    while state.decision() is not None and state.decision().kind == "respond":
        events += act(state, answers.get(state.decision().seat, "pass"))
    return events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


def two_left(rules, last_capture=-1):
    # Seat 0 captures its last card; seat 2 alone then holds cards. Seat 4 made the capture before.
    return dict(rules=rules, hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"], mover=0, dealer=3, last_capture=last_capture)


def test_the_last_holder_takes_the_reward_and_the_dealer_sweeps_the_hand_and_the_table(position, act):
    kw = two_left(FishingRules(deals=1))
    state = position(kw.pop("rules"), **kw)
    events = act(state, "play KD take KH") + finish(state, act)
    assert [e["type"] for e in events][-5:] == ["stop", "reward", "sweep", "settle", "match_end"]
    assert of(events, "reward")[0]["seat"] == 2 and of(events, "reward")[0]["how"] == "last_holder"
    sweep = of(events, "sweep")[0]
    assert sweep["seat"] == 3 and sweep["holder"] == 2 and sweep["hand"] == ["2D", "8H"] and sweep["field"] == ["4S", "9S"]
    assert state.hands == [[]] * 5 and state.field == []


def test_with_the_last_capture_reading_the_last_capture_takes_it(position, act):
    kw = two_left(FishingRules(deals=1, reward="last_capture"))
    state = position(kw.pop("rules"), **kw)
    events = act(state, "play KD take KH") + finish(state, act)
    reward = of(events, "reward")[0]
    assert reward["seat"] == 0 and reward["how"] == "last_capture"


def test_if_nobody_holds_cards_the_last_capture_takes_it_under_either_reading(position, act):
    for reading in ("last_holder", "last_capture"):
        # seat 0 takes its last card; seat 3 then lays the other pair of kings, its last cards
        state = position(FishingRules(deals=1, reward=reading), hands={0: ["KD"], 3: ["KC", "KS"]}, field=["KH", "9S", "4S"], mover=0, dealer=1)
        events = act(state, "play KD take KH") + finish(state, act, {3: "claim"})
        assert of(events, "stop")[0]["holder"] is None
        assert of(events, "reward")[0]["seat"] == 0 and of(events, "reward")[0]["how"] == "last_capture"
        assert of(events, "sweep")[0]["hand"] == []


def test_the_last_moves_window_is_answered_before_the_hand_stops(position, act):
    # Seat 0 takes only one of three jacks with its last card: the pair left is claimed before the stop.
    state = position(FishingRules(deals=1), hands={0: ["JS"], 2: ["8H", "2D"]}, field=["JH", "JD", "JC", "4S", "5S"], mover=0, dealer=3)
    events = act(state, "play JS take JH")
    assert not of(events, "stop")
    events += finish(state, act, {1: "claim"})
    kinds = [e["type"] for e in events]
    assert kinds.index("claim") < kinds.index("stop") < kinds.index("reward") < kinds.index("sweep") < kinds.index("settle")
    settle = of(events, "settle")[0]
    assert of(events, "claim")[0]["cards"] == ["JC", "JD"]
    assert settle["sizes"][1] == 2  # the claimed pair counts in seat 1's collection


def test_settlement_pays_per_pair_short_receives_per_pair_over_and_always_empties_the_pot(position, act):
    deck = [c.code for c in standard_deck()]
    named = {"KD", "KH", "8H", "2D", "9S", "4S"}
    spare = [c for c in deck if c not in named]
    # collections before the sweep: seat 0 20, seat 1 0, seat 2 4, seat 4 14, dealer (3) the rest
    cols = {0: spare[:20], 2: spare[20:24], 4: spare[24:38]}
    state = position(FishingRules(deals=1), hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"], collections=cols, mover=0, dealer=3)
    events = act(state, "play KD take KH") + finish(state, act)
    settle = of(events, "settle")[0]
    sizes = settle["sizes"]
    assert sizes == [22, 0, 4, 12, 14] and sum(sizes) == 52
    assert settle["chips"] == [7, -4, -2, 2, 3]
    assert settle["pot"] == 0 and sum(settle["ledger"]) == 0
    assert settle["ledger"] == [-2 + 7, -2 - 4, -2 + 5 - 2, -3 + 2, -2 + 3]


def test_an_ordinary_deal_passes_to_the_next_with_new_antes(position, act):
    state = position(FishingRules(deals=2), hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"], mover=0, dealer=3)
    events = act(state, "play KD take KH") + finish(state, act)
    ante = of(events, "ante")[0]
    assert ante["deal"] == 1 and ante["dealer"] == 4 and ante["pot"] == 11
    assert state.pot == 11 and sum(state.ledger) == -11
