"""The kinds of player this game registers, without importing them.

This module owns the registration of the game's `expert`, `novice` and
`random` kinds (for this game only) and their seat options. The bots live in
`bots`, which imports the scoring tables and the discard analysis; the
factories import it on first use, so `muggins list` and `muggins --help`
never pay for building those tables.
"""

from __future__ import annotations

from typing import Any

from muggins.i18n import N_
from muggins.players import PlayerOption

__all__ = ["register_players"]


def _rate(name: str, default: float, help: str, words: str) -> PlayerOption:
    return PlayerOption(name, float, default, min=0.0, max=1.0, help=help, words=words)


def _expert(rng: Any, **kw: Any) -> Any:
    from .bots import ExpertBot

    return ExpertBot(rng, **kw)


def _novice(rng: Any, **kw: Any) -> Any:
    from .bots import NoviceBot

    return NoviceBot(rng, **kw)


def _random(rng: Any, **kw: Any) -> Any:
    from .bots import RandomBot

    return RandomBot(rng, **kw)


def register_players(register: Any) -> None:
    """Register the three kinds for this game only (called from the plugin's hook)."""
    games = ("cribbage_muggins",)
    register("expert", _expert,
             description=N_("exact counts and responses; discards by expected hand value and a crib estimate; sound pegging"),
             games=games, words=N_("an expert"))
    register("novice", _novice,
             description=N_("misses scoring items when counting, sometimes errs, catches some wrong counts"),
             games=games, words=N_("a novice"),
             options=(_rate("miss_rate", 0.2, N_("chance of missing each scoring item when counting"),
                            N_("who leaves a scoring item out of its count {rate}")),
                      _rate("attention", 0.5, N_("chance of catching an opponent's wrong count (then claims exactly)"),
                            N_("who catches an opponent's wrong count {rate}")),
                      _rate("error_rate", 0.05, N_("chance of a random discard or card, and of a phantom fifteen in a count"),
                            N_("who discards or plays at random, or counts a phantom fifteen, {rate}"))))
    register("random", _random,
             description=N_("any discard, card and count; claims with call_rate (default 0.5)"),
             games=games, words=N_("a random player"),
             options=(_rate("call_rate", 0.5, N_("chance of making a claim (any, uniformly) in a window"),
                            N_("who makes a claim in a window {rate}")),))
