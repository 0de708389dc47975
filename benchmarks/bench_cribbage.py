"""Cribbage game figures: expert and random games per CPU second through the engine, OpenSpiel's cribbage, and their ratio.

Every game is a whole two-player game to 121 played through
`muggins.engine.Match` with the game's registered bots, as `muggins
simulate` plays it (a new state and new players per game): `expert` seats
with the default rules (muggins on; the experts' windows are unclaimable and
settled in one call), and `random` seats with muggins off (the rules
OpenSpiel's cribbage plays) and on (every count is disputed).

OpenSpiel comparison, "driven the same way": each engine is asked for the
legal moves and a uniformly random one is applied, until the game ends.
For us that is `Match.run` with two `random` bots: the state offers the
decision (every legal choice), the bot picks one uniformly with its own
seeded generator, the engine applies it; the deal, the cut and the starter
are chance events the state samples itself from its seed. For OpenSpiel
(`pyspiel`, its C++ cribbage) the Python loop asks `legal_actions()` and
applies a uniform one, and at a chance node does the same: every chance
node of OpenSpiel's cribbage is uniform over its legal outcomes (the
player checks this on a sample game before it is timed, and falls back to
`chance_outcomes()` with `random.choices` for a build where it is not), so
`legal_actions()` and `randrange` are the fastest honest draw its API
offers; drawing by `random.choices` over `chance_outcomes()` built two
lists and a cumulative table per dealt card and made OpenSpiel look about
twice as slow as it is (OpenSpiel exposes
each dealt card and the starter as a chance node, so its loop makes about
twice as many Python calls per game: 13 chance nodes a deal, and goes are
explicit pass actions). Both play whole two-player games to 121; OpenSpiel
finishes the round in which the target is passed, we stop at the target as
RULES.md says. The ratio is our random games per second (muggins off) over
OpenSpiel's, the median of the per-repeat ratios.

The bare loop (`bare_cribbage.py` beside this script, its scores checked
against the game's scorers by its `--check` and by
tests/test_bare_cribbage.py) is the pace of pure Python: the same random
two-player game to 121 in one plain function. `random_ratio_ours_over_bare`
is our random games per second (muggins off) over its games per second
(goal 0.6); with `--baseline` the same ratio for each side's worker.

`clone_us`: microseconds per `clone()` of a state, over the positions met
in four games (random seats muggins off, and experts; every decision's
state, so every phase), each cloned 20 times a repeat; OpenSpiel's
`state.clone()` likewise over the states of four of its random games.

OpenSpiel is found if `pyspiel` imports here (`uv run --group bench python
benchmarks/bench_cribbage.py`, the optional `bench` dependency group), or in
the interpreter named by the environment variable
`MUGGINS_OPEN_SPIEL_PYTHON` (a worker process of this script then plays
OpenSpiel's games there). Every figure is measured with `timing.interleave`
(all of them in turns within each repeat, CPU time of the process playing,
medians with min and max); `--baseline DIR` adds this checkout's and DIR's
packages in two worker processes, in the same turns. Figures are printed as
JSON lines, never asserted.

Run: `uv run --group bench python benchmarks/bench_cribbage.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import os
import random
import sys
from typing import Callable, Iterable

import timing

FIGURES = {  # name -> (seats, house rules, share of the game count)
    "expert": (["expert", "expert"], {}, 0.5),
    "random-on": (["random", "random"], {}, 1.0),
    "random-off": (["random", "random"], {"muggins": False}, 1.0),
}
#: Games per repeat (before each figure's share) and repeats, by default and with --quick.
SIZES = {False: (200, 21), True: (20, 3)}


def muggins_player(kinds: list[str], **rules: object) -> Callable[[int], object]:
    """A function playing one whole game of cribbage_muggins through Match.run with these seats; returns the scores."""
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    house = game.Rules(**rules)

    def play(seed: int) -> object:
        state = game.new(house, len(kinds), seed)
        return list(Match(state, make_players(registry, game, kinds, seed)).run().scores)

    play(0)  # builds the crib table and warms the caches outside the timing
    return play


def bare_player() -> Callable[[int], object]:
    """A function playing one game of the bare loop (`bare_cribbage.play_game`) from a seed; returns the scores."""
    import bare_cribbage

    bare_cribbage.fill_show_table()  # as the game's own table is built at import, outside the timing

    def play(seed: int) -> object:
        return bare_cribbage.play_game(random.Random(seed))

    return play


#: Clones per position per repeat, and the games whose positions are cloned.
CLONE_ROUNDS, CLONE_GAMES = 20, 4


def muggins_positions() -> list:
    """Every decision's state of CLONE_GAMES random games (muggins off) and as many expert games, copies kept aside."""
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    found = []
    for kind, rules in (("random", {"muggins": False}), ("expert", {})):
        for seed in range(CLONE_GAMES):
            state = game.new(game.Rules(**rules), 2, seed)
            match = Match(state, make_players(registry, game, [kind, kind], seed))
            while state.decision() is not None:
                found.append(state.clone())
                match.step()
    return found


def openspiel_positions() -> list:
    """Every state of CLONE_GAMES random games of OpenSpiel's cribbage, chance nodes too (ImportError without pyspiel)."""
    import pyspiel

    game = pyspiel.load_game("cribbage")
    rng = random.Random(2)
    found = []
    for _ in range(CLONE_GAMES * 2):
        state = game.new_initial_state()
        while not state.is_terminal():
            found.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


def _clones(positions: list) -> Callable[[int], object]:
    """One repeat's work: every position cloned CLONE_ROUNDS times."""
    def work(_: int) -> object:
        for position in positions:
            for _ in range(CLONE_ROUNDS):
                position.clone()
        return len(positions)

    return work


def openspiel_player() -> Callable[[int], object]:
    """A function playing one random game of OpenSpiel's two-player cribbage (ImportError without pyspiel)."""
    import pyspiel

    game = pyspiel.load_game("cribbage")
    rng = random.Random(1)

    def uniform_chance() -> bool:
        """Whether every chance node of a sample game is uniform over its legal outcomes."""
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                weights = {p for _, p in state.chance_outcomes()}
                if max(weights) - min(weights) > 1e-12:
                    return False
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        return True

    def play(_: int) -> object:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()  # at a chance node, its outcomes: uniform (checked above)
            state.apply_action(legal[rng.randrange(len(legal))])
        return state.returns()

    def play_weighted(_: int) -> object:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        return state.returns()

    chosen = play if all(uniform_chance() for _ in range(3)) else play_weighted
    chosen(0)
    return chosen


def _games(play: Callable[[int], object], count: int) -> Callable[[int], object]:
    """One repeat's work: `count` games, seeded repeat * count onwards (each repeat plays other games)."""
    return lambda repeat: [play(seed) for seed in range(repeat * count, (repeat + 1) * count)]


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """Every figure's work, by name: what this process and a worker process both run."""
    games = SIZES[quick][0]
    out: dict[str, Callable[[], Callable[[int], object]]] = {
        name: (lambda kinds=kinds, rules=rules, share=share: _games(muggins_player(kinds, **rules), max(1, int(games * share))))
        for name, (kinds, rules, share) in FIGURES.items()
    }
    out["openspiel"] = lambda: _games(openspiel_player(), games)
    out["bare"] = lambda: _games(bare_player(), games)
    out["clone"] = lambda: _clones(muggins_positions())
    out["openspiel-clone"] = lambda: _clones(openspiel_positions())
    return out


def _openspiel(quick: bool) -> tuple[dict[str, Callable[[int], object]], str | None, timing.Worker | None]:
    """OpenSpiel's `work(repeat)` for its games and its clones, where they run, and the worker to close; ({}, None, None) without pyspiel."""
    made = tasks(quick)
    try:
        return {"openspiel": made["openspiel"](), "openspiel-clone": made["openspiel-clone"]()}, "this interpreter", None
    except ImportError:
        python = os.environ.get("MUGGINS_OPEN_SPIEL_PYTHON")
        if not python:
            return {}, None, None
        worker = timing.Worker(__file__, None, ["pyspiel"], {"quick": quick}, python=python)
        return {"openspiel": worker.task("openspiel"), "openspiel-clone": worker.task("openspiel-clone")}, python, worker


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    games, repeats = SIZES[quick]
    made = tasks(quick)
    contenders = {name: made[name]() for name in [*FIGURES, "bare", "clone"]}
    clone_positions = contenders["clone"](0)
    spiel, where, spiel_worker = _openspiel(quick)
    contenders.update(spiel)
    spiel_positions = spiel["openspiel-clone"](0) if spiel else None
    if not isinstance(spiel_positions, int):  # played in another interpreter's worker: its count of positions is not seen here
        spiel_positions = None
    before = timing.Baseline(__file__, baseline, ["muggins", "cribbage_muggins"], {"quick": quick}) if baseline else None
    try:
        found = timing.interleave_against(before, contenders, [*FIGURES, "clone"], repeats)
    finally:
        if spiel_worker:
            spiel_worker.close()
    for name, (kinds, rules, share) in FIGURES.items():
        count = max(1, int(games * share))
        figure = {"players": 2, "target": 121, "muggins": "muggins" not in rules, "seats": kinds[0], "games": count}
        yield found.rate(name, count, f"{kinds[0]}_games_per_second", **figure)
        if before:
            yield from before.figures(found, name, count, f"{kinds[0]}_games_per_second", **figure)
    yield found.rate("bare", games, "bare_loop_random_games_per_second", players=2, games=games)
    count = max(1, int(games * FIGURES["random-off"][2]))
    yield found.ratio("random-off", "bare", "random_ratio_ours_over_bare", items=(count, games), goal=0.6, muggins=False)
    if before:
        for side in ("current", "baseline"):
            yield found.ratio(f"{side}:random-off", "bare", f"{side}_random_ratio_ours_over_bare", items=(count, games),
                              goal=0.6, muggins=False, **({"baseline": baseline} if side == "baseline" else {}))
    clones = clone_positions * CLONE_ROUNDS
    yield _micros(found, "clone", clones, "clone_us", positions=clone_positions, rounds=CLONE_ROUNDS)
    if before:
        yield _micros(found, "current:clone", clones, "current_clone_us", positions=clone_positions)
        yield _micros(found, "baseline:clone", clones, "baseline_clone_us", positions=clone_positions, baseline=baseline)
    if not spiel:
        yield {"metric": "openspiel_random_games_per_second", "value": None,
               "note": "pyspiel not importable; run with `uv run --group bench` or set MUGGINS_OPEN_SPIEL_PYTHON to a Python that has open_spiel"}
        return
    yield found.rate("openspiel", games, "openspiel_random_games_per_second", players=2, games=games, python=where)
    yield found.ratio("random-off", "openspiel", "random_ratio_ours_over_openspiel", goal=1.0, muggins=False)
    if spiel_positions is not None:
        spiel_clones = spiel_positions * CLONE_ROUNDS
        yield _micros(found, "openspiel-clone", spiel_clones, "openspiel_clone_us", positions=spiel_positions, python=where)
        yield found.per_repeat("clone_ratio_ours_over_openspiel", lambda ours, theirs: (ours / clones) / (theirs / spiel_clones),
                               ["clone", "openspiel-clone"], goal=3.0)


def _micros(found: timing.Timings, name: str, items: int, metric: str, **extra: object) -> dict:
    """Microseconds per item of `name`, median over the repeats with min and max."""
    return found.per_repeat(metric, lambda seconds: seconds / items * 1e6, [name], **extra)


if __name__ == "__main__":
    sys.exit(timing.main(run, "cribbage", tasks))
