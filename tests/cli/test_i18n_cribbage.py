"""Cribbage with muggins in French: narration, table and rules in the French of its rules, records that do not depend on the language."""

from __future__ import annotations

from pathlib import Path

import pytest

from muggins.i18n import using_language
from muggins.testing.translations import stale_compiled, untranslated_messages

pytestmark = pytest.mark.plugins
cribbage_game = pytest.importorskip("cribbage_muggins.game")
CRIBBAGE = Path(cribbage_game.__file__).resolve().parent


@pytest.fixture
def cribbage(with_game):
    """`run` with the cribbage game installed beside Tally."""
    return with_game("cribbage_muggins")


def test_the_table_and_narration_in_french_for_the_seated_player():
    game = cribbage_game.CribbageGame()
    view = {
        "players": 2, "phase": "peg", "partnerships": False, "muggins": True, "lowball": False, "target": 61, "deal": 0, "dealer": 1,
        "scores": [12, 9], "starter": "JH", "count": 15, "sequence": ["KS", "5D"], "played": [["5D"], ["KS"]], "cards_left": [3, 3],
        "shown": {}, "to_act": 0, "hand": ["QC", "2H", "AD"], "laid_away": ["9C", "8C"], "crib": None, "crib_size": 4, "sides": [[0], [1]],
    }
    with using_language("fr"):
        table = game.render(view, 0).splitlines()
        assert table[0] == "Cribbage en 61 · donne 1 · crib du joueur 1 · muggins"
        assert table[1] == "Scores\u202f: vous\u202f: 12 · joueur 1\u202f: 9"
        assert table[2] == "Carte de départ\u202f: V♥"
        assert table[3] == "Total 15\u202f: R♠ 5♦"
        assert table[4] == "      vous\u202f: joué 5♦ · 3 cartes en main   ← à jouer"
        assert table[5] == "  joueur 1\u202f: donneur · joué R♠ · 3 cartes en main"
        assert table[6] == "Votre main\u202f: A♦ 2♥ D♣"
        assert table[7] == "Dans la crib du joueur 1\u202f: vous avez mis 8♣ 9♣ et 2 cartes face cachée"
        assert game.describe({"type": "peg", "seat": 1, "card": "5S", "count": 15, "points": 2, "why": ["fifteen"]}, 0) == \
            "Le joueur 1 joue 5♠\u202f: total 15 — quinze\u202f: 2 points."
        assert game.describe({"type": "response", "seat": 0, "counter": 1, "response": "overcount"}, 0) == \
            "Vous signalez un compte trop élevé."
        assert game.describe({"type": "score", "seat": 1, "side": 1, "points": 3, "total": 20, "why": "muggins", "outcome": "false muggins",
                              "caller": 0}, 0) == "  joueur 1\u202f: +3 (faux muggins crié par vous), soit 20."
        over = {"type": "game_over", "reached": 0, "reached_seats": [0], "why": "hand count", "lowball": False, "winners": [0],
                "scores": [61, 29], "skunked": [False, True], "double_skunked": [False, False], "target": 61, "skunk_line": 31,
                "double_skunk_line": None}
        assert game.standings(over, 0) == ["Partie terminée\u202f: vous gagnez.", "Scores finaux\u202f: vous\u202f: 61 · joueur 1\u202f: 29",
                                           "Le joueur 1 est capot (moins de 31)."]
        assert game.describe(over, 1) == ("Partie terminée (compte d’une main)\u202f: le joueur 0 a atteint l’objectif\u202f; le joueur 0 gagne "
                                           "(joueur 0\u202f: 61 · vous\u202f: 29)\u202f; vous êtes capot (moins de 31).")
        layout = game.layout(view, 0)
        assert {z["label"] for z in layout["zones"]} >= {"Votre main", "joueur 1", "crib du joueur 1", "la carte de départ"}
        assert cribbage_game.CribbageGame.stat_labels["muggins_calls"] == "muggins criés"
    assert game.render(view, 0).splitlines()[0] == "Cribbage to 61 · deal 1 · seat 1's crib · muggins"
    assert dict(cribbage_game.CribbageGame.stat_labels)["muggins_calls"] == "muggins calls"


def test_the_rules_described_in_french():
    from cribbage_muggins.rules import CribbageRules

    game = cribbage_game.CribbageGame()
    rules = CribbageRules(target=61, lowball=True)
    english = game.describe_rules(rules, 2)
    with using_language("fr"):
        french = game.describe_rules(rules, 2)
    assert english == "lowball to 61, skunked under 31, no double-skunk"
    assert french == "Qui perd gagne en 61, capot sous 31, pas de double capot"


def test_the_cribbage_catalogue_is_complete_and_compiled_with_its_glossary():
    assert untranslated_messages(CRIBBAGE, "cribbage_muggins", "fr") == []
    assert stale_compiled(CRIBBAGE / "locale") == []
    glossary = (CRIBBAGE / "locale" / "glossary.fr.md").read_text("utf-8")
    for term in ("la crib", "compte trop élevé", "Qui perd gagne", "crier muggins", "valet", "dame", "roi"):
        assert term in glossary


def test_the_cribbage_commands_in_french_and_their_json_unchanged(cribbage):
    # The same cards, each in its player's notation: in French C is cœur, T trèfle, K carreau, P pique, V valet.
    french = cribbage("--lang", "fr", "cribbage", "score", "5C", "5K", "5P", "VT", "--starter", "5T")
    english = cribbage("--lang", "en", "cribbage", "score", "5H", "5D", "5S", "JC", "--starter", "5C")
    assert french.exit_code == english.exit_code == 0
    assert french.stdout.splitlines()[0] == "5♥ 5♦ 5♠ V♣ avec la carte de départ 5♣ (main)\u202f: 29"
    assert "  quinze pour 2\u202f: 5♣ V♣" in french.stdout and "  nobs pour 1\u202f: V♣" in french.stdout
    assert english.stdout.splitlines()[0] == "5♥ 5♦ 5♠ J♣ with starter 5♣ (hand): 29" and "  nobs 1: J♣" in english.stdout
    assert len(french.stdout.splitlines()) == len(english.stdout.splitlines())
    trap = cribbage("--lang", "fr", "cribbage", "score", "5H", "5D", "5S", "JC", "--starter", "5C")
    assert trap.exit_code == 2 and "--starter\u202f: 5H est aussi dans la main" in trap.stderr  # 5C is the cinq de cœur a French player means
    ranked = cribbage("--lang", "fr", "cribbage", "discard", "5C", "5K", "5P", "VT", "4K", "9T", "--dealer")
    assert ranked.exit_code == 0 and ranked.stdout.split()[:5] == ["écart", "garder", "main", "crib", "net"]
    assert ranked.stdout.splitlines()[-1].startswith("main\u202f: exact sur chaque carte de départ non vue")  # the method, in French too
    against = cribbage("--lang", "fr", "cribbage", "discard", "5C", "5K", "5P", "VT", "4K", "9T", "--pone").stdout.splitlines()
    # French numbers: a decimal comma and a true minus (U+2212); English keeps its point and hyphen-minus.
    assert against[1].split()[-3:] == ["16,63", "\u22124,02", "12,61"] and "\u22120,93" in against[10].split()
    english_against = cribbage("--lang", "en", "cribbage", "discard", "5H", "5D", "5S", "JC", "4D", "9C", "--pone").stdout.splitlines()
    assert english_against[1].split()[-3:] == ["16.63", "-4.02", "12.61"]
    ranked_json = ["cribbage", "discard", "5H", "5D", "5S", "JC", "4D", "9C", "--dealer", "--json"]
    ranked_json_fr = ["cribbage", "discard", "5C", "5K", "5P", "VT", "4K", "9T", "--dealer", "--json"]
    assert cribbage("--lang", "fr", *ranked_json_fr).stdout == cribbage("--lang", "en", *ranked_json).stdout
    wrong = cribbage("--lang", "fr", "cribbage", "discard", "5C", "5K", "5P", "VT", "4K", "--dealer")
    assert wrong.exit_code == 2 and "cartes\u202f: à 2 joueurs, chacun reçoit 6 cartes, pas 5" in wrong.stderr
    as_json = ["cribbage", "score", "5H", "5D", "5S", "JC", "--starter", "5C", "--json"]
    as_json_fr = ["cribbage", "score", "5C", "5K", "5P", "VT", "--starter", "5T", "--json"]
    assert cribbage("--lang", "fr", *as_json_fr).stdout == cribbage("--lang", "en", *as_json).stdout  # codes, never words


def test_the_cribbage_commands_help_comes_from_the_games_own_catalogue(cribbage):
    # A plugin's command carries its catalogue (`translations`): the CLI words its help from there.
    assert "Outils de cribbage\u202f: compter une main" in cribbage("--lang", "fr", "--help").stdout
    french = cribbage("--lang", "fr", "cribbage", "discard", "--help").stdout
    assert "Classer chaque écart possible" in french and "Graine des donnes de --sample." in french
    # A wrapped help line never starts with a mark: the narrow no-break space before it holds it to its word.
    assert "\u202f:" in french and not [line for line in french.splitlines() if line.lstrip()[:1] in (":", ";", "!", "?", "»")]
    english = cribbage("--lang", "en", "cribbage", "discard", "--help").stdout
    assert "Rank every possible discard by expected hand value" in english and "Seed of the --sample deals." in english
