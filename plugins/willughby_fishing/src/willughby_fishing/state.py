"""The Willughby fishing game's state machine: one whole match of `deals` deals.

This module owns the rules as code. A `FishingState` cuts for the first
dealer (lowest card, ace low, ties re-cut), takes the antes, deals eight
cards each one at a time from the dealer's left and lays the other twelve
face up as the field; lets the dealer take a four of the layout and each
player, from the dealer's left, claim the threes and fours in hand; runs the
turns (a capture of one, three or two table cards, or lying the whole hand
down when nothing can be captured); opens a claim window after the layout,
after every capture of a single table card and after every lie-down, in
which the others, from the left of the player concerned, may claim a
forgotten four, the pair left when only one of three table cards was taken,
the sets of a laid-down hand, or (the holder alone) the other pair of a rank
just captured; stops the hand when at most one player holds cards, pays the
reward, sweeps the rest into the dealer's collection and settles every
collection through the pot. The antes, the reward, the settlement tariff and
the kinds of claim a window may take are the match's `FishingTerms`
(willughby_fishing.terms: the standard 3 and 2, 5 chips, a chip per pair
over or short of eight cards, every claim), asked of the house-rule plugins
once when the match is created and kept in the state. Cards are ints 0..51
(`muggins.deck`'s index into the standard pack: suit i // 13, rank i % 13 + 1).
What a player reads of a decision (its prompt, its choices' labels) is
worded when it is read, in the language in force then, never when the
decision is made: decisions are cached and a server words one decision for
players of several languages. Action texts (`claim`, `claim Q`, `lie
down`, `play QH take QS`: what records hold and what is matched at the
prompt) stay English codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from muggins import Action, Card, ChallengeWindow, Claim, Decision, Game, Pass, Result, derive_rng
from muggins.actions import Move
from muggins.deck import CODE_INDEX, CODES, DECK, SORT_KEY, TEXTS, Layout, deal_round, redeal, shuffled
from muggins.deck import cut_for_dealer as _cut_by_index
from muggins.game import PhasedState
from muggins.i18n import DEFAULT_LANGUAGE, N_, current_language, translator
from muggins.seats import seats_from_left
from muggins.stats import Tally
from muggins.wording import Worded, WordedDecision, rank_word, worded

from .rules import FIELD_SIZE, HAND_SIZE, PLAYERS, FishingRules
from .terms import STANDARD_TERMS, FishingTerms, house_rules

__all__ = [
    "FishingState", "Capture", "DECK", "CODES", "CODE_INDEX", "RANK_LABEL", "rank_of",
    "cut_for_dealer", "settlement", "capture_options", "PASS", "CLAIM", "LIE_DOWN", "DONE",
]

# DECK, CODES, CODE_INDEX and SORT_KEY (by rank, then suit) are muggins.deck's, re-exported under this module's names.
TEXT: tuple[str, ...] = TEXTS
RANK_LABEL: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The game's catalogue, as game.py has it (one translator per domain).
_translator = translator("willughby_fishing", package_file=__file__)
_, pgettext = _translator.gettext, _translator.pgettext

#: for each seat, all five clockwise from its left, itself last: the turn's order, and a window's (the actor last)
_SEATS_FROM_LEFT: tuple[tuple[int, ...], ...] = seats_from_left(PLAYERS)


def rank_of(card: int) -> int:
    """Rank 1 (ace) .. 13 (king) of card index `card`."""
    return card % 13 + 1


def _english() -> bool:
    return current_language() == DEFAULT_LANGUAGE


def _rank_word(rank: int) -> str:
    """A rank as the reader names it: `10`, `J` (in French `V`, valet; `D` dame, `R` roi), as the narration names it."""
    return rank_word(rank)


def _card_word(card: int) -> str:
    """A card as the reader names it: `10♥`, `J♠` (in French `V♠`)."""
    return _rank_word(rank_of(card)) + TEXT[card][-1]


def _let_it_be_words() -> str:
    return pgettext("answer", "let it be")


def _claim_window_words() -> str:
    return pgettext("answer", "claim (take what was forgotten, or lay your other pair)")


def _lie_down_choice_words() -> str:
    return pgettext("answer", "lie down, laying your whole hand face up on the table")


def _done_words() -> str:
    return pgettext("answer", "no (more) claims")


def _typed_words_marked() -> tuple[str, ...]:
    """Never called: marks for the catalogue the keys and words a player types for the actions, in the contexts
    `muggins.actions.keys_in` and `typed_in` read them (`c = claim` is `r = réclamer` in French)."""
    # Translators: "action key" is a key that picks an action (one letter, none of t, p or ?, each its own in a window);
    # "action word" is what a player types for it (a claim of a rank: the word, then the rank as the cards name it).
    return (pgettext("action key", "c"), pgettext("action key", "d"), pgettext("action word", "claim"),
            pgettext("action word", "pass"), pgettext("action word", "done"), pgettext("action word", "lie down"),
            pgettext("action word", "claim A"), pgettext("action word", "claim J"), pgettext("action word", "claim Q"),
            pgettext("action word", "claim K"))


# Labelled in the reader's language when read (muggins.i18n.worded); texts, keys and equality are the core actions' own.
PASS = Pass(label=worded("let it be", _let_it_be_words), keys=("", "p"))
CLAIM = Claim("claim", label=worded("claim (take what was forgotten, or lay your other pair)", _claim_window_words), keys=("c",))
RESPONSES: tuple[Action, ...] = (PASS, CLAIM)
STAND: tuple[Action, ...] = (PASS,)
CALL: tuple[Action, ...] = (CLAIM,)
LIE_DOWN = Move("lie down", label=worded("lie down, laying your whole hand face up on the table", _lie_down_choice_words))
DONE = Move("done", label=worded("no (more) claims", _done_words), keys=("", "d"))


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """Play `played` (one card, or a pair) to take `taken` table cards of the same rank."""

    played: tuple[int, ...]
    taken: tuple[int, ...]

    def __str__(self) -> str:
        return f"play {' '.join(CODES[c] for c in self.played)} take {' '.join(CODES[c] for c in self.taken)}"

    @property
    def label(self) -> str:
        if _english():
            return f"{' '.join(TEXT[c] for c in self.played)} takes {' '.join(TEXT[c] for c in self.taken)}"
        return _("{played} takes {taken}").format(played=" ".join(map(_card_word, self.played)),
                                                  taken=" ".join(map(_card_word, self.taken)))

    @property
    def rank(self) -> int:
        return self.played[0] % 13 + 1


def cut_for_dealer(seed: int, players: int = PLAYERS) -> tuple[int, list[list[list[Any]]]]:
    """The first dealer by the cut: each contender cuts a card, lowest rank deals (ace low), ties re-cut.

    Returns the dealer and the rounds of the cut, each a list of [seat, card code].
    """
    dealer, rounds = _cut_by_index(derive_rng(seed, "cut"), range(players))
    return dealer, [[[seat, CODES[c]] for seat, c in cut] for cut in rounds]


def settlement(sizes: Sequence[int], terms: FishingTerms = STANDARD_TERMS) -> list[int]:
    """Chips each collection receives (+) or pays (-) by the terms' tariff (standard: one per pair over or short of eight cards)."""
    return terms.settlement(sizes)


def capture_options(hand: Sequence[int], field: Sequence[int]) -> tuple[list[Capture], list[Capture]]:
    """(every physical capture, the correct ones) for `hand` against the `field`.

    One card takes one table card of its rank; when the other three of its
    rank are all on the table the correct capture takes all three (taking
    only one of them is the mistake that leaves a claimable pair); a pair in
    hand may also take the matching table pair. Ordered by rank, then suit.
    """
    options, correct, _ranks = _captures(hand, field)
    return options, correct


def _captures(hand: Sequence[int], field: Sequence[int]) -> tuple[list[Capture], list[Capture], int]:
    """`capture_options`, and how many ranks the captures are of (each rank has correct ones): a turn asks it, to know whether to count the unseen."""
    on_table: dict[int, list[int]] = {}
    for c in field:
        r = c % 13
        group = on_table.get(r)
        if group is None:
            on_table[r] = [c]
        else:
            group.append(c)
    # Only the hand's ranks that are on the table matter: most of a hand usually captures nothing.
    mine: dict[int, list[int]] = {}
    for c in hand:
        r = c % 13
        if r in on_table:
            group = mine.get(r)
            if group is None:
                mine[r] = [c]
            else:
                group.append(c)
    options: list[Capture] = []
    correct: list[Capture] = []
    if not mine:
        return options, correct, 0
    singles = _SINGLES
    for r in sorted(mine) if len(mine) > 1 else mine:
        table = on_table[r]
        held = mine[r]
        # Usually in order already (hands and table are kept so); cards of one rank are in place order by number.
        if len(table) > 1:
            table.sort()
        if len(held) > 1:
            held.sort()
        if len(table) == 3:
            full = Capture((held[0],), tuple(table))
            options.append(full)
            correct.append(full)
            p = held[0] * 52
            options.extend(singles[p + t] or _single(held[0], t) for t in table)
            continue
        for p in held:
            row = p * 52
            for t in table:
                single = singles[row + t] or _single(p, t)
                options.append(single)
                correct.append(single)
        if len(table) == 2 and len(held) == 2:
            pair = Capture(tuple(held), tuple(table))
            options.append(pair)
            correct.append(pair)
    return options, correct, len(mine)


#: One card taking one, by played * 52 + taken, made on first use: captures are immutable and recur
#: at every turn, so each decision shares them instead of building its own.
_SINGLES: list["Capture | None"] = [None] * (52 * 52)


def _single(played: int, taken: int) -> "Capture":
    found = _SINGLES[played * 52 + taken] = Capture((played,), (taken,))
    return found


#: by played * 52 + taken, for two cards of one rank: the rank's other two, in order (a capture of one leaves them)
_OTHER_TWO: dict[int, tuple[int, ...]] = {
    p * 52 + t: tuple(c for c in range(p % 13, 52, 13) if c not in (p, t))
    for p in range(52) for t in range(p % 13, 52, 13) if t != p
}
_CODE_ORDER: dict[str, int] = {CODES[i]: SORT_KEY[i] for i in range(52)}
_by_place = SORT_KEY.__getitem__


def _codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in sorted(cards, key=_by_place)]


def _sets(cards: Iterable[int]) -> list[tuple[int, list[int]]]:
    """(rank, the cards that go to the collection) for each three or four among `cards`.

    A three gives its lowest two cards by suit (suits never matter; the third stays), a four all four.
    """
    # Counted first: asked of every hand and the layout at each deal, and most hold no set at all.
    cards = cards if isinstance(cards, (list, tuple)) else list(cards)
    counts = [0] * 13
    for c in cards:
        counts[c % 13] += 1
    found: list[tuple[int, list[int]]] = []
    if max(counts) < 3:
        return found
    for r in range(13):
        count = counts[r]
        if count >= 3:
            group = sorted([c for c in cards if c % 13 == r])  # one rank's cards: in place order by number
            found.append((r + 1, group if count == 4 else group[:2]))
    return found


_STAT_KEYS = (
    "captures", "captures_of_four", "lie_downs", "incomplete_captures",
    "hand_claims", "hand_claims_forgotten", "field_fours", "field_fours_forgotten",
    "other_pairs_laid", "other_pairs_forgotten", "oversights", "oversights_claimed", "oversights_missed",
    "claims_refused", "windows", "stops_one_holder", "stops_no_holder",
)
_SEAT_STAT_KEYS = ("rewards", "claims_made", "claims_missed", "claims_forgotten", "claims_refused")


class FishingState(PhasedState):
    """One match. Phases: `field_claim` (the dealer may take fours of the layout), `hand_claim`
    (each player from the dealer's left claims threes and fours in hand), `turn`, `window`, `over`."""

    rules: FishingRules
    window_phase = "window"
    #: set by `play_forced` for the one decision after it: the decisions the limit leaves (0: count nothing)
    _room: float = 0
    #: the answers of windows counted without opening them, for the next `play_forced` to return
    _quiet_answers = 0

    def __init__(self, game: Game, rules: FishingRules, players: int, seed: int) -> None:
        super().__init__(game, rules, players, seed)
        self._setup_fields()

    def _setup_fields(self) -> None:
        if self.players != PLAYERS:
            raise ValueError(f"the Willughby fishing game is for exactly 5 players, not {self.players}")
        n = PLAYERS
        self.last_capture_rule = self.rules.reward == "last_capture"
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.collections: list[list[int]] = [[] for _ in range(n)]
        self.field: list[int] = []
        self.laid_down = [False] * n
        self.ledger = [0] * n
        self.pot = 0
        self.deal = 0
        self.first_dealer = 0
        self.dealer = 0
        self.cut_rounds: list = []
        self.phase = "hand_claim"
        self.mover = 0
        self.claimer = 0  # seat deciding its hand claims
        self.last_capture = -1
        self.window: ChallengeWindow | None = None
        self.due: list[int] = []  # the cards the open window's supported claim takes
        self.entitled: tuple[int, ...] = ()  # who may claim them
        self.what = ""  # what the claim would be: field_four, left_pair, laid_down, other_pair
        self.stats = Tally(_STAT_KEYS, _SEAT_STAT_KEYS, n)
        self.set_terms(STANDARD_TERMS)

    @property
    def seat_stats(self) -> dict[str, list[int]]:
        """The per-seat counts (`stats.by_seat`), by their name before the Tally."""
        return self.stats.by_seat

    def set_terms(self, terms: FishingTerms) -> None:
        """Play by `terms` (before the first deal: the antes of a deal already paid stay as they are)."""
        self.terms = terms
        # Read at every capture of one table card, so kept as plain flags.
        self.left_pair_claimable = terms.claimable("left_pair")
        self.other_pair_claimable = terms.claimable("other_pair")
        self.capturer_pair_claimable = terms.claimable("other_pair_capturer")

    # -- set-up -------------------------------------------------------------
    @classmethod
    def new(cls, game: Game, rules: FishingRules, players: int, seed: int) -> "FishingState":
        state = cls(game, rules, players, seed)
        state.set_terms(house_rules(game, rules, players))  # once per match: the house-rule plugins' answers
        state.first_dealer, state.cut_rounds = cut_for_dealer(seed, players)
        events: list[dict] = [{"type": "cut", "rounds": state.cut_rounds, "dealer": state.first_dealer,
                               "reveals": sorted({code for rnd in state.cut_rounds for _, code in rnd}),
                               "terms": state.terms.to_dict()}]
        state._start_deal(events)
        state.opening = events
        return state

    @classmethod
    def from_position(
        cls,
        game: Game,
        rules: FishingRules | None = None,
        *,
        hands: Mapping[int, Sequence[str]] | Sequence[Sequence[str]],
        field: Sequence[str],
        collections: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] = (),
        mover: int = 0,
        dealer: int | None = None,
        laid_down: Iterable[int] = (),
        ledger: Sequence[int] | None = None,
        pot: int | None = None,
        last_capture: int = -1,
        seed: int = 0,
        terms: FishingTerms | None = None,
    ) -> "FishingState":
        """A hand-made position at `mover`'s turn (for tests and docs).

        Cards are given as codes (`"QS"`, `"10H"`, `"TD"`), per seat as a
        mapping or a list of five. Cards named nowhere go into the dealer's
        collection (in pairs: their number is always even when the named
        collections are). `dealer` defaults to the seat on `mover`'s right.
        The terms are asked of the installed house-rule plugins, as for a new
        match, unless given (`terms=FishingTerms(ante_other=3, ante_dealer=4,
        reward=10)`); `ledger` and
        `pot` default to the first deal's antes just paid by those terms.
        The position starts at `mover`'s turn: the layout and the hand claims
        are taken to be over, and the match is in its first deal (give
        `FishingRules(deals=1)` for the position to end the match).
        """
        rules = rules or FishingRules()
        state = cls(game, rules, PLAYERS, seed)
        state.set_terms(house_rules(game, rules, PLAYERS) if terms is None else terms)
        state.dealer = state.first_dealer = (mover - 1) % PLAYERS if dealer is None else dealer
        layout = Layout()
        for s, cards in layout.by_seat(hands).items():
            state.hands[s] = sorted(cards, key=SORT_KEY.__getitem__)
        for s, cards in layout.by_seat(collections).items():
            state.collections[s] = cards
        state.field = sorted(layout.take(field), key=SORT_KEY.__getitem__)
        state.collections[state.dealer].extend(layout.rest())
        if any(len(c) % 2 for c in state.collections):
            raise ValueError("every collection must hold an even number of cards (the cards named nowhere go to the dealer's collection: name one more or one fewer)")
        for s in laid_down:
            state.laid_down[s] = True
        antes = state.terms.antes(state.dealer)
        state.ledger = [-a for a in antes] if ledger is None else list(ledger)
        state.pot = sum(antes) if pot is None else pot
        state.last_capture = last_capture
        state.mover = mover
        state.phase = "turn"
        return state

    def _start_deal(self, events: list[dict]) -> None:
        n = PLAYERS
        self.dealer = dealer = (self.first_dealer + self.deal) % n
        antes = self.terms.antes(dealer)
        for s in range(n):
            self.ledger[s] -= antes[s]
        self.pot += sum(antes)
        wanted = self.events_wanted
        if wanted:
            events.append({"type": "ante", "deal": self.deal, "dealer": dealer, "antes": antes, "pot": self.pot, "ledger": list(self.ledger)})
        pack = shuffled(range(52), derive_rng(self.seed, "deal", self.deal))
        self.hands = [sorted(h, key=SORT_KEY.__getitem__) for h in deal_round(pack, dealer=dealer, players=n, each=HAND_SIZE)]
        self.field = sorted(pack[n * HAND_SIZE:n * HAND_SIZE + FIELD_SIZE], key=SORT_KEY.__getitem__)
        self.collections = [[] for _ in range(n)]
        self.laid_down = [False] * n
        self.last_capture = -1
        if wanted:
            field = _codes(self.field)
            events.append({"type": "deal", "deal": self.deal, "dealer": dealer, "field": field,
                           "hand_sizes": [len(h) for h in self.hands], "reveals": field})
            for s in range(n):
                events.append({"type": "hand", "deal": self.deal, "seat": s, "cards": _codes(self.hands[s]), "to": [s]})
        if any(len(group) == 4 for _, group in _sets(self.field)):
            self.phase = "field_claim"
        else:
            self._open_layout_window(events)

    # -- decisions ------------------------------------------------------------
    def _decide_window(self) -> Decision:
        window = self.window
        seat = window.current
        right = CALL if (self.due and seat in self.entitled) else STAND
        # The new layout and a laid-down hand ask for a check of many cards; a single capture is judged at a glance.
        waits = window.subject["after"] != "capture"
        return WordedDecision(seat, "respond", RESPONSES, right, self._window_prompt(), True, window.subject, waits, standing=PASS)

    def _decide_turn(self) -> Decision:
        m = self.mover
        options, correct, ranks = _captures(self.hands[m], self.field)
        if not options:
            return WordedDecision(m, "turn", (LIE_DOWN,), (LIE_DOWN,), _NO_CAPTURE)
        if ranks > 1:  # a choice between ranks: what the mover cannot see decides it
            return WordedDecision(m, "turn", tuple(options), tuple(correct), _CAPTURE, False, {"unseen": self._unseen_by(m)})
        return WordedDecision(m, "turn", tuple(options), tuple(correct), _CAPTURE)

    def _unseen_by(self, seat: int) -> list[int]:
        """Cards of each rank (ace first) `seat` cannot see: 4 less its hand, the table and every collection.

        Counted in the other hands, which hold exactly those cards (every
        card is in a hand, on the table or in a collection) and are fewer
        than the cards in sight for most of a deal: the same numbers, in a
        world the search samples too.
        """
        unseen = [0] * 13
        for s, hand in enumerate(self.hands):
            if s != seat:
                for c in hand:
                    unseen[c % 13] += 1
        return unseen

    def _decide_hand_claim(self) -> Decision:
        s = self.claimer
        claims = tuple(_claim_move(r, len(group), "hand") for r, group in _sets(self.hands[s]))
        return WordedDecision(s, "hand_claim", claims + (DONE,), claims or (DONE,), _HAND_CLAIM, standing=DONE)

    def _decide_field_claim(self) -> Decision:
        claims = tuple(_claim_move(r, 4, "field") for r, group in _sets(self.field) if len(group) == 4)
        return WordedDecision(self.dealer, "field_claim", claims + (DONE,), claims or (DONE,), _FIELD_CLAIM, standing=DONE)

    def _window_prompt(self) -> str:
        subject = self.window.subject
        kind, actor = subject["after"], subject["seat"]
        mine = self.window.current == actor
        if kind == "layout":
            return worded(f"the layout ({'you' if mine else f'seat {actor}'} dealt): claim?", _layout_words, actor, mine)
        if kind == "lie_down":
            return worded(f"{'You lie' if mine else f'seat {actor} lies'} down: claim?", _lie_down_words, actor, mine)
        collection = self.collections[actor]
        if len(collection) >= 2:
            # A capture that opens a window is one card taking one: the last two collected, taken then played.
            taken, played = collection[-2:]
            return worded(f"{'You' if mine else f'seat {actor}'} play{'' if mine else 's'} {TEXT[played]} "
                           f"and take{'' if mine else 's'} {TEXT[taken]}: claim?", _capture_words, actor, mine, played, taken)
        who = "You" if mine else f"seat {actor}"
        return worded(f"{who} took {RANK_LABEL[subject['rank'] - 1]} ({subject['table_before']} on the table before): claim?",
                       _took_words, actor, mine, subject["rank"], subject["table_before"])

    # -- moves --------------------------------------------------------------
    def _on_window(self, action: Action, events: list[dict]) -> None:
        if action is PASS or isinstance(action, Pass):
            self._pass(events)
        else:
            self._claim(events)

    def _on_turn(self, action: Action, events: list[dict]) -> None:
        if isinstance(action, Capture):
            self._capture(action, events)
        else:
            self._lie_down(events)

    def _field_claim(self, action: Action, events: list[dict]) -> None:
        if action is DONE or str(action) == "done":
            forgotten = [r for r, group in _sets(self.field) if len(group) == 4]
            self.stats["field_fours_forgotten"] += len(forgotten)
            self.stats.by_seat["claims_forgotten"][self.dealer] += len(forgotten)
            self._open_layout_window(events)
            return
        rank = action.data
        taken = [c for c in self.field if rank_of(c) == rank]
        self._take_from_field(self.dealer, taken)
        self.stats["field_fours"] += 1
        events.append({"type": "field_four", "seat": self.dealer, "rank": rank, "cards": _codes(taken), "reveals": _codes(taken)})
        if not any(len(group) == 4 for _, group in _sets(self.field)):
            self._open_layout_window(events)

    def _open_layout_window(self, events: list[dict]) -> None:
        fours = [c for r, group in _sets(self.field) if len(group) == 4 for c in group] if self.terms.claimable("field_four") else []
        if self._open_window(self.dealer, {"after": "layout", "seat": self.dealer}, fours, "field_four", None):
            # Said whether or not a four is due (the layout is public anyway), so the window has a line of its own.
            events.append({"type": "layout_claims", "dealer": self.dealer})
        else:
            self._start_hand_claims(events)

    def _start_hand_claims(self, events: list[dict]) -> None:
        self.phase = "hand_claim"
        self.claimer = (self.dealer + 1) % PLAYERS

    def _hand_claim(self, action: Action, events: list[dict]) -> None:
        s = self.claimer
        if action is DONE or str(action) == "done":
            forgotten = len(_sets(self.hands[s]))
            self.stats["hand_claims_forgotten"] += forgotten
            self.stats.by_seat["claims_forgotten"][s] += forgotten
            if s == self.dealer:
                self._next_turn(self.dealer, events)
            else:
                self.claimer = (s + 1) % PLAYERS
            return
        rank = action.data
        group = sorted((c for c in self.hands[s] if rank_of(c) == rank), key=SORT_KEY.__getitem__)
        laid = group if len(group) == 4 else group[:2]
        hand = self.hands[s]
        for c in laid:
            hand.remove(c)
        self.collections[s].extend(laid)
        self.stats["hand_claims"] += 1
        if self.events_wanted:
            events.append({"type": "hand_claim", "seat": s, "rank": rank, "cards": _codes(laid), "kept": len(group) - len(laid),
                           "reveals": _codes(laid)})

    _on_field_claim = _field_claim
    _on_hand_claim = _hand_claim

    def _capture(self, capture: Capture, events: list[dict]) -> None:
        m = self.mover
        rank = capture.rank
        same = rank - 1
        field = self.field
        # The rank's four cards looked up in the table (a C scan each), not every table card's rank worked out.
        table_before = (same in field) + (same + 13 in field) + (same + 26 in field) + (same + 39 in field)
        hand = self.hands[m]
        for c in capture.played:
            hand.remove(c)
        for c in capture.taken:  # `_take_from_field`, written out: at every turn
            field.remove(c)
        collection = self.collections[m]
        collection.extend(capture.taken)
        collection.extend(capture.played)
        self.last_capture = m
        self.stats["captures"] += 1
        if self.events_wanted:
            played = [CODES[c] for c in capture.played]  # a capture's cards are in order already
            taken = [CODES[c] for c in capture.taken]
            events.append({"type": "capture", "seat": m, "rank": rank, "played": played, "taken": taken,
                           "table_before": table_before, "reveals": sorted(played + taken, key=_CODE_ORDER.__getitem__)})
        if len(capture.taken) + len(capture.played) == 4:
            self.stats["captures_of_four"] += 1
            self._end_turn(events)
            return
        if table_before == 3:
            self.stats["incomplete_captures"] += 1
            due = [c for c in self.field if c % 13 == same] if self.left_pair_claimable else []
            what, entitled, holder = "left_pair", None, -1
        else:
            holder, due = (self._other_pair(m, _OTHER_TWO[capture.played[0] * 52 + capture.taken[0]])
                            if table_before == 1 and self.other_pair_claimable else (-1, []))
            what, entitled = "other_pair", (holder,) if holder >= 0 else ()
        if self._room and self._answered_quietly(m, due, holder, events):
            return
        subject = {"after": "capture", "seat": m, "rank": rank, "table_before": table_before}
        opened = self._open_window(m, subject, due, what, entitled)
        if not opened:
            self._end_turn(events)

    def _answered_quietly(self, actor: int, due: list[int], holder: int, events: list[dict]) -> bool:
        """Answer the window `actor`'s move would open without opening it, if its answers are all forced.

        Only right after `play_forced` (`self._room` set), in a quiet match
        whose seats all stand and take their sole correct choice: with
        nothing `due` all five would let it be; with the other pair due to
        `holder` alone, those before the holder would let it be and the
        holder lay it. The answers are counted for the next call, within the
        room that call left (this decision takes one). Returns whether it
        answered; if not, the caller opens the window.
        """
        room, self._room = self._room, 0
        if not due:
            if self._prevented:  # teaching mode skips it, with no window to count (`_open_window`)
                return False
            answers = PLAYERS
        elif holder >= 0:
            answers = _SEATS_FROM_LEFT[actor].index(holder) + 1
        else:  # a claim open to every other player: who claims first is for the window to find
            return False
        if room <= answers:
            return False
        self._quiet_answers += answers
        self.stats["windows"] += 1
        if due:
            self._lay_other_pair(holder, due)
        self._next_turn(actor, events)
        return True

    def _lay_other_pair(self, seat: int, cards: list[int]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.collections[seat].extend(cards)
        self.stats["other_pairs_laid"] += 1
        self.stats.by_seat["claims_made"][seat] += 1

    def _other_pair(self, mover: int, others: Sequence[int]) -> tuple[int, list[int]]:
        """The seat holding the other pair after `mover` captured the last table card of a rank, and the pair;
        (-1, []) if none may lay it. `others` are the rank's two cards the capture did not collect, in order."""
        first, second = others
        # Only a hand holding the first of them can hold the pair: after every capture of one, one look a hand.
        # The capturer too: one who forgot a three and captured with one of its cards holds the other pair.
        for s, hand in enumerate(self.hands):
            if first in hand:
                if second in hand and (s != mover or self.capturer_pair_claimable):
                    return s, [first, second]
                break
        return -1, []

    def _lie_down(self, events: list[dict]) -> None:
        m = self.mover
        cards = self.hands[m]
        self.hands[m] = []
        self.field = sorted(self.field + cards, key=SORT_KEY.__getitem__)
        self.laid_down[m] = True
        self.stats["lie_downs"] += 1
        if self.events_wanted:
            events.append({"type": "lie_down", "seat": m, "cards": _codes(cards), "reveals": _codes(cards)})
        terms = self.terms
        fours, threes = terms.claimable("laid_down_four"), terms.claimable("laid_down_three")
        due = [c for _, group in _sets(cards) if (fours if len(group) == 4 else threes) for c in group]
        if terms.claimable("laid_down_pair"):
            due += self._spent_pairs(cards)
        if self._room and self._answered_quietly(m, due, -1, events):
            return
        if not self._open_window(m, {"after": "lie_down", "seat": m}, due, "laid_down", None):
            self._end_turn(events)

    def _spent_pairs(self, cards: Sequence[int]) -> list[int]:
        """The pairs among laid-down `cards` whose other two cards of the rank are already in collections.

        Such a pair is a set its holder could have laid out of turn (the other pair) and did not; a
        pair whose other two cards are still in a hand is no oversight. The field holds none of the
        rank, since a hand is laid down only when none of its cards can capture."""
        by_rank: dict[int, list[int]] = {}
        for c in cards:
            by_rank.setdefault(c % 13, []).append(c)
        pairs = [group for group in by_rank.values() if len(group) == 2]
        if not pairs:
            return []
        # The rank's other two are collected when no hand and not the table holds them: a look in each place, not a count of every collected card.
        places = self.hands + [self.field]
        spent: list[int] = []
        for first, second in pairs:
            one, other = _OTHER_TWO[first * 52 + second]
            for place in places:
                if one in place or other in place:
                    break
            else:
                spent += (first, second)
        return spent

    def _take_from_field(self, seat: int, cards: Iterable[int]) -> None:
        field = self.field
        collection = self.collections[seat]
        for c in cards:
            field.remove(c)
            collection.append(c)

    # -- claim windows --------------------------------------------------------
    def _open_window(self, actor: int, subject: dict, due: list[int], what: str, entitled: tuple[int, ...] | None) -> bool:
        """Poll all five players from `actor`'s left, `actor` last; `entitled` None means every other
        player may claim `due` (the player responsible never claims their own oversight).

        Returns False when teaching mode skips a window in which nothing can be claimed."""
        everyone = _SEATS_FROM_LEFT[actor]
        entitled = everyone[:-1] if entitled is None else entitled
        if self._prevented and not (due and entitled):  # due cards always have someone entitled: no oversight goes uncounted
            # Teaching mode offers only correct choices; an unclaimable window would be a row of forced passes.
            self.window = None
            self.due, self.entitled, self.what = [], (), ""
            return False
        window = ChallengeWindow(actor, everyone, subject)
        self.entitled = entitled
        self.what = what
        self.window = window
        if due:
            self.due = sorted(due, key=SORT_KEY.__getitem__)
            if what != "other_pair":
                self.stats["oversights"] += 1
            self._refresh_claimable()
        else:  # nothing to claim, as after nearly every capture: the window is unclaimable from the start
            self.due = []
            window.claimable = False
        self.stats["windows"] += 1
        self.phase = "window"
        return True

    def _refresh_claimable(self) -> None:
        """The window's verdict for the engine: True while some remaining responder could win a claim
        (the other pair is its holder's alone), False once none could."""
        window = self.window
        entitled = self.entitled
        window.claimable = bool(self.due) and any(s in entitled for s in window.remaining)

    def _pass(self, events: list[dict]) -> None:
        window = self.window
        seat = window.current
        if self.due and seat in self.entitled:
            if self.what == "other_pair":
                self.stats["other_pairs_forgotten"] += 1
                self.stats.by_seat["claims_forgotten"][seat] += 1
            else:
                self.stats.by_seat["claims_missed"][seat] += 1
        if window.passed():
            if self.due and self.what != "other_pair":
                self.stats["oversights_missed"] += 1
            self._close_window(events)
        else:
            self._refresh_claimable()

    def _claim(self, events: list[dict]) -> None:
        window = self.window
        seat = window.current
        subject = window.subject
        supported = bool(self.due) and seat in self.entitled
        window.claimed("claim", supported)
        if supported:
            cards = self.due
            if self.what == "other_pair":
                self._lay_other_pair(seat, cards)
            else:
                self._take_from_field(seat, cards)
                self.stats["oversights_claimed"] += 1
                self.stats.by_seat["claims_made"][seat] += 1
            codes = _codes(cards)
            events.append({"type": "claim", "seat": seat, "after": subject["after"], "against": subject["seat"], "upheld": True,
                           "what": self.what, "ranks": sorted({rank_of(c) for c in cards}), "cards": codes, "reveals": codes})
            self._close_window(events)
            return
        self.stats["claims_refused"] += 1
        self.stats.by_seat["claims_refused"][seat] += 1
        events.append({"type": "claim", "seat": seat, "after": subject["after"], "against": subject["seat"], "upheld": False,
                       "what": None, "ranks": [], "cards": []})
        if window.closed:
            if self.due and self.what != "other_pair":
                self.stats["oversights_missed"] += 1
            self._close_window(events)
        else:
            self._refresh_claimable()

    def _close_window(self, events: list[dict]) -> None:
        after = self.window.subject["after"]
        actor = self.window.actor
        self.window = None
        self.due, self.entitled, self.what = [], (), ""
        if after == "layout":
            self._start_hand_claims(events)
        else:
            self._next_turn(actor, events)  # `_end_turn(events, actor)`, one call fewer: after nearly every capture

    def play_forced(self, budget: float) -> int:
        """The answers of the windows answered without opening them since the last call; see `State.play_forced`.

        Fishing's captures are picked, not forced, so nothing is played here:
        the call tells the state that the engine is counting for seats that all
        stand and take their sole correct choice (a quiet match), and how many
        decisions the limit leaves, so that the capture or lie-down applied
        next may answer its window instead of opening it (`_answered_quietly`)."""
        answers = self._quiet_answers
        if answers:
            self._quiet_answers = 0
        self._room = budget - answers
        return answers

    def settle_window(self) -> list[tuple[int, Action, list[dict]]]:
        """Every remaining responder lets it be, in one call (the window is unclaimable: nothing is counted)."""
        remaining = self.window.stand_all()
        answers: list[tuple[int, Action, list[dict]]] = [(s, PASS, []) for s in remaining[:-1]]
        self._forget_decision()
        events: list[dict] = []
        self._close_window(events)
        answers.append((remaining[-1], PASS, events))
        return answers

    # -- turns and the end of a hand -------------------------------------------
    def _end_turn(self, events: list[dict], mover: int | None = None) -> None:
        self._next_turn(self.mover if mover is None else mover, events)

    def _next_turn(self, after: int, events: list[dict]) -> None:
        """The next player clockwise from `after`'s left holding cards, unless at most one does."""
        hands = self.hands
        if PLAYERS - hands.count([]) <= 1:  # counted in C after every turn; the holder is looked for only at the stop
            holders = [s for s in range(PLAYERS) if hands[s]]
            self._stop(holders[0] if holders else None, events)
            return
        for s in _SEATS_FROM_LEFT[after]:  # two hold cards, so one is found before `after` itself
            if hands[s]:
                break
        self.mover = s
        self.phase = "turn"

    def _stop(self, holder: int | None, events: list[dict]) -> None:
        n, dealer = PLAYERS, self.dealer
        self.stats["stops_one_holder" if holder is not None else "stops_no_holder"] += 1
        events.append({"type": "stop", "deal": self.deal, "holder": holder})
        if holder is not None and not self.last_capture_rule:
            winner, how = holder, "last_holder"
        elif self.last_capture >= 0:
            winner, how = self.last_capture, "last_capture"
        else:  # nobody ever captured: the last holder if any, else the dealer
            winner, how = (holder, "last_holder") if holder is not None else (dealer, "dealer")
        reward = self.terms.reward
        self.pot -= reward
        self.ledger[winner] += reward
        self.stats.by_seat["rewards"][winner] += 1
        events.append({"type": "reward", "seat": winner, "chips": reward, "how": how, "pot": self.pot, "ledger": list(self.ledger)})
        hand = self.hands[holder] if holder is not None else []
        if self.events_wanted:
            swept_hand, swept_field = _codes(hand), _codes(self.field)
            events.append({"type": "sweep", "seat": dealer, "holder": holder, "hand": swept_hand, "field": swept_field,
                           "reveals": swept_hand + swept_field})
        self.collections[dealer].extend(hand)
        self.collections[dealer].extend(self.field)
        if holder is not None:
            self.hands[holder] = []
        self.field = []
        sizes = [len(c) for c in self.collections]
        if any(size % 2 for size in sizes) or sum(sizes) != 52:
            raise AssertionError(f"collections must hold the 52 cards in pairs, not {sizes}")
        chips = self.terms.settlement(sizes)
        for s in range(n):  # payers first, so the pot never runs short
            if chips[s] < 0:
                self.ledger[s] += chips[s]
                self.pot -= chips[s]
        for s in range(n):
            if chips[s] > 0:
                self.ledger[s] += chips[s]
                self.pot -= chips[s]
        if self.pot != 0 or sum(self.ledger) != 0:
            raise AssertionError(f"settlement left {self.pot} chips in the pot (collections {sizes})")
        events.append({"type": "settle", "deal": self.deal, "sizes": sizes, "chips": chips, "pot": self.pot, "ledger": list(self.ledger),
                       "tariff": self.terms.tariff_dict()})
        self.deal += 1
        if self.deal >= self.rules.deals:
            self.phase = "over"
            events.append({"type": "match_end", "ledger": list(self.ledger), "winners": list(self._winners())})
            return
        self._start_deal(events)

    def _winners(self) -> tuple[int, ...]:
        best = max(self.ledger)
        return tuple(s for s in range(PLAYERS) if self.ledger[s] == best)

    # -- what players see ---------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        window = self.window if self.phase == "window" else None
        to_move = self.mover if self.phase == "turn" else None
        return {
            "players": PLAYERS,
            "seat": seat,
            "deal": self.deal,
            "deals": self.rules.deals,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": to_move,
            "claimer": self.claimer if self.phase == "hand_claim" else None,
            "hand": _codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "field": _codes(self.field),
            "collections": [_codes(c) for c in self.collections],
            "laid_down": list(self.laid_down),
            "pot": self.pot,
            "ledger": list(self.ledger),
            "reward_rule": self.rules.reward,
            "terms": self.terms.to_dict(),
            "last_capture": self.last_capture,
            "window": None if window is None else {**window.subject, "responder": window.current},
        }

    def hidden_from(self, seat: int | None) -> set[Card]:
        """Every card in another player's hand (own hand excepted)."""
        return {DECK[c] for s, hand in enumerate(self.hands) if s != seat for c in hand}

    def piles(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {"field": [DECK[c] for c in self.field]}
        for s in range(PLAYERS):
            out[f"hand {s}"] = [DECK[c] for c in self.hands[s]]
            out[f"collection {s}"] = [DECK[c] for c in self.collections[s]]
        return out

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        stats: dict[str, Any] = {"deals": self.rules.deals, **self.stats}
        return Result(self._winners(), tuple(self.ledger), stats, False, self.stats.seat_stats())

    # -- copies for search -----------------------------------------------------
    def clone(self) -> "FishingState":
        """A direct copy (no round trip through plain data): the lists and the window copied, the rest shared or immutable."""
        new = self.shallow_copy()
        new.hands = [list(h) for h in self.hands]
        new.collections = [list(c) for c in self.collections]
        new.field = list(self.field)
        new.laid_down = list(self.laid_down)
        new.ledger = list(self.ledger)
        new.window = None if self.window is None else self.window.copy()
        new.due = list(self.due)
        new.stats = self.stats.copy()
        new._room = new._quiet_answers = 0  # the engine's count for this state, not for a copy
        return new

    def determinize(self, seat: int, rng: Any) -> "FishingState":
        """The other players' hands dealt afresh (each keeps its size), the seed replaced; see `State.determinize`.

        The "forgetful" kind: only what `seat` sees now is kept (its hand, the
        field, the collections, the hand sizes). What the history tells besides —
        a player who kept a rank through a window, threes that were not laid —
        is not used. A window for the other pair names its holder afresh from the
        new hands, as the capture that opened it would have.
        """
        new = self.clone()
        hands = new.hands
        redeal([(hands[s], i) for s in range(PLAYERS) if s != seat for i in range(len(hands[s]))], rng)
        for s in range(PLAYERS):
            if s != seat:
                hands[s].sort(key=SORT_KEY.__getitem__)
        new.seed = rng.getrandbits(63)
        new.opening = []  # the real first deal: no part of an imagined world
        if new.phase == "window" and new.what == "other_pair":
            same = new.window.subject["rank"] - 1
            held = [c for c in range(same, 52, 13) if any(c in hand for hand in hands)]
            holder, pair = new._other_pair(new.window.actor, held) if len(held) == 2 else (-1, [])
            new.due = sorted(pair, key=SORT_KEY.__getitem__)
            new.entitled = (holder,) if holder >= 0 else ()
            new._refresh_claimable()
        return new

    # -- plain data -----------------------------------------------------------
    def save_fields(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "first_dealer": self.first_dealer,
            "dealer": self.dealer,
            "cut_rounds": self.cut_rounds,
            "phase": self.phase,
            "mover": self.mover,
            "claimer": self.claimer,
            "hands": [[CODES[c] for c in h] for h in self.hands],
            "field": [CODES[c] for c in self.field],
            "collections": [[CODES[c] for c in col] for col in self.collections],
            "laid_down": list(self.laid_down),
            "pot": self.pot,
            "ledger": list(self.ledger),
            "last_capture": self.last_capture,
            "window": None if self.window is None else self.window.to_dict(),
            "due": [CODES[c] for c in self.due],
            "entitled": list(self.entitled),
            "what": self.what,
            **self.stats.to_dict(),  # "stats" and "seat_stats"
            "terms": self.terms.to_dict(),
        }

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self._setup_fields()
        self.deal, self.first_dealer, self.dealer = data["deal"], data["first_dealer"], data["dealer"]
        self.cut_rounds = data["cut_rounds"]
        self.phase, self.mover, self.claimer = data["phase"], data["mover"], data["claimer"]
        self.hands = [[CODE_INDEX[c] for c in h] for h in data["hands"]]
        self.field = [CODE_INDEX[c] for c in data["field"]]
        self.collections = [[CODE_INDEX[c] for c in col] for col in data["collections"]]
        self.laid_down = list(data["laid_down"])
        self.pot, self.ledger, self.last_capture = data["pot"], list(data["ledger"]), data["last_capture"]
        self.window = None if data["window"] is None else ChallengeWindow.from_dict(data["window"])
        self.due = [CODE_INDEX[c] for c in data["due"]]
        self.entitled = tuple(data["entitled"])
        self.what = data["what"]
        self.stats = Tally.from_dict(data)
        # A state saved before the terms were kept was played by the standard ones.
        self.set_terms(FishingTerms.from_dict(data["terms"]) if "terms" in data else STANDARD_TERMS)


def _layout_words(actor: int, mine: bool) -> str:
    return _("the layout (you dealt): claim?") if mine else _("the layout (seat {seat} dealt): claim?").format(seat=actor)


def _lie_down_words(actor: int, mine: bool) -> str:
    return _("You lie down: claim?") if mine else _("seat {seat} lies down: claim?").format(seat=actor)


def _capture_words(actor: int, mine: bool, played: int, taken: int) -> str:
    values = {"seat": actor, "played": _card_word(played), "taken": _card_word(taken)}
    if mine:
        return _("You play {played} and take {taken}: claim?").format(**values)
    return _("seat {seat} plays {played} and takes {taken}: claim?").format(**values)


def _took_words(actor: int, mine: bool, rank: int, before: int) -> str:
    values = {"seat": actor, "rank": _rank_word(rank), "before": before}
    if mine:
        return _("You took {rank} ({before} on the table before): claim?").format(**values)
    return _("seat {seat} took {rank} ({before} on the table before): claim?").format(**values)


def _fixed_words(english: str) -> str:
    """A prompt with nothing to fill in, through the catalogue (marked with `N_` where it is made)."""
    return _(english)


def _fixed(english: str) -> Worded:
    # A module-level function, not a lambda: a decision stays picklable.
    return worded(english, _fixed_words, english)


_NO_CAPTURE = _fixed(N_("No capture is possible"))
_CAPTURE = _fixed(N_("Capture (capturing is compulsory)"))
_HAND_CLAIM = _fixed(N_("Before the first turn: claim threes (a pair) and fours in your hand"))
_FIELD_CLAIM = _fixed(N_("As dealer, take any four of a kind in the layout"))


def _claim_move(rank: int, count: int, where: str) -> Move:
    label = RANK_LABEL[rank - 1]
    if count == 4:
        what = f"lay the four {label}s from {'the table' if where == 'field' else 'your hand'} into your collection"
    else:
        what = f"lay a pair of {label}s into your collection and keep the third"
    return Move(f"claim {label}", label=worded(what, _claim_words, rank, what), data=rank)


def _claim_words(rank: int, english: str) -> str:
    """A set's claim in the reader's language, read from `_claim_move`'s English label (its `data` stays the rank the moves read)."""
    if english.startswith("lay a pair"):
        return _("lay a pair of {rank}s into your collection and keep the third").format(rank=_rank_word(rank))
    if "from the table" in english:
        return _("lay the four {rank}s from the table into your collection").format(rank=_rank_word(rank))
    return _("lay the four {rank}s from your hand into your collection").format(rank=_rank_word(rank))

