"""The command group: help, version, one-line errors and exit codes, plugin warnings, lazy plugin commands."""

from __future__ import annotations

import json
import sys

import pytest

from muggins.players import SEARCH_DESCRIPTION, SEARCH_OPTIONS
from muggins_cli import info
from muggins_cli.main import cli

BUILTIN = ["list", "play", "plugins", "replay", "resume", "rules", "simulate"]

HELLO_PLUGIN = '''
import click
from muggins import hookimpl

CALLS = []

class Plugin:
    @hookimpl
    def muggins_register_commands(self, cli):
        CALLS.append(cli.name)

        @cli.command()
        @click.argument("name")
        def hello(name):
            """Greet NAME (a plugin command)."""
            click.echo(f"hello {name}")

plugin = Plugin()
'''


def test_help_lists_every_builtin_command(run):
    result = run("--help")
    assert result.exit_code == 0
    listed = result.stdout.split("Commands:")[1]
    for name in BUILTIN:
        assert f"  {name} " in listed


def test_version_names_cli_and_core(run):
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("muggins 0.1.0 (muggins-core ")


def test_no_command_shows_help_and_exits_2(bare_run):
    result = bare_run()
    assert result.exit_code == 2
    assert "Usage: muggins" in result.stderr


def test_unknown_command_is_one_line(run, one_line):
    result = run("frobnicate")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: No such command 'frobnicate'")
    assert "Traceback" not in result.output


def _without_web(monkeypatch):
    """As if muggins-web were not installed: its distribution is not found (the `run` registry loads Tally alone)."""
    from importlib import metadata

    found = metadata.distribution

    def distribution(name):
        if name == "muggins-web":
            raise metadata.PackageNotFoundError(name)
        return found(name)

    monkeypatch.setattr(metadata, "distribution", distribution)


def test_serve_without_the_web_says_which_distribution_brings_it_in_one_line(run, monkeypatch):
    _without_web(monkeypatch)
    result = run("serve")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "muggins: error: No such command 'serve': it comes with muggins-web "
        "(pip install ./web from a clone, or dist/muggins_web-*.whl after uv build --all-packages)"]
    french = run("--lang", "fr", "serve")
    assert french.exit_code == 2
    assert len(french.stderr.splitlines()) == 1
    assert "muggins-web" in french.stderr and "pip install ./web" in french.stderr and "No such command" not in french.stderr


def test_serve_installed_but_left_out_by_the_plugin_list_says_so(run):
    # The `run` registry loads Tally alone, so the installed muggins-web is not loaded.
    result = run("serve")
    assert result.exit_code == 2
    assert "muggins-web, which is installed but not loaded" in result.stderr
    assert run("frobnicate").stderr.count("muggins-web") == 0  # only the commands another distribution brings


def test_bad_option_is_one_line_pointing_at_help(run, one_line):
    result = run("list", "--bogus")
    assert result.exit_code == 2
    line = one_line(result.stderr)
    assert "--bogus" in line and "'muggins list --help'" in line


def test_list_table_shows_name_title_players_and_versions(run):
    result = run("list")
    assert result.exit_code == 0
    header, row = result.stdout.splitlines()
    assert header.split() == ["GAME", "TITLE", "PLAYERS", "VERSION", "FROM"]
    assert row.startswith("tally ") and "Tally (the core's test game)" in row
    assert row.split()[-4:] == ["2-4", "1.0", "muggins-tally", "1.0"]


def test_list_json(run):
    result = run("list", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [{
        "name": "tally",
        "title": "Tally (the core's test game)",
        "players": {"min": 2, "max": 4, "default": 3},
        "version": "1.0",
        "distribution": "muggins-tally",
        "distribution_version": "1.0",
        "kinds": [
            {"name": "expert", "description": "always a correct choice; calls every real error", "generic": True, "options": []},
            {
                "name": "novice",
                "description": "errs with error_rate (default 0.1), notices an error with attention (default 0.5)",
                "generic": True,
                "options": [
                    {"name": "error_rate", "type": "float", "default": 0.1, "min": 0, "max": 1,
                     "help": "chance of a random physical choice instead of a correct one on its own moves"},
                    {"name": "attention", "type": "float", "default": 0.5, "min": 0, "max": 1,
                     "help": "chance of making the correct response in a challenge window (else it lets the action stand)"},
                ],
            },
            {"name": "random", "description": "any physical choice, mistakes and calls included", "generic": True, "options": []},
            {"name": "search", "description": SEARCH_DESCRIPTION, "generic": True, "options": [o.to_dict() for o in SEARCH_OPTIONS]},
        ],
        "house_rules": [],
        "house_rule_refusal": None,
    }]


def test_list_without_games(bare_run):
    result = bare_run("list")
    assert result.exit_code == 0
    assert "no games installed" in result.stdout
    assert json.loads(bare_run("list", "--json").stdout) == []


def test_plugins_reports_every_plugin_and_no_errors(run):
    result = run("plugins")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    by_name = {p["name"]: p for p in data["plugins"]}
    assert by_name["tally"] == {"name": "tally", "distribution": "muggins-tally", "version": "1.0", "hooks": ["muggins_register_games"]}
    assert by_name["muggins.builtin"]["hooks"] == ["muggins_register_players"]
    assert data["errors"] == []


def test_a_broken_plugin_is_one_warning_and_the_rest_works(run, fake_plugin, one_line):
    fake_plugin("broken_plugin", "raise ImportError('boom')\n")
    result = run("list")
    assert result.exit_code == 0
    assert "tally" in result.stdout
    assert one_line(result.stderr) == "muggins: warning: plugin 'broken_plugin' failed to load: ImportError: boom"
    report = run("plugins")
    assert json.loads(report.stdout)["errors"] == ["plugin 'broken_plugin' failed to load: ImportError: boom"]


def test_plugin_commands_load_only_when_needed(run, fake_plugin):
    fake_plugin("hello_plugin", HELLO_PLUGIN)
    module = sys.modules["hello_plugin"]
    assert run("list").exit_code == 0
    assert run("rules", "tally").exit_code == 0
    assert module.CALLS == []  # built-in commands never ask the plugins
    result = run("hello", "world")
    assert (result.exit_code, result.stdout) == (0, "hello world\n")
    assert module.CALLS == ["muggins"]
    assert "hello  " in run("--help").stdout.split("Commands:")[1]
    assert module.CALLS == ["muggins"]  # asked once per registry


def test_plugin_commands_are_reloaded_for_a_new_registry(run, fake_plugin, registry):
    fake_plugin("hello_plugin", HELLO_PLUGIN)
    assert run("hello", "a").exit_code == 0
    from muggins.plugins import reset_registry

    reset_registry(registry)  # back to Tally alone: the plugin command must go away
    result = run("hello", "a")
    assert result.exit_code == 2
    assert "No such command 'hello'" in result.stderr


def test_a_plugin_cannot_replace_a_builtin_command(run, fake_plugin):
    fake_plugin("clash_plugin", '''
        import click
        from muggins import hookimpl

        class Plugin:
            @hookimpl
            def muggins_register_commands(self, cli):
                @cli.command("list")
                def fake_list():
                    click.echo("hijacked")

        plugin = Plugin()
    ''')
    result = run("--help")
    assert "muggins: warning: a plugin command named 'list' clashes with the built-in command and is ignored" in result.stderr
    listed = run("list")
    assert "hijacked" not in listed.stdout and "tally" in listed.stdout


def test_a_plugin_command_refusing_with_the_cores_bad_input_is_one_error_line_exit_2(run, fake_plugin, one_line):
    # What `muggins serve` raises: the core's refusal, which a plugin's command raises without importing the CLI.
    fake_plugin("picky_plugin", '''
        import click
        from muggins import hookimpl
        from muggins.front_end import BadInput

        class Plugin:
            @hookimpl
            def muggins_register_commands(self, cli):
                @cli.command()
                def picky():
                    raise BadInput("--colour 'mauve' is not a colour; give red or black")

        plugin = Plugin()
    ''')
    result = run("picky")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: --colour 'mauve' is not a colour; give red or black"


def test_load_errors_are_warned_once_whichever_front_end_asks_and_later_warnings_go_to_the_last_one(run, fake_plugin):
    from muggins.front_end import front_end_registry
    from muggins_cli.warnings_and_defaults import registry

    loaded = fake_plugin("broken_plugin", "raise ImportError('boom')\n")
    heard: list[str] = []
    assert front_end_registry(heard.append) is loaded and heard == ["plugin 'broken_plugin' failed to load: ImportError: boom"]
    result = run("list")  # the command line asks next: the error was reported already
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert registry() is loaded and front_end_registry(heard.append) is loaded and len(heard) == 1
    loaded.warn_once("a listener switched off")
    assert heard[-1] == "a listener switched off"
    assert not {"_cli_warned"} & set(vars(loaded))


def test_a_failing_command_hook_is_a_warning(run, fake_plugin):
    fake_plugin("bad_commands", '''
        from muggins import hookimpl

        class Plugin:
            @hookimpl
            def muggins_register_commands(self, cli):
                raise RuntimeError("no commands today")

        plugin = Plugin()
    ''')
    result = run("--help")
    assert result.exit_code == 0
    assert "muggins: warning: plugin 'bad_commands' failed to add commands: RuntimeError: no commands today" in result.stderr
    assert "play" in result.stdout


def _explode(exc):
    def boom(*args, **kwargs):
        raise exc

    return boom


def test_internal_error_is_one_line_without_debug(run, monkeypatch, one_line):
    monkeypatch.setattr(info, "list_games", _explode(RuntimeError("kaput")))
    result = run("list")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: error: internal error: RuntimeError: kaput; rerun with --debug for the traceback"


@pytest.mark.parametrize("how", [("--debug",), ()])
def test_debug_shows_the_traceback(run, monkeypatch, how):
    monkeypatch.setattr(info, "list_games", _explode(RuntimeError("kaput")))
    if not how:
        monkeypatch.setenv("MUGGINS_DEBUG", "1")
    result = run(*how, "list")
    assert result.exit_code == 1
    assert "Traceback (most recent call last)" in result.stderr
    assert result.stderr.rstrip().splitlines()[-1] == "muggins: error: internal error: RuntimeError: kaput"


def test_debug_traceback_for_bad_input_too(run):
    result = run("--debug", "rules", "nosuchgame")
    assert result.exit_code == 2
    assert "Traceback" in result.stderr and "KeyError" in result.stderr


def test_ctrl_c_anywhere_exits_130(run, monkeypatch):
    monkeypatch.setattr(info, "list_games", _explode(KeyboardInterrupt()))
    result = run("list")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == "muggins: error: interrupted"


def test_end_of_input_outside_a_match_exits_1(run, monkeypatch):
    monkeypatch.setattr(info, "list_games", _explode(EOFError()))
    result = run("list")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1] == "muggins: error: input ended"


def test_core_input_errors_that_escape_are_exit_2(run, monkeypatch, one_line):
    from muggins.records import RecordError

    monkeypatch.setattr(info, "list_games", _explode(RecordError("x.jsonl:3: not valid JSON")))
    result = run("list")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: x.jsonl:3: not valid JSON"


def test_broken_pipe_is_quiet(run, monkeypatch):
    monkeypatch.setattr(info, "list_games", _explode(BrokenPipeError()))
    result = run("list")
    assert result.exit_code == 1
    assert result.stderr == ""


def test_main_in_non_standalone_mode_returns_the_code(registry, capsys):
    assert cli.main(["rules", "nosuchgame"], standalone_mode=False) == 2
    assert capsys.readouterr().err.startswith("muggins: error: unknown game 'nosuchgame'")
    assert cli.main(["list"], standalone_mode=False) == 0
