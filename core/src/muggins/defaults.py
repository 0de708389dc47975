"""What a front end falls back on where a match request leaves something open, named once and importable at no cost.

The default opponent is a seat spec every front end fills its people's
open seats with (`muggins.match_checks.default_opponent` turns it into the
game's nearest kind where the game has no novice). It lives here, apart
from the session machinery, so that a command line can show it in its
help text without importing the engine, the registry or a game.
"""

from __future__ import annotations

__all__ = ["DEFAULT_OPPONENT"]

#: What a front end seats against its people where they name no opponent: a novice erring often enough to catch.
DEFAULT_OPPONENT = "novice:error_rate=0.2"
