"""A ladder against simulate on the same matches: matches per second of each with `--workers 2`.

The ladder (`muggins.ladder.ladder(..., workers=2)`) of random, novice and
expert plays blocks of seatings, every seating of a block on the block's
deal. The same matches are what `simulate(..., seats=SEATING, workers=2)`
plays for each seating of the ladder's design with as many matches as the
ladder has blocks and the same seed (match i of a seating is block i), one
run per seating; that is the other contender. The two are measured in turns
within each repeat (`timing.interleave`), without a warm-up round: each run
starts its worker processes afresh, which is part of what a run costs (the
ladder starts them once, the per-seating runs once per seating). Waiting is
the point here (two processes share the work), so the headline clock is wall
time, CPU time (this process and its reaped workers) beside it. The win
totals per kind must agree between the two (`same_matches`); the ladder's
extra cost is its ratings and pairs, folded in this process match by match.
`--baseline DIR` plays both with this checkout's and DIR's packages in two
worker processes of this script. Figures are printed as JSON lines, never
asserted; the machine is shared, so rates move by ±10% or more between runs.

Run: `uv run --group dev python benchmarks/bench_ladder.py [--quick] [--baseline DIR] [--game NAME] [--games N]`
(or through benchmarks/run.py). The default size is about half a minute on two cores.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable

import timing

#: (matches per repeat, repeats), by default and with --quick.
SIZES = {False: (1_200, 5), True: (120, 1)}
KINDS = ("random", "novice", "expert")


def _seats_of(game: str) -> int:
    from muggins.plugins import get_registry

    return get_registry().game(game).default_players


def tasks(quick: bool = False, game: str = "muggins_shedding", games: int | None = None) -> dict[str, Callable[[], Callable[[int], Any]]]:
    """The two contenders' work by name: each returns the total win share of each kind over the same matches."""
    games = games or SIZES[quick][0]

    def ladder() -> Callable[[int], Any]:
        from muggins.ladder import ladder as run

        def play(_: int) -> list[float]:
            found = run(game, KINDS, games, seed=1, workers=2)
            return [round(k["win_share"]["mean"] * k["seats"], 6) for k in found["per_kind"]]

        return play

    def simulate() -> Callable[[int], Any]:
        from muggins.ladder import design_for
        from muggins.simulate import simulate as run

        design = design_for(KINDS, _seats_of(game), games)
        blocks = design.blocks_for(games)

        def play(_: int) -> list[float]:
            totals = dict.fromkeys(KINDS, 0.0)
            for seating in design.seatings:
                summary = run(game, seats=seating, matches=blocks, seed=1, workers=2)
                for kind, wins in zip(seating, summary["wins"]):
                    totals[kind] += wins
            return [round(totals[kind], 6) for kind in KINDS]

        return play

    return {"ladder": ladder, "simulate per seating": simulate}


def run(quick: bool = False, baseline: str | None = None, game: str = "muggins_shedding", games: int | None = None) -> Iterable[dict]:
    from muggins.ladder import design_for

    games = games or SIZES[quick][0]
    repeats = SIZES[quick][1]
    design = design_for(KINDS, _seats_of(game), games)
    played = design.blocks_for(games) * design.block
    made = tasks(quick, game, games)
    options = {"quick": quick, "game": game, "games": games}
    contenders = {name: make() for name, make in made.items()}
    before = timing.Baseline(__file__, baseline, ["muggins"], options) if baseline else None
    found = timing.interleave_against(before, contenders, made, repeats, warmup=False)
    size = {"game": game, "games": played, "kinds": list(KINDS), "design": design.name, "block": design.block}
    yield found.rate("ladder", played, "games_per_second", "wall", engine="ladder --workers 2", **size)
    yield found.rate("simulate per seating", played, "games_per_second", "wall", engine=f"simulate --workers 2, once per seating ({design.block})", **size)
    yield found.ratio("ladder", "simulate per seating", "ladder_speed_over_simulate", "wall", same_matches=found.same("ladder", "simulate per seating"), **size)
    if before:
        for name in made:
            yield from before.figures(found, name, played, "games_per_second", "wall", engine=name, **size)


def main(argv: list[str]) -> int:
    return timing.main(run, "ladder", tasks, argv, **timing.script_options(argv, game=str, games=int))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
