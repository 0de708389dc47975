"""Damaged catalogues: a cut or corrupt `.mo`, a FIFO in its place, a translation whose placeholders do not fit — English, one warning."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from muggins import i18n
from muggins.i18n import Translator, placeholder_mismatch, placeholders_fit, set_language, using_language

CORE_LOCALE = Path(i18n.__file__).resolve().parent / "locale"
CRIBBAGE_LOCALE = Path(__file__).resolve().parents[2] / "plugins" / "cribbage_muggins" / "src" / "cribbage_muggins" / "locale"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def _package_copy(tmp_path, locale: Path, domain: str) -> tuple[Path, Path]:
    """A copy of `locale` inside a folder named like its package; (the copy's locale folder, its French .mo)."""
    copy = tmp_path / locale.parent.name / "locale"
    mo = copy / "fr" / "LC_MESSAGES" / f"{domain}.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes((locale / "fr" / "LC_MESSAGES" / f"{domain}.mo").read_bytes())
    return copy, mo


def _french(domain: str, localedir: Path, *messages: str) -> list[str]:
    found = Translator(domain, localedir)
    with using_language("fr"):
        return [found.gettext(m) for m in messages]


@pytest.mark.parametrize("damage", ["cut", "flipped magic", "zeroed"])
def test_a_cut_or_corrupt_core_catalogue_is_english_with_one_warning(tmp_path, capsys, damage):
    localedir, mo = _package_copy(tmp_path, CORE_LOCALE, "muggins")
    data = mo.read_bytes()
    mo.write_bytes({"cut": data[: len(data) // 3], "flipped magic": b"\x00" + data[1:], "zeroed": b"\x00" * len(data)}[damage])
    words = _french("muggins", localedir, "internal error: {error}", "internal error: {error}")
    assert words == ["internal error: {error}"] * 2
    warning = capsys.readouterr().err.splitlines()
    assert len(warning) == 1 and "de muggins (muggins.mo) est illisible" in warning[0], warning  # worded in the reader's language


def test_a_fifo_in_place_of_a_catalogue_is_not_opened(tmp_path):
    # In a child, so that a regression hangs the child (stopped below) rather than the suite.
    localedir, mo = _package_copy(tmp_path, CRIBBAGE_LOCALE, "cribbage_muggins")
    mo.unlink()
    os.mkfifo(mo)
    script = textwrap.dedent(f"""
        from muggins.i18n import Translator, using_language
        with using_language("fr"):
            print(Translator("cribbage_muggins", {str(localedir)!r}).gettext("seat {{n}}"))
    """)
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("reading a FIFO catalogue hangs")
    assert done.returncode == 0 and done.stdout == "seat {n}\n"
    assert "cribbage_muggins (cribbage_muggins.mo)" in done.stderr and "pas un fichier ordinaire" in done.stderr and len(done.stderr.splitlines()) == 1


def _catalogue(tmp_path, entries, domain="game") -> Path:
    catalog = Catalog(locale="fr", domain=domain)
    for msgid, text in entries:
        catalog.add(msgid, text)
    localedir = tmp_path / domain / "locale"
    folder = localedir / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{domain}.mo", "wb") as out:
        write_mo(out, catalog)
    return localedir


def test_a_translation_renaming_a_placeholder_or_with_a_stray_brace_is_english_with_one_warning(tmp_path, capsys):
    localedir = _catalogue(tmp_path, [
        ("{players} players: {players_wrong}", "{joueurs} joueurs\u202f: {players_wrong}"),
        ("Score: {points}", "Score\u202f: {points"),
        ("the {n}th hand", "la {n}e donne"),
        (("{n} point", "{n} points"), ("un point", "{n} de points", "{m} points")),
    ])
    found = Translator("game", localedir)
    with using_language("fr"):
        renamed = found.gettext("{players} players: {players_wrong}").format(players=3, players_wrong="x")
        stray = found.gettext("Score: {points}").format(points=5)
        good = found.gettext("the {n}th hand").format(n=2)
        singular = found.ngettext("{n} point", "{n} points", 1).format(n=1)
        plural = found.ngettext("{n} point", "{n} points", 5).format(n=5)
    assert (renamed, stray, good, singular, plural) == ("3 players: x", "Score: 5", "la 2e donne", "un point", "5 points")
    warning = capsys.readouterr().err.splitlines()
    assert len(warning) == 1 and "de game (game.mo)" in warning[0] and "{joueurs}" in warning[0], warning


def test_what_fits_a_message():
    assert placeholders_fit("{n} cards", "{n} cartes")
    assert placeholders_fit(("{n} card", "{n} cards"), "une carte")  # a plural form may leave the number out
    assert placeholders_fit("{name!r} is {what.kind}", "{what.kind}\u202f: {name!r}")
    assert placeholders_fit("{} and {}", "{} et {}")
    assert placeholders_fit("a lone { in English", "un { seul")  # not a format string: not checked
    assert "{m}" in placeholder_mismatch("{n} cards", "{m} cartes")
    assert "brace" in placeholder_mismatch("{n} cards", "{n cartes")
    assert "brace" in placeholder_mismatch("cards", "cartes }")
    assert placeholder_mismatch("{} and {}", "{} et {} et {}") is not None
    assert placeholder_mismatch("{n}", "{n!x}") is not None
    assert "{n}" in placeholder_mismatch("{n} cards", "des cartes", all_needed=True)


def test_the_installed_distribution_is_named():
    assert i18n._distribution_of(str(CRIBBAGE_LOCALE)) == "cribbage-muggins"
    assert i18n._distribution_of(str(CORE_LOCALE)) == "muggins-core"
