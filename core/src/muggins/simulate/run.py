"""`simulate`: many bot-only matches of one game, from the setup checked to the summary.

It plans the run (`ChunkPlan`, with the house-rule plugins' answers asked
once, here), opens a runner for it, folds every chunk's
outcomes into `Totals` in match order and returns the summary; an
interrupt raises `SimulationInterrupted` carrying the summary of the
matches folded so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..game import Game
from ..rules import rules_from_dict, rules_to_dict
from .chunks import ChunkPlan, GameOutcome
from .folding import SimulationInterrupted, run_chunks
from .planning import in_force, plan_answers, renamed, resolve_setup
from .runners import open_runner
from .totals import Totals, sides_of, summary_of

if TYPE_CHECKING:
    from ..registry import Registry


def simulate(
    game: str | Game,
    rules: Any = None,
    players: int | None = None,
    kinds: Sequence[str] | None = None,
    seed: int = 0,
    games: int | None = None,
    workers: int = 1,
    progress: Callable[[int], Any] | None = None,
    *,
    registry: Registry | None = None,
    engine: Callable[[ChunkPlan], Any] | None = None,
    matches: int | None = None,
    seats: Sequence[str] | None = None,
    runner: Callable[[ChunkPlan], Any] | None = None,
) -> dict[str, Any]:
    """Play `matches` bot-only matches and return their summary as JSON-ready data.

    `game` is a name or a `Game`; `rules` a rules instance, a plain dict, or
    None for the defaults; `players` defaults to the game's default count and
    `seats` (a seat spec per seat, `novice:error_rate=0.3`) to all `expert`.
    `workers` > 1 runs chunks
    in spawned processes (0 means one per CPU); a game given as an object
    must then also be installed under its name. `progress(n)` is called with
    the number of matches just finished. `runner(plan)`, when given, makes
    what runs the chunks (a Dask cluster, `muggins.cluster`). An
    interrupt raises `SimulationInterrupted` (a KeyboardInterrupt) carrying
    the partial summary, after the workers are stopped. Raises KeyError for an unknown game
    or kind, ValueError for bad counts, a bad seat option or a kind that
    refuses the game, `MatchAborted` if a match passes the game's decision
    limit. `games`, `kinds` and `engine` are the first names of `matches`,
    `seats` and `runner`, and keep working.
    """
    games = renamed(matches, games, "matches", "games", 1)
    kinds = renamed(seats, kinds, "seats", "kinds", None)
    engine = renamed(runner, engine, "runner", "engine", None)
    registry, game, players, kinds, workers = resolve_setup(registry, game, players, kinds, games, workers)
    if rules is None:
        rules = game.Rules()
    elif isinstance(rules, Mapping):
        rules = rules_from_dict(game.Rules, rules)

    totals = Totals(players, sides_of(game, rules, players))

    def fold(outcomes: list[list[GameOutcome]]) -> None:
        for outcome in outcomes[0]:
            totals.add(outcome)

    house_rules = (in_force(registry, game, rules),)
    answers = plan_answers(registry, game, [rules], players, house_rules)  # asked once, here; every worker plays by them
    plan = ChunkPlan(game.name, (rules_to_dict(rules),), players, kinds, seed, house_rules, answers=answers)
    try:
        run_chunks(lambda: open_runner(plan, workers, games, registry, game, [rules], engine), games, fold, progress)
    except KeyboardInterrupt as exc:
        raise SimulationInterrupted(summary_of(game, rules, players, kinds, seed, games, totals, partial=True, house_rules=plan.house_rules[0])) from exc
    return summary_of(game, rules, players, kinds, seed, games, totals, partial=False, house_rules=plan.house_rules[0])
