"""Order-free groups: a game declares that a group of seats decides without hanging on each other's answers (everyone lays away at once).

`State.order_free_seats` declares the group, `muggins.projection.order_free_decisions`
gives each seat the decision it will face at its turn, the contract kit's
`check_any_order` holds the game to its word (a deliberately broken toy game
is caught three ways), and `Session` offers every seat of the group its
decision at once, holds the answers, the bots' too, and submits them in seat
order once the group is whole, so the record is the one seat-by-seat play
makes and verifies.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

import pytest

from muggins import Card, Decision, Game, Move, Result, State, cards, event, rule, standard_deck
from muggins.plugins import load_registry
from muggins.projection import order_free_decisions, order_free_group, order_free_turns
from muggins.records import read_record
from muggins.session import PushedSeat, Session
from muggins.match_checks import verify
from muggins.store import RecordStore
from muggins.testing import ContractError, check_any_order, check_game, check_order_free


# -- a toy game: each round every seat lays one card face down, seat 0 first ------------------------------
@dataclass(frozen=True)
class LayRules:
    rounds: int = rule(3, doc="Cards each seat lays.", min=1, max=6)
    slip: Literal["none", "choices", "view", "rest", "start"] = rule("none", doc="Test switch: how the game breaks its word.")


class LayState(State):
    """Each round seats 0, 1, … lay one card of their own face down; the highest total of ranks laid wins."""

    @classmethod
    def new(cls, game: Game, rules: LayRules, players: int, seed: int) -> "LayState":
        state = cls(game, rules, players, seed)
        deck = standard_deck()
        random.Random(seed).shuffle(deck)
        state.hands = [sorted(deck.pop() for _ in range(rules.rounds)) for _ in range(players)]
        state.laid = [[] for _ in range(players)]
        state.stock, state.turn = deck, 0
        return state

    def save_fields(self) -> dict[str, Any]:
        return {"hands": [[c.code for c in h] for h in self.hands], "laid": [[c.code for c in h] for h in self.laid],
                "stock": [c.code for c in self.stock], "turn": self.turn}

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self.hands = [cards(" ".join(h)) for h in data["hands"]]
        self.laid = [cards(" ".join(h)) for h in data["laid"]]
        self.stock, self.turn = cards(" ".join(data["stock"])), data["turn"]

    def order_free_seats(self) -> tuple[int, ...]:
        if not self.hands[self.turn]:
            return ()
        if self.rules.slip == "start":
            return tuple(range(self.players))  # the whole round, even once it has begun
        if self.rules.slip == "rest" and self.turn > 0:
            return ()  # forgets the rest of the group after its first answer
        return tuple(range(self.turn, self.players))

    def _decision(self) -> Decision | None:
        seat = self.turn
        hand = self.hands[seat]
        if not hand:
            return None
        options = hand
        before = self.laid[seat - 1][-1] if seat > 0 and self.laid[seat - 1] and len(self.laid[seat - 1]) > len(self.laid[seat]) else None
        if self.rules.slip == "choices" and before is not None:
            # Follow the suit laid just before, when the seat can: a rule that makes the group's order matter.
            options = [c for c in hand if c.suit == before.suit] or hand
        choices = tuple(Move(f"lay {c.code}", data=c) for c in options)
        return Decision(seat, "lay", choices, choices, "lay a card face down")

    def _apply(self, action: Any) -> list[dict]:
        seat, card = self.turn, action.data
        self.hands[seat].remove(card)
        self.laid[seat].append(card)
        self.turn = (seat + 1) % self.players
        return [event("lay", seat=seat), event("laid", seat=seat, card=card.code, to=[seat])]

    def piles(self) -> Mapping[str, Sequence[Card]]:
        return {**{f"hand {s}": h for s, h in enumerate(self.hands)}, **{f"laid {s}": h for s, h in enumerate(self.laid)}, "stock": self.stock}

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for s in range(self.players):
            if s != seat:
                hidden.update(self.hands[s])
                hidden.update(self.laid[s])
        return hidden

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"laid_counts": [len(h) for h in self.laid] if self.rules.slip != "view" else None}
        if self.rules.slip == "view":
            view["red_laid"] = sum(c.suit.name in ("HEARTS", "DIAMONDS") for h in self.laid for c in h)
        if seat is not None:
            view["hand"], view["mine"] = [c.code for c in self.hands[seat]], [c.code for c in self.laid[seat]]
        return view

    def result(self) -> Result | None:
        if any(self.hands):
            return None
        totals = [sum(int(c.rank) for c in h) for h in self.laid]
        best = max(totals)
        return Result(tuple(s for s, t in enumerate(totals) if t == best), tuple(totals))


class LayGame(Game):
    name = "lay"
    title = "Lay a card"
    players = range(2, 5)
    default_players = 3
    Rules = LayRules
    State = LayState

    def max_decisions(self, rules: LayRules, players: int) -> int:
        return rules.rounds * players


def _words(decision: Decision) -> tuple:
    return decision.seat, decision.kind, [str(c) for c in decision.choices], [str(c) for c in decision.correct]


# -- the helper ------------------------------------------------------------------------------------------
def test_the_helper_gives_each_seat_of_the_group_the_decision_it_meets_at_its_turn_and_leaves_the_state_alone():
    state = LayGame().new(LayRules(), 4, 3)
    saved = json.dumps(state.to_dict())
    assert order_free_group(state) == (0, 1, 2, 3)
    offered = order_free_decisions(state)
    assert [d.seat for d in offered] == [0, 1, 2, 3] and offered[0] is state.decision()
    assert json.dumps(state.to_dict()) == saved and state.to_act() == 0
    for last in (True, False):  # whichever card each seat lays, the next seat's decision is the one offered
        copy = state.clone()
        for expected in offered:
            live = copy.decision()
            assert _words(live) == _words(expected)
            copy.apply(live.seat, live.choices[-1 if last else 0])
    turns = order_free_turns(state)
    assert turns[0][1] is state and all(at is not state and at.to_act() == d.seat for d, at in turns[1:])
    assert turns[2][1].view(2) == turns[2][1].view(2) and turns[2][1].view(2)["laid_counts"] == [1, 1, 0, 0]


def test_the_helper_names_nothing_for_a_game_that_declares_nothing_or_a_declaration_that_breaks_the_rules(tally):
    state = tally.new(tally.Rules(), 2, 1)
    assert order_free_group(state) == () and order_free_decisions(state) == []
    started = LayGame().new(LayRules(slip="start"), 3, 1)
    started.apply(0, started.decision().choices[0])
    assert started.order_free_seats() == (0, 1, 2) and order_free_group(started) == ()  # it does not start with the seat to act
    with pytest.raises(AssertionError, match=r"names seats \[0, 1, 2\], but seat 1 is to act: the group starts with the seat to act"):
        check_order_free(started, random.Random(1))


# -- the kit ---------------------------------------------------------------------------------------------
def test_the_kit_passes_the_toy_game_and_games_that_declare_nothing(tally):
    report = check_any_order(LayGame(), games=4, kinds=("random",))
    assert report.matches == 12 and report.decisions > 0
    check_order_free(LayGame().new(LayRules(), 3, 5), random.Random(1))
    assert check_game(LayGame(), games=2, kinds=("random", "expert")).matches == 6
    assert check_any_order(tally, players=[2], games=2).matches == 2


@pytest.mark.parametrize(("slip", "message"), [
    ("choices", r"seat 1's decision hangs on what the seats before it answered"),
    ("view", r"what seat 1 sees at its turn hangs on what the seats before it answered"),
    ("rest", r"after seat 0's answer the state declares \[\], not the rest of the group \[1, 2\]"),
    ("start", r"after seat 0's answer the state declares \[0, 1, 2\], not the rest of the group \[1, 2\]"),
])
def test_the_kit_catches_a_group_that_is_not_order_free(slip, message):
    with pytest.raises(ContractError, match=message) as raised:
        check_any_order(LayGame(), players=[3], games=3, kinds=("random",), rules=LayRules(rounds=4, slip=slip))
    assert raised.value.check == "any_order"
    with pytest.raises(ContractError, match="fails the any_order check"):
        check_game(LayGame(), players=[3], games=3, kinds=("random",), rules=LayRules(rounds=4, slip=slip), replays=0)


# -- the session -----------------------------------------------------------------------------------------
def _cribbage(monkeypatch) -> tuple[Any, Game]:
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    registry = load_registry(only=["cribbage_muggins"])
    return registry, registry.game("cribbage_muggins")


@pytest.mark.plugins
def test_a_session_offers_a_whole_lay_away_at_once_holds_every_answer_and_submits_them_in_seat_order(tmp_path, monkeypatch):
    registry, game = _cribbage(monkeypatch)
    seats = ["human", "expert", "human", "human"]
    with Session.start(registry, game, game.Rules(target=61), 4, seats, 5, RecordStore(tmp_path)) as session:
        offers = session.gather_order_free().advance()
        group = order_free_group(session.state)
        assert len(group) == 4 and set(offers) == {0, 2, 3} and session.match.taken == 0
        assert [offers[s].step for s in group if s in offers] == [group.index(s) for s in group if s in offers]
        assert sum(o.pending for o in offers.values()) == (group[0] != 1)
        assert set(session._held) == {1} and session.together() == [s for s in group if s != 1]  # the bot answered at once
        assert session.up_next() is None  # waiting for the people, in any order
        order = sorted(offers, reverse=True)
        answers = {}
        for seat in order[:-1]:
            offer = offers[seat]
            answers[seat] = str(offer.decision.choices[-1])
            assert session.answer(seat, answers[seat], offer.step) == []
            assert session.advance() is session.offers and session.match.taken == 0  # held until the group is whole
            frames = [json.dumps(session.frame(other)) for other in (0, 2, 3, None) if other != seat]
            assert not any(answers[seat] in frame for frame in frames)  # nobody else is shown it
            assert session.frame(seat)["answered"] == answers[seat] and session.frame(seat)["decision"] is None
        assert session.together() == [order[-1]]
        assert session.early_answers() == {str(s): {"step": offers[s].step, "answer": answers[s], "group": len(group) - 1} for s in order[:-1]}
        last = offers[order[-1]]
        answers[last.seat] = str(last.decision.choices[0])
        session.answer(last.seat, answers[last.seat], last.step)
        session.advance()
        assert session.match.taken >= 4
        laid = session.match.writer.record.decisions[:4]
        assert [seat for seat, _ in laid] == list(group)
        assert all(answers[seat] == text for seat, text in laid if seat in answers)
        _play_out(session)
    assert verify(registry, game, read_record(session.path), given_like=PushedSeat) is None


def _play_out(session: Session) -> None:
    offers = session.advance()
    while offers:
        for offer in sorted(offers.values(), key=lambda o: (o.pending, -o.seat)):
            if offer.answer is None:
                session.answer(offer.seat, str((offer.decision.correct or offer.decision.choices)[0]), offer.step)
        offers = session.advance()


@pytest.mark.plugins
def test_the_held_answers_of_a_group_survive_a_reopening_and_bots_answer_again_as_they_did(tmp_path, monkeypatch):
    registry, game = _cribbage(monkeypatch)
    seats = ["expert", "human", "novice", "human"]
    store = RecordStore(tmp_path)
    with Session.start(registry, game, game.Rules(target=61), 4, seats, 9, store) as session:
        offers = session.gather_order_free().advance()
        early = max(offers.values(), key=lambda o: o.step)  # the later of the two people
        text = str(early.decision.choices[1])
        session.answer(early.seat, text, early.step)
        kept = session.early_answers()
        held = {seat: offer.answer for seat, offer in session._held.items()}
        path = session.path
    assert set(kept) == {str(early.seat)} and set(held) == {0, 2}
    with Session.reopen(registry, store, path, given_like=PushedSeat) as again:
        again.gather_order_free().restore_early(kept)
        offers = again.advance()
        assert offers[early.seat].answer == text and {seat: o.answer for seat, o in again._held.items()} == held
        other = next(o for o in offers.values() if o.answer is None)
        again.answer(other.seat, str(other.decision.choices[0]), other.step)
        again.advance()
        assert (early.seat, text) in [tuple(d) for d in again.match.writer.record.decisions[:4]]
        _play_out(again)
    assert verify(registry, game, read_record(path), given_like=PushedSeat) is None


@pytest.mark.plugins
def test_a_group_of_bots_alone_plays_in_turn_as_ever(tmp_path, monkeypatch):
    registry, game = _cribbage(monkeypatch)
    with Session.start(registry, game, game.Rules(target=61), 3, ["expert", "novice", "random"], 4, RecordStore(tmp_path)) as session:
        assert session.gather_order_free().advance() == {} and session.over and session._asked_early == 0
    assert verify(registry, game, read_record(session.path)) is None


@pytest.mark.plugins
def test_a_session_not_asked_to_gather_offers_one_seat_at_a_time_as_before(tmp_path, monkeypatch):
    # A front end written before games declared groups answers the pending offer alone: it must not wait for ever.
    registry, game = _cribbage(monkeypatch)
    with Session.start(registry, game, game.Rules(target=61), 4, ["human", "human", "human", "human"], 5, RecordStore(tmp_path)) as session:
        offers = session.advance()
        assert [o.pending for o in offers.values()] == [True] and all(o.group is None for o in offers.values())
        for _ in range(4):
            (pending,) = [o for o in offers.values() if o.pending]
            session.answer(pending.seat, str(pending.decision.choices[0]), pending.step)
            offers = session.advance()
        assert session.match.taken >= 4  # every lay-away applied as it came
        _play_out(session)
    assert verify(registry, game, read_record(session.path), given_like=PushedSeat) is None
