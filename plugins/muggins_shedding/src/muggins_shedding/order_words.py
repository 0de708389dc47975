"""The order of destinations a house rule sets, in the player's language: the words the game's table and the state's prompts share.

This module owns `order_text`, which words an order of destination kinds
(common piles, opponents' discards, one's own discard) as
`houserules.order_words` words it in English, through the game's own
catalogue. It sits below both `game` and `state`, which each show the
order (the rules' description, the play prompt), so neither imports the
other for it.
"""

from __future__ import annotations

from typing import Iterable

from muggins.i18n import translator

_ = translator("muggins_shedding", package_file=__file__).gettext

__all__ = ["order_text"]


def order_text(order: Iterable[Iterable[str]]) -> str:
    """The order of destinations in the player's language, worded as `houserules.order_words` words it in English.

    A separate function: the rules' own prompts (in the state) keep the English one.
    """
    kinds = {"common": _("a fitting common pile"), "opponent": _("the first fitting opponent discard clockwise"),
             "own": _("your own discard if it fits")}
    order = [list(tier) for tier in order]
    tiers = [_(" or ").join(kinds[k] for k in tier) + (_(" (your choice)") if len(tier) > 1 else "") for tier in order]
    if order[-1] == ["own"]:
        tiers[-1] = _("your own discard")
    else:
        tiers.append(_("your own discard"))
    return _("; else ").join(tiers)
