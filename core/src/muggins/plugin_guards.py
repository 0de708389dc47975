"""The guards around plugin code while it loads: its output sent to stderr, standard input empty, and what it changes undone.

Plugin code (an entry point's import, a registration hook, a command hook)
may print, close or replace the standard streams, move file descriptors 1
and 2, install signal handlers, change the recursion limit or the working
folder, or ask a question on standard input. `output_to_stderr` keeps a
command's standard output for its data while such code runs;
`_loading_guard` adds an empty standard input, muggins' own Ctrl-C handler
(so `genuine_interrupt` tells a real Ctrl-C from a plugin's own
KeyboardInterrupt) and puts back, after each plugin, what it changed.
`answer_within` bounds plugin code a command only asks a question of (a
listing's house-rule hooks): it runs in a thread of its own, and one that
has not answered in time is left behind (a daemon, nobody waits for it)
and named, as the web table's plugin work does. Nothing here knows of the
registry beyond asking it which plugin owns a module.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import signal
import sys
import threading
from typing import Any, Iterator

__all__ = ["NoAnswer", "answer_within", "output_to_stderr", "stuck_in"]

#: How long a command that only lists (`list`, completion, `plugins`, `rules`) waits for a house-rule hook's answer.
LISTING_SECONDS = 5.0


class NoAnswer(Exception):
    """Plugin code did not answer within `seconds`; `plugin` (a PluginInfo, or None) and `function` name where it is stuck."""

    def __init__(self, seconds: float, plugin: Any = None, function: str | None = None) -> None:
        super().__init__(seconds, plugin, function)
        self.seconds, self.plugin, self.function = seconds, plugin, function


def answer_within(work: Any, seconds: float, owner: Any = None) -> Any:
    """`work()` run in a thread of its own (in this context: its language), its answer or what it raised; NoAnswer after `seconds`.

    `owner(module name)` (a registry's `owner`) names the plugin whose code
    the thread is in when it is too slow. Ctrl-C still stops the wait.
    """
    box: dict[str, Any] = {}
    done = threading.Event()
    context = contextvars.copy_context()

    def run() -> None:
        try:
            box["answer"] = context.run(work)
        except BaseException as exc:  # carried to the caller, who knows what it means
            box["raised"] = exc
        finally:
            done.set()

    thread = threading.Thread(target=run, name="muggins-plugin-answer", daemon=True)
    thread.start()
    if not done.wait(seconds):
        plugin, function = stuck_in(thread, owner)
        raise NoAnswer(seconds, plugin, function)
    if "raised" in box:
        raise box["raised"]
    return box.get("answer")


def stuck_in(thread: threading.Thread, owner: Any) -> tuple[Any, str | None]:
    """The plugin, and its function, whose code `thread` runs now: its innermost frame of a module a plugin owns."""
    frame = sys._current_frames().get(thread.ident) if thread.ident is not None else None
    while frame is not None and owner is not None:
        module = frame.f_globals.get("__name__")
        found = owner(module) if isinstance(module, str) else None
        if found is not None:
            return found, frame.f_code.co_name
        frame = frame.f_back
    return None, None


class _ToStderr:
    """Stands in for `sys.stdout` (or `sys.stderr`) while plugin code loads: writes go to stderr; closing it does nothing."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def write(self, text: str) -> int:
        try:
            return self._target.write(text)
        except (OSError, ValueError, AttributeError):
            return len(text)

    def flush(self) -> None:
        try:
            self._target.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def close(self) -> None:
        pass

    closed = False

    def isatty(self) -> bool:
        try:
            return bool(self._target.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target, name)


def _reopened(fd: int, like: Any) -> Any:
    """A new text stream on `fd` in place of `like`, which plugin code closed."""
    encoding = getattr(like, "encoding", None) or "utf-8"
    errors = getattr(like, "errors", None) or "strict"
    try:
        return open(fd, "w", encoding=encoding, errors=errors, closefd=False, buffering=1 if fd == 2 else -1)
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def output_to_stderr() -> Iterator[None]:
    """While plugin code runs: its output goes to stderr (file descriptor 1 too), and whatever it does to the streams is undone after.

    Plugins load inside it, and a command whose standard output is data
    (`simulate --json`) runs its matches inside it, writing the data after.
    A plugin may print, close `sys.stdout` or `sys.__stdout__`, replace
    `sys.stdout` or `sys.stderr`, or move or close file descriptors 1 and 2:
    afterwards muggins writes to the streams it started with. (Threads a
    plugin leaves running may still write to them later.)
    """
    real_out, real_err = sys.stdout, sys.stderr
    saved: dict[int, tuple[int, bool]] = {}
    for fd in (1, 2):
        try:
            saved[fd] = (os.dup(fd), os.get_blocking(fd))
        except OSError:
            continue
    try:
        if real_out is not None:
            real_out.flush()
    except (OSError, ValueError, AttributeError):
        pass
    if 1 in saved and 2 in saved:
        try:
            os.dup2(2, 1)
        except OSError:
            pass
    sys.stdout = _ToStderr(real_err)  # type: ignore[assignment]
    sys.stderr = _ToStderr(real_err)  # type: ignore[assignment]
    try:
        yield
    finally:
        for stream in {id(s): s for s in (real_out, sys.__stdout__) if s is not None}.values():
            try:  # what plugin code left in a buffer goes where fd 1 points now: stderr
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        for fd, (copy, blocking) in saved.items():
            try:
                os.dup2(copy, fd)
                os.set_blocking(fd, blocking)
            except OSError:
                pass
            finally:
                os.close(copy)
        for fd, name, real in ((1, "stdout", real_out), (2, "stderr", real_err)):
            if real is not None and getattr(real, "closed", False) is True:
                real = _reopened(fd, real)
            setattr(sys, name, real)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE") if hasattr(signal, name))


class _Settings:
    """What plugin code may not change for good while it loads: signal handlers, the recursion limit, the working folder, the stand-in streams."""

    def __init__(self) -> None:
        self.handlers: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for number in _SIGNALS:
                try:
                    self.handlers[number] = signal.getsignal(number)
                except (ValueError, OSError):
                    pass
        self.limit = sys.getrecursionlimit()
        try:
            self.folder: str | None = os.getcwd()
        except OSError:
            self.folder = None
        self.streams: tuple[Any, Any, Any] | None = None

    def restore(self) -> None:
        """Put back what one plugin's code changed, before the next plugin's runs."""
        for number, handler in self.handlers.items():
            try:
                if handler is not None and signal.getsignal(number) is not handler:
                    signal.signal(number, handler)
            except (ValueError, OSError, TypeError):
                pass
        if sys.getrecursionlimit() != self.limit:
            sys.setrecursionlimit(self.limit)
        if self.folder is not None:
            try:
                if os.getcwd() != self.folder:
                    os.chdir(self.folder)
            except OSError:
                try:
                    os.chdir(self.folder)
                except OSError:
                    pass
        if self.streams is not None:
            sys.stdin, sys.stdout, sys.stderr = self.streams


_LOADING: list[_Settings] = []


def _after_plugin_code() -> None:
    """Undo what the plugin code that just ran changed (while plugins load); nothing otherwise."""
    if _LOADING:
        _LOADING[-1].restore()


@contextlib.contextmanager
def _loading_guard() -> Iterator[None]:
    """While plugins load: output to stderr, standard input empty, and what each plugin changes undone before the next runs.

    Standard input reads as empty (a plugin asking a question at import
    gets EOFError, not the user's moves); after each plugin's import and
    each hook call the signal handlers, the recursion limit, the working
    folder and the standard streams are as they were, and all the more so
    at the end.
    """
    import io

    real_in = sys.stdin
    try:
        saved_in: int | None = os.dup(0)
    except OSError:
        saved_in = None
    if saved_in is not None:
        try:
            empty = os.open(os.devnull, os.O_RDONLY)
            os.dup2(empty, 0)
            os.close(empty)
        except OSError:
            pass
    sys.stdin = io.StringIO("")
    try:
        with output_to_stderr(), _interrupts_marked():
            settings = _Settings()  # taken with muggins' own Ctrl-C handler in place
            settings.streams = (sys.stdin, sys.stdout, sys.stderr)
            _LOADING.append(settings)
            try:
                yield
            finally:
                _LOADING.remove(settings)
                settings.restore()
                settings.streams = None
    finally:
        if saved_in is not None:
            try:
                os.dup2(saved_in, 0)
            except OSError:
                pass
            os.close(saved_in)
        sys.stdin = real_in


@contextlib.contextmanager
def _interrupts_marked() -> Iterator[None]:
    """While plugin code loads, Ctrl-C raises from muggins' own handler, so `genuine_interrupt` tells it from a plugin's own KeyboardInterrupt."""
    previous = None
    if threading.current_thread() is threading.main_thread():
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                previous = signal.signal(signal.SIGINT, _raise_interrupt)
        except (ValueError, OSError):
            previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
