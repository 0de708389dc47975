"""The shedding game's bots: expert, novice and random, registered for this game only.

This module owns the players the plugin registers (kinds `expert`, `novice`,
`random` with `games=("muggins_shedding",)`, so they take precedence over
the core's generic kinds of the same names). Bots see only their view (the
public table: common and discard tops, pile sizes, the exposed card, the
disputed placement) and the decision; they never touch the state, so they
cannot read a stock. The decision's `correct` list is the rules' verdict on
what the bot sees, as in the core's generic bots.

The expert is always correct and calls every real error. When several
common piles fit (or, under a house-rule destination order with tiers,
several piles of one tier), it follows the *cover* rule, chosen by simulation against
"first fitting pile" (docs/games/muggins_shedding.md gives the figures):
put the card where the common tops afterwards fit the most ranks, so that
the commons keep absorbing cards for everyone; ties go to the lowest pile
number. The novice errs with `error_rate` (preferring plausible errors: a
fitting pile of lower priority, or its own discard when something fits)
and calls a real error with probability `attention`; it never calls a
correct play. The random bot makes any physical placement and calls
Muggins with probability `call_rate`. An unknown `commons_rule` is refused
in the player's language.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from muggins import Action, Decision
from muggins.actions import standing_answer
from muggins.deck import CODES, RANKS
from muggins.i18n import N_, translator

from .houserules import rank_fits


# Rank of a card code, from the core's small int-pack tables; the state module is not imported here, so registering bots stays cheap.
_RANK_OF: dict[str, int] = dict(zip(CODES, RANKS))

# The game's catalogue, as game.py has it: a refused seat option is read by the player who typed it.
_ = translator("muggins_shedding", package_file=__file__).gettext

__all__ = ["ExpertBot", "NoviceBot", "RandomBot", "choose_common", "COMMONS_RULES", "register_players"]

COMMONS_RULES = ("cover", "first")


_FITS: dict[tuple, list[list[bool]]] = {}
_REACH: dict[tuple, list[int]] = {}


_NONE: tuple = ((), ())


def _extra_of(view: Mapping[str, Any]) -> tuple:
    """The view's house-rule pairs: `(added, parted)` (a match whose plugins part nothing has no `adjacent_parted`).

    Asked at every decision of a bot, so the usual match, whose plugins
    change no pair, is answered without building a tuple.
    """
    added, parted = view.get("adjacent_extra"), view.get("adjacent_parted")
    if not added and not parted:
        return _NONE
    return tuple(map(tuple, added or ())), tuple(map(tuple, parted or ()))


def _rank_fits(view: Mapping[str, Any]) -> list[list[bool]]:
    """fits[a][b]: rank a touches rank b, house-rule pairs included (and parted ones left out); built once per set of pairs."""
    extra = _extra_of(view)
    fits = _FITS.get(extra)
    if fits is None:
        fits = _FITS[extra] = rank_fits(*extra)
    return fits


def _reach(view: Mapping[str, Any]) -> list[int]:
    """reach[t]: bit r set when a card of rank r fits on a top of rank t (reach[0] = 0: an empty pile)."""
    extra = _extra_of(view)
    found = _REACH.get(extra)
    if found is None:
        fits = _rank_fits(view)
        found = _REACH[extra] = [0] + [sum(1 << r for r in range(1, 14) if fits[r][t]) for t in range(1, 14)]
    return found


def choose_common(view: Mapping[str, Any], options: Sequence[Action], rule: str = "cover") -> Action:
    """Among several fitting common piles, the one `rule` picks (`cover` or `first`).

    `cover` counts, for each option, the ranks that would fit on some common
    top afterwards, and takes the first option with the highest count. Under
    a house-rule destination order with tiers the options may include
    discards; such an option leaves the common tops as they are.
    """
    if rule == "first" or len(options) == 1:
        return options[0]
    reach = _reach(view)
    tops = [_RANK_OF[c] if c else 0 for c in view["commons"]]
    rank = _RANK_OF[view["exposed"]] if view.get("exposed") else int(options[0].card.rank)
    best, best_score = options[0], -1
    for option in options:
        kind, number = option.pile.split()
        pile = int(number) - 1 if kind == "common" else -1
        covered = 0
        for index, top in enumerate(tops):
            covered |= reach[rank if index == pile else top]
        score = covered.bit_count()
        if score > best_score:
            best, best_score = option, score
    return best


class ExpertBot:
    """Always correct; calls every real error; `commons_rule` picks among several commons.

    With one correct choice it takes it without drawing randomness or keeping
    state, and in a window where nothing is claimable its only correct answer
    is to pass: it declares both, so the engine may answer for it.
    """

    stands_in_unclaimable_windows = True
    takes_sole_correct_choice = True

    def __init__(self, rng: random.Random | None = None, commons_rule: str = "cover", **_others: Any) -> None:
        if commons_rule not in COMMONS_RULES:
            raise ValueError(_("commons_rule must be one of {rules}, not {given}").format(rules=", ".join(COMMONS_RULES), given=repr(commons_rule)))
        self.rng = rng
        self.rule = commons_rule

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        correct = decision.correct
        if len(correct) == 1:
            return correct[0]
        return choose_common(view, correct, self.rule)


class NoviceBot:
    """Errs on a placement with probability `error_rate`; calls a real error with probability `attention`."""

    def __init__(self, rng: random.Random, error_rate: float = 0.1, attention: float = 0.5, commons_rule: str = "first", **_: Any) -> None:
        self.rng = rng
        self.error_rate = error_rate
        self.attention = attention
        self.rule = commons_rule

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng = self.rng
        correct = decision.correct
        if decision.kind == "respond":
            standing = standing_answer(decision)
            if correct[0] is not standing and rng.random() < self.attention:
                return correct[0]
            return standing if standing is not None else correct[0]
        if decision.kind == "play" and rng.random() < self.error_rate:
            wrong = [c for c in decision.choices if c not in correct]
            if wrong:
                plausible = self._plausible(view, decision, wrong)
                pool = plausible or wrong
                return pool[rng.randrange(len(pool))]
        if len(correct) == 1:
            return correct[0]
        return choose_common(view, correct, self.rule)

    @staticmethod
    def _plausible(view: Mapping[str, Any], decision: Decision, wrong: Sequence[Action]) -> list[Action]:
        """Wrong placements a real player makes: a fitting pile of lower priority, or one's own discard."""
        fits = _rank_fits(view)
        rank = _RANK_OF[view["exposed"]]
        out = []
        for choice in wrong:
            kind, number = choice.pile.split()
            if kind == "discard" and int(number) == decision.seat:
                out.append(choice)
                continue
            top = view["commons"][int(number) - 1] if kind == "common" else view["discards"][int(number)]
            if top and fits[rank][_RANK_OF[top]]:
                out.append(choice)
        return out


class RandomBot:
    """Any physical placement, uniformly; in a window, calls Muggins with probability `call_rate`."""

    def __init__(self, rng: random.Random, call_rate: float = 0.5, **_: Any) -> None:
        self.rng = rng
        self.call_rate = call_rate

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        if decision.kind == "respond":
            standing = standing_answer(decision)
            calls = [c for c in choices if c is not standing]
            if calls and (standing is None or self.rng.random() < self.call_rate):
                return calls[0]
            return standing
        return choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


def register_players(register: Any) -> None:
    """Register the three kinds for this game, with their seat options (called from the plugin's hook)."""
    from muggins.players import PlayerOption

    games = ("muggins_shedding",)
    commons_words = {"cover": N_("who keeps the most ranks playable among fitting commons"),
                     "first": N_("who takes the first fitting common")}
    rule = PlayerOption("commons_rule", str, "cover", help=N_("among several fitting commons: cover (keep most ranks playable) or first"),
                        value_words=commons_words)
    register("expert", lambda rng, **kw: ExpertBot(rng, **kw),
             description=N_("always correct, calls every real error; among several fitting commons keeps the most ranks playable"),
             games=games, options=(rule,), words=N_("an expert"))
    register("novice", lambda rng, **kw: NoviceBot(rng, **kw),
             description=N_("errs with error_rate (default 0.1), calls a real error with attention (default 0.5)"),
             games=games, words=N_("a novice"), options=(
                 PlayerOption("error_rate", float, 0.1, min=0, max=1, help=N_("chance of misplacing a card"),
                              words=N_("who misplaces a card {rate}")),
                 PlayerOption("attention", float, 0.5, min=0, max=1, help=N_("chance of calling a real error"),
                              words=N_("who calls a real error {rate}")),
                 PlayerOption("commons_rule", str, "first", help=N_("among several fitting commons: cover or first"), value_words=commons_words),
             ))
    register("random", lambda rng, **kw: RandomBot(rng, **kw),
             description=N_("any physical placement; calls Muggins with call_rate (default 0.5)"),
             games=games, words=N_("a random player"),
             options=(PlayerOption("call_rate", float, 0.5, min=0, max=1, help=N_("chance of calling Muggins in a window"),
                                   words=N_("who calls Muggins in a window {rate}")),))
