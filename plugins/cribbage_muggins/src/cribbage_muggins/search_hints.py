"""What cribbage gives the search player (`muggins.search`): a prior over each decision's choices from the seat's view, and its defaults.

A discard is weighed by the exact advisor's figures (`analysis`: the kept
hand's expected show plus or minus the tabled crib value, the expert's own
reckoning), as `exp(net / DISCARD_TEMPERATURE)`, so discards within a point
of the best are tried and the hopeless ones seldom; a play by the expert's
pegging value (`bots.play_value`) as `exp(value / PLAY_TEMPERATURE)`; every
other decision (counts, calls) favours the expert's choice. The expert's
choice is always the heaviest, so a search that finds nothing better plays
as the expert. `Game.search_defaults` (in game.py, so listing games stays cheap) is what `search` with no options plays by:
expert rollouts (random ones lose almost every game to the expert; see
docs/games/cribbage_muggins.md for the measurement).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

from muggins.search.priors import favouring, softmax

from . import analysis
from .bots import _INDEX_OF_CARD, _INDEX_OF_CODE, ExpertBot, crib_is_ours, play_value, reply_chances, view_scorings

__all__ = ["search_prior", "DISCARD_TEMPERATURE", "PLAY_TEMPERATURE"]

DISCARD_TEMPERATURE = 1.0
"""Points of expected net per factor e between two discards' weights."""
PLAY_TEMPERATURE = 1.0
"""Points of pegging value per factor e between two plays' weights."""


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
        return softmax(values, str(expert), DISCARD_TEMPERATURE)
    if decision.kind == "play":
        seq, count = view["sequence"], view["count"]
        chances = reply_chances(view, seat)
        scoring = view_scorings(view)[1] if "peg_scoring" in view else None
        values = {str(o): play_value(seq, count, o.data, chances, scoring) for o in options}
        return softmax(values, str(expert), PLAY_TEMPERATURE)
    return favouring(expert, options)
