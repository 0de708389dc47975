"""Actions and decisions: what a seat may do now, and which of it is correct.

An action is a small frozen value with a stable text form (`play 6H to
common 1`, `announce 12`, `muggins 4`, `pass`). The text is what records
hold and what a human may type (cards in any spelling `parse_card` reads,
`10♥` for `TH`); replay finds the recorded text among the current
choices, so a game never needs a parser of its own. A `Decision`
gathers, for the one seat that acts now, every physically possible choice —
mistakes included — and the subset the rules call correct. Games define
their own actions by subclassing `Action` (any frozen dataclass whose
`__str__` is stable and unique among the choices of one decision works), or
use `Move(text, label=…, keys=…, data=…)`, an action defined by its text.
`Pass`, `Claim` and `Move` take their menu label and shortcut keys when made.
A decision may name its `standing` answer (the one that lets a move stand);
`standing_answer` is the one reading of it that bots, the terminal and any
other front end share. A player of another language types an action by its
keys and its word in that language, as the game's own catalogue translates
them (`keys_in`, `typed_in`, `picked_by`); the texts records hold stay English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Sequence

import re
import unicodedata

from .cards import respell_cards
from .i18n import DEFAULT_LANGUAGE, current_language, shown, using_language

__all__ = ["Action", "Pass", "Claim", "Move", "Decision", "IllegalAction", "NotYourTurn", "find_action", "standing_answer",
           "KEY_CONTEXT", "WORD_CONTEXT", "keys_in", "typed_in", "picked_by", "folded"]


class Action:
    """Base of every action. Subclasses are frozen dataclasses that define `__str__`.

    `label` is the human wording shown in a menu (defaults to the text);
    `keys` are extra words a human may type to pick it (e.g. `m` for a call).
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        return str(self)

    @property
    def label(self) -> str:
        return str(self)

    @property
    def keys(self) -> tuple[str, ...]:
        return ()


_set = object.__setattr__  # frozen dataclasses assign through it; written out, it skips a __post_init__


@dataclass(frozen=True, slots=True, init=False)
class Pass(Action):
    """Let a disputable action stand (accept a count, let a card lie).

    `Pass(label="accept the count", keys=("a",))` sets the menu wording and
    the shortcuts; neither is part of the text or of equality. A label made
    with `muggins.i18n.worded` is worded when read, in the reader's language
    (so are Claim's and Move's).
    """

    styling: tuple[str, tuple[str, ...] | None] | None = field(default=None, compare=False, repr=False)

    def __init__(self, label: str = "", keys: tuple[str, ...] | None = None) -> None:
        _set(self, "styling", (label, keys) if label or keys is not None else None)

    def __str__(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return shown((self.styling and self.styling[0]) or "pass")

    @property
    def keys(self) -> tuple[str, ...]:
        keys = self.styling and self.styling[1]
        return ("", "p", "accept", "ok") if keys is None else keys


@dataclass(frozen=True, slots=True, init=False)
class Claim(Action):
    """A responder's claim in a challenge window: `muggins`, `muggins 4`, `overcount`.

    `amount` carries the number a claim names (missed points claimed), if any;
    `target` names what is claimed when several things could be (a rank, a pile).
    `label` and `keys` (menu wording, shortcuts) may be given; by default the
    label is the text and a bare claim answers to its first letter.
    """

    name: str
    amount: int | None
    target: str | None
    styling: tuple[str, tuple[str, ...] | None] | None = field(compare=False, repr=False)

    def __init__(self, name: str = "muggins", amount: int | None = None, target: str | None = None,
                 label: str = "", keys: tuple[str, ...] | None = None) -> None:
        _set(self, "name", name)
        _set(self, "amount", amount)
        _set(self, "target", target)
        _set(self, "styling", (label, keys) if label or keys is not None else None)

    def __str__(self) -> str:
        if self.amount is None and self.target is None:
            return self.name
        parts = [self.name]
        if self.target is not None:
            parts.append(self.target)
        if self.amount is not None:
            parts.append(str(self.amount))
        return " ".join(parts)

    @property
    def label(self) -> str:
        return shown((self.styling and self.styling[0]) or str(self))

    @property
    def keys(self) -> tuple[str, ...]:
        keys = self.styling and self.styling[1]
        if keys is not None:
            return keys
        return (self.name[0],) if self.amount is None and self.target is None else ()


@dataclass(frozen=True, slots=True, init=False)
class Move(Action):
    """An action defined by its text: `Move("announce 12")`, `Move("discard 5H", data=card)`.

    `label` is the menu wording (default: the text), `keys` extra words that
    pick it, `data` any payload the game wants back when the move is chosen.
    Only the text counts for equality and hashing.
    """

    text: str
    given_label: str = field(compare=False, repr=False)
    keys: tuple[str, ...] = field(compare=False)
    data: Any = field(compare=False)

    def __init__(self, text: str, label: str = "", keys: tuple[str, ...] = (), data: Any = None) -> None:
        _set(self, "text", text)
        _set(self, "given_label", label)
        _set(self, "keys", keys)
        _set(self, "data", data)

    def __str__(self) -> str:
        return self.text

    @property
    def label(self) -> str:
        return shown(self.given_label) if self.given_label else self.text


_NO_INFO: Mapping[str, Any] = MappingProxyType({})


class Decision(NamedTuple):
    """One seat's decision: who acts, what kind of decision, what they may choose.

    `choices` lists every physically possible action; `correct` the ones the
    rules require (a non-empty subset). `kind` is a short word a game and a
    player can switch on (`play`, `respond`, `announce`…), `prompt` a line for
    humans, and `compact` asks a human interface to show a one-line prompt
    with key shortcuts instead of a numbered menu (used for windows that
    open after every move). `info` carries any extra game data. `waits`
    says that a window asks its responder for a check (a count to verify,
    a claim with several possible answers), so a human interface waits for
    the answer instead of letting the move stand when its pace runs out; a
    window judged at a glance leaves it False and flows. A game sets it by
    the kind of window alone, the same for every responder and whether or
    not a claim is due (a wait that only came when something was wrong
    would give the answer away); a seat's own decisions always wait, so it
    means nothing there. `standing` (optional) names the choice that lets
    the move stand — the pass of a window, a claimer's "done" — where the
    decision has one; it must be one of `choices` (pass the very object you
    put there). It is what a novice answers when it misses an error and
    what a human interface answers when its pace runs out. Left None,
    readers fall back to the first `Pass` among the choices (see
    `standing_answer`). A named tuple, because a simulation builds one per
    step.
    """

    seat: int
    kind: str
    choices: Sequence[Action]
    correct: Sequence[Action]
    prompt: str = ""
    compact: bool = False
    info: Mapping[str, Any] = _NO_INFO
    waits: bool = False
    standing: Action | None = None

    def find(self, text: str) -> Action | None:
        return find_action(self.choices, text)


class IllegalAction(ValueError):
    """The action is not among the physically possible choices now."""


class NotYourTurn(IllegalAction):
    """A seat other than the one to act tried to act."""


def find_action(choices: Sequence[Action], text: str, language: str | None = None) -> Action | None:
    """The choice whose text is `text` (spaces folded, case ignored), or None.

    Failing that, cards may be spelt as the table prints them or in any
    spelling `cards.parse_card` reads (`play 10♥ to common 2`, `10h` for
    the text's `TH`): the one choice whose text says the same with every card
    written as its code. Only a text no choice has exactly pays for this.
    `language` is the notation a person typed the cards in (`"fr"`: `5C` is
    the five of hearts); the choices' own texts are always codes.
    """
    wanted = " ".join(text.split()).lower()
    respelled = respell_cards(wanted, language).lower() if language is not None else None
    # A text whose cards read otherwise in the player's notation (French `5C`, cœur) is never taken as the English text it equals.
    if respelled is None or respelled == respell_cards(wanted).lower():
        for choice in choices:
            if str(choice).lower() == wanted:
                return choice
    if respelled is None:
        respelled = respell_cards(wanted).lower()
    found = [choice for choice in choices if respell_cards(str(choice)).lower() == respelled]
    return found[0] if len(found) == 1 else None  # two choices alike but for spelling: neither is meant more than the other


def standing_answer(decision: Decision) -> Action | None:
    """The choice that lets `decision` stand, or None when it has none.

    That is `decision.standing` when the game sets it; otherwise (a game
    written before the field) the first `Pass` among the choices, the rule
    the generic novice always used. A `standing` that is not among the
    choices is a game's mistake, refused here with ValueError so that no
    reader answers with an action the seat was not offered. It is checked
    where it is read, not where decisions are built, so the decisions
    nobody asks it of (an expert's, a random bot's) cost nothing more.
    """
    standing = decision.standing
    if standing is None:
        for choice in decision.choices:
            if isinstance(choice, Pass):
                return choice
        return None
    if standing in decision.choices:
        return standing
    raise ValueError(f"seat {decision.seat}'s {decision.kind!r} decision names {str(standing)!r} as its standing answer, "
                     f"which is not among its choices")


#: The gettext contexts a game's catalogue translates its actions' keys and typed words under
#: (`msgctxt "action key"`, `msgid "o"`; `msgctxt "action word"`, `msgid "overcount"`).
KEY_CONTEXT = "action key"
WORD_CONTEXT = "action word"
_NUMBERS = re.compile(r"-?\d+(?: -?\d+)*")


def _catalogue(game: Any, language: str | None) -> tuple[Any, str] | None:
    """The game's translator and the language to read it in, or None when the action is typed as written (English, no catalogue)."""
    translations = getattr(game, "translations", None)
    language = language or current_language()
    if translations is None or language == DEFAULT_LANGUAGE:
        return None
    return translations, language


def keys_in(action: Action, game: Any, language: str | None = None) -> tuple[str, ...]:
    """The keys that pick `action` for a player of `language` (the language in force by default), as the game translates them.

    Each of `action.keys` goes through the game's catalogue under the
    context `KEY_CONTEXT` (`"o"` may be `"e"` in French); Enter (`""`) is
    Enter everywhere. In English, or for a game without `translations`, or
    where the catalogue has no other key, the keys are the action's own.
    """
    found = _catalogue(game, language)
    if found is None or not action.keys:
        return action.keys
    translations, language = found
    with using_language(language):
        return tuple(key and (translations.pgettext(KEY_CONTEXT, key).strip() or key) for key in action.keys)


def typed_in(action: Action, game: Any, language: str | None = None) -> str:
    """How a player of `language` types `action`: its text with its word in that language, else the text itself.

    The game's catalogue translates, under the context `WORD_CONTEXT`, the
    whole text (`"lie down"` → `"se coucher"`), or else the first word of
    a text whose other words are numbers (`"announce"` → `"annoncer"`, so
    `announce 5` is typed `annoncer 5`). A text naming cards or other words
    keeps its English (the menu number or the label picks it). In English,
    or without a catalogue, it is the text.
    """
    text = action.text
    found = _catalogue(game, language)
    if found is None:
        return text
    translations, language = found
    with using_language(language):
        whole = translations.pgettext(WORD_CONTEXT, text).strip()
        if whole and whole != text:
            return whole
        head, _space, rest = text.partition(" ")
        if rest and not _NUMBERS.fullmatch(rest):
            return text
        word = translations.pgettext(WORD_CONTEXT, head).strip()
    return f"{word} {rest}".rstrip() if word else text


def folded(text: str) -> str:
    """`text` as typed answers are compared: spaces folded, lower case, accents dropped (`réclamer` is `reclamer`)."""
    plain = unicodedata.normalize("NFKD", " ".join(text.split()).lower())
    return "".join(c for c in plain if not unicodedata.combining(c))


def picked_by(choices: Sequence[Action], text: str, game: Any, language: str | None = None) -> Action | None:
    """The choice a player of `language` names by typing `text`: its typed form there (`annoncer 5`), its label or its cards, else None.

    Accents and case are ignored. The English texts are `find_action`'s;
    a front end tries this first, so the player's own words win. A move
    that names cards is picked by its label as shown, its cards written in
    the player's notation (`4P sur la pile commune 1`), or by its cards
    alone where no other choice names the same (`3K 5T`, in English `3D 5C`).
    """
    catalogue = _catalogue(game, language)
    if catalogue is None:
        return _named_by_label_or_cards(choices, text, language or current_language())
    wanted = folded(text)
    # Only forms the catalogue translated: an English text (its cards in codes, `5C` the five of clubs) is find_action's to read.
    found = [choice for choice in choices if (form := typed_in(choice, game, language)) != choice.text and folded(form) == wanted]
    if found:
        return found[0] if len(found) == 1 else None
    return _named_by_label_or_cards(choices, text, catalogue[1])


def _named_by_label_or_cards(choices: Sequence[Action], text: str, language: str | None) -> Action | None:
    """The one choice whose label `text` says with its cards in the player's notation (`4P sur la pile commune 1`), or whose cards alone it names (`3K 5T`).

    A move that names cards keeps its English text (`discard 3D 5C`), so a
    player of another language picks it by its label, as it is shown, or by
    its cards, written as they write them. Two choices alike either way
    (four placements of the same card) are neither picked.
    """
    from .cards import cards_named_in, parse_card

    moves = [(choice, named) for choice in choices if (named := cards_named_in(choice.text))]
    if not moves:
        return None
    said = folded(respell_cards(text, language))
    by_label = [choice for choice, _named in moves if folded(respell_cards(choice.label)) == said]
    if by_label:
        return by_label[0] if len(by_label) == 1 else None
    words = text.split()
    try:
        cards = {parse_card(word, language).code for word in words}
    except ValueError:
        return None
    if not cards or len(cards) != len(words):
        return None
    by_cards = [choice for choice, named in moves if named == cards]
    return by_cards[0] if len(by_cards) == 1 else None
