"""A whole cribbage game to 61 in French on a pseudo-terminal of 80 columns: French narration, prompts, menus and cards, no line wider than the screen."""

from __future__ import annotations

import json
import re
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
pytest.importorskip("cribbage_muggins")


def test_a_whole_cribbage_game_in_french_at_the_terminal(terminal, tmp_path, played_out_in_french):
    (tmp_path / "court.toml").write_text("target = 61\n")  # the short game the rules offer, so the test stays short
    term = terminal("--lang", "fr", "play", "cribbage_muggins", "--rules", "court.toml", "--seed", "4", "--pace", "0",
                    "--record", "r.jsonl", plugins="cribbage_muggins", width=80)
    assert played_out_in_french(term) == 0
    lines = term.lines()
    shown = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for french in ("enregistrement dans r.jsonl", "Cribbage en 61 · donne 1", "Scores\u202f: vous\u202f: ", "Vos cartes\u202f: ", "Vous mettez ",
                   "la carte de départ est", "Compte réglé, ", "Partie terminée", "résultat\u202f: ", "enregistrement\u202f: r.jsonl"):
        assert french in shown, french
    assert not re.search(r"\b(Scores:|Your cards|the starter is|Settled,|Game over|recording to|result:)", shown)
    # The narration, the table, the prompts and the menus all name cards the French way and speak French.
    narration = [line for line in lines if line.startswith(("Le joueur", "Vous ", "Votre ", "Vos ", "La ", "Compte réglé", "Donne", "Coupe",
                                                            "Total ", "Carte de départ", "Partie terminée"))]
    assert len(narration) > 40
    assert not re.search(r"\b[JQK][♣♦♥♠]", shown)
    for french in ("Mettez 2 cartes à ", "mettre ", " à la crib", "Total 0\u202f: jouez une carte", "Comptez votre main ", "(tapez 0-29)"):
        assert french in shown, french
    # A shortcut names what a French player types for it (`e = trop`, the game's French key and word for overcount).
    assert not re.search(r"\b(Lay away|lay away|play a card|Count your|counts \d+ for|with [0-9AJQK]+[♣♦♥♠]|accept|overcount|announce)\b", shown)
    assert "Entrée = accepter\u202f; e = trop\u202f; m N = muggins N" in shown
    record = (tmp_path / "r.jsonl").read_text("utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "cribbage_muggins" and "joueur" not in record

