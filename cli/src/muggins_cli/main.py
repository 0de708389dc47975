"""The `muggins` command group: built-in commands, lazy plugin commands, errors and exit codes.

This module owns the Click application and nothing heavier than Click: the
game core is imported inside the commands (their bodies live in
`commands.py`), so `muggins --help` of a built-in command or `--version`
costs about as much as importing Click. `MugginsGroup` asks the plugins for
their commands (hook `muggins_register_commands`) only when a command that
is not built in is requested or the command list is shown, and the list of
`muggins --help` comes from the discovery snapshot while it holds
(`plugin_commands.py`), so it imports no plugin either. Its `main` turns
every failure into one `muggins: error: …` line on stderr (a traceback only
with `--debug`) and an exit code: 0 ok, 1 a game or runtime error, 2 bad
usage or bad input, 130 interrupted by Ctrl-C (143 SIGTERM, 129 SIGHUP
during a match), each line bounded in length. Plugin load errors are shown
as one `muggins: warning: …` line each and the rest keeps working. Plugin
code cannot choose muggins' exit: SystemExit, a KeyboardInterrupt no signal
raised, or any error escaping plugin code during a built-in command is one
line naming the plugin (`muggins.plugins.blame`), exit 1. For the length of
a command Ctrl-C raises from a handler of muggins' own, which is how a real
Ctrl-C is told from a plugin raising KeyboardInterrupt.
"""

from __future__ import annotations

import errno
import math
import os
import re
import signal
import sys
from typing import Any

import click

from muggins.front_end import BadInput
from muggins.limits import SEED_BOUND, clip, clip_path

from .completion import PlayCommand, complete_games, complete_records, complete_seats
from .errors import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_USAGE
from .i18n import LANGUAGES, N_, _, filled_help, language_from_argv, speak, translate_help
from .warnings_and_defaults import DEFAULT_OPPONENTS, DEFAULT_PACE, one_line as _one_line, registry, warn, warn_errors as _warn_errors
from .style import write_what_the_encoding_can

__all__ = ["cli", "main", "registry", "warn"]


# Messages quote user input clipped already; this is the backstop for anything that slipped through.
MAX_ERROR_CHARS = 400


def _bounded(line: str) -> str:
    """`line` within MAX_ERROR_CHARS, keeping its start (what and where) and its end (what to do)."""
    if len(line) <= MAX_ERROR_CHARS:
        return line
    return f"{line[:MAX_ERROR_CHARS - 120]} … {line[-100:]}"


_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG}


#: Commands another distribution of this repository brings, by name: the distribution and its folder in a clone.
COMMANDS_ELSEWHERE = {"serve": ("muggins-web", "web")}


def _command_elsewhere(name: str) -> str:
    """Why `name` is no command here, in one line: the distribution that brings it, and how to install it or let it load."""
    from importlib import metadata

    distribution, folder = COMMANDS_ELSEWHERE[name]
    try:
        metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return _("No such command {name!r}: it comes with {distribution} (pip install ./{folder} from a clone, "
                 "or dist/{wheel}-*.whl after uv build --all-packages)").format(
            name=name, distribution=distribution, folder=folder, wheel=distribution.replace("-", "_"))
    return _("No such command {name!r}: it comes with {distribution}, which is installed but not loaded "
             "(MUGGINS_LOAD_PLUGINS leaves it out, or its load failed: see muggins plugins)").format(name=name, distribution=distribution)


class _Stopped(Exception):
    """Ctrl-C, SIGTERM or SIGHUP during a command, with the exit code it ends with (not a KeyboardInterrupt, which Click would take)."""

    def __init__(self, why: str, exit_code: int) -> None:
        super().__init__(why)
        self.why = why
        self.exit_code = exit_code


class MugginsGroup(click.Group):
    """A group whose plugin commands load on demand and whose errors are one line each."""

    builtin_names: frozenset[str] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.debug = False
        self._commands_from: Any = None
        self._listed: dict[str, click.Command] | None = None  # the snapshot's stand-ins while `--help` lists the commands

    # -- lazy plugin commands ----------------------------------------------
    def load_plugin_commands(self) -> None:
        """Let plugins add their commands (once per registry); built-in names cannot be taken."""
        loaded = registry()
        if self._commands_from is loaded:
            return
        self._commands_from = loaded
        builtins = {name: self.commands[name] for name in self.builtin_names}
        self.commands = dict(builtins)
        loaded.register_commands(self)
        clashed = False
        for name, command in builtins.items():
            if self.commands.get(name) is not command:
                warn(_("a plugin command named {name!r} clashes with the built-in command and is ignored").format(name=name))
                self.commands[name] = command
                clashed = True
        translate_help(self)
        _warn_errors(loaded)
        if not clashed and not loaded.errors:
            from . import plugin_commands

            plugin_commands.save(self, self.builtin_names)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if self._listed is not None and cmd_name in self._listed:
            return self._listed[cmd_name]
        if cmd_name not in self.builtin_names:
            self.load_plugin_commands()
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in COMMANDS_ELSEWHERE:
            raise click.UsageError(_command_elsewhere(cmd_name))  # no '--help' hint: the line says what to do
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self._listed is not None:
            return sorted({*self.builtin_names, *self._listed})
        self.load_plugin_commands()
        return super().list_commands(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # The list of commands in `--help`: the plugins' from the discovery snapshot while it holds, so listing them imports none.
        if self._commands_from is None:
            from . import plugin_commands

            self._listed = plugin_commands.stand_ins(self.builtin_names)
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listed = None

    # -- errors and exit codes -------------------------------------------------
    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:  # type: ignore[override]
        self.debug = os.environ.get("MUGGINS_DEBUG", "").lower() in ("1", "true", "yes")
        write_what_the_encoding_can()  # a Latin-1 or other narrow output writes stand-ins rather than stopping a match
        # Before Click reads anything, so that `--help` or a usage error before `--lang` speaks it too. An unknown
        # value is left for the option to refuse (in English, the language in force when it is read).
        wanted = language_from_argv(sys.argv[1:] if args is None else args)
        speak(wanted if wanted in LANGUAGES else None)
        translate_help(self)
        previous = _own_interrupt_handler()
        try:
            code = self._run(args, prog_name or "muggins", complete_var, **extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: click.Context) -> Any:
        # Click turns a KeyboardInterrupt into Abort (after a blank line on stderr), losing the exit code a
        # SIGTERM or SIGHUP carries (recording.SignalStop); carried past Click, it keeps its code anywhere.
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            fault = self._plugin_fault(ctx, exc)
            if fault is not None:
                raise fault from exc
            raise _Stopped(getattr(exc, "why", None) or _("interrupted"), getattr(exc, "exit_code", EXIT_INTERRUPTED)) from exc
        except Exception:
            raise
        except BaseException as exc:  # SystemExit from plugin code is not muggins' exit
            fault = self._plugin_fault(ctx, exc)
            if fault is not None:
                raise fault from exc
            raise

    def _plugin_fault(self, ctx: click.Context, exc: BaseException) -> Exception | None:
        """The PluginFault for `exc` raised by plugin code in a built-in command; None in a plugin's own command (its exit is its own)."""
        if ctx.invoked_subcommand not in self.builtin_names:
            return None
        from muggins.plugins import current_registry, plugin_fault

        return plugin_fault(exc, current_registry())

    def _run(self, args: Any, prog_name: str, complete_var: str | None, **extra: Any) -> int:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # here, so that output that cannot be written (a full disk, `ulimit -f`) is said, not lost at exit
        except _Stopped as exc:
            return self._fail(exc.why, exc.exit_code)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.format_message(), err=True)
            return EXIT_USAGE
        except click.UsageError as exc:
            self._debug_trace(exc)
            hint = _(" (see '{command} --help')").format(command=exc.ctx.command_path) if exc.ctx is not None else ""
            return self._fail(f"{exc.format_message().rstrip('.')}{hint}", exc.exit_code)
        except click.ClickException as exc:
            self._debug_trace(exc)
            return self._fail(exc.format_message(), exc.exit_code)
        except BadInput as exc:  # the core's, raised by a plugin's command (`muggins serve`): as the command line's own
            self._debug_trace(exc)
            return self._fail(exc.message, exc.exit_code)
        except click.exceptions.Abort as exc:
            self._debug_trace(exc)
            if isinstance(exc.__cause__, EOFError):
                return self._fail(_("input ended"), EXIT_ERROR)
            return self._fail(_("interrupted"), EXIT_INTERRUPTED)
        except KeyboardInterrupt as exc:
            # SIGTERM and SIGHUP arrive as KeyboardInterrupts carrying their own exit code (recording.SignalStop).
            return self._fail(getattr(exc, "why", None) or _("interrupted"), getattr(exc, "exit_code", EXIT_INTERRUPTED))
        except BrokenPipeError:
            # The reader went away (`muggins list | head -1`): stop quietly.
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):
                pass
            return EXIT_ERROR
        except Exception as exc:
            self._debug_trace(exc)
            from muggins.records import RecordError
            from muggins.rules import RulesError

            from muggins.houserules import HouseRuleError
            from muggins.plugins import PluginFault, blame, current_registry, fault_message
            from muggins.records import RecordWriteError

            hint = "" if self.debug else _("; rerun with --debug for the traceback")
            if isinstance(exc, PluginFault):
                return self._fail(f"{exc}{hint}", EXIT_ERROR)
            if isinstance(exc, (RulesError, RecordError, HouseRuleError)):
                return self._fail(str(exc), EXIT_USAGE)
            if isinstance(exc, RecordWriteError):
                return self._fail(str(exc), EXIT_ERROR)
            if isinstance(exc, OSError) and exc.errno in _OUTPUT_ERRNOS and not isinstance(exc, BrokenPipeError):
                # Standard output or error cannot be written (`> /dev/full`): say so rather than "internal error".
                if exc.errno == errno.EFBIG:  # `ulimit -f`: no disk is full, the process may write no larger a file
                    return self._fail(_("cannot write the output: the file size limit (ulimit -f) was reached"), EXIT_ERROR)
                from muggins.error_words import os_reason

                return self._fail(_("cannot write the output: {reason}").format(reason=os_reason(exc)), EXIT_ERROR)
            culprit = blame(exc, current_registry())
            if culprit is not None:  # plugin code failed: name the plugin, not "internal error" (nor the user's input)
                return self._fail(f"{fault_message(culprit[0], exc, culprit[1])}{hint}", EXIT_ERROR)
            if isinstance(exc, RecursionError):  # only pathological input nests this deep
                return self._fail(_("input nested too deeply (JSON or TOML thousands of levels deep)"), EXIT_USAGE)
            try:
                text = str(exc).strip()
            except Exception:  # noqa: BLE001 - a message that cannot be made: the type says enough
                text = _("(its message cannot be shown)")
            detail = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
            return self._fail(_("internal error: {detail}").format(detail=detail) + hint, EXIT_ERROR)
        return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0

    def _debug_trace(self, exc: BaseException) -> None:
        if self.debug:
            import traceback

            traceback.print_exception(exc, file=sys.stderr)

    @staticmethod
    def _fail(message: str, code: int) -> int:
        from .style import echo_fitted, trailing_command

        line = _("muggins: error: {message}").format(message=_bounded(_one_line(message)))
        echo_fitted(line, err=True, whole=trailing_command(line))  # a terminal's lines break between items, never in the command
        return code


def _interrupted(signum: int, frame: Any) -> None:
    """Ctrl-C during a command: a KeyboardInterrupt raised here, in muggins' own code (`muggins.plugins.genuine_interrupt`)."""
    raise KeyboardInterrupt


_interrupted.plain_interrupt = True  # type: ignore[attr-defined]  # simulate may put its own handler in its place


def _own_interrupt_handler() -> Any:
    """Put `_interrupted` in place of Python's default SIGINT handler; the previous handler, or None if nothing changed."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            return signal.signal(signal.SIGINT, _interrupted)
    except (ValueError, OSError):  # not the main thread: signals stay as they are
        pass
    return None


def _set_debug(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and isinstance(ctx.command, MugginsGroup):
        ctx.command.debug = True


class _ClippedChoice(click.Choice):
    """A choice whose refusal quotes the value given cut to 40 characters (a 3,000-character `--lang` is one short line)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            if isinstance(value, str) and len(value) > CHOICE_QUOTE_CHARS:
                return super().convert(clip(value, CHOICE_QUOTE_CHARS), param, ctx)
            raise


#: How much of a refused choice's value its error line quotes.
CHOICE_QUOTE_CHARS = 40


def _set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    # `main` chose the language from the command line already (before Click read `--help`); an explicit choice confirms it.
    if value is not None:
        speak(value)


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    def of(dist: str) -> str:
        try:
            return version(dist)
        except PackageNotFoundError:
            return "unknown"

    click.echo(f"muggins {of('muggins-cli')} (muggins-core {of('muggins-core')})")
    ctx.exit(0)


@click.group("muggins", cls=MugginsGroup, context_settings={"help_option_names": ["-h", "--help"]}, help=N_(
    "Play, simulate and replay card games in which players call out each other's mistakes.\n\n"
    "Games are plugins: `muggins list` shows the installed ones. Exit codes: 0 ok, 1 game or runtime error, 2 bad usage or input, "
    "130 interrupted (143 SIGTERM, 129 SIGHUP).",
))
@click.option("--lang", type=_ClippedChoice(LANGUAGES), expose_value=False, is_eager=True, callback=_set_language, metavar="fr|en",
              help=N_("Language of every word shown (also MUGGINS_LANG, else the locale; default: English)."))
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug, help=N_("Show tracebacks for errors (also MUGGINS_DEBUG=1)."))
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version, help=N_("Show the versions and exit."))
def cli() -> None:
    pass


# The options of the game commands, shared by play and simulate.
_players_option = click.option("--players", "-n", type=int, help=N_("Number of players (default: the game's usual count)."))
_seat_option = click.option("--seat", "seats", multiple=True, metavar=N_("SEAT"), help=N_("Player for the next seat, from seat 0: KIND or KIND:name=value,... (repeatable)."))
class _Pace(click.ParamType):
    """Seconds from 0 to an hour: a number a timer can wait for (not nan, inf or 1e300)."""

    name = "seconds"
    LONGEST = 3600.0

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(_("{value!r} is not a number of seconds").format(value=clip(value)), param, ctx)
        if not math.isfinite(number) or not 0 <= number <= self.LONGEST:
            self.fail(_("{value} is not allowed; use a number of seconds from 0 to {longest:g}").format(value=clip(value), longest=self.LONGEST), param, ctx)
        return number


class _Seed(click.ParamType):
    """A whole number of at most 20 digits: exactly the seeds a record's header accepts."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not re.fullmatch(r"[+-]?[0-9]{1,20}", text):
                self.fail(_("{value!r} is not a whole number of at most 20 digits").format(value=clip(value)), param, ctx)
            number = int(text)
        if not -SEED_BOUND < number < SEED_BOUND:
            self.fail(_("{value} has more than 20 digits; a record keeps seeds of at most 20").format(value=clip(value)), param, ctx)
        return number


_pace_option = click.option(
    "--pace", type=_Pace(), default=DEFAULT_PACE, metavar=N_("SECONDS"),
    help=N_("On a terminal, how long each opponent's move waits for your call before play flows on (0: press Enter after every move; "
         "default: 1.5 s and 0.4 s for each further pile or card the move is judged against)."),
)
_rules_option = click.option("--rules", "rules_path", type=click.Path(dir_okay=False), help=N_("House rules TOML file (see `muggins rules GAME`)."))
_seed_option = click.option("--seed", type=_Seed(), help=N_("Match seed, a whole number of at most 20 digits (default: a fresh one, printed)."))
# A match a person plays: its seed reproduces every hidden card, so a fresh one is kept secret until the end.
_play_seed_option = click.option("--seed", type=_Seed(), help=N_(
    "Match seed, a whole number of at most 20 digits, for studies and tests (default: one drawn in secret, committed to at the start "
    "and printed at the end)."))


@cli.command("list", help=N_("List the installed games."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print JSON instead of a table."))
def list_games(as_json: bool) -> None:
    from . import info

    info.list_games(as_json)


@cli.command("plugins", help=N_("Show the loaded plugins and load errors as JSON."))
def plugins() -> None:
    from . import info

    info.plugins()


@cli.command("rules", help=N_("Print a game's default house rules as commented TOML."))
@click.argument("game", metavar=N_("GAME"), shell_complete=complete_games)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help=N_("Write to FILE instead of standard output (an existing FILE only with --force)."))
@click.option("--force", is_flag=True, help=N_("Replace FILE if it exists."))
def rules(game: str, output: str | None, force: bool) -> None:
    from . import info

    if output is not None and not force and os.path.lexists(output):
        from .errors import BadInput

        raise BadInput(_("{path} already exists (your edited house rules?); pass --force to replace it, or choose another -o FILE").format(path=clip_path(output)))
    info.rules(game, output)


@cli.command("play", cls=PlayCommand, help=N_(
    "Play a match at the terminal: seat 0 is you, the others fallible novices by default.\n\n"
    "Opponents' moves flow by on a terminal: after each one you have a moment (--pace) to call it with a key (m for Muggins); any other key lets it stand at once and p pauses the flow. Every decision is recorded as it is taken, into the records folder (`muggins records`). Ctrl-C (exit 130), SIGTERM (143), SIGHUP (129) or the end of input (exit 1) stops the match and keeps the record; continue it with `muggins resume`.",
))
@click.argument("game", metavar=N_("GAME"), shell_complete=complete_games)
@_players_option
@click.option("--seat", "seats", multiple=True, metavar=N_("SEAT"), shell_complete=complete_seats, help=N_("Player for the next seat, from seat 0: KIND or KIND:name=value,... (repeatable; seat 0 is you by default)."))
@click.option("--opponents", metavar=N_("SEAT"), shell_complete=complete_seats, help=filled_help(N_("Player for every seat --seat leaves open after yours (default: {default}, or the game's nearest; `expert` for a hard game)."), default=DEFAULT_OPPONENTS))
@_rules_option
@_play_seed_option
@click.option("--record", "record_path", type=click.Path(dir_okay=False), shell_complete=complete_records, help=N_("Record file (default: muggins-GAME-SEED.jsonl in the records folder; see `muggins records`)."))
@_pace_option
def play(game: str, players: int | None, seats: tuple[str, ...], opponents: str | None, rules_path: str | None, seed: int | None, record_path: str | None, pace: float | None) -> None:
    from . import commands

    commands.play(game, players, seats, rules_path, seed, record_path, opponents=opponents, pace=pace)


@cli.command("simulate", help=N_(
    "Play many bot matches and sum up wins, draws and the game's statistics.\n\n"
    "With two or more --rules files, every match is played under each rule set with the same deals and the figures are compared with 95% intervals. Ctrl-C prints the summary of the matches finished so far, marked partial.",
))
@click.argument("game", metavar=N_("GAME"), shell_complete=complete_games)
@click.option("--games", "-g", "count", type=click.IntRange(min=1), required=True, help=N_("Number of matches."))
@_players_option
@_seat_option
@click.option("--rules", "rules_paths", multiple=True, type=click.Path(dir_okay=False), help=N_("House rules TOML file; give it twice or more to compare rule sets on the same deals."))
@_seed_option
@click.option("--workers", "-w", type=click.IntRange(min=0), default=1, show_default=True, help=N_("Worker processes (0: one per CPU)."))
@click.option("--cluster", metavar=N_("local:N|tcp://HOST:PORT"), help=N_("Run on a Dask cluster: a local one of N processes, or a running scheduler (needs muggins-cli[dask])."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of a table."))
def simulate(game: str, count: int, players: int | None, seats: tuple[str, ...], rules_paths: tuple[str, ...], seed: int | None, workers: int, cluster: str | None, as_json: bool) -> None:
    from . import simulating

    simulating.simulate(game, count, players, seats, rules_paths, seed, workers, as_json, cluster)


@cli.command("ladder", help=N_(
    "Rate kinds of player against each other: OpenSkill ratings and pairwise win rates, on balanced seatings and the same deals.\n\n"
    "Needs the optional package openskill: `uv sync` installs it in the muggins workspace, pip with the core's extra elsewhere (the error says how). Ctrl-C prints the ladder of the matches finished so far, marked partial.",
))
@click.argument("game", metavar=N_("GAME"), shell_complete=complete_games)
@click.option("--seat", "seats", multiple=True, metavar=N_("SEAT"), shell_complete=complete_seats, help=N_("A kind of player to rate: KIND or KIND:name=value,... (twice or more)."))
@click.option("--games", "-g", "count", type=click.IntRange(min=1), required=True, help=N_("Number of matches in all (rounded up to whole blocks of seatings)."))
@_players_option
@click.option("--rules", "rules_paths", multiple=True, type=click.Path(dir_okay=False), help=N_("House rules TOML file; give it twice or more to compare the gap between kinds on the same deals."))
@_seed_option
@click.option("--workers", "-w", type=click.IntRange(min=0), default=1, show_default=True, help=N_("Worker processes (0: one per CPU)."))
@click.option("--cluster", metavar=N_("local:N|tcp://HOST:PORT"), help=N_("Run on a Dask cluster (needs muggins-cli[dask])."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of tables."))
def ladder(game: str, seats: tuple[str, ...], count: int, players: int | None, rules_paths: tuple[str, ...], seed: int | None, workers: int, cluster: str | None, as_json: bool) -> None:
    from . import ladder as run_ladder

    run_ladder.run(game, seats, count, players, rules_paths, seed, workers, cluster, as_json)


@cli.command("replay", help=N_("Replay a record: narrate it, or verify it against the installed game."))
@click.argument("record", type=click.Path(dir_okay=False), metavar=N_("RECORD"), shell_complete=complete_records)
@click.option("--verify", is_flag=True, help=N_("Check every decision and event instead of narrating."))
@click.option("--commitment", metavar=N_("HEX"), help=N_("With --verify: the deal's commitment shown when the match started, to check the record against."))
def replay(record: str, verify: bool, commitment: str | None) -> None:
    from . import replaying

    replaying.replay_command(record, verify, commitment)


@cli.command("resume", help=N_("Continue an interrupted match from its record, appending to it (default: the most recent unfinished one)."))
@click.argument("record", type=click.Path(dir_okay=False), required=False, metavar=N_("[RECORD]"), shell_complete=complete_records)
@_pace_option
def resume(record: str | None, pace: float | None) -> None:
    from . import commands

    commands.resume(record, pace=pace)


@cli.command("records", help=N_("List recent records in the records folder (MUGGINS_RECORDS, else the user data folder): game, date, players, finished or not."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print JSON instead of a table."))
@click.option("--limit", "-n", type=click.IntRange(min=1), default=20, show_default=True, help=N_("How many of the most recent to show."))
@click.option("--all", "show_all", is_flag=True, help=N_("Show every record in the folder."))
def records(as_json: bool, limit: int, show_all: bool) -> None:
    from . import recording

    recording.list_records(as_json, limit, show_all)


@cli.group("new", help=N_("Start a new plugin from a template: a game, or a house rule for an installed game."))
def new() -> None:
    pass


@new.command("game", help=N_("Write a complete game plugin NAME (a package, its tests, a pyproject) into DIR (default ./NAME)."))
@click.argument("name", metavar=N_("NAME"))
@click.argument("directory", required=False, metavar=N_("[DIR]"))
@click.option("--partnerships/--no-partnerships", default=None,
              help=N_("The players play in partnerships (seats 0 and 2 against 1 and 3 at four): the game gets a sides() to fill in. "
                      "Asked at a terminal when neither is given; elsewhere no partnerships."))
def new_game(name: str, directory: str | None, partnerships: bool | None) -> None:
    from . import scaffold

    if partnerships is None:
        partnerships = _asks_partnerships()
    scaffold.new_game(name, directory, partnerships=partnerships)


def _asks_partnerships() -> bool:
    """At a terminal, whether the new game plays in partnerships; piped or scripted, no (the flags say it there)."""
    if not (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return click.confirm(_("Do the players play in partnerships (winning and scoring together by side)?"), default=False)


@new.command("house-rule", help=N_("Write a plugin NAME implementing the hooks GAME publishes for house rules (or those --hook names), into DIR (default ./NAME)."))
@click.argument("game", metavar=N_("GAME"), shell_complete=complete_games)
@click.argument("name", metavar=N_("NAME"))
@click.argument("directory", required=False, metavar=N_("[DIR]"))
@click.option("--hook", "hooks", multiple=True, metavar=N_("HOOK"),
              help=N_("A hook your rule changes (its full name, or the part after the game's prefix: target); repeatable. Default: every hook the game publishes."))
def new_house_rule(game: str, name: str, directory: str | None, hooks: tuple[str, ...]) -> None:
    from . import scaffold

    scaffold.new_house_rule(game, name, directory, hooks)


cli.builtin_names = frozenset(cli.commands)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=argv, prog_name="muggins")
