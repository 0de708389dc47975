"""Click's own words, the metavars, OS errors, TOML errors and interruptions in the player's language, and Click's catalogue kept whole."""

from __future__ import annotations

import errno
import gettext
import signal
import subprocess
import sys
from pathlib import Path

import click
import re

import pytest

from muggins.error_words import os_reason, toml_error
from muggins.i18n import set_language
from muggins_cli import i18n as cli_i18n

CLI_LOCALE = Path(cli_i18n.__file__).resolve().parent / "locale"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def _flat(text: str) -> str:
    # Lines joined at the breaks Click wrapped them at; a narrow no-break space (French's before `:`) is kept to be checked.
    return re.sub(r"[ \n]+", " ", text).strip()


# -- Click's words in help -------------------------------------------------------------------------------------------
def test_french_help_has_clicks_words_marks_and_metavars(run):
    result = run("--lang", "fr", "play", "--help")
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage\u202f: muggins play [OPTIONS] JEU\n")
    lines = result.stdout.splitlines()
    assert "Options\u202f:" in lines and "Options:" not in lines
    assert "  -h, --help            Afficher ce message et quitter." in lines
    flat = _flat(result.stdout)
    for metavar in ("--players ENTIER", "--seat JOUEUR", "--opponents JOUEUR", "--rules FICHIER", "--seed ENTIER", "--record FICHIER",
                    "--pace SECONDES"):
        assert metavar in flat
    root = run("--lang", "fr", "--help").stdout
    assert root.startswith("Usage\u202f: muggins [OPTIONS] COMMANDE [ARGS]...\n")
    assert "Commandes\u202f:" in root.splitlines() and "Options\u202f:" in root.splitlines()


def test_french_option_notes_are_french_and_spaced_as_french(run):
    flat = _flat(run("--lang", "fr", "simulate", "--help").stdout)
    assert "--games ENTIER Nombre de parties. [x>=1\u202f; obligatoire]" in flat
    assert "[par défaut\u202f: 1\u202f; x>=0]" in flat
    english = _flat(run("--lang", "en", "simulate", "--help").stdout)
    assert "--games INTEGER RANGE Number of matches. [x>=1; required]" in english and "[default: 1; x>=0]" in english


def test_english_help_is_clicks_english_after_a_french_one(run):
    run("--lang", "fr", "replay", "--help")
    english = run("--lang", "en", "replay", "--help").stdout
    assert english.startswith("Usage: muggins replay [OPTIONS] RECORD\n")
    assert "Options:" in english.splitlines() and "Show this message and exit." in english
    assert "--commitment HEX" in english
    assert run("--lang", "en", "resume", "--help").stdout.startswith("Usage: muggins resume [OPTIONS] [RECORD]\n")


@pytest.mark.parametrize("path", [(), ("list",), ("plugins",), ("rules",), ("play",), ("simulate",), ("ladder",), ("replay",),
                                  ("resume",), ("records",), ("new",), ("new", "game"), ("new", "house-rule")])
def test_every_french_help_line_fits_80_columns(run, path):
    result = run("--lang", "fr", *path, "--help")
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_the_cli_sets_every_arguments_metavar_as_click_would_word_it_in_english():
    """Each argument's metavar is set (so it can be translated) and its English is Click's own default, so English help is as it was."""
    from muggins_cli.main import cli

    def commands(group):
        for command in group.commands.values():
            yield command
            if isinstance(command, click.Group):
                yield from commands(command)

    seen = 0
    for command in commands(cli):
        context = click.Context(command)
        originals = getattr(command, "_muggins_help", None)  # a help shown already in this process may be French now
        english_of = {param: metavar for param, _help, metavar, _type in originals["params"]} if originals else {}
        for param in command.params:
            if not isinstance(param, click.Argument):
                continue
            english = english_of.get(param, param.metavar)
            assert english, f"{command.name}: argument {param.name} has no metavar"
            clicks = click.Argument([param.name], required=param.required, nargs=param.nargs).make_metavar(context)
            assert english == clicks or (param.name, english) == ("directory", "[DIR]"), (command.name, english)  # [DIR]: chosen long ago, shorter
            seen += 1
    assert seen == 11  # rules, play, simulate, ladder, replay, resume, new game (2), new house-rule (3)


# -- usage errors ------------------------------------------------------------------------------------------------------
def test_usage_errors_in_french_exit_2(run):
    missing = run("--lang", "fr", "play")
    assert missing.exit_code == 2
    assert missing.stderr == "muggins\u202f: erreur\u202f: Argument manquant 'JEU' (voir «\u202fmuggins play --help\u202f»)\n"
    unknown = run("--lang", "fr", "play", "tally", "--x")
    assert unknown.exit_code == 2
    assert unknown.stderr == "muggins\u202f: erreur\u202f: Pas d’option '--x' (voir «\u202fmuggins play --help\u202f»)\n"
    bad = run("--lang", "fr", "play", "tally", "-n", "x")
    assert bad.exit_code == 2
    assert bad.stderr == "muggins\u202f: erreur\u202f: Valeur invalide pour '--players' / '-n'\u202f: 'x' n’est pas un entier valide (voir «\u202fmuggins play --help\u202f»)\n"


@pytest.fixture
def another_librarys_gettext(tmp_path, monkeypatch):
    """The process's gettext domain set by another library to a catalogue with German for Click's words, and Click's modules with
    the standard library's functions they imported (as in a fresh process, before the CLI gave Click its words)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    german = Catalog(locale="de")
    for english, words in {"Usage:": "Verwendung:", "Show this message and exit.": "Diese Nachricht anzeigen und beenden.",
                           "Missing argument": "Fehlendes Argument", "No such option {name!r}.": "Keine Option {name!r}."}.items():
        german.add(english, words)
    folder = tmp_path / "other-locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "other_library.mo", "wb") as out:
        write_mo(out, german)
    gettext.bindtextdomain("other_library", str(tmp_path / "other-locale"))
    previous = gettext.textdomain()
    gettext.textdomain("other_library")
    for name in cli_i18n._CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is not None and getattr(module, "_", None) is not None:
            monkeypatch.setattr(module, "_", gettext.gettext)
        if module is not None and getattr(module, "ngettext", None) is not None:
            monkeypatch.setattr(module, "ngettext", gettext.ngettext)
    monkeypatch.setenv("LANGUAGE", "de")
    assert gettext.gettext("Usage:") == "Verwendung:"  # what Click would say, left to the process's gettext
    yield
    gettext.textdomain(previous)


@pytest.mark.parametrize("environment", [
    {"MUGGINS_LANG": "en", "LANG": "fr_FR.UTF-8"},
    {"LC_ALL": None, "LC_MESSAGES": None, "MUGGINS_LANG": None, "LANG": "C.UTF-8"},
], ids=["muggins-lang-en", "locale-c"])
def test_english_is_clicks_english_whatever_language_and_lang_say(run, monkeypatch, another_librarys_gettext, environment):
    for name, value in environment.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    help_text = run("play", "--help").stdout
    assert help_text.startswith("Usage: muggins play [OPTIONS] GAME\n") and "Show this message and exit." in help_text
    missing = run("play")
    assert missing.exit_code == 2 and missing.stderr == "muggins: error: Missing argument 'GAME' (see 'muggins play --help')\n"
    unknown = run("play", "tally", "--x")
    assert unknown.exit_code == 2 and unknown.stderr == "muggins: error: No such option '--x' (see 'muggins play --help')\n"


# -- OS errors ---------------------------------------------------------------------------------------------------------
def test_a_missing_record_file_reads_in_french(run, one_line):
    french = run("--lang", "fr", "replay", "absent.jsonl")
    assert french.exit_code == 2
    assert one_line(french.stderr) == "muggins\u202f: erreur\u202f: impossible de lire l’enregistrement absent.jsonl\u202f: Aucun fichier ou dossier de ce nom"
    english = run("--lang", "en", "replay", "absent.jsonl")
    assert one_line(english.stderr) == "muggins: error: cannot read record absent.jsonl: No such file or directory"


def test_a_records_folder_that_cannot_be_made_reads_in_french(run, tmp_path, monkeypatch, one_line):
    (tmp_path / "a-file").write_text("not a folder\n")
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path / "a-file" / "records"))
    french = run("--lang", "fr", "play", "tally", "--seed", "3", input="")
    assert french.exit_code == 2
    assert "N’est pas un dossier" in one_line(french.stderr) and "Not a directory" not in french.stderr
    english = run("--lang", "en", "play", "tally", "--seed", "3", input="")
    assert "Not a directory" in one_line(english.stderr)


def test_a_missing_rules_file_reads_in_french(run, one_line):
    french = run("--lang", "fr", "play", "tally", "--rules", "absent.toml")
    assert french.exit_code == 2
    assert one_line(french.stderr) == "muggins\u202f: erreur\u202f: impossible de lire les règles maison absent.toml\u202f: Aucun fichier ou dossier de ce nom"


@pytest.mark.parametrize("number, french", [
    (errno.ENOENT, "Aucun fichier ou dossier de ce nom"), (errno.EACCES, "Permission refusée"), (errno.EISDIR, "Est un dossier"),
    (errno.EFBIG, "Fichier trop volumineux"), (errno.ENOSPC, "Plus de place sur le périphérique"),
])
def test_common_os_errors_have_french_words(number, french):
    import os

    error = OSError(number, os.strerror(number))
    assert os_reason(error) == os.strerror(number)
    set_language("fr")
    assert os_reason(error) == french


def test_other_os_errors_keep_the_oss_text_and_a_resolvers_code_is_not_an_errno():
    import socket

    set_language("fr")
    assert os_reason(OSError(errno.ECHILD, "No child processes")) == "No child processes"
    assert os_reason(OSError("a message of its own")) == "a message of its own"
    # A name look-up's code may equal an errno value (EAI_AGAIN is 2, ENOENT, on some systems): it keeps its own text.
    assert os_reason(socket.gaierror(errno.ENOENT, "Temporary failure in name resolution")) == "Temporary failure in name resolution"


# -- TOML errors -------------------------------------------------------------------------------------------------------
def test_a_bad_rules_file_reads_in_french_with_its_line_and_column(run, tmp_path, one_line):
    (tmp_path / "bad.toml").write_text("# house rules\nhand_size = \n")
    french = run("--lang", "fr", "play", "tally", "--rules", "bad.toml")
    assert french.exit_code == 2
    assert one_line(french.stderr) == "muggins\u202f: erreur\u202f: bad.toml\u202f: erreur de syntaxe TOML\u202f: valeur non valable (ligne 2, colonne 13)"
    english = run("--lang", "en", "play", "tally", "--rules", "bad.toml")
    assert one_line(english.stderr) == "muggins: error: bad.toml: TOML syntax error: Invalid value (at line 2, column 13)"


def _decode_error(text: str) -> Exception:
    import tomllib

    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


def test_toml_errors_with_values_at_the_end_or_unknown_are_worded_in_french():
    twice, unclosed = _decode_error("a = 1\na = 2\n"), _decode_error("a = [1, 2")
    assert toml_error(twice) == str(twice)  # English: tomllib's own text
    set_language("fr")
    assert toml_error(twice) == "impossible de remplacer une valeur déjà donnée (ligne 2, colonne 6)"
    assert toml_error(unclosed) == "tableau non fermé (à la fin du document)"
    assert toml_error(_decode_error("[a]\n[a]\n")) == "impossible de déclarer ('a',) deux fois (ligne 2, colonne 3)"
    # A message a newer Python adds stays English, its place worded; one without a place is left as it is.
    assert toml_error(ValueError("Something new (at line 3, column 1)")) == "Something new (ligne 3, colonne 1)"
    assert toml_error(ValueError("no place at all")) == "no place at all"


def test_a_toml_error_carrying_its_place_as_attributes_is_read_from_them():
    class NewerDecodeError(ValueError):  # Python 3.14 gives msg, lineno and colno
        msg, lineno, colno = "Invalid value", 4, 2

    set_language("fr")
    assert toml_error(NewerDecodeError("Invalid value (at line 4, column 2)")) == "valeur non valable (ligne 4, colonne 2)"


# -- interruptions ------------------------------------------------------------------------------------------------------
def test_ctrl_c_during_a_command_reads_in_french(run, monkeypatch):
    from muggins_cli import info

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(info, "list_games", interrupted)
    result = run("--lang", "fr", "list")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == "muggins\u202f: erreur\u202f: interrompu"


STARTUP_SCRIPT = """\
import os, sys


class InterruptAt:
    def find_spec(self, name, path=None, target=None):
        if name == "muggins_cli.warnings_and_defaults":  # imported by the command group just after the CLI's words
            sys.meta_path.remove(self)
            os.kill(os.getpid(), 2)
        return None


sys.meta_path.insert(0, InterruptAt())
from muggins_cli import run
sys.argv = ["muggins", "--lang", "fr", "list"]
run()
"""


def test_ctrl_c_while_loading_reads_in_french_once_the_clis_words_are_loaded(subprocess_env):
    done = subprocess.run([sys.executable, "-c", STARTUP_SCRIPT], env={**subprocess_env, "PYTHONIOENCODING": "utf-8"},
                          capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stderr, done.stdout) == (130, "muggins\u202f: erreur\u202f: interrompu\n", "")


# -- Click's catalogue ---------------------------------------------------------------------------------------------------
def _messages_of(catalog) -> set[str]:
    return {message.id[0] if isinstance(message.id, tuple) else message.id for message in catalog if message.id}


def test_clicks_catalogue_covers_the_installed_click_but_a_newer_clicks_messages_stay_english():
    from babel.messages import pofile

    from muggins.testing.translations import source_messages, untranslated_messages

    with open(CLI_LOCALE / "click.pot", "rb") as source:
        made_for = _messages_of(pofile.read_po(source))
    click_source = Path(click.__file__).resolve().parent
    # Every message of the Click the catalogue was made from, and each word of Click's it shows unmarked, is translated.
    untranslated = untranslated_messages(click_source, "click", "fr", localedir=CLI_LOCALE, also=cli_i18n.CLICK_UNMARKED)
    assert set(cli_i18n.CLICK_UNMARKED) <= made_for
    assert [message for message in untranslated if message in made_for] == []
    # A newer Click may add messages (the installed one's beyond the template): those alone may lack a translation.
    installed = _messages_of(source_messages(click_source, "click"))
    assert set(untranslated) <= installed - made_for
    set_language("fr")
    assert cli_i18n._click_gettext("Show this message and exit.") == "Afficher ce message et quitter."
    assert cli_i18n._click_gettext("A message only a newer Click has.") == "A message only a newer Click has."
