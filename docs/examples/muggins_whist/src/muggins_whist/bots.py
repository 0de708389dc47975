"""Muggins Whist: the game's own expert, registered for this game only.

This module owns `WhistExpert`, the kind `expert` at `muggins_whist`: it
plays the correct cards only, by the plain rules of thumb of whist (second
hand low, third hand high, win as cheaply as it can, never over its
partner, discard its lowest), and calls a revoke only in the window its
proof opens, where the claim is correct: before the proof nothing it sees
shows a claim right, so it never makes one. It decides on its view and the
decision alone, draws no randomness and keeps no state. The core's generic
`novice`, `random` and `search` kinds play the game as well.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from muggins import Action, Decision, parse_card
from muggins.i18n import N_
from muggins.later import is_later_claim

__all__ = ["WhistExpert", "register_players"]


def _order(code: str) -> int:
    rank = parse_card(code).rank.value
    return 14 if rank == 1 else rank


class WhistExpert:
    """Always correct; wins a trick as cheaply as it can unless its partner holds it; calls a proved revoke."""

    stands_in_unclaimable_windows = True
    takes_sole_correct_choice = True

    def __init__(self, rng: random.Random | None = None, **_: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        correct = [c for c in decision.correct if decision.kind == "respond" or not is_later_claim(c)]
        if len(correct) == 1 or decision.kind == "respond":
            return correct[0]
        trumps, trick = view["trumps"], view["trick"]
        cards = {str(play)[5:]: play for play in correct}

        def strength(code: str) -> tuple[int, int]:
            suit = code[-1]
            return (2 if suit == trumps else 1 if trick and suit == trick[0]["card"][-1] else 0), _order(code)

        def lowest(codes):
            return min(codes, key=lambda c: (c[-1] == trumps, _order(c)))

        if not trick:  # lead the highest card of its longest plain suit
            longest = max(cards, key=lambda c: (c[-1] != trumps, sum(k[-1] == c[-1] for k in cards), _order(c)))
            return cards[longest]
        best = max(trick, key=lambda p: strength(p["card"]))
        partner_holds = best["seat"] % 2 == decision.seat % 2
        winning = [c for c in cards if strength(c) > strength(best["card"])]
        if partner_holds or not winning or (len(trick) == 1 and strength(best["card"])[0] == 1 and not _high(best["card"])):
            return cards[lowest(cards)]  # second hand low; never over the partner
        return cards[min(winning, key=strength)]


def _high(code: str) -> bool:
    return _order(code) >= 12


def register_players(register: Callable[..., None]) -> None:
    """Register the game's bot kinds (called from the plugin's hook)."""
    register("expert", lambda rng, **options: WhistExpert(rng, **options),
             description=N_("always correct; plays whist's rules of thumb; calls a revoke once it is proved"), games=("muggins_whist",),
             words=N_("an expert"))
