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
A catalogue is only ever a regular file (a FIFO or device in its place is
not opened, so cannot hang the command); one that cannot be read (cut,
corrupt) is English, and a translation whose `{placeholders}` do not fit
its message (one renamed, a stray `{`) is shown as its English message,
each with one warning line on standard error naming the distribution, once
per process (`placeholders_fit` says what fits; the contract kit's
`check_translations` flags the same). Records never hold translated text:
only codes and events, worded when shown. Compiling a `.po` into the `.mo`
beside it (`compiled_catalogue`, with Babel, a development dependency) is
here too, for whoever writes catalogues: the plugin scaffold, the
catalogue script and the contract kit.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
import re
import stat
import sys
import threading
from typing import Any, Iterator, Mapping

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "Translator", "N_", "Worded", "choose_language", "compiled_catalogue", "current_language", "normalise_language",
    "placeholder_mismatch", "placeholders_fit", "set_language", "shown", "translator", "using_language", "worded", "written_number",
]

#: The languages muggins has catalogues for; English is the language of the source messages.
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"

#: The environment variables read for the language, in order: muggins' own, then the POSIX locale's.
LANGUAGE_VARIABLES = ("MUGGINS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

_process_language: str | None = None
_scoped_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("muggins_language", default=None)
_scoped_language_get = _scoped_language.get  # asked for every message worded: bound once


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
    return _scoped_language_get() or _process_language or DEFAULT_LANGUAGE


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


def _fields(text: str) -> list[str] | None:
    """The placeholders `text.format` would fill (`{}`s numbered as format numbers them), None if it would raise on the text itself."""
    import string  # here: only checking a translation parses format strings, and a command in English never does

    found: list[str] = []
    automatic = 0
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if conversion not in (None, "r", "s", "a"):
                return None
            base = re.split(r"[.\[]", name, maxsplit=1)[0]
            if base == "":
                base, automatic = str(automatic), automatic + 1
            found.append(base)
            if spec and ("{" in spec and _fields(spec) is None):
                return None
    except ValueError:  # a single '{' or '}', an unclosed field
        return None
    return found


#: What a translation that does not fit its message gets wrong (English; `_unfit` words it for the reader).
_STRAY_BRACE = N_("a brace that is not a placeholder: a lone {{ or }}, or a field not closed")
_UNKNOWN = N_("placeholders the message does not have: {names}")
_LEFT_OUT = N_("placeholders of the message left out: {names}")


def _mismatch(message: str | tuple[str, ...], translation: str, all_needed: bool) -> tuple[str, str] | None:
    forms = (message,) if isinstance(message, str) else tuple(message)
    wanted: set[str] = set()
    for form in forms:
        fields = _fields(form)
        if fields is None:
            return None
        wanted.update(fields)
    given = _fields(translation)
    if given is None:
        return _STRAY_BRACE, ""
    unknown = sorted(set(given) - wanted)
    if unknown:
        return _UNKNOWN, ", ".join("{" + name + "}" for name in unknown)
    missing = sorted(wanted - set(given)) if all_needed else []
    if missing:
        return _LEFT_OUT, ", ".join("{" + name + "}" for name in missing)
    return None


def placeholder_mismatch(message: str | tuple[str, ...], translation: str, *, all_needed: bool = False) -> str | None:
    """What in `translation` does not fit `message`'s placeholders, in English (a plural's message is its forms), None when it fits.

    A translation fits when formatting it with the message's values cannot
    fail: it parses as a format string, and names no placeholder the message
    lacks. A plural form may leave a placeholder out (French's "une carte"
    for "{n} cards"); with `all_needed` (the kit's stricter reading of a
    singular message), leaving one out does not fit either. A message that
    is not a format string itself (a lone `{` in its English) is not checked.
    """
    found = _mismatch(message, translation, all_needed)
    return None if found is None else found[0].format(names=found[1])


def placeholders_fit(message: str | tuple[str, ...], translation: str) -> bool:
    """Whether `translation` can be formatted with `message`'s values (see `placeholder_mismatch`)."""
    return placeholder_mismatch(message, translation) is None


def _warn(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr closed or gone: the warning is lost, the command goes on
        pass


def _distribution_of(localedir: str) -> str:
    """The name of the installed distribution whose package holds `localedir`, else the package's folder name."""
    from pathlib import Path  # here: only a warning names a distribution

    package = Path(localedir).parent
    try:
        import importlib.metadata as metadata
        import json

        for distribution in metadata.distributions():
            name = distribution.metadata["Name"]
            origin = distribution.read_text("direct_url.json")
            if origin:  # an editable or local install: the package lies under the folder it was installed from
                url = json.loads(origin).get("url", "")
                if url.startswith("file://") and package.is_relative_to(Path(url[len("file://"):]).resolve()):
                    return name
            for file in distribution.files or ():
                if file.parts and file.parts[0] == package.name and len(file.parts) > 1:
                    return name
    except Exception:  # metadata unreadable: the folder's name still names it
        pass
    return package.name


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        reason = exc.strerror
    else:
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return reason if len(reason) <= 80 else reason[:79] + "…"


#: Why a catalogue could not be read, as the standard library's gettext says it (and our own), worded for the reader.
_READ_FAILURES = (N_("File is corrupt"), N_("Bad magic number"), N_("not a regular file"))


def _read_catalogue(path: str) -> _gettext.NullTranslations:
    """The compiled catalogue at `path`, opened without blocking and read only if it is a regular file (OSError if not, or unreadable)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(0, "not a regular file", path)
        with os.fdopen(descriptor, "rb") as source:
            descriptor = -1
            return _gettext.GNUTranslations(source)
    finally:
        if descriptor >= 0:
            os.close(descriptor)


class Translator:
    """The translation functions of one gettext domain, reading its catalogue for a language on first need.

    A catalogue that cannot be read, or a translation that does not fit its
    message, gives the English message, with one warning line per
    distribution and language.
    """

    def __init__(self, domain: str, localedir: str | os.PathLike[str]) -> None:
        self.domain = domain
        self.localedir = str(localedir)
        self._catalogues = {}  # by language; setting it (anew, to read the catalogues again) forgets `remembered` too
        self._fits: dict[tuple[str, Any, str], bool] = {}
        self._warned: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def catalogue(self, language: str | None = None) -> _gettext.NullTranslations:
        """The catalogue for `language` (the current one by default); a missing or unreadable `.mo` is English, the source messages."""
        language = language or current_language()
        found = self._catalogues.get(language)
        if found is None:
            failure = None
            with self._lock:
                found = self._catalogues.get(language)
                if found is None:
                    found, failure = self._read(language)
                    self._catalogues[language] = found
            if failure is not None:  # said outside the lock: the warning's words may come from this very translator
                self._warn_once("catalogue", language, _broken)(failure)
        return found

    def _read(self, language: str) -> tuple[_gettext.NullTranslations, str | None]:
        if language == DEFAULT_LANGUAGE:
            return _gettext.NullTranslations(), None
        path = _gettext.find(self.domain, self.localedir, languages=[language])
        if path is None:
            return _gettext.NullTranslations(), None
        try:
            return _read_catalogue(path), None
        except Exception as exc:  # cut, corrupt, not a file, unreadable: English, as with no catalogue
            return _gettext.NullTranslations(), _reason(exc)

    def _warn_once(self, kind: str, language: str, say: Any) -> Any:
        key = (kind, language)
        with self._lock:
            if key in self._warned:
                return lambda *args: None
            self._warned.add(key)  # before wording it: the warning's own words may come from this very catalogue
        return lambda *args: _warn(say(_distribution_of(self.localedir), language, self.domain, *args))

    def has_catalogue(self, language: str) -> bool:
        """Whether a compiled catalogue for `language` exists for this domain."""
        return _gettext.find(self.domain, self.localedir, languages=[language]) is not None

    def _checked(self, language: str, message: str | tuple[str, ...], english: str, lookup: Any) -> str:
        try:
            translated = lookup(self.catalogue(language))
        except Exception as exc:  # a plural formula that fails on this number, say: the English
            self._warn_once("message", language, _unfit)(_reason(exc))
            return english
        if translated == english or (not isinstance(message, str) and translated in message):
            return translated
        key = (language, message, translated)
        fits = self._fits.get(key)
        if fits is None:
            mismatch = _mismatch(message, translated, False)
            fits = self._fits[key] = mismatch is None
            if mismatch is not None:
                self._warn_once("message", language, _unfit)(mismatch)
        return translated if fits else english

    # Each function translates English without reading anything: the source messages are English.
    def gettext(self, message: str) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return message
        return self._checked(language, message, message, lambda found: found.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        language = current_language()
        english = singular if n == 1 else plural
        if language == DEFAULT_LANGUAGE:
            return english
        return self._checked(language, (singular, plural), english, lambda found: found.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        language = current_language()
        if language == DEFAULT_LANGUAGE:
            return message
        return self._checked(language, message, message, lambda found: found.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        language = current_language()
        english = singular if n == 1 else plural
        if language == DEFAULT_LANGUAGE:
            return english
        return self._checked(language, (singular, plural), english, lambda found: found.npgettext(context, singular, plural, n))

    def translated(self, language: str, message: str, context: str | None = None, plural: str | None = None, n: int = 1) -> str:
        """`message` in `language` as `gettext` (with a `context`, `pgettext`; with a `plural`, `ngettext` for `n`) gives it there.

        Each translation is looked up and checked once per language and
        then kept: a narration words the same few messages over and over.
        """
        if language == DEFAULT_LANGUAGE:
            return message if plural is None or n == 1 else plural
        return self.remembered[(language, message) if context is None and plural is None else (language, message, context, plural, n)]

    @property
    def _catalogues(self) -> dict[str, _gettext.NullTranslations]:
        return self._read_catalogues

    @_catalogues.setter
    def _catalogues(self, catalogues: dict[str, _gettext.NullTranslations]) -> None:
        self._read_catalogues = catalogues
        #: Each translation `translated` gave, by (language, message) or (language, message, context, plural, n): read directly
        #: where a message is worded over and over (a narration's), looked up and checked on first need.
        self.remembered = _Remembered(self)

    def _translated(self, language: str, message: str, context: str | None, plural: str | None, n: int) -> str:
        if plural is None:
            if context is None:
                return self._checked(language, message, message, lambda found: found.gettext(message))
            return self._checked(language, message, message, lambda found: found.pgettext(context, message))
        english = message if n == 1 else plural
        if context is None:
            return self._checked(language, (message, plural), english, lambda found: found.ngettext(message, plural, n))
        return self._checked(language, (message, plural), english, lambda found: found.npgettext(context, message, plural, n))

    def __repr__(self) -> str:
        return f"Translator({self.domain!r}, {self.localedir!r})"


class _Remembered(dict):
    """A translator's translations as `translated` gives them, by key, each worked out once (`__missing__`)."""

    __slots__ = ("translator",)

    def __init__(self, translator: Translator) -> None:
        super().__init__()
        self.translator = translator

    def __missing__(self, key: tuple) -> str:
        found = self[key] = self.translator._translated(*key) if len(key) == 5 else self.translator._translated(key[0], key[1], None, None, 1)
        return found


def _broken(distribution: str, language: str, domain: str, reason: str) -> str:
    core = _core()
    reason = core.gettext(reason) if reason in _READ_FAILURES else reason
    return core.gettext("muggins: warning: the {language} catalogue of {distribution} ({domain}.mo) cannot be read ({reason}); "
                        "its words are shown in English").format(language=language, distribution=distribution, domain=domain,
                                                                 reason=reason)


def _unfit(distribution: str, language: str, domain: str, mismatch: tuple[str, str] | str) -> str:
    core = _core()
    reason = mismatch if isinstance(mismatch, str) else core.gettext(mismatch[0]).format(names=mismatch[1])
    return core.gettext("muggins: warning: the {language} catalogue of {distribution} ({domain}.mo) has a translation that "
                        "does not fit its message ({reason}); such messages are shown in English").format(
        language=language, distribution=distribution, domain=domain, reason=reason)


def _core() -> "Translator":
    return translator("muggins", package_file=__file__)


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
        localedir = os.path.join(os.path.dirname(os.path.realpath(package_file)), "locale")
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


#: How a language other than English writes the marks of a number: between thousands, before the decimals, before a percent
#: sign, and its minus sign.
_NUMBER_MARKS: dict[str, tuple[str, str, str, str]] = {"fr": ("\u202f", ",", "\u202f", "\u2212")}  # narrow no-break spaces, a decimal comma, a true minus


def written_number(text: str) -> str:
    """A number formatted the English way (`f"{x:,.1f}"`, `f"{share:.1%}"`) as the language in force writes it.

    French takes a narrow no-break space between thousands and before a
    percent sign, a decimal comma and a true minus sign (U+2212): `12,345.6`
    is `12 345,6`, `33.8%` is `33,8 %` and `-4.02` is `−4,02`. Only for text
    a person reads: `--json` and records keep numbers as numbers, and what a
    person typed (`error_rate=0.2`) is shown as typed.
    """
    marks = _NUMBER_MARKS.get(current_language())
    if marks is None:
        return text
    thousands, decimal, percent, minus = marks
    written = text.translate({ord(","): thousands, ord("."): decimal, ord("-"): minus})
    return written[:-1] + percent + "%" if written.endswith("%") else written


def compiled_catalogue(po_path: str | os.PathLike[str]) -> bytes:
    """The `.mo` bytes the `.po` at `po_path` compiles to with Babel, fuzzy entries left out (as gettext would ignore them).

    ImportError when Babel is not installed (it is a development
    dependency, never needed to play): a caller that can do without it
    writes the catalogue another way.
    """
    import io

    from babel.messages import mofile, pofile

    with open(po_path, "rb") as source:
        catalogue = pofile.read_po(source)
    out = io.BytesIO()
    mofile.write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()
