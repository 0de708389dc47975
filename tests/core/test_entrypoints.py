"""The fast entry-point reader: groups, metadata, first-on-path wins, loading attribute paths."""

import sys

import pytest

import muggins
from muggins.entrypoints import EntryPoint, entry_points


def write_dist(base, folder, entry_points_text, metadata=None):
    info = base / folder
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(entry_points_text)
    if metadata is not None:
        (info / "METADATA").write_text(metadata)
    return info


def test_reads_only_the_group_with_names_and_versions(tmp_path):
    write_dist(tmp_path, "muggins_a-2.1.dist-info", "[console_scripts]\nx = y:z\n\n[muggins]\n# a comment\na = mod_a:plugin\n b_game = mod_b \n", "Metadata-Version: 2.1\nName: muggins-a\nVersion: 2.1\n\nlong description\nName: wrong\n")
    found = entry_points("muggins", [str(tmp_path)])
    assert found == [
        EntryPoint("a", "mod_a:plugin", "muggins", "muggins-a", "2.1"),
        EntryPoint("b_game", "mod_b", "muggins", "muggins-a", "2.1"),
    ]


def test_first_distribution_of_a_name_on_the_path_wins(tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    write_dist(first, "plug-1.0.dist-info", "[muggins]\np = new:plugin\n", "Name: plug\nVersion: 1.0\n")
    write_dist(second, "plug-0.9.dist-info", "[muggins]\np = old:plugin\n", "Name: plug\nVersion: 0.9\n")
    assert [ep.value for ep in entry_points("muggins", [str(first), str(second)])] == ["new:plugin"]


def test_egg_info_and_missing_metadata_fall_back_to_the_folder_name(tmp_path):
    write_dist(tmp_path, "legacy_plug.egg-info", "[muggins]\nl = legacy:plugin\n", None)
    write_dist(tmp_path, "bare-3.0.dist-info", "[muggins]\nb = bare\n", None)
    (tmp_path / "stray.dist-info").write_text("a file, not a folder")
    found = {ep.name: (ep.dist, ep.version) for ep in entry_points("muggins", [str(tmp_path), str(tmp_path / "missing")])}
    assert found == {"l": ("legacy_plug", None), "b": ("bare", "3.0")}


def test_load_follows_module_and_attribute_path(tmp_path, monkeypatch):
    (tmp_path / "ep_target_mod.py").write_text("class Outer:\n    class Inner:\n        value = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert EntryPoint("x", "ep_target_mod:Outer.Inner", "muggins", None, None).load().value == 42
    assert EntryPoint("x", "ep_target_mod", "muggins", None, None).load() is sys.modules["ep_target_mod"]


def test_lazy_package_exports_every_name_and_refuses_unknown_ones():
    for name in muggins.__all__:
        assert getattr(muggins, name) is not None
    assert "Game" in dir(muggins)
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        muggins.Gmae  # noqa: B018
