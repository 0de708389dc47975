"""Issue items 1/4: cut for deal, the deal and crib for 2/3/4 players, the starter and his heels,
the show order, the end of the game at the target, lowball and skunks."""

from __future__ import annotations

import pytest

from muggins import parse_card

from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import CribbageState


def types(events):
    return [e["type"] for e in events]


@pytest.mark.parametrize(("players", "each", "lay", "extra"), [(2, 6, 2, 0), (3, 5, 1, 1), (4, 5, 1, 0)])
def test_deal_sizes_and_the_crib(game, act, players, each, lay, extra):
    state = game.new(CribbageRules(), players, 7)
    assert all(len(h) == each for h in state.hands) and len(state.crib) == extra
    assert len(state.pack) == 52 - players * each - extra
    decision = state.decision()
    assert decision.kind == "discard" and decision.seat == (state.dealer + 1) % players
    assert len(decision.choices) == (15 if lay == 2 else 5)
    for _ in range(players):
        act(state, str(state.decision().choices[0]))
    assert len(state.crib) == 4 and all(len(h) == 4 for h in state.hands)
    assert state.starter is not None and state.phase in ("peg", "over")


def test_three_player_crib_gets_one_card_from_the_pack_hidden_from_everyone(game):
    state = game.new(CribbageRules(), 3, 11)
    from_pack = state.crib[0]
    for seat in (0, 1, 2, None):
        assert from_pack in state.hidden_from(seat)
    for ev in state.opening_events():
        assert from_pack.code not in str(ev)


def test_cut_for_deal_lowest_deals_and_ties_cut_again(game):
    for seed in range(40):
        state = game.new(CribbageRules(), 4, seed)
        cuts = [e for e in state.opening_events() if e["type"] == "cut_for_deal"]
        last = cuts[-1]
        ranks = [int(parse_card(c).rank) for c in last["cards"]]
        assert last["lowest"] == [state.dealer] and min(ranks) == ranks[last["seats"].index(state.dealer)]
        assert ranks.count(min(ranks)) == 1
        for earlier in cuts[:-1]:
            assert len(earlier["lowest"]) > 1  # only a tie is cut again, and only by the tied
        for a, b in zip(cuts, cuts[1:]):
            assert b["seats"] == a["lowest"]


def test_the_first_deal_is_seeded(game):
    assert [game.new(CribbageRules(), 2, s).dealer for s in range(20)] == [game.new(CribbageRules(), 2, s).dealer for s in range(20)]
    assert {game.new(CribbageRules(), 3, s).dealer for s in range(30)} == {0, 1, 2}


def test_hands_are_dealt_privately_and_discards_stay_private(game, act):
    state = game.new(CribbageRules(), 2, 3)
    hand_events = [e for e in state.opening_events() if e["type"] == "hand"]
    assert [e["to"] for e in hand_events] == [[0], [1]]
    seat = state.decision().seat
    laid = state.decision().choices[0]
    events = act(state, str(laid))
    public = [e for e in events if "to" not in e]
    assert public == [{"type": "discard", "seat": seat, "count": 2}]
    private = [e for e in events if "to" in e]
    assert private[0]["to"] == [seat] and private[0]["cards"] == [c.code for c in laid.data]
    other = 1 - seat
    assert set(laid.data) <= state.hidden_from(other) and not set(laid.data) & state.hidden_from(seat)
    assert "crib" in state.view(other) and state.view(other)["crib"] is None


def heels_position(position, scores):
    hands = {1: ["2C", "3C", "4C", "5C", "6C", "7C"], 0: ["2D", "3D", "4D", "5D", "6D", "7D"]}
    return position(players=2, dealer=0, hands=hands, starter="JH", scores=scores, phase="discard")


def test_his_heels_gives_the_dealer_two(position, act):
    state = heels_position(position, [10, 10])
    act(state, "discard 2C 3C")
    events = act(state, "discard 2D 3D")
    i = types(events).index("cut")
    assert events[i]["starter"] == "JH" and events[i]["seat"] == 1  # the dealer's right cuts
    assert types(events)[i + 1:i + 3] == ["heels", "score"] and state.scores == [12, 10]
    assert state.phase == "peg"


def test_his_heels_can_end_the_game(position, act):
    state = heels_position(position, [119, 100])
    act(state, "discard 2C 3C")
    events = act(state, "discard 2D 3D")
    assert types(events)[-1] == "game_over" and state.result().winners == (0,) and state.scores == [121, 100]


def test_show_order_from_the_dealers_left_then_the_dealer_then_the_crib(position, act):
    hands = {2: ["AC", "2C", "9H", "KS"], 3: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9C", "AS"], 1: ["2S", "2D", "JC", "QD"]}
    state = position(players=4, dealer=2, hands=hands, crib=["3S", "4D", "7D", "8S"], starter="KC", phase="show")
    order = []
    while state.phase in ("count", "respond"):
        d = state.decision()
        if d.kind == "count":
            order.append((d.seat, state.pending["what"]))
            act(state, str(d.correct[0]))
        else:
            act(state, "pass")
    assert order == [(3, "hand"), (0, "hand"), (1, "hand"), (2, "hand"), (2, "crib")]
    assert state.phase == "discard" and state.dealer == 3  # the deal passes left


def test_a_show_reaching_the_target_ends_the_game_before_the_later_shows(position):
    hands = {1: ["4C", "5D", "6H", "6S"], 0: ["5C", "5H", "JD", "TS"]}
    state = position(CribbageRules(muggins=False), players=2, hands=hands, crib=["2C", "3D", "QS", "TC"], starter="KC",
                     phase="show", scores=[100, 110])
    assert state.result().winners == (1,) and state.scores == [100, 124]  # the dealer's big hand never counts
    assert [e["type"] for e in state.opening][-1] == "game_over"


def test_lowball_switches_muggins_off_with_a_note_and_the_first_to_the_target_loses(game, position):
    rules = CribbageRules(lowball=True, muggins=True)
    state = game.new(rules, 2, 5)
    notes = [e for e in state.opening_events() if e["type"] == "note"]
    assert notes and "without muggins" in notes[0]["text"]
    assert "without muggins" in game.describe(notes[0], 0)
    hands = {1: ["4C", "5D", "6H", "6S"], 0: ["5C", "5H", "JD", "TS"]}
    state = position(rules, players=2, hands=hands, crib=["2C", "3D", "QS", "TC"], starter="KC", phase="show", scores=[100, 110])
    result = state.result()
    assert result.winners == (0,) and state.scores == [100, 124]  # seat 1 reached 121 first and loses
    assert result.seat_stats["skunked"] == (0, 0)  # no skunks in lowball


def test_lowball_never_asks_for_counts(game, registry):
    from muggins.engine import Match
    from muggins.players import make_players
    state = game.new(CribbageRules(lowball=True, target=61), 3, 2)
    seen = []
    Match(state, make_players(registry, game, ["random"] * 3, 2), listeners=[lambda g, e: seen.append(e["type"])]).run()
    assert "announce" not in seen and "show_score" in seen


@pytest.mark.parametrize(("target", "loser", "skunked", "double"), [(121, 90, 1, 0), (121, 91, 0, 0), (121, 60, 1, 1), (61, 30, 1, 0), (61, 31, 0, 0)])
def test_skunk_lines(position, target, loser, skunked, double):
    hands = {1: ["4C", "5D", "6H", "6S"], 0: ["5C", "5H", "JD", "TS"]}
    state = position(CribbageRules(muggins=False, target=target), players=2, hands=hands, crib=["2C", "3D", "QS", "TC"],
                     starter="KC", phase="show", scores=[loser, target - 14])
    result = state.result()
    assert result.winners == (1,) and result.scores == (loser, target)
    assert result.seat_stats["skunked"] == (skunked, 0) and result.seat_stats["double_skunked"] == (double, 0)
    assert result.stats["skunks"] == skunked and result.stats["margin"] == [target - loser]


def test_partnership_result_names_both_partners(position):
    hands = {1: ["4C", "5D", "6H", "6S"], 2: ["2S", "2D", "JC", "QD"], 3: ["3S", "4D", "7D", "8S"], 0: ["5C", "5H", "JD", "TS"]}
    state = position(CribbageRules(muggins=False, partnerships=True), players=4, hands=hands, crib=["9C", "9D", "TH", "AS"],
                     starter="KC", phase="show", scores=[80, 110])
    result = state.result()
    assert result.winners == (1, 3) and state.scores == [80, 124]
    assert result.scores == (80, 124, 0, 0)  # what each seat scored itself (the position gave the side's points to its first seat)
    assert result.seat_stats["skunked"] == (1, 0, 0, 0)  # a side's skunk is counted once, on its first seat
    assert result.stats["skunks"] == 1
    assert game_sides(state) == ((0, 2), (1, 3))


def game_sides(state):
    return state.game.sides(state.rules, state.players)


def test_rules_refuse_impossible_tables(game):
    with pytest.raises(ValueError, match="partnerships need 4 players"):
        CribbageState.new(game, CribbageRules(partnerships=True), 3, 1)
    with pytest.raises(ValueError, match="2, 3 or 4"):
        CribbageState.new(game, CribbageRules(), 5, 1)
