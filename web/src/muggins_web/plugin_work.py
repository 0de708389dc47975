"""Plugin code run while a browser table is made, off the event loop and within a time limit, whatever it raises told in one line.

This module owns the lobby's worker threads for that code (`PluginWork`:
`PLUGIN_THREADS` of them, its own, so a few hung hooks cannot take the
threads the bots think in): the rules' checks, the game's new match and
its house rules, the seats' factories each run there under
`HOUSE_RULES_TIMEOUT`, so a hook that hangs holds up no other request
(`TooSlow`), and whatever plugin code raises is one line naming the
plugin when its traceback tells it (a `LobbyError`), never a server
error.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import sys
import traceback
from typing import Any, Callable

from muggins.houserules import HouseRuleError
from muggins.limits import clip
from muggins.plugins import PluginFault, blame, fault_message, plugin_fault

from .forms import LobbyError
from .languages import _
from .notes import text_of

__all__ = ["HOUSE_RULES_TIMEOUT", "PLUGIN_THREADS", "PluginWork", "TooSlow"]

#: Seconds the plugin code run while a table is made (rules checks, house-rule hooks, seats' factories) may take.
HOUSE_RULES_TIMEOUT = 10.0
#: Worker threads for that code: a few hung hooks cannot take the threads the bots think in.
PLUGIN_THREADS = 4


class TooSlow(LobbyError):
    """Plugin code run while the table was made did not answer within HOUSE_RULES_TIMEOUT."""

    status = 504


class PluginWork:
    """The worker threads one lobby runs plugin code in, for `registry`'s plugins, `timeout` seconds a request."""

    def __init__(self, registry: Any, timeout: float = HOUSE_RULES_TIMEOUT) -> None:
        self.registry = registry
        self.timeout = timeout
        self.threads = concurrent.futures.ThreadPoolExecutor(PLUGIN_THREADS, thread_name_prefix="muggins-lobby")

    async def run(self, work: Callable[[Any], Any], data: Any) -> Any:
        """`work(data)` in the worker threads within `timeout`; whatever plugin code raises, one line (LobbyError).

        The worker catches everything `work` raises (SystemExit, a
        KeyboardInterrupt a hook raises itself, even CancelledError are plugin
        code's there: no signal is raised in a worker thread), so what the
        wait itself raises (this request cancelled, the server stopping) is
        never mistaken for a plugin's.
        """
        # In this request's context: its language (`muggins.i18n.using_language`) words what the worker says too.
        future = asyncio.get_running_loop().run_in_executor(self.threads, contextvars.copy_context().run, _caught, work, data)
        try:
            result, exc = await asyncio.wait_for(future, self.timeout)
        except asyncio.TimeoutError:
            raise TooSlow(_("the game's house rules (or a seat's bot being made) did not answer within {seconds} s; "
                            "no table was made").format(seconds=f"{self.timeout:g}")) from None
        if exc is None:
            return result
        if isinstance(exc, LobbyError):
            raise exc
        if isinstance(exc, HouseRuleError):
            raise LobbyError(str(exc)) from exc
        raise LobbyError(self.fault_line(exc)) from exc

    def fault_line(self, exc: BaseException) -> str:
        """One line for what plugin code raised while a table was made, naming the plugin when the traceback tells it."""
        fault = exc if isinstance(exc, PluginFault) else plugin_fault(exc, self.registry)
        if fault is not None:
            return _("the table was not made: {why}").format(why=fault)
        culprit = blame(exc, self.registry)
        if culprit is not None:
            return _("the table was not made: {why}").format(why=fault_message(culprit[0], exc, culprit[1]))
        print("muggins: error while a table was made:", file=sys.stderr, flush=True)
        traceback.print_exception(exc, file=sys.stderr)
        return _("the table was not made: {why}").format(why=f"{type(exc).__name__}: {clip(text_of(exc), 200)}")

    def shutdown(self) -> None:
        """Plugin code still running for a table being made is left behind."""
        self.threads.shutdown(wait=False, cancel_futures=True)


def _caught(work: Callable[[Any], Any], data: Any) -> tuple[Any, BaseException | None]:
    """In a worker thread: `work(data)` and None, or None and whatever it raised."""
    try:
        return work(data), None
    except BaseException as exc:  # noqa: B902 - plugin code's SystemExit and KeyboardInterrupt included: see PluginWork.run
        return None, exc
