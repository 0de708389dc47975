"""The kit's translation check: a planted untranslated message is named, a missing catalogue and a stale .mo are warned about."""

from __future__ import annotations

import io
import textwrap
import warnings

import pytest
from babel.messages import pofile
from babel.messages.catalog import Catalog

from muggins.testing import GameContract, UntranslatedMessages, check_translations, stale_compiled, untranslated_messages
from muggins.testing.translations import catalogue_of_game, compiled_bytes, source_messages, typography_faults

SOURCE = '''
"""A game's words."""
from muggins.i18n import N_, translator

_t = translator("toy", package_file=__file__)
_, ngettext, pgettext = _t.gettext, _t.ngettext, _t.pgettext
LABELS = {"calls": N_("Muggins calls")}


def words(n):
    return [_("You turned {card}."), ngettext("{n} card", "{n} cards", n), pgettext("rank", "Q"), _("Hand {hand} is drawn.")]
'''


def _package(tmp_path, translated):
    package = tmp_path / "toy"
    (package / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(SOURCE))
    catalog = Catalog(locale="fr", domain="toy")
    for msgid, text, context in translated:
        catalog.add(msgid, text, context=context)
    po = package / "locale" / "fr" / "LC_MESSAGES" / "toy.po"
    out = io.BytesIO()
    pofile.write_po(out, catalog)
    po.write_bytes(out.getvalue())
    po.with_suffix(".mo").write_bytes(compiled_bytes(po))
    return package


COMPLETE = [
    ("Muggins calls", "appels Muggins", None), ("You turned {card}.", "Vous retournez {card}.", None),
    (("{n} card", "{n} cards"), ("{n} carte", "{n} de cartes", "{n} cartes"), None), ("Q", "D", "rank"),
    ("Hand {hand} is drawn.", "La donne {hand} est nulle.", None),
]


def test_a_package_that_marks_nothing_has_nothing_to_translate(tmp_path):
    (tmp_path / "plain.py").write_text('print("not marked")\n')
    assert [m for m in source_messages(tmp_path) if m.id] == []
    assert untranslated_messages(tmp_path, "plain", "fr") == []


def test_a_complete_catalogue_passes_without_a_warning(tmp_path):
    package = _package(tmp_path, COMPLETE)
    assert {(m.context, m.id) for m in source_messages(package, "toy") if m.id} == {
        (None, "Muggins calls"), (None, "You turned {card}."), (None, ("{n} card", "{n} cards")), ("rank", "Q"), (None, "Hand {hand} is drawn."),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_translations(package, "toy") == {"fr": []}
    assert stale_compiled(package / "locale") == []


def test_messages_marked_inside_f_strings_are_extracted_too(tmp_path):
    # Babel reads an f-string as one token on Python 3.11: these were shown in English, in no catalogue.
    (tmp_path / "inside.py").write_text(textwrap.dedent('''
        from muggins.i18n import translator
        _t = translator("inside", package_file=__file__)
        _, ngettext, pgettext, npgettext = _t.gettext, _t.ngettext, _t.pgettext, _t.npgettext
        def line(seat, me, n, key, parts, phase):
            cuts = ", ".join(f"{pgettext('cut', 'You') if s == me else s}" for s in seat)
            paused = f"\\r{key}  {_('paused: {key} goes on').format(key=key)}"
            nested = f"""{f'{ngettext("{n} card", "{n} cards", n)}'} {npgettext('pile', '{n} pile', '{n} piles', n)}"""
            variable = f"{_(parts[phase])} {_('outside') + '!'} {pgettext()} {_()}"
            return cuts, paused, nested, variable, _("plain")
    '''))
    found = {(m.context, m.id): m.locations for m in source_messages(tmp_path, "inside") if m.id}
    assert set(found) == {("cut", "You"), (None, "paused: {key} goes on"), (None, ("{n} card", "{n} cards")),
                          ("pile", ("{n} pile", "{n} piles")), (None, "outside"), (None, "plain")}
    assert found[("cut", "You")] == [("inside.py", 6)]
    assert found[(None, "plain")] == [("inside.py", 10)]  # found by Babel once, not again


def test_a_planted_untranslated_message_is_named_in_a_warning(tmp_path):
    package = _package(tmp_path, [entry for entry in COMPLETE if entry[0] != "Hand {hand} is drawn."])
    with pytest.warns(UntranslatedMessages, match=r"toy: 1 message not translated into 'fr': 'Hand \{hand\} is drawn.'"):
        assert check_translations(package, "toy") == {"fr": ["Hand {hand} is drawn."]}


def test_a_translation_whose_placeholders_do_not_fit_is_flagged(tmp_path):
    # Each would be shown in English when played: `{m}` for `{n}`, a stray brace, a placeholder of a singular message left out.
    package = _package(tmp_path, [
        ("Muggins calls", "appels Muggins", None), ("You turned {card}.", "Vous retournez {carte}.", None),
        (("{n} card", "{n} cards"), ("une carte", "{n} de cartes", "{m} cartes"), None), ("Q", "D {", "rank"),
        ("Hand {hand} is drawn.", "La donne est nulle.", None),
    ])
    with pytest.warns(UntranslatedMessages, match=r"toy: 4 'fr' translations whose placeholders do not fit") as caught:
        report = check_translations(package, "toy")
    assert report == {"fr": ["Hand {hand} is drawn.", "You turned {card}.", "rank|Q", "{n} card"]}
    said = " ".join(str(w.message) for w in caught)
    assert "{carte}" in said and "{m}" in said and "brace" in said and "left out: {hand}" in said


def test_a_french_translation_that_breaks_the_typography_is_listed_and_warned_about(tmp_path):
    # Plain spaces where a narrow no-break space belongs, straight quotes where « » belong: the words read, so not in the report.
    package = _package(tmp_path, [entry if entry[0] != "Hand {hand} is drawn." else (entry[0], 'La donne "{hand}" est nulle : rejouez !', None)
                                  for entry in COMPLETE])
    assert typography_faults(package / "locale", "toy", "fr") == {"Hand {hand} is drawn.": [
        "straight quotes around '{hand}' where « » belong", "a plain space before :", "a plain space before !"]}
    assert typography_faults(package / "locale", "toy", "de") == {} and typography_faults(package / "locale", "toy", "en") == {}
    with pytest.warns(UntranslatedMessages, match=r"toy: 1 'fr' translation breaking the language's typography"):
        assert check_translations(package, "toy") == {"fr": []}
    set_right = _package(tmp_path / "again", [entry if entry[0] != "Hand {hand} is drawn." else
                                              (entry[0], "La donne «\u202f{hand}\u202f» est nulle\u202f: rejouez\u202f!", None)
                                              for entry in COMPLETE])
    assert typography_faults(set_right / "locale", "toy", "fr") == {}


def test_a_plural_form_may_leave_the_number_out(tmp_path):
    package = _package(tmp_path, [entry if entry[0] != ("{n} card", "{n} cards") else
                                  (entry[0], ("une carte", "{n} de cartes", "{n} cartes"), None) for entry in COMPLETE])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_translations(package, "toy") == {"fr": []}


def test_fuzzy_empty_plural_and_context_entries_count_as_untranslated(tmp_path):
    package = _package(tmp_path, [
        ("Muggins calls", "", None), ("You turned {card}.", "Vous retournez {card}.", None),
        (("{n} card", "{n} cards"), ("{n} carte", "", ""), None), ("Q", "D", None), ("Hand {hand} is drawn.", "La donne est nulle.", None),
    ])
    po = package / "locale" / "fr" / "LC_MESSAGES" / "toy.po"
    text = po.read_text("utf-8").replace('msgid "Hand {hand} is drawn."', '#, fuzzy\nmsgid "Hand {hand} is drawn."')
    po.write_text(text, "utf-8")
    assert untranslated_messages(package, "toy", "fr") == ["Hand {hand} is drawn.", "Muggins calls", "rank|Q", "{n} card"]


def test_a_language_without_a_catalogue_and_a_stale_mo_are_warned_about(tmp_path):
    package = _package(tmp_path, COMPLETE)
    with pytest.warns(UntranslatedMessages, match=r"toy: no 'de' catalogue .* every message a player reads is in English \(5 marked"):
        check_translations(package, "toy", ("de",))
    po = package / "locale" / "fr" / "LC_MESSAGES" / "toy.po"
    po.write_text(po.read_text("utf-8").replace("Vous retournez", "Vous avez retourné"), "utf-8")
    assert stale_compiled(package / "locale") == [str(po)]
    with pytest.warns(UntranslatedMessages, match="compiled catalogues older than their .po"):
        check_translations(package, "toy")


def test_many_untranslated_messages_are_summed_up(tmp_path):
    package = tmp_path / "big"
    package.mkdir()
    (package / "__init__.py").write_text("from gettext import gettext as _\n" + "".join(f"_('message {n}')\n" for n in range(12)))
    elsewhere = tmp_path / "elsewhere" / "fr" / "LC_MESSAGES"
    elsewhere.mkdir(parents=True)
    out = io.BytesIO()
    pofile.write_po(out, Catalog(locale="fr", domain="big"))
    (elsewhere / "big.po").write_bytes(out.getvalue())
    (elsewhere / "big.mo").write_bytes(compiled_bytes(elsewhere / "big.po"))
    with pytest.warns(UntranslatedMessages, match=r"12 messages not translated .* and 2 more"):
        check_translations(package, "big", localedir=tmp_path / "elsewhere")


@pytest.mark.plugins
def test_game_contract_checks_the_games_own_package(recwarn):
    shedding = pytest.importorskip("muggins_shedding")

    class SheddingTranslations(GameContract):
        game_name = "muggins_shedding"

    contract = SheddingTranslations()
    assert catalogue_of_game(contract.make_game())[1] == "muggins_shedding"
    contract.test_translations()
    assert [w for w in recwarn if issubclass(w.category, UntranslatedMessages)] == []

    class InGerman(SheddingTranslations):
        languages = ("de",)

    with pytest.warns(UntranslatedMessages, match="muggins_shedding: no 'de' catalogue"):
        InGerman().test_translations()

    class WithAHouseRule(SheddingTranslations):
        house_rules = ("k_wraps",)
        languages = ("de",)

    WithAHouseRule.test_translations(WithAHouseRule())  # a house rule's contract checks no game's words
    assert shedding
