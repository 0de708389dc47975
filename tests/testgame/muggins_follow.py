"""Follow: the core's test game for claims that later cards prove (`muggins.later`).

Two to four players hold a few cards each and play tricks: the leader
plays any card, the others should follow the suit led, and the highest
card of that suit wins the trick and leads the next. Every card is offered,
so a player may revoke (not follow when they could). Nobody can see a
revoke when it happens; it is proved when the revoker later plays the suit
they did not follow. A card off the suit led is noted as claimable later:
any other player may call a revoke at any of their later turns (held until
the proof or the end of the hand), and once the proof is public a window
asks each of them in turn. An upheld call moves a point from the revoker
to the caller; a call on a player who was truly void costs the caller a
point, settled at the end of the hand. Score: tricks won plus claim points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

from muggins import Action, Capabilities, Card, Decision, Game, Piles, Result, State, derive_rng, event, hookimpl, rule, standard_deck
from muggins.deck import redeal
from muggins.later import SETTLED, LaterClaim, LaterClaims


@dataclass(frozen=True)
class FollowRules:
    hand_size: int = rule(4, doc="Cards dealt to each player.", min=1, max=12)
    mistakes: Literal["allowed", "prevented"] = rule("allowed", doc="prevented offers only cards that follow suit.")


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"


REVOKE_LABEL = "call a revoke!"


class FollowState(State):
    @classmethod
    def new(cls, game: Game, rules: FollowRules, players: int, seed: int) -> "FollowState":
        state = cls(game, rules, players, seed)
        deck = standard_deck()
        derive_rng(seed, "deal").shuffle(deck)
        state.piles_ = Piles({f"hand {s}": [deck.pop() for _ in range(rules.hand_size)] for s in range(players)})
        state.piles_["trick"], state.piles_["won"], state.piles_["stock"] = [], [], deck
        state.trick_seats, state.won, state.scores, state.turn, state.tricks = [], [0] * players, [0] * players, 0, 0
        state.claims = LaterClaims()
        state.opening = [event("hand", seat=s, cards=[c.code for c in state.piles_[f"hand {s}"]], to=[s]) for s in range(players)]
        return state

    def save_fields(self) -> dict[str, Any]:
        return {"piles": self.piles_.to_dict(), "trick_seats": list(self.trick_seats), "won": list(self.won), "scores": list(self.scores),
                "turn": self.turn, "tricks": self.tricks, "claims": self.claims.to_dict()}

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self.piles_ = Piles.from_dict(data["piles"])
        self.trick_seats, self.won, self.scores = list(data["trick_seats"]), list(data["won"]), list(data["scores"])
        self.turn, self.tricks, self.claims = data["turn"], data["tricks"], LaterClaims.from_dict(data["claims"])

    def hand(self, seat: int) -> list[Card]:
        return self.piles_[f"hand {seat}"]

    def led(self) -> str | None:
        trick = self.piles_["trick"]
        return trick[0].suit.value if trick else None

    # -- rules ------------------------------------------------------------
    def _decision(self) -> Decision | None:
        if self.claims.window is not None:
            return self.claims.window_decision()
        if not self.hand(self.turn):
            return None
        hand, led = self.hand(self.turn), self.led()
        following = [Play(c) for c in hand if c.suit.value == led]
        plays = [Play(c) for c in hand]
        return Decision(self.turn, "play", plays + self.offered_claims(), self.correct_plays(plays, following),
                        prompt="play a card")

    def offered_claims(self) -> list[Action]:
        return list(self.claims.offered(self.turn))

    def correct_plays(self, plays: list[Action], following: list[Action]) -> list[Action]:
        return following or plays  # a claim before its proof is never correct: nothing the seat sees shows it right

    def _apply(self, action: Action) -> list[dict]:
        if self.claims.window is not None:
            events = self.claims.answer(action)
        elif isinstance(action, LaterClaim):
            return self.claims.lodge(self.turn, action)
        else:
            events = self._play(action)
        self._score(events)
        if self.claims.window is None and not any(self.hand(s) for s in range(self.players)) and self.claims.open:
            self._score(found := self.claims.end_of_hand())
            events += found
        return events

    def _play(self, action: Play) -> list[dict]:
        seat, card, led = self.turn, action.card, self.led()
        hand = self.hand(seat)
        revoked = led is not None and card.suit.value != led and any(c.suit.value == led for c in hand)
        hand.remove(card)
        events = [event("play", seat=seat, card=card.code)]
        for noted in list(self.claims.open):
            if noted.actor == seat and not noted.proved and noted.subject["led"] == card.suit.value:
                events += self.claims.proved(noted.ref)  # the revoker plays the suit it did not follow: now everyone knows
        if led is not None and card.suit.value != led:
            self.claims.note(seat, range(self.players), {"trick": self.tricks, "led": led, "card": card.code}, mistaken=revoked,
                             name="revoke", label=REVOKE_LABEL, keys=("r",), prompt=f"seat {seat} has played {led} after showing out")
        self.piles_["trick"].append(card)
        self.trick_seats.append(seat)
        if len(self.trick_seats) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        trick = self.piles_["trick"]
        winner = max(zip(trick, self.trick_seats), key=lambda pair: (pair[0].suit.value == trick[0].suit.value, pair[0].rank.value))[1]
        self.won[winner] += 1
        self.piles_["won"].extend(trick)
        trick.clear()
        self.trick_seats, self.turn, self.tricks = [], winner, self.tricks + 1
        events.append(event("trick", winner=winner))
        return events

    def _score(self, events: list[dict]) -> None:
        for ev in events:
            if ev["type"] == SETTLED:
                if ev["supported"]:
                    self.scores[ev["seat"]] += 1
                    self.scores[ev["actor"]] -= 1
                else:
                    self.scores[ev["seat"]] -= 1

    def open_window(self):
        return self.claims.window

    def later_claims(self) -> LaterClaims:
        return self.claims

    def determinize(self, seat: int, rng) -> "FollowState":
        world = self.clone()
        slots = [(world.piles_[name], i) for name in world.piles_ if name == "stock" or (name.startswith("hand") and name != f"hand {seat}")
                 for i in range(len(world.piles_[name]))]
        redeal(slots, rng)
        world.claims.rejudge(lambda noted: any(c.suit.value == noted.subject["led"] for c in world.hand(noted.actor)))
        world.seed = rng.getrandbits(63)
        return world

    # -- views, piles, results ------------------------------------------
    def piles(self) -> Mapping[str, Sequence[Card]]:
        return self.piles_

    def hidden_from(self, seat: int | None) -> set[Card]:
        return {c for s in range(self.players) if s != seat for c in self.hand(s)} | set(self.piles_["stock"])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"hand": [] if seat is None else [c.code for c in self.hand(seat)], "trick": [c.code for c in self.piles_["trick"]],
                "hand_sizes": [len(self.hand(s)) for s in range(self.players)], "won": list(self.won),
                "scores": list(self.scores), "claims": self.claims.view()}

    def result(self) -> Result | None:
        if self.decision() is not None:
            return None
        totals = tuple(float(w + s) for w, s in zip(self.won, self.scores))
        return Result(tuple(s for s in range(self.players) if totals[s] == max(totals)), totals)


class FollowGame(Game):
    name = "follow"
    title = "Follow (the core's test game for later claims)"
    players = range(2, 5)
    default_players = 3
    version = "1.0"
    capabilities = Capabilities(determinize=True, later_claims=True)
    Rules = FollowRules
    State = FollowState

    def max_decisions(self, rules: FollowRules, players: int) -> int:
        return rules.hand_size * players * (2 + players)


class FollowPlugin:
    @hookimpl
    def muggins_register_games(self, register):
        register(FollowGame())


plugin = FollowPlugin()
