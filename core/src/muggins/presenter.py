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
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from .cards import parse_card
from .i18n import DEFAULT_LANGUAGE, Translator, current_language, using_language
from .limits import is_printable
from .wording import rank_word

if TYPE_CHECKING:
    from .actions import Action
    from .game import Event, Game

__all__ = ["CardWord", "Joined", "Presenter", "Said", "Sayings", "Words", "ask_presenter", "card_word", "hands_to_presenter", "words_from_data"]

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
    if not _overrides(type(game), name):
        return getattr(presenter, name)(*args)
    token = _not_asking_game.set(_not_asking_game.get() | {(id(presenter), name)})
    try:
        return getattr(presenter, name)(*args)
    finally:
        _not_asking_game.reset(token)


#: Whether a game class has a method of that name of its own, not one marked `hands_to_presenter`: by (class, name).
_game_overrides: dict[tuple[type, str], bool] = {}


def _overrides(cls: type, name: str) -> bool:
    """Whether `cls` has its own method `name` for the presenter to answer with (decided once per class: classes are made whole)."""
    key = (cls, name)
    found = _game_overrides.get(key)
    if found is None:
        method = getattr(cls, name, None)
        found = _game_overrides[key] = method is not None and not getattr(method, "hands_to_presenter", False)
    return found


class Words:
    """A value worded when read: `words(language)` (None: the language in force) is its text; `as_data()` its plain data.

    A value of its own (a plugin's) overrides `words`; the core's values
    override `_text` instead, which words them in the language already in
    force, so a narration's pieces are worded without asking for the
    language again at every piece.
    """

    __slots__ = ()

    def words(self, language: str | None = None) -> str:
        raise NotImplementedError

    def _text(self, language: str) -> str:
        """Its words in `language`, which is the language in force (set by the `words` call that asked for the whole)."""
        return self.words()

    def as_data(self) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.words()

    def __format__(self, spec: str) -> str:  # as a value of a Said or a part of a Joined: its words, in the language in force
        text = self.words()
        return format(text, spec) if spec else text


class _CoreWords(Words):
    """The core's values: worded through `_text`, with the language set for the whole only where it is not in force already.

    A value inside another is worded by the formatting of the one around
    it (`__format__`), in the language in force, which is the whole's.
    """

    __slots__ = ()
    #: The value's fields in its constructor's order: what it equals, hashes, shows and pickles as.
    _FIELDS: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._FIELDS, self._fields()))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> Any:
        return (type(self), self._fields())

    def words(self, language: str | None = None) -> str:
        current = current_language()
        if language is None or language == current:
            return self._text(current)
        with using_language(language) as chosen:
            return self._text(chosen)

    def __format__(self, spec: str) -> str:
        text = self._text(current_language())
        return format(text, spec) if spec else text


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


def _as_data(value: Any) -> Any:
    return value.as_data() if isinstance(value, Words) else value


_new = object.__new__


class Said(_CoreWords):
    """One message of a catalogue with its values: what happened, worded in any language when it is read.

    `message` is the message id (the English, with `{name}` fields),
    `values` fill the fields (a value that is itself `Words` is worded in
    the same language), `domain` names the catalogue (None: the message is
    shown as it is, in every language: a text made elsewhere), `context` is
    the gettext context and `plural` with `count` choose a plural form. A
    message without values is shown without formatting, as gettext's are.
    A value: equal to another of the same fields, and not changed once made
    (made by the thousand, it does not pay for a guard against that).
    """

    __slots__ = ("message", "values", "count", "_form")

    message: str
    values: Mapping[str, Any]
    count: int | None
    # (domain, context, plural, the catalogue that words it or None until found): what the messages of one builder share.
    _form: tuple[str | None, str | None, str | None, Any]

    def __init__(self, message: str, values: Mapping[str, Any] | None = None, domain: str | None = None, context: str | None = None,
                 plural: str | None = None, count: int | None = None) -> None:
        self.message = message
        self.values = {} if values is None else values
        self.count = count
        self._form = (domain, context, plural, None)  # the catalogue found from `domain` when first worded

    domain = property(lambda self: self._form[0], doc="The catalogue's domain (None: the message is shown as it is).")
    context = property(lambda self: self._form[1], doc="The gettext context, or None.")
    plural = property(lambda self: self._form[2], doc="The plural message (chosen by `count`), or None.")

    def _text(self, language: str) -> str:
        domain, context, plural, catalogue = self._form
        if type(catalogue) is Translator:
            if plural is None:
                if language == DEFAULT_LANGUAGE:  # the message is the English: nothing to look up
                    text = self.message
                elif context is None:
                    text = catalogue.remembered[language, self.message]
                else:
                    text = catalogue.remembered[language, self.message, context, None, 1]
            else:
                count = 1 if self.count is None else self.count
                if language == DEFAULT_LANGUAGE:
                    text = self.message if count == 1 else plural
                else:
                    text = catalogue.remembered[language, self.message, context, plural, count]
        elif catalogue is None:
            if domain is not None:
                found = _catalogue(domain)
                if found is not None:
                    self._form = (domain, context, plural, found)
                    return self._text(language)
            text = self.message if plural is None or self.count is None or self.count == 1 else plural
        else:
            text = self._looked_up(catalogue)
        values = self.values
        # A value that is itself Words is worded by the formatting (`__format__`), in the language in force.
        return text.format_map(values) if values else text

    def _looked_up(self, catalogue: Any) -> str:
        """The message through a translator of another kind than `Translator`: its own functions, in the language in force."""
        _domain, context, plural, _found = self._form
        if plural is None:
            return catalogue.gettext(self.message) if context is None else catalogue.pgettext(context, self.message)
        count = 1 if self.count is None else self.count
        if context is None:
            return catalogue.ngettext(self.message, plural, count)
        return catalogue.npgettext(context, self.message, plural, count)

    def as_data(self) -> dict[str, Any]:
        """`{"message", "values", "domain"}` (and `context`, `plural`, `count` where set), plain JSON-ready data."""
        found: dict[str, Any] = {"message": self.message, "values": {name: _as_data(v) for name, v in self.values.items()},
                                 "domain": self.domain}
        for name in ("context", "plural", "count"):
            if getattr(self, name) is not None:
                found[name] = getattr(self, name)
        return found

    # Pickled by its fields, not the catalogue: that holds a lock, and the domain finds it again.
    _FIELDS = ("message", "values", "domain", "context", "plural", "count")
    __hash__ = None  # type: ignore[assignment]  # its values are a dict


class Joined(_CoreWords):
    """`parts` worded one after another with `separator` (text or `Words`) between: a list, or a sentence built of pieces."""

    __slots__ = ("parts", "separator")

    parts: tuple[Any, ...]
    separator: Any

    def __init__(self, parts: tuple[Any, ...], separator: Any = "") -> None:
        self.parts = parts
        self.separator = separator

    def _text(self, language: str) -> str:
        # Each part and the separator formatted: text as it is, Words worded (`__format__`), anything else as str() writes it.
        parts = self.parts
        if len(parts) == 1:  # one card, one name: no separator to word
            return f"{parts[0]}"
        separator = self.separator
        return (separator if type(separator) is str else f"{separator}").join([
            part if type(part) is str else (part._texts.get(language) or part._text(language)) if type(part) is CardWord
            else part._text(language) if isinstance(part, _CoreWords) else f"{part}" for part in parts])

    def as_data(self) -> dict[str, Any]:
        return {"join": [_as_data(part) for part in self.parts], "separator": _as_data(self.separator)}

    _FIELDS = ("parts", "separator")


class _CardWordsByCode(dict):
    """The one `CardWord` of each card code (with the usual dash for none), made on first need."""

    __slots__ = ()

    def __missing__(self, code: str | None) -> "CardWord":
        return self.setdefault(code, CardWord._made(code, "—"))


_card_words = _CardWordsByCode()

#: `card_word(code)` is `CardWord(code)`, found by a dictionary lookup: what a narration calls for every card it names.
card_word: Callable[[str | None], "CardWord"] = _card_words.__getitem__


class CardWord(_CoreWords):
    """A card as the reader writes it, from its code: `10♥`, `J♠` (in French `V♠`); `none` (a dash) for no card.

    One value per code, made once: its words in each language are worked
    out on first need and kept (a language's card words do not change).
    `card_word(code)` gives the same value faster.
    """

    __slots__ = ("code", "none", "_texts")

    code: str | None
    none: str

    def __new__(cls, code: str | None, none: str = "—") -> "CardWord":
        if none == "—" and cls is CardWord:
            return _card_words[code]
        return cls._made(code, none)

    @classmethod
    def _made(cls, code: str | None, none: str) -> "CardWord":
        made = _new(cls)
        object.__setattr__(made, "code", code)
        object.__setattr__(made, "none", none)
        object.__setattr__(made, "_texts", {})
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a CardWord is shared by every narration of its card: its {name} cannot change")

    def __format__(self, spec: str) -> str:
        language = current_language()
        text = self._texts.get(language) or self._text(language)
        return format(text, spec) if spec else text

    def _text(self, language: str) -> str:
        code = self.code
        if not code:
            return self.none
        found = self._texts.get(language)
        if found is None:
            card = parse_card(code)
            found = self._texts[language] = rank_word(int(card.rank)) + card.suit.symbol
        return found

    def as_data(self) -> dict[str, Any]:
        return {"card": self.code}

    _FIELDS = ("code", "none")


class Sayings:
    """The `Said` builders of one catalogue: `said`, `psaid` and `nsaid`, which a module binds to `_`, `pgettext` and `ngettext`.

    Bound so, `_("You play {card}.", card=...)` reads as the gettext call it
    replaces and the catalogue script extracts its message as before, but
    makes a `Said` worded later instead of the text now. Each `Said` made
    holds the catalogue itself, so wording it looks nothing up.
    """

    def __init__(self, translations: Translator) -> None:
        self.domain = translations.domain
        self.translations = translations
        self._form = (self.domain, None, None, translations)
        _catalogues.setdefault(self.domain, translations)

    def said(self, message: str, /, **values: Any) -> Said:
        made = _new(Said)
        made.message = message
        made.values = values
        made.count = None
        made._form = self._form
        return made

    def psaid(self, context: str, message: str, /, **values: Any) -> Said:
        made = _new(Said)
        made.message = message
        made.values = values
        made.count = None
        made._form = (self.domain, context, None, self.translations)
        return made

    def nsaid(self, singular: str, plural: str, count: int, /, **values: Any) -> Said:
        made = _new(Said)
        made.message = singular
        made.values = values
        made.count = count
        made._form = (self.domain, None, plural, self.translations)
        return made

    def npsaid(self, context: str, singular: str, plural: str, count: int, /, **values: Any) -> Said:
        made = _new(Said)
        made.message = singular
        made.values = values
        made.count = count
        made._form = (self.domain, context, plural, self.translations)
        return made


class Presenter:
    """What a player reads of a game and what a front end draws: the base class of every game's presenter.

    Made once per game by `Game.presenter()`, holding the game as `game`. A
    game's own presenter overrides what it shows; what it does not override
    is the game's own method of the same name where the game class has one
    (a plugin written before presenters), else the default below.
    """

    #: Whether the game's class has a `describe` of its own to ask (a plugin written before presenters); decided when made.
    _game_describes = True
    #: The game whose `Game.describe` may come straight here, set by `Game.presenter` when it keeps this presenter for a game
    #: whose class has no describe of its own; else None.
    _describes_for: "Game | None" = None

    def __init__(self, game: "Game") -> None:
        self.game = game
        self._game_describes = _overrides(type(game), "describe")

    def _own(self, name: str) -> Callable[..., Any] | None:
        """The game's own method `name`, or None where the game has none or only hands it to its presenter."""
        game = self.game
        if not _overrides(type(game), name) or (id(self), name) in _not_asking_game.get():
            return None
        return getattr(game, name)

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
        if self._game_describes:
            own = self._own("describe")
            if own is not None:
                return own(event, seat)
        found = self.narration(event, seat)
        if found is None:
            return None
        return found._text(current_language()) if isinstance(found, _CoreWords) else found.words()

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
