"""Cribbage game figures: expert and random games per second through the engine, and OpenSpiel's cribbage.

Every game is a whole two-player game to 121 played through
`muggins.engine.Match` with the game's registered bots, as `muggins
simulate` plays it: `expert` seats with the default rules (muggins on; the
experts' windows are unclaimable and settled in one call), and `random`
seats with muggins off (the rules OpenSpiel's cribbage plays) and on (every
count is disputed). If OpenSpiel (`pyspiel`) can be imported — here, or in
the interpreter named by the environment variable `MUGGINS_OPEN_SPIEL_PYTHON`
(the benchmark then runs that part of itself there) — its two-player
cribbage is driven the same way from Python: chance outcomes sampled by
their probabilities, every other action uniformly among the legal ones; the
ratio is our random games per second (muggins off) over OpenSpiel's.
Figures are medians over repeats, printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_cribbage.py [--quick]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Iterable


def _games_per_second(play, games: int, repeats: int) -> float:
    rates = []
    for r in range(repeats):
        start = time.perf_counter()
        for i in range(games):
            play(r * games + i)
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def _muggins_player(kinds: list[str], **rules):
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.plugins import load_registry

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    house = game.Rules(**rules)

    def play(seed: int) -> None:
        state = game.new(house, len(kinds), seed)
        Match(state, make_players(registry, game, kinds, seed)).run()

    play(0)  # builds the crib table and warms the caches outside the timing
    return play


def openspiel_games_per_second(games: int, repeats: int) -> float:
    """Random-play games per second of OpenSpiel's two-player cribbage (ImportError without pyspiel)."""
    import pyspiel

    game = pyspiel.load_game("cribbage")
    rng = random.Random(1)

    def play(_: int) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)

    return _games_per_second(play, games, repeats)


def _openspiel_elsewhere(games: int, repeats: int) -> float | None:
    python = os.environ.get("MUGGINS_OPEN_SPIEL_PYTHON")
    if not python:
        return None
    done = subprocess.run([python, __file__, "--openspiel-only", str(games), str(repeats)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["games_per_second"]


def run(quick: bool = False) -> Iterable[dict]:
    games, repeats = (10, 1) if quick else (100, 3)
    expert = _games_per_second(_muggins_player(["expert", "expert"]), games, repeats)
    yield {"metric": "expert_games_per_second", "players": 2, "target": 121, "muggins": True, "value": round(expert, 1)}
    random_off = _games_per_second(_muggins_player(["random", "random"], muggins=False), games * 2, repeats)
    yield {"metric": "random_games_per_second", "players": 2, "target": 121, "muggins": False, "value": round(random_off, 1)}
    random_on = _games_per_second(_muggins_player(["random", "random"]), games * 2, repeats)
    yield {"metric": "random_games_per_second", "players": 2, "target": 121, "muggins": True, "value": round(random_on, 1)}
    try:
        spiel = openspiel_games_per_second(games * 2, repeats)
        where = "this interpreter"
    except ImportError:
        spiel = _openspiel_elsewhere(games * 2, repeats)
        where = os.environ.get("MUGGINS_OPEN_SPIEL_PYTHON")
    if spiel is None:
        yield {"metric": "openspiel_random_games_per_second", "value": None,
               "note": "pyspiel not importable; set MUGGINS_OPEN_SPIEL_PYTHON to a Python that has open_spiel"}
        return
    yield {"metric": "openspiel_random_games_per_second", "players": 2, "value": round(spiel, 1), "python": where}
    yield {"metric": "random_ratio_ours_over_openspiel", "muggins": False, "value": round(random_off / spiel, 3)}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--openspiel-only"]:
        count, times = int(sys.argv[2]), int(sys.argv[3])
        print(json.dumps({"games_per_second": openspiel_games_per_second(count, times)}))
        sys.exit(0)
    for figure in run(quick="--quick" in sys.argv):
        print(json.dumps({"bench": "cribbage", **figure}), flush=True)
