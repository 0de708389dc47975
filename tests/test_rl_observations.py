"""The observations of `muggins.rl` stay what the first encoding made them, however it is made faster.

`ReferenceEncoding` below is `muggins.observation.LayoutEncoding` as first
written (every vector read from the game's `layout` of the view, one card
at a time). A seeded random episode of each shipped game is played through
the environment, and at every step every seat's observation and mask, and
the observation a game's own `rl_encoding` makes and the generic
`LayoutEncoding` makes, must equal the reference's element for element.
The environment's infos (choices, prompt and the lazily rendered text) are
checked against what the game renders at that step. Skipped without the
`rl` extra.
"""

from __future__ import annotations

import os
import random
import zlib
from collections.abc import Mapping
from typing import Any, Sequence

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: the environment is the core's rl extra (muggins-core[rl])")

import numpy as np  # noqa: E402

from muggins.actions import Decision  # noqa: E402
from muggins.game import Game, State, capabilities_of  # noqa: E402
from muggins.observation import DEFAULT_MAX_CHOICES, KIND_BUCKETS, ZONE_KINDS, LayoutEncoding  # noqa: E402
from muggins.plugins import load_registry  # noqa: E402
from muggins.rl import agent_name, env, seat_of  # noqa: E402

pytestmark = pytest.mark.plugins


class ReferenceEncoding:
    """`LayoutEncoding` as it was written first, read from `Game.layout`: the meaning every faster encoding keeps."""

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


#: Each game at the player count its benchmark measures (benchmarks/bench_rl.py), and other counts.
EPISODES = [("muggins_shedding", 4, 3), ("muggins_shedding", 3, 5), ("cribbage_muggins", 2, 8), ("cribbage_muggins", 3, 2),
            ("cribbage_muggins", 4, 6), ("willughby_fishing", 5, 4)]
#: House rules an episode is played under, by its game and count: partners score together (one counter per side).
RULES = {("cribbage_muggins", 4): {"partnerships": True}}
#: Steps checked of each episode at most (enough to pass several deals and windows, in well under a second).
STEPS = 300


@pytest.fixture(scope="module")
def registry():
    saved = os.environ.pop("MUGGINS_LOAD_PLUGINS", None)
    try:
        return load_registry()
    finally:
        if saved is not None:
            os.environ["MUGGINS_LOAD_PLUGINS"] = saved


def _same(a, b) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


@pytest.mark.parametrize("name,players,seed", EPISODES)
def test_every_observation_of_a_seeded_episode_is_the_first_encodings(registry, name, players, seed):
    if name not in registry.games:
        pytest.skip(f"{name} is not installed")
    table = env(name, players, registry=registry, text=False, rules=RULES.get((name, players)))
    table.reset(seed=seed)
    game, rules = table.game, table.rules
    reference = ReferenceEncoding(game, rules, players, first=game.new(rules, players, seed))
    generic = LayoutEncoding(game, rules, players, first=game.new(rules, players, seed))
    assert (table.encoding.size, generic.size, table.encoding.max_choices) == (reference.size, reference.size, reference.max_choices)
    assert table.encoding.parts == reference.parts and generic.parts == reference.parts
    assert type(table.encoding).__module__ == f"{name}.encoding" and table.encoding._direct  # the game's own, reading the view
    if (name, players) in RULES:
        assert table.encoding.counters == reference.counters == [("score:0+2", False), ("score:1+3", False)]
    rng = random.Random(seed)
    steps = 0
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        state = table.match_state
        decision = state.decision()
        acting = seat_of(agent)
        for seat in range(players) if steps % 4 == 0 else (acting,):  # every seat at every fourth step, else the one to act
            mine = decision if decision is not None and decision.seat == seat else None
            view = dict(state.view(seat))
            expected = reference.encode(view, seat, mine)
            assert _same(generic.encode(view, seat, mine), expected), f"step {steps}, seat {seat}: LayoutEncoding"
            # The game's zones and counters (its `table`) read by the generic loop give the cells its own `cells` gives.
            direct, from_table = table.encoding.cells(view, seat), LayoutEncoding.cells(table.encoding, view, seat)
            assert (sorted(direct[0]), direct[1]) == (sorted(from_table[0]), from_table[1]), f"step {steps}, seat {seat}: cells"
            shown = table.observe(agent_name(seat))
            assert _same(shown["observation"], expected), f"step {steps}, seat {seat}: the environment's observation"
            mask = np.zeros(reference.max_choices, np.int8)
            if mine is not None:
                mask[:len(mine.choices)] = 1
            assert _same(shown["action_mask"], mask)
        assert _same(observation["observation"], table.observe(agent)["observation"])
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        if steps == STEPS:
            break
    assert steps > 20


@pytest.mark.parametrize("name,players", [("muggins_shedding", 4), ("cribbage_muggins", 2), ("willughby_fishing", 5)])
def test_the_infos_text_is_the_table_at_its_own_step_even_when_read_later(registry, name, players):
    if name not in registry.games:
        pytest.skip(f"{name} is not installed")
    table = env(name, players, registry=registry)
    table.reset(seed=1)
    rng = random.Random(1)
    kept = []
    for step, agent in enumerate(table.agent_iter()):
        observation, _reward, terminated, truncated, info = table.last()
        state = table.match_state
        seat = seat_of(agent)
        shown = table.game.render(dict(state.view(seat)), seat)
        if step % 3 == 0:
            kept.append((info, shown))  # read after later steps
        else:
            assert info["text"] == shown
        if terminated or truncated:
            assert "result" in info
            table.step(None)
            continue
        decision = state.decision()
        assert (info["kind"], info["prompt"], info["choices"]) == (decision.kind, decision.prompt, [str(c) for c in decision.choices])
        assert sorted(info) == ["choices", "kind", "prompt", "text"]
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))
        if step > 60:
            break
    assert kept and all(info["text"] == shown and dict(info)["text"] == shown for info, shown in kept)


def test_infos_make_each_text_once_and_only_when_read_whatever_reads_it():
    import copy
    import json
    import pickle

    from muggins.rl import Infos

    made = []

    def infos():
        return Infos({"kind": "play"}, {"prompt": lambda: made.append("prompt") or "Play a card",
                                        "text": lambda: made.append("text") or "the table"})

    plain = {"kind": "play", "prompt": "Play a card", "text": "the table"}
    info = infos()
    assert (sorted(info), len(info), "text" in info, made) == (["kind", "prompt", "text"], 3, True, [])
    assert info["kind"] == "play" and made == []
    assert info["text"] == "the table" and info.get("text") == "the table" and made == ["text"]
    for read in (dict, json.dumps, repr, lambda i: pickle.loads(pickle.dumps(i)), copy.deepcopy, copy.copy,
                 lambda i: {**i}, lambda i: list(i.items()), lambda i: list(i.values())):
        made.clear()
        out = read(infos())
        assert sorted(made) == ["prompt", "text"], read
        assert out in (plain, json.dumps(plain), repr(plain), list(plain.items()), list(plain.values())), read
    assert infos() == plain and plain == infos() and infos() == infos() and not (infos() != plain)
    replaced = infos()
    replaced["text"] = "mine"
    assert dict(replaced)["text"] == "mine"


def test_the_generic_encoding_reads_odd_layouts_as_the_first_one_did(registry):
    if "willughby_fishing" not in registry.games:
        pytest.skip("willughby_fishing is not installed")
    game = registry.game("willughby_fishing")
    rules, first = game.Rules(), game.new(game.Rules(), 5, 0)
    odd = [
        {"zones": [{"kind": "hand", "owner": 2, "cards": ["AS", "AS", "KH"], "count": 2.5},  # two copies, a fractional count
                   {"kind": "pile", "owner": 2, "cards": ["ZZ", "QD"], "count": 0.1},  # a code not of the deck, the same plane twice
                   {"kind": "pile", "owner": 2, "cards": None, "count": 3},
                   {"kind": None, "owner": None, "cards": ["2C"], "count": "many"},  # no kind, no owner, a count not a number
                   {"kind": "tableau", "owner": 7, "cards": ["3C"], "count": True}],
         "counters": [{"id": "chips:3", "owner": 3, "value": 1.25}, {"id": "chips:3", "owner": 3, "value": 4},  # the later one stands
                      {"id": "pot", "owner": None, "value": True}, {"id": "unknown", "owner": None, "value": 9},
                      {"id": "chips:1", "owner": 1, "value": "ten"}]},
        {"zones": [{"kind": "field", "owner": None, "cards": ["4D", "5D"], "count": 2}], "counters": [{"id": "pot", "value": 0.3}]},
        None,
    ]

    class OddLayouts:
        def layout(self, view, seat):
            return odd[view["which"]]

    reference = ReferenceEncoding(game, rules, 5, first=first)
    generic = LayoutEncoding(game, rules, 5, first=first)
    reference.game = generic.game = OddLayouts()
    decision = first.decision()
    for which in range(len(odd)):
        for seat in range(5):
            mine = decision if decision.seat == seat else None
            expected = reference.encode({"which": which}, seat, mine)
            assert _same(generic.encode({"which": which}, seat, mine), expected), (which, seat)
    assert reference.encode({"which": 0}, 0, None).sum() > 10  # the odd layout did reach the vector
