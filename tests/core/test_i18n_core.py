"""The core's own messages in French and English: a bad house-rules value through `muggins play`, the `muggins` catalogue complete, records without words.

The core words its errors when it raises them, in the language a front end
set (`muggins --lang fr`); until one does they are English, as every other
test of the core expects. These tests run the installed `muggins` command
in a child process, so the exact line a player reads on the terminal and
the exit code are what is checked, not an in-process imitation.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from muggins.i18n import set_language, using_language, written_number
from muggins.rules import RulesError, load_rules
from muggins.testing.translations import stale_compiled, untranslated_messages

CORE_PACKAGE = Path(__file__).resolve().parents[2] / "core" / "src" / "muggins"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def muggins(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "MUGGINS_LANG")}
    env["MUGGINS_RECORDS"] = str(cwd)
    env["MUGGINS_LOAD_PLUGINS"] = "muggins_shedding"  # the tests' isolation loads no plugin; this one installed game is the subject
    return subprocess.run([sys.executable, "-m", "muggins_cli", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


@pytest.mark.parametrize("text, english, french", [
    ("hands = 20000\n", "hands = 20000 is out of range; use a number from 0 to 10000",
     "hands = 20000 est hors limites\u202f; utilisez un nombre de 0 à 10000"),
    ('opponent_discards = "last"\n', 'opponent_discards = "last" is not allowed; use one of "first_eligible", "nearest_only"',
     'opponent_discards = "last" n’est pas permis\u202f; utilisez l’une des valeurs "first_eligible", "nearest_only"'),
    ("turn_limits = 5\n", "turn_limits: unknown house rule; did you mean 'turn_limit'?",
     "turn_limits\u202f: règle maison inconnue\u202f; vouliez-vous dire 'turn_limit'\u202f?"),
])
def test_a_bad_rules_value_is_one_line_in_either_language_with_exit_2(tmp_path, text, english, french):
    rules = tmp_path / "house.toml"
    rules.write_text(text, encoding="utf-8")
    en = muggins("--lang", "en", "play", "muggins_shedding", "--rules", str(rules), cwd=tmp_path)
    fr = muggins("--lang", "fr", "play", "muggins_shedding", "--rules", str(rules), cwd=tmp_path)
    assert (en.returncode, fr.returncode) == (2, 2)
    assert en.stdout == fr.stdout == ""
    assert en.stderr == f"muggins: error: {rules}:1: {english}\n"
    assert fr.stderr == f"muggins\u202f: erreur\u202f: {rules}:1: {french}\n"


def test_load_rules_words_its_error_in_the_language_in_force():
    from muggins_shedding.rules import SheddingRules as Rules

    with pytest.raises(RulesError) as english:
        load_rules(Rules, "hands = -1\n", source="r.toml")
    assert str(english.value) == "r.toml:1: hands = -1 is out of range; use a number from 0 to 10000"
    with using_language("fr"), pytest.raises(RulesError) as french:
        load_rules(Rules, "hands = [\n", source="r.toml")
    assert str(french.value).startswith("r.toml\u202f: erreur de syntaxe TOML\u202f: ")


def test_the_core_catalogue_is_complete_and_compiled():
    assert untranslated_messages(CORE_PACKAGE, "muggins", "fr", skip=("testing",)) == []
    assert stale_compiled(CORE_PACKAGE / "locale") == []


def test_a_record_is_the_same_bytes_whatever_the_language(tmp_path):
    made = {}
    for language in ("en", "fr"):
        path = tmp_path / f"{language}.jsonl"
        done = muggins("--lang", language, "play", "muggins_shedding", "--seed", "3", "--players", "3",
                       "--seat", "expert", "--seat", "expert", "--seat", "expert", "--record", str(path), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        made[language] = path.read_bytes()
    assert made["fr"] == made["en"]
    # Codes and events only: not one word of the French the match was shown in.
    assert "joueur".encode() not in made["fr"] and "partie".encode() not in made["fr"]


def test_a_bad_seat_and_an_unreadable_record_in_french(tmp_path):
    seat = muggins("--lang", "fr", "play", "muggins_shedding", "--seat", "expert", "--seat", "novice:foo=1", cwd=tmp_path)
    assert seat.returncode == 2
    assert seat.stderr.startswith("muggins\u202f: erreur\u202f: place 'novice:foo=1'\u202f: le genre de joueur 'novice' n’a pas d’option 'foo'\u202f; ses options\u202f: "
                                  "error_rate (float 0..1, par défaut 0.1)")
    record = tmp_path / "header.jsonl"
    record.write_text('{"muggins_record": 1}\n', encoding="utf-8")
    english = muggins("replay", str(record), cwd=tmp_path)
    french = muggins("--lang", "fr", "replay", str(record), cwd=tmp_path)
    assert (english.returncode, french.returncode) == (2, 2)
    assert english.stderr == f"muggins: error: {record}:1: header is missing or has a bad field: no 'game'\n"
    assert french.stderr == f"muggins\u202f: erreur\u202f: {record}:1\u202f: en-tête absent ou avec un champ incorrect\u202f: pas de 'game'\n"


def test_a_record_being_written_is_told_from_one_that_exists_in_any_language(tmp_path):
    from muggins.records import RecordError, RecordFile
    from muggins.store import RecordExists, RecordStore

    path = tmp_path / "busy.jsonl"
    writer = RecordFile.create(str(path))
    try:
        with using_language("fr"), pytest.raises(RecordError) as busy:
            RecordStore(tmp_path).create("muggins_shedding", 1, path=str(path))
        assert not isinstance(busy.value, RecordExists)
        assert "est en cours d’écriture par" in str(busy.value)
    finally:
        writer.close()
    with using_language("fr"), pytest.raises(RecordExists, match="existe déjà"):
        RecordStore(tmp_path).create("muggins_shedding", 1, path=str(path))


def test_rules_to_toml_words_its_own_comments_in_the_language_in_force():
    from muggins.rules import rules_to_toml
    from muggins_shedding.rules import SheddingRules

    english = rules_to_toml(SheddingRules(), title="Muggins")
    with using_language("fr"):
        french = rules_to_toml(SheddingRules(), title="Muggins")
    assert english.startswith("# House rules for Muggins. Edit and pass with --rules FILE.\n")
    assert "# allowed: a whole number (0..10000)\nhands = 0\n" in english
    assert french.startswith("# Règles maison — Muggins. Modifiez-les et passez-les avec --rules FICHIER.\n")
    assert "# permis\u202f: un nombre entier (0..10000)\nhands = 0\n" in french
    # The values themselves are TOML, the same in either language.
    assert [line for line in english.splitlines() if not line.startswith("#")] == [line for line in french.splitlines() if not line.startswith("#")]


def test_plugins_table_refusals_in_either_language():
    from muggins.switches import switches_from_data

    with pytest.raises(ValueError) as english:
        switches_from_data({"corner3": 1}, "[plugins]")
    assert str(english.value) == "[plugins].corner3 = 1 is not allowed; use true (the plugin on) or false (off)"
    with using_language("fr"), pytest.raises(ValueError) as french:
        switches_from_data({"corner3": 1}, "[plugins]")
    assert str(french.value) == "[plugins].corner3 = 1 n’est pas permis\u202f; utilisez true (l’extension active) ou false (inactive)"
    with using_language("fr"), pytest.raises(ValueError) as french:
        switches_from_data([], "[plugins]")
    assert str(french.value).startswith("[plugins] doit être une table de noms d’extensions")


def test_replay_divergences_and_result_checks_in_french():
    from muggins.records.format import Record, RecordError
    from muggins.replay import Divergence, recorded_result

    assert str(Divergence(-1, "x")) == "opening: x"
    assert str(Divergence(3, "x")) == "decision 3: x"
    with using_language("fr"):
        assert str(Divergence(-1, "x")) == "l’ouverture\u202f: x"
        assert str(Divergence(3, "x")) == "la décision 3\u202f: x"
    record = Record(game="g", version="1", rules={}, players=2, seed=1, seats=["random", "random"], result={"winners": "no"})
    with pytest.raises(RecordError) as english:
        recorded_result(record)
    assert str(english.value) == """the result line's 'winners' is "no"; it must be a list of seat numbers"""
    with using_language("fr"), pytest.raises(RecordError) as french:
        recorded_result(record)
    assert str(french.value) == """le champ 'winners' de la ligne de résultat vaut "no"\u202f; il doit être une liste de numéros de place"""


def test_a_plugin_list_naming_no_plugin_in_french():
    from muggins.plugins import load_registry

    english = load_registry(only=["no_such_plugin"]).errors
    assert "the plugin list names 'no_such_plugin', which matches no installed plugin" in english
    with using_language("fr"):
        french = load_registry(only=["no_such_plugin"]).errors
    assert "la liste des extensions nomme 'no_such_plugin', qui ne correspond à aucune extension installée" in french


def test_a_card_that_is_not_one_and_a_short_seating_in_french():
    from muggins.cards import Card, parse_card
    from muggins.engine import Match

    with using_language("fr"):
        with pytest.raises(ValueError, match=r"^pas une carte\u202f: 'ZZ' \(écrivez la hauteur puis la couleur"):
            parse_card("ZZ")
        with pytest.raises(ValueError, match=r"^pas une carte\u202f: hauteur 14, couleur"):
            Card(14, "S")

        class _State:
            players = 2

        with pytest.raises(ValueError, match=r"^2 places demandent 2 joueurs, pas 1$"):
            Match(_State(), [object()])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^not a card: 'ZZ' \(write rank then suit"):
        parse_card("ZZ")


def test_a_number_is_written_as_the_readers_language_writes_it():
    assert written_number("12,345.6") == "12,345.6" and written_number("33.8%") == "33.8%"
    with using_language("fr"):
        assert written_number("12,345.6") == "12\u202f345,6"
        assert written_number("33.8%") == "33,8\u202f%" and written_number("-0.25") == "\u22120,25" and written_number("7") == "7"

