"""Search players for any game that implements `State.determinize`: the kind `search`.

This package owns the determinized Monte Carlo tree search: `tree` (nodes
keyed by seat and action text, UCT selection, max^n backup; no muggins
imports) and `player` (`SearchPlayer`, which draws worlds from the sealed
sampler the engine binds it to, searches them and answers with the move
visited most). The kind is registered by `muggins.players.BUILTIN_KINDS`
through a factory that imports this package on first use, so listing games
and kinds never imports it, and the engine never does.
"""

from __future__ import annotations

from typing import Any

from ..game import capabilities_of
from ..players import PlayerRefused
from .player import SearchPlayer, score_share, win_share
from .tree import Node

__all__ = ["SearchPlayer", "Node", "win_share", "score_share", "make_search_player", "resolved_defaults"]


def make_search_player(rng: Any, game: Any = None, seat: int | None = None, given_options: Any = None, **options: Any) -> SearchPlayer:
    """The `search` kind's factory: PlayerRefused for a game whose states do not implement `determinize`.

    `given_options` names the options the seat spec gave (None: all of
    them, as for a caller that builds the player by hand); every other
    option the game names in `Game.search_defaults` takes the game's value.
    """
    if game is not None and not capabilities_of(game).determinize:
        raise PlayerRefused(f"the search player cannot play {game.name}: its states do not implement determinize(seat, rng)")
    if game is not None and given_options is not None:
        options.update(resolved_defaults(game, given_options))
    return SearchPlayer(rng, game=game, seat=seat, **options)


def resolved_defaults(game: Any, given: Any = ()) -> dict[str, Any]:
    """The values `game.search_defaults` gives the options not in `given`, converted by the kind's declarations; ValueError naming a bad one."""
    from ..players import SEARCH_OPTIONS

    declared = {option.name: option for option in SEARCH_OPTIONS}
    values = {}
    for name, text in dict(game.search_defaults or {}).items():
        if name not in declared:
            raise ValueError(f"{game.name}: search_defaults names {name!r}, which is not an option of search")
        if name not in given:
            values[name] = declared[name].convert(str(text))
    return values
