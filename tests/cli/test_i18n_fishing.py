"""The Willughby fishing game in French: narration, table and banners in the French of its rules, records that do not depend on the language."""

from __future__ import annotations

from pathlib import Path

import pytest

from muggins.i18n import using_language
from muggins.testing.translations import stale_compiled, untranslated_messages

pytestmark = pytest.mark.plugins
fishing_game = pytest.importorskip("willughby_fishing.game")
FISHING = Path(fishing_game.__file__).resolve().parent


@pytest.fixture
def fishing(with_game):
    """`run` with the fishing game installed beside Tally."""
    return with_game("willughby_fishing")


def test_the_table_and_narration_in_french_for_the_seated_player():
    game = fishing_game.FishingGame()
    view = {
        "players": 5, "phase": "turn", "deal": 0, "deals": 5, "dealer": 1, "pot": 11, "reward_rule": "last_holder",
        "field": ["QS", "QH", "3C"], "hand": ["KD", "3H"], "to_move": 0, "laid_down": [False, False, True, False, False],
        "hand_sizes": [2, 4, 0, 3, 5], "collections": [["AS", "AH"], [], ["2C", "2D", "9C", "9D"], [], []], "ledger": [1, 0, -1, 0, 0],
    }
    with using_language("fr"):
        table = game.render(view, 0).splitlines()
        assert table[0] == "Donne 1 sur 5 · donneur joueur 1 · pot 11 jetons · prime 5 jetons\u202f: au dernier survivant"
        assert table[1] == "Table (3)\u202f: [3♣]  [D♥ D♠]"
        assert table[2] == "Votre main (2)\u202f: [3♥]  [R♦]"
        assert table[3].startswith("Joueur       main  collection") and table[3].endswith("jetons")
        assert table[4] == "      vous      2      2 (1 paire)      +1   ← à jouer"
        assert table[6] == "  joueur 2      0      4 (2 paires)     −1   couché"
        assert game.describe({"type": "lie_down", "seat": 2, "cards": ["9S"]}, 0) == \
            "Le joueur 2 ne peut pas capturer et se couche\u202f: 9♠ va sur la table."
        assert game.describe({"type": "reward", "seat": 0, "chips": 5, "how": "last_holder"}, 0) == \
            "Vous prenez 5 jetons du pot comme dernier survivant."
        assert game.standings({"type": "settle", "deal": 0, "sizes": [18, 4, 10, 10, 10], "chips": [5, -2, 1, 1, 1],
                               "ledger": [5, -2, 1, 1, 1]}, 0)[:3] == [
            "La donne 1 est terminée\u202f: un jeton par paire excédentaire ou manquante par rapport à 8 cartes.",
            "      vous\u202f: 18 cartes (9 paires), 5 jetons reçus", "  joueur 1\u202f:  4 cartes (2 paires), 2 jetons payés"]
        assert {z["label"] for z in game.layout(view, 0)["zones"]} >= {"Votre main", "joueur 1", "la table", "Votre collection"}
        assert fishing_game.FishingGame.stat_labels["lie_downs"] == "mains couchées"
    assert game.render(view, 0).splitlines()[0] == "Deal 1 of 5 · dealer seat 1 · pot 11 chips · reward 5 chips: last player holding cards"
    assert dict(fishing_game.FishingGame.stat_labels)["lie_downs"] == "hands laid down"


def test_the_rules_described_in_french():
    from willughby_fishing.rules import FishingRules

    game = fishing_game.FishingGame()
    rules = FishingRules(deals=1)
    assert game.describe_rules(rules, 5) == "1 deal; antes 3 and 2, reward 5 (last holder); a chip for each pair over or short of 8 cards"
    with using_language("fr"):
        assert game.describe_rules(rules, 5) == ("1 donne\u202f; mises 3 et 2, prime 5 (dernier survivant)\u202f; "
                                                 "un jeton par paire excédentaire ou manquante par rapport à 8 cartes")


def test_the_fishing_catalogue_is_complete_and_compiled_with_its_glossary():
    assert untranslated_messages(FISHING, "willughby_fishing", "fr") == []
    assert stale_compiled(FISHING / "locale") == []
    glossary = (FISHING / "locale" / "glossary.fr.md").read_text("utf-8")
    for term in ("se coucher", "la collection", "le pot", "prime", "étalement", "valet", "dame", "roi"):
        assert term in glossary


