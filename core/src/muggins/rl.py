"""Every installed game as a PettingZoo AEC environment: `env(game, players)`, for people who train or study policies.

This module owns the bridge between a muggins match and PettingZoo's
agent-environment-cycle API (the `rl` extra: `pip install
"muggins-core[rl]"`; pettingzoo, gymnasium and numpy are imported the
first time an environment or an encoding is made, never when muggins
loads). Agents are the seats, `"seat_0"` … in seat order; the agent to act
is the seat the engine asks next, so a challenge window's responders act
one after another in the order the window polls them, as at a table. The
match is a `muggins.engine.Match` whose every seat is answered from outside
(`Match.submit`), so it is played, counted and recorded exactly as a
match played by people. Each agent's observation is built from its own
seat view alone (`State.view(seat)` and the game's `layout` of it, and its
own pending decision): `{"observation": float32 vector, "action_mask":
int8 vector}`, the encoding a game may declare (`muggins.observation`:
`rl_encoding`, `LayoutEncoding` the default; docs/research.md).
Actions are `Discrete(max_choices)`: action i is the i-th choice of the
decision (the mask marks the choices there are; `infos[agent]["choices"]`
gives their texts, made when first read: `Infos`). Rewards come from the
game's `Result` when the match ends (`reward="wins"`, `"scores"` or a
function). `reset(seed=n)` deals the match of seed n, the one `muggins
play --seed n` deals; house rules come from a mapping (`rules=`) or a TOML
file (`rules_file=`); with `record_to` each episode writes a record into
that folder that `muggins replay --verify` accepts.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .actions import Decision
from .engine import Match
from .game import Game, Result, State
from .houserules import house_rule_plugins
from .i18n import translator
from .limits import SEED_BOUND
from .observation import DEFAULT_MAX_CHOICES, LayoutEncoding, ZONE_KINDS, encoding_for, observation
from .players import HUMAN
from .plugins import load_registry
from .records import RecordWriter, header_for
from .request import MatchRequest
from .session import PushedSeat
from .store import RecordStore

if TYPE_CHECKING:
    from .registry import Registry

def _EVERY_SEAT(seat: int) -> bool:
    """`Match.advance`'s stop: every seat is answered from outside, so the match stops at every decision (made once, not per step)."""
    return True


#: A value of `Infos` not made yet.
_NOT_MADE: Any = type("_NotMade", (), {"__repr__": lambda self: "<not made yet>"})()

__all__ = ["DEFAULT_MAX_CHOICES", "Infos", "LayoutEncoding", "MugginsEnv", "ZONE_KINDS", "agent_name", "encoding_for", "env", "seat_of"]

_ = translator("muggins", package_file=__file__).gettext


def agent_name(seat: int) -> str:
    """The agent of a seat: `seat_0`, `seat_1` …"""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent named by `agent_name`."""
    return int(agent.rpartition("_")[2])


#: A reward: what `seat` gets from the `Result` of its match.
Reward = Callable[[Result, int], float]


def _wins(result: Result, seat: int) -> float:
    if not result.winners:
        return 0.0
    return 1.0 if seat in result.winners else -1.0


def _scores(result: Result, seat: int) -> float:
    return float(result.scores[seat]) if seat < len(result.scores) else 0.0


REWARDS: dict[str, Reward] = {"wins": _wins, "scores": _scores}


class _Environment:
    """The muggins side of the environment; `MugginsEnv` adds PettingZoo's `AECEnv` to it (built on first use)."""

    metadata = {"name": "muggins_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str | Game, players: int | None = None, *, rules: Any = None, rules_file: str | None = None,
                 reward: str | Reward = "wins", max_choices: int | None = None, record_to: str | Path | None = None,
                 text: bool = True, take_lone_choices: bool = False, registry: Registry | None = None,
                 render_mode: str | None = None) -> None:
        from gymnasium import spaces
        import numpy as np

        super().__init__()
        self.registry = registry if registry is not None else load_registry()
        checked = MatchRequest(game, players, seats=[HUMAN], rules=rules, rules_file=rules_file, seed=0, opponents=HUMAN).check(self.registry)
        self._request = checked
        self.game: Game = checked.game
        self.rules = checked.rules
        self.players = checked.players
        self.reward_of: Reward = REWARDS[reward] if isinstance(reward, str) else reward
        self.encoding = encoding_for(self.game, self.rules, self.players, first=checked.new_state(), max_choices=max_choices)
        self.max_choices = self.encoding.max_choices
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        self.agents: list[str] = []
        observation = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.max_choices,), np.int8),
        })
        action = spaces.Discrete(self.max_choices)
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: action for agent in self.possible_agents}
        self.record_to = Path(record_to) if record_to is not None else None
        self.record_path: str | None = None
        self.text = text
        self.take_lone_choices = take_lone_choices
        self.render_mode = render_mode
        self._seeds = random.Random()
        self._stream: Any = None
        self.match: Match | None = None
        self.result: Result | None = None

    # -- PettingZoo's API -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def match_state(self) -> State:
        """The match's state (everything, hidden cards too: for analysis, never for a policy's observation)."""
        assert self.match is not None, "reset() first"
        return self.match.state

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.randrange(SEED_BOUND)
        self._close_record()
        request = self._request.with_seed(deal)
        state = request.new_state()
        writer = None
        if self.record_to is not None:
            header = header_for(self.game, self.rules, self.players, deal, request.seats,
                                house_rules=house_rule_plugins(self.registry, self.game, self.rules))
            self.record_path, self._stream = RecordStore(self.record_to).create(self.game.name, deal)
            writer = RecordWriter.start(self._stream, header, state.opening_events())
        self.match = Match(state, [PushedSeat(seat) for seat in range(self.players)], writer=writer, registry=self.registry)
        self._quiet = writer is None and not self.match.listeners
        self.result = None
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._decision: Decision | None = None
        self._views: dict[int, Any] = {}
        self._informed: str | None = None
        self.agent_selection = self.agents[0]
        self._moved()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self._decision
        assert decision is not None and self.match is not None
        index = int(action)
        if not 0 <= index < len(decision.choices):
            raise ValueError(_("action {action} is not among the {count} choices of {agent}'s decision (its action mask)").format(
                action=index, count=len(decision.choices), agent=agent))
        self._cumulative_rewards[agent] = 0.0
        match = self.match
        if self._quiet:  # nothing reads the move's events (no record, no listener), so the game need not tell them, as in Match.advance
            state = match.state
            state.events_wanted = False
            try:
                match.submit(decision.seat, decision.choices[index])
            finally:
                del state.events_wanted
        else:
            match.submit(decision.seat, decision.choices[index])
        self._moved()
        if self._decision is None or self.truncations[agent]:  # rewards are all 0 until the end: nothing to add before
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.match is not None, "reset() first"
        seat = seat_of(agent)
        decision = self._decision
        mine = decision if decision is not None and decision.seat == seat else None
        return observation(self.encoding, self._view(seat), seat, mine)

    def observation_at(self, state: State, seat: int) -> dict[str, Any]:
        """What `seat` observes at `state`: its view and its own pending decision only (the privacy tests compare these)."""
        decision = state.decision()
        mine = decision if decision is not None and decision.seat == seat else None
        return observation(self.encoding, dict(state.view(seat)), seat, mine)

    def _view(self, seat: int) -> Any:
        """The seat's view of the match as it stands, asked of the state once per step (the observation and the text share it).

        Read, never changed: the encodings and the renderers only read a
        view, so the state's own (which a game may keep until its next
        visible change) is handed over as it is.
        """
        view = self._views.get(seat)
        if view is None:
            assert self.match is not None
            view = self._views[seat] = self.match.state.view(seat)
        return view

    def render(self) -> str | None:
        """The table as a spectator sees it (no seat's hidden cards): returned for `ansi`, printed for `human`."""
        if self.match is None or self.render_mode is None:
            return None
        shown = self.game.render(dict(self.match.state.view(None)), None)
        if self.render_mode == "human":
            print(shown)
            return None
        return shown

    def close(self) -> None:
        self._close_record()

    # -- the match ------------------------------------------------------------------------------------------
    def _moved(self) -> None:
        """After a move (or the deal): on to the next seat the engine asks, or the end and its rewards."""
        match = self.match
        assert match is not None
        while True:
            decision = match.advance(_EVERY_SEAT)
            if decision is None or match.taken >= match.limit:
                break
            if self.take_lone_choices and len(decision.choices) == 1:
                match.submit(decision.seat, decision.choices[0])
                continue
            break
        self._decision = decision
        self._views = {}
        # Only the agent that was to act has infos to clear, and rewards are all 0 until the end.
        informed, self._informed = self._informed, None
        if informed is not None:
            self.infos[informed] = {}
        if decision is None:
            result = self.result = match.state.result()
            assert result is not None
            for agent in self.agents:
                seat = seat_of(agent)
                self.rewards[agent] = float(self.reward_of(result, seat))
                self.terminations[agent] = True
                self.infos[agent] = self._info({"result": result.to_dict()}, seat)
            self._close_record()
            return
        agent = agent_name(decision.seat)
        self.agent_selection = agent
        if match.taken >= match.limit:  # the game's declared limit: the match stops short of its end
            for other in self.agents:
                self.truncations[other] = True
            self._close_record()
            return
        self.infos[agent] = self._info({"kind": decision.kind}, decision.seat, decision)
        self._informed = agent
        if len(decision.choices) > self.max_choices:
            raise ValueError(_("{game}: a decision of {count} choices, more than the environment's max_choices={limit}; "
                               "make it with a larger max_choices").format(game=self.game.name, count=len(decision.choices),
                                                                          limit=self.max_choices))

    def _info(self, known: dict[str, Any], seat: int, decision: Decision | None = None) -> dict[str, Any]:
        """An agent's infos: `known`, then the decision's `prompt` and `choices` texts and the table's `text`, each made when first read."""
        later: dict[str, Callable[[], Any]] = {}
        if decision is not None:
            later["prompt"] = lambda: decision.prompt
            later["choices"] = lambda: [str(choice) for choice in decision.choices]
        if self.text:
            view, game = self._view(seat), self.game
            later["text"] = lambda: game.render(view, seat)
        return Infos(known, later)

    def _close_record(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


class Infos(dict):
    """An agent's infos: a plain dict whose texts (a decision's prompt and choices, the rendered table) are made when first read.

    Every key is there from the start (`in`, `len`, iteration and `keys`
    need nothing made); a value is made the first time it is read, by any
    way of reading it (indexing, `get`, `items`, `values`, a copy, `==`,
    `repr`, pickling, `dict(info)`), from the decision and the view of its
    own step, so an infos read after later steps still tells its own step.
    A policy that never reads the texts never pays for them.
    """

    __slots__ = ("_later",)

    def __init__(self, known: Mapping[str, Any], later: Mapping[str, Callable[[], Any]]) -> None:
        super().__init__(known)
        for key in later:
            dict.__setitem__(self, key, _NOT_MADE)
        self._later = dict(later)

    def _make(self, key: Any = _NOT_MADE) -> None:
        later = self._later
        if not later:
            return
        for name in (list(later) if key is _NOT_MADE else [key] if key in later else ()):
            if dict.get(self, name) is _NOT_MADE:
                dict.__setitem__(self, name, later[name]())
            del later[name]

    def __getitem__(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if value is _NOT_MADE:
            self._make(key)
            value = dict.__getitem__(self, key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __setitem__(self, key: Any, value: Any) -> None:
        self._later.pop(key, None)
        dict.__setitem__(self, key, value)

    def __iter__(self) -> Iterator[Any]:  # also sends dict(info) and {**info} through __getitem__, so they read made values
        return dict.__iter__(self)

    def _made(name: str) -> Callable[..., Any]:  # type: ignore[misc]  # a helper of the class body only
        plain = getattr(dict, name)

        def method(self: "Infos", *args: Any, **kwargs: Any) -> Any:
            self._make()
            return plain(self, *args, **kwargs)

        method.__name__ = name
        return method

    items = _made("items")
    values = _made("values")
    copy = _made("copy")
    pop = _made("pop")
    popitem = _made("popitem")
    setdefault = _made("setdefault")
    update = _made("update")
    __repr__ = _made("__repr__")
    __or__ = _made("__or__")
    __ror__ = _made("__ror__")
    __ior__ = _made("__ior__")
    __hash__ = None  # type: ignore[assignment]
    del _made

    def __eq__(self, other: object) -> bool:
        self._make()
        if isinstance(other, Infos):
            other._make()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __reduce_ex__(self, protocol: Any) -> Any:
        self._make()
        return (dict, (dict(self),))


_ENV_CLASS: type | None = None


def _env_class() -> type:
    """`MugginsEnv`: `_Environment` with PettingZoo's `AECEnv`, built once, when first asked for (pettingzoo loads then)."""
    global _ENV_CLASS
    if _ENV_CLASS is None:
        from pettingzoo import AECEnv

        _ENV_CLASS = type("MugginsEnv", (_Environment, AECEnv), {"__module__": __name__, "__doc__": _Environment.__doc__})
    return _ENV_CLASS


def env(game: str | Game, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of `game` (its name or the `Game`) for `players` seats (None: the game's usual count).

    `options`: `rules` (a mapping of house rules, as a rules TOML file's
    tables) or `rules_file` (a TOML file); `reward` (`"wins"`: 1 for each
    winner, -1 for the others, 0 for all in a draw; `"scores"`: the
    result's scores, the fishing ledger's chips, cribbage's points; or
    `f(result, seat)`); `max_choices` (the size of the action space; the
    game's `rl_max_choices`, else `DEFAULT_MAX_CHOICES`); `record_to` (a
    folder: each episode writes its record there, `env.record_path`);
    `text` (False: no rendered table in `infos`; it is rendered only when read); `take_lone_choices`
    (True: a decision with one choice is taken without asking its agent);
    `registry` (the plugins, by default the installed ones); `render_mode`.
    """
    return _env_class()(game, players, **options)


def __getattr__(name: str) -> Any:
    if name == "MugginsEnv":
        return _env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
