"""The `[plugins]` switches: which house-rule plugins a match's rules switch on or off, carried on the rules object.

The core's `[plugins]` table in a rules TOML (`corner3 = false`) is keyed by
a plugin's entry-point name. The switches ride on the rules instance, outside
the game's own fields (`plugin_switches`, `with_plugin_switches`), so records,
resumes, simulations and worker processes carry them like any other rule.
Below both the rules reader (`muggins.rules`, which reads and writes the
table) and the house-rule layer (`muggins.houserules`, which asks only the
plugins switched on), so neither needs the other; every name is still
importable from `muggins.houserules`.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Mapping

from .i18n import translator
from .limits import clip

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PLUGINS_KEY", "plugin_switches", "with_plugin_switches", "defaults_with_switches", "switches_from_data"]

#: The rules table (TOML `[plugins]`) that switches house-rule plugins on and off.
PLUGINS_KEY = "plugins"
_ATTRIBUTE = "_muggins_plugin_switches"

_ = translator("muggins", package_file=__file__).gettext


def plugin_switches(rules: Any) -> dict[str, bool]:
    """The `[plugins]` table of these rules: entry-point name -> on (True) or off (False); empty: every plugin on."""
    return dict(getattr(rules, _ATTRIBUTE, None) or {})


def with_plugin_switches(rules: Any, switches: Mapping[str, bool]) -> Any:
    """A copy of `rules` carrying `switches` (the rules' own fields unchanged).

    Rules are frozen dataclasses; the switches ride on the instance, outside
    the game's fields, so a game never has to declare them. A rules class
    with `__slots__` cannot carry them: ValueError.
    """
    found = copy.copy(rules)
    try:
        object.__setattr__(found, _ATTRIBUTE, {str(k): bool(v) for k, v in switches.items()} if switches else None)
    except (AttributeError, TypeError):
        raise ValueError(_("{rules} has __slots__, so its rules cannot carry a [{table}] table").format(
            rules=type(rules).__name__, table=PLUGINS_KEY)) from None
    return found


def defaults_with_switches(game: "Game", rules: Any) -> Any:
    """The game's default rules carrying `rules`' `[plugins]` switches.

    What a comparison with "the default rules" measures against (the decision
    bound's warning, for one), so the same plugins are in force on both sides:
    bare defaults carry no switches and would ask a plugin the rules given
    switched off.
    """
    defaults = game.Rules()
    switches = plugin_switches(rules)
    return with_plugin_switches(defaults, switches) if switches else defaults


def switches_from_data(value: Any, where: str) -> dict[str, bool]:
    """Check a `[plugins]` table from TOML or a record: names mapped to true or false."""
    if not isinstance(value, dict):
        raise ValueError(_("{where} must be a table of plugin names set to true or false, as [{table}] with name = false").format(
            where=where, table=PLUGINS_KEY))
    out: dict[str, bool] = {}
    for key, item in value.items():
        if not isinstance(item, bool):
            raise ValueError(_("{where}.{name} = {value} is not allowed; use true (the plugin on) or false (off)").format(
                where=where, name=clip(key), value=clip(item)))
        out[str(key)] = item
    return out
