"""The language each person at a browser table reads: chosen per connection, and the web package's own catalogue.

A page's language is, in order: its `lang` query parameter (the page's
FR/EN switch reloads with it), the `muggins_lang` cookie the switch also
sets (so the next page of the same browser keeps it), the request's
`Accept-Language` header by its q-values, else the server's own language
(`muggins --lang`, `MUGGINS_LANG` or the locale it was started in), English
unless it was told otherwise; a language muggins has no catalogue for is
passed over. The web package's messages (the
server's refusals and notices, the lobby's words, the pages' fixed words)
are marked with this module's `_` and `N_` and live in the `muggins_web`
domain, `locale/` beside this module. Frames are built under
`muggins.i18n.using_language` for each language a seat is watched in, so
two people at one table each read their own; records and the tokens file
never hold a language.
"""

from __future__ import annotations

from typing import Mapping

from muggins.i18n import N_, current_language, normalise_language, translator

__all__ = ["COOKIE", "LANGUAGE_NAMES", "N_", "_", "choose", "from_accept_language", "game_title", "ngettext", "pgettext"]

_translator = translator("muggins_web", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

#: The cookie the page's language switch sets.
COOKIE = "muggins_lang"
#: Each language as its own speakers name it, for the switch.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def from_accept_language(header: str | None) -> str | None:
    """The language muggins speaks that an `Accept-Language` header prefers most (by q-value, then order), or None.

    `*` is not taken as a choice: a browser that sends only it has said nothing.
    """
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:32]):  # a header of thousands of tags is read no further
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        language = normalise_language(tag) if tag.strip() not in ("", "*") else None
        if language is not None and quality > 0:
            ranked.append((-quality, order, language))
    return min(ranked)[2] if ranked else None


def choose(query: Mapping[str, str], cookies: Mapping[str, str], headers: Mapping[str, str]) -> str:
    """The language of one page or connection: `lang` in the query, else the switch's cookie, else `Accept-Language`, else the server's."""
    for given in (query.get("lang"), cookies.get(COOKIE)):
        language = normalise_language(given) if given else None
        if language is not None:
            return language
    return from_accept_language(headers.get("accept-language")) or current_language()


def game_title(game: object, language: str | None = None) -> str:
    """A game's title as a page shows it, in `language` (the language in force by default): `Game.shown_title`, else its English title."""
    shown = getattr(game, "shown_title", None)
    if shown is not None:
        return shown(language)
    return getattr(game, "title", getattr(game, "name", ""))
