"""Whole games at an 80-column terminal typed in the player's own words: each of the three games in French and in English, answered only with the words, keys and cards of that language.

A French player types French cards (`3K 5T`, `4P sur la pile commune 1`,
`V♣`), the French words of the prompts (`accepter`, `passer`, `laisser`,
`annoncer 4`, `trop`, `muggins`, `réclamer`) and Enter or a key at a
banner, never an English text or a menu number; an English player the same
in English. Over each transcript: no answer refused, the game played to its
result, no line wider than 80 columns, and no word of the other language
(a French screen shows no English beyond the game names and card codes).
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.plugins, pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")]

GAMES = {
    # Small games, so each plays out in a second or two: cribbage to 61, shedding at three players.
    "cribbage_muggins": ("--rules", "court.toml", "--seed", "4"),
    "muggins_shedding": ("--players", "3", "--seed", "7"),
    "willughby_fishing": ("--seed", "4"),
}

#: How each language writes a card: rank letters and suit letters.
RANKS = {"fr": {"V": "V", "D": "D", "R": "R", "J": "V", "Q": "D", "K": "R"}, "en": {"J": "J", "Q": "Q", "K": "K", "V": "J", "D": "Q", "R": "K"}}
SUITS = {"fr": {"♠": "P", "♥": "C", "♦": "K", "♣": "T"}, "en": {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}}
CARD = re.compile(r"(10|[2-9AJQKVDR])([♣♦♥♠])")

#: What each language's prompts look like.
PROMPTS = {
    "fr": {"menu": r"choisissez 1-\d+ > $", "line": "? = aide > ", "number": "tapez un nombre", "count": "annoncer",
           "enter": "Entrée", "any key": "appuyez sur une touche pour continuer ", "enter key": "appuyez sur Entrée pour continuer ",
           "refused": ("n’est pas l’un des choix", "il n’y a pas de", "choisissez, s’il vous plaît", "a besoin d’un nombre")},
    "en": {"menu": r"choose 1-\d+ > $", "line": "? = help > ", "number": "type a number", "count": "announce",
           "enter": "Enter", "any key": "press any key to go on ", "enter key": "press Enter to go on ",
           "refused": ("is not one of the choices", "there is no ", "please choose", "needs a number")},
}

#: Words of the other language that must not be on a screen (card codes and the game names are not words here).
_WORDS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "language_words.json").read_text(encoding="utf-8"))
ENGLISH, FRENCH = set(_WORDS["en"]), set(_WORDS["fr"])
#: Taken out before the words are read: file paths, the game names and a title the French keeps in English.
NOT_WORDS = re.compile(r"\S*/\S*|\S+\.jsonl|muggins_shedding|cribbage_muggins|willughby_fishing|« ?Laugh and Lie Down ?»")


def written(card: re.Match, language: str) -> str:
    rank, suit = card.group(1), card.group(2)
    return RANKS[language].get(rank, rank) + SUITS[language][suit]


def menu_items(screen: str) -> dict[int, str]:
    """The numbered choices of the menu just above the prompt: number to label (two-column menus and wrapped labels read)."""
    lines = [line for line in screen.replace("\r\n", "\n").split("\n")][:-1]
    block: list[str] = []
    for line in reversed(lines):
        if not line.startswith(" "):
            break
        block.insert(0, line)
    items: dict[int, str] = {}
    last = None
    for line in block:
        found = list(re.finditer(r"(\d+)\) (.+?)(?=\s{2,}\d+\) |\s*$)", line))
        if found:
            for match in found:
                last = int(match.group(1))
                items[last] = match.group(2).strip()
        elif last is not None and not line.lstrip().startswith("("):
            items[last] += " " + line.strip()
    return items


def typed_choice(items: dict[int, str], language: str) -> str | None:
    """What a player types for the menu's first choice: its cards alone when no other choice names the same, else its label with the cards in letters."""
    label = items.get(1)
    if label is None:
        return None
    cards = sorted(CARD.findall(label))
    if cards and sum(sorted(CARD.findall(other)) == cards for other in items.values()) == 1:
        return " ".join(written(found, language) for found in CARD.finditer(label))
    return CARD.sub(lambda found: written(found, language), label)


def answer(screen: str, language: str, windows: list[int]) -> str | None:
    """The keys typed for whatever the last line asks (None: nothing to answer yet)."""
    words = PROMPTS[language]
    tail = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.rsplit("\n", 1)[-1].rsplit("\r", 1)[-1])
    if re.search(words["menu"], tail):
        typed = typed_choice(menu_items(screen), language)
        assert typed is not None, f"no menu found above {tail!r}"
        return typed + "\r"
    if tail.endswith(words["line"]):
        if words["number"] in tail:
            return f"{words['count']} 4\r"
        pairs = [(key.strip(), word.strip()) for key, word in re.findall(r"([^;=]+?) = ([^;]+?)(?= ;| ?;|$)", tail.removesuffix(words["line"]))]
        standing = next(word for key, word in pairs if key.endswith(words["enter"]))
        others = [word for key, word in pairs if len(key) == 1 and key not in "t?" and " " not in word]
        windows.append(1)
        # Every fifth window says the call or claim the window offers, in words; otherwise the standing answer, in words.
        return (others[0] if others and len(windows) % 5 == 0 else standing) + "\r"
    if tail.endswith(words["any key"]):
        return " "
    if tail.endswith(words["enter key"]):
        return "\r"
    return None


def play_by_typing(term, language: str, timeout: float = 120) -> tuple[int, list[str]]:
    """Answer the game to its end as a player of `language` types; its exit code and every answer typed."""
    deadline = time.monotonic() + timeout
    answered, typed, windows = None, [], []
    while term.process.poll() is None:
        assert time.monotonic() < deadline, f"the game did not end; the screen ends with:\n{term.screen[-1500:]}"
        if len(term.screen) == answered:
            term.read(0.5)
            continue
        keys = answer(term.screen, language, windows)
        if keys is None:
            term.read(0.5)
            continue
        term.type(keys)
        typed.append(keys.strip())
        answered = len(term.screen)
    while term.read(0.2):
        pass
    return term.process.wait(timeout=10), typed


def shown_width(line: str, typed: set[str]) -> int:
    """A line's width as the program printed it: an answer's echo after a prompt's `> ` is the player's, not the program's."""
    head, mark, echo = line.rpartition("> ")
    return len(head + mark) if mark and echo.strip() in typed else len(line)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_typed_in_the_players_own_words(terminal, tmp_path, game, language):
    (tmp_path / "court.toml").write_text("target = 61\n")
    pytest.importorskip(game)
    term = terminal("--lang", language, "play", game, *GAMES[game], "--pace", "0", "--record", "r.jsonl", plugins=game, width=80)
    code, typed = play_by_typing(term, language)
    lines = term.lines()
    shown = "\n".join(lines)
    assert code == 0, shown[-1500:]
    assert ("résultat" if language == "fr" else "result") in shown
    refused = [line for line in lines if any(said in line for said in PROMPTS[language]["refused"])]
    assert refused == [], refused[:5]
    # Every answer was words, keys or cards of the language: no menu number, no English text in French.
    assert typed and not [keys for keys in typed if keys.isdigit()]
    cards_typed = [keys for keys in typed if re.search(r"\b(10|[2-9AVDRJQK])[PCKTSHD]\b", keys, re.I)]
    assert cards_typed, "no card was typed"
    if language == "fr":
        assert not [keys for keys in typed if re.search(r"\b(discard|play|pass|accept|claim|done|announce|overcount)\b", keys)]
    # Nothing the program printed passes 80 columns.
    wide = [line for line in lines if shown_width(line, set(typed)) > 80]
    assert wide == [], wide[:3]
    if language == "fr":  # French numbers take a true minus (the final scores of a fishing match are negative)
        assert not re.search(r"(^|\s)-\d", shown), re.findall(r".*\s-\d.*", shown)[:3]
    # No word of the other language on the screen.
    other = ENGLISH if language == "fr" else FRENCH
    words = {word.lower() for line in lines for word in re.findall(r"[^\W\d_]+", NOT_WORDS.sub(" ", line))}
    assert sorted(words & other) == [], [line for line in lines if set(re.findall(r"[^\W\d_]+", line.lower())) & other][:5]
