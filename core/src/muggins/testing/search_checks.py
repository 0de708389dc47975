"""The contract kit's check of the evaluator seam: a game's `Game.search_prior` names only choices offered and reads nothing hidden.

`check_search_prior(state, seat, rng)` asks the game's prior at the
decision `seat` faces, from a plain copy of its view, and fails (an
AssertionError naming the first break) when the prior names a choice the
decision does not offer, weighs one negative or not finite, or — what
keeps a search player honest — gives other weights in a world that differs
from this one only in how the cards hidden from `seat` lie (another
determinization of it, `State.determinize`): a prior worked out from the
view alone cannot tell such worlds apart. The walk's concern `SEARCH_PRIOR`
runs the first part at every decision with a choice to make and the world
comparison at the first `SEARCH_PRIOR_FIRST` of them and every
`SEARCH_PRIOR_EVERY`-th after; a game without a prior passes.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..game import Game, State, capabilities_of
from ..rng import derive_rng
from .walk import Concern, MatchWalk

__all__ = ["check_search_prior", "gives_a_search_prior", "SEARCH_PRIOR", "SEARCH_PRIOR_FIRST", "SEARCH_PRIOR_EVERY"]

SEARCH_PRIOR_FIRST = 8
"""The walk compares the prior across determinized worlds at the first n decisions with a choice…"""
SEARCH_PRIOR_EVERY = 16
"""…and at every n-th after them (a game where the rules fix most moves offers few)."""


def gives_a_search_prior(game: Game) -> bool:
    """Whether `game` offers `Game.search_prior` (`Capabilities.search_prior`)."""
    return capabilities_of(game).search_prior


def _prior(state: State, seat: int) -> tuple[Any, Any]:
    decision = state.decision()
    if decision is None or decision.seat != seat:
        return None, None
    return decision, state.game.search_prior(dict(state.view(seat)), decision, seat)


def check_search_prior(state: State, seat: int, rng: random.Random | None = None, worlds: int = 2) -> None:
    """The prior at `seat`'s decision names only offered choices with sound weights and is the same in `worlds` determinized copies (with `rng`)."""
    if not gives_a_search_prior(state.game):
        return
    decision, weights = _prior(state, seat)
    if weights is None:
        return
    offered = {str(choice) for choice in decision.choices}
    for text, weight in dict(weights).items():
        if text not in offered:
            raise AssertionError(f"search_prior names {text!r}, which is not among seat {seat}'s choices {sorted(offered)}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight < 0:
            raise AssertionError(f"search_prior weighs {text!r} {weight!r}: weights are finite numbers, not negative")
    if rng is None or not capabilities_of(state.game).determinize:
        return
    for _ in range(worlds):
        world = state.determinize(seat, random.Random(rng.getrandbits(63)))
        _decision, again = _prior(world, seat)
        if dict(again or {}) != dict(weights):
            raise AssertionError(f"search_prior reads cards hidden from seat {seat}: a world differing only in how they lie "
                                 f"weighs the choices otherwise ({dict(weights)} then {dict(again or {})})")


def search_prior_is_sound(walk: MatchWalk, decision: Any) -> None:
    """For a game with a prior: `check_search_prior` at every decision with a choice, with determinized worlds at some (see the module)."""
    state = walk.state
    if len(decision.correct) < 2 or not gives_a_search_prior(state.game):
        return
    step = len(walk.decisions)
    asked = walk.__dict__["search_prior_asked"] = walk.__dict__.get("search_prior_asked", 0) + 1  # this check's own note on the walk
    compare = asked <= SEARCH_PRIOR_FIRST or asked % SEARCH_PRIOR_EVERY == 0
    try:
        check_search_prior(state, decision.seat, derive_rng(walk.seed, "search_prior", step) if compare else None)
    except AssertionError as exc:
        raise walk.fail(f"at decision {step}: {exc}") from None


SEARCH_PRIOR = Concern("search_prior", before=(search_prior_is_sound,))
