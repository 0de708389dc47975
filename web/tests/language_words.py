"""The words of one language found on a screen read in the other: the check of the web's transcript tests, on frames and on a page's text.

The word lists are the terminal transcripts' (tests/fixtures/language_words.json);
before the words are read, what is not a word of either language is taken
out: the game names, card codes, a title the French keeps in English, a
message's {placeholders} (the page fills them in) and seat options typed as
they are written (`error_rate=0.2`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

WORDS = json.loads((Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "language_words.json").read_text(encoding="utf-8"))
OTHER = {"fr": set(WORDS["en"]) - {"on"}, "en": set(WORDS["fr"])}  # "on" is a French word too ("on attend…")
NOT_WORDS = re.compile(r"muggins_shedding|cribbage_muggins|willughby_fishing|«\s?Laugh and Lie Down\s?»|\b(10|[2-9AJQKVDR])[CDHS]\b"
                       r"|\{\w+\}|\b[a-z_]+=\S+")


def foreign_words(texts: Iterable[str], language: str) -> dict[str, str]:
    """Each word of the other language found in `texts`, with the first text it was found in."""
    found: dict[str, str] = {}
    for text in texts:
        for word in re.findall(r"[^\W\d_]+", NOT_WORDS.sub(" ", text)):
            if word.lower() in OTHER[language]:
                found.setdefault(word.lower(), text)
    return found
