"""Each shipped game played in French: its record is the same bytes as in English, it replays and verifies in either language, and
its French replay fits 80 columns; cribbage's and fishing's French narration holds no English (the shedding game's, read apart
from its other lines, is in tests/cli/test_i18n_shedding.py)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.plugins


def _seats(*kinds: str) -> list[str]:
    return [arg for kind in kinds for arg in ("--seat", kind)]


#: game: (its seats, words of its French narration a record must never hold, a line of its English replay, of its French one).
GAMES = {
    "muggins_shedding": (_seats("expert", "novice", "novice", "novice"), ("retourne", "joueur"), "seat 1 turned", "Le joueur 1 retourne"),
    "cribbage_muggins": (_seats("expert", "novice"), ("joueur", "quinze", "crib du"), "cuts; the starter is", "coupe\u202f; la carte de départ est"),
    "willughby_fishing": (_seats("expert", "novice", "novice", "novice", "novice"), ("joueur", "jetons", "couche"),
                          "Deal 1 settled: ", "Donne 1 réglée\u202f: "),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_match_played_in_french_records_the_same_bytes_as_in_english(game, with_game, tmp_path):
    pytest.importorskip(game)
    run, (seats, words, _english, _french) = with_game(game), GAMES[game]
    assert run("--lang", "fr", "play", game, *seats, "--seed", "11", "--record", "fr.jsonl").exit_code == 0
    assert run("--lang", "en", "play", game, *seats, "--seed", "11", "--record", "en.jsonl").exit_code == 0
    assert (tmp_path / "fr.jsonl").read_bytes() == (tmp_path / "en.jsonl").read_bytes()
    record = (tmp_path / "fr.jsonl").read_text("utf-8")
    assert [word for word in words if word in record] == []  # codes and events only, never words


@pytest.mark.parametrize("game", GAMES)
def test_a_french_match_replays_and_verifies_in_english_and_back(game, with_game):
    pytest.importorskip(game)
    run, (seats, _words, in_english, in_french) = with_game(game), GAMES[game]
    assert run("--lang", "fr", "play", game, *seats, "--seed", "12", "--record", "r.jsonl").exit_code == 0
    assert run("--lang", "en", "replay", "r.jsonl", "--verify").exit_code == 0
    assert run("--lang", "fr", "replay", "r.jsonl", "--verify").stdout.startswith("ok\u202f: ")
    english, french = run("--lang", "en", "replay", "r.jsonl"), run("--lang", "fr", "replay", "r.jsonl")
    assert english.exit_code == french.exit_code == 0
    assert in_english in english.stdout and in_french in french.stdout
    assert len(english.stdout.splitlines()) == len(french.stdout.splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_a_french_replay_at_80_columns_fits_every_line_and_cuts_no_word(game, with_game, monkeypatch):
    pytest.importorskip(game)
    run, seats = with_game(game), GAMES[game][0]
    assert run("play", game, *seats, "--seed", "14", "--record", "r.jsonl").exit_code == 0
    whole = run("--lang", "fr", "replay", "r.jsonl").stdout.splitlines()
    assert max(map(len, whole)) > 80  # piped without COLUMNS: every line whole
    monkeypatch.setenv("COLUMNS", "80")
    lines = run("--lang", "fr", "replay", "r.jsonl").stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert " ".join(" ".join(lines).split()) == " ".join(" ".join(whole).split())  # broken between words only: nothing cut or lost


#: game: (English words of its narration that a French line must not carry, French phrases its narration must hold).
NARRATION = {
    "cribbage_muggins": (
        re.compile(r"\b(seat|plays?|counts?|cuts?|deals?|says|pegs?|answers?|settled|breakdown|starter|fifteen|run of|game over|"
                   r"skunked|lays? away|you)\b", re.I),
        ("Le joueur 1 met 2 cartes à la crib.", "la carte de départ est", "Compte réglé, ", "Détail\u202f: ", "Partie terminée ("),
    ),
    "willughby_fishing": (
        re.compile(r"\b(seat|plays?|takes?|claims?|cannot|lies|sweeps?|settled|chips|deals?|match|you|table \{|only|nobody)\b", re.I),
        ("se couche\u202f: ", "dans sa collection", "du pot comme dernier survivant", "soldes\u202f: ", "Partie terminée\u202f: "),
    ),
}


@pytest.mark.parametrize("game", NARRATION)
def test_the_french_narration_speaks_no_english_and_names_cards_the_french_way(game, with_game):
    pytest.importorskip(game)
    run, (english, phrases) = with_game(game), NARRATION[game]
    played = run("--lang", "fr", "play", game, *GAMES[game][0], "--seed", "13")
    assert played.exit_code == 0
    lines = [line for line in played.stdout.splitlines() if line and not line.startswith(("muggins", "résultat", "scores\u202f:"))]
    assert len(lines) > 100
    assert [line for line in lines if english.search(line)] == []
    text = "\n".join(lines)
    assert not re.search(r"\b[JQK][♣♦♥♠]", text)  # valet, dame, roi: V, D, R
    assert re.search(r"\b[VDR][♣♦♥♠]", text)
    for french in phrases:
        assert french in text, french
