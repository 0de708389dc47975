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


def test_a_broken_plugin_is_warned_about_on_every_list(probe):
    site, module, muggins, imports, _ = probe
    module.write_text("raise RuntimeError('probe is broken')\n")
    _an_hour_back(module)
    for _ in range(2):
        assert muggins("list", warning="probe is broken").startswith("no games installed")
