"""The shedding game in French: narration and table, cards as French players name them, records that do not depend on the language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from muggins.i18n import using_language
from muggins.testing.translations import stale_compiled, untranslated_messages

pytestmark = pytest.mark.plugins
shedding_game = pytest.importorskip("muggins_shedding.game")
SHEDDING = Path(shedding_game.__file__).resolve().parent
BOTS = [arg for seat in ("expert", "novice", "novice", "novice") for arg in ("--seat", seat)]
#: English words of the shedding narration that a French line must not carry.
ENGLISH = re.compile(r"\b(seat|turned|put|common pile|discard|stock|hand|called|upheld|gives?|match|you)\b", re.I)


@pytest.fixture
def shedding(with_game):
    """`run` with the shedding game installed beside Tally."""
    return with_game("muggins_shedding")


def test_the_french_narration_speaks_no_english_and_names_cards_the_french_way(shedding, tmp_path):
    played = shedding("--lang", "fr", "play", "muggins_shedding", *BOTS, "--seed", "13", "--record", "r.jsonl")
    assert played.exit_code == 0
    narration = [line for line in played.stdout.splitlines() if line and not line.startswith(("recording", "muggins"))]
    game_lines = [line for line in narration if re.match(r"(Le joueur|Vous|Donne|La donne|Partie|[AVDR0-9]+[♣♦♥♠] passe)", line)]
    assert len(game_lines) > 50
    assert [line for line in game_lines if ENGLISH.search(line)] == []
    assert not re.search(r"\b[JQK][♣♦♥♠]", "\n".join(game_lines))  # valet, dame, roi: V, D, R
    assert re.search(r"\b[VDR][♣♦♥♠]", "\n".join(game_lines))


def test_the_table_and_narration_in_french_for_the_seated_player():
    game = shedding_game.SheddingGame()
    view = {
        "players": 3, "hand": 0, "hands": 2, "dealer": 1, "exposures": 4, "turn_limit": 1000, "wins": [1, 0, 0],
        "commons": ["QS"], "common_sizes": [3], "discards": ["KH", None, "TD"], "discard_sizes": [2, 0, 1],
        "stock_sizes": [10, 12, 9], "mover": 0, "phase": "play", "exposed": "JC", "last": None,
    }
    with using_language("fr"):
        table = game.render(view, 0).splitlines()
        assert table[0] == "Donne 1 sur 2 · donneur joueur 1 · cartes retournées\u202f: 4 (nulle à 1000)"
        assert table[1] == "Donnes gagnées\u202f: vous\u202f: 1 donne · joueur 1\u202f: 0 donne · joueur 2\u202f: 0 donne"
        assert table[2] == "Piles communes\u202f:  [1] D♠ (3)"
        assert table[4] == "  [2]     vous\u202f:    R♥ (2)   paquet 10  ← à jouer"  # the column as wide as "joueur 1"
        assert table[5] == "  [3] joueur 1\u202f:  vide (0)   paquet 12"
        assert table[-1] == "Vous retournez V♣."
        assert game.describe({"type": "penalty", "donor": 2, "seat": 0, "card": "AS"}, 0) == \
            "Le joueur 2 donne A♠ au fond de votre paquet fermé."
        assert game.describe({"type": "recycle", "seat": 1, "count": 5}, 0) == \
            "Le joueur 1 retourne sa défausse\u202f: 5 cartes deviennent le paquet fermé."
        assert game.standings({"type": "win", "seat": 0, "hand": 0, "wins": [1, 0, 0]}, 0)[0] == "La donne 1 est pour vous."
        layout = game.layout(view, 0)
        assert {z["label"] for z in layout["zones"]} >= {"Votre main", "Votre paquet fermé", "Votre défausse", "la pile commune 1"}
    assert game.render(view, 0).splitlines()[-1] == "You turned J♣."


@pytest.mark.parametrize("typed, code", [("V♥", "JH"), ("D♠", "QS"), ("R♣", "KC"), ("10♥", "TH"), ("vh", "JH"), ("dd", "QD")])
def test_french_spellings_of_cards_are_read(typed, code):
    from muggins.cards import parse_card

    assert parse_card(typed).code == code


def test_the_shedding_catalogue_is_complete_and_compiled_with_its_glossary():
    assert untranslated_messages(SHEDDING, "muggins_shedding", "fr") == []
    assert stale_compiled(SHEDDING / "locale") == []
    glossary = (SHEDDING / "locale" / "glossary.fr.md").read_text("utf-8")
    for term in ("piles communes", "défausse personnelle", "paquet fermé", "appel infondé", "valet", "dame", "roi"):
        assert term in glossary


def test_a_simulate_table_in_both_languages(shedding, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    french = shedding("--lang", "fr", "simulate", "muggins_shedding", "-g", "6", "--seed", "1")
    english = shedding("--lang", "en", "simulate", "muggins_shedding", "-g", "6", "--seed", "1")
    assert french.exit_code == english.exit_code == 0
    assert ": 6 parties, 4 joueurs, graine 1, règles par défaut" in french.stdout
    assert "joueur  genre   parties gagnées  taux de victoire" in french.stdout
    assert "appels Muggins" in french.stdout and "donnes nulles à la limite de tours" in french.stdout
    # Numbers as French writes them: a decimal comma and a narrow no-break space before the percent sign.
    assert re.search(r"\d,\d\u202f%", french.stdout) and not re.search(r"\d\.\d%", french.stdout), french.stdout
    assert re.search(r"\d\.\d%", english.stdout)
    assert ": 6 matches, 4 players, seed 1, rules default" in english.stdout and "Muggins calls" in english.stdout
    assert max(map(len, french.stdout.splitlines())) <= 80
    as_json = shedding("--lang", "fr", "simulate", "muggins_shedding", "-g", "6", "--seed", "1", "--json")
    assert as_json.stdout == shedding("simulate", "muggins_shedding", "-g", "6", "--seed", "1", "--json").stdout  # keys, never words


def test_the_stat_labels_stay_a_plain_dict_of_english():
    labels = shedding_game.SheddingGame.stat_labels
    assert dict(labels)["calls"] == "Muggins calls" and labels.get("nope", "x") == "x"
    with using_language("fr"):
        assert labels["calls"] == labels.get("calls") == "appels Muggins"


def test_house_rule_lines_in_french_and_the_english_order_words_unchanged():
    from muggins_shedding.game import order_text
    from muggins_shedding.houserules import order_words

    orders = [(("common",), ("opponent",), ("own",)), (("opponent", "common"), ("own",)), (("common",), ("opponent",))]
    assert [order_text(o) for o in orders] == [order_words(o) for o in orders]
    with using_language("fr"):
        assert order_text(orders[1]) == ("la première défausse adverse qui convient en sens horaire ou une pile commune qui convient "
                                         "(à votre choix)\u202f; sinon votre propre défausse")
        assert shedding_game.pairs_text([(13, 1), (11, 12)]) == "R–A, V–D"


def test_a_match_begun_in_french_resumes_in_english_to_the_end(shedding, tmp_path):
    begun = shedding("--lang", "fr", "play", "muggins_shedding", "--seed", "15", "--record", "r.jsonl", input="1\n\n" * 5)
    assert begun.exit_code == 1 and "muggins\u202f: fin de l’entrée après " in begun.stderr
    kept = (tmp_path / "r.jsonl").read_bytes()
    resumed = shedding("--lang", "en", "resume", "r.jsonl", input="1\n\n" * 4000)
    assert resumed.exit_code == 0, resumed.stderr
    assert "resuming r.jsonl after" in resumed.stdout and "result: " in resumed.stdout
    assert (tmp_path / "r.jsonl").read_bytes().startswith(kept)
    assert shedding("--lang", "fr", "replay", "r.jsonl", "--verify").stdout.startswith("ok\u202f: ")


def test_a_deal_table_the_game_refuses_is_one_line_in_either_language(shedding, tmp_path):
    (tmp_path / "donne.toml").write_text("[deal]\n4 = [12, 5]\n", encoding="utf-8")
    english = shedding("--lang", "en", "play", "muggins_shedding", "--rules", "donne.toml")
    french = shedding("--lang", "fr", "play", "muggins_shedding", "--rules", "donne.toml")
    assert english.exit_code == french.exit_code == 2
    assert "deal.4 = [12, 5] uses 53 cards; 4 x cards + commons must be 52" in english.output
    assert "deal.4 = [12, 5] emploie 53 cartes\u202f; 4 x cartes + piles communes doit faire 52" in french.output
    assert "uses 53 cards" not in french.output
