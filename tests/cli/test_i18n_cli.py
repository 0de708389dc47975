"""The command in French and English: `--lang`, MUGGINS_LANG and the locale, Click's own words, errors, and current catalogues."""

from __future__ import annotations

from pathlib import Path

import re
import pytest

from muggins.i18n import current_language, set_language
from muggins.testing.translations import stale_compiled, untranslated_messages
from muggins_cli.i18n import language_from_argv

CLI_PACKAGE = Path(__file__).resolve().parents[2] / "cli" / "src" / "muggins_cli"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


@pytest.mark.parametrize("argv, language", [
    (["--lang", "fr", "play"], "fr"), (["--lang=fr", "--help"], "fr"), (["--help", "--lang", "fr"], "fr"),
    (["--debug", "--lang", "en", "list"], "en"), (["play", "--lang", "fr"], None), (["--lang"], None), (["--", "--lang", "fr"], None), ([], None),
])
def test_lang_is_read_among_the_root_options_only(argv, language):
    assert language_from_argv(argv) == language


def test_root_help_in_french_with_clicks_words(run):
    result = run("--lang", "fr", "--help")
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage\u202f: muggins [OPTIONS] COMMANDE [ARGS]...")
    assert "Jouer, simuler et rejouer des jeux de cartes" in result.stdout
    assert "Afficher ce message et quitter." in result.stdout and "Commandes" in result.stdout
    assert "Lister les jeux installés." in result.stdout


def test_help_given_before_lang_is_french_too(run):
    result = run("--help", "--lang", "fr")
    assert "Afficher ce message et quitter." in result.stdout


def test_play_help_in_both_languages(run):
    french = run("--lang", "fr", "play", "--help")
    assert "Jouer une partie au terminal" in french.stdout and "Graine de la partie" in french.stdout
    # A help text with a value put in (the default opponents) is translated by its message, then filled in.
    assert "Joueur de chaque place que --seat laisse libre" in french.stdout and "novice:error_rate=0.2" in french.stdout
    english = run("--lang", "en", "play", "--help")
    assert "Play a match at the terminal" in english.stdout and "Show this message and exit." in english.stdout
    assert "Graine" not in english.stdout and "Player for every seat --seat leaves open" in english.stdout


def test_muggins_lang_and_the_locale_choose_when_lang_is_not_given(run, monkeypatch):
    monkeypatch.delenv("MUGGINS_LANG", raising=False)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert "Lister les jeux installés." in run("list", "--help").stdout
    monkeypatch.setenv("MUGGINS_LANG", "en")
    assert "List the installed games." in run("list", "--help").stdout
    assert "List the installed games." in run("--lang", "en", "list", "--help").stdout
    monkeypatch.setenv("MUGGINS_LANG", "fr")
    assert "Lister les jeux installés." in run("list", "--help").stdout
    assert "List the installed games." in run("--lang", "en", "list", "--help").stdout
    monkeypatch.setenv("MUGGINS_LANG", "de")
    assert "List the installed games." in run("list", "--help").stdout


def test_usage_errors_in_french_are_one_line(run):
    result = run("--lang", "fr", "play", "tally", "--bogus")
    assert result.exit_code == 2
    assert result.stderr == "muggins\u202f: erreur\u202f: Pas d’option '--bogus' (voir «\u202fmuggins play --help\u202f»)\n"
    english = run("play", "tally", "--bogus")
    assert english.stderr == "muggins: error: No such option '--bogus' (see 'muggins play --help')\n"


def test_a_language_muggins_lacks_is_refused_by_lang(run):
    result = run("--lang", "de", "list")
    assert result.exit_code == 2 and "'de' is not one of 'en', 'fr'" in result.stderr


def test_the_language_stays_for_the_command_and_goes_back_to_the_environment_after(run, monkeypatch):
    monkeypatch.setenv("MUGGINS_LANG", "en")
    run("--lang", "fr", "list")
    assert current_language() == "fr"
    run("list")
    assert current_language() == "en"


def test_the_cli_and_clicks_catalogues_are_complete_and_compiled():
    assert untranslated_messages(CLI_PACKAGE, "muggins_cli", "fr", skip=("scaffold.py", "templates")) == []
    assert stale_compiled(CLI_PACKAGE / "locale") == []


def test_a_french_resume_command_is_kept_whole_as_the_english_one():
    from muggins_cli.style import trailing_command

    assert trailing_command("x; continue with: muggins resume r.jsonl") == ("muggins resume r.jsonl",)
    assert trailing_command("x\u202f; reprenez avec\u202f: muggins resume r.jsonl") == ("muggins resume r.jsonl",)
    assert trailing_command("l’enregistrement s’arrête\u202f; reprenez-la avec\u202f: muggins resume r.jsonl") == ("muggins resume r.jsonl",)


def test_list_in_french(run):
    result = run("--lang", "fr", "list")
    assert result.stdout.splitlines()[0].split() == ["JEU", "TITRE", "JOUEURS", "VERSION", "PROVENANCE"]


def test_english_reads_no_catalogue_and_french_reads_each_once(run, monkeypatch):
    from muggins import i18n as core_i18n
    from muggins_cli import i18n as cli_i18n

    reads = []
    real = core_i18n._read_catalogue
    monkeypatch.setattr(core_i18n, "_read_catalogue", lambda path: reads.append(Path(path).stem) or real(path))
    monkeypatch.setattr(cli_i18n._cli, "_catalogues", {})
    monkeypatch.setattr(cli_i18n._click, "_catalogues", {})
    run("--help")
    run("list", "--help")
    assert reads == []
    run("--lang", "fr", "--help")
    run("--lang", "fr", "play", "--help")
    assert sorted(reads) == ["click", "muggins_cli"]


def test_the_catalogue_script_finds_every_domain_current(capsys, monkeypatch):
    import importlib.util
    import sys

    script = Path(__file__).resolve().parents[2] / "scripts" / "catalogues.py"
    spec = importlib.util.spec_from_file_location("catalogues_script", script)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    assert module.main(["check"]) == 0
    assert module.main(["status", "muggins_cli", "muggins_shedding"]) == 0
    out = capsys.readouterr().out
    assert "muggins_cli: " in out and "fr: " in out and " 0 untranslated" in out
    with pytest.raises(SystemExit):
        module.main(["status", "no_such_domain"])


@pytest.mark.parametrize("language, kept, words", [
    ("en", 1, "input ended after 1 decision; the record"), ("en", 2, "input ended after 2 decisions; the record"),
    ("fr", 1, "fin de l’entrée après 1 décision\u202f; l’enregistrement"), ("fr", 2, "fin de l’entrée après 2 décisions\u202f; l’enregistrement"),
])
def test_a_stop_counts_its_decisions_in_the_right_number(language, kept, words, capsys):
    import click
    from types import SimpleNamespace

    from muggins_cli.commands import _stopped

    set_language(language)
    match = SimpleNamespace(writer=SimpleNamespace(written=kept), decisions=kept)
    with pytest.raises(click.exceptions.Exit):
        _stopped(match, "r.jsonl", "input ended", 1)
    assert words in re.sub(r"[ \n]+", " ", capsys.readouterr().err)


def test_a_signal_stop_is_worded_in_the_language_of_the_command():
    import signal

    from muggins_cli.recording import SignalStop

    assert SignalStop(signal.SIGTERM).why == "stopped by SIGTERM"
    set_language("fr")
    assert SignalStop(signal.SIGTERM).why == "arrêtée par SIGTERM"
    assert SignalStop(signal.SIGHUP).why == "terminal raccroché (SIGHUP)"


def test_a_window_prompt_in_french_spaces_its_semicolons_as_french_does():
    from muggins import Claim, Decision, Pass
    from muggins_cli.human import compact_prompt

    decision = Decision(seat=1, kind="respond", choices=(Pass(), Claim("muggins")), correct=(Pass(),), prompt="seat 0 played", compact=True)
    assert compact_prompt(decision).count("; ") >= 2 and " ; " not in compact_prompt(decision)
    set_language("fr")
    french = compact_prompt(decision)
    assert ";" in french and all(french[i - 1] == "\u202f" for i, c in enumerate(french) if c == ";"), french  # a narrow no-break space


@pytest.fixture
def shedding_too(registry, monkeypatch):
    """Tally (which translates no title) and the shipped shedding game (which does) installed side by side."""
    from muggins.plugins import load_registry, reset_registry

    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,muggins_shedding")
    reset_registry(load_registry())


def test_list_shows_each_games_title_in_the_players_language(run, shedding_too):
    french = {line.split()[0]: line for line in run("--lang", "fr", "list").stdout.splitlines()[1:]}
    assert "Muggins, le jeu de défausse" in french["muggins_shedding"]
    assert "Tally" in french["tally"]  # a game without translations keeps its English title
    english = {line.split()[0]: line for line in run("--lang", "en", "list").stdout.splitlines()[1:]}
    assert "Muggins, the shedding game" in english["muggins_shedding"]
    import json

    rows = {row["name"]: row for row in json.loads(run("--lang", "fr", "list", "--json").stdout)}
    # The JSON keeps the English title for scripts, whatever the language.
    assert rows["muggins_shedding"]["title"] == "Muggins, the shedding game" and "titles" not in rows["muggins_shedding"]


def test_the_rules_heading_names_the_game_in_the_players_language(run, shedding_too):
    french = run("--lang", "fr", "rules", "muggins_shedding").stdout
    assert french.startswith("# Règles maison — Muggins, le jeu de défausse. ")
    english = run("--lang", "en", "rules", "muggins_shedding").stdout
    assert english.startswith("# House rules for Muggins, the shedding game. ")
    # Each rule's doc through the game's own catalogue, in both languages no line past 80 columns; the TOML is the same.
    assert "# Expositions (cartes retournées) d’une donne avant qu’elle soit déclarée" in french
    assert "# Exposures (cards turned) in one hand before it is declared drawn." in english
    assert max(len(line) for line in english.splitlines()) <= 80 and max(len(line) for line in french.splitlines()) <= 80
    assert [line for line in french.splitlines() if not line.startswith("#")] == [line for line in english.splitlines() if not line.startswith("#")]


def test_a_game_without_translations_or_without_shown_title_keeps_its_english_title(tally):
    from muggins.i18n import using_language
    from muggins_cli.info import shown_title

    class Older:  # a game object from before shown_title existed
        title = "Older game"

    class Broken:
        title = "Broken game"

        def shown_title(self, language=None):
            raise RuntimeError("no catalogue")

    with using_language("fr"):
        assert tally.translations is None and tally.shown_title() == tally.title
        assert shown_title(tally) == tally.title
        assert shown_title(Older()) == "Older game" and shown_title(Broken()) == "Broken game"


@pytest.mark.parametrize("where", ["muggins_shedding.game:SheddingGame", "cribbage_muggins.game:CribbageGame",
                                   "willughby_fishing.game:FishingGame"])
def test_every_shipped_game_translates_its_title(where):
    import importlib

    from muggins.i18n import using_language

    module, name = where.split(":")
    game = getattr(importlib.import_module(module), name)()
    assert game.shown_title("en") == game.title
    with using_language("fr"):
        assert game.shown_title() != game.title and game.shown_title("en") == game.title


def _played_and_changed(run, tmp_path, change):
    import json

    assert run("play", "tally", "--seat", "expert", "--seat", "novice", "--seat", "random", "--seed", "8", "--record", "r.jsonl").exit_code == 0
    path = tmp_path / "r.jsonl"
    parsed = [json.loads(line) for line in path.read_text().splitlines()]
    change(parsed)
    path.write_text("".join(json.dumps(line) + "\n" for line in parsed))


@pytest.mark.parametrize("change, english, french", [
    (lambda lines: lines[1]["opening"][0].update(dealer=99),
     "r.jsonl diverges at opening: set-up events differ from the record (different deal?)",
     "r.jsonl diverge à l’ouverture\u202f: les événements de mise en place diffèrent de l’enregistrement (autre donne\u202f?)"),
    (lambda lines: lines[2]["events"][0].update(said=99),
     "r.jsonl diverges at decision 0: events differ: recorded ",
     "r.jsonl diverge à la décision 0\u202f: les événements diffèrent\u202f: enregistré "),
    (lambda lines: lines.pop(-2),
     "r.jsonl diverges at result: the record has a result, but the replayed match is not over",
     "r.jsonl diverge à la ligne de résultat\u202f: l’enregistrement a un résultat, mais la partie rejouée n’est pas finie"),
], ids=["opening", "decision", "result"])
def test_replay_verify_divergences_in_either_language(run, tmp_path, one_line, change, english, french):
    _played_and_changed(run, tmp_path, change)
    in_english = run("--lang", "en", "replay", "--verify", "r.jsonl")
    in_french = run("--lang", "fr", "replay", "--verify", "r.jsonl")
    assert in_english.exit_code == in_french.exit_code == 1
    assert english in one_line(in_english.stderr)
    assert french in one_line(in_french.stderr)
