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

from ..game import determinizes
from ..players import PlayerRefused
from .player import SearchPlayer, score_share, win_share
from .tree import Node

__all__ = ["SearchPlayer", "Node", "win_share", "score_share", "make_search_player"]


def make_search_player(rng: Any, game: Any = None, seat: int | None = None, **options: Any) -> SearchPlayer:
    """The `search` kind's factory: PlayerRefused for a game whose states do not implement `determinize`."""
    if game is not None and not determinizes(game.state_class()):
        raise PlayerRefused(f"the search player cannot play {game.name}: its states do not implement determinize(seat, rng)")
    return SearchPlayer(rng, game=game, seat=seat, **options)
