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
int8 vector}`, the encoding a game may declare (`rl_encoding`, see
`LayoutEncoding` for the default and docs/research.md for the contract).
Actions are `Discrete(max_choices)`: action i is the i-th choice of the
decision (the mask marks the choices there are; `infos[agent]["choices"]`
gives their texts). Rewards come from the game's `Result` when the match
ends (`reward="wins"`, `"scores"` or a function). `reset(seed=n)` deals the
match of seed n, the one `muggins play --seed n` deals; house rules come
from a mapping (`rules=`) or a TOML file (`rules_file=`); with `record_to`
each episode writes a record into that folder that `muggins replay
--verify` accepts.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .actions import Decision
from .engine import Match
from .game import Game, Result, State, capabilities_of
from .houserules import house_rule_plugins
from .i18n import translator
from .limits import SEED_BOUND
from .players import HUMAN
from .plugins import load_registry
from .records import RecordWriter, header_for
from .request import MatchRequest
from .session import PushedSeat
from .store import RecordStore

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["DEFAULT_MAX_CHOICES", "LayoutEncoding", "MugginsEnv", "ZONE_KINDS", "agent_name", "encoding_for", "env", "seat_of"]

_ = translator("muggins", package_file=__file__).gettext

#: The size of the action space of a game that declares none (`Game.rl_max_choices`): more than any shipped game offers at once.
DEFAULT_MAX_CHOICES = 64
#: The zone kinds a layout names (`Game.layout`), then one for any other kind: the rows of the default encoding's card planes.
ZONE_KINDS = ("hand", "pile", "field", "collection", "crib", "starter", "other")
#: Decision kinds go into this many buckets (a stable hash of the kind) when the encoding is not told the game's kinds.
KIND_BUCKETS = 16

Reward = Callable[[Result, int], float]


def agent_name(seat: int) -> str:
    """The agent of a seat: `seat_0`, `seat_1` …"""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent named by `agent_name`."""
    return int(agent.rpartition("_")[2])


class LayoutEncoding:
    """The default observation of a seat: its table as the game's layout gives it, as one fixed-size float32 vector.

    In this order (`parts` names each part's size): card planes, for each
    zone kind of `ZONE_KINDS` and each owner counted from the seat (0 the
    seat itself, 1 the next seat, … n-1, then n for zones nobody owns), how
    many copies of each card of the game's deck lie face up there; the
    number of cards (face up and down) in each of those zones; the table's
    counters (scores, chips, hands won), by name, one value per owner
    counted from the seat or one for a counter nobody owns, the names read
    from the layout of a match's first state; the seat itself, one-hot; the
    decision's kind, one-hot over `kinds` (the game's kinds, when given) or
    over `KIND_BUCKETS` buckets of a stable hash of the kind; and whether
    the seat is to act, the decision's `compact` and `waits`, and its number
    of choices over `max_choices`. Everything comes from `view` and the
    seat's own decision, so no other seat's hidden card can change it. A
    game without a layout has only its view's `hand` (a list of card codes)
    as the seat's hand.
    """

    def __init__(self, game: Game, rules: Any, players: int, *, first: State | None = None,
                 kinds: Sequence[str] | None = None, max_choices: int = DEFAULT_MAX_CHOICES) -> None:
        self.game = game
        self.players = players
        self.max_choices = max_choices
        codes = sorted({card.code for card in game.deck(rules, players)})
        self.cards = {code: index for index, code in enumerate(codes)}
        self.kinds = tuple(kinds) if kinds is not None else None
        self._has_layout = capabilities_of(game).layout
        self.counters = self._counter_names(first if first is not None else game.new(rules, players, 0))
        owners = players + 1
        self.parts = {
            "cards": len(ZONE_KINDS) * owners * len(codes),
            "counts": len(ZONE_KINDS) * owners,
            "counters": sum(players if owned else 1 for _, owned in self.counters),
            "seat": players,
            "kind": len(self.kinds) + 1 if self.kinds is not None else KIND_BUCKETS,
            "decision": 4,
        }
        self.size = sum(self.parts.values())
        self._counter_at: dict[str, tuple[int, bool]] = {}
        at = 0
        for name, owned in self.counters:
            self._counter_at[name] = (at, owned)
            at += players if owned else 1

    def _counter_names(self, state: State) -> list[tuple[str, bool]]:
        """The counters of the first state's layouts, by name (`wins:2` is `wins`, owned), each with whether seats own it."""
        if not self._has_layout:
            return []
        found: dict[str, bool] = {}
        for seat in (None, *range(self.players)):
            for counter in (self.game.layout(dict(state.view(seat)), seat) or {}).get("counters") or ():
                name, owned = _counter_name(counter)
                found[name] = found.get(name, False) or owned
        return sorted(found.items())

    def encode(self, view: Mapping[str, Any], seat: int, decision: Decision | None) -> Any:
        """The observation vector of `seat` from its `view` and its own pending `decision` (None when it is not to act)."""
        import numpy as np

        players, owners = self.players, self.players + 1
        vector = np.zeros(self.size, dtype=np.float32)
        cards = len(self.cards)
        counts_at = self.parts["cards"]
        if self._has_layout:
            table = self.game.layout(view, seat) or {}
            zones = table.get("zones") or ()
            counters = table.get("counters") or ()
        else:
            hand = view.get("hand")
            zones = [{"kind": "hand", "owner": seat, "cards": hand, "count": len(hand)}] if isinstance(hand, list) else ()
            counters = ()
        for zone in zones:
            kind = zone.get("kind")
            row = ZONE_KINDS.index(kind) if kind in ZONE_KINDS else len(ZONE_KINDS) - 1
            owner = zone.get("owner")
            slot = (owner - seat) % players if isinstance(owner, int) else players
            plane = (row * owners + slot)
            base = plane * cards
            for code in zone.get("cards") or ():
                index = self.cards.get(code)
                if index is not None:
                    vector[base + index] += 1
            count = zone.get("count")
            if isinstance(count, (int, float)):
                vector[counts_at + plane] += count
        at = counts_at + self.parts["counts"]
        for counter in counters:
            name, owned = _counter_name(counter)
            place = self._counter_at.get(name)
            value = counter.get("value")
            if place is None or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            offset, by_seat = place
            owner = counter.get("owner")
            slot = ((owner - seat) % players if isinstance(owner, int) else 0) if by_seat else 0
            vector[at + offset + slot] = value
        at += self.parts["counters"]
        vector[at + seat] = 1
        at += self.parts["seat"]
        if decision is not None:
            if self.kinds is not None:
                index = self.kinds.index(decision.kind) if decision.kind in self.kinds else len(self.kinds)
            else:
                index = zlib.crc32(decision.kind.encode("utf-8")) % KIND_BUCKETS
            vector[at + index] = 1
        at += self.parts["kind"]
        if decision is not None:
            vector[at:at + 4] = (1, decision.compact, decision.waits, len(decision.choices) / self.max_choices)
        return vector


def _counter_name(counter: Mapping[str, Any]) -> tuple[str, bool]:
    """A layout counter's name (its id without the `:seat` of an owned one) and whether a seat owns it."""
    ident = str(counter.get("id", ""))
    owned = isinstance(counter.get("owner"), int)
    if owned:
        head, colon, tail = ident.rpartition(":")
        if colon and tail.isdigit():
            ident = head
    return ident, owned


def encoding_for(game: Game, rules: Any, players: int, *, first: State | None = None, max_choices: int | None = None) -> Any:
    """The game's declared encoding (`Game.rl_encoding`, a factory or its `"module:name"` path, called as `LayoutEncoding` is), else `LayoutEncoding`.

    An encoding has `size` (the observation's length), `max_choices` and
    `encode(view, seat, decision)`, which reads nothing but its arguments.
    """
    declared = getattr(game, "rl_encoding", None)
    if isinstance(declared, str):
        import importlib

        module, _colon, name = declared.partition(":")
        declared = getattr(importlib.import_module(module), name)
    chosen = max_choices or getattr(game, "rl_max_choices", None) or DEFAULT_MAX_CHOICES
    factory = declared if declared is not None else LayoutEncoding
    return factory(game, rules, players, first=first, max_choices=chosen)


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
        self.result = None
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._decision: Decision | None = None
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
        self.match.submit(decision.seat, decision.choices[index])
        self._moved()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.match is not None, "reset() first"
        return self.observation_at(self.match.state, seat_of(agent))

    def observation_at(self, state: State, seat: int) -> dict[str, Any]:
        """What `seat` observes at `state`: its view and its own pending decision only (the privacy tests compare these)."""
        import numpy as np

        decision = state.decision()
        mine = decision if decision is not None and decision.seat == seat else None
        mask = np.zeros(self.max_choices, dtype=np.int8)
        if mine is not None:
            mask[:len(mine.choices)] = 1
        return {"observation": self.encoding.encode(dict(state.view(seat)), seat, mine), "action_mask": mask}

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
            decision = match.advance(lambda seat: True)
            if decision is None or match.taken >= match.limit:
                break
            if self.take_lone_choices and len(decision.choices) == 1:
                match.submit(decision.seat, decision.choices[0])
                continue
            break
        self._decision = decision
        for agent in self.agents:
            self.rewards[agent] = 0.0
            self.infos[agent] = {}
        if decision is None:
            result = self.result = match.state.result()
            assert result is not None
            for agent in self.agents:
                seat = seat_of(agent)
                self.rewards[agent] = float(self.reward_of(result, seat))
                self.terminations[agent] = True
                self.infos[agent] = {"result": result.to_dict(), **self._text(seat)}
            self._close_record()
            return
        agent = agent_name(decision.seat)
        self.agent_selection = agent
        if match.taken >= match.limit:  # the game's declared limit: the match stops short of its end
            for other in self.agents:
                self.truncations[other] = True
            self._close_record()
            return
        self.infos[agent] = {"kind": decision.kind, "prompt": decision.prompt, "choices": [str(c) for c in decision.choices],
                             **self._text(decision.seat)}
        if len(decision.choices) > self.max_choices:
            raise ValueError(_("{game}: a decision of {count} choices, more than the environment's max_choices={limit}; "
                               "make it with a larger max_choices").format(game=self.game.name, count=len(decision.choices),
                                                                          limit=self.max_choices))

    def _text(self, seat: int) -> dict[str, str]:
        if not self.text or self.match is None:
            return {}
        return {"text": self.game.render(dict(self.match.state.view(seat)), seat)}

    def _close_record(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None


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
    `text` (False: no rendered table in `infos`, faster); `take_lone_choices`
    (True: a decision with one choice is taken without asking its agent);
    `registry` (the plugins, by default the installed ones); `render_mode`.
    """
    return _env_class()(game, players, **options)


def __getattr__(name: str) -> Any:
    if name == "MugginsEnv":
        return _env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
