"""What every front end shares, the terminal's and the browser's alike: the registry it plays from, and the two ways it stops.

A front end asks `front_end_registry(warn)` for the process-wide registry
of the installed plugins, loaded on first use, with `warn` (one line of
text, the front end's own way of showing it) receiving every warning the
registry has: each load error once in the process, whichever front end
asked first, and what plugins do wrong while matches run (a listener
switched off). `BadInput` is a refusal of what a person gave (a pace that
is not a number, a port in use): one line, said as the front end says an
error, exit code 2 at a command line. `SignalStop` is SIGTERM or SIGHUP
arriving, turned into the same clean stop as Ctrl-C (a KeyboardInterrupt
carrying its exit code, 128 + the signal's number). Importing this module
loads neither the plugins nor the engine: a command line imports it at
start-up.
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING, Callable

from .i18n import translator

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["BadInput", "SignalStop", "front_end_registry", "EXIT_USAGE"]

# Worded when made, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

#: The exit code of bad usage or bad input, at a command line.
EXIT_USAGE = 2


class BadInput(Exception):
    """Something a person gave cannot be used: `message` is one line saying what and what to give instead (exit code 2)."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class SignalStop(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: stop like Ctrl-C; the exit code is 128 + the signal's number, `why` the stop in words."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.exit_code = 128 + signum
        # Worded when the signal arrives, in the language the front end speaks: the stop line shows it as it is.
        hung_up = signum == getattr(signal, "SIGHUP", None)
        self.why = _("hung up (SIGHUP)") if hung_up else _("stopped by {signal}").format(signal=signal.Signals(signum).name)


def front_end_registry(warn: Callable[[str], None]) -> Registry:
    """The process-wide registry (loaded on first use), its warnings from now on sent to `warn`, and each load error not yet reported given to it now."""
    from .plugins import get_registry

    registry = get_registry()
    registry.warn_through(warn)
    for line in registry.unreported_errors():
        warn(line)
    return registry
