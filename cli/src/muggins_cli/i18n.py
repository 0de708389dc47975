"""The words of the `muggins` command in the player's language: its catalogue, Click's, and the language option.

The CLI's messages are marked with `_`, `ngettext` and `N_` (for help
texts written where Click reads them at import, translated when they are
shown) and translated through the `muggins_cli` domain of
`muggins.i18n`; Click's own words ("Usage:", "Options:", "Show this
message and exit.", its usage errors) through the `click` domain shipped
beside it, handed to Click by `speak`, which replaces the gettext
functions Click's modules imported with this catalogue's (Click reads the
process-wide gettext domain, which the CLI must not take from other
libraries). The language is chosen once, before Click parses anything, by
`language_from_argv` (so `muggins --help --lang fr` is French too), else
from `MUGGINS_LANG` and the locale (`muggins.i18n.choose_language`). In
English nothing is read nor replaced.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Any, Iterable

from muggins.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, choose_language, current_language, set_language, translator

__all__ = ["LANGUAGES", "N_", "_", "filled_help", "language_from_argv", "ngettext", "speak", "translate_help"]

_LOCALEDIR = Path(__file__).resolve().parent / "locale"
_cli = translator("muggins_cli", _LOCALEDIR)
_click = translator("click", _LOCALEDIR)

_ = _cli.gettext
ngettext = _cli.ngettext

#: Click's modules that bound gettext's functions at import (`from gettext import gettext as _`).
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "shell_completion", "termui", "types", "utils", "_termui_impl")


def language_from_argv(argv: Iterable[str]) -> str | None:
    """The value of `--lang` among the root group's options (before the command's name), None if not given.

    Read before Click parses, so that eager options such as `--help` given
    before `--lang` already speak its language.
    """
    words = list(argv)
    at = 0
    while at < len(words):
        word = words[at]
        if word == "--":
            return None
        if word == "--lang":
            return words[at + 1] if at + 1 < len(words) else None
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
        if not word.startswith("-"):
            return None  # the command's name: what follows is its own
        at += 1
    return None


def _click_gettext(message: str) -> str:
    return _click.gettext(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return _click.ngettext(singular, plural, n)


def speak(language: str | None) -> str:
    """Set the language (`--lang`'s value, or None: MUGGINS_LANG, the locale, English) and give Click its words in it."""
    chosen = choose_language(language)
    set_language(chosen)
    if chosen != DEFAULT_LANGUAGE:
        for name in _CLICK_MODULES:
            module = sys.modules.get(f"click.{name}")
            if module is None:
                continue
            if getattr(module, "_", None) is not None:
                module._ = _click_gettext  # type: ignore[attr-defined]
            if getattr(module, "ngettext", None) is not None:
                module.ngettext = _click_ngettext  # type: ignore[attr-defined]
    return chosen


#: The help texts made with `filled_help`, by the English they read as: their message and the values put in.
_FILLED: dict[str, tuple[str, dict[str, str]]] = {}


def filled_help(message: str, **values: str) -> str:
    """A help text with values put in (`filled_help(N_("... {default} ..."), default=...)`): the English filled in, which
    `translate_help` translates by its message, the template, before filling it in again, so the catalogue's id matches.
    (Click keeps a cleaned copy of a help text, so the template is looked up by the text rather than carried in it.)"""
    text = message.format(**values)
    _FILLED[inspect.cleandoc(text)] = (message, values)
    return text


def _translated_help(text: str) -> str:
    filled = _FILLED.get(text)
    return _(filled[0]).format(**filled[1]) if filled else _(text)


def translate_help(command: Any, own: Any = None) -> None:
    """Put `command`'s help texts, its parameters' and its subcommands' in the current language (once per command and language).

    Click keeps them as given at import; their English is the message id. A
    command a plugin adds may carry its own catalogue as `translations` (a
    `muggins.i18n.Translator`; its subcommands use it too): its words are
    looked up there first, then in the CLI's.
    """
    own = getattr(command, "translations", None) or own

    def word(text: str) -> str:
        if own is not None:
            shown = own.gettext(text)
            if shown != text:
                return shown
        return _translated_help(text)

    language = current_language()
    originals = getattr(command, "_muggins_help", None)
    if originals is None:
        originals = command._muggins_help = {
            "help": command.help, "short_help": command.short_help, "epilog": command.epilog,
            "params": [(p, getattr(p, "help", None)) for p in command.params],
        }
    if getattr(command, "_muggins_language", DEFAULT_LANGUAGE) != language:
        for attribute in ("help", "short_help", "epilog"):
            text = originals[attribute]
            setattr(command, attribute, word(inspect.cleandoc(text)) if text else text)
        for param, text in originals["params"]:
            if text:
                param.help = word(text)
        if hasattr(command, "_help_option"):
            command._help_option = None  # Click words its --help option once, when first asked: ask again in this language
        command._muggins_language = language
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, own)
