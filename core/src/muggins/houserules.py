"""House-rule plugins: which are in force for a match, how a game calls its published hooks, and the `[plugins]` switches.

A game publishes hook specifications (`register(game, hookspecs=module)`);
a *house-rule plugin* is an installed plugin implementing at least one of
them. Every installed house-rule plugin is in force unless the match's
rules switch it off with the core's `[plugins]` table in the rules TOML,
keyed by the plugin's entry-point name (`corner3 = false`). The switches
travel with the rules object (`plugin_switches`, `with_plugin_switches`),
so records, resumes, simulations and worker processes carry them like any
other rule. A game calls its hooks once per match, when the match is
created, through `call_house_rules`, which asks only the plugins in force,
in plugin-name order, and names the plugin in the one-line
`HouseRuleError` when a hook fails or answers something the game cannot
use. `house_rule_plugins` lists the plugins in force for a game and rules,
with their versions, for record headers, `muggins list`, `muggins rules`,
simulations and the checks of replay and resume. A house-rule plugin may
declare the versions of the games it supports with a module attribute
`MUGGINS_SUPPORTS = {"game_name": "1.*"}` (shell-style patterns, a string
or a list); the registry refuses it, in one line, for any other version.
"""

from __future__ import annotations

import copy
import fnmatch
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .limits import clip

if TYPE_CHECKING:
    from .game import Game
    from .plugins import Registry

__all__ = [
    "HouseRuleAnswer", "HouseRuleError", "HouseRulePlugin", "PLUGINS_KEY",
    "call_house_rules", "house_rule_plugins", "plugin_switches", "with_plugin_switches",
    "hook_names", "supports_version", "check_switches", "compare_in_force", "check_record",
]

#: The rules table (TOML `[plugins]`) that switches house-rule plugins on and off.
PLUGINS_KEY = "plugins"
_ATTRIBUTE = "_muggins_plugin_switches"


class HouseRuleError(ValueError):
    """A house-rule plugin failed or answered what its game cannot use; one line naming the plugin."""


@dataclass(frozen=True)
class HouseRuleAnswer:
    """One plugin's answer to one hook: the plugin's entry-point name and the value it returned."""

    plugin: str
    value: Any


@dataclass(frozen=True)
class HouseRulePlugin:
    """A house-rule plugin in force for a game: its entry-point name, distribution and version, and its hooks."""

    name: str
    distribution: str | None
    version: str | None
    hooks: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "distribution": self.distribution, "version": self.version}

    def describe(self) -> str:
        """`corner3 (shedding-corner3 0.1.0)`, or the bare name for a plugin from no distribution."""
        if self.distribution is None:
            return self.name
        return f"{self.name} ({self.distribution}{' ' + self.version if self.version else ''})"


# -- the switches -----------------------------------------------------------------
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
        raise ValueError(f"{type(rules).__name__} has __slots__, so its rules cannot carry a [{PLUGINS_KEY}] table") from None
    return found


def switches_from_data(value: Any, where: str) -> dict[str, bool]:
    """Check a `[plugins]` table from TOML or a record: names mapped to true or false."""
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a table of plugin names set to true or false, as [{PLUGINS_KEY}] with name = false")
    out: dict[str, bool] = {}
    for key, item in value.items():
        if not isinstance(item, bool):
            raise ValueError(f"{where}.{clip(key)} = {clip(item)} is not allowed; use true (the plugin on) or false (off)")
        out[str(key)] = item
    return out


# -- which plugins ---------------------------------------------------------------------
def hook_names(registry: "Registry", game: "Game") -> tuple[str, ...]:
    """The house-rule hooks that apply to `game`: those its class, or a game class it derives from, published."""
    names: list[str] = []
    for name in _game_family(registry, game):
        spec = registry.game_hookspecs.get(name)
        if spec is None:
            continue
        for attr in dir(spec):
            if attr not in names and registry.pm.parse_hookspec_opts(spec, attr) is not None:
                names.append(attr)
    return tuple(names)


def _game_family(registry: "Registry", game: "Game") -> list[str]:
    """`game`'s name, then the names of the registered games whose classes it derives from."""
    names = [game.name]
    for cls in type(game).__mro__[1:]:
        name = cls.__dict__.get("name")
        if isinstance(name, str) and name not in names:
            names.append(name)
    return names


def house_rule_plugins(registry: "Registry", game: "Game", rules: Any = None, *, installed: bool = False) -> list[HouseRulePlugin]:
    """The house-rule plugins for `game`, sorted by name: those in force under `rules`' switches (every one with `installed`)."""
    switches = {} if installed else plugin_switches(rules)
    found: dict[str, list[str]] = {}
    for hook in hook_names(registry, game):
        caller = getattr(registry.pm.hook, hook, None)
        if caller is None:
            continue
        for impl in caller.get_hookimpls():
            if switches.get(impl.plugin_name) is False:
                continue
            found.setdefault(impl.plugin_name, []).append(hook)
    infos = {info.name: info for info in registry.plugins}
    out = []
    for name in sorted(found):
        info = infos.get(name)
        out.append(HouseRulePlugin(name, info.distribution if info else None, info.version if info else None, tuple(found[name])))
    return out


def check_switches(registry: "Registry", game: "Game", rules: Any) -> None:
    """ValueError (one line) when the rules switch a plugin that is not an installed house-rule plugin of `game`."""
    switches = plugin_switches(rules)
    if not switches:
        return
    known = {p.name for p in house_rule_plugins(registry, game, installed=True)}
    unknown = sorted(set(switches) - known)
    if unknown:
        listed = ", ".join(sorted(known)) or "none installed"
        raise ValueError(
            f"[{PLUGINS_KEY}] names {', '.join(repr(n) for n in unknown)}, which {'is' if len(unknown) == 1 else 'are'} not "
            f"an installed house-rule plugin of {game.name} (installed: {listed})")


def compare_in_force(recorded: Iterable[Mapping[str, Any]], present: Iterable[HouseRulePlugin]) -> str | None:
    """What differs between the house-rule plugins a record names and those in force now, as one phrase, or None."""
    wanted = {item["name"]: item.get("version") for item in recorded}
    have = {p.name: p.version for p in present}
    problems = []
    missing = sorted(set(wanted) - set(have))
    if missing:
        problems.append("it was played with " + ", ".join(_named(n, wanted[n]) for n in missing) + ", not in force here")
    extra = sorted(set(have) - set(wanted))
    if extra:
        problems.append("here " + ", ".join(_named(n, have[n]) for n in extra) + " would also be in force")
    changed = sorted(n for n in set(wanted) & set(have) if wanted[n] != have[n])
    if changed:
        problems.append("; ".join(f"{n} is {have[n] or 'unversioned'} here, {wanted[n] or 'unversioned'} in the record" for n in changed))
    return "; ".join(problems) or None


def _named(name: str, version: str | None) -> str:
    return f"house-rule plugin {name!r}{' ' + version if version else ''}"


def supports_version(declared: Any, game: str, version: str) -> bool | None:
    """Whether a plugin's `MUGGINS_SUPPORTS` admits `game` at `version`; None when it says nothing of `game`."""
    if not isinstance(declared, Mapping) or game not in declared:
        return None
    patterns = declared[game]
    if isinstance(patterns, str):
        patterns = [patterns]
    return any(fnmatch.fnmatchcase(version, str(p)) for p in patterns)


# -- calling the hooks -----------------------------------------------------------------
def call_house_rules(game: "Game", hook: str, *, rules: Any, **kwargs: Any) -> list[HouseRuleAnswer]:
    """Every in-force plugin's answer to `hook`, in plugin-name order (empty when nobody implements it).

    `rules` are the match's rules: their `[plugins]` switches decide who is
    asked, and they are passed to the hook as its `rules` argument along
    with `kwargs` (`call_house_rules(game, "muggins_x_hook", rules=rules, players=4)`).

    For games to call once per match, when the match is created, and keep
    the answers (data, never callables) in the state. Asks the plugins of
    the registry the game was registered with (`game.hooks`), or of the
    process registry for a game made outside any. A plugin switched off in
    the rules' `[plugins]` table is not asked; a hook that raises is a
    `HouseRuleError` naming the plugin and the hook. An implementation
    receives only the arguments it declares, as pluggy does.
    """
    relay = game.hooks
    if relay is None:
        from .plugins import get_registry

        relay = get_registry().pm.hook
    caller = getattr(relay, hook, None)
    if caller is None:
        return []
    impls = caller.get_hookimpls()
    if not impls:
        return []
    switches = plugin_switches(rules)
    arguments = {"rules": rules, **kwargs}
    answers = []
    for impl in sorted(impls, key=lambda i: i.plugin_name):
        if switches.get(impl.plugin_name) is False:
            continue
        try:
            value = impl.function(**{name: arguments[name] for name in impl.argnames if name in arguments})
        except HouseRuleError:
            raise
        except Exception as exc:
            text = str(exc).strip().splitlines()
            raise HouseRuleError(f"house-rule plugin {impl.plugin_name!r} failed in {hook}: "
                                 f"{type(exc).__name__}{': ' + text[0] if text else ''}") from None
        answers.append(HouseRuleAnswer(impl.plugin_name, value))
    return answers


def check_record(registry: "Registry", game: "Game", record: Any) -> tuple[str | None, str | None]:
    """(a refusal, a warning) for replaying or resuming `record` with the house-rule plugins in force here.

    A record names the plugins that were in force (`Record.house_rules`);
    any difference with those in force now under the record's own
    `[plugins]` switches is a refusal naming them. A record from before the
    field existed is replayed as it always was, with a warning when a
    house-rule plugin is in force here.
    """
    from .rules import RulesError, rules_from_dict

    try:
        rules = rules_from_dict(game.Rules, record.rules, source="record rules")
    except RulesError:
        return None, None  # the replay itself reports rules that no longer parse
    present = house_rule_plugins(registry, game, rules)
    if record.house_rules is None:
        if not present:
            return None, None
        names = ", ".join(p.describe() for p in present)
        return None, (f"the record does not say which house-rule plugins were in force (written before records named them); "
                      f"{names} {'is' if len(present) == 1 else 'are'} in force here and may change how it replays")
    difference = compare_in_force(record.house_rules, present)
    if difference is None:
        return None, None
    return f"house-rule plugins differ: {difference} (install or switch off the plugins to match)", None
