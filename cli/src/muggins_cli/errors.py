"""The CLI's error types and the exit codes they carry.

Commands raise `BadInput` (exit 2) for anything the user gave that cannot
be used — an unknown game, a bad house-rules file, an unreadable record, a
player count outside the game's range — and `GameError` (exit 1) when a
match or a simulation fails while running. `main.MugginsGroup.main` prints
either as one `muggins: error: …` line on stderr. `EXIT_INTERRUPTED` (130)
is the code for Ctrl-C. `BadInput` is the core's `muggins.front_end.BadInput`
too (what every front end raises for bad input, the browser's server
among them), so catching the core's catches the command line's; the
command line reports the core's, raised by a plugin's command, alike.
"""

from __future__ import annotations

import click

from muggins import front_end

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = front_end.EXIT_USAGE
EXIT_INTERRUPTED = 130


class CLIError(click.ClickException):
    """An error the CLI reports as one line; `exit_code` says which kind."""

    exit_code = EXIT_ERROR


class BadInput(CLIError, front_end.BadInput):
    """Something the user gave cannot be used (exit 2)."""

    exit_code = EXIT_USAGE


class GameError(CLIError):
    """A match, replay or simulation failed while running (exit 1)."""

    exit_code = EXIT_ERROR
