"""The player protocol and the generic bots every game gets for free.

Humans and bots are the same to the engine: given what their seat may see
and the pending `Decision`, return one of its choices. Bots never read the
state itself, only their view and the decision, so they cannot peek at
hidden cards; the decision's `correct` list is the rules' verdict on the
seat's own options, which a real player could work out from what they see.
Three generic kinds serve any game: `random` (any physical choice, calls
included), `expert` (always a correct choice) and `novice` (errs and
misses calls at configurable rates). A game may register its own kinds of
the same names through `muggins_register_players` to play better.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from .actions import Action, Decision, Pass
from .game import Event

__all__ = [
    "Player",
    "PlayerFactory",
    "PlayerKind",
    "RandomPlayer",
    "ExpertPlayer",
    "NovicePlayer",
    "BUILTIN_KINDS",
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action. `observe` is optional (humans use it to narrate)."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action: ...


PlayerFactory = Callable[..., Player]
"""`factory(game=, seat=, rng=, options=) -> Player`."""


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A named kind of player (`random`, `expert`, `human`…), generic or for some games."""

    name: str
    factory: PlayerFactory
    description: str = ""
    games: tuple[str, ...] = ()

    def serves(self, game_name: str) -> bool:
        return not self.games or game_name in self.games


class RandomPlayer:
    """Picks uniformly among all physical choices, mistakes and calls included."""

    def __init__(self, rng: random.Random, **_: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        return choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class ExpertPlayer:
    """Always correct: picks among the correct choices (uniformly where several are)."""

    def __init__(self, rng: random.Random, **_: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        correct = decision.correct
        return correct[self.rng.randrange(len(correct))] if len(correct) > 1 else correct[0]


class NovicePlayer:
    """A fallible player: errs on its own moves with `error_rate`, notices errors with `attention`.

    On a `respond` decision the novice makes the correct response with
    probability `attention` and otherwise lets the action stand; on other
    decisions it picks a random physical choice with probability
    `error_rate` and a correct one otherwise.
    """

    def __init__(self, rng: random.Random, error_rate: float = 0.1, attention: float = 0.5, **_: Any) -> None:
        if not 0 <= error_rate <= 1 or not 0 <= attention <= 1:
            raise ValueError("novice error_rate and attention must lie between 0 and 1")
        self.rng = rng
        self.error_rate = error_rate
        self.attention = attention

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng = self.rng
        if decision.kind == "respond":
            if rng.random() < self.attention:
                return _pick(rng, decision.correct)
            stand = [c for c in decision.choices if isinstance(c, Pass)]
            return stand[0] if stand else _pick(rng, decision.correct)
        if rng.random() < self.error_rate:
            return _pick(rng, decision.choices)
        return _pick(rng, decision.correct)


def _pick(rng: random.Random, options: Sequence[Action]) -> Action:
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def observe(player: Player, seat: int, events: Sequence[Event]) -> None:
    """Pass `player` the events its seat may see, if it listens."""
    listener = getattr(player, "observe", None)
    if listener is not None:
        visible = [e for e in events if "to" not in e or seat in e["to"]]
        if visible:
            listener(visible)


BUILTIN_KINDS = (
    PlayerKind("random", lambda rng, **kw: RandomPlayer(rng, **kw), "any physical choice, mistakes and calls included"),
    PlayerKind("expert", lambda rng, **kw: ExpertPlayer(rng, **kw), "always a correct choice; calls every real error"),
    PlayerKind("novice", lambda rng, **kw: NovicePlayer(rng, **kw), "errs 10% of the time, notices half of the errors"),
)
