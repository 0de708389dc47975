"""The suite's root-level settings: which processes coverage measures, and every test starting in English.

The README's test command runs the suite on both cores (pytest-xdist) under `coverage run`
with `patch = ["subprocess", "_exit"]`, so that each xdist worker, itself a subprocess, is
measured. The tests' own subprocesses (the CLI run as a real process, pseudo-terminals,
servers) are not measured, as before: coverage in them would change what they test (a
file-size limit hits coverage's data file; tracing slows a process a signal test is
timing). So the variable the patch passes on is dropped everywhere but in the process that
starts the workers.

A long soak marked `untraced` runs with coverage paused (line tracing made the cribbage soak 2.4 times
slower): what a soak reaches, the kit's shorter checks of the same game reach too, and the report
is the same without it (compared line for line when the marker was brought in).

A test that runs `muggins --lang fr ...` in-process leaves the process's language French;
each test starts with none set (English), whatever ran before it in its worker.
"""

import os

import pytest


def pytest_configure(config):
    starts_workers = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if not starts_workers:
        os.environ.pop("COVERAGE_PROCESS_CONFIG", None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    measuring = None
    if item.get_closest_marker("untraced") is not None:
        try:
            import coverage
        except ImportError:  # pragma: no cover - coverage is in the dev group
            coverage = None
        measuring = coverage.Coverage.current() if coverage is not None else None
    if measuring is not None:
        measuring.stop()
    try:
        yield
    finally:
        if measuring is not None:
            measuring.start()


@pytest.fixture(autouse=True)
def _process_language_unset():
    from muggins.i18n import set_language

    set_language(None)
    yield
