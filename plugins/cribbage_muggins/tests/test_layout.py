"""Issue 29: the cribbage table as data — hands, crib, starter and the count's cards, scores and the count as counters, the peg track.

Every position is hand-made (dealer seat 0, so seat 1 leads); the layout is
what `muggins.projection.seat_update` sends each seat, asserted whole, and
the choices a front end plays by tapping a card, or by one number control.
"""

from __future__ import annotations

from muggins.projection import seat_decision, seat_update

from cribbage_muggins.rules import CribbageRules

HANDS = {0: ["5S", "TD", "JC", "KH"], 1: ["5H", "6D", "7C", "8S"]}
CRIB = ["2C", "3D", "4H", "9S"]


def pegging(position):
    return position(players=2, hands=HANDS, crib=CRIB, starter="JS", scores=[45, 60])


def zone(id, kind, label, owner, cards, count):
    return {"id": id, "kind": kind, "label": label, "owner": owner, "cards": cards, "count": count}


def test_while_pegging_the_dealer_sees_its_hand_the_crib_as_backs_the_starter_the_count_and_the_track(position, act):
    state = pegging(position)
    act(state, "play 5H")
    assert seat_update(state, 0)["layout"] == {
        "zones": [
            zone("hand:0", "hand", "Your hand", 0, ["5S", "TD", "JC", "KH"], 4),
            zone("hand:1", "hand", "seat 1", 1, None, 3),  # one card played, three still held face down
            zone("crib", "crib", "Your crib", 0, None, 4),
            zone("starter", "starter", "the starter", None, ["JS"], 1),
            zone("field", "field", "the count's cards", None, ["5H"], 1),
        ],
        "counters": [
            {"id": "score:0", "label": "score", "owner": 0, "value": 45},
            {"id": "score:1", "label": "score", "owner": 1, "value": 60},
            {"id": "count", "label": "the count", "owner": None, "value": 5},
        ],
        "track": {"target": 121, "scores": {"0": 45, "1": 60}, "style": "pegs", "holes": 121,
                  "pegs": {"0": {"front": 45, "back": 45}, "1": {"front": 60, "back": 60}}},
    }
    # The other seat: its own unplayed cards, the dealer's hand and crib face down.
    zones = seat_update(state, 1)["layout"]["zones"]
    assert zones[0] == zone("hand:0", "hand", "seat 0", 0, None, 4) and zones[1] == zone("hand:1", "hand", "Your hand", 1, ["6D", "7C", "8S"], 3)
    assert zones[2] == zone("crib", "crib", "seat 0's crib", 0, None, 4)


def test_a_pegging_play_moves_its_card_to_the_field(position, game):
    state = pegging(position)
    decision = state.decision()
    assert game.choice_move(decision.choices[0]) == ("5H", "field")
    shown = seat_decision(decision, game)
    assert [(c["text"], c["card"], c["to"]) for c in shown["choices"]] == [
        ("play 5H", "5H", "field"), ("play 6D", "6D", "field"), ("play 7C", "7C", "field"), ("play 8S", "8S", "field")]
    assert shown["families"] == []  # a decision with no family


def test_laying_one_card_away_moves_it_to_the_crib_and_two_at_once_move_both(position, game):
    from muggins.testing import check_layout_privacy

    three = position(players=3, hands={0: ["AS", "2S", "3S", "4S", "5S"], 1: ["AH", "2H", "3H", "4H", "5H"], 2: ["AD", "2D", "3D", "4D", "5D"]},
                     phase="discard")
    assert [game.choice_move(c) for c in three.decision().choices[:2]] == [("AH", "crib"), ("2H", "crib")]
    two = position(players=2, hands={0: ["AS", "2S", "3S", "4S", "5S", "6S"], 1: ["AH", "2H", "3H", "4H", "5H", "6H"]}, phase="discard")
    decision = two.decision()
    assert str(decision.choices[0]) == "discard AH 2H" and game.choice_move(decision.choices[0]) == (("AH", "2H"), "crib")
    shown = seat_decision(decision, game)["choices"]
    assert len(shown) == 15 and all(len(c["cards"]) == 2 and c["to"] == "crib" and "card" not in c for c in shown)
    assert {frozenset(c["cards"]) for c in shown} == {frozenset((a, b)) for i, a in enumerate(["AH", "2H", "3H", "4H", "5H", "6H"])
                                                      for b in ["AH", "2H", "3H", "4H", "5H", "6H"][i + 1:]}
    check_layout_privacy(two, decision.seat, decision)  # both cards of every pair lie face up in the seat's hand


def test_the_count_and_its_window_are_each_one_number_family(position, act, game):
    state = position(players=2, hands=HANDS, crib=CRIB, starter="JS", scores=[45, 60], phase="show")
    count = seat_update(state, 1)["decision"]
    assert count["families"] == [{"id": 0, "template": "announce {n}", "words": "announce", "min": 0, "max": 29, "label": "announce"}]
    act(state, "announce 8")
    window = seat_update(state, 0)["decision"]
    assert window["families"] == [{"id": 0, "template": "muggins {n}", "words": "muggins", "min": 1, "max": 29, "label": "muggins"}]
    assert [(c["text"], c.get("family"), c.get("n")) for c in window["choices"][:3]] == [("pass", None, None), ("overcount", None, None), ("muggins 1", 0, 1)]
    assert [c["n"] for c in window["choices"][2:]] == list(range(1, 30))
    assert not any("card" in c for c in window["choices"])  # a claim moves no card
    # The show turned the hand face up: every seat now sees it.
    assert seat_update(state, 0)["layout"]["zones"][1] == zone("hand:1", "hand", "seat 1", 1, ["5H", "6D", "7C", "8S"], 4)
    assert "count" not in [c["id"] for c in seat_update(state, 0)["layout"]["counters"]]  # no running count outside pegging


def test_partnerships_score_by_side_on_the_track(position):
    hands = {0: ["5S", "TD", "JC", "KH"], 1: ["5H", "6D", "7C", "8S"], 2: ["AS", "2S", "3S", "4S"], 3: ["AH", "2H", "3H", "4H"]}
    state = position(CribbageRules(partnerships=True), players=4, dealer=3, hands=hands, crib=["2C", "3D", "4C", "9S"], starter="JH", scores=[45, 60])
    layout = seat_update(state, 2)["layout"]
    # One pair of pegs per side.
    assert layout["track"] == {"target": 121, "scores": {"0+2": 45, "1+3": 60}, "style": "pegs", "holes": 121,
                               "pegs": {"0+2": {"front": 45, "back": 45}, "1+3": {"front": 60, "back": 60}}}
    assert layout["counters"][:2] == [{"id": "score:0+2", "label": "score, you and seat 0", "owner": None, "value": 45},
                                      {"id": "score:1+3", "label": "score, seats 1 and 3", "owner": None, "value": 60}]
    assert [z["id"] for z in layout["zones"]] == ["hand:0", "hand:1", "hand:2", "hand:3", "crib", "starter", "field"]
    assert layout["zones"][4]["owner"] == 3 and layout["zones"][4]["label"] == "seat 3's crib"



def test_the_track_is_a_peg_board_whose_back_peg_is_each_side_s_score_before_its_last_points(position, act):
    state = pegging(position)
    track = seat_update(state, 0)["layout"]["track"]
    assert track["target"] == 121 and track["scores"] == {"0": 45, "1": 60}  # the old fields are kept beside the pegs
    # Nothing pegged yet in this position: both pegs of a side in the same hole.
    assert track["style"] == "pegs" and track["holes"] == 121
    assert track["pegs"] == {"0": {"front": 45, "back": 45}, "1": {"front": 60, "back": 60}}

    def pegs():
        return seat_update(state, 1)["layout"]["track"]["pegs"]

    act(state, "play 5H")
    act(state, "play TD")  # fifteen two: the dealer's front peg moves 2 on, its back peg to where the front was
    assert pegs() == {"0": {"front": 47, "back": 45}, "1": {"front": 60, "back": 60}}
    act(state, "play 6D")  # 21, nothing: the pegs stay
    assert pegs() == {"0": {"front": 47, "back": 45}, "1": {"front": 60, "back": 60}}
    act(state, "play 5S")  # 26: seat 1 cannot go on and neither can the dealer, who pegs 1 for the go
    assert pegs()["0"] == {"front": 48, "back": 47}
    act(state, "play 7C")
    act(state, "play JC")
    act(state, "play 8S")  # 25, seat 1's last card; the dealer's KH would make 35: seat 1 pegs 1 for the go
    assert pegs() == {"0": {"front": 48, "back": 47}, "1": {"front": 61, "back": 60}}
    act(state, "play KH")  # the last card of the deal
    assert pegs() == {"0": {"front": 49, "back": 48}, "1": {"front": 61, "back": 60}}


def test_a_short_game_s_board_has_61_holes_and_a_long_one_121(position):
    for target, holes in ((61, 61), (31, 61), (121, 121), (91, 121), (181, 121)):
        state = position(CribbageRules(target=target), players=2, hands=HANDS, crib=CRIB, starter="JS")
        track = seat_update(state, 0)["layout"]["track"]
        assert (track["target"], track["holes"]) == (target, holes)


def test_the_back_peg_survives_a_save_and_an_old_save_without_it_puts_it_on_the_front_peg(position, act, game):
    state = pegging(position)
    act(state, "play 5H")
    act(state, "play TD")
    saved = state.to_dict()
    assert game.state_from_dict(saved).view(0)["back_pegs"] == [45, 60]
    old = {key: value for key, value in saved.items() if key != "back_pegs"}
    assert game.state_from_dict(old).view(0)["back_pegs"] == [47, 60]
    copy = state.clone()
    act(copy, "play 6D")
    act(copy, "play 5S")
    assert state.view(0)["back_pegs"] == [45, 60] and copy.view(0)["back_pegs"] == [47, 60]  # a copy pegs on its own
