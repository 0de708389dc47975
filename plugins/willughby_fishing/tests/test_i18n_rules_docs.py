"""The house rules' documentation in the game's French catalogue: each rule's `doc` is marked and translated, its English unchanged.

`muggins rules` prints the docs as the rules class holds them (English);
the catalogue has each one in French for a front end that words them
through the game's `translations`.
"""

from __future__ import annotations

import dataclasses

from muggins.i18n import using_language

from willughby_fishing.game import _translator
from willughby_fishing.rules import FishingRules


def test_every_rule_doc_is_in_the_french_catalogue_with_as_many_lines_or_more():
    for field in dataclasses.fields(FishingRules):
        doc = field.metadata["doc"]
        with using_language("fr"):
            french = _translator.gettext(doc)
        assert french != doc and french.strip(), field.name
        assert len(french.splitlines()) >= len(doc.splitlines()) and max(map(len, french.splitlines())) <= 110, field.name
    assert dataclasses.fields(FishingRules)[0].metadata["doc"].startswith("Who takes the reward (5 chips as standard)")
