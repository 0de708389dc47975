"""The hooks the shedding game publishes for house-rule plugins.

This module owns the game's own hook specifications, registered with the
core's plugin manager through `register(game, hookspecs=this_module)`. A
house-rule plugin implements one of them with `muggins.hookimpl` to change a
single rule without forking the game (docs/examples/shedding_k_touches_a is
such a plugin). The game calls each hook once when a match is created and
keeps the answers in the match's state (and its records), so no plugin call
happens inside the play loop and a saved match replays the same way.
"""

from __future__ import annotations

from typing import Any, Iterable

from muggins import hookspec


@hookspec
def muggins_shedding_adjacent_ranks(players: int, rules: Any) -> Iterable[tuple[int, int]]:
    """Extra pairs of ranks that touch (fit on each other), beyond one rank apart.

    Ranks are numbers, A=1 … K=13. Return pairs such as `[(13, 1)]` (a king
    and an ace touch, both ways); every implementation's pairs are added.
    A pair of equal ranks is refused (the seed: equal ranks never fit).
    Called once per match with the player count and the house rules.
    """
