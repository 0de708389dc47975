"""What `muggins simulate` needs beyond the game commands: progress, signals, clusters, rule comparisons and figure names.

`commands.simulate` checks the user's input and prints; this module runs
the simulation or the paired comparison (`muggins.study.compare`) on worker
processes or a Dask cluster (`--cluster`), shows progress on a terminal
(matches and chunks done, matches per second, time left), turns SIGTERM and
SIGHUP into the same stop as Ctrl-C (the summary so far is printed, marked
partial; exit 143, 129 or 130), and names figures in words a player reads
(`figure_label`, using a game's optional `stat_labels`), while `--json`
keeps the raw keys.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from typing import IO, Any, Callable, Iterator, Sequence

from muggins.game import Game

from .errors import EXIT_INTERRUPTED, BadInput, CLIError


class Stopped(CLIError):
    """A simulation stopped by Ctrl-C or a signal after printing its partial summary."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


# -- signals ---------------------------------------------------------------------
@contextlib.contextmanager
def signals_stop_the_run() -> Iterator[dict[str, int]]:
    """SIGTERM and SIGHUP stop a simulation as Ctrl-C does; `caught["exit"]` is the exit code to end with."""
    from muggins.simulate import interrupt

    caught = {"exit": EXIT_INTERRUPTED}

    def stop(signum: int, frame: Any) -> None:
        caught["exit"] = 128 + signum
        interrupt(signum, frame)

    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, stop)
        except ValueError:  # not the main thread: leave signals alone
            pass
    try:
        yield caught
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


# -- progress ----------------------------------------------------------------------
class Progress:
    """One self-rewriting line on a terminal: matches and chunks done, matches per second, time left."""

    def __init__(self, label: str, games: int, chunks: int, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.games, self.chunks, self.stream, self.clock = label, games, chunks, stream, clock
        self.done = self.chunks_done = 0
        self.began = clock()
        self.shown = 0.0
        self.width = 0

    def __call__(self, finished: int) -> None:
        self.done += finished
        self.chunks_done += 1
        now = self.clock()
        if now - self.shown >= 0.2 or self.done >= self.games:
            self.shown = now
            self.draw(now)

    def line(self, now: float) -> str:
        elapsed = now - self.began
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = f"{_clock((self.games - self.done) / rate)} left" if rate > 0 and self.done < self.games else ("done" if self.done >= self.games else "starting")
        share = self.done / self.games if self.games else 1.0
        return f"{self.label}: {self.done:,}/{self.games:,} matches ({share:.0%}), {self.chunks_done:,}/{self.chunks:,} chunks, {rate:,.0f} matches/s, {left}"

    def draw(self, now: float) -> None:
        text = self.line(now)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        if self.chunks_done:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@contextlib.contextmanager
def progress_line(label: str, games: int, enabled: bool) -> Iterator[Progress | None]:
    from muggins.simulate import chunk_count

    if not enabled:
        yield None
        return
    shown = Progress(label, games, chunk_count(games), sys.stderr)
    try:
        yield shown
    finally:
        shown.close()


# -- clusters ------------------------------------------------------------------------
@contextlib.contextmanager
def cluster_engine(spec: str | None, game: Game) -> Iterator[Callable[[Any], Any] | None]:
    """The engine factory for `--cluster SPEC` (None without it), after checking every worker can play `game`."""
    if spec is None:
        yield None
        return
    from muggins.cluster import ClusterUnavailable, DaskEngine, check_workers, connect

    # Starting or joining a cluster runs Dask's own code for seconds: a signal raised inside it
    # leaves Dask half-started (its asserts fail, a traceback, exit 130). Signals are noted
    # meanwhile and acted on once the cluster is up, as one line with the signal's exit code.
    pending: list[int] = []
    with _signals_deferred(pending):
        try:
            connection = connect(spec)
            client = connection.__enter__()
        except ClusterUnavailable as exc:
            raise BadInput(str(exc)) from exc
    if pending:
        connection.__exit__(None, None, None)
        raise Stopped("interrupted while the cluster started; no match was played", 128 + pending[0])
    try:
        problem = check_workers(client, game)
        if problem is not None:
            raise BadInput(problem)
        yield lambda plan: DaskEngine(client, plan)
    except BaseException:
        connection.__exit__(*sys.exc_info())
        raise
    else:
        connection.__exit__(None, None, None)


@contextlib.contextmanager
def _signals_deferred(pending: list[int]) -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP only noted in `pending` (in order) while the block runs."""
    previous: dict[int, Any] = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, lambda signum, frame: pending.append(signum))
        except ValueError:  # not the main thread: leave signals alone
            pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


# -- names for figures ------------------------------------------------------------------
def stat_label(game: Game, key: str) -> str:
    """A game's wording for a stats key (`Game.stat_labels`, optional), else the key with spaces."""
    labels = getattr(game, "stat_labels", None) or {}
    return str(labels.get(key) or key.replace("_", " "))


def figure_label(game: Game, name: str, seats: Sequence[str] = ()) -> str:
    """The raw figure name of a comparison (`wins[0]`, `stats.hands_drawn`, `sides.scores[1]`) in words."""
    base, _, index = name.partition("[")
    number = index.rstrip("]")

    def seat() -> str:
        kind = f" ({seats[int(number)]})" if number and int(number) < len(seats) else ""
        return f", seat {number}{kind}"

    if base == "wins":
        return f"matches won{seat()}"
    if base == "draws":
        return "matches drawn"
    if base == "limit_reached":
        return "matches stopped at the limit"
    if base == "decisions":
        return "decisions per match"
    if base == "scores":
        return f"score per match{seat()}"
    if base.startswith("seat_stats."):
        return f"{stat_label(game, base[len('seat_stats.'):])} per match{seat()}"
    if base == "sides.wins":
        return f"matches won, side {number}"
    if base == "sides.scores":
        return f"score per match, side {number}"
    if base.startswith("sides.seat_stats."):
        return f"{stat_label(game, base[len('sides.seat_stats.'):])} per match, side {number}"
    if base.startswith("stats."):
        key = base[len("stats."):]
        if key.endswith(".values") or key.endswith(".mean"):
            key, _, part = key.rpartition(".")
            return f"{stat_label(game, key)}: {'values per match' if part == 'values' else 'mean value'}"
        return f"{stat_label(game, key)} per match"
    return name


# -- comparisons as text ---------------------------------------------------------------
def _estimate(found: dict[str, Any] | None, signed: bool = False) -> str:
    if found is None or found.get("mean") is None:
        return "-"
    mean = found["mean"]
    text = _short(mean, signed)
    if found.get("low") is None:
        return text
    half = (found["high"] - found["low"]) / 2
    return f"{text} ± {_short(half)}"


def _short(value: float, signed: bool = False) -> str:
    if value == 0:
        return "0"
    text = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    if "e" in text:  # a tiny value: plain digits read better than an exponent
        text = f"{value:.6f}".rstrip("0").rstrip(".")
    return f"+{text}" if signed and value > 0 else text


def comparison_lines(result: dict[str, Any], game: Game) -> list[str]:
    """A paired comparison as a table: one row per figure, each rule set's mean ± 95% half-width, then each difference from the first."""
    sets = result["rule_sets"]
    names = [chr(ord("A") + n) if n < 26 else f"R{n}" for n in range(len(sets))]
    lines = [
        f"{game.title}: {result['games']:,} matches under each of {len(sets)} rule sets, the same deals "
        f"(seed {result['seed']}), {result['players']} players; ± is the half-width of a 95% interval",
        "",
    ]
    from .session import house_rules_text

    for name, found in zip(names, sets):
        lines.append(f"  {name}: {found['label'] or 'default rules'}{house_rules_text(found.get('house_rules'))}")
    head = ("figure", *names, *[f"{n} - A" for n in names[1:]])
    rows = [head]
    for key, figure in result["figures"].items():
        cells = [_estimate(m) for m in figure["means"]] + [_estimate(d, signed=True) for d in figure["differences"][1:]]
        rows.append((figure_label(game, key, result["seats"]), *cells))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    table = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]
    lines += ["", *table]
    if result.get("partial"):
        lines += ["", f"partial: interrupted after {result['games']:,} of {result['games_requested']:,} matches"]
    return lines
