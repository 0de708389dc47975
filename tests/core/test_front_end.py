"""What every front end takes from the core (`muggins.front_end`): the refusal of bad input, the stop on a signal, and the registry with its warnings."""

from __future__ import annotations

import signal

from muggins.front_end import BadInput, SignalStop, front_end_registry
from muggins.i18n import using_language
from muggins.plugins import Registry, reset_registry


def test_bad_input_is_one_line_with_the_usage_exit_code_and_the_clis_is_one():
    from muggins_cli.errors import BadInput as CLIBadInput, CLIError

    refused = BadInput("--pace 'x' is not a number of seconds")
    assert (str(refused), refused.message, refused.exit_code) == ("--pace 'x' is not a number of seconds",) * 2 + (2,)
    theirs = CLIBadInput("no such game")
    assert isinstance(theirs, BadInput) and isinstance(theirs, CLIError) and (theirs.message, theirs.exit_code) == ("no such game", 2)


def test_a_signal_stop_is_an_interrupt_carrying_its_exit_code_and_its_words():
    from muggins_cli.recording import SignalStop as CLISignalStop

    stopped = SignalStop(signal.SIGTERM)
    assert isinstance(stopped, KeyboardInterrupt) and CLISignalStop is SignalStop
    assert (stopped.exit_code, stopped.why) == (128 + signal.SIGTERM, "stopped by SIGTERM")
    assert SignalStop(signal.SIGHUP).why == "hung up (SIGHUP)"
    with using_language("fr"):
        assert SignalStop(signal.SIGTERM).why == "arrêtée par SIGTERM"


def test_a_front_end_gets_each_load_error_once_and_the_warnings_that_follow(registry):
    registry.errors.append("plugin 'late' failed to load: ImportError: gone")
    first: list[str] = []
    assert front_end_registry(first.append) is registry
    assert first == ["plugin 'late' failed to load: ImportError: gone"]
    second: list[str] = []
    front_end_registry(second.append)
    registry.errors.append("plugin 'later' failed to add commands: RuntimeError: no")
    assert second == [] and registry.unreported_errors() == ["plugin 'later' failed to add commands: RuntimeError: no"]
    registry.warn_once("plugin 'ear' raised ValueError in muggins_on_event(); it hears no more events of this match")
    assert len(second) == 1 and len(first) == 1  # warnings go where the last front end said


def test_a_fresh_registry_has_every_error_still_to_report():
    fresh = Registry(pm=None, errors=["one", "two"])  # type: ignore[arg-type]
    reset_registry(fresh)
    heard: list[str] = []
    try:
        front_end_registry(heard.append)
    finally:
        reset_registry(None)
    assert heard == ["one", "two"] and fresh.unreported_errors() == []
