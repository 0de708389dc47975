"""What cribbage gives the search player (`muggins.search`): a prior over each decision's choices from the seat's view, and its defaults.

A discard is weighed by the exact advisor's figures (`analysis`: the kept
hand's expected show plus or minus the tabled crib value, the expert's own
reckoning), as `exp(net / DISCARD_TEMPERATURE)`, so discards within a point
of the best are tried and the hopeless ones seldom; a play by the expert's
pegging value (`bots.play_value`) as `exp(value / PLAY_TEMPERATURE)`; every
other decision (counts, calls) favours the expert's choice. The expert's
choice is always the heaviest, so a search that finds nothing better plays
as the expert. The prior asks for every discard and play to be searched
at `LATE_EFFORT` times the seat's simulations, with a smaller margin for
departing from the expert (`LATE_MARGIN`), once a side is within
`LATE_NEED` points of the target: with `LATE_NEED` at 1000 (no target is
higher) that is from the first deal. Searched late only (from 90 of 121,
`LATE_NEED` 31) it tied the expert over 600 paired matches; searched
throughout it wins (+0.030 of the games over 930 pairs, the interval clear
of 0; docs/games/cribbage_muggins.md). Counts and calls are the expert's,
unsearched (an effort of 0: `muggins.search.priors.Prior`). `Game.search_defaults` (in game.py, so listing games stays cheap) is what `search` with no options plays by:
expert rollouts (random ones lose almost every game to the expert; see
docs/games/cribbage_muggins.md for the measurement).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

from muggins.search.priors import Prior, favouring, softmax

from . import analysis
from .bots import _INDEX_OF_CARD, _INDEX_OF_CODE, ExpertBot, crib_is_ours, play_value, reply_chances, view_scorings

__all__ = ["search_prior", "is_late", "DISCARD_TEMPERATURE", "PLAY_TEMPERATURE", "LATE_NEED", "LATE_EFFORT", "LATE_MARGIN", "LATE_KINDS"]

DISCARD_TEMPERATURE = 1.0
"""Points of expected net per factor e between two discards' weights."""
PLAY_TEMPERATURE = 1.0
"""Points of pegging value per factor e between two plays' weights."""
LATE_KINDS = frozenset({"discard", "play"})
"""The decision kinds searched late in the game (calls and counts: the expert's choice at every stage)."""
LATE_NEED = 1000
"""The search looks once a side needs at most this many points: 1000, more than any target, searches from the first deal (31 searched from 90 of 121 only)."""
LATE_EFFORT = 4.0
"""Times the seat's simulations spent on a decision late in the game."""
LATE_MARGIN = 0.25
"""Late in the game, the search departs from the expert once another choice has this much more of the visits."""


def is_late(view: Mapping[str, Any]) -> bool:
    """Whether a side is within `LATE_NEED` points of the target, where winning and the most points part ways."""
    return view["target"] - max(view["scores"]) <= LATE_NEED


def _paced(weights: dict[str, float], view: Mapping[str, Any], kind: str) -> Prior:
    return Prior(weights, LATE_EFFORT, LATE_MARGIN) if kind in LATE_KINDS and is_late(view) else Prior(weights, 0.0)


def discard_nets(view: Mapping[str, Any], seat: int) -> dict[tuple[int, ...], float]:
    """Every discard's expected net (hand plus or minus crib), keyed by the sorted card indices laid, as `analysis.best_discard_indices` reckons it."""
    indices = [_INDEX_OF_CODE[c] for c in view["hand"]]
    show = view_scorings(view)[0] if "show_scoring" in view else None
    standard = show is None or show.standard
    laid_count = len(indices) - 4
    table = analysis._crib_table(laid_count, None if standard else show)
    by_rank, by_suit = [4] * 14, [13] * 4
    for i in indices:
        by_rank[analysis.INDEX_RANK[i]] -= 1
        by_suit[analysis.INDEX_SUIT[i]] -= 1
    unseen_total = 52 - len(set(indices))
    sign = 1.0 if crib_is_ours(view, seat) else -1.0
    nets = {}
    for laid in combinations(indices, laid_count):
        keep = [i for i in indices if i not in laid]
        if laid_count == 2:
            a, b = laid
            ra, rb = analysis.INDEX_RANK[a], analysis.INDEX_RANK[b]
            key = (min(ra, rb), max(ra, rb), analysis.INDEX_SUIT[a] == analysis.INDEX_SUIT[b])
        else:
            key = (analysis.INDEX_RANK[laid[0]], False)
        if standard:
            hand = analysis._expected_hand(keep, by_rank, by_suit, unseen_total)
        else:
            hand = analysis._hand_points_scored(keep, by_rank, by_suit, unseen_total, show) / unseen_total
        nets[tuple(sorted(laid))] = hand + sign * table[key]
    return nets


def search_prior(view: Mapping[str, Any], decision: Any, seat: int) -> dict[str, float] | None:
    """Weights for the search's root over `decision.correct`, from `view` alone (see the module's docstring)."""
    options = decision.correct
    if len(options) < 2:
        return None
    expert = ExpertBot(seat=seat).choose(view, decision)
    if decision.kind == "discard":
        nets = discard_nets(view, seat)
        values = {str(o): nets[tuple(sorted(_INDEX_OF_CARD[id(c)] for c in o.data))] for o in options}
        return _paced(softmax(values, str(expert), DISCARD_TEMPERATURE), view, decision.kind)
    if decision.kind == "play":
        seq, count = view["sequence"], view["count"]
        chances = reply_chances(view, seat)
        scoring = view_scorings(view)[1] if "peg_scoring" in view else None
        values = {str(o): play_value(seq, count, o.data, chances, scoring) for o in options}
        return _paced(softmax(values, str(expert), PLAY_TEMPERATURE), view, decision.kind)
    return _paced(favouring(expert, options), view, decision.kind)
