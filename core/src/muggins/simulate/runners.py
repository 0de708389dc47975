"""Where chunks run: the `ChunkRunner` protocol, this process (`InlineRunner`) or spawned worker processes (`ProcessRunner`).

Worker processes are started with the `spawn` method and rebuild their
registry from the installed entry points (honouring `MUGGINS_LOAD_PLUGINS`),
which is why the game travels by name and the house rules as plain data.
Plugin code cannot take a run down from inside a worker: what it prints goes
to stderr, what it raises comes back as an exception the parent can rebuild
(SystemExit and the like as a `PluginFault` naming the plugin), a
listener's warning travels back to be said once, and a worker that dies
without answering is replaced at most `EXTRA_REPLACEMENTS` times beyond the
worker count before the run stops with `WorkersLost`, naming the plugins
behind the game and the seats. A Dask cluster is a third runner
(`muggins.cluster.DaskRunner`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from ..faults import BUILTIN, PluginFault, blame, fault_message, plugin_fault
from ..game import Game
from ..houserules import Asked, HouseRuleError, keep_answers
from ..players import parse_seat
from .chunks import ChunkPlan, GameOutcome, _prepare, chunk_count, play_chunk, run_planned_chunk

if TYPE_CHECKING:
    from ..registry import Registry

#: Worker processes that may die without an answer in one run, beyond one per worker, before the run stops.
EXTRA_REPLACEMENTS = 3


class WorkersLost(RuntimeError):
    """Worker processes kept dying without an answer (`os._exit` or a crash in plugin code): the run stops; the message is one line."""


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
    """Chunks played in this process, one at a time, when asked for, by the plan's house-rule answers (`answers`)."""

    def __init__(self, registry: Registry, game: Game, rule_sets: Sequence[Any], players: int, kinds: Sequence[str], seed: int,
                 answers: Sequence[tuple[str, Asked]] = ()) -> None:
        self.args = (registry, game, rule_sets, players, kinds, seed)
        self.answers = tuple(answers)
        self.waiting: deque[tuple[int, tuple[int, int]]] = deque()
        self.workers = 1

    def submit(self, number: int, bounds: tuple[int, int]) -> None:
        self.waiting.append((number, bounds))

    def next(self) -> tuple[int, list[list[GameOutcome]]]:
        number, bounds = self.waiting.popleft()
        keep_answers(self.args[1], self.answers)
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
    (a listener switched off), for the parent to say once. A worker whose
    parent is gone (killed outright) ends without a word: the answer it
    cannot send, or the chunk it cannot receive, is the end of its work.
    """
    from multiprocessing.reduction import ForkingPickler

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stdout_to_stderr()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    notes: list[str] = []
    failure: BaseException | None = None
    registry = None
    try:
        registry = _prepare(plan)[0]
        registry.warn_through(notes.append)
    except BaseException as exc:
        failure = _sendable(exc, registry)
    while True:
        try:
            number, bounds = connection.recv()
        except (EOFError, OSError):  # the parent closed the pipe or is gone: end quietly
            return
        try:
            if failure is not None:
                raise failure
            answer: tuple[Any, ...] = ("done", number, run_planned_chunk(plan, *bounds), list(notes))
        except BaseException as exc:
            answer = ("failed", number, _sendable(exc, registry), list(notes))
        notes.clear()
        try:
            payload = ForkingPickler.dumps(answer)
        except Exception as exc:  # an exception that cannot be pickled: send its text
            payload = ForkingPickler.dumps(("failed", number, RuntimeError(f"{type(exc).__name__}: {exc}"), []))
        try:
            connection.send_bytes(payload)  # what `recv` reads back: the same bytes `send` would write
        except OSError:  # a broken pipe: the parent was killed outright, nobody is left to answer
            return


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


def _sendable(exc: BaseException, registry: Registry | None = None) -> BaseException:
    """`exc` as an Exception the parent can surely rebuild and raise, naming the plugin whose code raised it (its traceback stays here).

    muggins' own and the standard library's exceptions travel as they are
    (a `HouseRuleError` before any blame: it names the house-rule plugin,
    never the game whose code raised it);
    any other class (a plugin's own, which may not even unpickle here) only
    as its text, and SystemExit and the like as a PluginFault.
    """
    if isinstance(exc, (PluginFault, HouseRuleError)):  # a house rule's refusal already names its plugin, as inline
        return exc
    if isinstance(exc, Exception):
        found = blame(exc, registry)
        if found is not None:
            return PluginFault(fault_message(found[0], exc, found[1]), found[0].name)
        module = str(type(exc).__module__)
        top = module.partition(".")[0]
        if top in ("builtins", "muggins", "muggins_cli") or top in sys.stdlib_module_names:
            return exc
        return RuntimeError(fault_message(None, exc).replace("plugin code raised ", "", 1))
    fault = plugin_fault(exc, registry)
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

    def __init__(self, plan: ChunkPlan, workers: int, registry: Registry | None = None) -> None:
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


def suspects(registry: Registry, game: str, kinds: Sequence[str]) -> str:
    """The plugins whose code a run of `game` with seats `kinds` runs, seat kinds' first: `fake-x 0.1 (plugin 'x') for seat kind 'x'; …`."""
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


def open_runner(plan: ChunkPlan, workers: int, games: int, registry: Registry, game: Game, rule_sets: Sequence[Any], runner: Callable[[ChunkPlan], Any] | None = None) -> Any:
    """What runs a simulation's chunks: a cluster runner made by `runner`, spawned processes, or this process."""
    if runner is not None:
        return runner(plan)
    workers = max(1, min(workers, chunk_count(games)))
    if workers == 1:
        return InlineRunner(registry, game, rule_sets, plan.players, plan.kinds, plan.seed, plan.answers)
    return ProcessRunner(plan, workers, registry)


# The first names of the chunk runners, from when "engine" meant them too (muggins.engine is the match loop).
InlineEngine, ProcessEngine, open_engine = InlineRunner, ProcessRunner, open_runner
