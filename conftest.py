"""The suite's one root-level setting: which processes coverage measures.

The README's test command runs the suite on both cores (pytest-xdist) under `coverage run`
with `patch = ["subprocess", "_exit"]`, so that each xdist worker, itself a subprocess, is
measured. The tests' own subprocesses (the CLI run as a real process, pseudo-terminals,
servers) are not measured, as before: coverage in them would change what they test (a
file-size limit hits coverage's data file; tracing slows a process a signal test is
timing). So the variable the patch passes on is dropped everywhere but in the process that
starts the workers.
"""

import os


def pytest_configure(config):
    starts_workers = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if not starts_workers:
        os.environ.pop("COVERAGE_PROCESS_CONFIG", None)
