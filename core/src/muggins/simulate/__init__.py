"""Simulation: many bot-only matches of one game, in chunks, on one or several processes or a Dask cluster.

`simulate` plays match *i* with the seed `derive_seed(seed, "game", i)` and
player streams derived from that seed (`muggins.players.make_players`; seats
are specs such as `novice:error_rate=0.3`), so match *i* is the same match
however the work is split. The work is cut into chunks of consecutive
matches whose bounds depend only on the number of matches (`chunk_bounds`),
never on the worker count, and a chunk may play its matches under several
rule sets (the paired comparisons of `muggins.study`). Chunks run in this
process, in worker processes started with the `spawn` method (each worker
rebuilds its registry from the installed entry points, honouring
`MUGGINS_LOAD_PLUGINS`, which is why the game travels by name and the house
rules as plain data; the house-rule plugins are asked once, where the run
is planned, and every process plays by those answers), or on a Dask cluster (`muggins.cluster`). Finished
chunks wait in a small reorder buffer and are folded match by match in
match order into running sums, so memory stays flat in the number of
matches and every total — floats included — is identical for any worker
count and any `PYTHONHASHSEED`. At most `WINDOW_PER_WORKER` chunks per
worker are handed out ahead of the first unfolded one, which bounds the
buffer. An interrupt (Ctrl-C, or a signal handler raising
KeyboardInterrupt) stops the workers and raises `SimulationInterrupted`
carrying the summary of the matches folded so far, marked partial.

Plugin code cannot take a run down from inside: what it prints in a worker
goes to stderr, SystemExit or a KeyboardInterrupt it raises itself becomes a
`muggins.plugins.PluginFault` naming it (from any process), a listener's
warning travels back to be said once, and a worker process that dies
without answering (`os._exit`, a crash) is replaced at most
`EXTRA_REPLACEMENTS` times beyond the worker count before the run stops
with `WorkersLost`, naming the plugins behind the game and the seats.

The summary counts games, wins per seat (a
tie shares one win among the winners), draws, matches that stopped at the
game's declared limit, decisions per game, every `Result.stats` key
(numbers are summed and given per game, lists are kept as counts per value
and given as count, mean, median, min, max and quartiles), `Result.scores` summed per seat (None when no
match reported scores) and every `Result.seat_stats` figure summed per
seat, each also per game (over all games, so a match that does not report a
figure counts as zero). For a game whose `Game.sides(rules, players)` names
partnerships it also gives wins, scores and figures per side: a side's
figure in a match is the sum of its seats' figures, and a side's win share
the sum of its seats' shares (so a side listed whole among the winners wins
one match).

The package is split by job: `chunks` (outcomes, chunk bounds, playing a
chunk from a plan), `runners` (where chunks run), `folding` (the reorder
buffer and interrupts), `totals` (the summary), `planning` (the checks
before any match) and `run` (`simulate` itself). Every name is importable
from `muggins.simulate` as before the split.
"""

from __future__ import annotations

from .chunks import CHUNK_GAMES, ChunkPlan, GameOutcome, chunk_bounds, chunk_count, chunk_size, play_chunk, play_one, run_planned_chunk
from .folding import WINDOW_PER_WORKER, SimulationInterrupted, interrupt, run_chunks
from .planning import decision_bound_warning, in_force, plan_answers, renamed, resolve_setup, usable_cpus
from .run import simulate
from .runners import EXTRA_REPLACEMENTS, ChunkRunner, InlineEngine, InlineRunner, ProcessEngine, ProcessRunner, WorkersLost, open_engine, open_runner, suspects
from .totals import Totals, sides_of, summary_of

# Private names from before the split that tests reach for: the worker's plan cache and a formatter.
from .chunks import _PREPARED as _PREPARED, _prepare as _prepare  # noqa: E402
from .planning import _duration as _duration  # noqa: E402

# The summing helpers' names while only this module and muggins.study used them.
_Totals, _sides, _summary = Totals, sides_of, summary_of

__all__ = [
    "simulate", "GameOutcome", "play_one", "chunk_bounds", "SimulationInterrupted", "ChunkPlan", "decision_bound_warning", "interrupt",
    "WorkersLost", "usable_cpus", "ChunkRunner", "InlineRunner", "ProcessRunner", "open_runner", "Totals", "sides_of", "summary_of",
    "resolve_setup",
    # public before the split too, now listed; the last three are the runners' first names (deprecated)
    "CHUNK_GAMES", "WINDOW_PER_WORKER", "EXTRA_REPLACEMENTS", "chunk_count", "chunk_size", "play_chunk", "run_planned_chunk", "run_chunks",
    "in_force", "renamed", "suspects", "InlineEngine", "ProcessEngine", "open_engine",
    "plan_answers",
]
