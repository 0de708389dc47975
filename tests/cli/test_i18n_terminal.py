"""A whole shedding match in French on a pseudo-terminal of 80 columns: French words, French cards, no line wider than the screen."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
pytest.importorskip("muggins_shedding")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _answer(tail: str) -> str | None:
    """The keys a French player types for the last line on the screen: the first choice, Enter, a key after a banner."""
    if re.search(r"choisissez 1-\d+ > $", tail):
        return "1\r"
    if tail.endswith("? = aide > ") or tail.endswith("appuyez sur Entrée pour continuer "):
        return "\r"
    if tail.endswith("appuyez sur une touche pour continuer "):
        return " "
    return None


def _play_out(term, timeout: float = 120) -> int:
    deadline = time.monotonic() + timeout
    answered = None
    while term.process.poll() is None:
        assert time.monotonic() < deadline, f"the match did not end; the screen ends with:\n{term.screen[-1500:]}"
        if len(term.screen) == answered:
            term.read(0.5)
            continue
        keys = _answer(_ANSI.sub("", term.screen.rsplit("\n", 1)[-1].rsplit("\r", 1)[-1]))
        if keys is None:
            term.read(0.5)
        else:
            term.type(keys)
            answered = len(term.screen)
    while term.read(0.2):
        pass
    return term.process.wait(timeout=10)


def test_a_whole_shedding_match_in_french_at_the_terminal(terminal, tmp_path):
    (tmp_path / "court.toml").write_text("hands = 2\nturn_limit = 12\n")  # two short hands, each drawn or won within twelve turned cards
    term = terminal("--lang", "fr", "play", "muggins_shedding", "--players", "3", "--rules", "court.toml", "--seed", "4", "--pace", "0",
                    "--record", "r.jsonl", plugins="muggins_shedding", width=80)
    assert _play_out(term) == 0
    lines = term.lines()
    shown = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for french in ("enregistrement dans r.jsonl", "Vous êtes le joueur 0. Adversaires : joueurs 1 et 2 ", "Donne 1 sur 2 · donneur joueur", "Piles communes :",
                   "Défausses (sommet, cartes) et paquets fermés :", "choisissez 1-", "résultat : ", "enregistrement : r.jsonl",
                   "Donnes gagnées : vous : "):
        assert french in shown, french
    assert "Partie terminée :" in shown and "Vous retournez " in shown and "; t = table ; ? = aide > " in shown
    assert not re.search(r"\b(Common piles|Hands won|Discards \(top|recording to|result:)", shown)
    # The decisions' own words: the play prompt and its menu, the windows' headers, all French, cards V D R.
    assert "Placez " in shown and " sur la pile commune 1" in shown and "Le joueur 1 pose " in shown
    assert not re.search(r"\b(Place|common pile|your own discard|discard clockwise|seat \d|put|on [0-9AJQK]+[♣♦♥♠])\b", shown)
    assert not re.search(r"\b[JQK][♣♦♥♠]", shown)
    record = (tmp_path / "r.jsonl").read_text("utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "muggins_shedding" and "joueur" not in record
