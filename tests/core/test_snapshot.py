"""The discovery snapshot: a value kept on disk is given back only while what it was made from is unchanged."""

from __future__ import annotations

import os
import sys
import time

import pytest

from muggins import snapshot


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """Snapshots on, in a folder of the test's own, with a module file of the test's own imported."""
    monkeypatch.delenv(snapshot.NO_CACHE_ENV, raising=False)
    monkeypatch.delenv("MUGGINS_TRACE_PLUGINS", raising=False)
    monkeypatch.setenv(snapshot.CACHE_DIR_ENV, str(tmp_path / "cache"))
    site = tmp_path / "site"
    site.mkdir()
    module = site / "snapshot_probe.py"
    module.write_text("TITLE = 'one'\n")
    an_hour_ago = time.time() - 3600
    os.utime(module, (an_hour_ago, an_hour_ago))
    os.utime(site, (an_hour_ago, an_hour_ago))
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "snapshot_probe", raising=False)
    import snapshot_probe  # noqa: F401 - imported so that the snapshot keys its file

    yield site
    sys.modules.pop("snapshot_probe", None)


def _only_test_files_are_recent(monkeypatch, tmp_path):
    # Other tests of this process may have imported modules written a moment ago (and this file may be new):
    # only the test's own files are keyed here.
    keyed = snapshot._keyed_paths

    monkeypatch.setattr(snapshot, "_keyed_paths", lambda: {p for p in keyed() if p.startswith(str(tmp_path))})


def test_a_saved_value_comes_back_while_nothing_changed(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    assert snapshot.save("games", [{"name": "g", "title": "one"}])
    assert snapshot.load("games") == [{"name": "g", "title": "one"}]
    assert snapshot.load("other") is None


def test_an_edited_module_or_a_new_distribution_voids_the_snapshot(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    assert snapshot.save("games", ["one"])
    module = kept / "snapshot_probe.py"
    module.write_text("TITLE = 'two'\n")  # same size would not matter: the time differs
    os.utime(module, (time.time() - 60, time.time() - 60))
    assert snapshot.load("games") is None

    assert snapshot.save("games", ["two"])
    assert snapshot.load("games") == ["two"]
    (kept / "another-1.0.dist-info").mkdir()  # what installing a distribution does to its folder
    assert snapshot.load("games") is None


def test_a_folder_on_the_path_that_appears_later_voids_the_snapshot(kept, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path / "not-yet"))
    _only_test_files_are_recent(monkeypatch, tmp_path)
    assert snapshot.save("games", ["x"])
    assert snapshot.load("games") == ["x"]
    (tmp_path / "not-yet").mkdir()
    assert snapshot.load("games") is None


def test_the_plugin_environment_and_the_path_are_part_of_the_key(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "a")
    assert snapshot.save("games", ["a only"])
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "b")
    assert snapshot.load("games") is None
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "a")
    assert snapshot.load("games") == ["a only"]
    monkeypatch.syspath_prepend(str(kept.parent))
    assert snapshot.load("games") is None


def test_nothing_is_written_while_a_keyed_file_is_seconds_old(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    os.utime(kept / "snapshot_probe.py")  # now: it may change again within its clock tick
    assert not snapshot.save("games", ["racy"])
    assert snapshot.load("games") is None
    assert not os.path.exists(snapshot.cache_folder()) or not os.listdir(snapshot.cache_folder())


def test_switched_off_tracing_or_unwritable_means_no_snapshot(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    assert snapshot.save("games", ["v"])
    monkeypatch.setenv(snapshot.NO_CACHE_ENV, "1")
    assert snapshot.load("games") is None and not snapshot.save("games", ["w"])
    monkeypatch.delenv(snapshot.NO_CACHE_ENV)
    monkeypatch.setenv("MUGGINS_TRACE_PLUGINS", "1")
    assert snapshot.load("games") is None
    monkeypatch.delenv("MUGGINS_TRACE_PLUGINS")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(snapshot.CACHE_DIR_ENV, str(blocker / "cache"))
    assert not snapshot.save("games", ["v"])
    assert snapshot.load("games") is None


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"head": 1}', '{"head": {}, "stats": {}, "value": 1}', '{"stats": []}'])
def test_a_damaged_snapshot_file_is_ignored(kept, tmp_path, monkeypatch, text):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    assert snapshot.save("games", ["v"])
    (target,) = (os.path.join(snapshot.cache_folder(), name) for name in os.listdir(snapshot.cache_folder()))
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(text)
    assert snapshot.load("games") is None


def test_the_folder_follows_the_platform(monkeypatch):
    monkeypatch.delenv(snapshot.CACHE_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/x/cache")
    monkeypatch.setattr(sys, "platform", "linux")
    assert snapshot.cache_folder() == os.path.join("/x/cache", "muggins")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert snapshot.cache_folder().endswith(os.path.join("Library", "Caches", "muggins"))
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", "C:\\Users\\u\\AppData\\Local")
    assert snapshot.cache_folder() == os.path.join("C:\\Users\\u\\AppData\\Local", "muggins", "cache")


def test_snapshots_of_environments_gone_for_a_month_are_removed_when_one_is_written(kept, tmp_path, monkeypatch):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    folder = tmp_path / "cache"
    folder.mkdir()
    old, recent, other = folder / "games-0badc0de.json", folder / "games-00c0ffee.json", folder / "notes.json"
    for path in (old, recent, other):
        path.write_text("{}")
    months = time.time() - 40 * 24 * 3600
    os.utime(old, (months, months))
    os.utime(other, (months, months))
    assert snapshot.save("games", ["v"])
    assert not old.exists() and recent.exists() and other.exists()  # only this snapshot's stale files go
    assert snapshot.load("games") == ["v"]


@pytest.mark.parametrize("damage", [
    lambda data: data.replace(b'"version": "1.0"', b'"version": "9.9"'),  # a byte flipped inside a value: still valid JSON
    lambda data: data.replace(b'"max": 4', b'"max": 9'),
    lambda data: data.replace(b'}]}', b'}, {"name": "ghost", "version": "1.0", "max": 4}]}'),  # a row forged
    lambda data: data.split(b"\n", 1)[1],  # the checksum line taken away: the first format's file
])
def test_a_snapshot_whose_content_does_not_match_its_checksum_is_ignored_and_rebuilt(kept, tmp_path, monkeypatch, damage):
    _only_test_files_are_recent(monkeypatch, tmp_path)
    rows = [{"name": "g", "version": "1.0", "max": 4}]
    assert snapshot.save("games", rows)
    (target,) = (os.path.join(snapshot.cache_folder(), name) for name in os.listdir(snapshot.cache_folder()))
    with open(target, "rb") as handle:
        data = handle.read()
    damaged = damage(data)
    assert damaged != data
    with open(target, "wb") as handle:
        handle.write(damaged)
    assert snapshot.load("games") is None
    assert snapshot.save("games", rows) and snapshot.load("games") == rows
