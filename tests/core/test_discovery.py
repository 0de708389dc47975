"""Plugin discovery through importlib.metadata: where a plugin may be installed, unreadable distributions, plugins that quit, and game-name conflicts.

Every distribution here is written into a temporary site directory (or zip
file, or .egg folder) put on `sys.path`, next to the Tally test game, and
found by the same discovery as any installed plugin. The plugin modules live
in tests/plugin_fixtures; a module packed into a zip or egg is a one-line
stub that builds its plugin there.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from muggins.plugins import load_registry

FIXTURES = Path(__file__).parent.parent / "plugin_fixtures"


def metadata_text(name: str, version: str) -> str:
    return f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"


def write_dist_info(root: Path, name: str, entry_points: str | bytes, *, version: str = "1.0", metadata: str | bytes | None = None) -> Path:
    """Write `<name>-<version>.dist-info` under `root`; bytes are written as they are (to test bad encodings)."""
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    metadata = metadata_text(name, version) if metadata is None else metadata
    (info / "METADATA").write_bytes(metadata if isinstance(metadata, bytes) else metadata.encode())
    (info / "entry_points.txt").write_bytes(entry_points if isinstance(entry_points, bytes) else entry_points.encode())
    importlib.invalidate_caches()
    return info


@pytest.fixture
def site(tmp_path, tally_env, monkeypatch):
    """An empty site directory on sys.path, after Tally's and the plugin fixtures'."""
    root = tmp_path / "site"
    root.mkdir()
    monkeypatch.syspath_prepend(str(FIXTURES))
    monkeypatch.syspath_prepend(str(root))
    before = set(sys.modules)
    yield root
    for name in set(sys.modules) - before:  # the stub modules of one test must not satisfy the next
        if name.endswith("_stub") or name in {"exits_on_import", "interrupted_on_import"}:
            del sys.modules[name]


def stub(game_name: str) -> str:
    return f"from discovery_plugins import named_tally\nplugin = named_tally({game_name!r})\n"


def test_a_plugin_in_a_zip_file_on_sys_path(site, tmp_path, monkeypatch):
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_stub.py", stub("zipped"))
        zipped.writestr("zipped_plugin-2.0.dist-info/METADATA", metadata_text("zipped-plugin", "2.0"))
        zipped.writestr("zipped_plugin-2.0.dist-info/entry_points.txt", "[muggins]\nzipped = zipped_stub:plugin\n")
    monkeypatch.syspath_prepend(str(archive))
    importlib.invalidate_caches()
    registry = load_registry(only=["zipped"])
    assert registry.errors == [] and list(registry.games) == ["zipped"]
    source = registry.game_sources["zipped"]
    assert (source.name, source.distribution, source.version) == ("zipped", "zipped-plugin", "2.0")
    assert sys.modules["zipped_stub"].__file__.startswith(str(archive))


def test_a_plugin_in_an_egg_folder(site, tmp_path, monkeypatch):
    egg = tmp_path / "eggy-3.1-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "eggy_stub.py").write_text(stub("eggy"))
    (egg / "EGG-INFO" / "PKG-INFO").write_text("Metadata-Version: 1.1\nName: eggy\nVersion: 3.1\n")
    (egg / "EGG-INFO" / "entry_points.txt").write_text("[muggins]\neggy = eggy_stub:plugin\n")
    monkeypatch.syspath_prepend(str(egg))  # as easy-install.pth puts an egg on the path
    importlib.invalidate_caches()
    registry = load_registry(only=["eggy"])
    assert registry.errors == [] and list(registry.games) == ["eggy"]
    source = registry.game_sources["eggy"]
    assert (source.distribution, source.version) == ("eggy", "3.1")
    assert Path(sys.modules["eggy_stub"].__file__).parent == egg


def test_a_single_file_egg_info_is_metadata_without_entry_points(site):
    """importlib.metadata reads a `name.egg-info` *file* as PKG-INFO; such a distribution has no entry points."""
    (site / "lonely.egg-info").write_text("Metadata-Version: 1.1\nName: lonely\nVersion: 0.5\n")
    write_dist_info(site, "muggins-copy", "[muggins]\ncopy = discovery_plugins:tally_copy\n")
    from importlib.metadata import distribution

    assert distribution("lonely").version == "0.5" and distribution("lonely").entry_points.select(group="muggins") == ()
    registry = load_registry(only=["tally", "copy"])
    assert registry.errors == [] and sorted(registry.games) == ["tally", "tally_copy"]
    assert "lonely" not in [p.distribution for p in registry.plugins]


def test_an_entry_point_with_extras_loads(site):
    write_dist_info(site, "muggins-fancy", "[muggins]\nfancy = discovery_plugins:tally_copy [speedups, colour]\n")
    registry = load_registry(only=["fancy"])
    assert registry.errors == [] and list(registry.games) == ["tally_copy"]
    assert registry.game_sources["tally_copy"].distribution == "muggins-fancy"


def test_unreadable_distributions_are_one_line_each_and_hide_nothing(site):
    write_dist_info(site, "muggins-badbytes", b"[muggins]\nbadbytes = discovery_plugins:tally_copy  # caf\xe9\n")
    write_dist_info(site, "muggins-badmeta", "[muggins]\nbadmeta = discovery_plugins:tally_copy\n", metadata=b"Name: muggins-badmeta\nAuthor: Andr\xe9\n")
    write_dist_info(site, "muggins-garbled", "[muggins]\nthis line has no equals sign\n")
    write_dist_info(site, "muggins-good", "[muggins]\ngood = discovery_plugins:tally_copy\n")
    registry = load_registry(only=["tally", "good"])
    assert sorted(registry.games) == ["tally", "tally_copy"]
    assert registry.game_sources["tally_copy"].distribution == "muggins-good"
    assert len(registry.errors) == 3, registry.errors
    for name, problem in [("badbytes", "UnicodeDecodeError"), ("badmeta", "UnicodeDecodeError"), ("garbled", "TypeError")]:
        (line,) = [e for e in registry.errors if f"muggins-{name}" in e]
        assert line.startswith(f"distribution 'muggins-{name}' at {site}") and f"cannot be read: {problem}: " in line
        assert "\n" not in line


def test_an_egg_with_unreadable_metadata_is_named_by_its_path(site, tmp_path, monkeypatch):
    egg = tmp_path / "rotten-1.0-py3.11.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "PKG-INFO").write_bytes(b"Name: rotten\nSummary: caf\xe9\n")
    (egg / "EGG-INFO" / "entry_points.txt").write_text("[muggins]\nrotten = discovery_plugins:tally_copy\n")
    monkeypatch.syspath_prepend(str(egg))
    importlib.invalidate_caches()
    registry = load_registry(only=["tally", "rotten"])
    assert list(registry.games) == ["tally"]
    assert len(registry.errors) == 2, registry.errors
    assert registry.errors[0].startswith(f"a distribution at {egg / 'EGG-INFO'} cannot be read: UnicodeDecodeError: ")
    assert registry.errors[1] == "the plugin list names 'rotten', which matches no installed plugin"


def test_the_first_distribution_of_a_name_on_sys_path_wins(site, tmp_path, monkeypatch):
    later = tmp_path / "later"
    write_dist_info(later, "muggins-twice", "[muggins]\ntwice = discovery_plugins:impostor\n", version="0.9")
    write_dist_info(site, "muggins_twice", "[muggins]\ntwice = discovery_plugins:tally_copy\n", version="2.0")
    sys.path.append(str(later))
    try:
        importlib.invalidate_caches()
        registry = load_registry(only=["muggins.twice"])
    finally:
        sys.path.remove(str(later))
    assert registry.errors == [] and list(registry.games) == ["tally_copy"]
    assert registry.game_sources["tally_copy"].version == "2.0"


def test_plugins_load_in_entry_point_order_whatever_the_path_order(site, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    write_dist_info(site, "muggins-zeta", "[muggins]\nzeta = discovery_plugins:another_copy\n")
    write_dist_info(elsewhere, "muggins-alpha", "[muggins]\nalpha = discovery_plugins:tally_copy\n")
    orders = []
    monkeypatch.syspath_prepend(str(elsewhere))
    for first in (site, elsewhere):
        monkeypatch.syspath_prepend(str(first))
        importlib.invalidate_caches()
        orders.append([p.name for p in load_registry(only=["alpha", "zeta", "tally"]).plugins])
    assert sys.path.index(str(elsewhere)) < sys.path.index(str(site))
    assert orders[0] == orders[1] == ["muggins.builtin", "alpha", "tally", "zeta"]


def test_two_distributions_may_use_one_entry_point_name(site):
    write_dist_info(site, "muggins-other", "[muggins]\ntally = discovery_plugins:tally_copy\n")
    registry = load_registry(only=["tally"])
    assert registry.errors == [] and sorted(registry.games) == ["tally", "tally_copy"]
    names = {p.distribution: p.name for p in registry.plugins}
    # entry points sort by value, so the other distribution's loads first and keeps the plain name
    assert names["muggins-other"] == "tally" and names["muggins-tally"] == "muggins-tally:tally"


def test_names_that_match_no_installed_plugin_are_warned_about(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally, No_Such_Plugin")
    registry = load_registry()
    assert list(registry.games) == ["tally"]
    assert registry.errors == ["MUGGINS_LOAD_PLUGINS names 'No_Such_Plugin', which matches no installed plugin"]
    assert load_registry(only=["nothing"]).errors == ["the plugin list names 'nothing', which matches no installed plugin"]


def test_plugins_that_quit_while_loading_or_registering_are_one_line_each(site):
    write_dist_info(site, "muggins-quitter", "[muggins]\nquitter = exits_on_import\n")
    write_dist_info(site, "giveup", "[muggins]\ngiveup = discovery_plugins:exits_on_register\n")
    write_dist_info(site, "muggins-nokinds", "[muggins]\nnokinds = discovery_plugins:exits_on_register_players\n")
    registry = load_registry(only=["tally", "quitter", "giveup", "nokinds"])
    assert list(registry.games) == ["tally"]
    assert registry.errors == [
        "plugin 'quitter' from muggins-quitter failed to load: SystemExit: 3",
        "plugin 'giveup' failed to register games: SystemExit: the plugin gave up",
        "plugin 'nokinds' failed to register players: SystemExit: 4",
    ]


def test_a_plugin_that_quits_while_adding_commands_is_one_line(site):
    write_dist_info(site, "muggins-nocommands", "[muggins]\nnocommands = discovery_plugins:exits_on_commands\n")
    registry = load_registry(only=["tally", "nocommands"])
    registry.register_commands(object())
    assert list(registry.games) == ["tally"]
    assert registry.errors == ["plugin 'nocommands' failed to add commands: SystemExit: 5"]


def test_ctrl_c_while_a_plugin_loads_or_registers_still_interrupts(site, ctrl_c_raises):
    write_dist_info(site, "muggins-ctrlc", "[muggins]\nctrlc = interrupted_on_import\n")
    write_dist_info(site, "muggins-ctrlc-hook", "[muggins]\nctrlc_hook = discovery_plugins:interrupted_on_register\n")
    with pytest.raises(KeyboardInterrupt):
        load_registry(only=["ctrlc"])
    with pytest.raises(KeyboardInterrupt):
        load_registry(only=["ctrlc_hook"])


def test_a_game_name_registered_twice_is_a_conflict_neither_plugin_wins(site):
    write_dist_info(site, "muggins-impostor", "[muggins]\nimpostor = discovery_plugins:impostor\n", version="6.6")
    registry = load_registry(only=["tally", "impostor"])
    assert "tally" not in registry.games and "tally" not in registry.game_sources
    assert [(p.name, p.distribution) for p in registry.conflicts["tally"]] == [("impostor", "muggins-impostor"), ("tally", "muggins-tally")]
    message = (
        "game 'tally' is registered by more than one plugin: muggins-impostor 6.6 (plugin 'impostor') and "
        "muggins-tally 1.0 (plugin 'tally'); neither is used; choose one with MUGGINS_LOAD_PLUGINS"
    )
    assert registry.errors == [message]
    with pytest.raises(KeyError) as raised:
        registry.game("tally")
    assert raised.value.args[0] == message


def test_a_conflict_with_a_plugin_from_no_distribution_names_the_plugin(site):
    from discovery_plugins import impostor

    registry = load_registry(only=["tally"], extra_plugins=[("handmade", impostor)])
    assert registry.errors == [
        "game 'tally' is registered by more than one plugin: muggins-tally 1.0 (plugin 'tally') and plugin 'handmade'; "
        "neither is used; choose one with MUGGINS_LOAD_PLUGINS"
    ]


def test_a_plugin_registering_one_game_twice_is_refused_the_second_time(site):
    write_dist_info(site, "muggins-twice", "[muggins]\ntwice = discovery_plugins:registers_twice\n")
    registry = load_registry(only=["twice"])
    assert list(registry.games) == ["twice"] and registry.conflicts == {}
    assert registry.errors == ["plugin 'twice' failed to register games: PluginError: game 'twice' is registered twice by this plugin"]


def test_choosing_one_plugin_settles_a_conflict(site):
    write_dist_info(site, "muggins-impostor", "[muggins]\nimpostor = discovery_plugins:impostor\n")
    genuine = load_registry(only=["tally"])
    chosen = load_registry(only=["muggins-impostor"])
    assert genuine.errors == chosen.errors == [] and genuine.conflicts == chosen.conflicts == {}
    assert genuine.game_sources["tally"].distribution == "muggins-tally"
    assert chosen.game_sources["tally"].distribution == "muggins-impostor"


def test_a_three_way_conflict_names_all_three_and_spares_other_games(site):
    write_dist_info(site, "muggins-impostor", "[muggins]\nimpostor = discovery_plugins:impostor\n")
    write_dist_info(site, "muggins-second", "[muggins]\nsecond = discovery_plugins:second_impostor\n")
    write_dist_info(site, "muggins-copy", "[muggins]\ncopy = discovery_plugins:tally_copy\n")
    registry = load_registry(only=["tally", "impostor", "second", "copy"])
    assert list(registry.games) == ["tally_copy"]
    assert [p.distribution for p in registry.conflicts["tally"]] == ["muggins-impostor", "muggins-second", "muggins-tally"]
    (line,) = registry.errors
    assert "muggins-impostor 1.0 (plugin 'impostor') and muggins-second 1.0 (plugin 'second') and muggins-tally 1.0 (plugin 'tally'); none is used" in line


def test_a_conflicting_plugin_dropped_for_an_unknown_hook_leaves_the_other_installed(site):
    write_dist_info(site, "muggins-both", "[muggins]\nboth = discovery_plugins:impostor_with_a_misspelled_hook\n")
    registry = load_registry(only=["tally", "both"])
    assert registry.conflicts == {} and registry.game_sources["tally"].distribution == "muggins-tally"
    (line,) = registry.errors
    assert line.startswith("plugin 'both' implements an unknown hook")


# The real command, as a user would meet these problems.

MUGGINS = [sys.executable, "-m", "muggins_cli"]


def run_muggins(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([*MUGGINS, *args], env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def broken_site_env(site, tally_env):
    """Environment for `python -m muggins_cli` with Tally, a good plugin, an unreadable distribution and two quitters."""
    write_dist_info(site, "muggins-badbytes", b"[muggins]\nbadbytes = discovery_plugins:tally_copy  # caf\xe9\n")
    write_dist_info(site, "muggins-good", "[muggins]\ngood = discovery_plugins:tally_copy\n")
    write_dist_info(site, "muggins-quitter", "[muggins]\nquitter = exits_on_import\n")
    write_dist_info(site, "giveup", "[muggins]\ngiveup = discovery_plugins:exits_on_register\n")
    env = dict(tally_env, MUGGINS_LOAD_PLUGINS="tally,good,quitter,giveup")
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(FIXTURES), tally_env["PYTHONPATH"]])
    env.pop("MUGGINS_DEBUG", None)
    return env


def test_muggins_list_survives_broken_and_quitting_plugins(broken_site_env, site):
    listed = run_muggins("list", "--json", env=broken_site_env)
    assert listed.returncode == 0, listed.stderr
    assert [row["name"] for row in json.loads(listed.stdout)] == ["tally", "tally_copy"]
    warnings = listed.stderr.splitlines()
    assert len(warnings) == 3, listed.stderr
    assert warnings[0].startswith(f"muggins: warning: distribution 'muggins-badbytes' at {site}")
    assert "cannot be read: UnicodeDecodeError" in warnings[0]
    assert warnings[1:] == [
        "muggins: warning: plugin 'quitter' from muggins-quitter failed to load: SystemExit: 3",
        "muggins: warning: plugin 'giveup' failed to register games: SystemExit: the plugin gave up",
    ]


@pytest.fixture
def conflict_env(site, tally_env):
    write_dist_info(site, "muggins-impostor", "[muggins]\nimpostor = discovery_plugins:impostor\n", version="6.6")
    env = dict(tally_env, MUGGINS_LOAD_PLUGINS="tally,impostor,copy")
    write_dist_info(site, "muggins-copy", "[muggins]\ncopy = discovery_plugins:tally_copy\n")
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(FIXTURES), tally_env["PYTHONPATH"]])
    env.pop("MUGGINS_DEBUG", None)
    return env


CONFLICT = (
    "game 'tally' is registered by more than one plugin: muggins-impostor 6.6 (plugin 'impostor') and "
    "muggins-tally 1.0 (plugin 'tally'); neither is used; choose one with MUGGINS_LOAD_PLUGINS"
)


def test_muggins_list_marks_a_conflict_naming_both_distributions(conflict_env):
    table = run_muggins("list", env=conflict_env)
    assert table.returncode == 0 and table.stderr == f"muggins: warning: {CONFLICT}\n"
    rows = {line.split()[0]: line for line in table.stdout.splitlines()[1:]}
    assert set(rows) == {"tally", "tally_copy"}
    assert "CONFLICT" in rows["tally"] and "muggins-impostor 6.6" in rows["tally"] and "muggins-tally 1.0" in rows["tally"]
    listed = json.loads(run_muggins("list", "--json", env=conflict_env).stdout)
    conflict = next(row for row in listed if row["name"] == "tally")
    assert conflict["conflict"] == [
        {"plugin": "impostor", "distribution": "muggins-impostor", "version": "6.6"},
        {"plugin": "tally", "distribution": "muggins-tally", "version": "1.0"},
    ]


@pytest.mark.parametrize("command", [("play", "tally", "--seed", "1"), ("simulate", "tally", "--games", "2")])
def test_playing_a_conflicting_game_exits_2_naming_both(conflict_env, command, tmp_path):
    done = subprocess.run([*MUGGINS, *command], env=conflict_env, capture_output=True, text=True, timeout=60, cwd=tmp_path, input="")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"muggins: warning: {CONFLICT}", f"muggins: error: {CONFLICT}"]


def test_replaying_a_record_of_a_conflicting_game_exits_2_naming_both(conflict_env, tmp_path):
    genuine = dict(conflict_env, MUGGINS_LOAD_PLUGINS="tally")
    played = subprocess.run([*MUGGINS, "play", "tally", "--seed", "5", "--record", "r.jsonl"], env=genuine, capture_output=True, text=True, timeout=60, cwd=tmp_path, input="1\n")
    assert (tmp_path / "r.jsonl").exists(), played.stderr
    replayed = subprocess.run([*MUGGINS, "replay", "r.jsonl"], env=conflict_env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert replayed.returncode == 2
    warning, error = replayed.stderr.splitlines()
    assert warning == f"muggins: warning: {CONFLICT}" and error == f"muggins: error: r.jsonl: {CONFLICT}"
