"""A whole fishing match of one deal in French on a pseudo-terminal of 80 columns: French narration, prompts, menus and cards, no line wider than the screen."""

from __future__ import annotations

import json
import re
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
pytest.importorskip("willughby_fishing")


def test_a_whole_fishing_match_in_french_at_the_terminal(terminal, tmp_path, played_out_in_french):
    (tmp_path / "court.toml").write_text("deals = 1\n")  # one deal of the five, so the test stays short
    term = terminal("--lang", "fr", "play", "willughby_fishing", "--rules", "court.toml", "--seed", "5", "--pace", "0",
                    "--record", "r.jsonl", plugins="willughby_fishing", width=80)
    assert played_out_in_french(term) == 0
    lines = term.lines()
    shown = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for french in ("enregistrement dans r.jsonl", "Donne 1 sur 1 · donneur ", "Table (", "Votre main (", "Joueur ", "jetons",
                   "Donne 1 réglée\u202f: ", "Soldes\u202f: ", "Partie terminée\u202f: ", "résultat\u202f: ", "enregistrement\u202f: r.jsonl"):
        assert french in shown, french
    assert not re.search(r"\b(Your hand|Deal 1|Chips:|Match over|recording to|result:)", shown)
    # The narration, the table, the prompts and the menus all name cards the French way and speak French.
    narration = [line for line in lines if line.startswith(("Le joueur", "Vous ", "Votre ", "Table (", "Donne", "Coupe", "Seul "))]
    assert len(narration) > 20
    assert not re.search(r"\b[JQK][♣♦♥♠]", shown)
    for french in ("l’étalement (vous avez donné)\u202f: réclamer\u202f?", " joue ", " et prend ", "Capturez (la capture est obligatoire)\u202f:", " prend "):
        assert french in shown, french
    # A shortcut names what a French player types for it (`r = réclamer`, the game's French key and word for claim).
    assert "Entrée = laisser\u202f; r = réclamer\u202f;" in shown and "claim" not in shown
    assert not re.search(r"\b(let it be|done|pass|takes?|Capture \(|lie down|lies down|[Yy]ou lie|no \(more\) claims|Before the first turn|"
                         r"As dealer|plays|dealt|into your collection)\b", shown)
    record = (tmp_path / "r.jsonl").read_text("utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "willughby_fishing" and "joueur" not in record

