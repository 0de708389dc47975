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
rules as plain data), or on a Dask cluster (`muggins.cluster`). Finished
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
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from .engine import Match
from .game import Game
from .houserules import compare_in_force, house_rule_plugins
from .players import make_players
from .rng import derive_seed
from .rules import rules_from_dict, rules_to_dict
from .stats import ValueCounts

__all__ = ["simulate", "GameOutcome", "play_one", "chunk_bounds", "SimulationInterrupted", "ChunkPlan", "decision_bound_warning", "interrupt",
           "WorkersLost", "usable_cpus", "ChunkRunner", "InlineRunner", "ProcessRunner", "open_runner", "Totals", "sides_of", "summary_of",
           "resolve_setup", "run_chunks", "in_force"]

#: The most matches in one chunk: small enough that even a slow game (cribbage, about
#: 45 matches a second per core) finishes a chunk well within a second.
CHUNK_GAMES = 16
#: Chunks handed out per worker ahead of the first one not yet folded in.
WINDOW_PER_WORKER = 4
#: Worker processes that may die without an answer in one run, beyond one per worker, before the run stops.
EXTRA_REPLACEMENTS = 3


def usable_cpus() -> int:
    """The number of CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class WorkersLost(RuntimeError):
    """Worker processes kept dying without an answer (`os._exit` or a crash in plugin code): the run stops; the message is one line."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What one simulated match contributes to the summary."""

    index: int
    winners: tuple[int, ...]
    limit_reached: bool
    decisions: int
    stats: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple[float, ...] = ()
    seat_stats: Mapping[str, tuple[float, ...]] = field(default_factory=dict)


def play_one(registry: Any, game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, index: int) -> GameOutcome:
    """Play match `index` of a simulation seeded with `seed` and return its outcome.

    Plugin code ending the match (SystemExit, its own KeyboardInterrupt…)
    raises `PluginFault` naming the plugin and the match.
    """
    try:
        game_seed = derive_seed(seed, "game", index)
        state = game.new(rules, players, game_seed)
        match = Match(state, make_players(registry, game, kinds, game_seed), registry=registry)
        result = match.run()
        seat_stats = {name: tuple(values) for name, values in result.seat_stats.items()}
        return GameOutcome(index, tuple(result.winners), bool(result.limit_reached), match.decisions, dict(result.stats), tuple(result.scores), seat_stats)
    except BaseException as exc:
        from .plugins import PluginFault, plugin_fault

        fault = exc if isinstance(exc, PluginFault) else plugin_fault(exc, registry)
        if fault is None:
            raise
        raise PluginFault(f"{fault} (match {index} of the run)", fault.plugin) from exc


def chunk_bounds(games: int) -> Iterator[tuple[int, int]]:
    """The chunks of a run of `games` matches: single matches up to 127, then 64 to 127 chunks, then chunks of `CHUNK_GAMES` from 1,024.

    The bounds depend on the number of matches only, so any worker count
    or cluster plays exactly the same chunks.
    """
    size = chunk_size(games)
    for start in range(0, games, size):
        yield start, min(start + size, games)


def chunk_size(games: int) -> int:
    return min(CHUNK_GAMES, max(1, games // 64))


def chunk_count(games: int) -> int:
    return -(-games // chunk_size(games)) if games else 0


@dataclass(frozen=True)
class ChunkPlan:
    """Everything a worker needs to play chunks, as plain data: the game by name, each rule set as a dict."""

    game: str
    rules: tuple[Mapping[str, Any], ...]
    players: int
    kinds: tuple[str, ...]
    seed: int
    #: Per rule set, the house-rule plugins in force where the run was planned (each `{"name", "distribution",
    #: "version"}`); a worker with other plugins in force refuses the plan. None: not checked.
    house_rules: tuple[tuple[Mapping[str, Any], ...], ...] | None = None
    #: Several seatings, a seat spec per seat each (`muggins.ladder`): every match is then played under each rule set
    #: and each seating, one list of outcomes per (rule set, seating), rule set-major. None: `kinds` is the one seating.
    seatings: tuple[tuple[str, ...], ...] | None = None

    def key(self) -> str:
        import json

        return json.dumps([self.game, list(self.rules), self.players, list(self.kinds), self.seed, self.house_rules], sort_keys=True, default=str)


_PREPARED: dict[str, tuple[Any, Game, list[Any]]] = {}


def _prepare(plan: ChunkPlan) -> tuple[Any, Game, list[Any]]:
    """This process's registry, the game and the rule sets of `plan`, built once per process and plan."""
    key = plan.key()
    if key not in _PREPARED:
        from .plugins import get_registry

        registry = get_registry()
        game = registry.game(plan.game)
        rules = [rules_from_dict(game.Rules, r, source="simulation rules") for r in plan.rules]
        if plan.house_rules is not None:
            for wanted, each in zip(plan.house_rules, rules):
                difference = compare_in_force(wanted, house_rule_plugins(registry, game, each))
                if difference:
                    raise KeyError(f"house-rule plugins differ on this worker: {difference}")
        _PREPARED.clear()
        _PREPARED[key] = (registry, game, rules)
    return _PREPARED[key]


def play_chunk(registry: Any, game: Game, rule_sets: Sequence[Any], players: int, kinds: Sequence[str], seed: int, start: int, stop: int) -> list[list[GameOutcome]]:
    """Matches start..stop-1, each under every rule set in turn: one list of outcomes per rule set."""
    return [[play_one(registry, game, rules, players, kinds, seed, i) for i in range(start, stop)] for rules in rule_sets]


def run_planned_chunk(plan: ChunkPlan, start: int, stop: int) -> list[list[GameOutcome]]:
    """A chunk played from a plan in whatever process this is (a pool worker or a Dask worker)."""
    registry, game, rules = _prepare(plan)
    if plan.seatings is not None:
        return [play_chunk(registry, game, [each], plan.players, seating, plan.seed, start, stop)[0] for each in rules for seating in plan.seatings]
    return play_chunk(registry, game, rules, plan.players, plan.kinds, plan.seed, start, stop)


# -- where chunks run -----------------------------------------------------------
class ChunkRunner(Protocol):
    """What runs a simulation's chunks: `submit` hands one out, `next` gives back one finished (any order), `close` stops everything.

    `workers` says how many chunks run at once; a runner may also set
    `window`, how many chunks may be handed out ahead of the first one not
    yet folded (by default `WINDOW_PER_WORKER` per worker).
    """

    workers: int

    def submit(self, number: int, bounds: tuple[int, int]) -> None: ...

    def next(self) -> tuple[int, list[list[GameOutcome]]]: ...

    def close(self) -> None: ...


class InlineRunner:
    """Chunks played in this process, one at a time, when asked for."""

    def __init__(self, registry: Any, game: Game, rule_sets: Sequence[Any], players: int, kinds: Sequence[str], seed: int) -> None:
        self.args = (registry, game, rule_sets, players, kinds, seed)
        self.waiting: deque[tuple[int, tuple[int, int]]] = deque()
        self.workers = 1

    def submit(self, number: int, bounds: tuple[int, int]) -> None:
        self.waiting.append((number, bounds))

    def next(self) -> tuple[int, list[list[GameOutcome]]]:
        number, bounds = self.waiting.popleft()
        return number, play_chunk(*self.args, *bounds)

    def close(self) -> None:
        self.waiting.clear()


def _watch_parent(parent: int) -> None:
    # A worker whose parent was killed outright (SIGKILL) has nobody to report to: end it.
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(1)


def _worker_main(connection: Any, plan: ChunkPlan, parent: int) -> None:
    """A spawned worker: ignore Ctrl-C (the parent stops us), watch the parent, play the chunks sent on `connection`.

    Its standard output is its standard error, so nothing a plugin prints
    reaches the parent's output. A failure to prepare the plan (the game is
    not installed here) is sent back as the answer to every chunk, so the
    parent raises it; so is anything plugin code raises while playing,
    SystemExit included. Each answer carries the warnings said meanwhile
    (a listener switched off), for the parent to say once.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stdout_to_stderr()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    notes: list[str] = []
    failure: BaseException | None = None
    try:
        registry = _prepare(plan)[0]
        registry.warn = notes.append
    except BaseException as exc:
        failure = _sendable(exc)
    while True:
        try:
            number, bounds = connection.recv()
        except (EOFError, OSError):
            return
        try:
            if failure is not None:
                raise failure
            answer: tuple[Any, ...] = ("done", number, run_planned_chunk(plan, *bounds), list(notes))
        except BaseException as exc:
            answer = ("failed", number, _sendable(exc), list(notes))
        notes.clear()
        try:
            connection.send(answer)
        except Exception as exc:  # an exception that cannot be pickled: send its text
            connection.send(("failed", number, RuntimeError(f"{type(exc).__name__}: {exc}"), []))


def _stdout_to_stderr() -> None:
    """Send this process's standard output (file descriptor 1 and `sys.stdout`) to its standard error."""
    try:
        os.dup2(2, 1)
    except OSError:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        except OSError:
            pass
    sys.stdout = sys.stderr


def _sendable(exc: BaseException) -> BaseException:
    """`exc` as an Exception the parent can surely rebuild and raise, naming the plugin whose code raised it (its traceback stays here).

    muggins' own and the standard library's exceptions travel as they are;
    any other class (a plugin's own, which may not even unpickle here) only
    as its text, and SystemExit and the like as a PluginFault.
    """
    from .plugins import PluginFault, blame, fault_message, plugin_fault

    if isinstance(exc, PluginFault):
        return exc
    if isinstance(exc, Exception):
        found = blame(exc)
        if found is not None:
            return PluginFault(fault_message(found[0], exc, found[1]), found[0].name)
        module = str(type(exc).__module__)
        top = module.partition(".")[0]
        if top in ("builtins", "muggins", "muggins_cli") or top in sys.stdlib_module_names:
            return exc
        return RuntimeError(fault_message(None, exc).replace("plugin code raised ", "", 1))
    fault = plugin_fault(exc)
    return fault if fault is not None else PluginFault(fault_message(None, exc))


class _Worker:
    __slots__ = ("process", "connection", "running")

    def __init__(self, process: Any, connection: Any) -> None:
        self.process, self.connection = process, connection
        self.running: tuple[int, tuple[int, int]] | None = None


class ProcessRunner:
    """Chunks played by spawned worker processes, one chunk at a time each, over a pipe of its own.

    Each worker has its own pipe, so no lock is shared between workers: a
    worker that dies (killed, out of memory) cannot block the others, its
    death is seen at once through its process sentinel, and the chunk it
    was playing is handed to a replacement worker. Chunks are pure functions
    of their bounds, so the answer is unchanged. `close` kills every worker
    whatever happened.
    """

    def __init__(self, plan: ChunkPlan, workers: int, registry: Any = None) -> None:
        import multiprocessing

        self.context = multiprocessing.get_context("spawn")
        self.plan = plan
        self.workers = workers
        self.registry = registry
        #: Workers that died without an answer in this run; past `workers + EXTRA_REPLACEMENTS` the run stops.
        self.deaths = 0
        self.waiting: deque[tuple[int, tuple[int, int]]] = deque()
        self.pool: list[_Worker] = []
        for _ in range(workers):
            self.pool.append(self._start())

    @property
    def processes(self) -> list[Any]:
        return [worker.process for worker in self.pool]

    def _start(self) -> _Worker:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_worker_main, args=(theirs, self.plan, os.getpid()), daemon=True)
        process.start()
        theirs.close()
        return _Worker(process, ours)

    def submit(self, number: int, bounds: tuple[int, int]) -> None:
        self.waiting.append((number, bounds))
        self._feed()

    def _feed(self) -> None:
        for worker in self.pool:
            if worker.running is None and self.waiting:
                worker.running = self.waiting.popleft()
                try:
                    worker.connection.send(worker.running)
                except OSError:
                    pass  # the worker just died: its sentinel says so next, and the chunk goes to its replacement

    def next(self) -> tuple[int, list[list[GameOutcome]]]:
        from multiprocessing.connection import wait

        while True:
            # The timeout also lets a signal handler run now and then.
            ready = set(wait([w.connection for w in self.pool] + [w.process.sentinel for w in self.pool], timeout=0.5))
            for n, worker in enumerate(self.pool):
                if worker.connection in ready:
                    try:
                        kind, number, found, notes = worker.connection.recv()
                    except (EOFError, OSError):
                        self._replace(n)
                        continue
                    except Exception as exc:  # an answer that cannot be rebuilt here
                        raise RuntimeError(f"a worker's answer cannot be read: {type(exc).__name__}: {exc}") from exc
                    worker.running = None
                    self._feed()
                    if notes and self.registry is not None:
                        for line in notes:
                            self.registry.warn_once(line)
                    if kind == "failed":
                        raise found
                    return number, found
                if worker.process.sentinel in ready:
                    self._replace(n)

    def _replace(self, n: int) -> None:
        dead = self.pool[n]
        dead.connection.close()
        dead.process.join(timeout=1)
        if dead.running is not None:
            self.waiting.appendleft(dead.running)
        self.deaths += 1
        allowed = self.workers + EXTRA_REPLACEMENTS
        if self.deaths > allowed:
            code = dead.process.exitcode
            how = f"killed by signal {-code}" if isinstance(code, int) and code < 0 else f"exit code {code}"
            raise WorkersLost(
                f"worker processes died {self.deaths} times without an answer (the last: {how}); the run stops, since at most {allowed} "
                f"are replaced for {self.workers} workers; code in these matches ends its process (os._exit, a crash): "
                f"{suspects(self.registry, self.plan.game, self.plan.kinds)}")
        self.pool[n] = self._start()
        self._feed()

    def close(self) -> None:
        for worker in self.pool:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in self.pool:
            worker.process.join(timeout=5)
            worker.connection.close()
        self.waiting.clear()


def suspects(registry: Any, game: str, kinds: Sequence[str]) -> str:
    """The plugins whose code a run of `game` with seats `kinds` runs, seat kinds' first: `fake-x 0.1 (plugin 'x') for seat kind 'x'; …`."""
    from .players import parse_seat
    from .plugins import BUILTIN

    parts: dict[str, list[str]] = {}
    if registry is not None:
        for spec in dict.fromkeys(kinds):
            try:
                kind = registry.player_kind(parse_seat(spec)[0], game)
            except (KeyError, ValueError):
                continue
            info = registry.plugin_info(kind.plugin) if kind.plugin and kind.plugin != BUILTIN else None
            if info is not None:
                parts.setdefault(info.describe(), []).append(f"seat kind {kind.name!r}")
        source = registry.game_sources.get(game)
        if source is not None:
            parts.setdefault(source.describe(), []).append(f"game {game!r}")
    if not parts:
        return f"game {game!r} with seats {', '.join(kinds)}"
    return "; ".join(f"{who} for {' and '.join(what)}" for who, what in parts.items())


# -- summing ------------------------------------------------------------------
class Totals:
    """Folds outcomes in index order (the order fixes every float sum) into sums whose size does not grow with the games."""

    def __init__(self, players: int, sides: Sequence[Sequence[int]] | None = None) -> None:
        self.players = players
        self.sides = None if sides is None else [tuple(side) for side in sides]
        self.games = 0
        self.wins = [0.0] * players
        self.scores: list[float] = [0] * players
        self.scored = 0
        self.seat_stats: dict[str, list[float]] = {}
        if self.sides is not None:
            self.side_wins = [0.0] * len(self.sides)
            self.side_scores: list[float] = [0] * len(self.sides)
            self.side_stats: dict[str, list[float]] = {}
        self.draws = 0
        self.limit_reached = 0
        self.decisions = 0
        self.numbers: dict[str, float] = {}
        self.lists: dict[str, ValueCounts] = {}

    def add(self, outcome: GameOutcome) -> None:
        # Per-seat figures are checked before anything is counted, so a refused outcome leaves no trace.
        if outcome.scores:
            self._per_seat("scores", outcome.scores, outcome.index)
        for name, values in outcome.seat_stats.items():
            self._per_seat(f"seat_stats[{name!r}]", values, outcome.index)
        self.games += 1
        if outcome.winners:
            share = 1 / len(outcome.winners)
            for seat in outcome.winners:
                self.wins[seat] += share
            if self.sides is not None:
                for n, side in enumerate(self.sides):
                    won = sum(1 for seat in outcome.winners if seat in side)
                    if won:
                        self.side_wins[n] += won * share
        else:
            self.draws += 1
        if outcome.scores:
            self.scored += 1
            self._fold(self.scores, self.side_scores if self.sides is not None else None, outcome.scores)
        for name, values in outcome.seat_stats.items():
            sides = None if self.sides is None else self.side_stats.setdefault(name, [0] * len(self.sides))
            self._fold(self.seat_stats.setdefault(name, [0] * self.players), sides, values)
        self.limit_reached += outcome.limit_reached
        self.decisions += outcome.decisions
        for key, value in outcome.stats.items():
            if isinstance(value, (list, tuple)):
                if key in self.numbers:
                    raise ValueError(f"stat {key!r} is a number in one game and a list in another")
                found = self.lists.get(key)
                if found is None:
                    found = self.lists[key] = ValueCounts()
                found.extend(value)
            elif isinstance(value, (int, float)):
                if key in self.lists:
                    raise ValueError(f"stat {key!r} is a list in one game and a number in another")
                self.numbers[key] = self.numbers.get(key, 0) + value

    def _per_seat(self, what: str, values: Sequence[Any], index: int) -> None:
        if len(values) != self.players or not all(isinstance(v, (int, float)) for v in values):
            raise ValueError(f"game {index}: Result.{what} must be one number per seat ({self.players}), got {list(values)!r}")

    def _fold(self, seats: list[float], sides: list[float] | None, values: Sequence[float]) -> None:
        for seat, value in enumerate(values):
            seats[seat] += value
        if sides is not None:
            for n, side in enumerate(self.sides or ()):
                total: float = 0
                for seat in side:
                    total += values[seat]
                sides[n] += total

    def _per_game(self, totals: Sequence[float]) -> dict[str, list[float]]:
        games = self.games
        return {"total": list(totals), "mean": [t / games if games else 0.0 for t in totals]}

    def summary(self) -> dict[str, Any]:
        games = self.games
        stats: dict[str, Any] = {}
        for key in sorted(self.numbers):
            total = self.numbers[key]
            stats[key] = {"total": total, "mean": total / games if games else 0.0}
        for key in sorted(self.lists):
            stats[key] = self.lists[key].summary()
        return {
            "games": games,
            "wins": self.wins,
            "win_rate": [w / games if games else 0.0 for w in self.wins],
            "draws": self.draws,
            "limit_reached": self.limit_reached,
            "decisions": {"total": self.decisions, "mean": self.decisions / games if games else 0.0},
            "stats": stats,
            "scores": self._per_game(self.scores) if self.scored else None,
            "seat_stats": {name: self._per_game(self.seat_stats[name]) for name in sorted(self.seat_stats)},
            "sides": None if self.sides is None else {
                "seats": [list(side) for side in self.sides],
                "wins": self.side_wins,
                "win_rate": [w / games if games else 0.0 for w in self.side_wins],
                "scores": self._per_game(self.side_scores) if self.scored else None,
                "seat_stats": {name: self._per_game(self.side_stats[name]) for name in sorted(self.side_stats)},
            },
        }


def sides_of(game: Game, rules: Any, players: int) -> tuple[tuple[int, ...], ...] | None:
    """The game's partnerships, checked: every seat in exactly one side."""
    sides = game.sides(rules, players)
    if sides is None:
        return None
    sides = tuple(tuple(side) for side in sides)
    seats = sorted(seat for side in sides for seat in side)
    if seats != list(range(players)) or not all(sides):
        raise ValueError(f"{game.name}.sides() must put each of the {players} seats in exactly one side, got {sides!r}")
    return sides


def resolve_setup(registry: Any, game: str | Game, players: int | None, seats: Sequence[str] | None, matches: int, workers: int) -> tuple[Any, Game, int, tuple[str, ...], int]:
    """What `simulate` and `muggins.study.compare` both check first: (registry, game, player count, seat specs, workers).

    The registry defaults to the process one and a game given by name is
    looked up; the player count defaults to the game's and the seats to all
    `expert`; every seat is built once (KeyError or ValueError for a bad
    one, before any work); `workers` 0 means one per CPU. ValueError for a
    player count the game does not allow, a seat list of the wrong length,
    a negative number of matches or of workers.
    """
    if registry is None:
        from .plugins import get_registry

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
    registry: Any = None,
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

    plan = ChunkPlan(game.name, (rules_to_dict(rules),), players, kinds, seed, (in_force(registry, game, rules),))
    try:
        run_chunks(lambda: open_runner(plan, workers, games, registry, game, [rules], engine), games, fold, progress)
    except KeyboardInterrupt as exc:
        raise SimulationInterrupted(summary_of(game, rules, players, kinds, seed, games, totals, partial=True, house_rules=plan.house_rules[0])) from exc
    return summary_of(game, rules, players, kinds, seed, games, totals, partial=False, house_rules=plan.house_rules[0])


def in_force(registry: Any, game: Game, rules: Any) -> tuple[dict[str, Any], ...]:
    """The house-rule plugins in force for `rules`, as plain data for plans and summaries."""
    return tuple(p.to_dict() for p in house_rule_plugins(registry, game, rules))


def summary_of(game: Game, rules: Any, players: int, kinds: Sequence[str], seed: int, games: int, totals: Totals, *, partial: bool,
             house_rules: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    summary = {
        "game": game.name,
        "version": game.version,
        "players": players,
        "seats": list(kinds),
        "rules": rules_to_dict(rules),
        "house_rules": [dict(p) for p in house_rules],
        "seed": seed,
    }
    summary.update(totals.summary())
    summary["partial"] = partial
    summary["games_requested"] = games
    return summary


# Their names while only this module and muggins.study used them.
_Totals, _sides, _summary = Totals, sides_of, summary_of


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by an interrupt; `summary` covers the matches folded in so far (0 to k-1), marked partial."""

    def __init__(self, summary: dict[str, Any]) -> None:
        super().__init__(f"interrupted after {summary.get('games')} matches")
        self.summary = summary


def open_runner(plan: ChunkPlan, workers: int, games: int, registry: Any, game: Game, rule_sets: Sequence[Any], runner: Callable[[ChunkPlan], Any] | None = None) -> Any:
    """What runs a simulation's chunks: a cluster runner made by `runner`, spawned processes, or this process."""
    if runner is not None:
        return runner(plan)
    workers = max(1, min(workers, chunk_count(games)))
    if workers == 1:
        return InlineRunner(registry, game, rule_sets, plan.players, plan.kinds, plan.seed)
    return ProcessRunner(plan, workers, registry)


# The first names of the chunk runners, from when "engine" meant them too (muggins.engine is the match loop).
InlineEngine, ProcessEngine, open_engine = InlineRunner, ProcessRunner, open_runner


class _Folding:
    """Whether a chunk is being folded in right now, and whether an interrupt came meanwhile."""

    active = False
    pending = False


def interrupt(signum: int | None = None, frame: Any = None) -> None:
    """Stop a running simulation as Ctrl-C does: at once, or once the chunk being folded in is complete.

    `run_chunks` installs this for SIGINT; a command may install it for
    other signals (SIGTERM). Deferring during a fold keeps the partial
    summary consistent: it never holds half a match.
    """
    if _Folding.active:
        _Folding.pending = True
        return
    raise KeyboardInterrupt


def _plain_interrupt(handler: Any) -> bool:
    """Whether `handler` just raises KeyboardInterrupt: Python's default, or one marked `plain_interrupt` (the command line's)."""
    return handler is signal.default_int_handler or getattr(handler, "plain_interrupt", False) is True


@contextlib.contextmanager
def _interrupts_between_folds() -> Iterator[None]:
    previous = None
    if threading.current_thread() is threading.main_thread() and _plain_interrupt(signal.getsignal(signal.SIGINT)):
        previous = signal.signal(signal.SIGINT, interrupt)
    _Folding.active = _Folding.pending = False
    try:
        yield
    finally:
        _Folding.active = _Folding.pending = False
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def run_chunks(open_it: Callable[[], Any], games: int, fold: Callable[[list[list[GameOutcome]]], None], progress: Callable[[int], Any] | None) -> None:
    """Run every chunk of `games` matches on the runner `open_it()` makes and fold them in match order.

    Finished chunks wait in a reorder buffer until every earlier chunk is
    folded; no chunk more than the runner's window past the first unfolded
    one is handed out, so the buffer stays small. `progress(n)` hears of each
    chunk as it finishes. The runner is closed (its workers stopped) however
    this ends, an interrupt included; an interrupt never lands in the middle
    of a fold.
    """
    total = chunk_count(games)
    if not total:
        return
    size = chunk_size(games)
    with _interrupts_between_folds():
        runner = open_it()
        try:
            window = getattr(runner, "window", None) or max(1, runner.workers) * WINDOW_PER_WORKER
            submitted = folded = 0
            buffer: dict[int, list[list[GameOutcome]]] = {}
            while folded < total:
                while submitted < total and submitted < folded + window:
                    runner.submit(submitted, (submitted * size, min((submitted + 1) * size, games)))
                    submitted += 1
                number, outcomes = runner.next()
                buffer[number] = outcomes
                if progress is not None:
                    progress(len(outcomes[0]))
                _Folding.active = True
                try:
                    while folded in buffer:
                        fold(buffer.pop(folded))
                        folded += 1
                finally:
                    _Folding.active = False
                if _Folding.pending:
                    raise KeyboardInterrupt
        finally:
            runner.close()


def decision_bound_warning(game: Game, rules: Any, players: int, kinds: Sequence[str] | None = None, *, registry: Any = None, ratio: float = 100.0, seconds: float = 60.0) -> str | None:
    """A warning for house rules that let one match run far longer than the defaults allow, or None.

    It speaks when `Game.max_decisions` under `rules` is at least `ratio`
    times the bound under the default rules and a match reaching it would
    take more than `seconds` at the speed of one default-rules match played
    here (seed 0, the same seats). The figure is the worst case, not a
    forecast: how often a match nears its bound is up to the game and seats.
    """
    from .engine import decision_limit

    bound = decision_limit(game, rules, players, registry)
    usual = decision_limit(game, game.Rules(), players, registry)
    if bound < ratio * max(usual, 1):
        return None
    if registry is None:
        from .plugins import get_registry

        registry = get_registry()
    kinds = tuple(kinds) if kinds is not None else ("expert",) * players
    state = game.new(game.Rules(), players, 0)
    match = Match(state, make_players(registry, game, kinds, 0), registry=registry)
    began = time.perf_counter()
    match.run()
    elapsed = max(time.perf_counter() - began, 1e-6)
    rate = max(match.decisions, 1) / elapsed
    worst = bound / rate
    if worst < seconds:
        return None
    return (
        f"these house rules let one match run to {bound:,} decisions ({bound / max(usual, 1):,.0f} times the default rules' {usual:,}); "
        f"at about {rate:,.0f} decisions a second here, a match that goes that far takes about {_duration(worst)}"
    )


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 172800:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:,.0f} days"
