"""Each shipped game played in French: its record is the same bytes as in English, and it replays and verifies in either language."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.plugins


def _seats(*kinds: str) -> list[str]:
    return [arg for kind in kinds for arg in ("--seat", kind)]


#: game: (its seats, words of its French narration a record must never hold, a line of its English replay, of its French one).
GAMES = {
    "muggins_shedding": (_seats("expert", "novice", "novice", "novice"), ("retourne", "joueur"), "seat 1 turned", "Le joueur 1 retourne"),
    "cribbage_muggins": (_seats("expert", "novice"), ("joueur", "quinze", "crib du"), "cuts; the starter is", "coupe ; la carte de départ est"),
    "willughby_fishing": (_seats("expert", "novice", "novice", "novice", "novice"), ("joueur", "jetons", "couche"),
                          "Deal 1 settled: ", "Donne 1 réglée : "),
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
    assert run("--lang", "fr", "replay", "r.jsonl", "--verify").stdout.startswith("ok : ")
    english, french = run("--lang", "en", "replay", "r.jsonl"), run("--lang", "fr", "replay", "r.jsonl")
    assert english.exit_code == french.exit_code == 0
    assert in_english in english.stdout and in_french in french.stdout
    assert len(english.stdout.splitlines()) == len(french.stdout.splitlines())
