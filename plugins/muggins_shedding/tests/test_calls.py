"""RULES.md items 4 and 5: errors stand unless called; the Muggins call, correction and penalty."""

from __future__ import annotations

from muggins import check_conservation, standard_deck

STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


def codes(state, pile):
    return [c.code for c in state.piles()[pile]]


def test_an_unchallenged_error_stands_even_on_an_empty_opposing_discard(position, act):
    state = position(players=4, commons=["5C"], stocks=STOCKS, mover=0, exposed="6H")
    act(state, "play 6H to discard 2")  # wrong twice over: a common fits, and C's discard is empty
    assert state.stats["errors"] == 1
    for responder in (1, 2, 3):
        decision = state.decision()
        assert decision.kind == "respond" and decision.seat == responder and decision.compact
        act(state, "pass")
    assert codes(state, "discard 2") == ["6H"] and codes(state, "common 1")[-1] == "5C"
    # The window is closed: seat 1 is turning its card and no call is possible any more.
    decision = state.decision()
    assert decision.kind == "play" and decision.seat == 1 and "muggins" not in [str(c) for c in decision.choices]


def test_an_unsupported_call_costs_nothing_and_polling_goes_on(position, act):
    state = position(players=4, commons=["5C"], stocks=STOCKS, mover=0, exposed="6H")
    act(state, "play 6H to common 1")  # correct
    sizes = [len(state.piles()[f"stock {s}"]) for s in range(4)]
    events = act(state, "muggins")  # seat 1 calls wrongly
    assert events == [{"type": "call", "seat": 1, "against": 0, "card": "6H", "pile": "common 1", "upheld": False, "correct": ["common 1"]}]
    assert state.decision().seat == 2 and state.decision().kind == "respond"  # seat 2 is still asked
    assert [len(state.piles()[f"stock {s}"]) for s in range(4)] == sizes
    assert state.stats["calls"] == 1 and state.stats["calls_upheld"] == 0 and state.stats["penalties"] == 0


def test_the_first_supported_call_settles_the_window(position, act, kinds):
    state = position(players=4, commons=["5C"], stocks=STOCKS, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")  # missed the common
    act(state, "pass")  # seat 1 lets it stand
    events = act(state, "muggins")  # seat 2 calls
    assert events[0]["seat"] == 2 and events[0]["upheld"]
    assert kinds(events) == ["call", "correction", "penalty", "penalty", "penalty", "expose"]
    assert state.decision().kind == "play" and state.decision().seat == 1  # seat 3 was never polled
    # Penalty order: clockwise from the offender's left, each card under the previous one.
    assert [(e["donor"], e["card"]) for e in events if e["type"] == "penalty"] == [(1, "8C"), (2, "8H"), (3, "7C")]
    assert codes(state, "stock 0") == ["7C", "8H", "8C", "9C", "9H"]
    check_conservation(state.piles(), standard_deck())


def test_the_offender_chooses_among_several_fitting_commons(position, act):
    state = position(players=3, commons=["5C", "9D", "7S"], stocks={0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"]}, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")
    events = act(state, "muggins")
    assert [e["type"] for e in events] == ["call"] and events[0]["correct"] == ["common 1", "common 3"]
    decision = state.decision()
    assert decision.seat == 0 and decision.kind == "correct"
    assert [str(c) for c in decision.choices] == ["correct 6H to common 1", "correct 6H to common 3"]
    assert list(decision.correct) == list(decision.choices)
    assert state.piles()["exposed"][0].code == "6H"  # taken back up, in the offender's hand
    events = act(state, "correct 6H to common 3")
    assert events[0] == {"type": "correction", "seat": 0, "card": "6H", "from_pile": "discard 0", "pile": "common 3", "on": "7S"}
    assert [(e["donor"], e["card"]) for e in events if e["type"] == "penalty"] == [(1, "8C"), (2, "8H")]
    assert codes(state, "common 3")[-1] == "6H" and codes(state, "discard 0") == []


def test_a_donor_with_an_empty_stock_turns_its_discard_over_first(position, act):
    state = position(players=3, commons=["5C"], stocks={0: ["9C", "9H"], 1: [], 2: ["8D", "8H"]},
                     discards={1: ["JS", "QS", "KS"]}, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")
    events = act(state, "muggins")
    recycle = next(e for e in events if e["type"] == "recycle")
    assert recycle == {"type": "recycle", "seat": 1, "count": 3, "reason": "penalty"}
    assert [(e["donor"], e["card"]) for e in events if e["type"] == "penalty"] == [(1, "JS"), (2, "8H")]  # JS was the bottom card
    assert codes(state, "discard 1") == []
    assert events[-1] == {"type": "expose", "seat": 1, "card": "QS", "n": 2}  # seat 1's turn: the next card of its old discard


def test_a_donor_with_no_cards_gives_none(position, act):
    # Not reachable in play (a player without cards has won), but the seed rules it: seat 1 holds nothing.
    state = position(players=3, commons=["5C"], stocks={0: ["9C", "9H"], 1: [], 2: ["8D", "8H"]}, mover=2, exposed="6H")
    act(state, "play 6H to discard 2")
    events = act(state, "muggins")  # seat 0 calls
    penalties = [e for e in events if e["type"] == "penalty"]
    assert penalties == [{"type": "penalty", "donor": 0, "seat": 2, "card": "9H", "reveals": ["9H"]}, {"type": "penalty", "donor": 1, "seat": 2, "card": None}]
    assert state.stats["penalties"] == 1
    assert all(e["type"] != "win" for e in events)  # a donor who had nothing did not go out by giving


def test_a_donor_emptied_by_giving_goes_out_and_the_first_clockwise_wins(position, act, kinds):
    # Seats 1 and 3 each hold one card; seat 2 holds more. Seat 0 errs and seat 2 calls.
    state = position(players=4, commons=["5C"], stocks={0: ["9C", "9H"], 1: ["8C"], 2: ["8D", "8H"], 3: ["7C"]}, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")
    act(state, "pass")
    events = act(state, "muggins")
    assert kinds(events)[:5] == ["call", "correction", "penalty", "penalty", "penalty"]
    win = next(e for e in events if e["type"] == "win")
    assert win["seat"] == 1 and win["how"] == "gave_last_card" and win["wins"] == [0, 1, 0, 0]
    assert kinds(events)[kinds(events).index("win") + 1] == "deal"  # the next hand is dealt at once


def test_mistakes_prevented_offers_only_correct_placements_and_no_window(position, act):
    from muggins_shedding import SheddingRules

    state = position(SheddingRules(mistakes="prevented"), players=4, commons=["5C", "7D"], stocks=STOCKS, mover=0, exposed="6H")
    decision = state.decision()
    assert [str(c) for c in decision.choices] == ["play 6H to common 1", "play 6H to common 2"]
    act(state, "play 6H to common 2")
    assert state.decision().kind == "play" and state.decision().seat == 1  # no window was opened
