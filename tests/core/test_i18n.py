"""muggins.i18n: the choice of language, the translator's functions and plural forms, laziness and the English fallback."""

from __future__ import annotations

import threading

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from muggins import i18n
from muggins.i18n import N_, choose_language, current_language, normalise_language, set_language, translator, using_language


@pytest.fixture(autouse=True)
def _process_language_reset():
    set_language(None)
    yield
    set_language(None)


def _compiled(tmp_path, domain="game"):
    catalog = Catalog(locale="fr", domain=domain)
    catalog.add("seat {n}", "place {n}")
    # French has three plural forms in the CLDR data Babel follows: one (0 and 1), many (millions: "de cartes"), other.
    catalog.add(("{n} card", "{n} cards"), ("{n} carte", "{n} de cartes", "{n} cartes"))
    catalog.add("Queen", "Dame", context="rank")
    catalog.add(("{n} hand", "{n} hands"), ("{n} donne", "{n} de donnes", "{n} donnes"), context="tally")
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{domain}.mo", "wb") as out:
        write_mo(out, catalog)
    return tmp_path / "locale"


@pytest.mark.parametrize("tag, language", [
    ("fr", "fr"), ("FR", "fr"), ("fr_FR.UTF-8", "fr"), ("fr-CA", "fr"), ("fr_BE@euro", "fr"), ("en_GB.UTF-8", "en"),
    ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("de_DE.UTF-8", None), ("", None), (None, None),
])
def test_tags_read_as_a_muggins_language(tag, language):
    assert normalise_language(tag) == language


def test_the_option_comes_first_then_muggins_lang_then_the_locale_then_english():
    env = {"MUGGINS_LANG": "fr", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"}
    assert choose_language("en", env) == "en"
    assert choose_language(None, env) == "fr"
    assert choose_language(None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US"}) == "fr"
    assert choose_language(None, {"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_US"}) == "fr"
    assert choose_language(None, {"LANG": "fr_CA.UTF-8"}) == "fr"
    assert choose_language(None, {"LC_ALL": "", "LANG": "fr_FR"}) == "fr"  # an empty variable is unset
    assert choose_language(None, {}) == "en"


def test_a_language_muggins_lacks_is_english_not_the_next_source():
    assert choose_language("de", {"MUGGINS_LANG": "fr"}) == "en"
    assert choose_language(None, {"MUGGINS_LANG": "klingon", "LANG": "fr_FR"}) == "en"
    assert choose_language(None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}) == "en"


def test_current_language_is_english_until_the_front_end_sets_it_whatever_the_environment(monkeypatch):
    monkeypatch.setenv("MUGGINS_LANG", "fr")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert current_language() == "en"
    set_language(choose_language())
    assert current_language() == "fr"
    set_language("en")
    assert current_language() == "en"
    set_language("de")
    assert current_language() == "en"


def test_messages_plural_forms_and_contexts_translate(tmp_path):
    t = translator("game", _compiled(tmp_path))
    set_language("fr")
    assert t.gettext("seat {n}").format(n=2) == "place 2"
    assert t.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carte"
    assert t.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 cartes"
    assert t.pgettext("rank", "Queen") == "Dame"
    assert t.npgettext("tally", "{n} hand", "{n} hands", 2) == "{n} donnes"
    assert t.gettext("not in the catalogue") == "not in the catalogue"  # untranslated: the English source
    set_language("en")
    assert t.gettext("seat {n}") == "seat {n}"
    assert t.ngettext("{n} card", "{n} cards", 1) == "{n} card" and t.ngettext("{n} card", "{n} cards", 0) == "{n} cards"
    assert t.pgettext("rank", "Queen") == "Queen" and t.npgettext("tally", "{n} hand", "{n} hands", 1) == "{n} hand"


def test_french_plural_takes_the_singular_for_zero_and_one(tmp_path):
    t = translator("game", _compiled(tmp_path))
    with using_language("fr"):
        assert t.ngettext("{n} card", "{n} cards", 0) == "{n} carte"
        assert t.ngettext("{n} card", "{n} cards", 2_000_000) == "{n} de cartes"


def test_no_catalogue_is_read_until_a_message_is_translated_nor_for_english(tmp_path, monkeypatch):
    reads = []
    real = i18n._read_catalogue
    monkeypatch.setattr(i18n, "_read_catalogue", lambda *a, **k: reads.append(a) or real(*a, **k))
    t = translator("game", _compiled(tmp_path))
    set_language("fr")
    assert reads == []
    set_language("en")
    t.gettext("seat {n}")
    t.ngettext("{n} card", "{n} cards", 2)
    assert reads == []
    set_language("fr")
    t.gettext("seat {n}")
    t.gettext("seat {n}")
    t.ngettext("{n} card", "{n} cards", 2)
    assert len(reads) == 1  # once per domain and language


def test_translated_gives_each_function_s_answer_in_the_language_asked_and_keeps_it_until_the_catalogues_are_read_again(tmp_path):
    t = translator("game", _compiled(tmp_path))
    assert t.translated("fr", "seat {n}") == "place {n}" and t.translated("en", "seat {n}") == "seat {n}"
    assert t.translated("fr", "Queen", "rank") == "Dame" and t.translated("fr", "{n} card", None, "{n} cards", 3) == "{n} cartes"
    assert t.translated("fr", "{n} hand", "tally", "{n} hands", 1) == "{n} donne"
    assert t.translated("en", "{n} card", None, "{n} cards", 3) == "{n} cards"
    assert t.remembered[("fr", "seat {n}")] == "place {n}"  # kept: the catalogue is not asked again
    t._catalogues = {}  # read the catalogues again (as a test pointing the translator elsewhere does): the translations too
    assert ("fr", "seat {n}") not in t.remembered and t.translated("fr", "seat {n}") == "place {n}"


def test_a_missing_catalogue_falls_back_to_english(tmp_path):
    t = translator("nothing_here", tmp_path)
    set_language("fr")
    assert t.gettext("seat {n}") == "seat {n}"
    assert t.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert not t.has_catalogue("fr")
    assert translator("game", _compiled(tmp_path)).has_catalogue("fr")


def test_one_translator_per_domain_and_folder_and_package_file_means_locale_beside_it(tmp_path):
    localedir = _compiled(tmp_path)
    module = tmp_path / "game.py"
    module.write_text("")
    assert translator("game", localedir) is translator("game", package_file=str(module))
    with pytest.raises(TypeError):
        translator("game")
    assert "game" in repr(translator("game", localedir))


def test_using_language_is_one_threads_own_and_is_undone(tmp_path):
    t = translator("game", _compiled(tmp_path))
    set_language("en")
    seen = {}

    def other_thread():
        seen["other"] = t.gettext("seat {n}")

    with using_language("fr") as chosen:
        assert chosen == "fr" and t.gettext("seat {n}") == "place {n}"
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        with using_language(None) as kept:
            assert kept == "fr"
    assert seen["other"] == "seat {n}"
    assert t.gettext("seat {n}") == "seat {n}"
    with using_language("de"):
        assert current_language() == "en"


def test_n_marks_without_translating():
    assert N_("hands played") == "hands played"
