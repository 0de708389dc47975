"""Claims that later cards prove (`muggins.later`), through the test game `follow` (a revoke proved when the revoker plays the suit)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from muggins import Piles, hookimpl, parse_card
from muggins.game import capabilities_of, infer_capabilities
from muggins.later import LODGED, SETTLED, LaterClaim, LaterClaims
from muggins.players import ExpertPlayer, make_players
from muggins.plugins import load_registry
from muggins.testing import ContractError, check_hidden_answers


def _load_follow():
    if "muggins_follow" not in sys.modules:
        spec = importlib.util.spec_from_file_location("muggins_follow", Path(__file__).parents[1] / "testgame" / "muggins_follow.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["muggins_follow"] = module
        spec.loader.exec_module(module)
    return sys.modules["muggins_follow"]


follow = _load_follow()


def position(*hands: str):
    """Two players holding the given hands (`"2H 3C"`), seat 0 to lead, the rest of the pack in the stock."""
    game = follow.FollowGame()
    state = game.new(game.Rules(hand_size=len(hands[0].split())), len(hands), 1)
    dealt = [[parse_card(code) for code in hand.split()] for hand in hands]
    taken = {card for hand in dealt for card in hand}
    pack = [card for pile in state.piles_.values() for card in pile]
    state.piles_ = Piles({f"hand {s}": hand for s, hand in enumerate(dealt)})
    state.piles_["trick"], state.piles_["won"], state.piles_["stock"] = [], [], [c for c in pack if c not in taken]
    state._forget_decision()
    return state


def act(state, seat: int, text: str) -> list[dict]:
    decision = state.decision()
    assert decision.seat == seat, (decision.seat, seat)
    found = decision.find(text)
    assert found is not None, [str(c) for c in decision.choices]
    return state.apply(seat, found)


def settled(events):
    return [e for e in events if e["type"] == SETTLED]


def test_a_revoke_claimed_before_its_proof_is_settled_when_the_proof_appears():
    state = position("2H 3C", "4H 5C")
    act(state, 0, "play 2H")
    act(state, 1, "play 5C")  # a revoke: seat 1 holds 4H
    decision = state.decision()
    assert decision.seat == 0 and "revoke #1" in [str(c) for c in decision.choices]
    assert "revoke #1" not in [str(c) for c in decision.correct]  # nothing seat 0 sees shows it right yet
    lodged = act(state, 0, "revoke #1")
    assert [e["type"] for e in lodged] == [LODGED] and state.scores == [0, 0]
    assert state.decision().seat == 0 and "revoke #1" not in [str(c) for c in state.decision().choices]  # claimed once
    assert settled(act(state, 0, "play 3C")) == []  # still unproved: nothing settled
    proof = act(state, 1, "play 4H")  # seat 1 plays the heart it kept
    assert [(e["seat"], e["actor"], e["supported"], e["when"]) for e in settled(proof)] == [(0, 1, True, "proved")]
    assert state.scores == [1, -1] and state.claims.open == [] and state.decision() is None


def test_a_claim_never_proved_is_settled_at_the_end_of_the_hand():
    state = position("2H 3H", "4C 5C")
    act(state, 0, "play 2H")
    act(state, 1, "play 4C")  # seat 1 is void in hearts: no revoke, but nobody can tell yet
    act(state, 0, "revoke #1")
    act(state, 0, "play 3H")
    last = act(state, 1, "play 5C")
    assert [(e["seat"], e["supported"], e["when"]) for e in settled(last)] == [(0, False, "end of hand")]
    assert state.scores == [-1, 0] and state.result() is not None


def test_a_proof_nobody_claimed_opens_a_window_the_expert_calls():
    state = position("2H 3C", "4H 5C")
    act(state, 0, "play 2H")
    act(state, 1, "play 5C")
    act(state, 0, "play 3C")
    act(state, 1, "play 4H")  # the proof, with no claim made
    window = state.open_window()
    assert window is not None and window.claimable is True and window.current == 0
    decision = state.decision()
    assert decision.kind == "respond" and decision.compact and [str(c) for c in decision.correct] == ["revoke #1"]
    assert decision.choices[1].label == follow.REVOKE_LABEL and "mistaken" not in str(decision.info)
    chosen = ExpertPlayer(random.Random(0)).choose(state.view(0), decision)
    assert [(e["seat"], e["supported"]) for e in settled(state.apply(0, chosen))] == [(0, True)]
    assert state.open_window() is None and state.scores == [1, -1]


def test_the_book_round_trips_and_the_game_declares_it():
    state = position("2H 3C", "4H 5C")
    act(state, 0, "play 2H")
    act(state, 1, "play 5C")
    act(state, 0, "revoke #1")
    again = LaterClaims.from_dict(state.claims.to_dict())
    assert again.to_dict() == state.claims.to_dict() and again.open[0].lodged.seat == 0
    assert "mistaken" not in str(state.view(0)) and state.view(0)["claims"][0]["claimed_by"] == 0
    assert capabilities_of(follow.FollowGame).later_claims and infer_capabilities(follow.FollowGame).later_claims


def test_a_label_given_as_the_books_words_outlives_a_save():
    from muggins.i18n import worded

    label = worded("call a revoke!", str.upper, "appelez une renonce !")  # stands in for a catalogue's function
    book = LaterClaims(words={"revoke": label})
    book.note(1, range(3), {"led": "H"}, mistaken=True, name="revoke", label="English only")
    again = LaterClaims.from_dict(book.to_dict(), words=book.words)
    assert "words" not in book.to_dict() and again.offered(0)[0].label == "call a revoke!"
    assert again.offered(0)[0].styling[0] is label and book.copy().words is book.words


def test_the_generic_bots_call_a_revoke_only_once_it_is_proved():
    game = follow.FollowGame()
    registry = load_registry(load_entry_points=False, extra_plugins=[("follow", follow.plugin)])
    early = windows = 0
    for seed in range(40):
        state = game.new(game.Rules(), 3, seed)
        players = make_players(registry, game, ["expert", "novice:error_rate=1", "expert"], seed)
        for _ in range(game.max_decisions(game.Rules(), 3)):
            decision = state.decision()
            if decision is None:
                break
            action = players[decision.seat].choose(state.view(decision.seat), decision)
            early += isinstance(action, LaterClaim) and decision.kind != "respond"
            windows += decision.kind == "respond"
            state.apply(decision.seat, action)
    assert early == 0 and windows > 0  # windows were open, and no claim was ever made before its proof


# -- the kit: a claim's right answer and a bot's answer follow from the responder's view ----------------
class LeakyFollowState(follow.FollowState):
    """A game's mistake the kit must catch: a claim before its proof called right when the hidden verdict says so."""

    def correct_plays(self, plays, following):
        leaked = [c for c in self.claims.offered(self.turn) if self.claims.find(c.ref).mistaken]
        return (following or plays) + leaked


class LeakyFollowGame(follow.FollowGame):
    name = "leaky_follow"
    State = LeakyFollowState


class HintingFollowState(follow.FollowState):
    """A game that slips its own bot the hidden verdict in the decision's `info` (no card named, so privacy passes)."""

    def _decision(self):
        found = super()._decision()
        if found is None or found.kind == "respond":
            return found
        hints = [str(c) for c in self.claims.offered(self.turn) if self.claims.find(c.ref).mistaken]
        return found._replace(info={"revokes": hints})


class HintingFollowGame(follow.FollowGame):
    name = "hinting_follow"
    State = HintingFollowState


class PeekingBot:
    """The planted bot: it calls a revoke the moment the game's hint says it is one, long before anyone could see it."""

    def __init__(self, rng, **_):
        self.rng = rng

    def choose(self, view, decision):
        for choice in decision.choices:
            if str(choice) in decision.info.get("revokes", ()):
                return choice
        return decision.correct[self.rng.randrange(len(decision.correct))]


class _Plugin:
    @hookimpl
    def muggins_register_games(self, register):
        register(LeakyFollowGame())
        register(HintingFollowGame())
        register(follow.FollowGame())

    @hookimpl
    def muggins_register_players(self, register):
        register("peeker", PeekingBot, games=("hinting_follow", "follow"))


@pytest.fixture(scope="module")
def planted():
    return load_registry(load_entry_points=False, extra_plugins=[("planted", _Plugin())])


def test_the_kit_catches_a_bot_that_calls_on_hidden_cards(planted):
    with pytest.raises(ContractError, match=r"the peeker bot in seat \d answers '[^']+' in the real deal and '[^']+' "
                                            r"in another deal its view allows: it decides on cards it cannot see"):
        check_hidden_answers(HintingFollowGame(), players=[3], games=6, kinds=("peeker", "random"), registry=planted)
    # the same bot at the honest game is given nothing to peek at, and passes
    report = check_hidden_answers(follow.FollowGame(), players=[3], games=6, kinds=("peeker", "random"), registry=planted)
    assert report.windows > 0


def test_the_kit_catches_a_claim_called_right_before_its_proof(planted):
    with pytest.raises(ContractError, match="the right answer of seat \\d to a claim depends on cards hidden from it"):
        check_hidden_answers(LeakyFollowGame(), players=[3], games=10, kinds=("expert",), registry=planted)


def test_the_follow_game_passes_the_whole_kit():
    from muggins.testing import check_game

    report = check_game(follow.FollowGame(), players=[2, 3], games=3, kinds=("random", "expert", "novice"))
    assert report.matches == 6 and report.windows > 0


def test_the_projection_gives_front_ends_the_claim_by_its_label_and_nothing_of_the_verdict():
    from muggins.projection import seat_update

    state = position("2H 3C", "4H 5C")
    act(state, 0, "play 2H")
    act(state, 1, "play 5C")
    early = seat_update(state, 0)["decision"]
    assert {"text": "revoke #1", "label": follow.REVOKE_LABEL} in [{k: c[k] for k in ("text", "label")} for c in early["choices"]]
    act(state, 0, "play 3C")
    act(state, 1, "play 4H")
    window = seat_update(state, 0)["decision"]
    assert window["compact"] and [c["label"] for c in window["choices"]] == ["pass", follow.REVOKE_LABEL]
    assert "correct" not in window and "mistaken" not in str(seat_update(state, 1))
