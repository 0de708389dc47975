"""The terms a fishing match is played by: stakes, settlement tariff and the kinds of claim offered.

This module owns `FishingTerms` (the antes, the survivor's reward, the
tariff that settles each collection and which kinds of claim a claim window
may take), `STANDARD_TERMS` (the seed's, as RULES.md settles them), the
kinds of claim (`CLAIM_KINDS`), and `house_rules` (once named `ask_terms`, still importable so), which calls the game's
three house-rule hooks once for a match, checks every answer, combines the
plugins key by key (the core's `muggins.houserules.combined_answers`, whose
wording every game shares) and refuses, in one line naming the plugins
(`muggins.HouseRuleError`), answers the game cannot use and any stakes and
tariff that could leave chips in the pot (or take more than it holds) at a
settlement. The answers arrive as bounded plain data the core has
already checked and copied (`muggins.houserules.plain_answer`: a hook
that raises or answers a callable, NaN or a number of thousands of digits
is refused there, naming the plugin). The terms are plain data: the state keeps them, saves them and
shows them in its view and events, so a saved match or a worker process
never needs the plugins again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from muggins import HouseRuleError, call_house_rules
from muggins.houserules import combined_answers
from muggins.i18n import N_, translator
from muggins.limits import clip

from .rules import ANTE_DEALER, ANTE_OTHER, PAR, PLAYERS, REWARD

# The game's catalogue, for the tariff and the kinds of claim as players read them; the refusals
# of a house-rule plugin's answers speak to its author and stay in English.
_translator = translator("willughby_fishing", package_file=__file__)
_, ngettext = _translator.gettext, _translator.ngettext

__all__ = [
    "FishingTerms", "STANDARD_TERMS", "CLAIM_KINDS", "STAKE_KEYS", "house_rules", "ask_terms", "terms_from_answers",
    "tariff_text", "HOOK_STAKES", "HOOK_TARIFF", "HOOK_CLAIMABLE",
]

HOOK_STAKES = "muggins_fishing_stakes"
HOOK_TARIFF = "muggins_fishing_tariff"
HOOK_CLAIMABLE = "muggins_fishing_claimable"

#: The stakes' keys, with the words conflict messages use for them.
STAKE_KEYS: dict[str, str] = {"ante_dealer": "the dealer's ante", "ante_other": "the others' ante", "reward": "the reward"}

#: Every kind of claim a window may take, with the words messages use for it.
CLAIM_KINDS: dict[str, str] = {
    "field_four": N_("a four of the layout the dealer did not take"),
    "left_pair": N_("the pair left on the table"),
    "laid_down_four": N_("a four in a hand laid down"),
    "laid_down_three": N_("a pair of a three in a hand laid down"),
    "laid_down_pair": N_("a laid-down pair whose other two cards are collected"),
    "other_pair": N_("the other pair (laid out of turn by its holder)"),
    "other_pair_capturer": N_("the capturer's own other pair"),
}

CARDS = 52
SIZES = range(0, CARDS + 1, 2)  # every size a collection can have
_STANDARD_PER_PAIR = 1
_STANDARD_EMPTY = -PAR // 2  # a collection of no cards pays a chip for each of the 4 pairs it lacks


@dataclass(frozen=True)
class FishingTerms:
    """The terms of one match (defaults: the standard ones).

    `ante_dealer` and `ante_other` are put in the pot at every deal, the
    reward is taken from it when the hand stops, and a collection of N cards
    settles `empty + per_pair × N / 2` chips (received when positive, paid
    when negative; standard: one per pair over or short of eight cards).
    `closed` names the kinds of claim (`CLAIM_KINDS`) no window offers.
    Terms made by hand are checked as a plugin's answers are: ValueError
    for an unknown kind of claim, negative stakes, or stakes and a tariff
    with which the pot would not empty at every settlement.
    """

    ante_dealer: int = ANTE_DEALER
    ante_other: int = ANTE_OTHER
    reward: int = REWARD
    per_pair: int = _STANDARD_PER_PAIR
    empty: int = _STANDARD_EMPTY
    closed: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        unknown = sorted(set(self.closed) - set(CLAIM_KINDS))
        if unknown:
            raise ValueError(f"no kind of claim {', '.join(map(repr, unknown))}; the kinds are {', '.join(CLAIM_KINDS)}")
        object.__setattr__(self, "closed", frozenset(self.closed))
        if min(self.ante_dealer, self.ante_other, self.reward) < 0:
            raise ValueError(f"stakes are 0 chips or more, not {self.stakes_dict()}")
        left = self.pot - self.reward
        settled = PLAYERS * self.empty + CARDS // 2 * self.per_pair
        if left < 0 or settled != left:
            raise ValueError(f"these terms cannot empty the pot: the antes ({self.pot}) less the reward ({self.reward}) leave {left}, "
                             f"but the tariff settles {settled:+d} for every split of the 52 cards")

    @property
    def pot(self) -> int:
        """The chips in the pot once a deal's antes are in."""
        return self.ante_dealer + (PLAYERS - 1) * self.ante_other

    def antes(self, dealer: int) -> list[int]:
        """Each seat's ante for a deal dealt by `dealer`."""
        return [self.ante_dealer if s == dealer else self.ante_other for s in range(PLAYERS)]

    def chips(self, size: int) -> int:
        """What a collection of `size` cards receives (+) or pays (−) at the settlement."""
        return self.empty + self.per_pair * (size // 2)

    def settlement(self, sizes: Sequence[int]) -> list[int]:
        """The chips of each collection of `sizes`."""
        return [self.empty + self.per_pair * (size // 2) for size in sizes]

    def tariff(self) -> dict[int, int]:
        """The whole tariff, collection size -> chips, as `muggins_fishing_tariff` would give it."""
        return {n: self.chips(n) for n in SIZES}

    def claimable(self, kind: str) -> bool:
        """Whether a claim window may take `kind` (a key of `CLAIM_KINDS`)."""
        return kind not in self.closed

    @property
    def standard(self) -> bool:
        return self == STANDARD_TERMS

    def tariff_text(self) -> str:
        """The settlement in words: `a chip for each pair over or short of 8 cards`."""
        return tariff_text(self.per_pair, self.empty)

    # -- plain data -------------------------------------------------------
    def stakes_dict(self) -> dict[str, int]:
        return {"ante_dealer": self.ante_dealer, "ante_other": self.ante_other, "reward": self.reward}

    def tariff_dict(self) -> dict[str, int]:
        return {"per_pair": self.per_pair, "empty": self.empty}

    def to_dict(self) -> dict[str, Any]:
        """`{"stakes": {...}, "tariff": {"per_pair": 1, "empty": -4}, "claimable": {kind: bool, ...}}`."""
        return {"stakes": self.stakes_dict(), "tariff": self.tariff_dict(),
                "claimable": {kind: kind not in self.closed for kind in CLAIM_KINDS}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FishingTerms":
        stakes, tariff = data["stakes"], data["tariff"]
        return cls(int(stakes["ante_dealer"]), int(stakes["ante_other"]), int(stakes["reward"]),
                   int(tariff["per_pair"]), int(tariff["empty"]),
                   frozenset(kind for kind, on in data["claimable"].items() if not on))


STANDARD_TERMS = FishingTerms()


def tariff_text(per_pair: int, empty: int) -> str:
    """A tariff of `empty + per_pair × pairs` chips in words, as the settlement banner says it (in the player's language)."""
    n = abs(per_pair)
    if per_pair == 0:
        if empty == 0:
            return _("no chips for any collection")
        chips = _chips(abs(empty))
        return (_("{chips} to every collection") if empty > 0 else _("{chips} from every collection")).format(chips=chips)
    # One message per wording: "a chip" and "N chips" agree with what follows in other languages.
    if empty % per_pair == 0 and 0 <= -empty // per_pair <= CARDS // 2:
        par = 2 * (-empty // per_pair)
        if per_pair > 0:
            return ngettext("a chip for each pair over or short of {par} cards", "{n} chips for each pair over or short of {par} cards",
                            n).format(n=n, par=par)
        return ngettext("a chip paid for each pair over {par} cards, won for each pair short",
                        "{n} chips paid for each pair over {par} cards, won for each pair short", n).format(n=n, par=par)
    values = {"n": n, "chips": _chips(abs(empty))}
    if per_pair > 0:
        text = ngettext("a chip won for each pair, plus {chips} a collection", "{n} chips won for each pair, plus {chips} a collection", n) \
            if empty > 0 else ngettext("a chip won for each pair, less {chips} a collection", "{n} chips won for each pair, less {chips} a collection", n)
    else:
        text = ngettext("a chip paid for each pair, plus {chips} a collection", "{n} chips paid for each pair, plus {chips} a collection", n) \
            if empty > 0 else ngettext("a chip paid for each pair, less {chips} a collection", "{n} chips paid for each pair, less {chips} a collection", n)
    return text.format(**values)


def _chips(n: int) -> str:
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


# -- asking the plugins --------------------------------------------------------------
def house_rules(game: Any, rules: Any, players: int = PLAYERS) -> FishingTerms:
    """The terms of a match of `game` under `rules`: every in-force plugin's answers, checked and combined.

    Calls the three hooks once each, through `muggins.call_house_rules`
    (so the rules' `[plugins]` switches decide who is asked). With no
    plugin answering, the standard terms, without further work.
    HouseRuleError (one line naming the plugins) for an answer the game
    cannot use, two plugins setting one value differently, or stakes and
    a tariff that cannot empty the pot at every settlement.
    """
    stakes = call_house_rules(game, HOOK_STAKES, rules=rules, players=players)
    tariff = call_house_rules(game, HOOK_TARIFF, rules=rules, players=players)
    claimable = call_house_rules(game, HOOK_CLAIMABLE, rules=rules, players=players)
    if not (stakes or tariff or claimable):
        return STANDARD_TERMS
    return terms_from_answers(stakes, tariff, claimable)


def terms_from_answers(stakes: Iterable[Any], tariff: Iterable[Any], claimable: Iterable[Any]) -> FishingTerms:
    """The terms made of the three hooks' answers (`muggins.HouseRuleAnswer`s, in plugin-name order).

    Each plugin sets the keys it names, the standard holds for the rest;
    see `house_rules` for what is refused.
    """
    stake_values, stake_setters = _combine(HOOK_STAKES, stakes, _stake_item, "a mapping of ante_dealer, ante_other, reward to chips",
                                           lambda key: STAKE_KEYS[key], str)
    tariff_values, tariff_setters = _combine(HOOK_TARIFF, tariff, _tariff_item, "a mapping of collection sizes to chips",
                                             lambda size: f"the chips of a collection of {size} cards", str)
    claim_values, _ = _combine(HOOK_CLAIMABLE, claimable, _claim_item, "a mapping of kinds of claim to true or false",
                               lambda kind: f"whether {CLAIM_KINDS[kind]} is claimable", lambda on: "true" if on else "false")
    stake = {**STANDARD_TERMS.stakes_dict(), **stake_values}
    table = {n: STANDARD_TERMS.chips(n) for n in SIZES}
    table.update(tariff_values)
    per_pair, empty = _affine(table, stake, sorted(set(stake_setters.values())), sorted(set(tariff_setters.values())))
    closed = frozenset(kind for kind, on in claim_values.items() if not on)
    return FishingTerms(stake["ante_dealer"], stake["ante_other"], stake["reward"], per_pair, empty, closed)


def _combine(hook: str, answers: Iterable[Any], check: Callable[[str, str, Any, Any], tuple[Any, Any]], expected: str,
             label: Callable[[Any], str], show: Callable[[Any], str]) -> tuple[dict, dict]:
    """The keys the answers set (checked by `check`) and which plugin set each; conflicts refused (the core's combining)."""
    return combined_answers(answers, hook, expected=expected, label=label, item=check, show=show)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stake_item(plugin: str, hook: str, key: Any, value: Any) -> tuple[str, int]:
    if key not in STAKE_KEYS:
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} has no key {clip(repr(key), 40)}; "
                             f"the keys are {', '.join(STAKE_KEYS)}")
    if not _whole(value) or value < 0:
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} sets {key} to {clip(repr(value), 40)}; "
                             "stakes are whole numbers of chips, 0 or more")
    return key, value


def _tariff_item(plugin: str, hook: str, key: Any, value: Any) -> tuple[int, int]:
    if not _whole(key) or key % 2 or not 0 <= key <= CARDS:
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} names a collection of {clip(repr(key), 40)} cards; "
                             f"a collection holds an even number of cards, 0 to {CARDS}")
    if not _whole(value):
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} gives a collection of {key} cards {clip(repr(value), 40)}; "
                             "the tariff gives whole numbers of chips (negative: paid)")
    return key, value


def _claim_item(plugin: str, hook: str, key: Any, value: Any) -> tuple[str, bool]:
    if key not in CLAIM_KINDS:
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} has no kind of claim {clip(repr(key), 40)}; "
                             f"the kinds are {', '.join(CLAIM_KINDS)}")
    if not isinstance(value, bool):
        raise HouseRuleError(f"house-rule plugin {plugin!r}: {hook} sets {key} to {clip(repr(value), 40)}; use true or false")
    return key, value


def _named(plugins: Sequence[str]) -> str:
    """`house-rule plugin 'a'`, `house-rule plugins 'a' and 'b'`, `... 'a', 'b' and 'c'`."""
    quoted = [repr(p) for p in plugins]
    if len(quoted) == 1:
        return f"house-rule plugin {quoted[0]}"
    return f"house-rule plugins {', '.join(quoted[:-1])} and {quoted[-1]}"


def _sizes(split: Sequence[int]) -> str:
    return f"{', '.join(str(n) for n in split[:-1])} and {split[-1]} cards"


def _affine(table: Mapping[int, int], stake: Mapping[str, int], stakers: Sequence[str], tariffers: Sequence[str]) -> tuple[int, int]:
    """(per_pair, empty) of `table`, once it is shown to empty the pot for every split of the 52 cards.

    A refusal names the plugins at fault: those setting the stakes for a
    reward the antes cannot pay, those setting the tariff for a table no
    stakes could settle, and both for a total the stakes do not match.

    Five collections of n1 … n5 pairs (n1 + … + n5 = 26) always settle the
    same total exactly when each pair more adds the same chips at every
    size: moving one pair from one collection to another then changes
    nothing, and any split reaches any other by such moves; conversely, if
    the step from k to k + 1 pairs differs from the step from 0 to 1, the
    splits (k + 1, 0, 25 − k, 0, 0) and (k, 1, 25 − k, 0, 0) settle
    differently. So checking the steps and one total is exact.
    """
    pot = stake["ante_dealer"] + (PLAYERS - 1) * stake["ante_other"]
    left = pot - stake["reward"]
    if left < 0:
        raise HouseRuleError(f"{_named(stakers)}: the reward ({stake['reward']}) is more than the antes put in the pot ({pot}); "
                             "the pot would run dry before the settlement")
    empty = table[0]
    per_pair = table[2] - empty
    pairs = CARDS // 2
    for k in range(1, pairs):
        if table[2 * k + 2] - table[2 * k] != per_pair:
            one = (2 * k + 2, 0, CARDS - 2 - 2 * k, 0, 0)
            other = (2 * k, 2, CARDS - 2 - 2 * k, 0, 0)
            paid = [sum(table[n] for n in split) for split in (one, other)]
            raise HouseRuleError(
                f"{_named(tariffers)}: the tariff cannot empty the pot for every split of the 52 cards: collections of "
                f"{_sizes(one)} settle {paid[0]:+d} chips but {_sizes(other)} settle {paid[1]:+d}, and the antes less the "
                f"reward leave {left} (each pair more must be worth the same chips at every size)")
    total = PLAYERS * empty + pairs * per_pair
    if total != left:
        raise HouseRuleError(
            f"{_named(sorted(set(stakers) | set(tariffers)))}: the stakes and the tariff cannot empty the pot: the antes ({pot}) less the reward "
            f"({stake['reward']}) leave {left} chip{'' if left == 1 else 's'}, but the tariff settles {total:+d} for every split of the 52 cards; "
            f"{_what_would(stake, pot, total, left, per_pair)}")
    return per_pair, empty


def _what_would(stake: Mapping[str, int], pot: int, total: int, left: int, per_pair: int) -> str:
    """Working numbers for stakes and a tariff that do not match: stakes that fit this tariff, and a tariff that fits these stakes.

    Stakes: these antes with another reward when the pot can pay it, else the
    antes multiplied by the fewest whole times that can (double stakes for
    two chips a pair). Tariff: the chips per pair nearest this one's for
    which a whole number of chips a collection settles exactly what the
    stakes leave, as a plugin answers it (`{n: ... for n in range(0, 53, 2)}`).
    Short, since the whole refusal is one error line.
    """
    stakes = None  # a tariff paying into the pot on balance: no reward taken from it can match
    if 0 <= total <= pot:
        stakes = f"reward {pot - total}"
    elif total > pot and pot:
        times = -(-total // pot)
        stakes = f"antes {stake['ante_dealer'] * times} and {stake['ante_other'] * times}, reward {pot * times - total}"
    pairs = CARDS // 2
    fitting = sorted((p for p in range(0, 2 * abs(per_pair) + 6) if (left - pairs * p) % PLAYERS == 0),
                     key=lambda p: (abs(p - per_pair), p))
    tariff = None
    if fitting:
        chosen = fitting[0]
        empty = (left - pairs * chosen) // PLAYERS
        pays = "n // 2" if chosen == 1 else "0" if chosen == 0 else f"n // 2 * {chosen}"
        shown = pays if empty == 0 else f"{pays} - {-empty}" if empty < 0 else f"{pays} + {empty}"
        tariff = f"{{n: {shown} for n in range(0, 53, 2)}}"
    fixes = [f"stakes that fit this tariff: {stakes}" if stakes else None, f"a tariff that fits these stakes: {tariff}" if tariff else None]
    return "; ".join(f for f in fixes if f) or "other stakes or another tariff would"


#: The name `house_rules` had before the three games shared one.
ask_terms = house_rules
