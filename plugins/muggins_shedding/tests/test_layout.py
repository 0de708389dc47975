"""Issue 29: the shedding table as data — the turned card, the closed stocks as backs, each discard and common pile, hands won.

The layout is what `muggins.projection.seat_update` sends each seat (the
same table for everyone but the words "your"), asserted whole on a
hand-made position; a placement is played by tapping its pile, so its
choice names the turned card and the pile's zone, and six or seven
discards never make a number family.
"""

from __future__ import annotations

from muggins.projection import seat_decision, seat_update

STOCKS = {0: ["9C", "9H"], 1: ["2C", "KC"], 2: ["4S", "3H"], 3: ["5D", "TS"]}


def example(position):
    return position(players=4, commons=["5C", "9D", "KH", "2S"], stocks=STOCKS, discards={1: ["7D"], 2: ["8S", "QD"]}, mover=0, exposed="6H")


def zone(id, kind, label, owner, cards, count):
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def test_every_pile_of_the_table_with_the_turned_card_in_the_movers_hand(position):
    state = example(position)
    assert seat_update(state, 1)["layout"] == {
        "zones": [
            zone("hand:0", "hand", "seat 0", 0, ["6H"], 1),
            zone("stock:0", "pile", "seat 0's closed stock", 0, None, 2),
            zone("discard:0", "pile", "seat 0's discard", 0, [], 0),
            zone("hand:1", "hand", "Your hand", 1, [], 0),
            zone("stock:1", "pile", "Your closed stock", 1, None, 2),
            zone("discard:1", "pile", "Your discard", 1, ["7D"], 1),
            zone("hand:2", "hand", "seat 2", 2, [], 0),
            zone("stock:2", "pile", "seat 2's closed stock", 2, None, 2),
            zone("discard:2", "pile", "seat 2's discard", 2, ["QD"], 2),  # the top alone: the card under it is face down
            zone("hand:3", "hand", "seat 3", 3, [], 0),
            zone("stock:3", "pile", "seat 3's closed stock", 3, None, 2),
            zone("discard:3", "pile", "seat 3's discard", 3, [], 0),
            zone("common:1", "pile", "common pile 1", None, ["5C"], 37),  # the cards named nowhere lie under it
            zone("common:2", "pile", "common pile 2", None, ["9D"], 1),
            zone("common:3", "pile", "common pile 3", None, ["KH"], 1),
            zone("common:4", "pile", "common pile 4", None, ["2S"], 1),
        ],
        "counters": [
            {"id": "wins:0", "label": "hands won", "owner": 0, "value": 0},
            {"id": "wins:1", "label": "hands won", "owner": 1, "value": 0},
            {"id": "wins:2", "label": "hands won", "owner": 2, "value": 0},
            {"id": "wins:3", "label": "hands won", "owner": 3, "value": 0},
            {"id": "exposures", "label": "cards turned this hand (a draw at 1000)", "owner": None, "value": 1},
        ],
        "track": None,
    }


def test_a_placement_moves_the_turned_card_to_its_pile(position, game):
    state = example(position)
    decision = state.decision()
    placement = decision.find("play 6H to discard 2")
    assert game.choice_move(placement) == ("6H", "discard:2")
    shown = seat_decision(decision, game)
    assert [(c["text"], c["card"], c["to"]) for c in shown["choices"][3:6]] == [
        ("play 6H to common 4", "6H", "common:4"), ("play 6H to discard 0", "6H", "discard:0"), ("play 6H to discard 1", "6H", "discard:1")]


def test_while_a_placement_is_disputed_its_pile_shows_the_card_it_covers(position, act, game):
    state = example(position)
    act(state, "play 6H to discard 2")
    update = seat_update(state, 1)
    assert update["layout"]["zones"][8] == zone("discard:2", "pile", "seat 2's discard", 2, ["QD", "6H"], 3)
    assert update["layout"]["zones"][0] == zone("hand:0", "hand", "seat 0", 0, [], 0)
    assert [game.choice_move(c) for c in state.decision().choices] == [None, None]  # pass and Muggins move no card


def test_a_correction_moves_the_card_to_the_common_pile_chosen(position, act, game):
    # 6H fits 5C and 7C on two commons: placed on the own discard it is called, and its owner picks the common pile.
    state = position(players=3, commons=["5C", "7C"], stocks={0: ["9C", "9H"], 1: ["2C", "KC"], 2: ["4S", "3H"]}, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")
    act(state, "muggins")
    decision = state.decision()
    assert decision.kind == "correct" and [game.choice_move(c) for c in decision.choices] == [("6H", "common:1"), ("6H", "common:2")]
    assert seat_update(state, 0)["layout"]["zones"][0] == zone("hand:0", "hand", "Your hand", 0, ["6H"], 1)  # taken back up


def test_seven_discards_are_seven_piles_to_tap_not_a_number_family(position, game):
    stocks = {s: ["9C", "9H", "2C", "KC", "4S", "3H", "5D"][s:s + 1] + ["TS", "JS", "QS", "KS", "AS", "2S", "3S"][s:s + 1] for s in range(7)}
    state = position(players=7, commons=["5C", "9D", "KH"], stocks=stocks, mover=0, exposed="6H")
    shown = seat_decision(state.decision(), game)
    assert len(shown["choices"]) == 10 and shown["families"] == [] and all("family" not in c for c in shown["choices"])
