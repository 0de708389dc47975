"""The fishing game's bots: expert, novice and random, registered for this game only.

This module owns the players the plugin registers (kinds `expert`, `novice`,
`random` with `games=("willughby_fishing",)`, so they take precedence over
the core's generic kinds of the same names). Bots see only their decision
and their view (their own hand, the table and the collections, all public);
the decision's `correct` list is the rules' verdict on what the bot can see.

The expert never forgets a claim of its own and claims every forgotten
claim it is offered. Among several correct captures it follows the *use it
or lose it* rule, worked out from what it sees (its hand, the table and the
collections, all face up), never from hidden hands: (1) one card at a time,
never a pair taking a pair (the other table card of the rank waits for a
later turn); (2) the rank of which most cards are unseen (in the other
hands), since those table cards are the ones another player may take
first, while a rank nobody else can hold (none unseen, one card taking
three included) is a capture kept in reserve for a later turn, so the
expert keeps capturing, keeps cards longest and may take the reward;
(3) then the rank of which it holds the most cards; (4) then the lowest
card played and taken (rank, then suit), so the choice is a pure function
of the decision and the view. The novice forgets each claim of its
own with `forget_rate`, takes only one of three table cards with
`error_rate`, and notices another's oversight with `attention`; otherwise
it captures like the expert. The random bot picks uniformly among all
physical choices, so it claims in half of the windows.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from muggins import Action, Decision
from muggins.actions import standing_answer
from muggins.deck import CODE_INDEX, SORT_KEY
from muggins.i18n import N_
from muggins.players import PlayerOption

__all__ = ["ExpertBot", "NoviceBot", "RandomBot", "choose_capture", "register_players", "unseen_by_rank"]


def unseen_by_rank(view: Mapping[str, Any]) -> list[int]:
    """Cards of each rank (index rank - 1, ace first) the seat cannot see: 4 less its hand, the table and every collection."""
    unseen = [4] * 13
    for pile in (view["hand"], view["field"], *view["collections"]):
        for code in pile:
            unseen[_RANK_OF_CODE[code]] -= 1
    return unseen


def _unseen_if_needed(view: Mapping[str, Any], decision: Decision) -> list[int] | None:
    """The unseen counts when the correct captures hold two ranks or more, None when one rank decides alone.

    The decision's own count where the state gives one (`info["unseen"]`, for a choice between ranks), so
    the view is not built; else `unseen_by_rank(view)`.
    """
    given = decision.info.get("unseen")
    if given is not None:
        return given
    choices = decision.correct
    rank = choices[0].played[0] % 13
    for c in choices:
        if c.played[0] % 13 != rank:
            return unseen_by_rank(view)
    return None


def choose_capture(choices: Sequence[Action], unseen: Sequence[int] | None = None) -> Action:
    """The expert's pick among correct captures (see the module docstring): single captures,
    then the rank with most cards unseen, then most of the rank in hand, then lowest cards.

    `unseen` is `unseen_by_rank(view)`; without it the counts are worked out from the
    choices alone (4 less the hand and table cards they show, collections not counted).
    """
    if len(choices) == 1:
        return choices[0]
    if unseen is not None:
        return _choose_by_unseen(choices, unseen)
    held: dict[int, set[int]] = {}  # rank -> my cards of that rank that can capture
    on_table: dict[int, set[int]] = {}  # rank -> table cards of that rank (needed only without `unseen`)
    for c in choices:
        r = c.played[0] % 13
        held.setdefault(r, set()).update(c.played)
        if unseen is None:
            on_table.setdefault(r, set()).update(c.taken)
    best, best_key = choices[0], None
    for c in choices:
        if len(c.played) > 1:  # a pair taking a pair: the same rank's single captures always come too
            continue
        r = c.played[0] % 13
        mine = len(held[r])
        hidden = unseen[r] if unseen is not None else 4 - mine - len(on_table[r])
        key = (-hidden, -mine, _order(c.played[0]), _order(c.taken[0]))
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _choose_by_unseen(choices: Sequence[Action], unseen: Sequence[int]) -> Action:
    """`choose_capture` with the unseen counts given, rule by rule: most of a turn's choices are settled by
    the unseen counts alone, so the cards held of each rank are counted only when two ranks tie on them."""
    most = -1
    contenders: list[Action] = []
    for c in choices:
        played = c.played
        if len(played) > 1:  # a pair taking a pair: the same rank's single captures always come too
            continue
        hidden = unseen[played[0] % 13]
        if hidden > most:
            most, contenders = hidden, [c]
        elif hidden == most:
            contenders.append(c)
    if len(contenders) == 1:
        return contenders[0]
    held: dict[int, set[int]] = {}  # rank -> my cards of that rank that can capture (every single of the rank is here)
    for c in contenders:
        held.setdefault(c.played[0] % 13, set()).add(c.played[0])
    if len(held) > 1:
        mine = max(map(len, held.values()))
        contenders = [c for c in contenders if len(held[c.played[0] % 13]) == mine]
    return min(contenders, key=_card_order)


def _card_order(capture: Action) -> tuple[int, int]:
    return _order(capture.played[0]), _order(capture.taken[0])


#: a card's place by rank, then suit (the order the state keeps hands and the table in)
_order = SORT_KEY.__getitem__
#: a card code's rank index (0 for aces), as `card % 13` gives it for the card's number
_RANK_OF_CODE: dict[str, int] = {code: index % 13 for code, index in CODE_INDEX.items()}


class ExpertBot:
    """Never forgets, claims every forgotten claim, captures by the use-it-or-lose-it rule."""

    stands_in_unclaimable_windows = True
    takes_sole_correct_choice = True

    def __init__(self, rng: random.Random | None = None, **_: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        correct = decision.correct
        if len(correct) == 1:
            return correct[0]
        if decision.kind == "turn":
            return choose_capture(correct, _unseen_if_needed(view, decision))
        return correct[0]  # several claims in hand or in the layout: make them in order


class NoviceBot:
    """Forgets its own claims (`forget_rate`), takes one of three table cards (`error_rate`),
    notices others' oversights (`attention`); otherwise plays like the expert."""

    def __init__(self, rng: random.Random, forget_rate: float = 0.25, error_rate: float = 0.1, attention: float = 0.5, **_: Any) -> None:
        self.rng = rng
        self.forget_rate = forget_rate
        self.error_rate = error_rate
        self.attention = attention

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng = self.rng
        kind, correct = decision.kind, decision.correct
        if kind == "respond":
            standing = standing_answer(decision)  # None when teaching mode offers only the claim
            if correct[0] is standing:
                return standing
            own = decision.info.get("after") == "capture" and decision.info.get("table_before") == 1  # the other pair: its own
            keep = 1 - self.forget_rate if own else self.attention
            caught = rng.random() < keep
            return correct[0] if caught or standing is None else standing
        if kind in ("hand_claim", "field_claim"):
            standing = standing_answer(decision)  # "done"; None when teaching mode offers only the claims
            if correct[0] is not standing and rng.random() < self.forget_rate and standing is not None:
                return standing
            return correct[0]
        if kind == "turn" and len(decision.choices) > len(correct) and rng.random() < self.error_rate:
            wrong = [c for c in decision.choices if c not in correct]
            return wrong[rng.randrange(len(wrong))]
        return correct[0] if len(correct) == 1 else choose_capture(correct, _unseen_if_needed(view, decision))


class RandomBot:
    """Any physical choice, uniformly (claims in half of the windows)."""

    def __init__(self, rng: random.Random, **_: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        return choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


NOVICE_OPTIONS = (
    PlayerOption("forget_rate", float, 0.25, 0, 1, N_("chance of forgetting each claim of its own (sets in hand, the dealer's four, the other pair)"),
                 words=N_("who forgets a claim of its own {rate}")),
    PlayerOption("error_rate", float, 0.1, 0, 1, N_("chance of taking only one of three table cards of a rank"),
                 words=N_("who takes only one of three table cards of a rank {rate}")),
    PlayerOption("attention", float, 0.5, 0, 1, N_("chance of claiming what another player forgot"),
                 words=N_("who claims what another player forgot {rate}")),
)


def register_players(register: Any) -> None:
    """Register the three kinds for this game (called from the plugin's hook)."""
    games = ("willughby_fishing",)
    register("expert", lambda rng, **kw: ExpertBot(rng, **kw),
             description=N_("never forgets a claim, claims every oversight; captures one card at a time, the most contested rank first"),
             games=games, words=N_("an expert"))
    register("novice", lambda rng, **kw: NoviceBot(rng, **kw),
             description=N_("forgets its claims (forget_rate), takes one of three (error_rate), notices oversights (attention)"),
             games=games, options=NOVICE_OPTIONS, words=N_("a novice"))
    register("random", lambda rng, **kw: RandomBot(rng, **kw),
             description=N_("any physical choice, uniformly; claims in half of the windows"),
             games=games, words=N_("a random player"))
