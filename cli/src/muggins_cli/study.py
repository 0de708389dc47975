"""What `muggins simulate` needs beyond the game commands: progress, signals, clusters and rule comparisons.

`commands.simulate` checks the user's input and prints; this module runs
the simulation or the paired comparison (`muggins.study.compare`) on worker
processes or a Dask cluster (`--cluster`), shows progress on a terminal
(matches and chunks done, matches per second, time left), and turns SIGTERM
and SIGHUP into the same stop as Ctrl-C (the summary so far is printed,
marked partial; exit 143, 129 or 130; before the first chunk, while the run
is planned, one line and 143 or 129). The summary's text is `summary.py`'s.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from typing import IO, Any, Callable, Iterator

from muggins.game import Game
from muggins.i18n import written_number

from .errors import EXIT_INTERRUPTED, BadInput, CLIError
from .i18n import _
from .style import MIN_WIDTH, line_width
from .summary import comparison_lines, figure_label, number, stat_label  # noqa: F401 - their home before summary.py


class Stopped(CLIError):
    """A simulation stopped by Ctrl-C or a signal after printing its partial summary."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


# -- signals ---------------------------------------------------------------------
@contextlib.contextmanager
def signals_stop_the_run() -> Iterator[dict[str, int]]:
    """SIGTERM and SIGHUP stop a simulation as Ctrl-C does; `caught["exit"]` is the exit code to end with.

    What they raise is a `recording.SignalStop`, a KeyboardInterrupt that
    carries its own line and exit code: stopping the chunks, it becomes the
    partial summary (and `caught["exit"]`); arriving before them, while the
    run is planned and its house-rule hooks are asked, it is the command's
    one line, `stopped by SIGTERM` and exit 143, not Ctrl-C's 130.
    """
    from muggins.simulate import interrupt

    from .recording import SignalStop

    caught = {"exit": EXIT_INTERRUPTED}

    def stop(signum: int, frame: Any) -> None:
        caught["exit"] = 128 + signum
        try:
            interrupt(signum, frame)
        except KeyboardInterrupt:
            raise SignalStop(signum) from None

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
        self.room = line_width(stream) or MIN_WIDTH  # the terminal's width; a pipe or file with no COLUMNS: 80

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
        if rate > 0 and self.done < self.games:
            left = _("{clock} left").format(clock=_clock((self.games - self.done) / rate))
        else:
            left = _("done") if self.done >= self.games else _("starting")
        share = self.done / self.games if self.games else 1.0
        values = {"label": self.label, "done": number(self.done), "games": number(self.games), "share": written_number(f"{share:.0%}"),
                  "chunks_done": number(self.chunks_done), "chunks": number(self.chunks), "rate": written_number(f"{rate:,.0f}"), "left": left}
        # The fullest form that fits the terminal: a long game name, a big run or a longer language drops the chunks, then the rate.
        forms = (_("{label}: {done}/{games} matches ({share}), {chunks_done}/{chunks} chunks, {rate} matches/s, {left}"),
                 _("{label}: {done}/{games} matches ({share}), {rate} matches/s, {left}"),
                 _("{label}: {done}/{games} matches ({share}), {left}"))
        for form in forms:
            text = form.format(**values)
            if len(text) <= self.room:
                break
        return text

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
def cluster_runner(spec: str | None, game: Game) -> Iterator[Callable[[Any], Any] | None]:
    """The chunk runner factory for `--cluster SPEC` (None without it), after checking every worker can play `game`."""
    if spec is None:
        yield None
        return
    from muggins.cluster import ClusterUnavailable, DaskRunner, check_workers, connect

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
        raise Stopped(_("interrupted while the cluster started; no match was played"), 128 + pending[0])
    try:
        problem = check_workers(client, game)
        if problem is not None:
            raise BadInput(problem)
        yield lambda plan: DaskRunner(client, plan)
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
