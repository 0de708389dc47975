"""The terminal in the player's language: keys, typed words and `?` as the game's catalogue gives them, the English still read.

A fake game's French catalogue gives `overcount` the key `e` and the word
`trop`, `pass` the word `accepter` and `announce` the word `annoncer`.
The key line and `?` must then show no English word, typing the French
key or word (with or without its accents) must pick the action, the
English key and text must still work where no French key takes them, and
in English nothing changes.
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.actions import Claim, Decision, Move, Pass
from muggins.i18n import current_language, using_language
from muggins_cli.human import HumanPlayer, compact_prompt, menu_lines, pick

ACCEPT = Pass(label="accept")
OVERCOUNT = Claim("overcount", label="overcount", keys=("o",))
MUGGINS = [Claim("muggins", k) for k in range(1, 6)]
WINDOW = Decision(1, "respond", (ACCEPT, OVERCOUNT, *MUGGINS), (ACCEPT,), "seat 0 counts 8", True, standing=ACCEPT)
COUNT = Decision(0, "count", tuple(Move(f"announce {n}", label=str(n)) for n in range(30)), (Move("announce 8"),), "Count your hand", True)
PLAY = Decision(0, "play", (Move("play 5H", label="5♥"), Move("discard 2C", label="lay away 2♣")), (Move("play 5H"),), "Play a card")

FRENCH_KEYS = {"o": "e", "accept": "accepter"}
FRENCH_WORDS = {"overcount": "trop", "pass": "accepter", "announce": "annoncer", "muggins": "muggins"}


class Catalogue:
    def __init__(self, keys=FRENCH_KEYS, words=FRENCH_WORDS):
        self.keys, self.words = keys, words

    def has_catalogue(self, language):
        return language == "fr"

    def pgettext(self, context, message):
        if current_language() != "fr":
            return message
        return (self.keys if context == "action key" else self.words).get(message, message)


class Game:
    translations = Catalogue()

    def render(self, view, seat):
        return "[table]"

    def describe(self, event, seat):
        return None


@pytest.fixture
def french():
    with using_language("fr"):
        yield


ENGLISH_WORDS = re.compile(r"\b(overcount|accept|announce|pass|play|discard)\b")


def test_the_french_key_line_of_a_window_has_no_english_word(french):
    line = compact_prompt(WINDOW, Game())
    assert line.startswith("  Entrée = accept\u202f; e = trop\u202f; m N = muggins N\u202f;")  # the standing answer by its (fake, English) label
    assert not ENGLISH_WORDS.search(line.replace("Entrée = accept\u202f;", ""))
    assert "o = " not in line


def test_french_keys_and_words_pick_the_action_and_the_english_still_work(french):
    game = Game()
    for typed in ("e", "E", "trop", "overcount", "o"):
        assert pick(WINDOW, typed, numbers_first=False, game=game) is OVERCOUNT, typed
    for typed in ("accepter", "", "ok"):
        assert pick(WINDOW, typed, numbers_first=False, game=game) is ACCEPT, typed
    assert pick(WINDOW, "m 3", numbers_first=False, game=game) is MUGGINS[2]
    assert pick(COUNT, "annoncer 5", numbers_first=False, game=game) == Move("announce 5")
    assert pick(COUNT, "announce 6", numbers_first=False, game=game) == Move("announce 6")
    assert pick(COUNT, "7", numbers_first=False, game=game) == Move("announce 7")


def test_an_english_key_loses_only_to_another_actions_french_key(french):
    clashing = Game()
    clashing.translations = Catalogue(keys={"o": "x", "accept": "o"})  # in French `o` is accept's
    assert pick(WINDOW, "o", numbers_first=False, game=clashing) is ACCEPT
    assert pick(WINDOW, "x", numbers_first=False, game=clashing) is OVERCOUNT


def test_the_french_help_lists_french_words_and_no_english_text(french):
    out = io.StringIO()
    player = HumanPlayer(Game(), 0, input=io.StringIO("?\n5\n"), output=out)
    assert player.choose({}, COUNT) == Move("announce 5")
    assert "(annoncer 0 … annoncer 29)" in out.getvalue() and "announce" not in out.getvalue()
    lines = menu_lines(PLAY.choices, texts=True, game=Game())
    assert lines == ["  1) 5♥", "  2) lay away 2♣"]  # texts of cards the catalogue leaves English are not offered in brackets
    assert menu_lines(WINDOW.choices, texts=True, game=Game())[1] == "  2) overcount (trop)"


def test_english_is_unchanged_for_a_game_with_translated_keys():
    game = Game()
    assert compact_prompt(WINDOW, game) == compact_prompt(WINDOW) == "  Enter = accept; o = overcount; m N = muggins N; t = table; ? = help > "
    assert pick(WINDOW, "e", numbers_first=False, game=game) != OVERCOUNT and pick(WINDOW, "o", numbers_first=False, game=game) is OVERCOUNT
    assert menu_lines(PLAY.choices, texts=True, game=game) == menu_lines(PLAY.choices, texts=True) == [
        "  1) 5♥ (play 5H)", "  2) lay away 2♣ (discard 2C)"]


class _NoKeysLeft:
    typeahead = ""

    def discard(self) -> None:
        pass


def test_a_flowing_window_hints_the_french_key_and_takes_the_english_one_too(french, monkeypatch):
    from muggins_cli import human as human_module

    keys = ["e", "o"]
    monkeypatch.setattr(HumanPlayer, "timed", property(lambda self: True))
    monkeypatch.setattr(human_module.keys_on_terminal, "KeyReader", _NoKeysLeft)
    monkeypatch.setattr(human_module.keys_on_terminal, "countdown", lambda reader, seconds, draw: (draw("·"), keys.pop(0))[1])
    out = io.StringIO()
    player = HumanPlayer(Game(), 1, output=out, pace=2)
    window = WINDOW._replace(choices=(ACCEPT, OVERCOUNT, MUGGINS[0]))
    assert player.choose({}, window) is OVERCOUNT
    assert player.choose({}, window) is OVERCOUNT
    shown = out.getvalue()
    assert "e = trop" in shown and "o = " not in shown and "overcount" not in shown
