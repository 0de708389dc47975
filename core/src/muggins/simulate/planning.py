"""What is settled before any match is played: the setup checked, the worker count, the house rules in force and their answers, and a warning for house rules that allow an endless match.

`resolve_setup` is the one check `simulate` and `muggins.study.compare`
both run first; `renamed` takes a parameter given by its new name or its
first one; `plan_answers` asks the house-rule plugins once, in the process
that plans the run, for the plan to carry to every worker.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from ..engine import Match, decision_limit
from ..game import Game
from ..i18n import translator, written_number
from ..houserules import Asked, HouseRuleError, defaults_with_switches, house_rule_plugins, questions_asked
from ..players import make_players

_words = translator("muggins", Path(__file__).resolve().parent.parent / "locale")
_, ngettext = _words.gettext, _words.ngettext

if TYPE_CHECKING:
    from ..registry import Registry


def usable_cpus() -> int:
    """The number of CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def resolve_setup(registry: Registry, game: str | Game, players: int | None, seats: Sequence[str] | None, matches: int, workers: int) -> tuple[Any, Game, int, tuple[str, ...], int]:
    """What `simulate` and `muggins.study.compare` both check first: (registry, game, player count, seat specs, workers).

    The registry defaults to the process one and a game given by name is
    looked up; the player count defaults to the game's and the seats to all
    `expert`; every seat is built once (KeyError or ValueError for a bad
    one, before any work); `workers` 0 means one per CPU. ValueError for a
    player count the game does not allow, a seat list of the wrong length,
    a negative number of matches or of workers.
    """
    if registry is None:
        from ..plugins import get_registry

        registry = get_registry()
    if isinstance(game, str):
        game = registry.game(game)
    players = game.default_players if players is None else players
    if players not in game.players:
        raise ValueError(f"{game.name} is played by {game.players.start} to {game.players.stop - 1} players, not {players}")
    seats = tuple(seats) if seats is not None else ("expert",) * players
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} player kinds, got {len(seats)}")
    make_players(registry, game, seats, 0)  # KeyError or ValueError for a bad seat, before any work
    if matches < 0:
        raise ValueError("the number of games cannot be negative")
    workers = usable_cpus() if workers == 0 else workers
    if workers < 0:
        raise ValueError("workers must be 0 (one per CPU) or more")
    return registry, game, players, seats, workers


def renamed(new: Any, old: Any, new_name: str, old_name: str, default: Any) -> Any:
    """The value of a parameter that has a new name beside its first one (TypeError when both are given)."""
    if new is not None and old is not None:
        raise TypeError(f"give {new_name} or {old_name} (its first name), not both")
    if new is not None:
        return new
    return default if old is None else old


def in_force(registry: Registry, game: Game, rules: Any) -> tuple[dict[str, Any], ...]:
    """The house-rule plugins in force for `rules`, as plain data for plans and summaries."""
    return tuple(p.to_dict() for p in house_rule_plugins(registry, game, rules))


def plan_answers(registry: Registry, game: Game, rule_sets: Sequence[Any], players: int, house_rules: Sequence[Sequence[Any]]) -> tuple[tuple[str, Asked], ...]:
    """The house-rule plugins' answers for a run, asked once here: what making a match (and its decision bound) asks under each rule set.

    `house_rules` are the plugins in force per rule set (`in_force`): with
    none, nothing is asked. The plan carries the answers (`ChunkPlan.answers`)
    and every process plays by them (`keep_answers`), so a plugin answering
    at random, or otherwise in each process, cannot make one worker count
    give another result, and a refusal is said here, once, exactly as
    when the run is played in this process: a `HouseRuleError` naming the
    plugin. Any other failure of the game to make its match is left for the
    first match, which reports it as it always has.
    """
    if not any(house_rules):
        return ()
    from ..plugins import genuine_interrupt

    with questions_asked() as asked:
        for rules, plugins in zip(rule_sets, house_rules):
            if not plugins:
                continue
            try:
                game.new(rules, players, 0)
                decision_limit(game, rules, players, registry)
            except HouseRuleError:
                raise
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
                    raise
    return tuple(asked.items())


def decision_bound_warning(game: Game, rules: Any, players: int, kinds: Sequence[str] | None = None, *, registry: Registry | None = None, ratio: float = 100.0, seconds: float = 60.0) -> str | None:
    """A warning for house rules that let one match run far longer than the defaults allow, or None.

    It speaks when `Game.max_decisions` under `rules` is at least `ratio`
    times the bound under the default rules (with the same `[plugins]`
    switches, so a plugin switched off is asked on neither side) and a match reaching it would
    take more than `seconds` at the speed of one default-rules match played
    here (seed 0, the same seats). The figure is the worst case, not a
    forecast: how often a match nears its bound is up to the game and seats.
    """
    bound = decision_limit(game, rules, players, registry)
    defaults = defaults_with_switches(game, rules)
    usual = decision_limit(game, defaults, players, registry)
    if bound < ratio * max(usual, 1):
        return None
    if registry is None:
        from ..plugins import get_registry

        registry = get_registry()
    kinds = tuple(kinds) if kinds is not None else ("expert",) * players
    state = game.new(defaults, players, 0)
    match = Match(state, make_players(registry, game, kinds, 0), registry=registry)
    began = time.perf_counter()
    match.run()
    elapsed = max(time.perf_counter() - began, 1e-6)
    rate = max(match.decisions, 1) / elapsed
    worst = bound / rate
    if worst < seconds:
        return None
    return _("these house rules let one match run to {bound} decisions ({times} times the default rules' {usual}); "
             "at about {rate} decisions a second here, a match that goes that far takes about {duration}").format(
        bound=written_number(f"{bound:,}"), times=written_number(f"{bound / max(usual, 1):,.0f}"), usual=written_number(f"{usual:,}"),
        rate=written_number(f"{rate:,.0f}"), duration=_duration(worst))


def _duration(seconds: float) -> str:
    """A time in the largest unit that keeps it readable, in the language in force: "9 minutes"."""
    if seconds < 120:
        count = round(seconds)
        return ngettext("{n} second", "{n} seconds", count).format(n=written_number(f"{count:,}"))
    if seconds < 7200:
        count = round(seconds / 60)
        return ngettext("{n} minute", "{n} minutes", count).format(n=written_number(f"{count:,}"))
    if seconds < 172800:
        count = round(seconds / 3600)
        return ngettext("{n} hour", "{n} hours", count).format(n=written_number(f"{count:,}"))
    count = round(seconds / 86400)
    return ngettext("{n} day", "{n} days", count).format(n=written_number(f"{count:,}"))
