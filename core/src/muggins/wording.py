"""Words a game shows that are worded when they are read, in the reader's language: decision prompts and stats labels.

A decision is cached in the state and may be read by several people at
once (a browser table frames it for a French and an English reader), so
its words cannot be fixed when it is made. This module gathers what
every translated game uses for that: `worded(english, say, *args)` (from
`muggins.i18n`, where the core's actions read their labels through it),
a prompt or label that holds its English text (what equality, `repr`, records and
the core's narrowing see) and the function that words it otherwise, read
through `WordedDecision.prompt` in the language in force; and
`TranslatedLabels`, a plain dict of English stats labels (what `--json`
and the plugin checks read) whose lookups answer through the game's own
catalogue. English takes the fast path and reads exactly the text held.
It also names a card's rank as the reader writes it (`rank_word`: J, Q, K
in English, V, D, R in French, through the core's catalogue), which every
game's narration, table and menus share; the codes typed and recorded
never change.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .actions import Decision
from .i18n import Worded, shown, translator, worded

__all__ = ["TranslatedLabels", "Worded", "WordedDecision", "rank_word", "worded"]

pgettext = translator("muggins", package_file=__file__).pgettext


def rank_word(rank: int) -> str:
    """A rank (1 to 13) as the reader writes it: `2` … `10`, and A, J, Q, K in English (A, V, D, R in French)."""
    if 2 <= rank <= 10:
        return str(rank)
    if rank == 1:
        return pgettext("rank", "A")
    if rank == 11:
        return pgettext("rank", "J")
    return pgettext("rank", "Q") if rank == 12 else pgettext("rank", "K")


class WordedDecision(Decision):
    """A decision whose prompt (a `Worded`) is worded when read, in the reader's language.

    The tuple holds the English prompt, so equality, `repr` and `_replace`
    (the core's narrowing under `mistakes = "prevented"`) are as a plain
    `Decision`'s; only the `prompt` attribute a front end reads is worded.
    """

    __slots__ = ()

    @property
    def prompt(self) -> str:  # type: ignore[override]
        return shown(tuple.__getitem__(self, 4))


class TranslatedLabels(dict):
    """The stats' labels, a plain dict of English text whose lookups answer in the current language.

    The dict holds the English (what `--json` and the plugin checks read);
    `labels[key]` and `labels.get(key)` translate through `gettext` (the
    game's own catalogue), so a front end showing a label shows it in the
    player's language.
    """

    def __init__(self, gettext: Callable[[str], str], labels: Mapping[str, str]) -> None:
        super().__init__(labels)
        self._gettext = gettext

    def __getitem__(self, key: str) -> str:
        return self._gettext(super().__getitem__(key))

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        found = super().get(key)
        return self._gettext(found) if found is not None else default

    def __reduce__(self) -> Any:
        # A catalogue holds a lock and does not pickle: a copy sent elsewhere is the English dict it holds.
        return (dict, (dict(self),))
