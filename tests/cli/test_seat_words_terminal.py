"""A person at the terminal reads the seats in words, in English and in French: the opponents line and the result line never show a seat spec."""

from __future__ import annotations

import re
import sys

import pytest

from muggins.records import read_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

SPEC = "novice:error_rate=0.2,attention=0.75"
WORDS = {
    "en": "a novice who errs about one time in five and who catches the others' mistakes about three times in four",
    "fr": "un débutant qui se trompe environ une fois sur cinq et qui relève les erreurs des autres environ trois fois sur quatre",
}
OPPONENTS = {"en": f"Opponents: seats 1 and 2, each {WORDS['en']}", "fr": f"Adversaires\u202f: joueurs 1 et 2, chacun {WORDS['fr']}"}
RESULT = {"en": r"^result: (.*)$", "fr": r"^résultat\u202f: (.*)$"}
PERSON = {"en": "a person", "fr": "une personne"}


def said(lines: list[str]) -> str:
    """The screen's lines as one text, each broken line joined again where the width broke it."""
    return " ".join(line.strip() for line in lines)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_opponents_and_the_result_are_said_in_words_at_an_80_column_terminal(terminal, tmp_path, played_out_in_french, language):
    args = ("--lang", "fr") if language == "fr" else ()
    term = terminal(*args, "play", "tally", "--opponents", SPEC, "--seed", "5", "--pace", "0", "--record", "r.jsonl")
    assert (played_out_in_french(term) if language == "fr" else term.play_out()) == 0
    lines = term.lines()
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    text = said(lines)
    assert OPPONENTS[language] in text  # said at the start, and atop each table
    assert text.count(OPPONENTS[language]) >= 2
    result = next(found.group(1) for line in lines if (found := re.match(RESULT[language], line)))
    winners = read_record(tmp_path / "r.jsonl").result["winners"]
    assert winners and all(f"({PERSON[language] if seat == 0 else WORDS[language]}" in text[text.index(result):] for seat in winners)
    assert "error_rate" not in text and "novice:" not in text, [line for line in lines if "error_rate" in line or "novice:" in line]
    assert read_record(tmp_path / "r.jsonl").seats == ["human", SPEC, SPEC]  # the record keeps the specs as given


@pytest.mark.plugins
def test_a_partner_is_named_apart_from_the_opponents_in_either_language():
    from muggins.i18n import using_language
    from muggins.plugins import load_registry, reset_registry

    from muggins_cli.commands import _tell_partners
    from muggins_cli.human import HumanPlayer, opponents_line

    registry = load_registry(only=["cribbage_muggins"])
    reset_registry(registry)
    try:
        game = registry.game("cribbage_muggins")
        person = HumanPlayer(game, 1, seats=["expert", "human", "novice", "expert"])
        _tell_partners([person, object()], game.sides(game.Rules(partnerships=True), 4))
        assert person.partners == (3,)
        assert opponents_line(person.seats, 1, game, person.partners) == (
            "Partner: seat 3, an expert. Opponents: seat 0, an expert · seat 2, a novice")
        with using_language("fr"):
            assert opponents_line(person.seats, 1, game, person.partners) == (
                "Partenaire\u202f: joueur 3, un expert. Adversaires\u202f: joueur 0, un expert · joueur 2, un débutant")
        _tell_partners([person], None)  # every seat alone: nobody is a partner
        assert person.partners == () and opponents_line(person.seats, 1, game) == "Opponents: seats 0 and 3, each an expert · seat 2, a novice"
    finally:
        reset_registry(None)
