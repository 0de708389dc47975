"""The rules in force for one cribbage match: the rules file combined with the house-rule plugins' answers.

This module owns `RulesInForce` (the target, the skunk lines, the show and
pegging scorings a match plays by, kept in its state and its saves) and
`house_rules` (once named `rules_in_force`, still importable so), which asks the plugins in force once through the game's
hooks (`hookspecs`), combines their answers by key (the core's
`muggins.houserules.combined_answers`, whose wording every game shares),
checks them and names
the plugin in a one-line `muggins.HouseRuleError` for anything the game
cannot use: an answer that is not a mapping, an unknown name, points that
are not whole numbers in range, a target or line that breaks the game's
invariants, and two plugins giving one key different values (both named),
quoting what they answered clipped to a short line. The answers arrive as
bounded plain data the core has already checked and copied
(`muggins.houserules.plain_answer`: a hook that raises or answers a
callable, NaN or a number of thousands of digits is refused there, naming
the plugin). With no plugin implementing a hook it costs three empty hook
look-ups and returns the rules' own values, cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from muggins import HouseRuleError, call_house_rules
from muggins.houserules import answer_refused, combined_answers
from muggins.limits import clip

from .hooks_in_use import PEG_HOOK, SHOW_HOOK, TARGET_HOOK, implemented
from .rules import MAX_TARGET, MIN_TARGET, automatic_skunk_lines
from .scoring import STANDARD_PEG, STANDARD_SHOW, PegScoring, ShowScoring

__all__ = ["RulesInForce", "house_rules", "rules_in_force", "implemented", "TARGET_KEYS", "SHOW_HOOK", "PEG_HOOK", "TARGET_HOOK"]

#: The settings `muggins_cribbage_target` may answer.
TARGET_KEYS = ("target", "skunk_line", "double_skunk_line")


@dataclass(frozen=True)
class RulesInForce:
    """What one match plays by: the target, the skunk lines (None: no such line) and the show and pegging scorings.

    `set_by` names, for each value a house-rule plugin set, the plugin
    (`{"show:crib four-flush": "crib4"}`), for records and messages.
    """

    target: int
    skunk_line: int | None
    double_skunk_line: int | None
    show: ShowScoring = STANDARD_SHOW
    peg: PegScoring = STANDARD_PEG
    set_by: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def standard_scoring(self) -> bool:
        """True when both scorings are the standard game's (the fast tables apply)."""
        return self.show.standard and self.peg.standard

    @property
    def max_count(self) -> int:
        """The largest total a hand or crib can score: counts are announced from 0 to it (29 in the standard game)."""
        return 29 if self.show.standard else self.show.max_total()

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "skunk_line": self.skunk_line, "double_skunk_line": self.double_skunk_line,
                "show": self.show.changes(), "peg": self.peg.changes(), "set_by": dict(self.set_by)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "RulesInForce":
        return cls(int(data["target"]), data["skunk_line"], data["double_skunk_line"],
                   ShowScoring.from_items(data.get("show", {})), PegScoring.from_items(data.get("peg", {})),
                   dict(data.get("set_by", {})))

    @classmethod
    def from_rules(cls, rules: Any) -> "RulesInForce":
        """The rules' own target and lines with the standard scoring: what a match plays by when no plugin answers."""
        return _from_rules(rules.target, rules.skunk_line, rules.double_skunk_line)


@lru_cache(maxsize=64)
def _from_rules(target: int, skunk: int, double: int) -> RulesInForce:
    lines = _lines(target, {"skunk_line": skunk, "double_skunk_line": double}, {})
    return RulesInForce(target, lines[0], lines[1])


def _lines(target: int, rule_values: Mapping[str, int], hooked: Mapping[str, int | None]) -> tuple[int | None, int | None]:
    """The skunk and double-skunk lines: a hook's value, else the rule's (0 automatic from `target`, -1 none, else itself)."""
    automatic = automatic_skunk_lines(target)
    found = []
    for key, auto in zip(("skunk_line", "double_skunk_line"), automatic):
        if key in hooked:
            found.append(hooked[key])
            continue
        value = rule_values[key]
        found.append(auto if value == 0 else None if value == -1 else value)
    return found[0], found[1]


def _answers(game: Any, hook: str, rules: Any, players: int) -> list[Any]:
    """Every in-force plugin's `HouseRuleAnswer` to `hook` that says something (None says nothing); combined by `_combine`."""
    return [answer for answer in call_house_rules(game, hook, rules=rules, players=players) if answer.value is not None]


def _combine(hook: str, answers: list[Any], what: str, item: Any = None) -> tuple[dict[str, Any], dict[str, str]]:
    """Every key any plugin set, with its value and the plugin; two plugins giving one key different values is refused.

    The core's combining and wording (`muggins.houserules.combined_answers`),
    naming the hook as cribbage always has.
    """
    return combined_answers(answers, hook, expected="a mapping of names to values", label=lambda key: f"{what} {clip(repr(key))}",
                            item=item, name_hook=True)


def _scoring(cls: type, hook: str, answers: list[Any], what: str) -> tuple[Any, dict[str, str]]:
    def checked(plugin: str, hook: str, key: Any, value: Any) -> tuple[Any, Any]:
        try:  # each item checked alone, so a message names the plugin that gave it
            cls.from_items({key: value})
        except ValueError as exc:
            raise answer_refused(plugin, hook, exc) from None
        return key, value

    values, owners = _combine(hook, answers, what, checked)
    if not values:
        return None, {}
    return cls.from_items(values), owners


def _check_target(values: Mapping[str, Any], owners: Mapping[str, str]) -> None:
    for key, value in values.items():
        if key not in TARGET_KEYS:
            raise HouseRuleError(f"house-rule plugin {owners[key]!r}: {TARGET_HOOK} has no setting {clip(repr(key))}; "
                                 f"settings: {', '.join(TARGET_KEYS)}")
        whole = isinstance(value, int) and not isinstance(value, bool)
        if key == "target" and not (whole and MIN_TARGET <= value <= MAX_TARGET):
            raise HouseRuleError(f"house-rule plugin {owners[key]!r}: {TARGET_HOOK}: target must be a whole number "
                                 f"from {MIN_TARGET} to {MAX_TARGET}, not {clip(repr(value))}")
        if key != "target" and value is not None and not (whole and value >= 1):
            raise HouseRuleError(f"house-rule plugin {owners[key]!r}: {TARGET_HOOK}: {key} must be a whole number "
                                 f"from 1 up or None (no such line), not {clip(repr(value))}")


def _target_item(plugin: str, hook: str, key: Any, value: Any) -> tuple[Any, Any]:
    _check_target({key: value}, {key: plugin})
    return key, value


def _source(key: str, owners: Mapping[str, str]) -> str:
    return f"house-rule plugin {owners[key]!r}" if key in owners else "the rules"


def house_rules(game: Any, rules: Any, players: int) -> RulesInForce:
    """Ask the house-rule plugins in force for `game` (its three hooks, once each) and combine them with `rules`.

    HouseRuleError, in one line naming the plugin (or both plugins), for an
    answer the game cannot use; see the hooks' docstrings in `hookspecs`.
    """
    if not implemented(game, SHOW_HOOK, PEG_HOOK, TARGET_HOOK):
        return RulesInForce.from_rules(rules)
    show_answers = _answers(game, SHOW_HOOK, rules, players)
    peg_answers = _answers(game, PEG_HOOK, rules, players)
    target_answers = _answers(game, TARGET_HOOK, rules, players)
    if not (show_answers or peg_answers or target_answers):
        return RulesInForce.from_rules(rules)
    show, show_owners = _scoring(ShowScoring, SHOW_HOOK, show_answers, "show item")
    peg, peg_owners = _scoring(PegScoring, PEG_HOOK, peg_answers, "pegging item")
    hooked, owners = _combine(TARGET_HOOK, target_answers, "setting", _target_item)
    target = hooked.get("target", rules.target)
    skunk, double = _lines(target, {"skunk_line": rules.skunk_line, "double_skunk_line": rules.double_skunk_line}, hooked)
    whose = {"target": _source("target", owners), "skunk_line": _source("skunk_line", owners),
             "double_skunk_line": _source("double_skunk_line", owners)}
    plugin = next((owners[k] for k in TARGET_KEYS if k in owners), None)
    if plugin is not None:
        if skunk is not None and skunk >= target:
            raise HouseRuleError(f"house-rule plugin {plugin!r}: {TARGET_HOOK}: the skunk line {skunk} ({whose['skunk_line']}) "
                                 f"is not below the target {target} ({whose['target']})")
        if double is not None and skunk is None:
            raise HouseRuleError(f"house-rule plugin {plugin!r}: {TARGET_HOOK}: a double-skunk line {double} "
                                 f"({whose['double_skunk_line']}) needs a skunk line, and there is none ({whose['skunk_line']})")
        if double is not None and skunk is not None and double >= skunk:
            raise HouseRuleError(f"house-rule plugin {plugin!r}: {TARGET_HOOK}: the double-skunk line {double} "
                                 f"({whose['double_skunk_line']}) is not below the skunk line {skunk} ({whose['skunk_line']})")
    set_by = {f"show:{k}": v for k, v in show_owners.items()}
    set_by.update({f"peg:{k}": v for k, v in peg_owners.items()})
    set_by.update(owners)
    return RulesInForce(target, skunk, double, show or STANDARD_SHOW, peg or STANDARD_PEG, set_by)


#: The name `house_rules` had before the three games shared one.
rules_in_force = house_rules
