"""The cribbage state machine: one whole game, deal after deal, to the target.

This module owns the rules as code. `CribbageState` cuts for the first deal
(lowest card deals, ties cut again), deals (2p six cards, 3p five plus one
from the pack to the crib, 4p five), takes each player's discards to the
crib, cuts the starter (his heels: 2 to the dealer at once), runs the
pegging (15 and 31 for 2, pairs, runs, go and last card, with the go
rotation for three and four players), and the show in order from the
dealer's left, the dealer's hand, then the crib. With muggins each show is
announced by its owner and opens a challenge window for the other side;
without it the show is scored automatically. The game ends the moment a
score reaches the target (in lowball that side loses). Go is never a choice:
a player who can play must (only legal cards are offered) and a player who
cannot says go automatically. Scores are kept per side (a seat alone, or a
partnership). Speed without changing a rule: while nobody reads events
(`events_wanted` is False during a quiet `Match.run`) no event is built and
shows and pegging are scored by their totals alone (`score_total`,
`peg_points`); hands are kept in rank order; cards, actions and codes are
looked up by the identity of the interned cards (`muggins.deck`'s tables);
the deal is `random.shuffle`'s own steps written out (`shuffled_deck`, the
same cards).
House rules: the match plays by its `RulesInForce` (`house`), asked of the
house-rule plugins once when the match is created and kept in the state and
its saves: the target and skunk lines, and the show and pegging scorings.
With the standard scoring the fast functions above are used as they are;
another scoring uses its own tables (`ShowScoring.total`,
`PegScoring.points`) and its own range of counts. What a player reads of
a decision (its prompt, its choices' labels: `lay away …`, a card, accept,
`muggins N`, overcount) is worded when it is read, in the language in force
then, never when the decision is made: decisions are cached and a server
words one decision for players of several languages. Action texts (what
records hold and what is matched at the prompt) stay English codes.
"""

from __future__ import annotations

import random
from functools import lru_cache
from operator import not_, sub
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from muggins import Action, Card, ChallengeWindow, Claim, Decision, Game, Pass, Result, derive_rng, event, parse_card
from muggins.actions import IllegalAction, Move
# Hot paths look cards up by identity (every Card is interned, DECK holds them): hashing a Card runs Python code.
from muggins.deck import CODE_BY_ID, CODES, DECK, INDEX_BY_ID, SORT_KEY, TEXTS, Layout, cut_for_dealer, deal_round, redeal, shuffled
from muggins.game import PhasedState
from muggins.i18n import translator
from muggins.seats import seats_from_left
from muggins.stats import Tally
from muggins.wording import Worded, WordedDecision, rank_word, worded

from .house import RulesInForce
from .rules import DEAL, CribbageRules
from .scoring import STANDARD_PEG, STANDARD_SHOW, peg_points, score_peg, score_show, score_total

__all__ = ["CribbageState", "ANNOUNCE", "ACCEPT", "MUGGINS", "OVERCOUNT", "RESPONSES", "count_actions", "sort_cards", "pips",
           "shuffled_deck"]

# The game's catalogue, as game.py has it (one translator per domain).
_translator = translator("cribbage_muggins", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

def _index_of(c: Card) -> int:
    return INDEX_BY_ID[id(c)]


def pips(c: Card) -> int:
    """Counting value: A=1 … 10, J/Q/K=10."""
    r = int(c.rank)
    return r if r < 10 else 10


#: counting value by rank (a Rank indexes it directly)
_PIPS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


#: Each card's place in rank-then-suit order and its text, by object identity: the prompts name cards many
#: times a game, and comparing Cards and formatting them each time was a tenth of a random game's cost.
_SHOWN_BY_ID: dict[int, tuple[int, str]] = {id(c): (SORT_KEY[i], TEXTS[i]) for i, c in enumerate(DECK)}


def cards_text(cards: Iterable[Card]) -> str:
    """The cards in rank order, then suit, as text: `"5♣ 5♦ J♥"`."""
    return " ".join([text for _, text in sorted([_SHOWN_BY_ID[id(c)] for c in cards])])


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in rank order, then clubs, diamonds, hearts, spades."""
    # A Card's own order is (rank, suit in bridge order); comparing the tuples
    # costs less than a key function that hashes each card.
    return sorted(cards)


def _card_word(c: Card) -> str:
    """A card as the reader names it: `10♥`, `J♠` (in French `V♠`, valet; `D` dame, `R` roi), as the narration names it."""
    r = int(c.rank)
    if 2 <= r <= 10:
        return str(c)
    return rank_word(r) + c.suit.symbol


def _cards_words(cards: Iterable[Card]) -> str:
    """The cards in rank order, then suit, as the reader names them (`cards_text` in English)."""
    return " ".join(_card_word(c) for c in sorted(cards))


def _lay_away_words(cards: tuple[Card, ...]) -> str:
    return _("lay away {cards}").format(cards=" ".join(_card_word(c) for c in cards))


def _accept_words() -> str:
    return pgettext("answer", "accept")


def _muggins_words(points: int) -> str:
    return pgettext("answer", "muggins {points}").format(points=points)


def _overcount_words() -> str:
    return pgettext("answer", "overcount")


def _peg_words(count: int) -> str:
    return _("Count {count}: play a card").format(count=count)


def _respond_words(seat: int, points: int, what: str, cards: tuple[Card, ...], starter: Card) -> str:
    """The window's header, the count's narration with the cards to check."""
    values = {"seat": seat, "points": points, "cards": _cards_words(cards), "starter": _card_word(starter)}
    if what == "crib":
        return _("seat {seat} counts {points} for the crib: {cards} with {starter}").format(**values)
    return _("seat {seat} counts {points} for their hand: {cards} with {starter}").format(**values)


def _count_words(what: str, cards: tuple[Card, ...], starter: Card, counts: str) -> str:
    values = {"cards": _cards_words(cards), "starter": _card_word(starter), "counts": counts}
    if what == "crib":
        return _("Count your crib {cards} with {starter} (type {counts})").format(**values)
    return _("Count your hand {cards} with {starter} (type {counts})").format(**values)


def _discard_words(lay: int, whose: str, dealer: int) -> str:
    """The lay-away prompt: `whose` is `your`, `partner` or `seat` (the dealer's)."""
    if whose == "your":
        return ngettext("Lay away {n} card to your crib", "Lay away {n} cards to your crib", lay).format(n=lay)
    if whose == "partner":
        return ngettext("Lay away {n} card to your partner's crib", "Lay away {n} cards to your partner's crib", lay).format(n=lay)
    return ngettext("Lay away {n} card to seat {seat}'s crib", "Lay away {n} cards to seat {seat}'s crib", lay).format(n=lay, seat=dealer)


def _discard_move(combo: tuple[Card, ...]) -> Move:
    """The action laying away `combo` (cards in rank order)."""
    label = worded("lay away " + " ".join(map(str, combo)), _lay_away_words, combo)
    return Move("discard " + " ".join(c.code for c in combo), label=label, data=combo)


# Every discard action, made once at import: one card (3 and 4 players) by card
# index, two cards (2 players) by first index * 52 + second, the first ranking lower.
_DISCARD_ONE: tuple[Move, ...] = tuple(_discard_move((c,)) for c in DECK)
_DISCARD_TWO: list[Move | None] = [None] * (52 * 52)
for _pair in combinations(sorted(DECK), 2):
    _DISCARD_TWO[INDEX_BY_ID[id(_pair[0])] * 52 + INDEX_BY_ID[id(_pair[1])]] = _discard_move(_pair)
del _pair
#: The same table by rows, by the identity of the first card: row[index of the second card].
_DISCARD_ROWS: dict[int, list[Move | None]] = {id(c): _DISCARD_TWO[i * 52:(i + 1) * 52] for i, c in enumerate(DECK)}
_DISCARD_ROW_OF_ID, _INDEX_OF_ID = _DISCARD_ROWS.__getitem__, INDEX_BY_ID.__getitem__
#: Lay-away prompts by (cards laid, whose crib, dealer): see `CribbageState._discard_prompt`.
_DISCARD_PROMPTS: dict[tuple[int, str, int], Worded] = {}


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A fresh pack shuffled by `rng`, card for card as `rng.shuffle(list(DECK))` would (random.shuffle's steps
    written out: `muggins.deck.shuffled`)."""
    return shuffled(DECK, rng)


_CODE_OF_ID = CODE_BY_ID.__getitem__


def _codes(cards: Iterable[Card]) -> list[str]:
    return list(map(_CODE_OF_ID, map(id, cards)))  # maps, not a comprehension: views name cards many times a decision


def _cards(codes: Iterable[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


MAX_COUNT = 29
#: `announce N` for N = 0..29; typing the bare number picks it (the label is the number).
ANNOUNCE: tuple[Move, ...] = tuple(Move(f"announce {n}", label=str(n), data=n) for n in range(MAX_COUNT + 1))
def _muggins(points: int) -> Claim:
    return Claim("muggins", amount=points, label=worded(f"muggins {points}", _muggins_words, points))


def _typed_words_marked() -> tuple[str, ...]:
    """Never called: marks for the catalogue the keys and words a player types for the actions, in the contexts
    `muggins.actions.keys_in` and `typed_in` read them (`o = overcount` is `e = trop` in French)."""
    # Translators: "action key" is a key that picks an action (one letter, none of t, p or ?, each its own in a window);
    # "action word" is what a player types for it, the number following where it has one (announce 12).
    return (pgettext("action key", "o"), pgettext("action key", "accept"), pgettext("action word", "overcount"),
            pgettext("action word", "pass"), pgettext("action word", "announce"), pgettext("action word", "muggins"))


# Labelled in the reader's language when read (muggins.i18n.worded); texts, keys and equality are the core actions' own.
ACCEPT = Pass(label=worded("accept", _accept_words))
MUGGINS: tuple[Claim, ...] = (None,) + tuple(_muggins(k) for k in range(1, MAX_COUNT + 1))  # type: ignore[assignment]
OVERCOUNT = Claim("overcount", label=worded("overcount", _overcount_words), keys=("o",))
RESPONSES: tuple[Action, ...] = (ACCEPT, OVERCOUNT) + MUGGINS[1:]
_ACCEPT_ONLY: tuple[Action, ...] = (ACCEPT,)
_PLAY_BY_ID: dict[int, Move] = {id(c): Move(f"play {c.code}", label=worded(str(c), _card_word, c), data=c) for c in DECK}
#: A decision made from its nine fields at once, all given (a named tuple's own `__new__` is a Python function).
_PLAY_OF_ID = _PLAY_BY_ID.__getitem__
_new_decision = tuple.__new__
_NO_INFO = Decision._field_defaults["info"]
_PEG_PROMPTS: tuple[Worded, ...] = tuple(worded(f"Count {n}: play a card", _peg_words, n) for n in range(32))


@lru_cache(maxsize=None)
def count_actions(max_count: int) -> tuple[tuple[Move, ...], tuple[Claim | None, ...], tuple[Action, ...]]:
    """(announces 0..max_count, muggins claims indexed by amount with None at 0, every response) for that range of counts.

    29 gives the module's `ANNOUNCE`, `MUGGINS` and `RESPONSES`; another
    range (a house-rule scoring's) cuts them short or extends them, the
    same objects first.
    """
    if max_count == MAX_COUNT:
        return ANNOUNCE, MUGGINS, RESPONSES
    announce = ANNOUNCE[:max_count + 1] + tuple(Move(f"announce {n}", label=str(n), data=n) for n in range(MAX_COUNT + 1, max_count + 1))
    claims = MUGGINS[:max_count + 1] + tuple(_muggins(k) for k in range(MAX_COUNT + 1, max_count + 1))
    return announce, claims, (ACCEPT, OVERCOUNT) + claims[1:]


#: the match's counts for simulations, in the order Result.stats and seat_stats list them
_STAT_KEYS = ("deals", "counts", "counts_low", "counts_high", "counts_exact", "points_missed", "points_overcounted",
              "muggins_calls", "muggins_points", "false_muggins", "false_muggins_points", "overcount_calls",
              "overcount_points", "false_overcounts", "heels")
_SEAT_STAT_KEYS = ("muggins_points", "overcount_points", "counts_low", "counts_high")
#: The points each seat scored itself by kind, for simulations (`Result.figures`: records keep their result lines as they were).
#: A score's `why` says its kind: pegging (the pegging items, go, last card and his heels) or the show (a hand or crib
#: scored or counted); the points settlements move are already `muggins_points` and `overcount_points`.
_FIGURE_OF = {"pegging": "peg_points", "go": "peg_points", "last card": "peg_points", "his heels": "peg_points",
              "hand": "show_points", "crib": "show_points", "hand count": "show_points", "crib count": "show_points"}
_FIGURES = ("peg_points", "show_points")


class CribbageState(PhasedState):
    """One game. Phases: `discard`, `peg`, `count` (a show to announce), `respond` (its window), `over`."""

    rules: CribbageRules
    _pegging: list[tuple[Card, ...]] | None = None
    _owns_tallies = True

    def __init__(self, game: Game, rules: CribbageRules, players: int, seed: int) -> None:
        super().__init__(game, rules, players, seed)
        rules.check_players(players)
        self._blank()

    # -- fields -------------------------------------------------------------
    def _blank(self) -> None:
        """Set every field to its value before the first deal (also used when loading)."""
        rules, n = self.rules, self.players
        rules.check_players(n)
        self.partners = rules.partnerships
        self.nsides = 2 if self.partners else n
        self.sides = [[s for s in range(n) if self.side_of(s) == side] for side in range(self.nsides)]
        self.seats_from_left = seats_from_left(n)  # [seat]: every seat clockwise from its left, itself last
        self.each, self.lay, self.extra = DEAL[n]
        self.counting = rules.counting
        self.use_rules_in_force(RulesInForce.from_rules(rules))
        self.first_dealer = 0
        self.dealer = 0
        self.deal_no = 0
        self.scores = [0] * self.nsides
        # Each side's score before the points it scored last: where a board's back peg stands.
        self.back_pegs = [0] * self.nsides
        self.seat_points = [0] * n  # what each seat scored itself; a side's seats add up to its score
        self.points_by = {name: [0] * n for name in _FIGURES}  # the same, by kind (pegging, the show), for simulations
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.laid: list[list[Card]] = [[] for _ in range(n)]
        self.crib: list[Card] = []
        self.pack: list[Card] = list(DECK)
        self.starter: Card | None = None
        self.phase = "discard"
        self.actor = 0  # seat discarding, or counting
        self.played: list[list[Card]] = [[] for _ in range(n)]
        self.seq: list[Card] = []
        self._pegging: list[tuple[Card, ...]] | None = None  # see _cards_to_peg
        self.count = 0
        self.turn = 0
        self.last = -1
        self.out = [False] * n
        self.shows: list[list[Any]] = []  # [seat, "hand" | "crib"] still to count, in order
        self.shown = [False] * n
        self.crib_shown = False
        self.window: ChallengeWindow | None = None
        self.pending: dict[str, Any] = {}  # the count being disputed: seat, what, announced, truth
        self.winner_side: int | None = None
        self.ended_by = ""
        self.stats = Tally(_STAT_KEYS, _SEAT_STAT_KEYS, n)
        self._owns_tallies = True  # False while the scores and counts are shared with a clone (see clone)

    def use_rules_in_force(self, house: RulesInForce) -> None:
        """Play by `house` (target, skunk lines, scorings): the standard fast functions, or the scoring's own tables."""
        self.house = house
        self.target = house.target
        self.skunk_line, self.double_skunk_line = house.skunk_line, house.double_skunk_line
        show, peg = house.show, house.peg
        self.show_scoring, self.peg_scoring = show, peg
        if show is STANDARD_SHOW and peg is STANDARD_PEG:  # the usual case, set without working anything out
            self.show_total, self.peg_points = score_total, peg_points
            self.go_points, self.last_card_points, self.heels_points = 1, 1, 2
            self.max_count = MAX_COUNT
            self.announce, self.muggins_claims, self.responses = ANNOUNCE, MUGGINS, RESPONSES
            self._count_range = ""
            self._house_view = {}
            return
        self.show_total = score_total if show.standard else show.total
        self.peg_points = peg_points if peg.standard else peg.points
        self.go_points, self.last_card_points, self.heels_points = peg.go, peg.last_card, peg.his_heels
        self.max_count = house.max_count
        self.announce, self.muggins_claims, self.responses = count_actions(self.max_count)
        self._count_range = "" if self.max_count == MAX_COUNT else f"0-{self.max_count}"
        # Only a house-rule scoring is put in the view, so the standard view is what it always was.
        self._house_view = {} if house.standard_scoring else {
            "show_scoring": show.to_items(), "peg_scoring": peg.to_items(), "max_count": self.max_count}

    @property
    def seat_stats(self) -> dict[str, list[int]]:
        """The per-seat counts (`stats.by_seat`): the `Result.seat_stats` the match reports besides its skunks."""
        return self.stats.by_seat

    @property
    def seat_figures(self) -> dict[str, list[int]]:
        """Deprecated name of `seat_stats`."""
        return self.stats.by_seat

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> list[int]:
        return list(self.sides[side])

    def save_fields(self) -> dict[str, Any]:
        return {
            "first_dealer": self.first_dealer, "dealer": self.dealer, "deal_no": self.deal_no, "scores": list(self.scores),
            "back_pegs": list(self.back_pegs),
            "seat_points": list(self.seat_points), "points_by": {name: list(values) for name, values in self.points_by.items()},
            "hands": [_codes(h) for h in self.hands], "laid": [_codes(h) for h in self.laid], "crib": _codes(self.crib),
            "pack": _codes(self.pack), "starter": self.starter.code if self.starter else None, "phase": self.phase,
            "actor": self.actor, "played": [_codes(p) for p in self.played], "seq": _codes(self.seq), "count": self.count,
            "turn": self.turn, "last": self.last, "out": list(self.out), "shows": [list(s) for s in self.shows],
            "shown": list(self.shown), "crib_shown": self.crib_shown,
            "window": self.window.to_dict() if self.window else None, "pending": dict(self.pending),
            "winner_side": self.winner_side, "ended_by": self.ended_by, **self.stats.to_dict(),  # "stats", "seat_stats"
            "house": self.house.to_dict(),
        }

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self._blank()
        # A save made before house rules has no "house": _blank has set the rules' own values.
        if "house" in data:
            self.use_rules_in_force(RulesInForce.from_dict(data["house"]))
        for key in ("first_dealer", "dealer", "deal_no", "phase", "actor", "count", "turn", "last", "crib_shown", "winner_side", "ended_by"):
            setattr(self, key, data[key])
        self.scores = list(data["scores"])
        # A save made before the back pegs were kept has none: they start on the front pegs.
        self.back_pegs = list(data.get("back_pegs", self.scores))
        self.seat_points = list(data["seat_points"])
        if "points_by" in data:  # a save made before the figures were kept has none: they count from zero
            self.points_by = {name: list(data["points_by"][name]) for name in _FIGURES}
        self.hands = [sorted(_cards(h)) for h in data["hands"]]  # kept in rank order (see _deal)
        self.laid = [_cards(h) for h in data["laid"]]
        self.crib = _cards(data["crib"])
        self.pack = _cards(data["pack"])
        self.starter = parse_card(data["starter"]) if data["starter"] else None
        self.played = [_cards(p) for p in data["played"]]
        self.seq = _cards(data["seq"])
        self.out = list(data["out"])
        self.shows = [list(s) for s in data["shows"]]
        self.shown = list(data["shown"])
        self.window = ChallengeWindow.from_dict(data["window"]) if data["window"] else None
        self.pending = dict(data["pending"])
        # Saves made before the per-seat counts were called seat_stats name them seat_figures.
        self.stats = Tally.from_dict({"stats": data["stats"], "seat_stats": data["seat_stats"] if "seat_stats" in data else data["seat_figures"]})

    # -- set-up ---------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, rules: CribbageRules, players: int, seed: int) -> "CribbageState":
        rules.validate()
        state = cls(game, rules, players, seed)
        state._ask_house_rules()
        events: list[dict] = []
        if rules.lowball and rules.muggins:
            events.append(event("note", text="Lowball is played without muggins: every show is scored automatically."))
        state.first_dealer = state._cut_for_deal(events)
        state.dealer = state.first_dealer
        state._deal(events)
        state.opening = events
        return state

    def _ask_house_rules(self) -> None:
        """Ask the house-rule plugins in force (once, as the match is created) what this match plays by."""
        asker = getattr(self.game, "house_rules", None)  # a bare `Game` (a test's) has no house-rule entry
        if asker is not None:
            house = asker(self.rules, self.players)
            if house is not self.house:  # no plugin answered: the rules' own values, already in use
                self.use_rules_in_force(house)

    def _cut_for_deal(self, events: list[dict]) -> int:
        """Each player cuts a card (seat order); the lowest rank deals; players tied lowest cut again."""
        dealer, rounds = cut_for_dealer(derive_rng(self.seed, "cut for deal"), range(self.players))
        for number, cut in enumerate(rounds):
            # those tied lowest are the next round's cutters; the last round's lowest is the dealer alone
            lowest = [seat for seat, _ in rounds[number + 1]] if number + 1 < len(rounds) else [dealer]
            codes = [CODES[c] for _, c in cut]
            events.append(event("cut_for_deal", seats=[seat for seat, _ in cut], cards=codes, lowest=lowest, reveals=list(codes)))
        return dealer

    def _deal(self, events: list[dict]) -> None:
        """Shuffle, deal one at a time from the dealer's left, the pack card to the crib (3p)."""
        n = self.players
        deck = shuffled_deck(derive_rng(self.seed, "deal", self.deal_no))
        used = n * self.each
        # Hands are kept in rank order (the order every view and decision shows), so
        # decisions need no sorting; which cards a seat holds is all the rules read.
        self.hands = list(map(sorted, deal_round(deck, dealer=self.dealer, players=n, each=self.each)))
        nothing = [()] * n
        self.laid = list(map(list, nothing))  # maps, not comprehensions: each comprehension is a call of its own
        self.played = list(map(list, nothing))
        self.crib = []
        self.starter = None
        self.shown = [False] * n
        self.crib_shown = False
        self.seq, self.count, self.last, self.out = [], 0, -1, [False] * n
        self._pegging = None
        self.shows = []
        self.window, self.pending = None, {}
        if self.extra:
            self.crib.extend(deck[used:used + self.extra])
            used += self.extra
        self.pack = deck[used:]
        if not self._owns_tallies:
            self._own_tallies()
        self.stats["deals"] += 1
        if self.events_wanted:
            events.append(event("deal", deal=self.deal_no, dealer=self.dealer, cards_each=self.each, crib_from_pack=self.extra,
                                scores=list(self.scores)))
            for seat in range(n):
                events.append(event("hand", seat=seat, cards=_codes(self.hands[seat]), to=[seat]))
        self.phase = "discard"
        self.actor = (self.dealer + 1) % n

    # -- decisions ----------------------------------------------------------------
    def _decide_peg(self) -> Decision:
        seat, count = self.turn, self.count
        cards = (self._pegging or self._cards_to_peg())[seat]
        if count > 21:  # only then may a card not fit: the highest, last in rank order
            room, fit = 31 - count, 0
            for c in cards:
                if _PIPS[c[0]] > room:
                    break
                fit += 1
            cards = cards[:fit]
        options = tuple(map(_PLAY_OF_ID, map(id, cards)))
        return _new_decision(WordedDecision, (seat, "play", options, options, _PEG_PROMPTS[count], False, _NO_INFO, False, None))

    def _cards_to_peg(self) -> list[tuple[Card, ...]]:
        """Each seat's cards not yet pegged, in rank order (so in order of pips too).

        Worked out from the hands and the cards played when pegging starts
        (or after a load, a hand-made position or a fresh deal of the hidden
        cards), then kept up as cards are played: a seat can play when its
        first card fits, its choices are the cards up to the last that fits,
        and pegging is over when nobody has a card left.
        """
        found = self._pegging = [tuple([c for c in hand if c not in played]) for hand, played in zip(self.hands, self.played)]
        return found

    def _decide_respond(self) -> Decision:
        seat = self.window.current
        right = self._right_response()
        p = self.pending
        # Worded as the count's narration, with the cards to check: the window waits for the check.
        # Every responder is an opponent of the counter and reads the same line, so it is made once a window.
        made = getattr(self, "_respond_prompt", None)
        if made is None or made[0] is not self.window:
            what = p["what"]
            cards = self.crib if what == "crib" else self.hands[p["seat"]]
            english = (f"seat {p['seat']} counts {p['announced']} for "
                       f"{'the' if what == 'crib' else 'their'} {what}: {cards_text(cards)} with {self.starter}")
            made = self._respond_prompt = (self.window, worded(english, _respond_words, p["seat"], p["announced"], what,
                                                                tuple(cards), self.starter))
        return WordedDecision(seat, "respond", self.responses, right, made[1], True, waits=True, standing=ACCEPT)

    def _decide_count(self) -> Decision:
        seat, what = self.actor, self.pending["what"]
        cards = self.crib if what == "crib" else self.hands[seat]
        counts = self._count_range or '0-29'
        prompt = worded(f"Count your {what} {cards_text(cards)} with {self.starter} (type {counts})", _count_words, what,
                         tuple(cards), self.starter, counts)
        announce = self.announce
        return WordedDecision(seat, "count", announce, (announce[self.pending["truth"]],), prompt, True)

    def _decide_discard(self) -> Decision:
        seat = self.actor
        hand = self.hands[seat]
        if self.lay == 2 and len(hand) == 6:
            # The fifteen pairs of a six-card hand written out: a row of the table per first card, no combinations().
            a, b, c, d, e, f = map(_DISCARD_ROW_OF_ID, map(id, hand))  # maps, not comprehensions: no call of their own
            i, j, k, m, n = map(_INDEX_OF_ID, map(id, hand[1:]))
            options = (a[i], a[j], a[k], a[m], a[n], b[j], b[k], b[m], b[n], c[k], c[m], c[n], d[m], d[n], e[n])
        elif self.lay == 2:
            indices = [INDEX_BY_ID[id(x)] for x in hand]
            options = tuple([_DISCARD_TWO[a * 52 + b] for a, b in combinations(indices, 2)])
        else:
            options = tuple([_DISCARD_ONE[INDEX_BY_ID[id(x)]] for x in hand])
        return _new_decision(WordedDecision, (seat, "discard", options, options, self._discard_prompt(seat), False, _NO_INFO, False, None))

    def _discard_prompt(self, seat: int) -> Worded:
        """The lay-away prompt for `seat`, made once for each (cards laid, whose crib, dealer): decisions are made every deal."""
        kind = "your" if self.dealer == seat else ("partner" if self.partners and self.side_of(self.dealer) == self.side_of(seat) else "seat")
        key = (self.lay, kind, self.dealer)
        prompt = _DISCARD_PROMPTS.get(key)
        if prompt is None:
            whose = {"your": "your", "partner": "your partner's"}.get(kind) or f"seat {self.dealer}'s"
            prompt = _DISCARD_PROMPTS[key] = worded(f"Lay away {self.lay} card{'s' if self.lay > 1 else ''} to {whose} crib",
                                                    _discard_words, self.lay, kind, self.dealer)
        return prompt

    def order_free_seats(self) -> tuple[int, ...]:
        """While the players lay away: the seats still to lay away, from the seat to act round to the dealer.

        Each lays away from its own hand, face down, so no seat's choices,
        prompt or view hang on what the others laid away: at a real table
        everyone lays away at once. In three-player games the crib's card
        from the pack is dealt with the hands, so every seat's lay-away is
        one card of its own choosing and the dealer's is the last.
        """
        if self.phase != "discard":
            return ()
        n, seat = self.players, self.actor
        seats = [seat]
        while seat != self.dealer:
            seat = (seat + 1) % n
            seats.append(seat)
        return tuple(seats)

    def _right_response(self) -> tuple[Action, ...]:
        p = self.pending
        announced, truth = p["announced"], p["truth"]
        if announced < truth:
            return (self.muggins_claims[truth - announced],)
        if announced > truth:
            return (OVERCOUNT,)
        return _ACCEPT_ONLY

    def settle_window(self) -> list[tuple[int, Action, list[dict]]]:
        """Every remaining responder accepts, as `State.settle_window` would, without building their decisions."""
        window = self.open_window()
        if window is None:
            raise IllegalAction("no challenge window is open")
        answers: list[tuple[int, Action, list[dict]]] = []
        while self.window is window and not window.closed:
            seat = window.current
            self._forget_decision()
            events: list[dict] = []
            self._respond(ACCEPT, events)
            answers.append((seat, ACCEPT, events))
        return answers

    # -- moves ---------------------------------------------------------------------
    def _on_discard(self, action: Action, events: list[dict]) -> None:
        seat, chosen = self.actor, action.data
        # New lists, never changed in place: a clone may share the hands, the crib and the laid-away cards (see clone).
        hands, laid = list(self.hands), list(self.laid)
        hand = list(hands[seat])
        for c in chosen:
            hand.remove(c)
        hands[seat] = hand
        laid[seat] = laid[seat] + list(chosen)
        self.hands, self.laid, self.crib = hands, laid, self.crib + list(chosen)
        self._pegging = None
        if self.events_wanted:
            events.append(event("discard", seat=seat, count=len(chosen)))
            events.append(event("laid_away", seat=seat, cards=_codes(chosen), to=[seat]))
        nxt = (seat + 1) % self.players
        if nxt != (self.dealer + 1) % self.players:
            self.actor = nxt
            return
        self._cut(events)

    def _cut(self, events: list[dict]) -> None:
        """The player on the dealer's right cuts; the dealer turns the starter (the seeded shuffle decides it)."""
        cutter = (self.dealer - 1) % self.players
        pack = self.pack
        self.starter = pack[-1]
        self.pack = pack[:-1]  # a new list, not pop(): a clone may share the pack (see clone)
        wanted = self.events_wanted
        if wanted:
            events.append(event("cut", seat=cutter, dealer=self.dealer, starter=self.starter.code, reveals=[self.starter.code]))
        if self.starter[0] == 11 and self.heels_points:
            if not self._owns_tallies:
                self._own_tallies()
            self.stats["heels"] += 1
            if wanted:
                events.append(event("heels", seat=self.dealer, points=self.heels_points))
            if self._score(self.dealer, self.heels_points, "his heels", events):
                return
        self.phase = "peg"
        self.turn = (self.dealer + 1) % self.players
        self._advance_peg(events)

    # -- pegging -----------------------------------------------------------------------
    def _unplayed(self, seat: int) -> list[Card]:
        played = self.played[seat]
        return [c for c in self.hands[seat] if c not in played]

    def _on_peg(self, action: Action, events: list[dict]) -> None:
        seat, c = self.turn, action.data
        self.played[seat].append(c)
        left = self._pegging or self._cards_to_peg()
        mine = left[seat]
        at = mine.index(c)
        left[seat] = mine[:at] + mine[at + 1:]
        seq = self.seq
        seq.append(c)
        count = self.count = self.count + _PIPS[c[0]]
        self.last = seat
        if len(seq) < 3 and self.peg_points is peg_points:
            # peg_points of a count's first or second card, written out (no run before the third): half the cards pegged.
            points = (2 if count == 15 or count == 31 else 0) + (2 if len(seq) == 2 and seq[0][0] == c[0] else 0)
        else:
            points = self.peg_points(seq, count)
        if self.events_wanted:
            scored = score_peg(seq, self.peg_scoring)
            events.append(event("peg", seat=seat, card=c.code, count=count, points=points,
                                why=[item.label for item in scored.items], reveals=[c.code]))
        if points and self._score(seat, points, "pegging", events):
            return
        if count == 31:
            self._new_count(seat, events)
        else:
            out = self.out
            for other in self.seats_from_left[seat]:
                if not out[other]:
                    self.turn = other
                    following = left[other]
                    if following and _PIPS[following[0][0]] <= 31 - count:
                        return  # the next seat can play (_advance_peg's first look, without the call)
                    break
        self._advance_peg(events)

    def _new_count(self, last: int, events: list[dict]) -> None:
        """The count starts again at 0 with the first player holding cards, clockwise from `last`'s left."""
        self.seq, self.count = [], 0
        out = self.out = list(map(not_, self._pegging or self._cards_to_peg()))  # out: no card left to peg
        for other in self.seats_from_left[last]:
            if not out[other]:
                self.turn = other
                if self.events_wanted:
                    events.append(event("count_reset", next=other))
                return
        self.turn = (last + 1) % self.players  # nobody holds cards: pegging is over

    def _advance_peg(self, events: list[dict]) -> None:
        """Say go for players who cannot play, score go and last card, until someone must play."""
        left = self._pegging or self._cards_to_peg()
        out = self.out
        from_left = self.seats_from_left
        wanted = self.events_wanted
        while True:
            p = self.turn
            mine = left[p]
            if mine and _PIPS[mine[0][0]] <= 31 - self.count:
                return  # p can play (its lowest card fits), so p must (and pegging is not over)
            if not any(left):  # every card played
                if self.count:
                    if wanted:
                        events.append(event("go_point", seat=self.last, why="last card", points=self.last_card_points, count=self.count))
                    if self._score(self.last, self.last_card_points, "last card", events):
                        return
                self._start_show(events)
                return
            if not out[p]:
                out[p] = True
                if wanted and p != self.last and self._unplayed(p):
                    events.append(event("go", seat=p, count=self.count))
            nxt = None
            for other in from_left[p]:
                if not out[other]:
                    nxt = other
                    break
            if nxt is None:
                go = self.go_points
                if go:
                    if wanted:
                        events.append(event("go_point", seat=self.last, why="go", points=go, count=self.count))
                    if self._score(self.last, go, "go", events):
                        return
                self._new_count(self.last, events)
                out = self.out
            else:
                self.turn = nxt

    # -- the show -------------------------------------------------------------------------
    def _start_show(self, events: list[dict]) -> None:
        self.seq, self.count = [], 0
        self.shows = [[seat, "hand"] for seat in self.seats_from_left[self.dealer]] + [[self.dealer, "crib"]]
        self._next_show(events)

    def _next_show(self, events: list[dict]) -> None:
        """Show the next hand (or the crib); score it, or ask its owner to count it under muggins."""
        wanted = self.events_wanted
        while self.shows:
            seat, what = self.shows.pop(0)
            if what == "crib":
                cards = self.crib
                self.crib_shown = True
            else:
                cards = self.hands[seat]
                shown = list(self.shown)  # a new list: a clone may share it (see clone)
                shown[seat] = True
                self.shown = shown
            if wanted:
                codes = _codes(sort_cards(cards))
                events.append(event("show", seat=seat, what=what, cards=codes, starter=self.starter.code, reveals=codes + [self.starter.code]))
            truth = self.show_total(cards, self.starter, what == "crib")
            if self.counting:
                self.phase = "count"
                self.actor = seat
                self.pending = {"seat": seat, "what": what, "announced": None, "truth": truth}
                return
            if wanted:
                scored = score_show(cards, self.starter, what == "crib", self.show_scoring)
                events.append(event("show_score", seat=seat, what=what, points=truth, breakdown=[i.to_dict() for i in scored.items],
                                    reveals=codes + [self.starter.code]))
            if truth and self._score(seat, truth, what, events):
                return
        if wanted:
            events.append(event("deal_over", deal=self.deal_no, players=self.players, scores=list(self.scores),
                                next_dealer=(self.dealer + 1) % self.players))
        self.dealer = (self.dealer + 1) % self.players
        self.deal_no += 1
        self._deal(events)

    def _on_count(self, action: Action, events: list[dict]) -> None:
        announced = action.data
        p = self.pending
        seat, truth = p["seat"], p["truth"]
        p = self.pending = dict(p, announced=announced)  # a new dict: a clone may share the pending count (see clone)
        if not self._owns_tallies:
            self._own_tallies()
        self.stats["counts"] += 1
        if announced < truth:
            self.stats["counts_low"] += 1
            self.stats["points_missed"] += truth - announced
            self.stats.by_seat["counts_low"][seat] += 1
        elif announced > truth:
            self.stats["counts_high"] += 1
            self.stats["points_overcounted"] += announced - truth
            self.stats.by_seat["counts_high"][seat] += 1
        else:
            self.stats["counts_exact"] += 1
        if self.events_wanted:
            events.append(event("announce", seat=seat, what=p["what"], points=announced))
        if announced:
            self._score(seat, announced, f"{p['what']} count", events, check=False)
        side = self.side_of(seat)
        if self.scores[side] >= self.target and announced <= truth:
            self._settlement(None, {}, events)
            self._finish(side, f"{p['what']} count", events)
            return
        mine = self.side_of(seat)
        others = [s for s in range(self.players) if self.side_of(s) != mine]
        self.window = ChallengeWindow.open(seat, self.players, subject={"what": p["what"], "announced": announced},
                                           claimable=announced != truth, standing="pass", settle_on="any_claim", only=others)
        self.phase = "respond"

    def _respond(self, action: Action, events: list[dict]) -> None:
        window = self.window
        seat = window.current
        p = self.pending
        if self.events_wanted:
            events.append(event("response", seat=seat, counter=p["seat"], response="accept" if isinstance(action, Pass) else str(action)))
        if isinstance(action, Pass):
            window.passed()
            if window.closed:
                self._settle(None, seat, events)
            return
        announced, truth = p["announced"], p["truth"]
        if action.name == "muggins":
            supported = truth > announced
        else:
            supported = announced > truth
        window.claimed(str(action), supported)
        self._settle(action, seat, events)

    _on_respond = _respond  # the window phase's handler

    def _settle(self, claim: Claim | None, caller: int, events: list[dict]) -> None:
        """Apply the first claim (or let the count stand), show the breakdown, check the target."""
        p = self.pending
        counter, announced, truth = p["seat"], p["announced"], p["truth"]
        changes: dict[int, int] = {}
        order: list[int] = [counter]
        if not self._owns_tallies:
            self._own_tallies()
        if claim is not None and claim.name == "muggins":
            self.stats["muggins_calls"] += 1
            missed = truth - announced
            if missed > 0:
                gained = min(claim.amount, missed)
                changes[caller] = gained
                self.stats["muggins_points"] += gained
                self.stats.by_seat["muggins_points"][caller] += gained
            else:
                changes[counter] = claim.amount
                self.stats["false_muggins"] += 1
                self.stats["false_muggins_points"] += claim.amount
        elif claim is not None:
            self.stats["overcount_calls"] += 1
            excess = announced - truth
            if excess > 0:
                changes[counter] = -excess
                changes[caller] = excess
                self.stats["overcount_points"] += excess
                self.stats.by_seat["overcount_points"][caller] += excess
            else:
                self.stats["false_overcounts"] += 1
        self._settlement(claim, changes, events, caller if claim is not None else None)
        for seat, points in changes.items():
            why = "muggins" if claim.name == "muggins" else "overcount"
            # Said with the points, so a false call's points read as the caller's loss, not as a muggins won.
            outcome = f"{why} upheld" if seat == caller else ("false muggins" if why == "muggins" else "overcount upheld")
            self._score(seat, points, why, events, check=False, outcome=outcome, caller=caller)
            if seat not in order:
                order.append(seat)
        self.window = None
        # Both sides may have reached the target; the counter's points were scored first.
        for seat in order:
            side = self.side_of(seat)
            if self.scores[side] >= self.target:
                self._finish(side, "settlement", events)
                return
        self.pending = {}
        self._next_show(events)

    def _settlement(self, claim: Claim | None, changes: dict[int, int], events: list[dict], caller: int | None = None) -> None:
        """The `settlement` event (only its breakdown needs the itemised show, so nothing when unread)."""
        if not self.events_wanted:
            return
        p = self.pending
        cards = self.crib if p["what"] == "crib" else self.hands[p["seat"]]
        shown = score_show(cards, self.starter, p["what"] == "crib", self.show_scoring)
        if claim is None:
            outcome = "stands"
        elif claim.name == "muggins":
            outcome = "muggins upheld" if p["truth"] > p["announced"] else "false muggins"
        else:
            outcome = "overcount upheld" if p["announced"] > p["truth"] else "false overcount"
        events.append(event(
            "settlement", seat=p["seat"], what=p["what"], announced=p["announced"], true=p["truth"],
            caller=caller, claim=None if claim is None else str(claim), outcome=outcome,
            changes={str(s): v for s, v in changes.items()}, breakdown=[i.to_dict() for i in shown.items],
            reveals=_codes(sort_cards(cards)) + [self.starter.code],
        ))

    # -- scores and the end ------------------------------------------------------------------
    def _score(self, seat: int, points: int, why: str, events: list[dict], *, check: bool = True,
               outcome: str | None = None, caller: int | None = None) -> bool:
        """Add `points` to `seat`'s side; True if that ended the game (only when `check`).

        Points a settled claim moves carry the settlement's `outcome` and the
        `caller` in their event (`false muggins`: the counter gains because
        the call was false).
        """
        side = seat % 2 if self.partners else seat  # side_of, written out: pegging scores at most turns
        if not self._owns_tallies:
            self._own_tallies()
        scores = self.scores
        self.back_pegs[side] = before = scores[side]
        total = scores[side] = before + points
        self.seat_points[seat] += points
        figure = _FIGURE_OF.get(why)
        if figure is not None:
            self.points_by[figure][seat] += points
        if self.events_wanted:
            scored = event("score", seat=seat, side=side, points=points, total=total, why=why)
            if outcome is not None:
                scored["outcome"] = outcome
                scored["caller"] = caller
            events.append(scored)
        if check and total >= self.target:
            self._finish(side, why, events)
            return True
        return False

    def _finish(self, side: int, why: str, events: list[dict]) -> None:
        self.phase = "over"
        self.window = None
        self.winner_side = side
        self.ended_by = why
        if not self.events_wanted:
            return
        skunked, doubled = self.skunks()
        result = self.result()
        events.append(event("game_over", reached=side, reached_seats=self.seats_of(side), why=why, lowball=self.rules.lowball,
                            winners=list(result.winners), scores=list(self.scores),
                            skunked=list(skunked), double_skunked=list(doubled),
                            target=self.target, skunk_line=self.skunk_line, double_skunk_line=self.double_skunk_line))

    def skunks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(skunked, double_skunked): 1 for every seat of a losing side below the line in force (never in lowball)."""
        skunk = self.skunk_line or 0  # no line: nobody is below it
        double = self.double_skunk_line or 0
        if self.rules.lowball:
            return (0,) * self.players, (0,) * self.players
        winner, side_of, scores = self.winner_side, self.side_of, self.scores
        losers = [side_of(s) != winner for s in range(self.players)]
        points = [scores[side_of(s)] for s in range(self.players)]
        return (tuple(int(losers[s] and points[s] < skunk) for s in range(self.players)),
                tuple(int(losers[s] and points[s] < double) for s in range(self.players)))

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        side = self.winner_side
        if self.rules.lowball:
            winning = [s for s in range(self.nsides) if s != side]
        else:
            winning = [side]
        winners = tuple(seat for seat in range(self.players) if self.side_of(seat) in winning)
        per_seat = tuple(self.scores[self.side_of(s)] for s in range(self.players))
        # Result.scores: the points each seat scored itself, so a partnership's seats add up to its score.
        own = tuple(self.seat_points) if self.partners else per_seat
        skunked, doubled = self.skunks()
        ordered = sorted(self.scores, reverse=True)
        stats = dict(self.stats)
        stats["margin"] = [ordered[0] - ordered[1]]
        # simulate sums seat_stats per seat and per side, so a side's skunk is put on its
        # first seat only: a partnership skunked once counts once (the event names both).
        firsts = [self.seats_of(side_)[0] for side_ in range(self.nsides)]
        side_skunked = tuple(skunked[s] if s in firsts else 0 for s in range(self.players))
        side_doubled = tuple(doubled[s] if s in firsts else 0 for s in range(self.players))
        stats["skunks"] = sum(side_skunked)
        stats["double_skunks"] = sum(side_doubled)
        seat_stats = {"skunked": side_skunked, "double_skunked": side_doubled}
        seat_stats.update(self.stats.seat_stats())
        figures = {name: tuple(values) for name, values in self.points_by.items()}
        return Result(winners, own, stats, False, seat_stats, figures)

    # -- what seats see ---------------------------------------------------------------------
    def piles(self) -> dict[str, list[Card]]:
        found = {f"hand {s}": self.hands[s] for s in range(self.players)}
        found["crib"] = self.crib
        found["starter"] = [self.starter] if self.starter else []
        found["pack"] = self.pack
        return found

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.pack)
        if not self.crib_shown:
            mine = self.laid[seat] if seat is not None else ()
            hidden.update(c for c in self.crib if c not in mine)
        for other in range(self.players):
            if other != seat and not self.shown[other]:
                played = self.played[other]
                hidden.update(c for c in self.hands[other] if c not in played)
        return hidden

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        # hands are kept in rank order; maps, not comprehensions, below: the expert reads a view at most decisions
        hands_shown = {str(s): _codes(self.hands[s]) for s in range(n) if self.shown[s]} if True in self.shown else {}
        view: dict[str, Any] = {
            "players": n, "partnerships": self.partners, "target": self.target, "muggins": self.counting,
            "lowball": self.rules.lowball, "seat": seat, "deal": self.deal_no, "dealer": self.dealer,
            "scores": list(self.scores), "back_pegs": list(self.back_pegs), "sides": list(map(list, self.sides)),
            "phase": self.phase, "starter": self.starter.code if self.starter else None,
            "count": self.count, "sequence": _codes(self.seq),
            "played": list(map(_codes, self.played)),
            "cards_left": list(map(sub, map(len, self.hands), map(len, self.played))),
            "crib_size": len(self.crib), "shown": hands_shown,
            "crib": _codes(sort_cards(self.crib)) if self.crib_shown else None,
            "to_act": self.to_act(),
        }
        if seat is not None:
            view["hand"] = _codes((self._pegging or self._cards_to_peg())[seat] if self.phase == "peg" else self.hands[seat])
            view["my_cards"] = _codes(self.hands[seat])
            view["laid_away"] = _codes(self.laid[seat])
        if self.pending and self.pending.get("announced") is not None:
            view["announced"] = {"seat": self.pending["seat"], "what": self.pending["what"], "points": self.pending["announced"]}
        elif self.pending:
            view["counting"] = {"seat": self.pending["seat"], "what": self.pending["what"]}
        if self.phase == "over":
            view["winners"] = list(self.result().winners)
        if self._house_view:  # copies: a player may keep or change its view without touching the next one's
            view.update({key: dict(value) if isinstance(value, dict) else value for key, value in self._house_view.items()})
        return view

    # -- copies for search ---------------------------------------------------------------------
    def clone(self) -> "CribbageState":
        """A direct copy (no round trip through plain data), cheap enough for search to make one per simulated move.

        Only what pegging changes in place is copied (the cards played, the
        count's sequence, who said go, the shows still to come) and the
        window. The rest is shared, never changed in place by either copy:
        the hands, crib, laid-away cards, pack, shown hands and the pending
        count are replaced by new lists (or a new dict) whenever they
        change; the scores and counts (scores, back pegs, seat points, the
        figures, `stats`) are copied by whichever of the two changes them
        first (`_own_tallies`). Cards are immutable.
        """
        new = self.shallow_copy()
        fields = new.__dict__
        fields["played"] = list(map(list, self.played))
        fields["seq"] = self.seq[:]
        fields["out"] = self.out[:]
        fields["shows"] = self.shows[:]  # each show, [seat, what], is never changed: popped whole
        if self._pegging is not None:  # the list changes as cards are played; the tuples in it never do
            fields["_pegging"] = self._pegging[:]
        fields["_owns_tallies"] = self._owns_tallies = False
        if self.window is not None:
            fields["window"] = self.window.copy()
            fields.pop("_respond_prompt", None)
        return new

    def _own_tallies(self) -> None:
        """Copies of the scores and counts this state may share with a clone, made before it changes one (see clone)."""
        self.scores = list(self.scores)
        self.back_pegs = list(self.back_pegs)
        self.seat_points = list(self.seat_points)
        self.points_by = {name: list(values) for name, values in self.points_by.items()}
        self.stats = self.stats.copy()
        self._owns_tallies = True

    def determinize(self, seat: int, rng: Any) -> "CribbageState":
        """The cards hidden from `seat` dealt afresh among the places they lie, the seed replaced; see `State.determinize`.

        The places: the pack (its order too, so the starter still to be cut),
        the crib but for the cards `seat` laid away itself, and the unplayed
        cards of every hand not yet shown. Each other seat's laid-away cards are
        whichever crib cards land where its own lay. The "forgetful" kind: only
        what `seat` sees now is kept; what pegging told (a seat that said go
        holds nothing that fits the count) is not used.
        """
        new = self.clone()
        # The piles dealt into, copied first: the clone shares them with this state (see clone).
        new.pack, new.crib = list(new.pack), list(new.crib)
        new.hands, new.laid = [list(h) for h in new.hands], [list(h) for h in new.laid]
        new._pegging = None  # worked out again from the hands dealt afresh
        slots: list[tuple[list, int]] = [(new.pack, i) for i in range(len(new.pack))]
        crib = new.crib
        if not new.crib_shown:
            mine = {id(c) for c in new.laid[seat]}
            slots.extend((crib, i) for i, c in enumerate(crib) if id(c) not in mine)
            place = {id(c): i for i, c in enumerate(crib)}
            laid_at = [[place[id(c)] for c in new.laid[o]] for o in range(new.players)]
        redealt = []
        for other in range(new.players):
            if other != seat and not new.shown[other]:
                hand, played = new.hands[other], {id(c) for c in new.played[other]}
                slots.extend((hand, i) for i, c in enumerate(hand) if id(c) not in played)
                redealt.append(other)
        redeal(slots, rng, key=_index_of)
        for other in redealt:
            new.hands[other].sort()  # hands are kept in rank order
        if not new.crib_shown:
            for other in range(new.players):
                if other != seat:
                    new.laid[other] = [crib[i] for i in laid_at[other]]
        new.seed = rng.getrandbits(63)
        new.opening = []  # the real first deal: no part of an imagined world
        return new

    # -- hand-made positions (tests, docs) ---------------------------------------------------------
    @classmethod
    def from_position(
        cls,
        game: Game,
        rules: CribbageRules | None = None,
        *,
        players: int,
        dealer: int = 0,
        hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]],
        crib: Sequence[str] = (),
        starter: str | None = None,
        scores: Sequence[int] | None = None,
        phase: str = "peg",
        seed: int = 0,
        laid: Mapping[int, Sequence[str]] | None = None,
    ) -> "CribbageState":
        """A hand-made position for tests and docs.

        `phase="discard"`: `hands` are the dealt hands (6 or 5 cards), the
        first discarder is the dealer's left and `starter`, if given, is the
        card the cut will turn. `phase="peg"`: `hands` hold
        four cards each, `crib` four cards, `starter` is turned (his heels is
        NOT scored) and pegging starts at the dealer's left. `phase="show"`:
        the same, with pegging over (every card played), so the show begins.
        Cards not named go to the pack.
        """
        rules = rules or game.Rules()
        rules.validate()
        state = cls(game, rules, players, seed)
        state._ask_house_rules()
        state.first_dealer = state.dealer = dealer
        layout = Layout()
        for s, indices in layout.by_seat(hands).items():
            state.hands[s] = sorted([DECK[i] for i in indices])
        state.crib = [DECK[i] for i in layout.take(crib)]
        if laid:  # the crib's own cards, by who laid them away: not named a second time
            for s, codes in laid.items():
                state.laid[int(s)] = _cards(codes)
        top = None
        if starter and phase == "discard":
            top = DECK[layout.take(starter)[0]]  # the card the cut will turn
        elif starter:
            state.starter = DECK[layout.take(starter)[0]]
        state.pack = [DECK[i] for i in layout.rest()] + ([top] if top else [])
        if scores is not None:
            state.scores = list(scores)
            state.back_pegs = list(scores)
            for side, points in enumerate(scores):
                state.seat_points[state.seats_of(side)[0]] = points
        events: list[dict] = []
        if phase == "discard":
            state.phase = "discard"
            state.actor = (dealer + 1) % players
        elif phase in ("peg", "show"):
            state.phase = "peg"
            state.turn = (dealer + 1) % players
            if phase == "show":
                state.played = [list(h) for h in state.hands]
                state._start_show(events)
            else:
                state._advance_peg(events)
        else:
            raise ValueError(f"phase must be discard, peg or show, not {phase!r}")
        state.opening = events
        return state

    # -- the search horizon ------------------------------------------------------------------------
    def horizon_returns(self, origin: "CribbageState", returns: str = "wins") -> list[float] | None:
        """None while the deal of `origin` (the position searched) goes on; once it is over, one estimated return per seat (`horizon`)."""
        if self.deal_no == origin.deal_no:
            return None
        from .horizon import returns_at_horizon

        return returns_at_horizon(self, origin, returns)
