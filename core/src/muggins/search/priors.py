"""Small builders of search priors for games' `Game.search_prior`: an expert's choice favoured, or values made weights, its favourite kept on top.

A prior is a weight per choice text (`muggins.search.player`). `favouring`
gives one choice (an expert's) `share` of the weight and spreads the rest
evenly over every choice (`choice_favoured`: a bot's choice among the
correct ones, the prior of a game whose expert is its best guess);
`softmax` turns a value per choice (a game's
estimate, in its own unit) into weights `exp(value / temperature)` and lifts
a named favourite just above the heaviest, so that the search's fallback
is exactly the expert's choice even where two values tie. A game may
hand back a `Prior` (a dict of the same weights) to say, too, how hard
this decision is worth searching: `effort` scales the seat's budget of
simulations (0: answer the favourite without simulating, where the game
knows its expert is as good as search gets) and `margin`, where given,
replaces the seat's margin for departing from the favourite. Nothing here
knows about games.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

__all__ = ["Prior", "favouring", "choice_favoured", "softmax"]


class Prior(dict):
    """Weights by choice text, as a plain prior, with how hard to search: `effort` times the seat's simulations, and a `margin` (None: the seat's)."""

    def __init__(self, weights: Mapping[str, float], effort: float = 1.0, margin: float | None = None) -> None:
        super().__init__(weights)
        if not math.isfinite(effort) or effort < 0:
            raise ValueError(f"a prior's effort is a finite number, not negative, not {effort!r}")
        if margin is not None and (not math.isfinite(margin) or margin < 0):
            raise ValueError(f"a prior's margin is a finite number, not negative, not {margin!r}")
        self.effort = effort
        self.margin = margin


def favouring(chosen: Any, options: Sequence[Any], share: float = 0.5) -> dict[str, float]:
    """`share` of the weight on `chosen`, the rest spread evenly over all `options` (chosen included), by text."""
    spread = (1.0 - share) / len(options)
    weights = {str(option): spread for option in options}
    weights[str(chosen)] = weights.get(str(chosen), 0.0) + share
    return weights


def choice_favoured(bot: Any, view: Mapping[str, Any], decision: Any, share: float = 0.5) -> dict[str, float] | None:
    """`favouring` what `bot` chooses from the seat's view among the decision's correct choices; None where there is nothing to choose."""
    options = decision.correct
    if len(options) < 2:
        return None
    return favouring(bot.choose(view, decision), options, share)


def softmax(values: Mapping[str, float], favourite: str, temperature: float = 1.0) -> dict[str, float]:
    """Weights `exp((value - best) / temperature)` per text, with `favourite` lifted to just above the heaviest."""
    best = max(values.values())
    weights = {text: math.exp((value - best) / temperature) for text, value in values.items()}
    weights[favourite] = max(weights.values()) * 1.01
    return weights
