"""Cribbage game figures: expert and random games per second through the engine, and OpenSpiel's cribbage.

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
applies a uniform one, and at a chance node asks `chance_outcomes()` and
samples one by its probability with `random.choices` (OpenSpiel exposes
each dealt card and the starter as a chance node, so its loop makes about
twice as many Python calls per game: 13 chance nodes a deal, and goes are
explicit pass actions). Both play whole two-player games to 121; OpenSpiel
finishes the round in which the target is passed, we stop at the target as
RULES.md says. The ratio is our random games per second (muggins off) over
OpenSpiel's.

OpenSpiel is found if `pyspiel` imports here (`uv run --group bench python
benchmarks/bench_cribbage.py`, the optional `bench` dependency group), or in
the interpreter named by the environment variable
`MUGGINS_OPEN_SPIEL_PYTHON` (the benchmark then runs that part of itself
there). `--baseline DIR` also measures an older copy of the
`cribbage_muggins` package found in DIR (put first on that run's
PYTHONPATH) in the same run, so before/after figures share the machine's
load. Rates are CPU time of the process playing (`time.process_time`), as
the machine is shared; our figure, OpenSpiel's and the baseline's are
measured in turns, repeat by repeat, and each reported figure is a median
over repeats (the ratio the median of the per-repeat ratios). Figures are
printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_cribbage.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Callable, Iterable


def games_per_second(play: Callable[[int], object], games: int, first_seed: int = 0) -> float:
    """Games per CPU second of this process for `games` games seeded first_seed, first_seed + 1, ..."""
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        play(seed)
    return games / (time.process_time() - start)


def muggins_player(kinds: list[str], **rules: object) -> Callable[[int], object]:
    """A function playing one whole game of cribbage_muggins through Match.run with these seats."""
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    house = game.Rules(**rules)

    def play(seed: int) -> object:
        state = game.new(house, len(kinds), seed)
        return Match(state, make_players(registry, game, kinds, seed)).run()

    play(0)  # builds the crib table and warms the caches outside the timing
    return play


def openspiel_player() -> Callable[[int], object]:
    """A function playing one random game of OpenSpiel's two-player cribbage (ImportError without pyspiel)."""
    import pyspiel

    game = pyspiel.load_game("cribbage")
    rng = random.Random(1)

    def play(_: int) -> object:
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

    play(0)
    return play


def _in_subprocess(python: str, what: str, games: int, first_seed: int, pythonpath: str | None = None) -> float:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    done = subprocess.run([python, __file__, "--one", what, str(games), str(first_seed)], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)["games_per_second"]


def _openspiel_measure() -> tuple[Callable[[int, int], float] | None, str | None]:
    """A function (games, first seed) -> OpenSpiel's rate, and where it runs; (None, None) without pyspiel."""
    try:
        play = openspiel_player()
        return (lambda games, first: games_per_second(play, games, first)), "this interpreter"
    except ImportError:
        python = os.environ.get("MUGGINS_OPEN_SPIEL_PYTHON")
        if not python:
            return None, None
        return (lambda games, first: _in_subprocess(python, "openspiel", games, first)), python


FIGURES = {  # name -> (seats, house rules, share of the game count)
    "expert": (["expert", "expert"], {}, 0.5),
    "random-on": (["random", "random"], {}, 1.0),
    "random-off": (["random", "random"], {"muggins": False}, 1.0),
}


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    games, repeats = (10, 1) if quick else (150, 5)
    spiel, where = _openspiel_measure()
    ratios: list[float] = []
    theirs: list[float] = []
    for name, (kinds, rules, share) in FIGURES.items():
        play = muggins_player(kinds, **rules)
        count = max(1, int(games * share))
        ours, before = [], []
        for r in range(repeats):  # in turns, so that a change in the machine's load hits every figure alike
            ours.append(games_per_second(play, count, r * count))
            if baseline:
                before.append(_in_subprocess(sys.executable, name, count, r * count, pythonpath=baseline))
            if name == "random-off" and spiel is not None:
                theirs.append(spiel(count, r * count))
                ratios.append(ours[-1] / theirs[-1])
        figure = {"players": 2, "target": 121, "muggins": "muggins" not in rules, "seats": kinds[0]}
        yield {"metric": f"{kinds[0]}_games_per_second", **figure, "value": round(statistics.median(ours), 1)}
        if baseline:
            yield {"metric": f"baseline_{kinds[0]}_games_per_second", **figure, "value": round(statistics.median(before), 1), "baseline": baseline}
            yield {"metric": f"{kinds[0]}_speedup_over_baseline", **figure, "value": round(statistics.median(a / b for a, b in zip(ours, before)), 3)}
    if spiel is None:
        yield {"metric": "openspiel_random_games_per_second", "value": None,
               "note": "pyspiel not importable; run with `uv run --group bench` or set MUGGINS_OPEN_SPIEL_PYTHON to a Python that has open_spiel"}
        return
    yield {"metric": "openspiel_random_games_per_second", "players": 2, "value": round(statistics.median(theirs), 1), "python": where}
    yield {"metric": "random_ratio_ours_over_openspiel", "muggins": False, "value": round(statistics.median(ratios), 3)}


def _one(what: str, games: int, first_seed: int) -> float:
    if what == "openspiel":
        return games_per_second(openspiel_player(), games, first_seed)
    kinds, rules, _ = FIGURES[what]
    return games_per_second(muggins_player(kinds, **rules), games, first_seed)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps({"games_per_second": _one(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))}))
        sys.exit(0)
    base = sys.argv[sys.argv.index("--baseline") + 1] if "--baseline" in sys.argv else None
    for figure in run(quick="--quick" in sys.argv, baseline=base):
        print(json.dumps({"bench": "cribbage", **figure}), flush=True)
