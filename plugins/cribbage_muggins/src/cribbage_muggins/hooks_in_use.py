"""The names of the house-rule hooks cribbage publishes, and whether an installed plugin implements any of them for a game.

Below both the game (`game.py`, which asks whether the rules in force can
differ from the plain ones) and the house-rule layer (`house.py`, which
calls the hooks and combines their answers), so neither imports the other
to learn them. The hooks are asked of the registry the game was registered
with; a game made outside any registry has no plugins to ask.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SHOW_HOOK", "PEG_HOOK", "TARGET_HOOK", "implemented"]

#: The hooks cribbage publishes (`hookspecs`).
SHOW_HOOK, PEG_HOOK, TARGET_HOOK = "muggins_cribbage_show_scoring", "muggins_cribbage_peg_scoring", "muggins_cribbage_target"


def implemented(game: Any, *hooks: str) -> bool:
    """True when some installed plugin implements one of `hooks` for `game` (switched on or off: the rules decide that)."""
    relay = game.hooks
    for hook in hooks:
        caller = getattr(relay, hook, None)
        if caller is not None and caller.get_hookimpls():
            return True
    return False
