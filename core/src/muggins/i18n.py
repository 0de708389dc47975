"""Translation for muggins and its plugins: the language in force, its choice, and a translator per gettext domain.

Every package a player reads words from (the CLI, the web table, each game
plugin) ships its own gettext catalogue under its own domain, compiled
`.mo` files beside their `.po` sources in a `locale/` folder of the
package, and asks `translator(domain, localedir)` for the functions it
marks and translates its messages with: `gettext` (`_`), `ngettext`
(plural forms as the catalogue's `Plural-Forms` header says), `pgettext`
and `npgettext`. The front end chooses the language once,
`set_language(choose_language(option))`: an explicit choice (`--lang`)
first, then `MUGGINS_LANG`, then the locale (`LC_ALL`, `LC_MESSAGES`,
`LANG`, the first one set, as POSIX reads them), else English; a language
muggins has no catalogue for reads as English; until a front end chooses,
the language is English whatever the environment, so library calls and
tests word things alike everywhere. A server translating for
several players at once sets the language of one piece of work with
`using_language(lang)` (a context variable: threads and tasks do not see
each other's). Nothing is read from disk until a message is translated
into a language other than English, and each catalogue is read once, so a
command that prints nothing, or prints English, pays nothing at start-up.
Records never hold translated text: only codes and events, worded when
shown.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
import threading
from pathlib import Path
from typing import Any, Iterator, Mapping

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "Translator", "N_", "Worded", "choose_language", "current_language", "normalise_language",
    "set_language", "shown", "translator", "using_language", "worded", "written_number",
]

#: The languages muggins has catalogues for; English is the language of the source messages.
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"

#: The environment variables read for the language, in order: muggins' own, then the POSIX locale's.
LANGUAGE_VARIABLES = ("MUGGINS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

_process_language: str | None = None
_scoped_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("muggins_language", default=None)


def normalise_language(tag: str | None) -> str | None:
    """The muggins language of a tag (`fr`, `fr_FR.UTF-8`, `fr-CA`, `FR`, `en_GB@euro`), None for one muggins lacks.

    `C` and `POSIX`, the locales of no language, are English.
    """
    if not tag:
        return None
    base = tag.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    if base in ("c", "posix"):
        return DEFAULT_LANGUAGE
    return base if base in LANGUAGES else None


def choose_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: `option` (`--lang`), else `MUGGINS_LANG`, else the locale, else English.

    Each source is read only if the one before it is unset; a source that
    names a language muggins lacks falls back to English rather than to the
    next source, as a program that does not speak the locale's language does.
    """
    env = os.environ if environ is None else environ
    if option:
        return normalise_language(option) or DEFAULT_LANGUAGE
    for name in LANGUAGE_VARIABLES:
        value = env.get(name)
        if value:
            return normalise_language(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def set_language(language: str | None) -> None:
    """Set the process's language (a front end does so once, at start, with `choose_language`); None goes back to English."""
    global _process_language
    _process_language = None if language is None else (normalise_language(language) or DEFAULT_LANGUAGE)


def current_language() -> str:
    """The language messages are translated into now: the scope's (`using_language`), else the process's, else English.

    Not the environment's until a front end chooses: a library call (a
    test, a script) words things the same on every machine.
    """
    scoped = _scoped_language.get()
    if scoped is not None:
        return scoped
    return _process_language or DEFAULT_LANGUAGE


@contextlib.contextmanager
def using_language(language: str | None) -> Iterator[str]:
    """Translate into `language` within the block (this thread or task only); None keeps the language in force."""
    chosen = (normalise_language(language) or DEFAULT_LANGUAGE) if language is not None else current_language()
    token = _scoped_language.set(chosen)
    try:
        yield chosen
    finally:
        _scoped_language.reset(token)


def N_(message: str) -> str:
    """Mark `message` for extraction without translating it (a module-level label translated where it is shown)."""
    return message


class Translator:
    """The translation functions of one gettext domain, reading its catalogue for a language on first need."""

    def __init__(self, domain: str, localedir: str | os.PathLike[str]) -> None:
        self.domain = domain
        self.localedir = str(localedir)
        self._catalogues: dict[str, _gettext.NullTranslations] = {}
        self._lock = threading.Lock()

    def catalogue(self, language: str | None = None) -> _gettext.NullTranslations:
        """The catalogue for `language` (the current one by default); a missing `.mo` is English, the source messages."""
        language = language or current_language()
        found = self._catalogues.get(language)
        if found is None:
            with self._lock:
                found = self._catalogues.get(language)
                if found is None:
                    if language == DEFAULT_LANGUAGE:
                        found = _gettext.NullTranslations()
                    else:
                        found = _gettext.translation(self.domain, self.localedir, languages=[language], fallback=True)
                    self._catalogues[language] = found
        return found

    def has_catalogue(self, language: str) -> bool:
        """Whether a compiled catalogue for `language` exists for this domain."""
        return _gettext.find(self.domain, self.localedir, languages=[language]) is not None

    # Each function translates English without reading anything: the source messages are English.
    def gettext(self, message: str) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return message
        return self.catalogue(language).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return singular if n == 1 else plural
        return self.catalogue(language).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return message
        return self.catalogue(language).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return singular if n == 1 else plural
        return self.catalogue(language).npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"Translator({self.domain!r}, {self.localedir!r})"


_translators: dict[tuple[str, str], Translator] = {}


def translator(domain: str, localedir: str | os.PathLike[str] | None = None, *, package_file: str | None = None) -> Translator:
    """The `Translator` of `domain`, whose catalogues lie in `localedir` (`<lang>/LC_MESSAGES/<domain>.mo`).

    `package_file=__file__` of a package's module means the `locale/`
    folder beside it, the layout `scripts/catalogues.py` keeps. One
    translator per domain and folder, shared by every caller.
    """
    if localedir is None:
        if package_file is None:
            raise TypeError("translator() needs localedir or package_file")
        localedir = Path(package_file).resolve().parent / "locale"
    key = (domain, str(localedir))
    found = _translators.get(key)
    if found is None:
        found = _translators.setdefault(key, Translator(domain, localedir))
    return found


class Worded(str):
    """A text's English, with the function and arguments that word it in another language (`worded`)."""

    __slots__ = ("say", "args")

    say: Any
    args: tuple


def worded(english: str, say: Any, *args: Any) -> Worded:
    """The text `english`, worded as `say(*args)` for a reader of another language (`say` a module-level function, so it pickles).

    Held where a text is made once and read later, perhaps by readers of
    several languages (a decision's prompt, a choice's label): `shown`
    words it when it is read.
    """
    found = Worded(english)
    found.say = say
    found.args = args
    return found


def shown(text: str) -> str:
    """`text` as the reader reads it: a `Worded` text in the language in force, any other text as it is."""
    if type(text) is not Worded:
        return text
    if current_language() == DEFAULT_LANGUAGE:
        return str.__str__(text)
    return text.say(*text.args)


#: How a language other than English writes the marks of a number: between thousands, before the decimals, before a percent sign.
_NUMBER_MARKS: dict[str, tuple[str, str, str]] = {"fr": ("\u202f", ",", "\u202f")}  # narrow no-break spaces, a decimal comma


def written_number(text: str) -> str:
    """A number formatted the English way (`f"{x:,.1f}"`, `f"{share:.1%}"`) as the language in force writes it.

    French takes a narrow no-break space between thousands and before a
    percent sign, and a decimal comma: `12,345.6` is `12 345,6` and `33.8%`
    is `33,8 %`. Only for text a person reads: `--json` and records keep
    numbers as numbers.
    """
    marks = _NUMBER_MARKS.get(current_language())
    if marks is None:
        return text
    thousands, decimal, percent = marks
    written = text.translate({ord(","): thousands, ord("."): decimal})
    return written[:-1] + percent + "%" if written.endswith("%") else written
