"""Seat specs in words: what a player reads where a seat's kind is shown (`novice:error_rate=0.2` as "a novice who errs about one time in five").

A seat is typed, recorded and sent as its spec (`muggins.players.parse_seat`);
this module owns only how it is said to a person, in the language in force.
The words come from the kind's declaration: `PlayerKind.words` names one
player of the kind ("a novice") and each option the spec gives is said by
its `PlayerOption.words`, `plural_words` or `value_words` (see
`PlayerOption`), in the kind's declared order, joined as a sentence ("who
errs about one time in five and who …"). A kind or option that gives no
words still reads: "a player of the kind NAME", and the option's name and
value in brackets ("(call_rate 0.3)"). The words are translated through the
game's own catalogue (`Game.translations`) first, then the core's (the
built-in kinds' words, which a game's kinds may reuse), else shown as
written. A chance is said as how often (`rate_words`): about one time in
five, in two, three times in four (and in ten, in four), otherwise as a
percentage. A spec that cannot be read (an unknown kind of a game not
installed, a bad value) is worded as far as it can be and never raises.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

from .i18n import N_, current_language, translator, written_number
from .players import BUILTIN_KINDS, FRONT_END_WORDS, SEARCH_DESCRIPTION, SEARCH_OPTIONS, SEARCH_WORDS, PlayerKind, PlayerOption, parse_seat

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["describe_seat", "describe_seats", "kind_words", "option_words", "rate_words", "rate_choice_words", "COMMON_RATES"]

_core = translator("muggins", package_file=__file__)

#: The chances said as a fraction rather than a percentage, each with its words.
_FRACTIONS = (
    (0.1, N_("about one time in ten")),
    (0.2, N_("about one time in five")),
    (0.25, N_("about one time in four")),
    (0.5, N_("about one time in two")),
    (0.75, N_("about three times in four")),
)
#: The chances a form offers for a rate option, before its own default.
COMMON_RATES = (0.0, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0)


def _search_factory(**_options: Any) -> None:  # pragma: no cover - the kind below is only ever worded, never seated
    return None


#: The kinds every game has, for a spec read without a registry (or for a game no longer installed).
_KNOWN = {kind.name: kind for kind in (*BUILTIN_KINDS, PlayerKind("search", _search_factory, SEARCH_DESCRIPTION, options=SEARCH_OPTIONS, words=SEARCH_WORDS))}


def rate_words(rate: float) -> str:
    """A chance from 0 to 1 as how often: "about one time in five" (0.2), else "12% of the time" (French "12 % du temps")."""
    for fraction, words in _FRACTIONS:
        if math.isclose(rate, fraction, abs_tol=1e-9):
            return _core.gettext(words)
    percent = rate * 100
    shown = f"{round(percent):d}%" if math.isclose(percent, round(percent), abs_tol=1e-9) else f"{percent:.1f}%"
    return _core.gettext("{percent} of the time").format(percent=written_number(shown))


def rate_choice_words(rate: float) -> str:
    """A chance as a choice in a form reads it: "never" and "always" at the ends, else `rate_words`."""
    if rate <= 0:
        return _core.gettext("never")
    if rate >= 1:
        return _core.gettext("always")
    return rate_words(rate)


def _translated(game: Any, message: str, plural: str | None = None, count: int = 1) -> str:
    """`message` (or its plural for `count`) through the game's catalogue, else the core's, else as written."""
    english = message if plural is None or count == 1 else plural
    if not message or current_language() == "en":
        return english
    for catalogue in (getattr(game, "translations", None), _core):
        if catalogue is None:
            continue
        try:
            # A plural marked with `N_` is extracted as two messages, the form English takes for `count` among them.
            tries = [catalogue.gettext(message)] if plural is None else [catalogue.ngettext(message, plural, count), catalogue.gettext(english)]
        except Exception:  # a game's catalogue object that is not a Translator: its words stay English
            continue
        for found in tries:
            if isinstance(found, str) and found and found != english:
                return found
    return english


def _number(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return written_number(f"{value:,d}")
    if isinstance(value, float):
        return written_number(f"{value:g}")
    return str(value)


def kind_words(kind: PlayerKind | None, name: str, game: Any = None) -> str:
    """One player of `kind` in words ("a novice"); "a player of the kind NAME" for a kind without words or not known."""
    if name in FRONT_END_WORDS:
        return _core.gettext(FRONT_END_WORDS[name])
    if kind is not None and kind.words:
        return _translated(game, kind.words)
    return _core.gettext("a player of the kind {kind}").format(kind=name)


def option_words(option: PlayerOption, value: Any, game: Any = None, registry: Registry | None = None) -> str | None:
    """The clause that says `option`'s `value` ("who errs about one time in five"); None for an option without words."""
    for key, words in option.value_words:
        if key == value and isinstance(key, bool) == isinstance(value, bool):
            return _translated(game, words)
    if not option.words:
        return None
    if option.plural_words and isinstance(value, int) and not isinstance(value, bool):
        template = _translated(game, option.words, option.plural_words, value)
    else:
        template = _translated(game, option.words)
    fields: dict[str, Any] = {"value": _number(value)}
    if "{rate}" in template and isinstance(value, (int, float)) and not isinstance(value, bool):
        fields["rate"] = rate_words(float(value))
    if "{seat}" in template:
        fields["seat"] = describe_seat(str(value), game, registry)
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError, AttributeError):  # a template naming what it is not given: shown by name and value
        return None


def _kind(name: str, game: Any, registry: Registry) -> PlayerKind | None:
    if registry is not None:
        try:
            if game is not None:
                return registry.player_kind(name, game.name)
            return next((k for k in registry.players if k.name == name and not k.games), None) or _KNOWN.get(name)
        except KeyError:  # not installed (a record of a game since removed): the kinds every game has still have words
            pass
    return _KNOWN.get(name)


def describe_seat(spec: str, game: Any = None, registry: Registry | None = None) -> str:
    """Seat `spec` in words in the language in force: `novice:error_rate=0.2` is "a novice who errs about one time in five".

    `game` (a `Game`) finds the game's own kinds in `registry` (without
    one, only the kinds every game has are known) and translates their words through its
    catalogue; without a game only the kinds every game has are known. The
    options are said in the kind's declared order; one the kind gives no
    words for, or a value that does not convert, in brackets by name and
    value. Never raises: a spec that does not parse is returned as it is.
    """
    try:
        name, given = parse_seat(spec)
    except ValueError:
        return spec
    kind = None if name in FRONT_END_WORDS else _kind(name, game, registry)
    said = kind_words(kind, name, game)
    clauses: list[str] = []
    bare: list[str] = []
    declared = {option.name: option for option in kind.options} if kind is not None else {}
    for option in (kind.options if kind is not None else ()):
        if option.name not in given:
            continue
        try:
            value = option.convert(given[option.name])
        except ValueError:
            bare.append(f"{option.name} {given[option.name]}")
            continue
        clause = option_words(option, value, game, registry)
        if clause is None:
            bare.append(f"{option.name} {_number(value)}")
        else:
            clauses.append(clause)
    bare += [f"{name_} {text}" for name_, text in given.items() if name_ not in declared]
    if clauses:
        joined = clauses[0] if len(clauses) == 1 else _core.gettext("{clauses} and {last}").format(
            clauses=", ".join(clauses[:-1]), last=clauses[-1])
        said = f"{said} {joined}"
    if bare:
        said = f"{said} ({', '.join(bare)})"
    return said


def describe_seats(specs: Sequence[str], game: Any = None, registry: Registry | None = None) -> list[str]:
    """Each seat spec in words (`describe_seat`), a spec said once however many seats share it."""
    said: dict[str, str] = {}
    for spec in specs:
        if spec not in said:
            said[spec] = describe_seat(spec, game, registry)
    return [said[spec] for spec in specs]
