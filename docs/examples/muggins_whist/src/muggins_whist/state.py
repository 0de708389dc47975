"""Muggins Whist: the rules engine, one match of whist as a state machine.

This module owns `WhistState`: the deal (thirteen cards each, the last
card turned up for trumps), the decision pending at every moment (every
card in hand is offered, so a player may revoke; the correct ones follow
suit), the trick and its winner, the revoke claims that later cards prove
(a `muggins.later.LaterClaims` book per hand: a card off the suit led is
noted, proved when its player later plays that suit, or while they still
hold the turned-up trump of that suit), the score of each hand and of the
game, what each seat may see, saving to plain data, and the copy with the
hidden cards dealt afresh that search players sample. Action texts
(`play 7H`, `revoke #2`, `pass`) stay English codes; what a player reads
of a decision is worded when it is read.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins import Action, Card, Decision, Move, Piles, Result, State, derive_rng, event, parse_card, standard_deck
from muggins.deck import redeal
from muggins.i18n import N_, translator, worded
from muggins.later import SETTLED, LaterClaim, LaterClaims, OpenClaim
from muggins.presenter import card_word
from muggins.wording import WordedDecision

from .game import SIDES, WhistGame, WhistRules, side_of
from .presenter import SUIT_SIGNS

__all__ = ["WhistState", "rank_order"]

_ = translator("muggins_whist", package_file=__file__).gettext


def _say(message: str, values: dict) -> str:
    return _(message).format(**values)


def _text(message: str, **values: Any) -> str:
    """A marked message with its values put in, worded when read in the reader's language."""
    return worded(message.format(**values), _say, message, values)


def _label(noted: OpenClaim) -> None:
    """Word the claim's label in its reader's language (a saved book keeps only the English)."""
    subject = noted.subject
    noted.label = _text(N_("call a revoke: {card} played by seat {seat} on {suit}"), card=card_word(subject["card"]),
                        seat=noted.actor, suit=SUIT_SIGNS[subject["led"]])


def _labelled(book: LaterClaims) -> LaterClaims:
    for noted in book.open:
        _label(noted)
    return book


def rank_order(card: Card) -> int:
    """A card's place within its suit, two low and ace high (the pack's ace counts 1)."""
    return 14 if card.rank.value == 1 else card.rank.value


# Worked out once per card and found by the card's identity (the pack's cards are shared objects, and a Card hashes
# slowly): search players build millions of decisions. A card that is a copy (unpickled) is worked out again.
_DECK = standard_deck()
_FACTS = {id(card): (card.suit.value, rank_order(card), Move(f"play {card.code}", label=_text(N_("play {card}"), card=card_word(card.code)), data=card))
          for card in _DECK}


def _facts(card: Card) -> tuple[str, int, Move]:
    """(suit letter, order in the suit, the move that plays it)."""
    found = _FACTS.get(id(card))
    return found if found is not None else _FACTS[id(parse_card(card.code))]


_PROMPT = {None: _text(N_("lead a card")), **{suit: _text(N_("follow {suit} if you can"), suit=sign) for suit, sign in SUIT_SIGNS.items()}}


class WhistState(State):
    """One match: `hand N` for each seat, `trick` (the cards of the trick in play, led first) and `won` (the tricks taken).

    `dealer` deals the hand numbered `deal`; `trumps` is the suit of the
    card turned up (`turn_up`, known to all while the dealer holds it);
    `leader` led the trick and `turn` is to play; `tricks` counts each
    side's tricks this hand and `points` each seat's points in the game
    (a side's score is its two seats' points added up).
    """

    game: WhistGame
    rules: WhistRules

    @classmethod
    def new(cls, game: WhistGame, rules: WhistRules, players: int, seed: int) -> "WhistState":
        state = cls(game, rules, players, seed)
        state.points = [0.0] * players
        state.winners = ()
        state._deal(0, dealer=0)
        state.opening = state.deal_events()
        return state

    def _deal(self, number: int, dealer: int) -> None:
        deck = standard_deck()
        derive_rng(self.seed, f"deal {number}").shuffle(deck)  # every deal comes from the seed
        self.deal, self.dealer = number, dealer
        # One at a time from the dealer's left: the dealer's last card, the pack's last, is turned up for trumps.
        hands: dict[str, list[Card]] = {f"hand {s}": [] for s in range(self.players)}
        for i, card in enumerate(deck):
            hands[f"hand {(dealer + 1 + i) % self.players}"].append(card)
        self.layout = Piles({**hands, "trick": [], "won": []})
        self.turn_up: str | None = deck[-1].code
        self.trumps = deck[-1].suit.value
        self.leader = self.turn = (dealer + 1) % self.players
        self.trick_seats: list[int] = []
        self.tricks = [0, 0]
        self.claims = LaterClaims()

    def deal_events(self) -> list[dict]:
        opening = [event("deal", deal=self.deal, dealer=self.dealer, trumps=self.trumps, turn_up=self.turn_up)]
        return opening + [event("hand", seat=s, cards=self._sorted_codes(s), to=[s]) for s in range(self.players)]

    def _sorted_codes(self, seat: int) -> list[str]:
        return [c.code for c in sorted(self.hand(seat), key=lambda card: _facts(card)[:2])]

    @classmethod
    def from_position(cls, game: WhistGame, rules: WhistRules | None = None, *, hands: Sequence[str], turn_up: str,
                      dealer: int = 3, points: Sequence[float] = (0, 0, 0, 0), tricks: Sequence[int] = (0, 0)) -> "WhistState":
        """A hand-made position for tests: `hands=["AS 2H", …]` (one per seat, the turned-up card in the dealer's), the rest
        already won (`tricks`, by side); the dealer's left leads."""
        state = cls.new(game, rules or game.Rules(), 4, 0)
        dealt = [[parse_card(code) for code in text.split()] for text in hands]
        assert parse_card(turn_up) in dealt[dealer], "the turned-up card is the dealer's"
        held = {card for hand in dealt for card in hand}
        state.layout = Piles({**{f"hand {s}": hand for s, hand in enumerate(dealt)}, "trick": [],
                              "won": [c for c in standard_deck() if c not in held]})
        state.turn_up, state.trumps, state.dealer = turn_up, parse_card(turn_up).suit.value, dealer
        state.leader = state.turn = (dealer + 1) % 4
        state.points, state.tricks = [float(p) for p in points], list(tricks)
        state.opening = []
        state._forget_decision()
        return state

    # -- small helpers ---------------------------------------------------------
    def hand(self, seat: int) -> list[Card]:
        return self.layout[f"hand {seat}"]

    def led(self) -> str | None:
        trick = self.layout["trick"]
        return _facts(trick[0])[0] if trick else None

    def side_points(self) -> list[int]:
        """Each side's score: its seats' points added up (whole, as each hand's points are split in halves)."""
        return [int(sum(self.points[s] for s in side)) for side in SIDES]

    # -- the decision pending --------------------------------------------------
    def _decision(self) -> Decision | None:
        if self.claims.window is not None:
            return self.claims.window_decision()
        if self.winners:
            return None
        seat, led = self.turn, self.led()
        plays = [_facts(card)[2] for card in sorted(self.hand(seat), key=lambda card: _facts(card)[:2])]
        following = [play for play in plays if _facts(play.data)[0] == led]
        # A claim before its proof is never correct: nothing the seat sees can show it right.
        choices = (*plays, *self.claims.offered(seat)) if self.claims.open else tuple(plays)
        return WordedDecision(seat, "play", choices, tuple(following or plays), _PROMPT[led])

    # -- carrying out a choice -------------------------------------------------
    def _apply(self, action: Action) -> list[dict]:
        if self.claims.window is not None:
            events = self.claims.answer(action)
        elif isinstance(action, LaterClaim):
            return self.claims.lodge(self.turn, action)  # held until the proof or the end of the hand: the seat plays on
        else:
            events = self._play(action.data if isinstance(action, Move) and action.data is not None else parse_card(str(action)[5:]))
        self._score(events)
        if self.claims.window is None and not any(self.hand(s) for s in range(self.players)):
            events += self._end_of_hand()
            for ev in events:  # played openly, though the next deal hides them again
                if "card" in ev or "cards" in ev or "subject" in ev:
                    ev["reveals"] = [ev["card"]] if "card" in ev else list(ev.get("cards", ())) or [ev["subject"]["card"]]
        return events

    def _play(self, card: Card) -> list[dict]:
        seat, led = self.turn, self.led()
        hand = self.hand(seat)
        suit = _facts(card)[0]
        revoked = led is not None and suit != led and any(_facts(c)[0] == led for c in hand)
        hand.remove(card)
        if card.code == self.turn_up:
            self.turn_up = None
        events = [event("play", seat=seat, card=card.code)]
        for noted in list(self.claims.open):
            if noted.actor == seat and not noted.proved and noted.subject["led"] == suit:
                events += self.claims.proved(noted.ref)  # the revoker plays the suit it did not follow: now everyone knows
        if led is not None and suit != led:
            noted = self.claims.note(seat, self._opponents(seat), {"deal": self.deal, "led": led, "card": card.code},
                                     mistaken=revoked, name="revoke", keys=("r",))
            _label(noted)
            if self.turn_up is not None and self.trumps == led and seat == self.dealer:
                events += self.claims.proved(noted.ref)  # it still holds the trump everyone saw turned up
        self.layout["trick"].append(card)
        self.trick_seats.append(seat)
        if len(self.trick_seats) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        trick = self.layout["trick"]
        winner = max(zip(trick, self.trick_seats), key=lambda pair: self._strength(pair[0], led or suit))[1]
        events.append(event("trick", winner=winner, cards=[c.code for c in trick], seats=list(self.trick_seats)))
        self.tricks[side_of(winner)] += 1
        self.layout["won"].extend(trick)
        trick.clear()
        self.trick_seats, self.leader, self.turn = [], winner, winner
        self._drop_what_cannot_be_revokes()
        return events

    def _drop_what_cannot_be_revokes(self) -> None:
        """Once every card of a suit is played, a show-out of it not yet proved was no revoke: nobody is offered it any more.

        (Had its player held the suit, they would have played it since, and
        so proved it.) A call already made on one stays, to be settled false
        at the end of the hand.
        """
        played = [_facts(card)[0] for card in self.layout["won"]]
        gone = {suit for suit in "CDHS" if played.count(suit) == 13}
        if gone:
            self.claims.open = [n for n in self.claims.open if n.proved or n.lodged is not None or n.subject["led"] not in gone]

    def _strength(self, card: Card, led: str) -> tuple[int, int]:
        suit, order, _move = _facts(card)
        return (2 if suit == self.trumps else 1 if suit == led else 0), order

    def _opponents(self, seat: int) -> tuple[int, ...]:
        return SIDES[1 - side_of(seat)]

    def _score(self, events: list[dict]) -> None:
        """An upheld revoke scores for the claimant, a false one for the seat wrongly accused (the house rules' points)."""
        for ev in events:
            if ev["type"] == SETTLED:
                scored = self.rules.revoke_penalty if ev["supported"] else self.rules.false_claim_penalty
                self.points[ev["seat"] if ev["supported"] else ev["actor"]] += scored
                ev["scored"], ev["scores"] = scored, self.side_points()

    def _end_of_hand(self) -> list[dict]:
        events = self.claims.end_of_hand()  # a claim still held now was made on a player who was truly void
        self._score(events)
        side = 0 if self.tricks[0] > self.tricks[1] else 1
        over = max(0, self.tricks[side] - 6)  # a whole hand has 13 tricks, so one side takes seven
        for seat in SIDES[side]:
            self.points[seat] += over / 2  # each partner brought half of the side's tricks' points
        scores = self.side_points()
        events.append(event("hand_over", deal=self.deal, tricks=list(self.tricks), side=side, points=over, scores=scores))
        reached = [s for s in (0, 1) if scores[s] >= self.rules.target]
        if reached:
            # The higher score wins; level at the target, the side that took this hand's tricks.
            best = side if scores[0] == scores[1] else max(reached, key=lambda s: scores[s])
            self.winners = SIDES[best]
            events.append(event("game_over", winners=list(self.winners), scores=scores))
            return events
        self._deal(self.deal + 1, (self.dealer + 1) % self.players)
        return events + self.deal_events()

    # -- what each seat may see ------------------------------------------------
    def piles(self) -> Mapping[str, Sequence[Card]]:
        return self.layout

    def hidden_from(self, seat: int | None) -> set[Card]:
        known = set() if self.turn_up is None else {parse_card(self.turn_up)}
        return {c for s in range(self.players) if s != seat for c in self.hand(s)} - known

    def open_window(self):
        return self.claims.window

    def later_claims(self) -> LaterClaims:
        return self.claims

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"players": self.players, "deal": self.deal, "dealer": self.dealer, "trumps": self.trumps,
                "turn_up": self.turn_up, "leader": self.leader, "turn": self.turn,
                "trick": [{"seat": s, "card": c.code} for s, c in zip(self.trick_seats, self.layout["trick"])],
                "hand": [] if seat is None else self._sorted_codes(seat),
                "hand_sizes": [len(self.hand(s)) for s in range(self.players)], "tricks": list(self.tricks),
                "scores": self.side_points(), "target": self.rules.target, "claims": self.claims.view()}

    def result(self) -> Result | None:
        if not self.winners or self.claims.window is not None:
            return None
        return Result(tuple(self.winners), tuple(self.points))

    # -- search players ----------------------------------------------------------
    def clone(self) -> "WhistState":
        new = self.shallow_copy()
        new.layout = Piles({name: list(cards) for name, cards in self.layout.items()})
        new.points, new.tricks, new.trick_seats = list(self.points), list(self.tricks), list(self.trick_seats)
        new.claims = _labelled(self.claims.copy())
        return new

    def determinize(self, seat: int, rng: Any) -> "WhistState":
        """A copy with the cards hidden from `seat` dealt afresh among the other hands (the turned-up trump stays the dealer's)."""
        world = self.clone()
        slots = [(hand, i) for s in range(self.players) if s != seat for hand in [world.hand(s)]
                 for i, card in enumerate(hand) if card.code != self.turn_up]
        redeal(slots, rng)
        world.claims.rejudge(lambda noted: any(c.suit.value == noted.subject["led"] for c in world.hand(noted.actor)))
        world.seed = rng.getrandbits(63)  # the seed fixes every deal to come: a search must not know them
        return world

    # -- saving and restoring ----------------------------------------------------
    def save_fields(self) -> dict[str, Any]:
        return {"piles": self.layout.to_dict(), "deal": self.deal, "dealer": self.dealer, "turn_up": self.turn_up,
                "trumps": self.trumps, "leader": self.leader, "turn": self.turn, "trick_seats": list(self.trick_seats),
                "tricks": list(self.tricks), "points": list(self.points), "winners": list(self.winners),
                "claims": self.claims.to_dict()}

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self.layout = Piles.from_dict(data["piles"])
        self.deal, self.dealer, self.turn_up, self.trumps = data["deal"], data["dealer"], data["turn_up"], data["trumps"]
        self.leader, self.turn, self.trick_seats = data["leader"], data["turn"], list(data["trick_seats"])
        self.tricks, self.points, self.winners = list(data["tricks"]), [float(p) for p in data["points"]], tuple(data["winners"])
        self.claims = _labelled(LaterClaims.from_dict(data["claims"]))
