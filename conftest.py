"""The suite's root-level settings: which processes coverage measures, and every test starting in English.

The README's test command runs the suite on both cores (pytest-xdist) under `coverage run`
with `patch = ["subprocess", "_exit"]`, so that each xdist worker, itself a subprocess, is
measured. The tests' own subprocesses (the CLI run as a real process, pseudo-terminals,
servers) are not measured, as before: coverage in them would change what they test (a
file-size limit hits coverage's data file; tracing slows a process a signal test is
timing). So the variable the patch passes on is dropped everywhere but in the process that
starts the workers.

A test that runs `muggins --lang fr ...` in-process leaves the process's language French;
each test starts with none set (English), whatever ran before it in its worker.
"""

import os

import pytest


def pytest_configure(config):
    starts_workers = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if not starts_workers:
        os.environ.pop("COVERAGE_PROCESS_CONFIG", None)


@pytest.fixture(autouse=True)
def _process_language_unset():
    from muggins.i18n import set_language

    set_language(None)
    yield
