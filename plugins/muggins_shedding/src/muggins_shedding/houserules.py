"""The shedding game's house rules from plugins: what its hooks answered for one match, checked and combined.

This module owns `SheddingHouseRules` — the plain data the game's four
hooks decide for a match (extra touching rank pairs, pairs parted, the order
of priority among destinations, the penalty cards each donor gives) and keeps in the
state, its records and its view — `house_rules`, which asks them for a
match (the name every shipped game gives its house-rule entry), and the functions that ask the hooks
through `muggins.call_house_rules`, check each plugin's answer and combine
the answers: rank pairs added by every plugin are united, then the pairs any
plugin parts are taken away (taking away wins: `touching`); a destination order or a
penalty set differently by two plugins is a conflict naming both (the
core's `single_answer` and its wording, as in every game). The
answers arrive as bounded plain data the core has already checked and
copied (`muggins.houserules.plain_answer`: a hook that raises or answers
a callable, NaN or a number of thousands of digits is refused there,
naming the plugin), so the checks here are the game's own. An answer the
game cannot use is a one-line `HouseRuleError` naming the plugin, raised
when the match is created. Nothing here runs in the play
loop, and the module imports nothing heavy, so `muggins list` stays quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from muggins import call_house_rules
from muggins.houserules import answer_refused, single_answer
from muggins.limits import clip

__all__ = [
    "SheddingHouseRules", "DESTINATION_KINDS", "STANDARD_ORDER", "STANDARD_PENALTY", "MAX_PENALTY",
    "ADJACENT_HOOK", "PARTED_HOOK", "ORDER_HOOK", "PENALTY_HOOK", "ONE_APART",
    "normalise_pairs", "touching", "rank_fits", "parted_pairs", "normalise_order", "check_penalty", "order_to_data", "order_from_data",
    "adjacent_pairs", "destination_order", "penalty_cards", "order_words", "from_mapping", "house_rules",
]

ADJACENT_HOOK = "muggins_shedding_adjacent_ranks"
PARTED_HOOK = "muggins_shedding_parted_ranks"
ORDER_HOOK = "muggins_shedding_destination_order"
PENALTY_HOOK = "muggins_shedding_penalty_cards"

#: The kinds of destination a fitting card may go to, in the order a tier lists them.
DESTINATION_KINDS = ("common", "opponent", "own")
#: RULES.md item 3: a fitting common pile, else the first fitting opponent discard, else one's own discard.
STANDARD_ORDER: tuple[tuple[str, ...], ...] = (("common",), ("opponent",), ("own",))
#: The seed's touching pairs: ranks one apart, A-2 … Q-K (no wrap).
ONE_APART: tuple[tuple[int, int], ...] = tuple((r, r + 1) for r in range(1, 13))
#: RULES.md item 5: each other player gives one card.
STANDARD_PENALTY = 1
#: More cards than the pack holds is no rule a table plays.
MAX_PENALTY = 52


@dataclass(frozen=True)
class SheddingHouseRules:
    """What the house-rule plugins in force decided for one match (the defaults: the standard game).

    `adjacent`: extra touching rank pairs, sorted `(low, high)` tuples;
    `order`: tiers of destination kinds, highest priority first (see
    `normalise_order`); `penalty`: cards each donor gives on an upheld call;
    `parted`: pairs one rank apart that no longer touch. Built by `touching`,
    `adjacent` holds no parted pair and `parted` only pairs one rank apart,
    so two answers that play alike compare equal.
    """

    adjacent: tuple[tuple[int, int], ...] = ()
    order: tuple[tuple[str, ...], ...] = STANDARD_ORDER
    penalty: int = STANDARD_PENALTY
    parted: tuple[tuple[int, int], ...] = ()

    @property
    def standard_order(self) -> bool:
        return self.order == STANDARD_ORDER

    @property
    def standard_penalty(self) -> bool:
        return self.penalty == STANDARD_PENALTY


# -- checking one answer --------------------------------------------------------------
def normalise_pairs(pairs: Iterable[Iterable[int]]) -> tuple[tuple[int, int], ...]:
    """Sorted, de-duplicated (low, high) rank pairs; ValueError for a bad pair."""
    if pairs == ():
        return ()
    found = set()
    for pair in pairs:
        try:
            if isinstance(pair, (str, bytes)):  # "12" would otherwise read as ranks 1 and 2
                raise TypeError
            a, b = (int(x) for x in pair)
        except (TypeError, ValueError):
            raise ValueError(f"each pair must be two ranks 1..13 (A..K), not {clip(repr(pair))}") from None
        if not (1 <= a <= 13 and 1 <= b <= 13):
            raise ValueError(f"adjacent ranks must be 1..13 (A..K), not {a} and {b}")
        if a == b:
            raise ValueError(f"equal ranks never fit (rank {a} paired with itself)")
        found.add((min(a, b), max(a, b)))
    return tuple(sorted(found))


def touching(added: Iterable[Iterable[int]], parted: Iterable[Iterable[int]]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """`(extra, parted)` as a match plays them: the added pairs united, less every parted pair (taking away wins).

    `extra` keeps the added pairs no plugin parts; `parted` keeps the
    parted pairs one rank apart (a parted pair that touches neither way is
    no change, and is dropped). ValueError for a bad pair.
    """
    added, parted = normalise_pairs(added), normalise_pairs(parted)
    if not parted:
        return added, ()
    gone = set(parted)
    return tuple(p for p in added if p not in gone), tuple(p for p in parted if p in ONE_APART)


def rank_fits(extra: Iterable[Iterable[int]] = (), parted: Iterable[Iterable[int]] = ()) -> list[list[bool]]:
    """fits[a][b]: rank a touches rank b (1..13): one apart or an extra pair, less the parted pairs (taking away wins)."""
    ranks = [[abs(a - b) == 1 for b in range(14)] for a in range(14)]
    for a, b in extra:
        ranks[a][b] = ranks[b][a] = True
    for a, b in parted:
        ranks[a][b] = ranks[b][a] = False
    return ranks


def normalise_order(value: Any) -> tuple[tuple[str, ...], ...]:
    """A destination order as tiers of kinds, each tier in `DESTINATION_KINDS` order; ValueError if unusable.

    `value` lists kinds (`"common"`, `"opponent"`, `"own"`) highest priority
    first; an item may be a list of kinds of equal priority (a tier: the
    mover chooses among every fitting pile of the tier). Each kind at most
    once; `"own"` left out behaves as if listed last, so it is added there.
    An order naming neither `"common"` nor `"opponent"` is refused: no card
    could ever leave its owner, so no hand could be won.
    """
    if value is STANDARD_ORDER:  # every match without a plugin: skip the checks (typing's isinstance is slow)
        return STANDARD_ORDER
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError(f"the order must be a list of destination kinds such as ['common', 'own', 'opponent'], not {clip(repr(value))}")
    tiers: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for item in value:
        kinds = [item] if isinstance(item, str) else item
        if isinstance(kinds, (str, bytes)) or not isinstance(kinds, Sequence) or not kinds:
            raise ValueError(f"each item of the order must be a kind or a non-empty list of kinds, not {clip(repr(item))}")
        for kind in kinds:
            if kind not in DESTINATION_KINDS:
                raise ValueError(f"unknown destination kind {clip(repr(kind))}; the kinds are 'common', 'opponent', 'own'")
            if kind in seen:
                raise ValueError(f"the order lists {kind!r} twice")
            seen.add(kind)
        tiers.append(tuple(k for k in DESTINATION_KINDS if k in kinds))
    if not seen & {"common", "opponent"}:
        raise ValueError("the order names neither 'common' nor 'opponent', so no card could leave its owner and no hand be won")
    if "own" not in seen:
        tiers.append(("own",))
    return tuple(tiers)


def check_penalty(value: Any) -> int:
    """A number of penalty cards per donor, 0 (no penalty) … `MAX_PENALTY`; ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"the penalty must be a whole number of cards, not {clip(repr(value))}")
    if value < 0:
        raise ValueError(f"{value} penalty cards: the penalty must be 0 (none) or more")
    if value > MAX_PENALTY:
        raise ValueError(f"{value} penalty cards: at most {MAX_PENALTY} (the whole pack)")
    return int(value)


def order_to_data(order: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    """The order as JSON-ready data, as records and views carry it: `[["common"], ["opponent"], ["own"]]`."""
    return [list(tier) for tier in order]


def order_from_data(data: Any) -> tuple[tuple[str, ...], ...]:
    """The order from saved data (the standard order when absent, as in states saved before it existed)."""
    return STANDARD_ORDER if data is None else normalise_order(data)


_KIND_WORDS = {"common": "a fitting common pile", "opponent": "the first fitting opponent discard clockwise",
               "own": "your own discard if it fits"}


def order_words(order: Sequence[Sequence[str]]) -> str:
    """The order in words: `a fitting common pile; else your own discard if it fits; else …; else your own discard`."""
    tiers = [" or ".join(_KIND_WORDS[k] for k in tier) + (" (your choice)" if len(tier) > 1 else "") for tier in order]
    if list(order[-1]) == ["own"]:
        tiers[-1] = "your own discard"
    else:
        tiers.append("your own discard")
    return "; else ".join(tiers)


# -- asking the hooks -------------------------------------------------------------------
# The refusal, the single-value combining and the conflict message are the core's (muggins.houserules), as in every game.
_refuse = answer_refused


def adjacent_pairs(game: Any, rules: Any, players: int) -> list[tuple[int, int]]:
    """Every in-force plugin's extra touching pairs, in plugin-name order, as returned (each plugin's checked)."""
    return _pairs(game, ADJACENT_HOOK, rules, players, "[(13, 1)]")


def parted_pairs(game: Any, rules: Any, players: int) -> list[tuple[int, int]]:
    """Every in-force plugin's pairs that no longer touch (`muggins_shedding_parted_ranks`), in plugin-name order, each plugin's checked."""
    return _pairs(game, PARTED_HOOK, rules, players, "[(12, 13)]")


def _pairs(game: Any, hook: str, rules: Any, players: int, example: str) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for answer in call_house_rules(game, hook, rules=rules, players=players):
        if answer.value is None:
            continue
        try:
            found = [tuple(p) for p in answer.value]
        except TypeError:
            raise _refuse(answer.plugin, hook, f"must return a list of rank pairs such as {example}, not {answer.value!r}") from None
        try:
            normalise_pairs(found)
        except ValueError as exc:
            raise _refuse(answer.plugin, hook, exc) from None
        pairs.extend(found)  # type: ignore[arg-type]
    return pairs


def destination_order(game: Any, rules: Any, players: int) -> tuple[tuple[str, ...], ...]:
    """The destination order the in-force plugins set (normalised), or the standard order."""
    answers = call_house_rules(game, ORDER_HOOK, rules=rules, players=players)
    chosen = single_answer(answers, ORDER_HOOK, "the destination order", normalise_order, order_to_data)
    return STANDARD_ORDER if chosen is None else chosen[1]


def penalty_cards(game: Any, rules: Any, players: int) -> int:
    """The penalty cards per donor the in-force plugins set, or `STANDARD_PENALTY`."""
    answers = call_house_rules(game, PENALTY_HOOK, rules=rules, players=players)
    chosen = single_answer(answers, PENALTY_HOOK, "the penalty cards per donor", check_penalty, str)
    return STANDARD_PENALTY if chosen is None else chosen[1]


def house_rules(game: Any, rules: Any, players: int) -> SheddingHouseRules:
    """Everything the house-rule plugins in force decide for a match of `game`, checked: a `SheddingHouseRules`.

    Built from the game's `adjacent_pairs`, `parted_pairs` (a variant
    without it parts nothing), `destination_order` and `penalty_cards`, so
    a variant made by subclassing the game may override any one of them.
    """
    parting = getattr(game, "parted_pairs", None)
    extra, parted = touching(game.adjacent_pairs(rules, players), parting(rules, players) if parting is not None else ())
    return SheddingHouseRules(
        extra,
        normalise_order(game.destination_order(rules, players)),
        check_penalty(game.penalty_cards(rules, players)),
        parted,
    )


def from_mapping(data: Mapping[str, Any]) -> SheddingHouseRules:
    """The house rules from a saved state's fields `extra`, `order`, `penalty`, `parted` (the last three may be absent)."""
    extra, parted = touching(data.get("extra", ()), data.get("parted", ()))
    return SheddingHouseRules(extra, order_from_data(data.get("order")),
                              check_penalty(data.get("penalty", STANDARD_PENALTY)), parted)
