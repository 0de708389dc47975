"""`muggins list` and shell completion from the discovery snapshot: the same answers, no game imported, until something changes.

Each step is a fresh `python -m muggins_cli` process with snapshots on in a
folder of the test's own. The installed plugin is a probe: a module that
notes each import in a file and registers a game (Tally under a title the
probe sets). Files are dated an hour back, as an installed plugin's are,
since a snapshot is never written while a keyed file is seconds old.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

TESTGAME_DIR = Path(__file__).resolve().parents[1] / "testgame"

PROBE = """\
import os
with open(os.environ["PROBE_MARKER"], "a") as marker:
    marker.write("imported\\n")
import muggins_tally

class ProbeGame(muggins_tally.TallyGame):
    name = "probe"
    title = {title!r}

class ProbePlugin:
    @muggins_tally.hookimpl
    def muggins_register_games(self, register):
        register(ProbeGame())

plugin = ProbePlugin()
"""


def _an_hour_back(*paths: Path) -> None:
    then = time.time() - 3600
    for path in paths:
        os.utime(path, (then, then))


@pytest.fixture
def probe(tmp_path, fake_distribution):
    site = fake_distribution(tmp_path / "site", "muggins-probe", {"probe": "snapshot_probe_game:plugin"})
    module = site / "snapshot_probe_game.py"
    module.write_text(PROBE.format(title="Probe one"))
    _an_hour_back(module, *site.iterdir(), *(site / "muggins_probe-1.0.dist-info").iterdir(), site)
    work = tmp_path / "work"  # the current folder is on sys.path under `python -m`: one nothing writes in
    work.mkdir()
    _an_hour_back(work)
    marker = tmp_path / "imports"
    env = {key: value for key, value in os.environ.items() if key not in ("MUGGINS_NO_CACHE", "MUGGINS_DEBUG")}
    env.update(MUGGINS_CACHE_DIR=str(tmp_path / "cache"), MUGGINS_LOAD_PLUGINS="probe", PROBE_MARKER=str(marker),
               PYTHONPATH=os.pathsep.join([str(site), str(TESTGAME_DIR), env.get("PYTHONPATH", "")]).rstrip(os.pathsep))

    def muggins(*args: str, warning: str = "", **extra: str | None) -> str:
        chosen = {key: value for key, value in {**env, **extra}.items() if value is not None}
        done = subprocess.run([sys.executable, "-m", "muggins_cli", *args], env=chosen, cwd=work,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert warning in done.stderr if warning else done.stderr == ""
        return done.stdout

    def imports() -> int:
        return len(marker.read_text().splitlines()) if marker.exists() else 0

    return site, module, muggins, imports, fake_distribution


def test_a_second_list_and_a_completion_import_no_game_and_answer_the_same(probe):
    site, module, muggins, imports, _ = probe
    first = muggins("list", "--json")
    assert [row["name"] for row in json.loads(first)] == ["probe"] and imports() == 1
    assert muggins("list", "--json") == first and imports() == 1
    table = muggins("list")
    assert "Probe one" in table and imports() == 1
    completed = muggins(_MUGGINS_COMPLETE="bash_complete", COMP_WORDS="muggins play p", COMP_CWORD="2")
    assert completed.split() == ["plain,probe"] and imports() == 1
    seats = muggins(_MUGGINS_COMPLETE="bash_complete", COMP_WORDS="muggins play probe --opponents nov", COMP_CWORD="4")
    assert seats.split() == ["plain,novice"] and imports() == 1


def test_an_edited_plugin_or_a_new_distribution_is_seen_at_once(probe):
    site, module, muggins, imports, fake_distribution = probe
    every = {"MUGGINS_LOAD_PLUGINS": None}  # every installed plugin, so a new one is found by installing it alone
    assert "Probe one" in muggins("list", **every) and imports() == 1
    module.write_text(PROBE.format(title="Probe two"))
    _an_hour_back(module)  # an older time than it had is a change all the same
    assert "Probe two" in muggins("list", **every) and imports() == 2
    assert "Probe two" in muggins("list", **every) and imports() == 2
    fake_distribution(site, "muggins-other", {"other": "snapshot_other:plugin"})
    (site / "snapshot_other.py").write_text(textwrap.dedent("""\
        import muggins_tally
        class OtherGame(muggins_tally.TallyGame):
            name = "other"
        class OtherPlugin:
            @muggins_tally.hookimpl
            def muggins_register_games(self, register):
                register(OtherGame())
        plugin = OtherPlugin()
        """))
    names = [row["name"] for row in json.loads(muggins("list", "--json", **every))]
    assert {"other", "probe"} <= set(names) and imports() == 3


PROBE_WITH_A_COMMAND = PROBE + """
import click

class ProbeWithACommand(ProbePlugin):
    @muggins_tally.hookimpl
    def muggins_register_commands(self, cli):
        @cli.command("probe-hello", help={help!r})
        def hello():
            click.echo("hello from the probe")

plugin = ProbeWithACommand()
"""


def test_help_lists_a_plugins_command_from_the_snapshot_in_each_language_until_the_plugin_changes(probe, tmp_path):
    site, module, muggins, imports, _ = probe
    module.write_text(PROBE_WITH_A_COMMAND.format(title="Probe one", help="Say hello from the probe."))
    _an_hour_back(module)
    first = muggins("--help")
    assert "probe-hello  Say hello from the probe." in first and imports() == 1
    assert muggins("--help") == first and imports() == 1  # the list of commands from the snapshot: no plugin imported
    french = muggins("--lang", "fr", "--help")  # a language of its own: a plugin may word its commands as it registers them
    assert "Commandes" in french and "probe-hello" in french and imports() == 2
    assert muggins("--lang", "fr", "--help") == french and imports() == 2
    assert muggins("probe-hello") == "hello from the probe\n" and imports() == 3  # running it loads the plugin
    module.write_text(PROBE_WITH_A_COMMAND.format(title="Probe one", help="Say hello twice."))
    _an_hour_back(module)
    assert "probe-hello  Say hello twice." in muggins("--help") and imports() == 4
    assert sorted(path.name.split("-")[0] for path in (tmp_path / "cache").glob("commands_*.json")) == ["commands_en", "commands_fr"]


def _command_row(**changes):
    return {"name": "probe-hello", "hidden": False, "deprecated": False, "help": "Say hello.", "short_help": None, **changes}


@pytest.mark.parametrize("kept", [None, {}, [1], [{}], [_command_row(name="list")], [_command_row(name="two words")],
                                  [_command_row(name="bell\x07")], [_command_row(name=5)], [_command_row(hidden="no")],
                                  [_command_row(help=["Say hello."])], [_command_row(deprecated=None)],
                                  [{**_command_row(), "extra": 1}]])
def test_a_commands_snapshot_that_is_not_what_help_wrote_is_not_listed(kept):
    from muggins_cli.main import cli
    from muggins_cli.plugin_commands import _is_listing

    assert _is_listing([_command_row(), _command_row(name="other", hidden=True, deprecated="use probe-hello")], cli.builtin_names)
    assert not _is_listing(kept, cli.builtin_names)


def test_a_broken_plugin_is_warned_about_on_every_list(probe):
    site, module, muggins, imports, _ = probe
    module.write_text("raise RuntimeError('probe is broken')\n")
    _an_hour_back(module)
    for _ in range(2):
        assert muggins("list", warning="probe is broken").startswith("no games installed")


# -- a snapshot is distrusted: whatever lies in its place is ignored unless it is the table `list` wrote --
def _snapshot_file(tmp_path: Path) -> Path:
    (found,) = (tmp_path / "cache").glob("games-*.json")
    return found


def _rewrite_value(change):
    # The checksum line is kept as it was: a forger who does not recompute it (one who does could forge anything the
    # snapshot's own code could write, and is caught only by the caller's checks of each row).
    def damage(path: Path) -> None:
        checksum, content = path.read_text().split("\n", 1)
        kept = json.loads(content)
        change(kept["value"])
        path.write_text(checksum + "\n" + json.dumps(kept))
    return damage


def _flip_inside(find: str, replace: str):
    def damage(path: Path) -> None:
        text = path.read_text()
        assert find in text
        path.write_text(text.replace(find, replace, 1))
    return damage


def _replace_with(make):
    def damage(path: Path) -> None:
        path.unlink()
        make(path)
    return damage


def _set(key, value):
    return _rewrite_value(lambda rows: rows[0].update({key: value}))


LIST, LIST_JSON = ("list",), ("list", "--json")
COMPLETE = (dict(_MUGGINS_COMPLETE="bash_complete", COMP_WORDS="muggins play p", COMP_CWORD="2"),
            dict(_MUGGINS_COMPLETE="bash_complete", COMP_WORDS="muggins play probe --opponents nov", COMP_CWORD="4"))
PLAY_HELP = ("play", "--help")
EVERY_COMMAND = (LIST, LIST_JSON, *COMPLETE, PLAY_HELP)

DAMAGES = {  # how the snapshot is damaged, and the commands that are run over it (each after damaging it afresh)
    "a FIFO": (_replace_with(os.mkfifo), EVERY_COMMAND),
    "a symlink to /dev/zero": (_replace_with(lambda path: path.symlink_to("/dev/zero")), EVERY_COMMAND),
    "one byte changed, max to msx": (lambda path: path.write_text(path.read_text().replace('"max"', '"msx"', 1)), (LIST, COMPLETE[0])),
    "[{}]": (_rewrite_value(lambda rows: rows.__setitem__(0, {})), (LIST, COMPLETE[0])),
    "a title holding an escape": (_set("title", "\x1b[2J\x1b[31mProbe one"), (LIST,)),
    # Well-formed lies: each is a row `list` would show as it is, caught by the snapshot's checksum alone.
    "a byte flipped in the version, 1.0 to 9.0": (_flip_inside('"version": "1.0"', '"version": "9.0"'), (LIST, LIST_JSON)),
    "a forged row: a game not installed": (_rewrite_value(lambda rows: rows.append({**rows[0], "name": "ghost"})), (LIST_JSON, COMPLETE[0])),
    "a game left out": (_rewrite_value(lambda rows: rows.clear()), (LIST, COMPLETE[0], LIST_JSON)),
    "the checksum line removed": (lambda path: path.write_text(path.read_text().split("\n", 1)[1]), (LIST,)),
}


#: Rows of the wrong shape, each refused by the reader itself (in-process: what `muggins list` runs over a snapshot
#: whose checksum a forger recomputed). The subprocess cases above show a damaged file is ignored and rewritten.
SHAPES = {
    "[1]": lambda rows: rows.__setitem__(0, 1),
    '{"name": 5}': lambda rows: rows[0].update(name=5),
    "name null": lambda rows: rows[0].update(name=None),
    "a row without players": lambda rows: rows[0].pop("players"),
    "kinds of ints": lambda rows: rows[0].update(kinds=[1, 2]),
    "a title of 5": lambda rows: rows[0].update(title=5),
    "a game name holding an escape": lambda rows: rows[0].update(name="probe\x1b[31m"),
}


@pytest.mark.parametrize("damage", SHAPES, ids=list(SHAPES))
def test_the_reader_refuses_a_listing_of_the_wrong_shape(damage):
    from muggins_cli import info

    rows = [{"name": "probe", "title": "Probe one", "titles": {"en": "Probe one", "fr": "Probe one"},
             "players": {"min": 2, "max": 4, "default": 2}, "version": "1.0", "distribution": "muggins-probe",
             "distribution_version": "1.0", "kinds": [], "house_rules": [], "house_rule_refusal": None}]
    assert info._is_games_table(rows)  # the undamaged row is one the reader takes
    SHAPES[damage](rows)
    assert not info._is_games_table(rows)


def _answers_as_installed(args, out: str) -> None:
    """The probe game as a full load of the registry describes it, whatever the snapshot held."""
    if args == LIST:
        assert out.split("\n")[1].split() == ["probe", "Probe", "one", "2-4", "1.0", "muggins-probe", "1.0"]
        assert "ghost" not in out
    elif args == LIST_JSON:
        rows = json.loads(out)
        assert [(row["name"], row["title"], row["players"]["max"], row["version"], row["house_rules"]) for row in rows] == [
            ("probe", "Probe one", 4, "1.0", [])]
    elif args == COMPLETE[0]:
        assert out.split() == ["plain,probe"]
    elif args == COMPLETE[1]:
        assert out.split() == ["plain,novice"]
    else:
        assert "Seat kinds by game:\n  probe  human, " in out and "(unavailable)" not in out


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_snapshot_is_ignored_and_rewritten(probe, tmp_path, damage):
    site, module, muggins, imports, _ = probe
    muggins("list", "--json")
    make_damage, commands = DAMAGES[damage]
    for number, args in enumerate(commands, 2):
        make_damage(_snapshot_file(tmp_path))
        out = muggins(**args) if isinstance(args, dict) else muggins(*args)
        _answers_as_installed(args, out)
        assert imports() == number  # the damaged snapshot was not used: the registry was loaded
    assert _snapshot_file(tmp_path).is_file() and not _snapshot_file(tmp_path).is_symlink()
    _answers_as_installed(LIST_JSON, muggins("list", "--json"))
    assert imports() == len(commands) + 1  # rewritten: the next command reads it


def test_a_distributions_metadata_edited_in_place_or_its_entry_points_removed_is_seen(probe):
    site, module, muggins, imports, _ = probe
    info = site / "muggins_probe-1.0.dist-info"
    assert "muggins-probe 1.0" in muggins("list") and imports() == 1
    folder_times = os.stat(info)
    metadata = info / "METADATA"
    metadata.write_text(metadata.read_text().replace("Version: 1.0", "Version: 2.0"))  # the same size
    _an_hour_back(metadata)
    os.utime(info, ns=(folder_times.st_atime_ns, folder_times.st_mtime_ns))
    assert "muggins-probe 2.0" in muggins("list") and imports() == 2
    (info / "entry_points.txt").unlink()
    os.utime(info, ns=(folder_times.st_atime_ns, folder_times.st_mtime_ns))
    assert muggins("list", warning="names 'probe', which matches no installed plugin").startswith("no games installed")


def test_text_from_a_distributions_metadata_reaches_the_table_with_its_escapes_neutralised(probe):
    site, module, muggins, imports, _ = probe
    metadata = site / "muggins_probe-1.0.dist-info" / "METADATA"
    metadata.write_text(metadata.read_text().replace("Version: 1.0", "Version: 1.0\x1b[2J"))
    _an_hour_back(metadata)
    for _ in range(2):  # from the registry, then from the snapshot
        table = muggins("list")
        assert "\x1b" not in table and "muggins-probe 1.0\\x1b[2J" in table
