"""The words of the `muggins` command in the player's language: its catalogue, Click's, and the language option.

The CLI's messages are marked with `_`, `ngettext` and `N_` (for help
texts written where Click reads them at import, translated when they are
shown) and translated through the `muggins_cli` domain of
`muggins.i18n`; Click's own words ("Usage:", "Options:", "Show this
message and exit.", its usage errors) through the `click` domain shipped
beside it, handed to Click by `speak`, which replaces the gettext
functions Click's modules imported with this catalogue's (Click reads the
process-wide gettext domain, which the CLI must not take from other
libraries, and which follows the environment's LANGUAGE rather than
muggins' choice: so Click's words are replaced in English too, where they
read as Click wrote them whatever the environment). Click's words its source does
not mark (`required`, its types' names, `[OPTIONS]`, `COMMAND [ARGS]...`,
the colon after a heading) are in the same catalogue (`CLICK_UNMARKED`),
put in by `translate_help` and the help formatter of `HelpFormatter`, with
the metavars the CLI sets (marked with `N_`). The language is chosen once,
before Click parses anything, by `language_from_argv` (so `muggins --help
--lang fr` is French too), else from `MUGGINS_LANG` and the locale
(`muggins.i18n.choose_language`). In English no catalogue is read.
"""

from __future__ import annotations

import inspect
import re
import sys
from typing import Any, Iterable

import click

from muggins.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, choose_language, current_language, set_language, translator, using_language

from .style import terminal_columns

__all__ = ["CLICK_UNMARKED", "HelpFormatter", "LANGUAGES", "N_", "_", "filled_help", "interrupted_line", "language_from_argv", "ngettext", "speak", "translate_help"]

_cli = translator("muggins_cli", package_file=__file__)
_click = translator("click", package_file=__file__)

_ = _cli.gettext
ngettext = _cli.ngettext
_click_words = _click.gettext  # not named `gettext`: its messages are the `click` domain's, never extracted into the CLI's

#: Click's modules that bound gettext's functions at import (`from gettext import gettext as _`).
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "shell_completion", "termui", "types", "utils", "_termui_impl")

#: The names of Click's parameter types, whose upper case is an option's default metavar (`INTEGER`, `FILE`) and which its
#: errors quote ("'x' is not a valid integer."); Click translates only those of paths.
CLICK_TYPE_NAMES = ("text", "integer", "integer range", "float", "float range", "boolean", "uuid", "filename", "file", "directory", "path")

#: Click's words its source does not mark for translation, kept in the `click` catalogue with those it marks:
#: `required` (which Click translates from a variable), its types' names, the usage line's default metavars, and the
#: two marks `HelpFormatter` words (the colon after a heading, the separator of an option's bracketed notes).
CLICK_UNMARKED = ("required", *CLICK_TYPE_NAMES, "[OPTIONS]", "COMMAND [ARGS]...", "{heading}:", "; ")


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
    """Set the language (`--lang`'s value, or None: MUGGINS_LANG, the locale, English) and give Click its words in it.

    Click's words come from this catalogue in English too: the gettext
    functions it imported read the environment's LANGUAGE and whatever
    domain the process last chose, not muggins' language.
    """
    chosen = choose_language(language)
    set_language(chosen)
    _give_click_its_words()
    return chosen


def _give_click_its_words() -> None:
    """Put this catalogue's gettext functions in place of those Click's modules imported, and its short help's in place of Click's."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if getattr(module, "_", None) is not None:
            module._ = _click_gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is not None:
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]
    shorten = getattr(click.core, "_make_default_short_help", None)
    if shorten is not None and shorten is not _short_help_keeping_no_break_spaces:
        global _click_short_help
        _click_short_help = shorten
        click.core._make_default_short_help = _short_help_keeping_no_break_spaces  # type: ignore[attr-defined]


_click_short_help: Any = None
_KEPT_SPACE = "\ue000"  # a private-use sign: no text holds it, and neither Click nor textwrap breaks at it


def _short_help_keeping_no_break_spaces(help: str, max_length: int = 45) -> str:
    """Click's short help of a command (the first sentence, cut to fit the list of commands), keeping its narrow no-break
    spaces: Click splits at every space Python knows, French's before `:` among them, and joins with plain ones."""
    return _click_short_help(help.replace("\u202f", _KEPT_SPACE), max_length).replace(_KEPT_SPACE, "\u202f")


class HelpFormatter(click.HelpFormatter):
    """Click's help formatter with its two marks in the reader's language: the colon after a heading (`Options :` in French)
    and the separator between an option's bracketed notes (`[par défaut : 1 ; x>=0]`); its width is Click's, read
    without importing `shutil` (`style.terminal_columns`)."""

    def __init__(self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None) -> None:
        if width is None and click.formatting.FORCED_WIDTH is None:
            width = max(min(terminal_columns(80), 80 if max_width is None else max_width) - 2, 50)  # Click's own formula
        super().__init__(indent_increment, width, max_width)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{_click_words('{heading}:').format(heading=heading)}\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        separator = _click_words("; ")
        if separator != "; ":
            rows = [(term, _noted(text, separator)) for term, text in rows]
        # Click's wrapping breaks after a word's hyphen (`muggins-` / `cli[dask]`): a name to type stays whole.
        rows = [(term, _WORD_HYPHEN.sub(_KEPT_HYPHEN, text)) for term, text in rows]
        start = len(self.buffer)
        super().write_dl(rows, col_max, col_spacing)
        self.buffer[start:] = [piece.replace(_KEPT_HYPHEN, "-") for piece in self.buffer[start:]]


_KEPT_HYPHEN = "\ue001"  # a private-use sign like _KEPT_SPACE, standing for a hyphen textwrap must not break after
_WORD_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")


_NOTE_SEPARATOR = re.compile(r"(?<![ \u202f]); ")  # Click's, not one a translation already spaced


def _noted(text: str, separator: str) -> str:
    """`text` with the notes Click puts after it (`help  [default: 1; x>=0]`) joined by `separator`."""
    head, mark, notes = text.rpartition("  [")
    if not mark and text.startswith("["):
        head, notes = "", text[1:]
    elif not mark:
        return text
    if not notes.endswith("]"):
        return text
    return f"{head}{mark or '['}{_NOTE_SEPARATOR.sub(separator, notes[:-1])}]"


class _Context(click.Context):
    formatter_class = HelpFormatter


def _english_type_name(kind: Any) -> str | None:
    """The English name of a Click parameter type, as `CLICK_TYPE_NAMES` has it; None for a type of another name."""
    if isinstance(kind, click.Path):  # named when made, in the language in force then: its kind says which name it has
        return "file" if kind.file_okay and not kind.dir_okay else "directory" if kind.dir_okay and not kind.file_okay else "path"
    name = getattr(kind, "name", None)
    return name if name in CLICK_TYPE_NAMES else None


def _named_type(kind: Any) -> Any:
    """`kind`, or a copy of it named in the reader's language: the name an option's default metavar and Click's errors show."""
    english = _english_type_name(kind)
    if english is None:
        return kind
    shown = _click_words(english)
    if kind.name == shown:
        return kind
    import copy  # here: only a language other than English renames a type

    named = copy.copy(kind)  # a type may be shared between options and commands: each parameter is given its own
    named.name = shown
    return named


def interrupted_line(argv: Iterable[str]) -> str:
    """The error line of a Ctrl-C while the command loads, in the language its command line (`--lang`) or environment chooses."""
    wanted = language_from_argv(argv)
    with using_language(choose_language(wanted if wanted in LANGUAGES else None)):
        return _("muggins: error: {message}").format(message=_("interrupted"))


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
            "options_metavar": command.options_metavar, "subcommand_metavar": getattr(command, "subcommand_metavar", None),
            "params": [(p, getattr(p, "help", None), p.metavar, p.type) for p in command.params],
        }
        if command.context_class is click.Context:  # a command's own context class is its author's choice
            command.context_class = _Context
    if getattr(command, "_muggins_language", DEFAULT_LANGUAGE) != language:
        for attribute in ("help", "short_help", "epilog"):
            text = originals[attribute]
            setattr(command, attribute, word(inspect.cleandoc(text)) if text else text)
        for attribute in ("options_metavar", "subcommand_metavar"):
            if originals[attribute]:
                setattr(command, attribute, _click_words(originals[attribute]))
        for param, text, metavar, kind in originals["params"]:
            if text:
                param.help = word(text)
            if metavar:
                param.metavar = word(metavar)
            param.type = _named_type(kind)
        if hasattr(command, "_help_option"):
            command._help_option = None  # Click words its --help option once, when first asked: ask again in this language
        command._muggins_language = language
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, own)


# At import, before the command line's options are made: Click names a path option's type at once (`_("file")`), and
# its gettext would look for a process-wide catalogue (importing `locale`) that `speak` replaces before anything is shown.
_give_click_its_words()
