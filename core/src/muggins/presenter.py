"""How a game's matches are shown to people: the presenter a game provides, and what happened kept as data until it is worded.

This module owns `Presenter`, the base of every game's presenter: the
narration of an event (`narration`, a `Said`, and `describe`, its words),
the end-of-hand banner (`standings`), the table as text (`render`) and as
data (`layout`, `choice_move`), a window's lines (`glance`, `compared`), the
rules in words (`describe_rules`) and the title and the game's own words in
the player's language (`shown_title`, `translate`). A game names its
presenter class in `Game.Presenter` and `Game.presenter()` makes it; the
`Game` methods of the same names hand over to it, and the base presenter
answers with the game's own method where a game overrides one (a plugin
written before presenters existed shows exactly what it showed), else with
the defaults a game without any presentation gets. It also owns the values
a narration is made of: `Said` (a message id, its values and the catalogue
domain that words it), `Joined` (parts with a separator between) and
`CardWord` (a card as the reader writes it), each worded by `words(language)`
in any language, any time after the event and sent as plain data by
`as_data()` (`words_from_data` makes it again at the other end), and
`Sayings`, the builders of one catalogue's `Said`s, named like the gettext
functions so the catalogue script extracts their messages. `ask_presenter`
is what a `Game` method that hands over does, so that an override falling
back on `super()` gets the default rather than itself.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from .cards import parse_card
from .i18n import Translator, using_language
from .limits import is_printable
from .wording import rank_word

if TYPE_CHECKING:
    from .actions import Action
    from .game import Event, Game

__all__ = ["CardWord", "Joined", "Presenter", "Said", "Sayings", "Words", "ask_presenter", "hands_to_presenter", "words_from_data"]

#: The catalogue of each domain a `Sayings` was made for: what a `Said` of that domain is worded through.
_catalogues: dict[str, Translator] = {}

Method = TypeVar("Method", bound=Callable[..., Any])


#: (presenter id, method name) pairs whose game override the presenter must not ask now: the call came from that override.
_not_asking_game: ContextVar[frozenset[tuple[int, str]]] = ContextVar("muggins_presenter_not_asking_game", default=frozenset())


def hands_to_presenter(method: Method) -> Method:
    """Mark a `Game` method that only asks the game's presenter, so the presenter never takes it for the game's own override."""
    method.hands_to_presenter = True  # type: ignore[attr-defined]
    return method


def ask_presenter(game: "Game", name: str, *args: Any) -> Any:
    """The answer of `game`'s presenter to its method `name`: what a `Game` method that hands over returns.

    Reached on the base method while the game's class overrides `name`,
    the call came through `super().name(...)` (or `Game.name(game, ...)`),
    which wants the default: the presenter then does not ask the game's
    override back, which would go round for ever.
    """
    presenter = game.presenter()
    method = getattr(type(game), name, None)
    if method is None or getattr(method, "hands_to_presenter", False):
        return getattr(presenter, name)(*args)
    token = _not_asking_game.set(_not_asking_game.get() | {(id(presenter), name)})
    try:
        return getattr(presenter, name)(*args)
    finally:
        _not_asking_game.reset(token)


class Words:
    """A value worded when read: `words(language)` (None: the language in force) is its text; `as_data()` its plain data."""

    __slots__ = ()

    def words(self, language: str | None = None) -> str:
        raise NotImplementedError

    def as_data(self) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.words()


def _catalogue(domain: str) -> Translator | None:
    """The catalogue a `Said` of `domain` is worded through: a `Sayings`' own, else the domain's translator made elsewhere."""
    found = _catalogues.get(domain)
    if found is None:
        from . import i18n

        found = next((t for (name, _folder), t in list(i18n._translators.items()) if name == domain), None)
        if found is None and domain == "muggins":
            found = i18n._core()
        if found is not None:
            _catalogues.setdefault(domain, found)
    return found


def words_from_data(data: Any) -> Any:
    """The value `as_data()` gave, made again (a `Said`, `Joined` or `CardWord`; plain values as they are), to word it here."""
    if not isinstance(data, dict):
        return data
    if "card" in data and len(data) == 1:
        return CardWord(data["card"])
    if "join" in data:
        return Joined(tuple(words_from_data(part) for part in data["join"]), words_from_data(data.get("separator", "")))
    values = {name: words_from_data(value) for name, value in (data.get("values") or {}).items()}
    return Said(data["message"], values, data.get("domain"), data.get("context"), data.get("plural"), data.get("count"))


def _worded(value: Any) -> Any:
    return value.words() if isinstance(value, Words) else value


def _as_data(value: Any) -> Any:
    return value.as_data() if isinstance(value, Words) else value


@dataclass(frozen=True, slots=True, eq=True)
class Said(Words):
    """One message of a catalogue with its values: what happened, worded in any language when it is read.

    `message` is the message id (the English, with `{name}` fields),
    `values` fill the fields (a value that is itself `Words` is worded in
    the same language), `domain` names the catalogue (None: the message is
    shown as it is, in every language: a text made elsewhere), `context` is
    the gettext context and `plural` with `count` choose a plural form. A
    message without values is shown without formatting, as gettext's are.
    """

    message: str
    values: Mapping[str, Any] = field(default_factory=dict)
    domain: str | None = None
    context: str | None = None
    plural: str | None = None
    count: int | None = None

    def words(self, language: str | None = None) -> str:
        if language is not None:
            with using_language(language):
                return self.words()
        catalogue = _catalogue(self.domain) if self.domain is not None else None
        if self.plural is None:
            if catalogue is None:
                text = self.message
            elif self.context is None:
                text = catalogue.gettext(self.message)
            else:
                text = catalogue.pgettext(self.context, self.message)
        else:
            count = self.count if self.count is not None else 1
            if catalogue is None:
                text = self.message if count == 1 else self.plural
            elif self.context is None:
                text = catalogue.ngettext(self.message, self.plural, count)
            else:
                text = catalogue.npgettext(self.context, self.message, self.plural, count)
        if self.values:
            text = text.format(**{name: _worded(value) for name, value in self.values.items()})
        return text

    def as_data(self) -> dict[str, Any]:
        """`{"message", "values", "domain"}` (and `context`, `plural`, `count` where set), plain JSON-ready data."""
        found: dict[str, Any] = {"message": self.message, "values": {name: _as_data(v) for name, v in self.values.items()},
                                 "domain": self.domain}
        for name in ("context", "plural", "count"):
            if getattr(self, name) is not None:
                found[name] = getattr(self, name)
        return found


@dataclass(frozen=True, slots=True)
class Joined(Words):
    """`parts` worded one after another with `separator` (text or `Words`) between: a list, or a sentence built of pieces."""

    parts: tuple[Any, ...]
    separator: Any = ""

    def words(self, language: str | None = None) -> str:
        if language is not None:
            with using_language(language):
                return self.words()
        return str(_worded(self.separator)).join(str(_worded(part)) for part in self.parts)

    def as_data(self) -> dict[str, Any]:
        return {"join": [_as_data(part) for part in self.parts], "separator": _as_data(self.separator)}


@dataclass(frozen=True, slots=True)
class CardWord(Words):
    """A card as the reader writes it, from its code: `10♥`, `J♠` (in French `V♠`); `none` (a dash) for no card."""

    code: str | None
    none: str = "—"

    def words(self, language: str | None = None) -> str:
        if not self.code:
            return self.none
        if language is not None:
            with using_language(language):
                return self.words()
        found = parse_card(self.code)
        return rank_word(int(found.rank)) + found.suit.symbol

    def as_data(self) -> dict[str, Any]:
        return {"card": self.code}


class Sayings:
    """The `Said` builders of one catalogue: `said`, `psaid` and `nsaid`, which a module binds to `_`, `pgettext` and `ngettext`.

    Bound so, `_("You play {card}.", card=...)` reads as the gettext call it
    replaces and the catalogue script extracts its message as before, but
    makes a `Said` worded later instead of the text now.
    """

    def __init__(self, translations: Translator) -> None:
        self.domain = translations.domain
        _catalogues.setdefault(self.domain, translations)

    def said(self, message: str, /, **values: Any) -> Said:
        return Said(message, values, self.domain)

    def psaid(self, context: str, message: str, /, **values: Any) -> Said:
        return Said(message, values, self.domain, context)

    def nsaid(self, singular: str, plural: str, count: int, /, **values: Any) -> Said:
        return Said(singular, values, self.domain, None, plural, count)

    def npsaid(self, context: str, singular: str, plural: str, count: int, /, **values: Any) -> Said:
        return Said(singular, values, self.domain, context, plural, count)


class Presenter:
    """What a player reads of a game and what a front end draws: the base class of every game's presenter.

    Made once per game by `Game.presenter()`, holding the game as `game`. A
    game's own presenter overrides what it shows; what it does not override
    is the game's own method of the same name where the game class has one
    (a plugin written before presenters), else the default below.
    """

    def __init__(self, game: "Game") -> None:
        self.game = game

    def _own(self, name: str) -> Callable[..., Any] | None:
        """The game's own method `name`, or None where the game has none or only hands it to its presenter."""
        found = getattr(type(self.game), name, None)
        if found is None or getattr(found, "hands_to_presenter", False) or (id(self), name) in _not_asking_game.get():
            return None
        return getattr(self.game, name)

    # -- narration ----------------------------------------------------------
    def narration(self, event: "Event", seat: int | None) -> Words | None:
        """What `event` tells `seat` (None: a spectator), kept as data until worded (a `Said`, or a `Joined` of pieces), or None to stay quiet.

        A game that overrides only `Game.describe` has its line kept as a
        `Said` without a catalogue (worded already); the default names the
        event's type and fields (`deal: hand=0, dealer=2`).
        """
        own = self._own("narration")
        if own is not None:
            return own(event, seat)
        own = self._own("describe")
        if own is not None:
            line = own(event, seat)
            return None if line is None else Said(line)
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "to"))
        return Said(f"{event['type']}: {fields}" if fields else str(event["type"]))

    def describe(self, event: "Event", seat: int | None) -> str | None:
        """One line narrating `event` to `seat` in the language in force: `narration`'s words, or None to stay quiet."""
        own = self._own("describe")
        if own is not None:
            return own(event, seat)
        found = self.narration(event, seat)
        return None if found is None else found.words()

    def standings(self, event: "Event", seat: int | None) -> list[str] | None:
        """Lines for an end-of-hand banner when `event` ends a hand or deal (the outcome, the standings), else None."""
        own = self._own("standings")
        return own(event, seat) if own is not None else None

    # -- the table ----------------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        """The table as text for a human at `seat` (None: a spectator); the default is the view as JSON."""
        own = self._own("render")
        return own(view, seat) if own is not None else json.dumps(view, indent=2, ensure_ascii=False)

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any] | None:
        """The table as plain data for a front end that draws cards (`Game.layout` says its form); None: not described."""
        own = self._own("layout")
        return own(view, seat) if own is not None else None

    def choice_move(self, action: "Action") -> tuple[Any, str | None] | None:
        """The card (or cards) `action` moves and the layout zone it goes to (`Game.choice_move`), or None."""
        own = self._own("choice_move")
        return own(action) if own is not None else None

    def glance(self, view: Mapping[str, Any], seat: int | None) -> Sequence[str] | None:
        """The few lines a challenge window is judged by, printed under its move; None: none."""
        own = self._own("glance")
        return own(view, seat) if own is not None else None

    def compared(self, view: Mapping[str, Any], seat: int | None) -> int | None:
        """How many things a window's move is judged against, for a terminal's pace; None: counted from the glance."""
        own = self._own("compared")
        return own(view, seat) if own is not None else None

    # -- words about the game -------------------------------------------------
    def describe_rules(self, rules: Any, players: int) -> str | None:
        """What a match under `rules` plays by, the house-rule plugins' changes included, in one line; None: nothing to add."""
        own = self._own("describe_rules")
        return own(rules, players) if own is not None else None

    def shown_title(self, language: str | None = None) -> str:
        """The game's title in `language` (the language in force by default), as `Game.shown_title` says."""
        own = self._own("shown_title")
        if own is not None:
            return own(language)
        game = self.game
        if game.translations is None:
            return game.title
        with using_language(language):
            shown = game.translations.gettext(game.title)
        return shown if isinstance(shown, str) and shown.strip() and is_printable(shown) else game.title

    def translate(self, message: str) -> str:
        """`message`, one of the game's own words, in the language in force, as `Game.translate` says."""
        own = self._own("translate")
        if own is not None:
            return own(message)
        translations = self.game.translations
        if translations is None or not message:
            return message
        shown = translations.gettext(message)
        return shown if isinstance(shown, str) and shown else message

    @property
    def stat_labels(self) -> Mapping[str, str]:
        """Words for the figures of a simulation's table, by key: the game's `stat_labels`."""
        return self.game.stat_labels
