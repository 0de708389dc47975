"""Ctrl-C at any moment of start-up is one line and exit 130, never a traceback of an import.

The console script's entry point (`muggins_cli.run`) runs in a process
whose import system sends that process SIGINT when a chosen module is
first looked for: deterministic, however fast the machine, and at the
moments that matter, `signal` (which once loaded before any handler was in
place) and Click (the bulk of loading).
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

SCRIPT = """\
import os, sys
sys.modules.pop({module!r}, None)  # loaded afresh by the entry point, however this interpreter started


class InterruptAt:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), 2)  # SIGINT, delivered to this process before kill() returns
        return None


sys.meta_path.insert(0, InterruptAt())
from muggins_cli import run
sys.argv = ["muggins", "list"]
run()
"""


@pytest.mark.parametrize("module", ["signal", "click"])
def test_ctrl_c_while_a_module_of_start_up_loads_is_one_line(subprocess_env, module):
    # A suite started in the background by a shell without job control inherits SIGINT ignored, and Python
    # keeps that until a handler is set: the child is given Ctrl-C's default, as a terminal gives it.
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(module=module)], env=subprocess_env, capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stderr, done.stdout) == (130, "muggins: error: interrupted\n", "")
