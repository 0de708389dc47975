"""The seat kind `policy`: a function from an installed module plays a seat, shown what the PettingZoo environment shows its agent.

`policy:fn=my_pkg.bots:play` seats the function `play` of the module
`my_pkg.bots` (imported when the seat is made). Its contract: it is called
as `play(observation)`, or `play(observation, rng)` when it takes two
parameters (`rng` the seat's own `random.Random`, derived from the match's
seed as every bot's is), where `observation` is `{"observation": float32
vector, "action_mask": int8 vector}` exactly as `muggins.rl` gives the
seat's agent (`muggins.observation`: the seat's view and its own decision,
nothing hidden); it returns the index of a choice the mask allows. It must
choose from its arguments alone, keeping nothing from one call to the
next, since `muggins replay --verify` asks it again and checks that it
chooses as recorded. A seat whose function cannot be loaded is refused in
one line when it is made, and a choice the mask does not allow is refused
in one line (`PolicyBroken`) when it is given. This module is the core's
plugin for the kind (the `policy` entry point), so it is a seat at the
terminal, in `simulate`, the ladder and the browser table alike; the seat
learns its match's rules and player count, which every seat knows, from
one world its sampler draws (so the game must implement `determinize`).
numpy is imported when the seat first chooses.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import random
from typing import Any, Callable, Mapping

from .actions import Action, Decision
from .faults import PluginFault
from .game import Game, capabilities_of
from .hookspecs import hookimpl
from .i18n import N_, translator
from .limits import clip
from .observation import encoding_for, observation
from .players import PlayerOption, PlayerRefused
from .thinking import keep_thinking

__all__ = ["POLICY_OPTIONS", "PolicyBroken", "PolicyPlayer", "load_policy", "muggins_register_players"]

_ = translator("muggins", package_file=__file__).gettext

POLICY_OPTIONS = (
    PlayerOption("fn", str, "", help=N_("the policy function, as module:function (observation in, a legal choice's index out)")),
    PlayerOption("max_choices", int, 0, 0, None, help=N_("the size of its action mask, as in the environment it was trained in (0: the game's)")),
)


class PolicyBroken(PluginFault):
    """A policy gave something that is not a choice its action mask allows: one line, as any plugin's fault is shown."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "policy")


def load_policy(spec: str) -> Callable[..., Any]:
    """The function `module:function` names, imported now; ValueError, one line, when it cannot be had."""
    module, colon, name = spec.partition(":")
    if not colon or not module or not name:
        raise ValueError(_("policy seat: fn={spec} is not module:function").format(spec=repr(clip(spec))))
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(_("policy seat: cannot load {spec}: {reason}").format(spec=clip(spec), reason=clip(str(exc), 200))) from None
    if not callable(found):
        raise ValueError(_("policy seat: {spec} is not a function").format(spec=clip(spec)))
    return found


def _takes_rng(function: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


#: Encodings by game, rules and size: a simulation seats a policy for every match, and building one reads a first state.
_ENCODINGS: dict[tuple[int, str, int, int], Any] = {}


class PolicyPlayer:
    """A seat played by a policy function: observation in, a legal choice's index out."""

    #: Bound once per match to learn the rules and player count (public facts); it never reads a world's hidden cards.
    wants_sampler = True

    def __init__(self, function: Callable[..., Any], spec: str, game: Game, rng: random.Random, max_choices: int = 0) -> None:
        self.function = function
        self.spec = spec
        self.game = game
        self.rng = rng
        self.max_choices = max_choices or None
        self._with_rng = _takes_rng(function)
        self._sampler: Any = None
        self._encoding: Any = None

    def bind(self, sampler: Any) -> None:
        self._sampler = sampler
        self._encoding = None

    def _encoding_now(self) -> Any:
        if self._sampler is None:
            raise RuntimeError("a policy seat plays inside a match, which binds it (muggins.engine.Match)")
        world = self._sampler.sample(random.Random(0))
        rules, players = world.rules, world.players
        key = (id(self.game), repr(rules), players, self.max_choices or 0)
        encoding = _ENCODINGS.get(key)
        if encoding is None:
            if len(_ENCODINGS) > 64:
                _ENCODINGS.clear()
            encoding = _ENCODINGS[key] = encoding_for(self.game, rules, players, max_choices=self.max_choices)
        return encoding

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        if self._encoding is None:
            self._encoding = self._encoding_now()
        shown = observation(self._encoding, dict(view), decision.seat, decision)
        answer = self.function(shown, self.rng) if self._with_rng else self.function(shown)
        # Under a front end's limit (the browser table's seconds a decision, a stop asked for), as a search is: a
        # function cannot be stopped while it runs, so an answer that came too late, or after a stop, is not played.
        keep_thinking()
        try:
            index = int(answer)
            legal = index == answer and 0 <= index < len(decision.choices) and bool(shown["action_mask"][index])
        except (TypeError, ValueError, OverflowError):
            legal = False
        if not legal:
            raise PolicyBroken(_("policy {spec} in seat {seat} answered {answer}, not the index of a choice its action mask allows (0 to {last})").format(
                spec=self.spec, seat=decision.seat, answer=clip(repr(answer), 60), last=len(decision.choices) - 1))
        return decision.choices[index]


def _policy_factory(rng: random.Random, game: Game, fn: str = "", max_choices: int = 0, **_ignored: Any) -> PolicyPlayer:
    if not fn:
        raise ValueError(_("policy seat: name its function, as policy:fn=module:function"))
    if importlib.util.find_spec("numpy") is None:
        raise ValueError(_("policy seats need numpy: install muggins-core with its rl extra"))
    if not capabilities_of(game).determinize:
        raise PlayerRefused(_("policy seats play games whose states implement determinize; {game} does not").format(game=game.name))
    return PolicyPlayer(load_policy(fn), fn, game, rng, max_choices)


@hookimpl
def muggins_register_players(register: Callable[..., None]) -> None:
    register("policy", _policy_factory, description=N_("a policy function from an installed module (fn=module:function), shown the seat's observation"),
             options=POLICY_OPTIONS, words=N_("a policy"))
