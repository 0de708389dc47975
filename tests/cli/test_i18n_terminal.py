"""A whole shedding match in French on a pseudo-terminal of 80 columns: French words, French cards, no line wider than the screen."""

from __future__ import annotations

import json
import re
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
pytest.importorskip("muggins_shedding")


def test_a_whole_shedding_match_in_french_at_the_terminal(terminal, tmp_path, played_out_in_french):
    (tmp_path / "court.toml").write_text("hands = 2\nturn_limit = 12\n")  # two short hands, each drawn or won within twelve turned cards
    term = terminal("--lang", "fr", "play", "muggins_shedding", "--players", "3", "--rules", "court.toml", "--seed", "4", "--pace", "0",
                    "--record", "r.jsonl", plugins="muggins_shedding", width=80)
    assert played_out_in_french(term) == 0
    lines = term.lines()
    shown = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for french in ("enregistrement dans r.jsonl", "Vous êtes le joueur 0. Adversaires\u202f: joueurs 1 et 2, chacun un débutant qui\n  place mal une carte", "Donne 1 sur 2 · donneur joueur", "Piles communes\u202f:",
                   "Défausses (sommet, cartes) et paquets fermés\u202f:", "choisissez 1-", "résultat\u202f: ", "enregistrement\u202f: r.jsonl",
                   "Donnes gagnées\u202f: vous\u202f: "):
        assert french in shown, french
    assert "Partie terminée\u202f:" in shown and "Vous retournez " in shown and "; t = table\u202f; ? = aide > " in shown
    assert not re.search(r"\b(Common piles|Hands won|Discards \(top|recording to|result:)", shown)
    # The decisions' own words: the play prompt and its menu, the windows' headers, all French, cards V D R.
    assert "Placez " in shown and " sur la pile commune 1" in shown and "Le joueur 1 pose " in shown
    assert not re.search(r"\b(Place|common pile|your own discard|discard clockwise|seat \d|put|on [0-9AJQK]+[♣♦♥♠])\b", shown)
    assert not re.search(r"\b[JQK][♣♦♥♠]", shown)
    record = (tmp_path / "r.jsonl").read_text("utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "muggins_shedding" and "joueur" not in record
