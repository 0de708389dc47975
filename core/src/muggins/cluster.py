"""A Dask cluster as the runner of simulations and rule studies (needs the optional `distributed` package).

`connect("local:N")` starts a local cluster of N single-threaded worker
processes; `connect("tcp://HOST:PORT")` joins a running scheduler. Either
way the chunks are exactly those of `muggins.simulate` (bounds set by the
number of matches alone) and are folded in match order by the client, so a
cluster of any size gives the same summary as `--workers 1`. Workers play
chunks through `muggins.simulate.run_planned_chunk`, each building its own
registry from the games installed where it runs; `check_workers` compares
those games and versions with the client's before any work. A worker that
dies mid-run has its chunks run again elsewhere by the scheduler (Dask
retries a task whose worker was lost), so the totals do not change.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import uuid
import warnings
from typing import Any, Iterator

from .limits import clip
from .simulate import ChunkPlan, GameOutcome, run_planned_chunk

__all__ = ["connect", "DaskRunner", "DaskEngine", "check_workers", "ClusterUnavailable", "installed_game_version"]

_RUNS = itertools.count()


class ClusterUnavailable(RuntimeError):
    """`distributed` is not installed, the cluster spec is malformed, or the scheduler cannot be reached."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise ClusterUnavailable("--cluster needs Dask: install the extra: pip install 'muggins-cli[dask]'") from exc
    return distributed


@contextlib.contextmanager
def connect(spec: str, *, timeout: float = 20.0) -> Iterator[Any]:
    """A `distributed.Client` for `local:N` (a new local cluster, closed afterwards) or `tcp://HOST:PORT`."""
    kind, _, rest = spec.partition(":")
    if kind == "local":
        try:
            count = int(rest)
        except ValueError:
            count = 0
        if count < 1:
            raise ClusterUnavailable(f"--cluster {clip(spec)}: give the number of worker processes, e.g. local:2")
    elif kind != "tcp" or not _tcp_address_ok(rest):
        raise ClusterUnavailable(f"--cluster {clip(spec)}: expected local:N or tcp://HOST:PORT (PORT a number from 1 to 65535, nothing after it)")
    distributed = _distributed()
    # The scheduler's and workers' chatter would bury the summary; warnings and errors still show.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    if kind == "local":
        with warnings.catch_warnings():
            # "Port 8787 is already in use" when another cluster runs: it picks another port, nothing to act on.
            warnings.simplefilter("ignore", UserWarning)
            cluster = distributed.LocalCluster(n_workers=count, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR)
        try:
            with distributed.Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = distributed.Client(spec, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise ClusterUnavailable(f"--cluster {clip(spec)}: cannot reach the scheduler ({clip(exc, 120)})") from exc
    with client:
        yield client


def _tcp_address_ok(rest: str) -> bool:
    """`//HOST:PORT` with a non-empty host, a port from 1 to 65535, and no path, query or user part."""
    if not rest.startswith("//"):
        return False
    host, sep, port = rest[2:].rpartition(":")
    if not sep or not host or any(c in host for c in "/?#@ ") or not port.isascii() or not port.isdigit():
        return False
    if host.startswith("[") != host.endswith("]"):
        return False
    return 1 <= int(port) <= 65535


def installed_game_version(name: str) -> str | None:
    """The version of game `name` installed in this process's registry, or None (run on each worker)."""
    from .plugins import get_registry

    game = get_registry().games.get(name)
    return None if game is None else str(game.version)


def check_workers(client: Any, game: Any) -> str | None:
    """None when every worker has `game` at the client's version, else one line naming a worker and the game."""
    found = client.run(installed_game_version, game.name)
    if not found:
        return "the cluster has no workers"
    for worker, version in sorted(found.items()):
        if version is None:
            return f"worker {worker} does not have the game {game.name} installed (here: version {game.version})"
        if version != str(game.version):
            return f"worker {worker} has {game.name} version {version}, but here it is version {game.version}"
    return None


def run_chunk_batch(plan: ChunkPlan, batch: list[tuple[int, tuple[int, int]]]) -> list[tuple[int, list[list[GameOutcome]]]]:
    """Several chunks in one Dask task (fewer round trips); each comes back under its own number."""
    return [(number, run_planned_chunk(plan, *bounds)) for number, bounds in batch]


class DaskRunner:
    """Chunks sent to a Dask client as tasks of `batch` consecutive chunks; `next` hands back chunks as their task finishes.

    Batching changes nothing in what is played or how it is folded (each
    chunk keeps its number); it only spares the scheduler a round trip per
    chunk. `window` (chunks handed out ahead of the first unfolded one) is
    widened to match, so every worker has tasks queued.
    """

    def __init__(self, client: Any, plan: ChunkPlan, batch: int = 4) -> None:
        distributed = _distributed()
        self.client = client
        self.plan = plan
        self.batch_size = max(1, batch)
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))
        self.window = self.workers * 4 * self.batch_size
        self.finished = distributed.as_completed()
        self.waiting: list[tuple[int, tuple[int, int]]] = []
        self.ready: list[tuple[int, list[list[GameOutcome]]]] = []
        self.prefix = f"muggins-chunk-{uuid.uuid4().hex[:12]}-{next(_RUNS)}"

    def submit(self, number: int, bounds: tuple[int, int]) -> None:
        self.waiting.append((number, bounds))
        if len(self.waiting) >= self.batch_size:
            self._send()

    def _send(self) -> None:
        batch, self.waiting = self.waiting, []
        future = self.client.submit(run_chunk_batch, self.plan, batch, key=f"{self.prefix}-{batch[0][0]}", pure=False)
        self.finished.add(future)

    def next(self) -> tuple[int, list[list[GameOutcome]]]:
        if not self.ready:
            if self.waiting:
                self._send()  # the last, short batch: nothing more is coming until something is folded
            future = next(self.finished)
            self.ready = list(reversed(future.result()))
            future.release()
        return self.ready.pop()

    def close(self) -> None:
        pending = list(self.finished.futures) if hasattr(self.finished, "futures") else []
        if pending:
            self.client.cancel(pending)
        self.finished.clear()
        self.waiting.clear()
        self.ready.clear()


#: The first name of DaskRunner, from when "engine" meant chunk runners too (muggins.engine is the match loop).
DaskEngine = DaskRunner
