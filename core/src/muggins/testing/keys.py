"""The keys check of the contract kit: in every language the game speaks, no two choices of a decision share a key or a typed form.

A player picks an action by one of its keys (`Enter`, `o`) or by typing
it (`overcount`, in French `trop`), both read through the game's own
catalogue (`muggins.actions.keys_in`, `typed_in`). Two choices of one
decision with the same key in some language would leave that player's key
picking neither, so the check `KEYS` walks the matches `check_game` walks
and, at every decision, compares the choices' keys and typed forms, case
and accents ignored, in English and in each language the game has a
catalogue for (`game_languages`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..actions import Action, folded, keys_in, typed_in
from ..game import Game
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES
from .walk import Concern, MatchWalk

__all__ = ["KEYS", "game_languages", "key_clash"]


def game_languages(game: Game) -> tuple[str, ...]:
    """English and every language the game's catalogue has a compiled translation for."""
    translations = game.translations
    others = tuple(language for language in LANGUAGES if language != DEFAULT_LANGUAGE
                   and translations is not None and translations.has_catalogue(language))
    return (DEFAULT_LANGUAGE, *others)


def _shown_key(key: str) -> str:
    return "Enter" if key == "" else repr(key)


def _typing(choice: Action, game: Game, language: str, seen: dict | None) -> tuple[tuple[str, ...], str]:
    """The choice's keys and typed form in `language`, folded; `seen` remembers them by what they are read from (text and keys)."""
    found = None if seen is None else seen.get((language, choice.text, choice.keys))
    if found is None:
        found = (tuple(dict.fromkeys(folded(k) for k in keys_in(choice, game, language))), folded(typed_in(choice, game, language)))
        if seen is not None:
            seen[(language, choice.text, choice.keys)] = found
    return found


def key_clash(choices: Sequence[Action], game: Game, language: str, seen: dict | None = None) -> str | None:
    """What two of `choices` share in `language` (a key, or the form a player types), in one line; None when nothing is shared.

    `seen` (a dict kept over a match) spares reading the same action's keys again.
    """
    keys: dict[str, Action] = {}
    typed: dict[str, Action] = {}
    for choice in choices:
        choice_keys, form = _typing(choice, game, language, seen)
        for key in choice_keys:
            other = keys.setdefault(key, choice)
            if other is not choice:
                return f"{str(other)!r} and {str(choice)!r} share the key {_shown_key(key)} in {language!r}; each action of a decision needs keys of its own"
        other = typed.setdefault(form, choice)
        if other is not choice:
            return f"{str(other)!r} and {str(choice)!r} are both typed {form!r} in {language!r}; each action of a decision needs a word of its own"
    return None


def keys_are_unique_in_every_language(walk: MatchWalk, decision: Any) -> None:
    """No two choices of the decision share a key or a typed form, in English or any language the game speaks."""
    noted = getattr(walk, "_keys_noted", None)
    if noted is None:  # asked once per match, not at every step
        noted = walk._keys_noted = (game_languages(walk.game), {})  # type: ignore[attr-defined]
    languages, seen = noted
    for language in languages:
        clash = key_clash(decision.choices, walk.game, language, seen)
        if clash is not None:
            raise walk.fail(f"at seat {decision.seat}'s {decision.kind!r} decision: {clash}")


KEYS = Concern("keys", before=(keys_are_unique_in_every_language,))
