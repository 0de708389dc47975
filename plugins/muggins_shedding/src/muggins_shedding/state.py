"""The shedding game's state machine: one whole match of `hands` hands.

This module owns the rules as code. A `SheddingState` deals each hand
(seed's deal table, one card at a time clockwise from the dealer's left,
the rest turned up as common piles), exposes the mover's next card lazily
(turning the discard over unshuffled when the stock is empty), offers the
mover every physical placement with the rules' correct destinations, opens
a challenge window after each placement, and resolves a supported Muggins
call (correction, the offender's choice among several fitting piles,
penalty cards clockwise, donors recycling first, a donor emptied by giving
going out). It pauses a finish until the window closes, draws a hand at the
turn limit (or, as a house rule, at an exact repetition), rotates the dealer
and counts wins. The house-rule plugins' answers (touching ranks, the order
of destinations, penalty cards per donor) are asked once when a match is
created and kept in the state, its saved form, its `deal` events and its
view. Internally cards are ints 0..51 (`muggins.deck`'s index into the
standard pack, rank = i % 13 + 1) and rank adjacency is a precomputed
52 x 52 table; the standard destination order keeps its own plain method,
so the play loop does no pluggy call, no parsing and no copying.
`from_position` builds a hand-made position for tests and docs. What a
player reads of a decision (its prompt, its choices' labels, the standing
answers' `pass` and `muggins`) is worded when it is read, in the language
in force then, never when the decision is made: decisions are cached and
shared across matches, and a server words one decision for players of
several languages; action texts (what records hold) stay English codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from muggins import Action, Card, ChallengeWindow, Claim, Decision, Game, Pass, Result, derive_rng, event
from muggins.deck import CODE_INDEX, CODES, DECK, RANKS, TEXTS, Layout, deal_round, redeal, shuffled
from muggins.game import PhasedState
from muggins.i18n import translator
from muggins.seats import seats_from_left
from muggins.stats import Tally
from muggins.wording import Worded, WordedDecision, rank_word, worded

from .houserules import (
    STANDARD_ORDER, STANDARD_PENALTY, SheddingHouseRules, check_penalty, from_mapping, normalise_order, normalise_pairs, rank_fits, touching,
    order_to_data, order_words,
)
from .order_words import order_text
from .rules import SheddingRules

# The game's catalogue, as game.py has it (one translator per domain).
_translator = translator("muggins_shedding", package_file=__file__)
_, pgettext = _translator.gettext, _translator.pgettext

__all__ = [
    "SheddingState", "Place", "Correct", "DECK", "CODES", "INDEX", "RANK", "CODE_INDEX",
    "adjacency_table", "rank_fits", "normalise_pairs", "PASS", "MUGGINS",
]

# DECK, CODES and CODE_INDEX are muggins.deck's, re-exported under the names this module has always published.
INDEX: dict[Card, int] = {c: i for i, c in enumerate(DECK)}
RANK: tuple[int, ...] = RANKS


def _pass_words() -> str:
    return pgettext("answer", "pass")


def _muggins_words() -> str:
    return pgettext("answer", "muggins")


def _typed_words_marked() -> tuple[str, ...]:
    """Never called: marks for the catalogue the keys and words a player types for the window's answers, in the
    contexts `muggins.actions.keys_in` and `typed_in` read them."""
    # Translators: "action key" is a key that picks an action (one letter, none of t, p or ?, each its own in a window);
    # "action word" is what a player types for it.
    return (pgettext("action key", "m"), pgettext("action key", "accept"), pgettext("action word", "pass"),
            pgettext("action word", "muggins"))


# Labelled in the reader's language (`Muggins !` in French) when read; the texts and keys are the core's own.
PASS = Pass(label=worded("pass", _pass_words))
MUGGINS = Claim("muggins", label=worded("muggins", _muggins_words))
RESPONSES: tuple[Action, ...] = (PASS, MUGGINS)
STAND: tuple[Action, ...] = (PASS,)
CALL: tuple[Action, ...] = (MUGGINS,)

#: the match's counts for simulations, in the order Result.stats lists them
_STAT_KEYS = ("errors", "calls", "calls_upheld", "penalties", "recycles", "hands_drawn", "hands_drawn_turn_limit", "hands_drawn_repetition")

_TABLES: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], tuple[tuple[bool, ...], ...]] = {}


def adjacency_table(extra: tuple[tuple[int, int], ...] = (), parted: tuple[tuple[int, int], ...] = ()) -> tuple[tuple[bool, ...], ...]:
    """FITS[i][j]: card i may go on card j (ranks one apart, or an extra pair, and not a parted pair). Cached."""
    key = (extra, parted)
    table = _TABLES.get(key)
    if table is None:
        ranks = rank_fits(extra, parted)
        table = tuple(tuple(ranks[RANK[i]][RANK[j]] for j in range(52)) for i in range(52))
        _TABLES[key] = table
    return table


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the exposed card on a pile: `play 6H to common 2` / `play 6H to discard 3`."""

    card: Card
    pile: str
    index: int = field(default=-1, compare=False)
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"play {self.card.code} to {self.pile}"

    @property
    def label(self) -> str:
        return _("{card} on {pile}").format(card=_card_text(INDEX[self.card]), pile=_pile_label(self.pile, self.name))


@dataclass(frozen=True, slots=True)
class Correct(Action):
    """After an upheld call, the offender moves the card to one of several fitting commons."""

    card: Card
    pile: str
    index: int = field(default=-1, compare=False)

    def __str__(self) -> str:
        return f"correct {self.card.code} to {self.pile}"

    @property
    def label(self) -> str:
        kind, _space, number = self.pile.partition(" ")
        card = _card_text(INDEX[self.card])
        if kind == "common":
            return _("move {card} to common {number}").format(card=card, number=number)
        if kind == "discard":
            return _("move {card} to discard {seat}").format(card=card, seat=number)
        return _("move {card} to {pile}").format(card=card, pile=self.pile)


class SheddingState(PhasedState):
    """One match. Phases: `play` (mover places the exposed card), `respond` (the window),
    `correct` (offender picks among several fitting piles after an upheld call), `over`."""

    rules: SheddingRules

    def __init__(
        self, game: Game, rules: SheddingRules, players: int, seed: int, extra: tuple[tuple[int, int], ...] = (),
        *, order: tuple[tuple[str, ...], ...] = STANDARD_ORDER, penalty: int = STANDARD_PENALTY,
        parted: tuple[tuple[int, int], ...] = (),
    ) -> None:
        super().__init__(game, rules, players, seed)
        self._set_up(extra, order, penalty, parted)

    def _set_up(self, extra: tuple[tuple[int, int], ...], order: tuple[tuple[str, ...], ...], penalty: int,
                parted: tuple[tuple[int, int], ...] = ()) -> None:
        """Every attribute the rules and the house-rule answers decide, and an empty table (for `__init__` and `load_fields`)."""
        rules, players = self.rules, self.players
        if players not in rules.deal:
            raise ValueError(f"the shedding game is for 3 to 7 players, not {players}")
        rules.validate()
        n = players
        self.each, k = rules.deal_for(n)
        self.hands = rules.hands_for(n)
        # Checked here too, so a state built directly (not through `new`) cannot hold an answer the game refuses.
        (extra, parted), order, penalty = touching(extra, parted), normalise_order(order), check_penalty(penalty)
        self.extra = extra
        self.parted = parted
        self.fits = adjacency_table(extra, parted)
        self.order = order
        self._order_data = order_to_data(order)
        self.penalty = penalty
        if order != STANDARD_ORDER:
            # The standard order keeps the plain method; any other is compiled once and bound here.
            self._tiers = _compile_order(order)
            self.destinations = self._ordered_destinations  # type: ignore[method-assign]
        self.nearest_only = rules.opponent_discards == "nearest_only"
        self.windows = rules.mistakes == "allowed"
        self.repetition = rules.repetition == "draw"
        self.turn_limit = rules.turn_limit
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.stocks: list[list[int]] = [[] for _ in range(n)]
        self._lay_out(k)
        self.others: list[tuple[int, ...]] = [row[:-1] for row in seats_from_left(n)]  # clockwise from each seat's left
        self.exposed = -1
        self.hand = 0
        self.first_dealer = 0
        self.dealer = 0
        self.mover = 0
        self.exposures = 0
        self.phase = "play"
        self.window: ChallengeWindow | None = None
        self.right: tuple[int, ...] = ()  # correct pile ids for the exposed (or disputed) card
        self.placed_pile = -1  # where the disputed card lies during a window
        self.placed_error = False
        self.under = -1  # the card the disputed card covers (visible while the window is open)
        self.wins = [0] * n
        self.stats = Tally(_STAT_KEYS)
        self.hand_exposures: list[int] = []
        self.won_exposures: list[int] = []
        self.seen: set = set()
        self._view: dict | None = None
        self._prompt = ""
        self._hidden: frozenset[Card] | None = None  # hidden_from's answer until the next move

    # -- set-up -----------------------------------------------------------
    def _lay_out(self, k: int) -> None:
        """Set `k` empty common piles and the pile ids and names (commons first, then each discard)."""
        self.k = k
        self.commons: list[list[int]] = [[] for _ in range(k)]
        self.targets: list[list[int]] = self.commons + self.discards  # pile id -> list (never rebound)
        self.names: list[str] = [f"common {j + 1}" for j in range(k)] + [f"discard {s}" for s in range(self.players)]
        self.pile_ids: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self._choices = _choice_table(self.players, k)
        self._decisions = _decision_table(self.players, k, self.order)
        self._prompts = _play_prompts(self.order)

    @property
    def house_rules(self) -> SheddingHouseRules:
        """What the house-rule plugins decided for this match (touching pairs, destination order, penalty)."""
        return SheddingHouseRules(self.extra, self.order, self.penalty, self.parted)

    @classmethod
    def new(cls, game: Game, rules: SheddingRules, players: int, seed: int) -> "SheddingState":
        house = _house_rules_of(game, rules, players)
        state = cls(game, rules, players, seed, house.adjacent, order=house.order, penalty=house.penalty, parted=house.parted)
        state.first_dealer = derive_rng(seed, "dealer").randrange(players)
        events: list[dict] = []
        state._deal(events)
        state.opening = events
        return state

    @classmethod
    def from_position(
        cls,
        game: Game,
        rules: SheddingRules | None = None,
        *,
        players: int,
        commons: Sequence[str | Sequence[str]],
        stocks: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] = (),
        discards: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] = (),
        mover: int = 0,
        exposed: str | None = None,
        extra: Iterable[Iterable[int]] | None = None,
        seed: int = 0,
        order: Sequence[str | Sequence[str]] | None = None,
        penalty: int | None = None,
        parted: Iterable[Iterable[int]] | None = None,
    ) -> "SheddingState":
        """A hand-made position (for tests and docs), with `mover`'s next card exposed.

        Piles are given as card codes, bottom first (a single code is a pile
        of one), stocks and discards per seat. `exposed` puts that card on
        top of the mover's stock first. Cards not named anywhere go under the
        first common pile, so the position still holds the whole pack. The
        number of common piles given replaces the deal table's for this
        position. The house-rule answers are those of the plugins in force
        (asked as `new` asks them) unless given: `extra` touching rank pairs,
        `order` of destinations, `penalty` cards per donor, `parted` pairs
        that no longer touch (as the hooks return them; `parted` is taken as
        none when `extra` is given without it). The mover's right-hand
        neighbour is the dealer.
        """
        rules = rules or SheddingRules()
        house = _house_rules_of(game, rules, players) if extra is None or order is None or penalty is None else None
        if parted is None:
            parted = house.parted if extra is None and house is not None else ()
        state = cls(
            game, rules, players, seed,
            house.adjacent if extra is None and house is not None else normalise_pairs(extra or ()),
            order=house.order if order is None and house is not None else normalise_order(order),
            penalty=house.penalty if penalty is None and house is not None else check_penalty(penalty),
            parted=normalise_pairs(parted),
        )
        k = len(commons)
        state._lay_out(k)
        layout = Layout()
        for j, spec in enumerate(commons):
            state.commons[j][:] = layout.take(spec)
        for s, pile in layout.by_seat(stocks).items():
            state.stocks[s][:] = pile
        for s, pile in layout.by_seat(discards).items():
            state.discards[s][:] = pile
        if exposed is not None:
            state.stocks[mover].extend(layout.take(exposed))
        rest = layout.rest()
        if k:
            state.commons[0][:0] = rest
        elif rest:
            raise ValueError("without common piles every card must be placed")
        state.mover = mover
        state.dealer = state.first_dealer = (mover - 1) % players
        events: list[dict] = []
        state._expose(events)
        state.opening = events
        return state

    def _deal(self, events: list[dict]) -> None:
        n, k, each = self.players, self.k, self.each
        self.dealer = dealer = (self.first_dealer + self.hand) % n
        deck = shuffled(range(52), derive_rng(self.seed, "deal", self.hand))
        for pile in self.targets:
            pile.clear()
        self.stocks = deal_round(deck, dealer=dealer, players=n, each=each)
        for j in range(k):
            self.commons[j].append(deck[n * each + j])
        self.exposed = -1
        self.exposures = 0
        self.seen.clear()
        self.mover = (dealer + 1) % n
        events.append(event(
            "deal", hand=self.hand, dealer=dealer, first=self.mover,
            commons=[CODES[p[-1]] for p in self.commons], stock_sizes=[len(s) for s in self.stocks],
            adjacent_extra=[list(p) for p in self.extra],
            destination_order=order_to_data(self.order), penalty_cards=self.penalty,
            # Only when a plugin parts a pair, so the records of every other match keep their bytes.
            **({"adjacent_parted": [list(p) for p in self.parted]} if self.parted else {}),
        ))
        events.append(event("stocks", hand=self.hand, stocks=[[CODES[c] for c in s] for s in self.stocks], to=[]))
        self._expose(events)

    # -- the rules ------------------------------------------------------
    def destinations(self, card: int, mover: int) -> tuple[int, ...]:
        """Correct pile ids for `card` exposed by `mover` in the current position."""
        fits = self.fits[card]
        # A plain loop, not tuple(generator): asked at every exposure, and a fitting common is rare.
        found: tuple[int, ...] = ()
        j = 0
        for pile in self.commons:
            if pile and fits[pile[-1]]:
                found += (j,)
            j += 1
        if found:
            return found
        discards = self.discards
        for seat in self.others[mover]:
            pile = discards[seat]
            if pile:
                if fits[pile[-1]]:
                    return (self.k + seat,)
                if self.nearest_only:
                    break
        return (self.k + mover,)

    def _ordered_destinations(self, card: int, mover: int) -> tuple[int, ...]:
        """`destinations` under a house-rule order: the first tier with a fitting pile, else one's own discard."""
        fits = self.fits[card]
        k = self.k
        for tier in self._tiers:
            found: list[int] = []
            for kind in tier:
                if kind == _COMMON:
                    found.extend(j for j, pile in enumerate(self.commons) if pile and fits[pile[-1]])
                elif kind == _OPPONENT:
                    seat = self._fitting_opponent(fits, mover)
                    if seat >= 0:
                        found.append(k + seat)
                else:
                    own = self.discards[mover]
                    if own and fits[own[-1]]:
                        found.append(k + mover)
            if found:
                return tuple(sorted(found))
        return (k + mover,)

    def _fitting_opponent(self, fits: Sequence[bool], mover: int) -> int:
        """The first opponent clockwise whose non-empty discard top fits (nearest non-empty only, as the rules say), or -1."""
        discards = self.discards
        for seat in self.others[mover]:
            pile = discards[seat]
            if pile:
                if fits[pile[-1]]:
                    return seat
                if self.nearest_only:
                    break
        return -1

    def _expose(self, events: list[dict]) -> None:
        """The mover's turn comes: draw at the limit or a repetition, else recycle if needed and expose."""
        m = self.mover
        if self.exposures >= self.turn_limit:
            self._draw("turn_limit", events)
            return
        stock = self.stocks[m]
        if not stock and self.repetition:
            # Positions are compared when a discard must be turned over: every cycle passes through
            # such a turn (a stock only refills that way), and checking only there keeps it cheap.
            stocks, discards = list(map(tuple, self.stocks)), list(map(tuple, self.discards))
            stocks[m], discards[m] = discards[m][::-1], ()
            key = (m, tuple(stocks), tuple(discards))
            if key in self.seen:
                self._draw("repetition", events)
                return
            self.seen.add(key)
        if not stock:
            discard = self.discards[m]
            if not discard:  # a player without cards has already won; never reached
                raise AssertionError(f"seat {m} has no cards to expose")
            self._recycle(m, "expose", events)
        card = stock.pop()
        self.exposed = card
        self.exposures += 1
        self.right = self.destinations(card, m)
        self.phase = "play"
        if self.events_wanted:
            events.append({"type": "expose", "seat": m, "card": CODES[card], "n": self.exposures})

    def _recycle(self, seat: int, reason: str, events: list[dict]) -> None:
        stock, discard = self.stocks[seat], self.discards[seat]
        stock.extend(reversed(discard))  # turned over: the old bottom card is now on top
        count = len(discard)
        discard.clear()
        self.stats["recycles"] += 1
        if self.events_wanted:
            events.append(event("recycle", seat=seat, count=count, reason=reason))

    def _decide_play(self) -> Decision:
        m, card, right = self.mover, self.exposed, self.right
        # Decisions are immutable and a situation (mover, card, correct piles) recurs
        # constantly, so each is built once per table shape and shared.
        known = self._decisions[m][card]
        found = known.get(right)
        if found is None:
            choices = self._choices[m][card]
            if choices is None:
                choices = self._choices[m][card] = self._build_choices(m, card)
            correct = tuple(choices[p] for p in right)
            found = known[right] = WordedDecision(m, "play", choices, correct, self._prompts[card])
        return found

    def _decide_respond(self) -> Decision:
        seat = self.window.current
        # The placement is judged at a glance against the pile tops, so the window flows (waits stays False).
        prompt = self._make_prompt(seat) if self.placed_pile == self.k + seat else (self._prompt or self._make_prompt())
        return WordedDecision(seat, "respond", RESPONSES, CALL if self.placed_error else STAND, prompt, True, standing=PASS)

    def _decide_correct(self) -> Decision:
        card = DECK[self.exposed]
        options = tuple(Correct(card, self.names[p], p) for p in self.right)
        commons = self.right[-1] < self.k
        where = "fitting common piles" if commons else "fitting piles"
        prompt = worded(f"Muggins! Move {card} to one of the {where}", _correct_words, self.exposed, commons)
        return WordedDecision(self.mover, "correct", options, options, prompt)

    def settle_window(self) -> list[tuple[int, Action, list[dict]]]:
        """Every remaining responder lets the placement stand: the window closes and the turn ends.

        Equivalent to passing one by one: a pass changes nothing visible until
        the last one, whose events are the end of the turn.
        """
        remaining = self.window.stand_all()
        self._forget_decision()
        self._hidden = None
        self._view = None
        self.window = None
        events: list[dict] = []
        self._end_turn(events)
        answers: list[tuple[int, Action, list[dict]]] = [(seat, PASS, []) for seat in remaining]
        answers[-1] = (remaining[-1], PASS, events)
        return answers

    def play_forced(self, budget: float) -> int:
        """Every placement with a single correct pile and the unclaimable window after it, at once (see `State.play_forced`).

        A correct placement's window is unclaimable, so it is counted (one
        decision per responder) without being opened: the state is left as
        `settle_window` leaves it. Stops at a choice among several fitting
        commons, at a window a call could win, and at the end of the match.
        """
        taken = 0
        others, targets, windows, k = self.others, self.targets, self.windows, self.k
        events: list[dict] = []  # only the events built whether wanted or not (a deal, a win): nobody reads them
        while True:
            phase = self.phase
            if phase == "play":
                right = self.right
                if len(right) != 1:
                    break
                m = self.mover
                cost = 1 + len(others[m]) if windows else 1
                if taken + cost > budget:
                    break
                # _on_play of the one correct pile, then settle_window of its window, written out together.
                pile_id = right[0]
                self._cached_decision = None
                self._hidden = self._view = None
                target = targets[pile_id]
                self.under = target[-1] if target else -1
                target.append(self.exposed)
                self.exposed = -1
                if pile_id < k:
                    self.seen.clear()
                if windows:
                    self.placed_pile = pile_id
                    self.placed_error = False
                    self._prompt = ""
                    self.window = None
                taken += cost
                self._end_turn(events)
            elif phase == "respond":
                window = self.window
                if window.claimable is not False or taken + len(window.responders) - window.position > budget:
                    break
                taken += len(self.settle_window())
            else:
                break
            if len(events) > 32:
                events.clear()
        self._cached_decision = None
        return taken

    def _build_choices(self, m: int, card: int) -> tuple[Place, ...]:
        c, k = DECK[card], self.k
        out = [Place(c, self.names[j], j, f"common pile {j + 1}") for j in range(k)]
        for s in range(self.players):
            out.append(Place(c, self.names[k + s], k + s, "your own discard" if s == m else f"seat {s}'s discard"))
        return tuple(out)

    def _make_prompt(self, owner: int | None = None) -> Worded:
        """The window's move in the narration's words; `owner`: for the responder whose discard took the card (`your discard`).

        The wording every other responder reads is kept for the rest of the window.
        """
        under = _ON[self.under] if self.under >= 0 else " (empty)"
        pile, k = self.placed_pile, self.k
        if pile < k:
            where = f"common pile {pile + 1}"
        elif pile - k == self.mover:
            where = "their own discard"
        elif owner is not None:
            where = "your discard"
        else:
            where = f"seat {pile - k}'s discard"
        card = self.targets[pile][-1]
        prompt = worded(f"seat {self.mover} put {TEXTS[card]} on {where}{under}", _window_words,
                         self.mover, card, pile, k, self.under, owner is not None)
        if owner is None:
            self._prompt = prompt
        return prompt

    def _on_respond(self, action: Action, events: list[dict]) -> None:
        self._hidden = None
        window = self.window
        if action is PASS or isinstance(action, Pass):
            if not window.passed():
                return  # nothing visible changed: the cached view stays
            self._view = None
            self.window = None
            self._end_turn(events)
            return
        self._view = None
        self._call(window, events)

    def _on_correct(self, action: Action, events: list[dict]) -> None:
        self._hidden = self._view = None
        self._correct(action.index, events)

    def _on_play(self, action: Action, events: list[dict]) -> None:
        self._hidden = self._view = None
        pile_id = action.index
        m, card = self.mover, self.exposed
        target = self.targets[pile_id]
        self.under = target[-1] if target else -1
        target.append(card)
        self.exposed = -1
        if self.events_wanted:
            events.append({"type": "place", "seat": m, "card": CODES[card], "pile": self.names[pile_id],
                           "on": CODES[self.under] if self.under >= 0 else None})
        error = pile_id not in self.right
        if error:
            self.stats["errors"] += 1
        if pile_id < self.k:
            self.seen.clear()
        if self.windows:
            self.placed_pile = pile_id
            self.placed_error = error
            self.window = ChallengeWindow(m, self.others[m], claimable=error)
            self._prompt = ""
            self.phase = "respond"
        else:
            self._end_turn(events)

    def _call(self, window: ChallengeWindow, events: list[dict]) -> None:
        caller = window.current
        upheld = self.placed_error
        window.claimed("muggins", upheld)
        self.stats["calls"] += 1
        card = self.targets[self.placed_pile][-1]
        events.append({"type": "call", "seat": caller, "against": self.mover, "card": CODES[card],
                       "pile": self.names[self.placed_pile], "upheld": upheld,
                       "correct": [self.names[p] for p in self.right]})
        if not upheld:
            if window.closed:
                self.window = None
                self._end_turn(events)
            return
        self.stats["calls_upheld"] += 1
        self.window = None
        self.exposed = self.targets[self.placed_pile].pop()  # the card is taken back up to be corrected
        if len(self.right) > 1:
            self.phase = "correct"  # the offender chooses among the fitting commons
        else:
            self._correct(self.right[0], events)

    def _correct(self, pile_id: int, events: list[dict]) -> None:
        offender, card = self.mover, self.exposed
        target = self.targets[pile_id]
        on = target[-1] if target else -1
        target.append(card)
        self.exposed = -1
        if pile_id < self.k:
            self.seen.clear()
        events.append({"type": "correction", "seat": offender, "card": CODES[card], "from_pile": self.names[self.placed_pile],
                       "pile": self.names[pile_id], "on": CODES[on] if on >= 0 else None})
        # Penalty: each other player clockwise from the offender's left gives `penalty` cards in turn,
        # each card under the previous one.
        stocks, discards = self.stocks, self.discards
        receiving = stocks[offender]
        emptied = -1
        count = self.penalty
        for donor in self.others[offender] if count else ():
            stock = stocks[donor]
            for given_so_far in range(count):
                if not stock:
                    if not discards[donor]:
                        if not given_so_far:
                            events.append({"type": "penalty", "donor": donor, "seat": offender, "card": None})
                        break
                    self._recycle(donor, "penalty", events)
                given = stock.pop()
                receiving.insert(0, given)
                self.stats["penalties"] += 1
                # The penalty card passes openly (the seed's example names each one), hence "reveals".
                code = CODES[given]
                events.append({"type": "penalty", "donor": donor, "seat": offender, "card": code, "reveals": [code]})
                if emptied < 0 and not stock and not discards[donor]:
                    emptied = donor
        if emptied >= 0:
            self._win(emptied, "gave_last_card", events)
        else:
            self._end_turn(events)

    def _end_turn(self, events: list[dict]) -> None:
        m = self.mover
        if not self.stocks[m] and not self.discards[m]:
            self._win(m, "shed", events)
            return
        self.mover = m + 1 if m + 1 < self.players else 0
        self._expose(events)

    def _win(self, seat: int, how: str, events: list[dict]) -> None:
        self.wins[seat] += 1
        self.hand_exposures.append(self.exposures)
        self.won_exposures.append(self.exposures)
        events.append(event("win", seat=seat, hand=self.hand, how=how, exposures=self.exposures, wins=list(self.wins)))
        self._next_hand(events)

    def _draw(self, reason: str, events: list[dict]) -> None:
        self.stats["hands_drawn"] += 1
        self.stats["hands_drawn_" + reason] += 1
        self.hand_exposures.append(self.exposures)
        events.append(event("draw", hand=self.hand, reason=reason, exposures=self.exposures, wins=list(self.wins)))
        self._next_hand(events)

    def _next_hand(self, events: list[dict]) -> None:
        self.hand += 1
        self.window = None
        self.exposed = -1
        if self.hand >= self.hands:
            self.phase = "over"
            result = self.result()
            events.append(event("match_end", wins=list(self.wins), winners=list(result.winners)))
            return
        self._deal(events)

    # -- what players see -------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """The public table (the same for every seat: nobody sees any stock, not even their own).

        The returned dict is shared until the next visible change; treat it as read-only.
        """
        found = self._view
        if found is None:
            found = self._view = self._build_view()
        return found

    def _build_view(self) -> dict[str, Any]:
        last = None
        if self.phase == "respond":
            last = {"seat": self.mover, "card": CODES[self.targets[self.placed_pile][-1]], "pile": self.names[self.placed_pile],
                    "under": CODES[self.under] if self.under >= 0 else None}
        view = {
            "players": self.players,
            "hand": self.hand,
            "hands": self.hands,
            "dealer": self.dealer,
            "mover": self.mover,
            "phase": self.phase,
            "exposed": CODES[self.exposed] if self.exposed >= 0 else None,
            "commons": [CODES[p[-1]] if p else None for p in self.commons],
            "common_sizes": [len(p) for p in self.commons],
            "discards": [CODES[p[-1]] if p else None for p in self.discards],
            "discard_sizes": [len(p) for p in self.discards],
            "stock_sizes": [len(p) for p in self.stocks],
            "exposures": self.exposures,
            "turn_limit": self.turn_limit,
            "wins": list(self.wins),
            "adjacent_extra": [list(p) for p in self.extra],
            "destination_order": self._order_data,
            "penalty_cards": self.penalty,
            "last": last,
        }
        if self.parted:  # only when a plugin parts a pair, so every other view (and record) is as it was
            view["adjacent_parted"] = [list(p) for p in self.parted]
        return view

    def hidden_from(self, seat: int | None) -> frozenset[Card]:
        """Every stock card (face down, for everyone) and every covered card of a discard or common,
        except the card just covered by a placement under dispute (all saw it a moment ago).

        The same for every seat, so it is worked out once per position (checks ask for each seat).
        """
        if self._hidden is not None:
            return self._hidden
        hidden = {c for stock in self.stocks for c in stock}
        for pile in self.targets:
            hidden.update(pile[:-1])
        if self.phase == "respond" and self.under >= 0:
            hidden.discard(self.under)
        found = self._hidden = frozenset(DECK[c] for c in hidden)
        return found

    def piles(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for s in range(self.players):
            out[f"stock {s}"] = [DECK[c] for c in self.stocks[s]]
        for name, pile in zip(self.names, self.targets):
            out[name] = [DECK[c] for c in pile]
        out["exposed"] = [DECK[self.exposed]] if self.exposed >= 0 else []
        return out

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        best = max(self.wins)
        winners = tuple(s for s, w in enumerate(self.wins) if w == best) if best > 0 else ()
        stats: dict[str, Any] = {"hands": self.hands, **self.stats,
                                 "exposures": list(self.hand_exposures), "exposures_won": list(self.won_exposures)}
        for s, w in enumerate(self.wins):
            stats[f"hands_won_seat_{s}"] = w
        return Result(winners, tuple(self.wins), stats, self.stats["hands_drawn_turn_limit"] > 0)

    # -- copies for search -----------------------------------------------
    def clone(self) -> "SheddingState":
        """A direct copy (no round trip through plain data): the piles, the window and the counters copied, the tables shared."""
        new = self.shallow_copy()
        new.stocks = [list(p) for p in self.stocks]
        new.commons = [list(p) for p in self.commons]
        new.discards = [list(p) for p in self.discards]
        new.targets = new.commons + new.discards  # pile id -> list, the same lists as commons and discards
        new.window = None if self.window is None else self.window.copy()
        new.wins = list(self.wins)
        new.stats = self.stats.copy()
        new.hand_exposures = list(self.hand_exposures)
        new.won_exposures = list(self.won_exposures)
        new.seen = set(self.seen)
        if "destinations" in self.__dict__:  # a house-rule order's method, bound to this state
            new.destinations = new._ordered_destinations
        new._view = None
        return new

    def determinize(self, seat: int, rng: Any) -> "SheddingState":
        """The cards hidden from every seat dealt afresh among the places they lie, the seed replaced; see `State.determinize`.

        The places: every stock card and every covered card of a discard or
        common (but the card a disputed placement covers). The "forgetful" kind:
        only what `seat` sees now is kept. Every seat saw the covered cards being
        placed, and a discard comes back as its owner's stock in that order, so
        a searcher that remembered them would know more; this one does not. The
        positions kept for the repetition rule name hidden cards, so they are
        dropped: a determinized world counts repetitions from its own start.
        """
        new = self.clone()
        under = new.under if new.phase == "respond" else -1
        slots: list[tuple[list, int]] = [(stock, i) for stock in new.stocks for i in range(len(stock))]
        for pile in new.targets:
            slots.extend((pile, i) for i in range(len(pile) - 1) if pile[i] != under)
        redeal(slots, rng)
        new.seen.clear()
        new.seed = rng.getrandbits(63)
        new.opening = []  # the real first deal: no part of an imagined world
        new._hidden = None
        return new

    # -- plain data -----------------------------------------------------
    def save_fields(self) -> dict[str, Any]:
        """Everything but rules, players and seed (the base `to_dict` adds those), the house-rule answers included."""
        return {
            "extra": [list(p) for p in self.extra],
            "order": order_to_data(self.order),
            "penalty": self.penalty,
            **({"parted": [list(p) for p in self.parted]} if self.parted else {}),
            "k": self.k,
            "hand": self.hand,
            "first_dealer": self.first_dealer,
            "dealer": self.dealer,
            "mover": self.mover,
            "phase": self.phase,
            "exposures": self.exposures,
            "exposed": CODES[self.exposed] if self.exposed >= 0 else None,
            "stocks": [[CODES[c] for c in p] for p in self.stocks],
            "discards": [[CODES[c] for c in p] for p in self.discards],
            "commons": [[CODES[c] for c in p] for p in self.commons],
            "window": None if self.window is None else self.window.to_dict(),
            "right": [self.names[p] for p in self.right],
            "placed_pile": self.names[self.placed_pile] if self.placed_pile >= 0 else None,
            "placed_error": self.placed_error,
            "under": CODES[self.under] if self.under >= 0 else None,
            "wins": list(self.wins),
            **self.stats.to_dict(),  # "stats"
            "hand_exposures": list(self.hand_exposures),
            "won_exposures": list(self.won_exposures),
            "seen": sorted([m, [[CODES[c] for c in p] for p in st], [[CODES[c] for c in p] for p in ds]] for m, st, ds in self.seen),
        }

    def load_fields(self, data: Mapping[str, Any]) -> None:
        """Restore what `save_fields` stored, without asking the plugins again (a state saved before the
        destination order and penalty were kept has the standard ones)."""
        house = from_mapping(data)
        self._set_up(house.adjacent, house.order, house.penalty, house.parted)
        k = data["k"]
        if k != self.k:  # a hand-made position with its own number of commons
            self._lay_out(k)
        for mine, saved in ((self.stocks, data["stocks"]), (self.discards, data["discards"]), (self.commons, data["commons"])):
            for pile, codes in zip(mine, saved):
                pile[:] = [CODE_INDEX[c] for c in codes]
        self.hand, self.first_dealer, self.dealer = data["hand"], data["first_dealer"], data["dealer"]
        self.mover, self.phase, self.exposures = data["mover"], data["phase"], data["exposures"]
        self.exposed = CODE_INDEX[data["exposed"]] if data["exposed"] is not None else -1
        self.window = None if data["window"] is None else ChallengeWindow.from_dict(data["window"])
        self.right = tuple(self.pile_ids[p] for p in data["right"])
        self.placed_pile = self.pile_ids[data["placed_pile"]] if data["placed_pile"] is not None else -1
        self.placed_error = data["placed_error"]
        self.under = CODE_INDEX[data["under"]] if data["under"] is not None else -1
        self.wins = list(data["wins"])
        self.stats = Tally.from_dict(data)
        self.hand_exposures = list(data["hand_exposures"])
        self.won_exposures = list(data["won_exposures"])
        self.seen = {(m, tuple(tuple(CODE_INDEX[c] for c in p) for p in st), tuple(tuple(CODE_INDEX[c] for c in p) for p in ds))
                      for m, st, ds in data["seen"]}


_ON: tuple[str, ...] = tuple(f" (on {c})" for c in DECK)
_CHOICE_TABLES: dict[tuple[int, int], list[list[tuple[Place, ...] | None]]] = {}


def _choice_table(players: int, k: int) -> list[list[tuple[Place, ...] | None]]:
    """Per (players, commons): [mover][card] -> the cached tuple of Place choices (filled lazily).

    Actions are immutable, so every match with the same table shape shares them."""
    table = _CHOICE_TABLES.get((players, k))
    if table is None:
        table = _CHOICE_TABLES[(players, k)] = [[None] * 52 for _ in range(players)]
    return table


_DECISION_TABLES: dict[tuple, list[list[dict]]] = {}


def _decision_table(players: int, k: int, order: tuple[tuple[str, ...], ...] = STANDARD_ORDER) -> list[list[dict]]:
    """Per (players, commons, destination order): [mover][card] -> {correct pile ids: the play Decision} (filled lazily).

    The order is part of the key because the decision's prompt states it."""
    key = (players, k) if order == STANDARD_ORDER else (players, k, order)
    table = _DECISION_TABLES.get(key)
    if table is None:
        table = _DECISION_TABLES[key] = [[{} for _ in range(52)] for _ in range(players)]
    return table


def _card_text(index: int) -> str:
    """A card as the reader names it: `10♥`, `J♠` (in French `V♠`, valet; `D` dame, `R` roi), as the narration names it."""
    rank = RANK[index]
    if 2 <= rank <= 10:
        return TEXTS[index]
    return rank_word(rank) + TEXTS[index][-1]


def _pile_label(pile: str, name: str) -> str:
    """A placement's pile in the reader's words; a name other than the three `_build_choices` gives is shown as given."""
    if not name:
        return pile
    kind, _space, number = pile.partition(" ")
    if kind == "common" and name == f"common pile {number}":
        return _("common pile {number}").format(number=number)
    if kind == "discard":
        if name == "your own discard":
            return _("your own discard")
        if name == f"seat {number}'s discard":
            return _("seat {seat}'s discard").format(seat=number)
    return name


def _play_words(card: int, order: tuple[tuple[str, ...], ...]) -> str:
    """The play decision's prompt in the reader's language (`_PROMPTS`' English, or the house-rule order's)."""
    if order == STANDARD_ORDER:
        return _("Place {card} (commons first; else the first fitting opponent discard clockwise; else your own)").format(card=_card_text(card))
    return _("Place {card} (house rule: {rule})").format(card=_card_text(card), rule=order_text(order))


def _correct_words(card: int, commons: bool) -> str:
    """The correction's prompt in the reader's language."""
    if commons:
        return _("Muggins! Move {card} to one of the fitting common piles").format(card=_card_text(card))
    return _("Muggins! Move {card} to one of the fitting piles").format(card=_card_text(card))


def _window_words(mover: int, card: int, pile: int, k: int, under: int, owner: bool) -> str:
    """The window's header in the reader's language, worded as the narration words the placement (so a terminal says it once)."""
    if pile < k:
        where = _("common pile {number}").format(number=pile + 1)
    elif pile - k == mover:
        where = _("their own discard")
    elif owner:
        where = _("your discard")
    else:
        where = _("seat {seat}'s discard").format(seat=pile - k)
    on = _("on {card}").format(card=_card_text(under)) if under >= 0 else _("empty")
    return _("seat {seat} put {card} on {pile} ({on})").format(seat=mover, card=_card_text(card), pile=where, on=on)


_PROMPTS: tuple[Worded, ...] = tuple(
    worded(f"Place {c} (commons first; else the first fitting opponent discard clockwise; else your own)", _play_words, i, STANDARD_ORDER)
    for i, c in enumerate(DECK))


def _play_prompts(order: tuple[tuple[str, ...], ...]) -> tuple[Worded, ...]:
    """The play decision's prompt for each card: the standard one, or one stating the house-rule order."""
    if order == STANDARD_ORDER:
        return _PROMPTS
    rule = order_words(order)
    return tuple(worded(f"Place {c} (house rule: {rule})", _play_words, i, order) for i, c in enumerate(DECK))


_COMMON, _OPPONENT, _OWN = 0, 1, 2
_KIND_CODES = {"common": _COMMON, "opponent": _OPPONENT, "own": _OWN}


def _compile_order(order: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The order's tiers as kind codes, for `_ordered_destinations`."""
    return tuple(tuple(_KIND_CODES[kind] for kind in tier) for tier in order)


def _house_rules_of(game: Game, rules: SheddingRules, players: int) -> SheddingHouseRules:
    """The house-rule answers for a new match: the game's (`SheddingGame.house_rules`), or the standard game's
    for a `Game` that publishes no hooks (a test double)."""
    ask = getattr(game, "house_rules", None)
    if ask is not None:
        return ask(rules, players)
    if hasattr(game, "adjacent_pairs"):
        return SheddingHouseRules(normalise_pairs(game.adjacent_pairs(rules, players)))
    return SheddingHouseRules()
