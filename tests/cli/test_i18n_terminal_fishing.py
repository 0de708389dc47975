"""A whole fishing match of one deal in French on a pseudo-terminal of 80 columns: French narration, prompts, menus and cards, no line wider than the screen."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
pytest.importorskip("willughby_fishing")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _answer(tail: str) -> str | None:
    """The keys a French player types for the last line on the screen: the first choice, a count of 0, Enter, a key after a banner."""
    if re.search(r"choisissez 1-\d+ > $", tail):
        return "1\r"
    if tail.endswith("? = aide > "):
        return "0\r" if "tapez un nombre" in tail else "\r"
    if tail.endswith("appuyez sur Entrée pour continuer "):
        return "\r"
    if tail.endswith("appuyez sur une touche pour continuer "):
        return " "
    return None


def _play_out(term, timeout: float = 120) -> int:
    deadline = time.monotonic() + timeout
    answered = None
    while term.process.poll() is None:
        assert time.monotonic() < deadline, f"the game did not end; the screen ends with:\n{term.screen[-1500:]}"
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


def test_a_whole_fishing_match_in_french_at_the_terminal(terminal, tmp_path):
    (tmp_path / "court.toml").write_text("deals = 1\n")  # one deal of the five, so the test stays short
    term = terminal("--lang", "fr", "play", "willughby_fishing", "--rules", "court.toml", "--seed", "5", "--pace", "0",
                    "--record", "r.jsonl", plugins="willughby_fishing", width=80)
    assert _play_out(term) == 0
    lines = term.lines()
    shown = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for french in ("enregistrement dans r.jsonl", "Donne 1 sur 1 · donneur ", "Table (", "Votre main (", "Joueur ", "jetons",
                   "Donne 1 réglée : ", "Soldes : ", "Partie terminée : ", "résultat : ", "enregistrement : r.jsonl"):
        assert french in shown, french
    assert not re.search(r"\b(Your hand|Deal 1|Chips:|Match over|recording to|result:)", shown)
    # The narration, the table, the prompts and the menus all name cards the French way and speak French.
    narration = [line for line in lines if line.startswith(("Le joueur", "Vous ", "Votre ", "Table (", "Donne", "Coupe", "Seul "))]
    assert len(narration) > 20
    assert not re.search(r"\b[JQK][♣♦♥♠]", shown)
    for french in ("l’étalement (vous avez donné) : réclamer ?", " joue ", " et prend ", "Capturez (la capture est obligatoire) :", " prend "):
        assert french in shown, french
    # A shortcut names the text it types (`c = claim`), as in every language; the words around it are French.
    assert "Entrée = laisser ; c = claim ;" in shown and "claim?" not in shown
    assert not re.search(r"\b(let it be|takes?|Capture \(|lie down|lies down|[Yy]ou lie|no \(more\) claims|Before the first turn|"
                         r"As dealer|plays|dealt|into your collection)\b", shown)
    record = (tmp_path / "r.jsonl").read_text("utf-8")
    assert json.loads(record.splitlines()[0])["game"] == "willughby_fishing" and "joueur" not in record

