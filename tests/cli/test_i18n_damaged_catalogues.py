"""The project's own catalogues damaged: the CLI's help, Click's words and a game's narration fall back to English with one warning."""

from __future__ import annotations

from pathlib import Path

import re
import pytest

from muggins import i18n
from muggins.i18n import translator, using_language
from muggins.testing.translations import compiled_bytes
from muggins_cli import i18n as cli_i18n

CLI_LOCALE = Path(cli_i18n.__file__).resolve().parent / "locale"


def _damaged_copy(tmp_path, locale: Path, domain: str, replacements: dict[str, str]) -> Path:
    """A copy of `locale`'s French `.po` of `domain`, each (msgstr line) text replaced, compiled; its locale folder."""
    copy = tmp_path / locale.parent.name / "locale" / "fr" / "LC_MESSAGES"
    copy.mkdir(parents=True)
    text = (locale / "fr" / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    po = copy / f"{domain}.po"
    po.write_text(text, encoding="utf-8")
    (copy / f"{domain}.mo").write_bytes(compiled_bytes(po))
    return copy.parents[1]


@pytest.fixture(autouse=True)
def _help_put_back():
    """The commands' help is in English before and after each test, so its French reading reads the catalogue the test points at
    (help is translated once per language: a French reading an earlier test made would be kept) and the next test's reads again."""
    from muggins_cli.main import cli

    with using_language("en"):
        cli_i18n.translate_help(cli)
    yield
    with using_language("en"):
        cli_i18n.translate_help(cli)


def _point(monkeypatch, found: i18n.Translator, localedir: Path) -> None:
    monkeypatch.setattr(found, "localedir", str(localedir))
    monkeypatch.setattr(found, "_catalogues", {})
    monkeypatch.setattr(found, "_fits", {})
    monkeypatch.setattr(found, "_warned", set())


def test_a_help_translation_renaming_a_placeholder_is_shown_in_english(run, tmp_path, monkeypatch, capsys):
    localedir = _damaged_copy(tmp_path, CLI_LOCALE, "muggins_cli", {
        "(par défaut\u202f: {default}, ou le plus": "(par défaut\u202f: {défaut}, ou le plus",
    })
    _point(monkeypatch, cli_i18n._cli, localedir)
    first = run("--lang", "fr", "play", "--help")
    second = run("--lang", "fr", "simulate", "--help")
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    flat = re.sub(r"[ \n]+", " ", first.stdout)
    assert "Player for every seat --seat leaves open after yours (default: novice" in flat  # the English, filled in
    assert "Options\u202f:" in flat or "Options" in flat
    warnings = [line for line in (first.stderr + second.stderr).splitlines() if "muggins_cli.mo" in line]
    assert len(warnings) == 1 and "{défaut}" in warnings[0], first.stderr + second.stderr


def test_a_cut_cli_catalogue_is_english_with_one_warning(run, tmp_path, monkeypatch):
    localedir = tmp_path / "muggins_cli" / "locale"
    mo = localedir / "fr" / "LC_MESSAGES" / "muggins_cli.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes((CLI_LOCALE / "fr" / "LC_MESSAGES" / "muggins_cli.mo").read_bytes()[:500])
    _point(monkeypatch, cli_i18n._cli, localedir)
    result = run("--lang", "fr", "list")
    again = run("--lang", "fr", "play", "--help")
    assert result.exit_code == 0 and again.exit_code == 0
    assert result.stdout.split()[:2] == ["GAME", "TITLE"]
    said = (result.stderr + again.stderr).splitlines()
    assert len([line for line in said if "muggins_cli.mo" in line]) == 1, said


def test_a_clicks_translation_with_a_stray_brace_leaves_the_usage_error_in_english(run, tmp_path, monkeypatch):
    localedir = _damaged_copy(tmp_path, CLI_LOCALE, "click", {"Pas de commande {name!r}.": "Pas de commande {name!r."})
    _point(monkeypatch, cli_i18n._click, localedir)
    result = run("--lang", "fr", "nosuchcommand")
    assert result.exit_code == 2
    assert "No such command 'nosuchcommand'" in result.stderr and "Traceback" not in result.output
    assert "click.mo" in result.stderr


@pytest.mark.plugins
def test_a_games_narration_with_a_renamed_placeholder_is_english(tmp_path, monkeypatch, capsys):
    cribbage_game = pytest.importorskip("cribbage_muggins.game")
    locale = Path(cribbage_game.__file__).resolve().parent / "locale"
    localedir = _damaged_copy(tmp_path, locale, "cribbage_muggins", {
        'msgstr "Le joueur {seat} joue {card}\u202f: total {count}"': 'msgstr "Le joueur {place} joue {card}\u202f: total {count}"',
    })
    _point(monkeypatch, translator("cribbage_muggins", locale), localedir)
    game = cribbage_game.CribbageGame()
    with using_language("fr"):
        line = game.describe({"type": "peg", "seat": 1, "card": "5S", "count": 15, "points": 0, "why": []}, 0)
    assert line.startswith("seat 1 plays 5♠: count 15")
    warning = capsys.readouterr().err.splitlines()
    assert len(warning) == 1 and "cribbage_muggins.mo" in warning[0] and "{place}" in warning[0]
