"""French typography: the narrow no-break space before `: ; ! ?` and inside « », set by `muggins.typography` and checked by the kit."""

from __future__ import annotations

import io

import pytest

from muggins.i18n import using_language, written_number
from muggins.typography import MINUS, NNBSP, apart, french_typography, typography_faults


@pytest.mark.parametrize("plain, typeset", [
    ("Table : {card}", f"Table{NNBSP}: {{card}}"),
    ("Table: {card}", f"Table{NNBSP}: {{card}}"),
    ("un ; deux ! trois ?", f"un{NNBSP}; deux{NNBSP}! trois{NNBSP}?"),
    ("Vous avez répondu « {answer} ».", f"Vous avez répondu «{NNBSP}{{answer}}{NNBSP}»."),
    ("«oui»", f"«{NNBSP}oui{NNBSP}»"),
    ('comme "human" ou "novice:error_rate=0.2"', f"comme «{NNBSP}human{NNBSP}» ou «{NNBSP}novice:error_rate=0.2{NNBSP}»"),
    ("la place {seat} a « : » mais", f"la place {{seat}} a «{NNBSP}:{NNBSP}» mais"),
    ("{heading}:", f"{{heading}}{NNBSP}:"),
    (" ; ", f"{NNBSP}; "),
    ("vraiment ?!", f"vraiment{NNBSP}?!"),
    ("prix\u00a0: 3", f"prix{NNBSP}: 3"),
])
def test_a_french_text_gets_its_narrow_no_break_spaces(plain, typeset):
    assert french_typography(plain) == typeset
    assert typography_faults(plain) != []
    assert french_typography(typeset) == typeset and typography_faults(typeset) == []  # idempotent: a set text is left alone


@pytest.mark.parametrize("text", [
    "à 12:30", "voir https://cards.example.org/a?b=1", "--seat 1:expert", "écrivez GENRE:nom=valeur", "{points:>3} points",
    "`a;b` x!=y", 'une liste comme ["human", "expert"]', 'envoyez {"type": "act", "step": N}', "",
])
def test_a_colon_or_quote_that_is_not_punctuation_is_left_alone(text):
    assert french_typography(text) == text and typography_faults(text) == []


def test_each_fault_is_named():
    assert typography_faults('Table: x ; y « z»') == ["no space before :", "a plain space before ;", "a plain space after «",
                                                      "no space before »"]
    assert typography_faults('comme "human"') == ["straight quotes around 'human' where « » belong"]


def test_marks_joined_in_code_follow_the_language():
    assert apart("; ") == "; " and apart(": ") == ": "
    with using_language("fr"):
        assert apart("; ") == f"{NNBSP}; " and apart(": ") == f"{NNBSP}: " and apart(", ") == ", "


def test_french_numbers_take_a_true_minus_and_english_ones_keep_theirs():
    assert written_number("-4.02") == "-4.02"
    with using_language("fr"):
        assert written_number("-4.02") == f"{MINUS}4,02" and written_number("+4.02") == "+4,02"
        assert written_number("-1,234.5") == f"{MINUS}1{NNBSP}234,5"
