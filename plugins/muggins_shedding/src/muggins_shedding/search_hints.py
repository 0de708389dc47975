"""What shedding gives the search player (`muggins.search`): the expert's choice as the prior at each decision, and the defaults of `search`.

The prior gives the expert's choice (`bots.ExpertBot` with its default
commons rule, from the seat's view alone) half the weight and spreads the
rest over every correct choice; the rules fix nearly every move, so the
search mostly plays as the expert does. `Game.search_defaults` (in game.py,
so listing games stays cheap) is what `search` with no options plays by: expert rollouts (docs/games/muggins_shedding.md gives the
measurement).
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins.search.priors import choice_favoured

from .bots import ExpertBot

__all__ = ["search_prior"]


def search_prior(view: Mapping[str, Any], decision: Any, seat: int) -> dict[str, float] | None:
    """The expert's choice favoured among `decision.correct` (None where there is nothing to choose)."""
    return choice_favoured(ExpertBot(), view, decision)
