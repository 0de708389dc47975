"""Chunks, the reorder buffer and interrupts in `muggins.simulate`: flat memory, same answers, a consistent partial summary."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys

import pytest

from muggins.simulate import (
    CHUNK_GAMES, WINDOW_PER_WORKER, InlineEngine, SimulationInterrupted, chunk_bounds, chunk_count, decision_bound_warning,
    interrupt, run_chunks, simulate,
)

KINDS = ["novice", "random", "expert"]


@pytest.mark.parametrize("games", [1, 5, 63, 64, 65, 700, 1024, 1025, 40_000])
def test_chunks_cover_every_match_once_and_depend_on_the_count_only(games):
    bounds = list(chunk_bounds(games))
    assert bounds[0][0] == 0 and bounds[-1][1] == games
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    assert all(0 < stop - start <= CHUNK_GAMES for start, stop in bounds)
    assert len(bounds) == chunk_count(games) >= min(games, 64)


class ShuffledEngine(InlineEngine):
    """Finishes the chunks handed to it in a random order, as busy workers would, and records how far ahead it was fed."""

    def __init__(self, *args, workers=3, seed=0):
        super().__init__(*args)
        self.workers = workers
        self.rng = random.Random(seed)
        self.handed_out = []
        self.closed = False

    def submit(self, number, bounds):
        self.handed_out.append(number)
        super().submit(number, bounds)

    def next(self):
        pick = self.rng.randrange(len(self.waiting))
        self.waiting.rotate(-pick)
        found = super().next()
        return found

    def close(self):
        self.closed = True
        super().close()


def test_chunks_finishing_out_of_order_change_nothing(registry, tally):
    alone = simulate(tally, kinds=KINDS, seed=3, games=300, registry=registry)
    engines = []

    def shuffled(plan):
        engines.append(ShuffledEngine(registry, tally, [tally.Rules()], 3, tuple(KINDS), 3, seed=len(engines)))
        return engines[-1]

    for _ in range(3):
        assert json.dumps(simulate(tally, kinds=KINDS, seed=3, games=300, registry=registry, engine=shuffled)) == json.dumps(alone)
    assert all(e.closed for e in engines) and sorted(engines[0].handed_out) == list(range(chunk_count(300)))


def test_the_reorder_buffer_never_runs_more_than_a_window_ahead(registry, tally):
    engine = ShuffledEngine(registry, tally, [tally.Rules()], 3, tuple(KINDS), 1, workers=2, seed=4)
    folded = []
    ahead = []

    def fold(outcomes):
        folded.append(outcomes[0][0].index)
        ahead.append(len(engine.handed_out) - len(folded))

    run_chunks(lambda: engine, 2000, fold, None)
    assert folded == [start for start, _ in chunk_bounds(2000)]  # folded strictly in match order
    assert max(ahead) < 2 * WINDOW_PER_WORKER  # chunks handed out but not yet folded, at any time


def test_an_interrupt_gives_the_summary_of_the_matches_folded_so_far(registry, tally):
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        simulate(tally, kinds=KINDS, seed=8, games=500, progress=progress, registry=registry)
    partial = stopped.value.summary
    assert isinstance(stopped.value, KeyboardInterrupt)
    assert partial["partial"] is True and partial["games_requested"] == 500
    assert partial["games"] == sum(calls[:2])  # the third chunk arrived but was never folded
    prefix = simulate(tally, kinds=KINDS, seed=8, games=partial["games"], registry=registry)
    for key in ("games", "wins", "draws", "decisions", "stats", "scores"):
        assert partial[key] == prefix[key]


def test_an_interrupt_during_a_fold_waits_for_the_whole_chunk(registry, tally):
    engine = ShuffledEngine(registry, tally, [tally.Rules()], 3, tuple(KINDS), 1, workers=1)
    folded = []
    before = signal.getsignal(signal.SIGINT)

    def fold(outcomes):
        interrupt(signal.SIGTERM, None)  # the signal arrives half-way through this chunk
        folded.extend(o.index for o in outcomes[0])

    with pytest.raises(KeyboardInterrupt):
        run_chunks(lambda: engine, 100, fold, None)
    ends = [stop for _, stop in chunk_bounds(100)]
    # Whole chunks in match order (those already waiting in the buffer), then the stop, well before the end.
    assert folded == list(range(len(folded))) and len(folded) in ends[:WINDOW_PER_WORKER] and engine.closed
    assert signal.getsignal(signal.SIGINT) is before  # the handler is put back


def test_ctrl_c_is_routed_through_the_deferring_handler_during_a_run(registry, tally):
    # The run replaces only a plain Ctrl-C handler (Python's own), as a command line has; an earlier test
    # in this process may have left its own.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    seen = []
    before = signal.getsignal(signal.SIGINT)
    simulate(tally, kinds=KINDS, seed=1, games=3, progress=lambda n: seen.append(signal.getsignal(signal.SIGINT)), registry=registry)
    assert seen and seen[0] is interrupt and signal.getsignal(signal.SIGINT) is before
    with pytest.raises(KeyboardInterrupt):
        interrupt()  # outside a fold it stops at once
    signal.signal(signal.SIGINT, previous)


def test_same_answer_for_any_worker_count_and_hash_seed(tally_env):
    script = (
        "import json, sys\n"
        "from muggins.simulate import simulate\n"
        "if __name__ == '__main__':\n"
        "    print(json.dumps(simulate('tally', kinds=['novice', 'random', 'expert'], seed=12, games=150, workers=int(sys.argv[1]))))\n"
    )
    outputs = set()
    for workers, hash_seed in (("1", "0"), ("2", "1"), ("3", "random")):
        env = dict(tally_env, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", script, workers], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1 and json.loads(outputs.pop())["games"] == 150


def test_house_rules_that_allow_an_endless_match_are_warned_about(registry, tally, monkeypatch):
    assert decision_bound_warning(tally, tally.Rules(), 3, registry=registry) is None
    monkeypatch.setattr(type(tally), "max_decisions", lambda self, rules, players: 10**9 if rules.hand_size == 5 else 27)
    warning = decision_bound_warning(tally, tally.Rules(hand_size=5), 3, KINDS, registry=registry)
    assert warning.startswith("these house rules let one match run to 1,000,000,000 decisions (37,037,037 times the default rules' 27)")
    assert "decisions a second here, a match that goes that far takes about" in warning
    assert decision_bound_warning(tally, tally.Rules(hand_size=5), 3, registry=registry, seconds=10**12) is None


def test_killed_pool_workers_have_their_chunks_handed_out_again(registry, tally):
    import os

    from muggins.simulate import ProcessEngine

    expected = simulate(tally, kinds=KINDS, seed=5, games=400, registry=registry)
    engines = []

    def pool(plan):
        engines.append(ProcessEngine(plan, 2))
        return engines[-1]

    killed = []

    def progress(n):
        if not killed:
            for worker in engines[0].processes:  # every worker, so some chunk is surely lost with them
                os.kill(worker.pid, signal.SIGKILL)
                killed.append(worker.pid)

    found = simulate(tally, kinds=KINDS, seed=5, games=400, progress=progress, registry=registry, engine=pool)
    assert len(killed) == 2 and not set(killed) & {p.pid for p in engines[0].processes}  # both were replaced
    assert json.dumps(found) == json.dumps(expected)


def test_durations_in_the_warning_read_naturally():
    from muggins.simulate import _duration

    assert [_duration(s) for s in (59, 119.4, 3000, 7199, 7200, 172799, 172800, 10**7)] == [
        "59 seconds", "119 seconds", "50 minutes", "120 minutes", "2 hours", "48 hours", "2 days", "116 days",
    ]


def test_the_new_parameter_names_and_their_first_names_give_the_same_run(registry, tally):
    from muggins import simulate as simulate_module

    first = simulate(tally, kinds=KINDS, seed=8, games=40, registry=registry, engine=lambda plan: InlineEngine(registry, tally, [tally.Rules()], 3, KINDS, 8))
    now = simulate(tally, seats=KINDS, seed=8, matches=40, registry=registry, runner=lambda plan: simulate_module.InlineRunner(registry, tally, [tally.Rules()], 3, KINDS, 8))
    assert json.dumps(first) == json.dumps(now) and now["games"] == 40
    assert simulate_module.InlineEngine is simulate_module.InlineRunner and simulate_module.ProcessEngine is simulate_module.ProcessRunner
    with pytest.raises(TypeError, match="give matches or games"):
        simulate(tally, seats=KINDS, games=4, matches=4, registry=registry)
    with pytest.raises(TypeError, match="give seats or kinds"):
        simulate(tally, seats=KINDS, kinds=KINDS, registry=registry)


def test_compare_checks_its_setup_as_simulate_does(registry, tally):
    from muggins.study import compare

    with pytest.raises(ValueError, match="workers must be 0"):
        compare(tally, [{}], seats=KINDS, matches=2, workers=-1, registry=registry)
    with pytest.raises(ValueError, match="the number of games cannot be negative"):
        compare(tally, [{}], seats=KINDS, matches=-1, registry=registry)
    found = compare(tally, [{}, {"hand_size": 2}], seats=KINDS, matches=6, seed=2, registry=registry)
    assert found["games"] == 6 and found["seats"] == list(KINDS)


def test_every_name_of_the_module_before_it_became_a_package_is_still_there():
    from muggins import simulate as package

    before = ["CHUNK_GAMES", "WINDOW_PER_WORKER", "EXTRA_REPLACEMENTS", "usable_cpus", "WorkersLost", "GameOutcome", "play_one", "chunk_bounds",
              "chunk_size", "chunk_count", "ChunkPlan", "play_chunk", "run_planned_chunk", "ChunkRunner", "InlineRunner", "ProcessRunner",
              "suspects", "Totals", "sides_of", "resolve_setup", "renamed", "simulate", "in_force", "summary_of", "SimulationInterrupted",
              "open_runner", "InlineEngine", "ProcessEngine", "open_engine", "interrupt", "run_chunks", "decision_bound_warning",
              "_Totals", "_sides", "_summary", "_PREPARED", "_prepare", "_duration"]
    assert [name for name in before if not hasattr(package, name)] == []
    assert package.open_engine is package.open_runner and package._Totals is package.Totals and package._PREPARED is package.chunks._PREPARED
    assert set(package.__all__) <= set(dir(package))
