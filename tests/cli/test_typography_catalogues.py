"""Every French catalogue muggins ships keeps French typography, and `scripts/catalogues.py update` sets a merged plain space right."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from muggins.testing.translations import typography_faults

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "catalogues.py"
NNBSP = "\u202f"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("catalogues_script_typography", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


DOMAINS = ["muggins", "muggins_cli", "click", "muggins_shedding", "muggins_web", "cribbage_muggins", "willughby_fishing", "muggins_whist"]


@pytest.mark.plugins
@pytest.mark.parametrize("name", DOMAINS)
def test_each_shipped_french_catalogue_keeps_french_typography(script, name):
    domain = script.domains()[name]
    assert typography_faults(domain.localedir, name, "fr") == {}


def test_every_shipped_domain_is_checked(script):
    assert sorted(script.domains()) == sorted(DOMAINS)


@pytest.mark.plugins
def test_update_sets_right_a_catalogue_merged_with_plain_spaces(script, tmp_path, capsys):
    real = script.domains()["muggins_shedding"]
    shutil.copytree(real.localedir, tmp_path / "locale")
    domain = script.Domain(real.name, real.source, tmp_path / "locale")
    po = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "muggins_shedding.po"
    typeset = po.read_text("utf-8")
    assert f"{NNBSP}:" in typeset
    po.write_text(typeset.replace(f"{NNBSP}:", " :").replace(f"{NNBSP};", " ;"), "utf-8")  # as a branch merged in writes them
    faults = typography_faults(domain.localedir, domain.name, "fr")
    assert faults and all(set(why) <= {"a plain space before :", "a plain space before ;"} for why in faults.values())
    script.update(domain)
    assert typography_faults(domain.localedir, domain.name, "fr") == {}
    def spaces_plain(text):
        return script._DATES.sub("", text).replace(NNBSP, " ")

    assert spaces_plain(po.read_text("utf-8")) == spaces_plain(typeset)  # only the spaces changed
    script.typography(domain)  # run again: nothing left to change
    assert "unchanged" in capsys.readouterr().out.splitlines()[-1]
