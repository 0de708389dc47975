"""PettingZoo environment figures: environment steps per CPU second against `muggins simulate`'s decisions per CPU second.

For each shipped game at one player count (shedding 4, cribbage 2, fishing
5) the same matches (seeds 0, 1, … every repeat) are played two ways and
measured in turns within each repeat with `timing.interleave`: through
`muggins.engine.Match` with the game's `random` seats, exactly as `muggins
simulate --seat random` plays them (decisions per CPU second), and through
the environment of `muggins.rl` driven as docs/research.md's loop drives it
(`agent_iter`, `last`, a uniformly random legal action read from the
action mask with a `random.Random` seeded per episode, `step`; steps per
CPU second, a step being one decision taken). The environment is measured
as made by default (`text` in the infos) and with `text=False`. The figure
that matters is `ratio_env_step_to_simulated_decision`: the CPU time of one
environment step over that of one simulated decision, the median of the
per-repeat ratios (goal: under 2). The two sides play different random
choices (the game's random bots against the mask's uniform draw), so the
matches differ in length: each figure carries its decisions or steps per
match. `--baseline DIR` adds the same figures from this checkout's and
DIR's packages in two worker processes, with each side's ratio. Figures are
printed as JSON lines, never asserted.

Run: `uv run --group dev python benchmarks/bench_rl.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import random
import sys
from typing import Callable, Iterable

import timing

#: game -> (players, matches a repeat, matches a repeat with --quick)
GAMES = {"muggins_shedding": (4, 16, 2), "cribbage_muggins": (2, 60, 6), "willughby_fishing": (5, 10, 1)}
#: repeats, by default and with --quick
REPEATS = {False: 11, True: 2}
#: The environment's contenders: name -> options of `muggins.rl.env`.
ENVIRONMENTS = {"env": {}, "env_no_text": {"text": False}}


def _registry(game: str):
    from muggins.plugins import load_registry

    return load_registry(only=[game])


def simulated(game: str, players: int, seeds: range) -> Callable[[], Callable[[int], object]]:
    """Matches with random seats through `Match.run`, as `muggins simulate` plays them: (decisions, winners) of each."""

    def make() -> Callable[[int], object]:
        from muggins.engine import Match, make_players

        registry = _registry(game)
        found = registry.game(game)
        rules = found.Rules()

        def work(repeat: int) -> object:
            out = []
            for seed in seeds:
                match = Match(found.new(rules, players, seed), make_players(registry, found, ["random"] * players, seed), registry=registry)
                result = match.run()
                out.append((match.decisions, list(result.winners)))
            return out

        return work

    return make


def stepped(game: str, players: int, seeds: range, **options: object) -> Callable[[], Callable[[int], object]]:
    """The same matches as episodes of the environment, random legal actions from the mask: (steps, winners) of each."""

    def make() -> Callable[[int], object]:
        from muggins.rl import env

        options.setdefault("registry", _registry(game))
        view_asked = options.pop("view_asked", True)
        table = env(game, players, **options)
        if not view_asked:
            table._view = lambda seat: None  # the environment's one place that asks the state for a view

        def work(repeat: int) -> object:
            out = []
            for seed in seeds:
                table.reset(seed=seed)
                rng = random.Random(seed)
                for _agent in table.agent_iter():
                    observation, _reward, terminated, truncated, _info = table.last()
                    if terminated or truncated:
                        table.step(None)
                        continue
                    legal = observation["action_mask"].nonzero()[0]
                    table.step(int(legal[rng.randrange(len(legal))]))
                out.append((table.match.taken, list(table.result.winners) if table.result else None))
            return out

        return work

    return make


def bot_driven(game: str, players: int, seeds: range) -> Callable[[], Callable[[int], object]]:
    """The simulated matches themselves as episodes: each step's action is the choice the game's random bot at that seat makes.

    The bots are made as `muggins simulate` makes them (`make_players`, the
    match's seed), shown the seat's view and its decision, so every episode
    takes the same decisions as its simulated match (`same_matches`) and the
    ratio is the environment's own cost per decision, the bots' included on
    both sides.
    """

    def make() -> Callable[[int], object]:
        from muggins.engine import LazyView, make_players
        from muggins.rl import env

        registry = _registry(game)
        found = registry.game(game)
        table = env(game, players, registry=registry, text=False)

        def work(repeat: int) -> object:
            out = []
            for seed in seeds:
                table.reset(seed=seed)
                bots = make_players(registry, found, ["random"] * players, seed)
                for _agent in table.agent_iter():
                    observation, _reward, terminated, truncated, _info = table.last()
                    if terminated or truncated:
                        table.step(None)
                        continue
                    state = table.match_state
                    decision = state.decision()
                    chosen = bots[decision.seat].choose(LazyView(state, decision.seat), decision)
                    table.step(next(i for i, choice in enumerate(decision.choices) if choice is chosen))
                out.append((table.match.taken, list(table.result.winners)))
            return out

        return work

    return make


class NullEncoding:
    """An encoding that reads nothing and costs next to nothing: the environment's step without its observation's work."""

    def __init__(self, game: object, rules: object, players: int, *, first: object = None, max_choices: int = 64) -> None:
        import numpy as np

        self.size, self.max_choices = 1, max_choices
        self._blank = np.zeros(1, np.float32)

    def encode(self, view: object, seat: int, decision: object) -> object:
        return self._blank.copy()


def null_encoded(game: str, players: int, seeds: range) -> Callable[[], Callable[[int], object]]:
    """The mask-driven episodes with `NullEncoding` declared for the game: what a step costs besides encoding (the view is still asked)."""

    def make() -> Callable[[int], object]:
        registry = _registry(game)
        registry.game(game).rl_encoding = NullEncoding  # this process's game object only
        work = stepped(game, players, seeds, text=False, registry=registry)()
        return work

    return make


def null_encoded_without_view(game: str, players: int, seeds: range) -> Callable[[], Callable[[int], object]]:
    """As `null_encoded`, and the view never asked either: the step's protocol alone (this checkout's environment only)."""

    def make() -> Callable[[int], object]:
        registry = _registry(game)
        registry.game(game).rl_encoding = NullEncoding
        work = stepped(game, players, seeds, text=False, registry=registry, view_asked=False)()
        return work

    return make


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """Each contender's work by name (`simulate:GAME`, `env:GAME`, `env_no_text:GAME`); every repeat plays the same seeds."""
    out: dict[str, Callable[[], Callable[[int], object]]] = {}
    for game, (players, matches, few) in GAMES.items():
        seeds = range(few if quick else matches)
        out[f"simulate:{game}"] = simulated(game, players, seeds)
        for name, options in ENVIRONMENTS.items():
            out[f"{name}:{game}"] = stepped(game, players, seeds, **options)
        out[f"env_bot_driven:{game}"] = bot_driven(game, players, seeds)
        out[f"env_null_encoding:{game}"] = null_encoded(game, players, seeds)
        out[f"env_null_encoding_no_view:{game}"] = null_encoded_without_view(game, players, seeds)
    return out


def _figures(found: timing.Timings, game: str, players: int, prefix: str = "", **extra: object) -> Iterable[dict]:
    sim = f"{prefix}simulate:{game}"
    matches = len(found.results[f"simulate:{game}"])
    decisions = sum(d for d, _ in found.results[f"simulate:{game}"])
    figure = {"game": game, "players": players, "matches": matches, **extra}
    yield found.rate(sim, decisions, f"{prefix.replace(':', '_')}simulated_decisions_per_second", **figure,
                     decisions_per_match=timing.rounded(decisions / matches))
    for name in ENVIRONMENTS:
        steps = sum(s for s, _ in found.results[f"{name}:{game}"])
        label = name.removeprefix("env")
        yield found.rate(f"{prefix}{name}:{game}", steps, f"{prefix.replace(':', '_')}env{label}_steps_per_second", **figure,
                         steps_per_match=timing.rounded(steps / matches))
        yield found.per_repeat(f"{prefix.replace(':', '_')}ratio_env{label}_step_to_simulated_decision",
                               lambda env_t, sim_t, steps=steps: (env_t / steps) / (sim_t / decisions),
                               [f"{prefix}{name}:{game}", sim], goal=2, **figure)
    null = f"{prefix}env_null_encoding:{game}"
    nulls = sum(s for s, _ in found.results[f"env_null_encoding:{game}"])
    yield found.per_repeat(f"{prefix.replace(':', '_')}ratio_env_null_encoding_step_to_simulated_decision",
                           lambda env_t, sim_t: (env_t / nulls) / (sim_t / decisions), [null, sim], **figure,
                           same_steps_as_env=found.results[f"env_null_encoding:{game}"] == found.results[f"env:{game}"])
    if not prefix:
        yield found.per_repeat("ratio_env_null_encoding_no_view_step_to_simulated_decision",
                               lambda env_t, sim_t: (env_t / nulls) / (sim_t / decisions), [f"env_null_encoding_no_view:{game}", sim],
                               **figure, same_steps_as_env=found.results[f"env_null_encoding_no_view:{game}"] == found.results[f"env:{game}"])
    driven = f"{prefix}env_bot_driven:{game}"
    yield found.rate(driven, decisions, f"{prefix.replace(':', '_')}env_bot_driven_steps_per_second", **figure)
    yield found.ratio(sim, driven, f"{prefix.replace(':', '_')}ratio_env_bot_driven_step_to_simulated_decision", goal=2, **figure,
                      same_matches=found.results.get(f"env_bot_driven:{game}") == found.results[f"simulate:{game}"])


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    made = tasks(quick)
    for game, (players, _, _) in GAMES.items():
        names = [f"simulate:{game}", *(f"{name}:{game}" for name in ENVIRONMENTS), f"env_bot_driven:{game}", f"env_null_encoding:{game}"]
        contenders = {name: made[name]() for name in [*names, f"env_null_encoding_no_view:{game}"]}
        before = timing.Baseline(__file__, baseline, ["muggins", "muggins.rl", game], {"quick": quick}) if baseline else None
        found = timing.interleave_against(before, contenders, names, REPEATS[quick])
        yield from _figures(found, game, players)
        if before:
            yield from _figures(found, game, players, "current:")
            yield from _figures(found, game, players, "baseline:", baseline=baseline)
            for name in [*ENVIRONMENTS, "env_bot_driven"]:
                label = name.removeprefix("env")
                yield found.ratio(f"current:{name}:{game}", f"baseline:{name}:{game}", f"env{label}_steps_per_second_speedup_over_baseline",
                                  game=game, players=players, baseline=baseline,
                                  same_results=found.same(f"current:{name}:{game}", f"baseline:{name}:{game}"))


if __name__ == "__main__":
    sys.exit(timing.main(run, "rl", tasks))
