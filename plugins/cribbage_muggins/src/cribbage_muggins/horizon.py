"""The cribbage search horizon: what a simulation that stops at the end of a deal returns to each seat.

A search player (`muggins.search`) that plays every simulation to 121
cannot tell apart discards or pegging cards a few points apart; stopped at
the end of the deal it is searching, the points of that deal are most of
what its returns say. `CribbageState.horizon_returns(origin, returns)`
calls `returns_at_horizon` here once the deal of `origin` (the position
searched) is over. Two estimates, chosen by the search's `returns`:

- `wins`: each side's chance of winning from the new deal's position, a
  logistic in the points each side still needs, `sqrt`-scaled by how far
  the game has to go, with a bonus for the side about to deal:
  for two sides P(A) = sigmoid((HORIZON_SLOPE * (need_B - need_A) +
  HORIZON_DEAL * d) / sqrt(need_A + need_B)), d = +1 when A deals next, -1
  when B does; for three sides the softmax of the same logits. The
  coefficients are fitted to two-player expert games to 121 by
  `scripts/cribbage_win_estimate.py` (which prints the fit and its held-out
  log loss). In lowball, where the side that reaches the target loses,
  each other side shares that side's chance.
- `scores`: the points difference of the deal: each seat's side's points
  since `origin` less the mean of the other sides', scaled by
  `HORIZON_POINTS` and clipped to 0..1 around 0.5.

A seat's return is its side's (partners share); the figures are
estimates of a win share, in 0..1, like a finished match's returns.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["HORIZON_SLOPE", "HORIZON_DEAL", "HORIZON_POINTS", "returns_at_horizon", "win_estimate"]

HORIZON_SLOPE = 1.23
"""Logit per point of need difference, per sqrt of the points both still need (scripts/cribbage_win_estimate.py)."""
HORIZON_DEAL = 2.94
"""Logit of dealing the next deal, per sqrt of the points both still need (scripts/cribbage_win_estimate.py)."""
HORIZON_POINTS = 30.0
"""The points difference of a deal that `scores` maps to 0 or 1 (0.5 for none)."""


def win_estimate(needs: list[int], dealer_side: int, lowball: bool = False) -> list[float]:
    """Each side's estimated chance of winning, from the points each still needs and the side about to deal."""
    needs = [max(n, 1) for n in needs]
    spread = math.sqrt(sum(needs) * 2 / len(needs))
    logits = [(-HORIZON_SLOPE * n + (HORIZON_DEAL if side == dealer_side else 0.0)) / spread for side, n in enumerate(needs)]
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    first = [w / total for w in weights]  # the chance that each side reaches the target first
    if not lowball:
        return first
    others = len(needs) - 1
    return [sum(p for other, p in enumerate(first) if other != side) / others for side in range(len(needs))]


def returns_at_horizon(state: Any, origin: Any, returns: str) -> list[float]:
    """One return per seat of `state`, a position at the end of `origin`'s deal (see the module docstring)."""
    side_of, seats = state.side_of, range(state.players)
    if returns == "scores":
        gains = [now - then for now, then in zip(state.scores, origin.scores)]
        total, sides = sum(gains), len(gains)
        by_side = []
        for side, gain in enumerate(gains):
            difference = gain - (total - gain) / (sides - 1)
            if state.rules.lowball:
                difference = -difference
            by_side.append(min(1.0, max(0.0, 0.5 + difference / (2 * HORIZON_POINTS))))
        return [by_side[side_of(s)] for s in seats]
    chances = win_estimate([state.target - x for x in state.scores], side_of(state.dealer), state.rules.lowball)
    return [chances[side_of(s)] for s in seats]
