"""The kit's keys check: no two choices of a decision share a key or a typed word in any language the game speaks.

Tally's windows offer `pass` (Enter, `p`, `accept`, `ok`), `overcount`
(`o`) and `muggins N`; a catalogue that gives `overcount` the key `p` in
French leaves `p` picking neither in French, and the check must say so
in one line naming the two actions, the key and the language.
"""

from __future__ import annotations

import pytest

from muggins.actions import Claim, Move, Pass, keys_in, picked_by, typed_in
from muggins.testing import ContractError, check_game, check_keys, game_languages, key_clash


class FakeCatalogue:
    """A game's French catalogue of action keys and words (only what `keys_in` and `typed_in` ask of a Translator)."""

    def __init__(self, keys: dict[str, str], words: dict[str, str]) -> None:
        self.keys, self.words = keys, words

    def has_catalogue(self, language: str) -> bool:
        return language == "fr"

    def pgettext(self, context: str, message: str) -> str:
        from muggins.i18n import current_language

        if current_language() != "fr":
            return message
        return (self.keys if context == "action key" else self.words).get(message, message)


SMALL = {"players": [2], "games": 2, "seed": 3}


def test_a_game_without_translated_keys_types_its_actions_as_written(tally):
    overcount = Claim("overcount", keys=("o",))
    assert keys_in(overcount, tally, "fr") == ("o",) and typed_in(overcount, tally, "fr") == "overcount"
    assert picked_by([overcount], "overcount", tally, "fr") is None  # English texts stay find_action's
    assert game_languages(tally) == ("en",)


def test_keys_and_words_come_from_the_game_catalogue_in_the_player_language(tally, monkeypatch):
    monkeypatch.setattr(type(tally), "translations", FakeCatalogue({"o": "e"}, {"overcount": "trop", "announce": "annoncer", "lie down": "se coucher"}))
    overcount, announce, lie = Claim("overcount", keys=("o",)), Move("announce 5"), Move("lie down")
    assert keys_in(overcount, tally, "fr") == ("e",) and keys_in(overcount, tally, "en") == ("o",)
    assert keys_in(Pass(), tally, "fr") == ("", "p", "accept", "ok")  # untranslated keys stay; Enter is Enter
    assert typed_in(overcount, tally, "fr") == "trop" and typed_in(announce, tally, "fr") == "annoncer 5"
    assert typed_in(lie, tally, "fr") == "se coucher" and typed_in(lie, tally, "en") == "lie down"
    assert typed_in(Move("play 5H to common 1"), tally, "fr") == "play 5H to common 1"  # a text of cards keeps its English
    assert picked_by([overcount, announce], "ANNONCER  5", tally, "fr") is announce
    assert picked_by([Claim("claim", keys=("c",))], "reclamer", type(tally)(), "fr") is None


def test_the_check_flags_two_actions_sharing_a_french_key(tally, registry, monkeypatch):
    monkeypatch.setattr(type(tally), "translations", FakeCatalogue({"o": "p"}, {}))
    assert game_languages(tally) == ("en", "fr")
    clash = key_clash([Pass(), Claim("overcount", keys=("o",))], tally, "fr")
    assert clash == "'pass' and 'overcount' share the key 'p' in 'fr'; each action of a decision needs keys of its own"
    with pytest.raises(ContractError) as raised:
        check_keys(tally, registry=registry, **SMALL)
    assert raised.value.check == "keys" and "share the key 'p' in 'fr'" in str(raised.value)
    with pytest.raises(ContractError, match="fails the keys check"):
        check_game(tally, registry=registry, **SMALL)


def test_the_check_flags_two_actions_typed_alike_in_french(tally, registry, monkeypatch):
    monkeypatch.setattr(type(tally), "translations", FakeCatalogue({}, {"overcount": "passer", "pass": "passer"}))
    with pytest.raises(ContractError, match="'pass' and 'overcount' are both typed 'passer' in 'fr'"):
        check_keys(tally, registry=registry, **SMALL)


def test_the_check_passes_distinct_french_keys_and_words(tally, registry, monkeypatch):
    monkeypatch.setattr(type(tally), "translations", FakeCatalogue({"o": "e", "accept": "accepter"}, {"overcount": "trop", "pass": "accepter"}))
    report = check_keys(tally, registry=registry, **SMALL)
    assert report.decisions > 0 and report.windows > 0
