"""Tally: the core's test-only game, registered through a real entry point in the tests.

Two to four players each hold a few cards. On a turn a player lays a card on
the table and announces its pip value (A=1, face cards 10), scoring what
they announce — right or wrong. Every other player, clockwise from the
actor's left and including players whose hands are already empty, may then
let it stand, claim `muggins K` (the count was short; the caller scores
min(K, shortfall)) or claim `overcount` (the actor loses the excess and the
caller gains it). An unsupported claim costs nothing and the window goes on;
the first supported claim settles it. The match ends when every hand is
empty; the highest score wins, ties share. It exists to exercise the core:
a window with several responders, a claim carrying a number, a responder
who no longer takes turns, hidden hands, a stock nobody sees, and (contract
v2) a window that says whether it is claimable, settled by the core's
default `settle_window`. Its `to_dict`/`from_dict` are written out in full,
as a plugin written before the base class saved rules, players and seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

from muggins import (
    Action, Card, ChallengeWindow, Claim, Decision, Game, Pass, Piles, Result, Seating, State,
    derive_rng, event, hookimpl, parse_card, rule, standard_deck,
)


@dataclass(frozen=True)
class TallyRules:
    hand_size: int = rule(3, doc="Cards dealt to each player.", min=1, max=12)
    mistakes: Literal["allowed", "prevented"] = rule("allowed", doc="prevented offers only correct announcements.")
    reward: float = rule(1.0, doc="Multiplier on points a supported claim wins.", min=0, max=10)


@dataclass(frozen=True, slots=True)
class PlayAndSay(Action):
    card: Card
    say: int

    def __str__(self) -> str:
        return f"play {self.card.code} say {self.say}"

    @property
    def label(self) -> str:
        return f"play {self.card} and say {self.say}"


class TallyState(State):
    def __init__(self, game: Game, rules: TallyRules, players: int, seed: int) -> None:
        super().__init__(game, rules, players, seed)
        self.table = Seating(players)
        self.piles_ = Piles()
        self.scores = [0.0] * players
        self.dealer = 0
        self.turn = 0
        self.window: ChallengeWindow | None = None

    @classmethod
    def new(cls, game: Game, rules: TallyRules, players: int, seed: int) -> "TallyState":
        state = cls(game, rules, players, seed)
        deck = standard_deck()
        derive_rng(seed, "deal").shuffle(deck)
        state.dealer = derive_rng(seed, "dealer").randrange(players)
        for seat in range(players):
            state.piles_[f"hand {seat}"] = []
        state.piles_["table"] = []
        for _ in range(rules.hand_size):
            for seat in state.table.clockwise_from(state.dealer, include_start=False) + [state.dealer]:
                state.piles_[f"hand {seat}"].append(deck.pop())
        state.piles_["stock"] = deck
        state.turn = state.table.left_of(state.dealer)
        return state

    def opening_events(self) -> list[dict]:
        return [event("deal", dealer=self.dealer)] + [
            event("hand", seat=s, cards=[c.code for c in self.piles_[f"hand {s}"]], to=[s]) for s in range(self.players)
        ]

    # -- rules ------------------------------------------------------------
    def _decision(self) -> Decision | None:
        window = self.window
        if window is not None:
            seat = window.current
            truth, said = window.subject["truth"], window.subject["said"]
            claims: list[Action] = [Pass(), Claim("overcount")] + [Claim("muggins", k) for k in range(1, 11)]
            if said < truth:
                right: list[Action] = [Claim("muggins", truth - said)]
            elif said > truth:
                right = [Claim("overcount")]
            else:
                right = [Pass()]
            return Decision(seat, "respond", claims, right, prompt=f"seat {window.actor} said {said}", compact=True)
        if self._over():
            return None
        hand = self.piles_[f"hand {self.turn}"]
        choices = [PlayAndSay(c, n) for c in hand for n in range(11)]
        correct = [PlayAndSay(c, c.rank.pips) for c in hand]
        return Decision(self.turn, "play", choices, correct, prompt="play a card and say its value")

    def _over(self) -> bool:
        return all(not self.piles_[f"hand {s}"] for s in range(self.players))

    def _apply(self, action: Action) -> list[dict]:
        if self.window is None:
            assert isinstance(action, PlayAndSay)
            actor = self.turn
            self.piles_[f"hand {actor}"].remove(action.card)
            self.piles_["table"].append(action.card)
            self.scores[actor] += action.say
            events = [event("play", seat=actor, card=action.card.code, said=action.say)]
            truth = action.card.rank.pips
            self.window = ChallengeWindow(actor, tuple(self.table.others(actor)), {"truth": truth, "said": action.say}, claimable=action.say != truth)
            return events
        window = self.window
        seat = window.current
        truth, said = window.subject["truth"], window.subject["said"]
        if isinstance(action, Pass):
            window.passed()
            events = [event("pass", seat=seat)]
        else:
            assert isinstance(action, Claim)
            if action.name == "muggins":
                supported = said < truth
                gain = min(action.amount or 0, truth - said) * self.rules.reward if supported else 0
            else:
                supported = said > truth
                gain = (said - truth) * self.rules.reward if supported else 0
                if supported:
                    self.scores[window.actor] -= said - truth
            self.scores[seat] += gain
            window.claimed(str(action), supported)
            events = [event("claim", seat=seat, claim=str(action), supported=supported, gain=gain)]
        if window.closed:
            self.window = None
            events.append(event("window_closed", settled=window.settled_by is not None))
            nxt = self.table.first_eligible(window.actor, lambda s: bool(self.piles_[f"hand {s}"]))
            if nxt is not None:
                self.turn = nxt
            else:
                events.append(event("end", scores=list(self.scores)))
        return events

    def open_window(self) -> ChallengeWindow | None:
        return self.window

    # -- views, piles, results ------------------------------------------
    def piles(self) -> Mapping[str, Sequence[Card]]:
        return self.piles_

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.piles_["stock"])
        for s in range(self.players):
            if s != seat:
                hidden.update(self.piles_[f"hand {s}"])
        return hidden

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "seat": seat,
            "hand": [c.code for c in self.piles_[f"hand {seat}"]] if seat is not None else [],
            "hand_sizes": [len(self.piles_[f"hand {s}"]) for s in range(self.players)],
            "table": [c.code for c in self.piles_["table"]],
            "scores": list(self.scores),
            "window": None if self.window is None else {"actor": self.window.actor, "said": self.window.subject["said"]},
        }

    def result(self) -> Result | None:
        if self.window is not None or not self._over():
            return None
        best = max(self.scores)
        winners = tuple(s for s in range(self.players) if self.scores[s] == best)
        return Result(winners, tuple(self.scores), {"claims": 0, "plays": [self.rules.hand_size * self.players]})

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": {"hand_size": self.rules.hand_size, "mistakes": self.rules.mistakes, "reward": self.rules.reward},
            "players": self.players, "seed": self.seed, "dealer": self.dealer, "turn": self.turn,
            "scores": list(self.scores), "piles": self.piles_.to_dict(),
            "window": None if self.window is None else self.window.to_dict(),
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> "TallyState":
        state = cls(game, TallyRules(**data["rules"]), data["players"], data["seed"])
        state.dealer, state.turn, state.scores = data["dealer"], data["turn"], list(data["scores"])
        state.piles_ = Piles.from_dict(data["piles"])
        state.window = None if data["window"] is None else ChallengeWindow.from_dict(data["window"])
        return state


class TallyGame(Game):
    name = "tally"
    title = "Tally (the core's test game)"
    players = range(2, 5)
    default_players = 3
    version = "1.0"
    Rules = TallyRules
    State = TallyState

    def max_decisions(self, rules: TallyRules, players: int) -> int:
        return rules.hand_size * players * players

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        hand = " ".join(str(parse_card(c)) for c in view["hand"])
        return f"table: {len(view['table'])} cards  scores: {view['scores']}\nyour hand: {hand}"

    def describe(self, ev: Mapping[str, Any], seat: int | None) -> str | None:
        if ev["type"] == "play":
            return f"seat {ev['seat']} plays {parse_card(ev['card'])} and says {ev['said']}"
        if ev["type"] == "claim":
            return f"seat {ev['seat']} claims {ev['claim']}: {'upheld' if ev['supported'] else 'not upheld'}"
        return None


class TallyPlugin:
    @hookimpl
    def muggins_register_games(self, register):
        register(TallyGame())


plugin = TallyPlugin()
