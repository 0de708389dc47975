"""Muggins Whist: the muggins contract kit, a search seat, and the rules on hand-made positions.

`GameContract` loads the installed game with its own expert and walks
whole matches with random, expert and novice seats, checking after every
step what every muggins game must keep (conservation, correct choices,
privacy, the layout, save/restore, determinism, records and replay, the
partnership's side scores, and that no revoke claim's right answer rests
on cards the claimant cannot see). A second run seats the core's search
player. The other tests pin the rules down on positions made by hand.
"""

from __future__ import annotations

import pytest

from muggins.later import LODGED, SETTLED
from muggins.match_checks import seat_players
from muggins.plugins import load_registry
from muggins.testing import GameContract, act, check_game

from muggins_whist.state import WhistState


class TestContract(GameContract):
    game_name = "muggins_whist"
    games = 8
    kinds = ("random", "expert", "novice")


@pytest.fixture(scope="module")
def registry():
    loaded = load_registry(only=["muggins_whist"])
    assert not loaded.errors, loaded.errors
    return loaded


@pytest.fixture
def game(registry):
    return registry.game("muggins_whist")


def test_a_search_seat_plays_whole_matches_within_the_contract(game, registry):
    # Few iterations keep it quick; the kit checks every step as for the other kinds, and replays the record.
    report = check_game(game, games=2, seed=11, kinds=("search:iterations=6", "expert"), registry=registry, replays=1,
                        rules=game.Rules(target=2))
    assert report.matches == 2 and report.decisions >= 2 * 52


def position(game, *hands, **options):
    """Seats 0 to 3 holding `hands`; seat 3 deals (its last card the turned-up trump unless `turn_up` says), seat 0 leads."""
    options.setdefault("turn_up", hands[3].split()[-1])
    return WhistState.from_position(game, hands=hands, **options)


def texts(actions):
    return [str(a) for a in actions]


def settled(events):
    return [(e["seat"], e["actor"], e["supported"], e["when"]) for e in events if e["type"] == SETTLED]


def test_a_player_must_follow_suit_if_able_and_may_play_any_card_when_void(game):
    state = position(game, "2H 9C", "5H 3C", "KD 4D", "7S 8S")
    act(state, "play 2H")
    decision = state.decision()
    assert decision.seat == 1 and texts(decision.correct) == ["play 5H"]
    assert "play 3C" in texts(decision.choices)  # a revoke is still a choice: the rules let a player make it
    act(state, "play 5H")
    assert sorted(texts(state.decision().correct)) == ["play 4D", "play KD"]  # void in hearts: every card is correct


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(game):
    state = position(game, "AH 2C", "KH 3C", "4D 5D", "2S QH", turn_up="2S")  # spades are trumps
    act(state, "play AH")
    act(state, "play KH")
    act(state, "play 4D")  # void in hearts, no trump: it cannot win
    events = act(state, "play QH")
    assert [e for e in events if e["type"] == "trick"][0]["winner"] == 0
    state = position(game, "AH 2C", "KH 3C", "2S 5D", "3S QH", turn_up="3S")
    for card in ("AH", "KH", "2S", "QH"):
        events = act(state, f"play {card}")
    assert [e for e in events if e["type"] == "trick"][0]["winner"] == 2 and state.tricks == [1, 0]
    assert state.decision().seat == 2  # the trick's winner leads the next


def test_a_revoke_claimed_before_its_proof_is_settled_when_the_proof_appears(game):
    state = position(game, "2H 9C", "5H 3C", "KH 4D", "7S 8S")
    act(state, "play 2H")
    act(state, "play 3C")  # a revoke: seat 1 holds 5H
    decision = state.decision()
    assert decision.seat == 2 and "revoke #1" in texts(decision.choices)
    assert "revoke #1" not in texts(decision.correct)  # nothing seat 2 sees shows it right yet
    assert [e["type"] for e in act(state, "revoke #1")] == [LODGED] and state.side_points() == [0, 0]
    assert "revoke #1" not in texts(state.decision().choices)  # claimed once
    for card in ("KH", "7S", "8S", "9C"):  # seat 3 trumps the hearts and leads spades, which seat 1 cannot follow
        act(state, f"play {card}")
    proof = act(state, "play 5H")  # so seat 1 plays the heart it kept
    assert settled(proof) == [(2, 1, True, "proved")]
    assert state.side_points() == [game.Rules().revoke_penalty, 0] and state.claims.find(1) is None


def test_a_proved_revoke_nobody_claimed_opens_a_window_for_the_revokers_opponents(game):
    state = position(game, "2H 9C", "5H 3C", "KH 4D", "7S 8S")
    for card in ("2H", "3C", "KH", "7S", "8S", "9C"):
        act(state, f"play {card}")
    act(state, "play 5H")
    decision = state.decision()
    assert decision.kind == "respond" and decision.seat in (0, 2) and texts(decision.correct) == ["revoke #1"]
    assert settled(act(state, "revoke #1")) == [(decision.seat, 1, True, "proved")]


def test_a_dealer_who_does_not_follow_trumps_holding_the_turned_up_trump_is_proved_at_once(game):
    state = position(game, "AS 2C", "KD 3C", "4D 5D", "2S 9H", turn_up="2S")  # everyone saw 2S turned up
    for card in ("AS", "KD", "4D"):
        act(state, f"play {card}")
    act(state, "play 9H")
    assert state.decision().kind == "respond" and texts(state.decision().correct) == ["revoke #3"]


def test_a_claim_never_proved_is_settled_at_the_end_of_the_hand_and_costs_the_claimant(game):
    rules = game.Rules(target=20)
    state = position(game, "2H 3H", "4C 5C", "KH AH", "7H 9H", rules=rules, tricks=(5, 6))
    act(state, "play 2H")
    act(state, "play 4C")  # seat 1 is void in hearts: no revoke, but nobody can tell yet
    act(state, "revoke #1")  # seat 2 calls it anyway
    for card in ("KH", "7H", "AH", "9H", "3H"):
        act(state, f"play {card}")
    last = act(state, "play 5C")
    assert settled(last) == [(2, 1, False, "end of hand")]
    over = [e for e in last if e["type"] == "hand_over"][0]
    # Seats 0 and 2 took 7 tricks: one point; the false claim gave seats 1 and 3 one point.
    assert over["tricks"] == [7, 6] and over["scores"] == [1, rules.false_claim_penalty]


def test_the_game_ends_at_the_target_and_each_side_score_is_its_seats_points_added_up_not_doubled(game):
    state = position(game, "AH", "2H", "3H", "4H", rules=game.Rules(target=2), tricks=(8, 4), points=(0.5, 0, 0.5, 0))
    for card in ("AH", "2H", "3H"):
        act(state, f"play {card}")
    events = act(state, "play 4H")
    over = [e for e in events if e["type"] == "game_over"][0]
    result = state.result()
    assert over["winners"] == [0, 2] and result.winners == (0, 2)
    assert over["scores"] == [4, 0]  # 1 point before, 3 now (9 tricks)
    assert result.scores[0] + result.scores[2] == 4 and result.scores == (2.0, 0.0, 2.0, 0.0)


def test_the_expert_never_claims_a_revoke_before_its_proof(game, registry):
    state = position(game, "2H 9C", "5H 3C", "KH 4H", "7S 8S")
    act(state, "play 2H")
    act(state, "play 3C")
    expert = seat_players(registry, game, ["expert"] * 4, 1)[2]
    assert "revoke #1" in texts(state.decision().choices)
    assert str(expert.choose(state.view(2), state.decision())) == "play 4H"  # its partner holds the trick: no claim, its lowest


def test_a_revoke_claim_is_offered_in_the_readers_language_with_what_it_names_also_after_a_restore(game):
    from muggins.i18n import using_language

    state = position(game, "2H 9C", "5H 3C", "KH 4H", "7S 8S")
    act(state, "play 2H")
    act(state, "play 3C")
    restored = WhistState.from_dict(game, state.to_dict())
    for found in (state, restored):
        claim = [c for c in found.decision().choices if str(c) == "revoke #1"][0]
        assert claim.label == "call a revoke: 3♣ played by seat 1 on ♥"
        with using_language("fr"):
            assert claim.label == "dénoncer une renonce\u202f: 3♣ joué par le joueur 1 sur ♥"


def test_the_layout_shows_the_turned_up_trump_to_the_others_and_in_the_dealers_hand_only_to_the_dealer(game):
    state = position(game, "2H 9C", "5H 3C", "KH 4H", "7S 8S")
    for seat in (0, 1, 2):
        zones = {zone["id"]: zone for zone in game.layout(state.view(seat), seat)["zones"]}
        assert zones["turn_up"]["cards"] == ["8S"] and zones["hand:3"]["cards"] is None
    dealer = {zone["id"]: zone for zone in game.layout(state.view(3), 3)["zones"]}
    assert "turn_up" not in dealer and dealer["hand:3"]["cards"] == ["7S", "8S"]
    act(state, "play 2H")
    act(state, "play 3C")
    act(state, "play KH")
    act(state, "play 8S")  # played: from now on it is a card of the trick like any other
    assert state.view(0)["turn_up"] is None and "turn_up" not in {z["id"] for z in game.layout(state.view(0), 0)["zones"]}


def test_once_every_card_of_a_suit_is_played_a_show_out_of_it_is_no_longer_offered_as_a_revoke(game):
    state = position(game, "2H 9C TD", "3C 5C 6D", "KH 4H 7D", "7S 8S 9S")  # spades are trumps
    for card in ("2H", "3C", "KH", "7S", "8S"):  # seat 1 shows out of hearts; seat 3 trumps and leads
        act(state, f"play {card}")
    assert "revoke #1" in texts(state.decision().choices)  # seat 1 might still hold a heart, for all seat 0 knows
    for card in ("9C", "5C", "4H", "9S"):  # 4H was the last heart out
        act(state, f"play {card}")
    assert state.claims.find(1) is None and state.claims.find(3) is not None
    assert state.decision().seat == 0 and "revoke #1" not in texts(state.decision().choices)


def test_a_settled_revoke_is_narrated_to_each_seat_in_its_language(game):
    state = position(game, "2H 9C", "5H 3C", "KH 4D", "7S 8S")
    for card in ("2H", "3C", "KH", "7S", "8S", "9C", "5H"):
        act(state, f"play {card}")
    settled_event = [e for e in act(state, "revoke #1") if e["type"] == SETTLED][0]
    said = game.presenter().narration(settled_event, 0)
    assert said.words("en") == "Revoke proved: the 3♣ played by seat 1 did not follow ♥; 3 points to your side."
    assert said.words("fr") == "Renonce prouvée\u202f: le 3♣ joué par le joueur 1 ne fournissait pas à ♥\u202f; 3 points pour votre camp."
    assert game.presenter().narration(settled_event, 1).words("en").endswith("3 points to the other side.")
