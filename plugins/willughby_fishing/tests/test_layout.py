"""Issue 29: the fishing table as data — hands, the table's cards, every collection face up, each seat's chips and the pot.

The layout is what `muggins.projection.seat_update` sends each seat,
asserted whole on a hand-made position; a capture is played by tapping
its hand card, which goes onto the table.
"""

from __future__ import annotations

from muggins.projection import seat_decision, seat_update

HANDS = {0: ["QS", "3C", "3D"], 1: ["4D", "8H"], 2: ["9C", "KD", "6C"], 3: ["5S", "JC"]}
FIELD = ["QH", "QD", "QC", "2S", "10D", "JH"]


def example(position):
    # Seat 4 dealt and lay down; the cards named nowhere are in its collection.
    return position(hands=HANDS, field=FIELD, collections={1: ["AS", "AH"]}, mover=0, dealer=4, laid_down=[4])


def zone(id, kind, label, owner, cards, count):
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def test_the_hands_the_table_the_collections_and_the_chips(position):
    state = example(position)
    layout = seat_update(state, 0)["layout"]
    dealers = state.view(0)["collections"][4]
    assert len(dealers) == 34
    assert layout == {
        "zones": [
            zone("hand:0", "hand", "Your hand", 0, ["3C", "3D", "QS"], 3),
            zone("hand:1", "hand", "seat 1", 1, None, 2),
            zone("hand:2", "hand", "seat 2", 2, None, 3),
            zone("hand:3", "hand", "seat 3", 3, None, 2),
            zone("hand:4", "hand", "seat 4", 4, None, 0),
            zone("table", "field", "the table", None, ["2S", "TD", "JH", "QC", "QD", "QH"], 6),
            zone("collection:0", "collection", "Your collection", 0, [], 0),
            zone("collection:1", "collection", "seat 1's collection", 1, ["AH", "AS"], 2),
            zone("collection:2", "collection", "seat 2's collection", 2, [], 0),
            zone("collection:3", "collection", "seat 3's collection", 3, [], 0),
            zone("collection:4", "collection", "seat 4's collection", 4, dealers, 34),
        ],
        "counters": [
            {"id": "chips:0", "label": "chips", "owner": 0, "value": -2},
            {"id": "chips:1", "label": "chips", "owner": 1, "value": -2},
            {"id": "chips:2", "label": "chips", "owner": 2, "value": -2},
            {"id": "chips:3", "label": "chips", "owner": 3, "value": -2},
            {"id": "chips:4", "label": "chips", "owner": 4, "value": -3},  # the dealer's ante is three
            {"id": "pot", "label": "the pot", "owner": None, "value": 11},
        ],
        "track": None,
    }
    other = seat_update(state, 1)["layout"]["zones"]
    assert other[0] == zone("hand:0", "hand", "seat 0", 0, None, 3) and other[1] == zone("hand:1", "hand", "Your hand", 1, ["4D", "8H"], 2)


def test_a_capture_plays_its_hand_card_onto_the_table(position, act, game):
    state = example(position)
    shown = seat_decision(state.decision(), game)
    assert [(c["text"], c["card"], c["to"]) for c in shown["choices"]] == [
        ("play QS take QC QD QH", "QS", "table"), ("play QS take QC", "QS", "table"),
        ("play QS take QD", "QS", "table"), ("play QS take QH", "QS", "table")]
    act(state, "play QS take QH")
    zones = seat_update(state, 0)["layout"]["zones"]
    assert zones[5] == zone("table", "field", "the table", None, ["2S", "TD", "JH", "QC", "QD"], 5)
    assert zones[6] == zone("collection:0", "collection", "Your collection", 0, ["QH", "QS"], 2)
    assert [game.choice_move(c) for c in state.decision().choices] == [None, None]  # let it be, or claim: no card moves
