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
in plugin-name order (each call traced on stderr, with its answer, under
`MUGGINS_TRACE_PLUGINS=1`), and names the plugin in the one-line
`HouseRuleError` when a hook fails (whatever it raises, SystemExit
included; only a real Ctrl-C goes on) or answers anything but bounded
plain data (`plain_answer`: no callables, no number of hundreds of digits,
no NaN; checked in `muggins.plain_answers`, whose names this module
re-exports), before any game code sees the answer. Each hook gets copies of
the rules and arguments, so it cannot change what the match or another
plugin sees. A question (the game, the hook, the plugins asked, the rules
and the arguments) is asked once and its answers kept (`questions_asked`
lists those a piece of work asked; `keep_answers` takes another process's),
so one match plan — a match, its record's header, every match of a
simulation in any worker — plays by one set of answers, which a record
keeps (`record_answers`) and replay and resume compare (`check_record`).
`house_rule_plugins` lists the plugins in force for a game and rules,
with their versions, for record headers, `muggins list`, `muggins rules`,
simulations and the checks of replay and resume; `check_in_force` makes
one match as `play` would, so a listing can say which hooks change
something, which plugins change nothing (`unchanging_plugins`: the match
plays alike without them) and whether the game refuses the answers; `rule_settings` lists
the rules' values the plugins replace (a game's `house_rule_settings`),
which a record's header keeps and the command line names. A house-rule plugin may
declare the versions of the games it supports with a module attribute
`MUGGINS_SUPPORTS = {"game_name": "1.*"}` (shell-style patterns, a string
or a list); the registry refuses it, in one line, for any other version.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import fnmatch
import os
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from .faults import _one_line, genuine_interrupt
from .plain_answers import (MAX_ANSWER_DEPTH, MAX_ANSWER_DIGITS, MAX_ANSWER_SIZE, _PLAIN_WORDS, _canonical, _not_plain_text, _NotPlain,
                            _plain, answer_to_data, plain_answer)
from .i18n import translator
from .typography import apart
from .limits import clip
from .rules import RulesError, rules_from_dict, rules_to_dict
from .switches import PLUGINS_KEY, defaults_with_switches, plugin_switches, switches_from_data, with_plugin_switches

# Refusals and conflicts are worded when made, in the language a front end set (English until one does);
# what a plugin's answer is not (plain data) speaks to the plugin's author and stays English.
_ = translator("muggins", package_file=__file__).gettext
ngettext = translator("muggins", package_file=__file__).ngettext

if TYPE_CHECKING:
    from .game import Game
    from .plugins import Registry

__all__ = [
    "HouseRuleAnswer", "HouseRuleError", "HouseRulePlugin", "PLUGINS_KEY",
    "call_house_rules", "house_rule_plugins", "plugin_switches", "with_plugin_switches", "defaults_with_switches",
    "hook_names", "supports_version", "check_switches", "compare_in_force", "check_record", "InForceCheck", "check_in_force", "unchanging_plugins",
    "RuleSetting", "rule_settings", "chosen_rules_overridden",
    "MAX_ANSWER_DIGITS", "MAX_ANSWER_SIZE", "MAX_ANSWER_DEPTH", "plain_answer", "answer_to_data",
    "Asked", "questions_asked", "keep_answers", "match_answers", "record_answers", "compare_answers",
    "answer_refused", "conflicting_answers", "single_answer", "combined_answers",
]



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


@dataclass(frozen=True)
class RuleSetting:
    """A rule a house-rule plugin sets otherwise for a match: the rule's name, the rules' value, the value played, and the plugin."""

    rule: str
    rules_value: Any
    value: Any
    plugin: str

    def to_dict(self) -> dict[str, Any]:
        """`{"rule", "rules", "in_force", "plugin"}`, as a record's header keeps it (`house_rule_settings`)."""
        return {"rule": self.rule, "rules": self.rules_value, "in_force": self.value, "plugin": self.plugin}

    def describe(self) -> str:
        """`house-rule plugin 'to91' sets target to 91, over 151 in the rules`."""
        return _("house-rule plugin {plugin} sets {rule} to {value}, over {rules_value} in the rules").format(
            plugin=repr(self.plugin), rule=self.rule, value=clip(_canonical(self.value)), rules_value=clip(_canonical(self.rules_value)))


def rule_settings(game: "Game", rules: Any, players: int) -> list[RuleSetting]:
    """The rules' values the house-rule plugins in force replace in a match of `game` (`Game.house_rule_settings`).

    Those a plugin sets to the rules' own value are left out: nothing is
    overridden there. A game that does not override the method (one written before it) sets none.
    """
    return [setting for setting in game.house_rule_settings(rules, players) if setting.value != setting.rules_value]


def chosen_rules_overridden(game: "Game", rules: Any, players: int) -> list[RuleSetting]:
    """The `rule_settings` whose rules' value is not the game's default: a value the rules chose, which a plugin overrides.

    What the command line warns about when a match is made (a rules file's
    `target = 151` with a plugin playing to 91); a default a plugin replaces
    is the plugin's purpose, and only named in the line before the match.
    """
    defaults = game.Rules()
    return [s for s in rule_settings(game, rules, players) if getattr(defaults, s.rule, s.rules_value) != s.rules_value]


@dataclass(frozen=True)
class InForceCheck:
    """What the house-rule plugins in force answer when a match is made: the hooks each answered with a change, and the game's refusal."""

    plugins: tuple[HouseRulePlugin, ...]
    #: plugin -> the hooks it answered with something other than None (a hook answering None changes nothing).
    changes: Mapping[str, tuple[str, ...]]
    #: The game's one line refusing the answers (two plugins setting one value, a rule it cannot play), or None.
    refusal: str | None
    #: The plugins in force that change nothing with these rules (`unchanging_plugins`), by name.
    unchanging: tuple[str, ...] = ()


def check_in_force(registry: "Registry", game: "Game", rules: Any = None, players: int | None = None) -> InForceCheck:
    """Make one match of `game` (and its decision bound) under `rules` (the defaults) for `players` (the default count), as `play` would.

    For listings: what the plugins in force change, and whether the game
    refuses their answers (a `HouseRuleError`'s line), known before anyone
    plays. Nothing is asked when no plugin is in force. Any other failure of
    the game to make the match is left for `play` to report.
    """
    rules = game.Rules() if rules is None else rules
    players = game.default_players if players is None else players
    plugins = tuple(house_rule_plugins(registry, game, rules))
    if not plugins:
        return InForceCheck((), {}, None)
    refusal = None
    with questions_asked() as asked:
        try:
            game.new(rules, players, 0)
            game.max_decisions(rules, players)  # what sizing the match asks too (the engine checks the number; a listing need not)
        except HouseRuleError as exc:
            refusal = str(exc)
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
                raise
    changes: dict[str, list[str]] = {}
    for question in asked.values():
        for plugin, value in question.answers:
            hooks = changes.setdefault(plugin, [])
            if value is not None and question.hook not in hooks:
                hooks.append(question.hook)
    unchanging = () if refusal is not None else unchanging_plugins(registry, game, rules, players, plugins)
    return InForceCheck(plugins, {plugin: tuple(hooks) for plugin, hooks in changes.items() if hooks}, refusal, unchanging)


def unchanging_plugins(registry: "Registry", game: "Game", rules: Any = None, players: int | None = None,
                       plugins: Iterable[HouseRulePlugin] | None = None) -> tuple[str, ...]:
    """The names of the house-rule plugins in force under `rules` whose answers change nothing for a match of `players`.

    A plugin changes nothing when the game's house rules for the match
    (`game.house_rules(rules, players)`, the entry every shipped game has)
    are the same with the plugin switched off: a hook answering `[]`, a
    scoring item set to its standard points, a pair parted that never
    touched. Judged beside the other plugins in force, so a plugin that
    only undoes another's change counts as a change. A game without a
    `house_rules` entry is judged by the answers alone (every hook None).
    The answers are refused by the game (a `HouseRuleError`): nothing is
    called unchanging. Other failures are left for `play` to report.
    """
    rules = game.Rules() if rules is None else rules
    players = game.default_players if players is None else players
    plugins = tuple(house_rule_plugins(registry, game, rules) if plugins is None else plugins)
    if not plugins:
        return ()
    house_of = getattr(game, "house_rules", None)
    switches = plugin_switches(rules)
    found = []
    try:
        if callable(house_of):
            in_force = house_of(rules, players)
            for plugin in plugins:
                try:
                    without = house_of(with_plugin_switches(rules, {**switches, plugin.name: False}), players)
                except HouseRuleError:
                    continue  # the others alone are refused: this plugin is part of what is played
                if without == in_force:
                    found.append(plugin.name)
        else:
            with questions_asked() as asked:
                game.new(rules, players, 0)
            answered = {plugin for question in asked.values() for plugin, value in question.answers if value is not None}
            found = [plugin.name for plugin in plugins if plugin.name not in answered]
    except HouseRuleError:
        return ()
    return tuple(found)


def check_switches(registry: "Registry", game: "Game", rules: Any) -> None:
    """ValueError (one line) when the rules switch a plugin that is not an installed house-rule plugin of `game`.

    A plugin installed but not in use (`Registry.not_used`: left out by
    `MUGGINS_LOAD_PLUGINS`, failed to load, refused for this game's version)
    may be switched off, which it is already; switched on, the line says why
    it is not in use.
    """
    switches = plugin_switches(rules)
    if not switches:
        return
    known = {p.name for p in house_rule_plugins(registry, game, installed=True)}
    idle = getattr(registry, "not_used", {})
    for name in sorted(set(switches) - known):
        if name in idle and switches[name]:
            why = clip(idle[name], 200).removesuffix("; it is not used").removesuffix(_("; it is not used"))
            raise ValueError(_("[{table}] switches on {name}, which is installed but not in use: {why}").format(table=PLUGINS_KEY, name=repr(name), why=why))
    unknown = sorted(set(switches) - known - set(idle))
    if unknown:
        listed = ", ".join(sorted(known)) or _("none installed")
        raise ValueError(ngettext(
            "[{table}] names {names}, which is not an installed house-rule plugin of {game} (installed: {installed})",
            "[{table}] names {names}, which are not an installed house-rule plugin of {game} (installed: {installed})", len(unknown)).format(
            table=PLUGINS_KEY, names=", ".join(repr(n) for n in unknown), game=game.name, installed=listed))


def compare_in_force(recorded: Iterable[Mapping[str, Any]], present: Iterable[HouseRulePlugin]) -> str | None:
    """What differs between the house-rule plugins a record names and those in force now, as one phrase, or None."""
    recorded, present = list(recorded), list(present)
    wanted = {item["name"]: item.get("version") for item in recorded}
    have = {p.name: p.version for p in present}
    problems = []
    missing = sorted(set(wanted) - set(have))
    if missing:
        problems.append(_("it was played with {plugins}, not in force here").format(plugins=", ".join(_named(n, wanted[n]) for n in missing)))
    extra = sorted(set(have) - set(wanted))
    if extra:
        problems.append(_("here {plugins} would also be in force").format(plugins=", ".join(_named(n, have[n]) for n in extra)))
    changed = sorted(n for n in set(wanted) & set(have) if wanted[n] != have[n])
    if changed:
        problems.append(apart("; ").join(_("{plugin} is {here} here, {there} in the record").format(
            plugin=n, here=have[n] or _("unversioned"), there=wanted[n] or _("unversioned")) for n in changed))
    # The distribution too: a header naming another one was not written by this plugin (or was edited).
    shipped = {item["name"]: item.get("distribution") for item in recorded}
    from_here = {p.name: p.distribution for p in present}
    moved = sorted(n for n in set(shipped) & set(from_here) if shipped[n] != from_here[n])
    if moved:
        problems.append(apart("; ").join(_("{plugin} comes from distribution {here} here, {there} in the record").format(
            plugin=n, here=repr(from_here[n]), there=repr(shipped[n])) for n in moved))
    return apart("; ").join(problems) or None


def _to_match(recorded: Iterable[Mapping[str, Any]], present: Iterable[HouseRulePlugin]) -> str:
    """What makes the plugins in force here those a record names: what to install, and what to leave out."""
    wanted = {item["name"]: item for item in recorded}
    have = {p.name: p for p in present}

    def install(name: str) -> str:
        item = wanted[name]
        return " ".join(filter(None, (item.get("distribution") or name, item.get("version"))))

    steps = []
    fetch = sorted(set(wanted) - set(have)) + sorted(n for n in set(wanted) & set(have) if wanted[n].get("version") != have[n].version)
    if fetch:
        steps.append(_("install {distributions}").format(distributions=", ".join(install(n) for n in fetch)))
    extra = sorted(set(have) - set(wanted))
    if extra:
        steps.append(ngettext("leave out {plugins} (MUGGINS_LOAD_PLUGINS naming only the plugins to load, or uninstall it)",
                              "leave out {plugins} (MUGGINS_LOAD_PLUGINS naming only the plugins to load, or uninstall them)",
                              len(extra)).format(plugins=", ".join(repr(n) for n in extra)))
    return apart("; ").join(steps)


def _named(name: str, version: str | None) -> str:
    return _("house-rule plugin {name}").format(name=repr(name) + (" " + version if version else ""))


def supports_version(declared: Any, game: str, version: str) -> bool | None:
    """Whether a plugin's `MUGGINS_SUPPORTS` admits `game` at `version`; None when it says nothing of `game`."""
    if not isinstance(declared, Mapping) or game not in declared:
        return None
    patterns = declared[game]
    if isinstance(patterns, str):
        patterns = [patterns]
    return any(fnmatch.fnmatchcase(version, str(p)) for p in patterns)


# -- asking once, and keeping the answers -------------------------------------------------
@dataclass(frozen=True)
class Asked:
    """One question's answers: the hook and, in plugin-name order, each plugin's plain answer."""

    hook: str
    answers: tuple[tuple[str, Any], ...]


class _Kept:
    """The questions one game's hooks answered in this process (the newest `_KEPT` of them) and the relay they came from."""

    __slots__ = ("relay", "questions")

    def __init__(self, relay: Any) -> None:
        self.relay = relay
        self.questions: OrderedDict[str, Asked] = OrderedDict()


#: Questions kept per game: every match plan a long-running server makes (a rules set and a player count each) asks a handful.
_KEPT = 1024
# The answers live beside the game object (one per registry), so a new registry asks again; a lock, not the hook call,
# guards them, so a hook that sleeps in one thread never holds up a match being made in another.
_ANSWERS: "weakref.WeakKeyDictionary[Any, _Kept]" = weakref.WeakKeyDictionary()
_ANSWERS_LOCK = threading.Lock()
_NOTEBOOK: contextvars.ContextVar[dict[str, Asked] | None] = contextvars.ContextVar("muggins_house_rule_questions", default=None)


def _kept_for(game: Any, relay: Any, create: bool) -> _Kept | None:
    """The kept answers of `game` from `relay` (None for a game that cannot carry them: unhashable, no weak references)."""
    try:
        kept = _ANSWERS.get(game)
        if kept is None or kept.relay is not relay:
            if not create:
                return None
            kept = _ANSWERS[game] = _Kept(relay)
    except TypeError:
        return None
    return kept


def _question(game: Any, hook: str, plugins: list[str], rules: Any, kwargs: Mapping[str, Any]) -> str | None:
    """The text naming one question: game, hook, the plugins asked, the rules as data and the other arguments (None: unnameable)."""
    import json

    try:
        shown = rules_to_dict(rules)
    except Exception:
        shown = repr(rules)
    try:
        return json.dumps([game.name, hook, plugins, shown, dict(kwargs)], sort_keys=True, default=repr)
    except Exception:  # arguments JSON cannot order or show: asked every time, as before answers were kept
        return None


def _recall(game: Any, relay: Any, question: str | None) -> Asked | None:
    if question is None:
        return None
    with _ANSWERS_LOCK:
        kept = _kept_for(game, relay, create=False)
        found = None if kept is None else kept.questions.get(question)
        if found is not None:
            kept.questions.move_to_end(question)  # type: ignore[union-attr]
        return found


def _keep(game: Any, relay: Any, question: str | None, asked: Asked, *, replace: bool = False) -> Asked:
    """Keep `asked` as the answer to `question`, unless another thread kept one first (then that one, for everyone)."""
    if question is None:
        return asked
    with _ANSWERS_LOCK:
        kept = _kept_for(game, relay, create=True)
        if kept is None:
            return asked
        found = kept.questions.get(question)
        if found is not None and not replace:
            kept.questions.move_to_end(question)
            return found
        kept.questions[question] = asked
        kept.questions.move_to_end(question)
        while len(kept.questions) > _KEPT:
            kept.questions.popitem(last=False)
        return asked


@contextlib.contextmanager
def questions_asked() -> Iterator[dict[str, Asked]]:
    """Within: every `call_house_rules` question (asked or answered from what was kept) is noted in the dict yielded.

    Keyed by the question's text, in the order first asked; what one match
    plan asked, for a record's header (`record_answers`) or for worker
    processes to take (`keep_answers`). Nested, the inner one notes alone.
    """
    noted: dict[str, Asked] = {}
    token = _NOTEBOOK.set(noted)
    try:
        yield noted
    finally:
        _NOTEBOOK.reset(token)


def keep_answers(game: Any, asked: Iterable[tuple[str, Asked]]) -> None:
    """Take answers asked elsewhere (`questions_asked().items()` in the parent process) as this process's for `game`.

    A worker process plays a plan's matches by them instead of asking its
    own plugins, so every worker plays by the answers of the process that
    planned the run.
    """
    relay = _relay_of(game)
    for question, answers in asked:
        _keep(game, relay, question, answers, replace=True)


def match_answers(game: "Game", rules: Any, players: int, seed: int = 0) -> dict[str, Asked]:
    """The questions a match of `game` under `rules` asks when it is made (`game.new`), with the answers in force.

    Kept answers are answered from; others are asked now. Raises what
    `game.new` raises (a `HouseRuleError` naming the plugin).
    """
    with questions_asked() as noted:
        game.new(rules, players, seed)
    return noted


def record_answers(asked: Mapping[str, Asked]) -> list[dict[str, Any]]:
    """The answers as a record's header keeps them: `{"hook", "plugin", "answer"}` each, in the order asked."""
    return [{"hook": each.hook, "plugin": plugin, "answer": answer_to_data(value)}
            for each in asked.values() for plugin, value in each.answers]


def compare_answers(recorded: Iterable[Mapping[str, Any]], present: Iterable[Mapping[str, Any]]) -> str | None:
    """The first difference between a record's answers and those in force now (`record_answers` both), as one phrase, or None."""
    def grouped(items: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], list[Any]]:
        found: dict[tuple[str, str], list[Any]] = {}
        for item in items:
            found.setdefault((str(item.get("hook")), str(item.get("plugin"))), []).append(item.get("answer"))
        return found

    then, now = grouped(recorded), grouped(present)
    for hook, plugin in sorted(set(then) | set(now)):
        was, is_now = then.get((hook, plugin)), now.get((hook, plugin))
        if was == is_now:
            continue
        if was is None:
            return _("house-rule plugin {plugin} answers {hook} here ({now}), which it did not in the record").format(
                plugin=repr(plugin), hook=hook, now=_shown(is_now))
        if is_now is None:
            return _("house-rule plugin {plugin} does not answer {hook} here, but answered {then} in the record").format(
                plugin=repr(plugin), hook=hook, then=_shown(was))
        return _("house-rule plugin {plugin} answers {hook} with {now} here, {then} in the record").format(
            plugin=repr(plugin), hook=hook, now=_shown(is_now), then=_shown(was))
    return None


def _shown(answers: list[Any] | None) -> str:
    data = answers[0] if answers and len(answers) == 1 else answers
    return clip(_canonical(data), 80)


# -- combining several plugins' answers: one idiom for every game ------------------------
# A game asks a hook with `call_house_rules` (a `HouseRuleAnswer` per plugin in force, in plugin-name order) and
# makes its match's terms of the answers with one of these, so every game words a refusal and a conflict alike.
def answer_refused(plugin: str, hook: str, problem: Any) -> HouseRuleError:
    """The one-line refusal of what `plugin` answered to `hook`: `house-rule plugin 'p': hook: problem`."""
    return HouseRuleError(_("house-rule plugin {plugin}: {hook}: {problem}").format(plugin=repr(plugin), hook=hook, problem=clip(problem, 200)))


def conflicting_answers(first: str, second: str, what: str, first_value: str, second_value: str, *, hook: str | None = None) -> HouseRuleError:
    """The one-line refusal of two plugins setting one value differently, naming both (and the hook, when given).

    `house-rule plugins 'a' and 'b' both set WHAT (X and Y)`, with
    ` in HOOK` after it when `hook` is given; the values as the game shows them.
    """
    if hook is not None:
        both = _("house-rule plugins {first} and {second} both set {what} ({first_value} and {second_value}) in {hook}")
    else:
        both = _("house-rule plugins {first} and {second} both set {what} ({first_value} and {second_value})")
    return HouseRuleError(both.format(first=repr(first), second=repr(second), what=what, first_value=first_value, second_value=second_value, hook=hook))


def single_answer(answers: Iterable[HouseRuleAnswer], hook: str, what: str, check: Any = None, shown: Any = str) -> tuple[str, Any] | None:
    """(plugin, value) of the one value the plugins set through `hook`, or None when none answered (all said None).

    Each answer is made the game's value by `check` (a TypeError or
    ValueError it raises is `answer_refused`, naming the plugin); two plugins
    setting different values is `conflicting_answers`, the values shown by
    `shown`. Plugins setting the same value agree: the first one is named.
    """
    chosen: tuple[str, Any] | None = None
    for answer in answers:
        if answer.value is None:
            continue
        try:
            value = answer.value if check is None else check(answer.value)
        except (TypeError, ValueError) as exc:
            raise answer_refused(answer.plugin, hook, exc) from None
        if chosen is None:
            chosen = (answer.plugin, value)
        elif chosen[1] != value:
            raise conflicting_answers(chosen[0], answer.plugin, what, shown(chosen[1]), shown(value))
    return chosen


def combined_answers(answers: Iterable[HouseRuleAnswer], hook: str, *, expected: str, label: Any, item: Any = None, show: Any = None,
                     name_hook: bool = False) -> tuple[dict[Any, Any], dict[Any, str]]:
    """The keys the plugins' mappings set through `hook`, with their values, and which plugin set each key.

    Each plugin sets the keys it names (None answers nothing). An answer
    that is not a mapping is refused (`must return EXPECTED or None`); every
    key and value of every answer is checked first, each alone, by
    `item(plugin, hook, key, value) -> (key, value)` (which raises a
    HouseRuleError naming the plugin), so a message names the plugin that
    gave the bad item; then two plugins giving one key different values is
    `conflicting_answers` with `label(key)` and the values shown by `show`
    (`repr`, clipped, by default), naming `hook` when `name_hook`.
    """
    shown = show if show is not None else (lambda value: clip(repr(value)))
    checked: list[tuple[str, list[tuple[Any, Any]]]] = []
    for answer in answers:
        value = answer.value
        if value is None:
            continue
        if not isinstance(value, Mapping):
            raise HouseRuleError(_("house-rule plugin {plugin}: {hook} must return {expected} or None, not {value}").format(
                plugin=repr(answer.plugin), hook=hook, expected=expected, value=clip(repr(value), 60)))
        checked.append((answer.plugin, [item(answer.plugin, hook, k, v) if item is not None else (k, v) for k, v in value.items()]))
    values: dict[Any, Any] = {}
    setters: dict[Any, str] = {}
    for plugin, items in checked:
        for key, value in items:
            if key in values and values[key] != value:
                raise conflicting_answers(setters[key], plugin, label(key), shown(values[key]), shown(value),
                                          hook=hook if name_hook else None)
            if key not in values:
                values[key], setters[key] = value, plugin
    return values, setters


# -- calling the hooks -----------------------------------------------------------------
def _relay_of(game: "Game") -> Any:
    """The hook relay of the registry `game` was registered with; None for a game registered with none (no plugin answers it)."""
    return game.hooks


def call_house_rules(game: "Game", hook: str, *, rules: Any, **kwargs: Any) -> list[HouseRuleAnswer]:
    """Every in-force plugin's answer to `hook`, in plugin-name order (empty when nobody implements it).

    `rules` are the match's rules: their `[plugins]` switches decide who is
    asked, and they are passed to the hook as its `rules` argument along
    with `kwargs` (`call_house_rules(game, "muggins_x_hook", rules=rules, players=4)`).

    For games to call once per match, when the match is created, and keep
    the answers (data, never callables) in the state. Asks the plugins of
    the registry the game was registered with (`game.hooks`); a game made
    outside any registry has no plugins to ask. A plugin switched off in
    the rules' `[plugins]` table is not asked. Each implementation receives
    only the arguments it declares, as pluggy does, as deep copies, so
    nothing it changes reaches the match. Its answer is made bounded plain
    data (`plain_answer`) before the game sees it. Whatever a hook raises
    (SystemExit and its own KeyboardInterrupt included; a real Ctrl-C goes
    on), an answer that is not plain data, or one whose own methods fail
    while it is read, is a `HouseRuleError` naming the plugin and the hook.

    A question (the game, the hook, the plugins asked, the rules, the other
    arguments) is asked once in a process and its answers kept, so the
    match, its record and every other match made from the same rules play
    by the same answers; `keep_answers` gives a worker its parent's. Each
    call returns fresh copies of them.
    """
    relay = _relay_of(game)
    caller = getattr(relay, hook, None)
    if caller is None:
        return []
    impls = caller.get_hookimpls()
    if not impls:
        return []
    switches = plugin_switches(rules)
    asked = sorted((impl for impl in impls if switches.get(impl.plugin_name) is not False), key=lambda impl: impl.plugin_name)
    if not asked:
        return []
    question = _question(game, hook, [impl.plugin_name for impl in asked], rules, kwargs)
    found = _recall(game, relay, question)
    tracing = bool(os.environ.get("MUGGINS_TRACE_PLUGINS"))
    if found is None:
        found = _keep(game, relay, question, Asked(hook, tuple((impl.plugin_name, _ask(impl, hook, rules, kwargs, tracing)) for impl in asked)))
    elif tracing:
        _trace(f"{hook}() of {', '.join(repr(name) for name, _ in found.answers)}: answered as before, for the same question")
    noted = _NOTEBOOK.get()
    if noted is not None and question is not None:
        noted.setdefault(question, found)
    return [HouseRuleAnswer(plugin, copy.deepcopy(value)) for plugin, value in found.answers]


def _trace(message: str) -> None:
    """A trace line on stderr, as the registry writes its own (`MUGGINS_TRACE_PLUGINS`)."""
    import sys

    try:
        sys.stderr.write(f"muggins trace: {message}\n")
    except (OSError, ValueError, AttributeError):  # stderr closed or gone: tracing never stops a match
        pass


def _ask(impl: Any, hook: str, rules: Any, kwargs: Mapping[str, Any], tracing: bool = False) -> Any:
    """One implementation's answer, on copies of the arguments, as bounded plain data; HouseRuleError naming the plugin otherwise."""
    name = impl.plugin_name
    arguments = _copies({"rules": rules, **kwargs})
    reading = False
    if tracing:  # before the call, so a hook that never returns is seen being called
        _trace(f"{hook}() of plugin {name!r}")
    try:
        value = impl.function(**{arg: arguments[arg] for arg in impl.argnames if arg in arguments})
        reading = True
        answer = _plain(value, 0, [MAX_ANSWER_SIZE])
        if tracing:
            _trace(f"{hook}() of plugin {name!r} answered {clip(_canonical(answer_to_data(answer)), 200)}")
        return answer
    except _NotPlain as exc:
        raise HouseRuleError(_("house-rule plugin {plugin}: {hook} answered {what}; {rule}").format(
            plugin=repr(name), hook=hook, what=_not_plain_text(exc), rule=_PLAIN_WORDS)) from None
    except HouseRuleError as exc:
        said = _one_line(exc).removeprefix("HouseRuleError: ")
        if repr(name) in said and not reading:  # the plugin's own refusal, naming itself
            raise HouseRuleError(said) from None
        raise _failed(name, hook, exc, reading) from None
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
            raise
        raise _failed(name, hook, exc, reading) from None


def _failed(name: str, hook: str, exc: BaseException, reading: bool) -> HouseRuleError:
    if reading:
        failed = _("house-rule plugin {plugin} failed in {hook}: reading its answer raised {error}")
    else:
        failed = _("house-rule plugin {plugin} failed in {hook}: {error}")
    return HouseRuleError(failed.format(plugin=repr(name), hook=hook, error=_one_line(exc)))


def _copies(arguments: dict[str, Any]) -> dict[str, Any]:
    """Deep copies of a hook's arguments, so a hook changing them (the rules' `[plugins]` switches too) changes nothing else."""
    try:
        return copy.deepcopy(arguments)
    except Exception:  # rules a game made uncopyable: the hook sees them as it always did
        return arguments


def _settings_differ(game: "Game", rules: Any, record: Any) -> str | None:
    """A refusal when the header's `house_rule_settings` are not what the plugins in force set for its rules (a forged or edited header)."""
    kept_settings = getattr(record, "house_rule_settings", None)
    try:
        settings = [s.to_dict() for s in rule_settings(game, rules, record.players)] or None
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
            raise
        return None  # the game's own failure to make the match: the replay meets it again and reports it
    if settings == kept_settings:
        return None
    return _("the header's house-rule settings are {recorded}, but the plugins in force here set {here}").format(
        recorded=clip(_canonical(kept_settings), 120), here=clip(_canonical(settings), 120))


def check_record(registry: "Registry", game: "Game", record: Any) -> tuple[str | None, str | None]:
    """(a refusal, a warning) for replaying or resuming `record` with the house-rule plugins in force here.

    A record names the plugins that were in force (`Record.house_rules`);
    any difference with those in force now under the record's own
    `[plugins]` switches is a refusal naming them. A record that also keeps
    their answers (`Record.house_rule_answers`) is refused, naming the
    plugin, when a plugin in force here answers otherwise (the same name
    and version answering differently: at random, or changed in place), or
    fails to answer. A record from before the fields existed is replayed
    as it always was, with a warning when a house-rule plugin is in force
    here and it does not name them.
    """
    try:
        rules = rules_from_dict(game.Rules, record.rules, source="record rules")
    except RulesError:
        return None, None  # the replay itself reports rules that no longer parse
    present = house_rule_plugins(registry, game, rules)
    if record.house_rules is None:
        if not present:
            return None, None
        names = ", ".join(p.describe() for p in present)
        return None, ngettext(
            "the record does not say which house-rule plugins were in force (written before records named them); "
            "{names} is in force here and may change how it replays",
            "the record does not say which house-rule plugins were in force (written before records named them); "
            "{names} are in force here and may change how it replays", len(present)).format(names=names)
    difference = compare_in_force(record.house_rules, present)
    if difference is not None:
        return _("house-rule plugins differ: {difference} (to replay it: {steps})").format(
            difference=difference, steps=_to_match(record.house_rules, present)), None
    recorded = getattr(record, "house_rule_answers", None)
    if recorded is None:
        return _settings_differ(game, rules, record), None
    try:
        answers = record_answers(match_answers(game, rules, record.players, record.seed))
    except HouseRuleError as exc:
        return _("{reason} (the record keeps what it answered when the match was played)").format(reason=exc), None
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
            raise
        return None, None  # the game's own failure to make the match: the replay meets it again and reports it
    changed = compare_answers(recorded, answers)
    if changed is None:
        return _settings_differ(game, rules, record), None
    return _("house-rule answers differ: {changed} (the match was played by the answers the record keeps)").format(changed=changed), None
