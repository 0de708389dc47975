"""Naming the plugin behind a failure: `PluginFault`, `blame` from traceback frames, `plugin_fault`, and what a plugin is (`PluginInfo`).

Any part of the core that runs plugin code (the engine asking a bot, the
house-rule calls, seating a player) turns what plugin code must not do (a
SystemExit, a KeyboardInterrupt no signal raised, a RecursionError) into a
one-line `PluginFault` naming the plugin, read from the traceback: the
innermost frame of a module some loaded plugin owns. The registry says
which modules a plugin owns; it is always passed in (nothing here reaches
for a process-wide one, so nothing below the plugin layer depends on it):
without one, no frame can be named and a fault says "plugin code".
Every name is importable from `muggins.plugins` too.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from .i18n import translator
from .limits import clip

# Worded when made, in the language a front end set (English until one does).
_ = translator("muggins", package_file=__file__).gettext

if TYPE_CHECKING:
    from types import FrameType

    from .registry import Registry

__all__ = ["BUILTIN", "PluginFault", "PluginInfo", "blame", "fault_message", "genuine_interrupt", "plugin_fault"]

BUILTIN = "muggins.builtin"


class PluginFault(Exception):
    """Plugin code ended what muggins was doing: the message is one line naming the plugin.

    Raised for SystemExit (or another BaseException), a KeyboardInterrupt
    that no signal raised, or a RecursionError escaping plugin code, so that
    none of them is taken for muggins' own exit, a Ctrl-C or bad input.
    `plugin` is the plugin's name, or None when no plugin could be named.
    """

    def __init__(self, message: str, plugin: str | None = None) -> None:
        super().__init__(message, plugin)
        self.message = message
        self.plugin = plugin

    def __str__(self) -> str:
        return self.message


@dataclass
class PluginInfo:
    """What `muggins plugins` reports of one loaded plugin."""

    name: str
    distribution: str | None
    version: str | None
    hooks: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "distribution": self.distribution, "version": self.version, "hooks": sorted(self.hooks)}

    def describe(self) -> str:
        """`muggins-tally 1.0 (plugin 'tally')`, or `plugin 'tally'` for a plugin from no distribution."""
        if self.distribution is None:
            return _("plugin {name}").format(name=repr(self.name))
        version = f" {self.version}" if self.version else ""
        return _("{distribution} (plugin {name})").format(distribution=f"{self.distribution}{version}", name=repr(self.name))


class _PluginEscape(Exception):
    """A plugin hook's SystemExit (or other BaseException), carried so `except Exception` reports it."""


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, _PluginEscape):
        exc = exc.args[0]
    name = type(exc).__name__
    try:
        text = str(exc).strip().splitlines()
    except BaseException:  # an exception whose str() fails: its type is all there is to say
        return _("{type} (whose message cannot be shown)").format(type=name)
    return f"{name}: {clip(text[0], 160)}" if text else name


# -- naming the plugin behind a failure ----------------------------------------------
_OURS = frozenset({"muggins", "muggins_cli"})
_NEVER_A_PLUGINS = frozenset({"pluggy", "click", "importlib", "builtins", "__main__", "functools", "_sitebuiltins"})


def _not_a_plugins(module: str) -> bool:
    top = module.partition(".")[0]
    return top in _OURS or top in _NEVER_A_PLUGINS or top in sys.stdlib_module_names


def _frames(exc: BaseException) -> list[FrameType]:
    """The frames `exc` passed through, outermost first (from where it was caught to where it was raised)."""
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _module_of(frame: FrameType) -> str:
    name = frame.f_globals.get("__name__")
    return name if isinstance(name, str) else ""


def genuine_interrupt(exc: BaseException) -> bool:
    """Whether KeyboardInterrupt `exc` came from a signal (Ctrl-C, or SIGTERM and SIGHUP as muggins turns them), not from plugin code raising it.

    Every signal handler muggins installs is Python code of muggins itself,
    so an interrupt a signal raised was raised in a muggins frame; one raised
    anywhere else came from the code that raised it.
    """
    frames = _frames(exc)
    if not frames:
        return True
    return _module_of(frames[-1]).partition(".")[0] in _OURS


def blame(exc: BaseException, registry: Registry | None = None) -> tuple[PluginInfo, str] | None:
    """The plugin whose code raised `exc`, and the function it raised in; None when muggins' own code raised it.

    The traceback is read from where `exc` was raised outwards, passing over
    the standard library and other code no plugin owns: the first frame that
    is a loaded plugin's is the culprit; reaching muggins' own code first
    means muggins raised it (a house rule's error it already named, a
    decision limit, an impossible action), so no plugin is blamed. Without
    a registry no module is known to be a plugin's: None.
    """
    if registry is None or not getattr(registry, "owners", None):
        return None
    for frame in reversed(_frames(exc)):
        module = _module_of(frame)
        if module.partition(".")[0] in _OURS:
            return None
        info = registry.owner(module)
        if info is not None:
            return info, frame.f_code.co_name
    return None


def fault_message(info: PluginInfo | None, exc: BaseException, where: str | None = None) -> str:
    """`muggins-x 1.0 (plugin 'x') raised SystemExit: 3 in choose()`."""
    who = info.describe() if info is not None else _("plugin code")
    if where and where != "<module>":
        return _("{plugin} raised {error} in {function}()").format(plugin=who, error=_one_line(exc), function=where)
    return _("{plugin} raised {error}").format(plugin=who, error=_one_line(exc))


def plugin_fault(exc: BaseException, registry: Registry | None = None, fallback: str | Callable[[], str | None] | None = None) -> PluginFault | None:
    """The `PluginFault` to raise instead of `exc`, or None to let `exc` go on as it is.

    A fault is SystemExit or any other BaseException that is not an
    Exception, a KeyboardInterrupt raised by plugin code rather than by a
    signal, or a RecursionError raised in plugin code. The plugin is the one
    whose frame in the traceback is innermost, else `fallback` (the name of
    the plugin that registered the player kind being asked, or a function
    giving it). Ordinary errors keep their own type, a genuine Ctrl-C stays
    a KeyboardInterrupt, and a PluginFault is never wrapped again. Without
    a registry no plugin can be named: a SystemExit or the like is a
    PluginFault of "plugin code" (`plugin` None), an interrupt or a
    RecursionError goes on as it is.
    """
    if isinstance(exc, PluginFault):
        return None
    if isinstance(exc, KeyboardInterrupt):
        if genuine_interrupt(exc):
            return None
    elif isinstance(exc, Exception) and not isinstance(exc, RecursionError):
        return None
    found = blame(exc, registry)
    if found is not None:
        return PluginFault(fault_message(found[0], exc, found[1]), found[0].name)
    name = fallback() if callable(fallback) else fallback
    info = registry.plugin_info(name) if name and hasattr(registry, "plugin_info") else None
    if info is not None and info.name != BUILTIN:
        return PluginFault(fault_message(info, exc), info.name)
    if isinstance(exc, (KeyboardInterrupt, RecursionError)):
        return None  # raised by no plugin's code that can be named: an interrupt, or muggins' own
    return PluginFault(fault_message(None, exc), None)
