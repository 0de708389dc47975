"""`method_text` in French: the last line of `muggins cribbage discard` worded for a reader on request, English (as `--json` keeps it) by default."""

from __future__ import annotations

import pytest

from muggins.i18n import using_language

from cribbage_muggins.analysis import method_text


@pytest.mark.parametrize("args", [(2,), (3,), (4,), (2, None, 3, False), (4, 50, 7)])
def test_the_method_reads_as_before_in_english_and_shown_in_english(args):
    assert method_text(*args, shown=True) == method_text(*args)
    with using_language("fr"):
        assert method_text(*args).startswith("hand: exact over every unseen starter; crib: ")  # what --json holds, in any language


def test_the_method_shown_in_french():
    with using_language("fr"):
        assert method_text(2, shown=True) == ("main\u202f: exact sur chaque carte de départ non vue\u202f; crib\u202f: exact, la carte de départ et "
                                              "les 2 cartes de l’adversaire à la crib tirées uniformément parmi les cartes non vues")
        assert method_text(3, 50, 7, shown=True) == (
            "main\u202f: exact sur chaque carte de départ non vue\u202f; crib\u202f: Monte-Carlo sur 50 donnes (graine 7), la carte de départ et "
            "les cartes des autres joueurs à la crib et la carte du paquet tirées uniformément parmi les cartes non vues")
