"""The contract kit: the checks every muggins game must pass, usable in one line.

`check_game(game, players=…, games=…, seed=…)` walks random and bot matches
(random observers included, so challenge windows are exercised) and checks,
step by step: the piles conserve the deck; every decision offers a choice
and its correct choices are among them; only the seat to act may act; events
and views are JSON-ready; no view shows a card hidden from its seat; state
save/restore at decisions 1, 2, 4, 8… continues identically; every match
ends within the game's declared limit; the same seed and choices give the
same events; the record round-trips and replays without divergence; and the
default house rules survive TOML and back. A failure raises
`ContractError` carrying the game, player count, seed, seat kinds and the
decision list that reproduce it. `GameContract` wraps the same checks as a
pytest class to subclass; `muggins.testing.pytest_plugin` adds fixtures and
the `--muggins-games` option for long soaks.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ..actions import NotYourTurn, Pass, find_action
from ..cards import CARD_CODES, Card
from ..engine import make_players
from ..game import Game, State
from ..piles import ConservationError, check_conservation
from ..plugins import Registry, get_registry, load_registry
from ..records import RecordWriter, header_for, parse_record, replay
from ..rng import derive_seed
from ..rules import load_rules, rules_to_dict, rules_to_toml

__all__ = ["ContractError", "ContractReport", "check_game", "check_rules_round_trip", "run_match", "GameContract"]


class ContractError(AssertionError):
    """A game broke the contract. The message says how to reproduce it."""

    def __init__(self, problem: str, *, game: str, players: int, seed: int, kinds: Sequence[str], decisions: Sequence[str]) -> None:
        self.problem = problem
        self.game = game
        self.players = players
        self.seed = seed
        self.kinds = list(kinds)
        self.decisions = list(decisions)
        super().__init__(
            f"{game}: {problem}\n  reproduce: players={players} seed={seed} seats={','.join(kinds)}\n"
            f"  decisions ({len(decisions)}): {json.dumps(list(decisions[-40:]))}{' (last 40 shown)' if len(decisions) > 40 else ''}"
        )


@dataclass
class ContractReport:
    """What a `check_game` run covered."""

    matches: int = 0
    decisions: int = 0
    windows: int = 0
    claims: int = 0
    by_players: dict[int, int] = field(default_factory=dict)


def _json_ready(value: Any, what: str) -> None:
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-ready: {exc}") from None
    if json.loads(text) != value:
        raise AssertionError(f"{what} changes through JSON (tuples or non-string keys?): {value!r}")


def _codes_in(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        if value in CARD_CODES:
            found.add(value)
    elif isinstance(value, Card):
        found.add(value.code)
    elif isinstance(value, dict):
        for key, item in value.items():
            _codes_in(key, found)
            _codes_in(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _codes_in(item, found)


def check_view_privacy(state: State, seat: int | None) -> None:
    """Raise AssertionError if `view(seat)` names a card hidden from that seat."""
    view = state.view(seat)
    _json_ready(view, f"view({seat})")
    hidden = {c.code for c in state.hidden_from(seat)}
    if hidden:
        shown: set[str] = set()
        _codes_in(view, shown)
        leaked = shown & hidden
        if leaked:
            raise AssertionError(f"view({seat}) shows hidden cards {sorted(leaked)}")


def _is_checkpoint(step: int) -> bool:
    return step > 0 and step & (step - 1) == 0


def run_match(
    game: Game,
    players: int,
    seed: int,
    kinds: Sequence[str],
    *,
    rules: Any = None,
    registry: Registry | None = None,
    deep: bool = True,
    report: ContractReport | None = None,
) -> list[str]:
    """Play one match under every per-step check; return the decision texts.

    `deep` adds the costlier checks (privacy of every seat's view, a refused
    out-of-turn action, state save/restore at steps 1, 2, 4, 8…).
    """
    rules = game.Rules() if rules is None else rules
    registry = registry or _registry_for(game)
    decisions: list[str] = []

    def fail(problem: str) -> ContractError:
        return ContractError(problem, game=game.name, players=players, seed=seed, kinds=kinds, decisions=decisions)

    try:
        state = game.new(rules, players, seed)
        opening = state.opening_events()
        _json_ready(opening, "opening events")
        deck = game.deck(rules, players)
        check_conservation(state.piles(), deck)
        limit = game.max_decisions(rules, players)
        bots = make_players(registry, game, kinds, seed)
        checkpoints: list[tuple[int, State]] = []
        all_events: list[list[dict]] = []
        while True:
            decision = state.decision()
            if decision is None:
                break
            if len(decisions) >= limit:
                raise fail(f"no end within the declared limit of {limit} decisions")
            seat = decision.seat
            if not 0 <= seat < players:
                raise fail(f"seat {seat} to act does not exist")
            if not decision.choices:
                raise fail(f"decision {len(decisions)} for seat {seat} offers no choice")
            if not decision.correct:
                raise fail(f"decision {len(decisions)} for seat {seat} names no correct choice")
            for right in decision.correct:
                if right not in decision.choices:
                    raise fail(f"correct choice {right} is not among the choices")
            texts = [str(c) for c in decision.choices]
            if len(set(t.lower() for t in texts)) != len(texts):
                raise fail(f"two choices share a text: {texts}")
            step = len(decisions)
            if deep and _is_checkpoint(step + 1):
                _check_out_of_turn(state, seat, decision, fail)
                for viewer in [*range(players), None]:
                    check_view_privacy(state, viewer)
                checkpoints.append((step, _restore(game, state, fail)))
            elif deep:
                check_view_privacy(state, seat)
            action = bots[seat].choose(state.view(seat), decision)
            decisions.append(str(action))
            events = state.apply(seat, action)
            _json_ready(events, f"events of decision {step}")
            all_events.append(events)
            check_conservation(state.piles(), deck)
            if report is not None:
                report.decisions += 1
                if decision.kind == "respond":
                    report.windows += 1
                    if not isinstance(action, Pass):
                        report.claims += 1
        result = state.result()
        if result is None:
            raise fail("no decision is pending but result() is None")
        if any(not 0 <= w < players for w in result.winners):
            raise fail(f"result names seats that do not exist: {result.winners}")
        _json_ready(result.to_dict(), "result")
        for step, restored in checkpoints:
            _continue_identically(restored, decisions, all_events, step, fail)
    except ContractError:
        raise
    except ConservationError as exc:
        raise fail(f"conservation broken after decision {len(decisions)}: {exc}") from None
    except AssertionError as exc:
        raise fail(f"after decision {len(decisions)}: {exc}") from None
    except Exception as exc:
        raise fail(f"raised {type(exc).__name__}: {exc}") from exc
    if report is not None:
        report.matches += 1
        report.by_players[players] = report.by_players.get(players, 0) + 1
    return decisions


def _check_out_of_turn(state: State, seat: int, decision: Any, fail: Any) -> None:
    other = (seat + 1) % state.players
    if other == seat:
        return
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        state.apply(other, decision.choices[0])
    except NotYourTurn:
        pass
    else:
        raise fail(f"seat {other} acted although seat {seat} was to act")
    if json.dumps(state.to_dict(), sort_keys=True) != before:
        raise fail("a refused out-of-turn action changed the state")


def _restore(game: Game, state: State, fail: Any) -> State:
    saved = json.loads(json.dumps(state.to_dict()))
    restored = game.state_from_dict(saved)
    if json.loads(json.dumps(restored.to_dict())) != saved:
        raise fail("to_dict → from_dict → to_dict is not the identity")
    def offered(found: Any) -> Any:
        return None if found is None else (found.seat, [str(c) for c in found.choices])

    if offered(state.decision()) != offered(restored.decision()):
        raise fail("a restored state offers a different decision")
    return restored


def _continue_identically(restored: State, decisions: list[str], events: list[list[dict]], start: int, fail: Any) -> None:
    for index in range(start, len(decisions)):
        decision = restored.decision()
        action = find_action(decision.choices, decisions[index]) if decision else None
        if action is None:
            raise fail(f"state restored at decision {start} cannot take decision {index} ({decisions[index]!r})")
        if restored.apply(decision.seat, action) != events[index]:
            raise fail(f"state restored at decision {start} gives different events at decision {index}")


def check_replay(game: Game, players: int, seed: int, kinds: Sequence[str], decisions: Sequence[str], *, rules: Any = None, registry: Registry | None = None) -> None:
    """Determinism and records: rerun with fresh bots, write a record, parse it, replay it."""
    rules = game.Rules() if rules is None else rules

    def fail(problem: str) -> ContractError:
        return ContractError(problem, game=game.name, players=players, seed=seed, kinds=kinds, decisions=decisions)

    registry = registry or _registry_for(game)
    from ..engine import Match

    stream = io.StringIO()
    state = game.new(rules, players, seed)
    record = header_for(game, rules, players, seed, kinds)
    writer = RecordWriter.start(stream, record, state.opening_events())
    match = Match(state, make_players(registry, game, kinds, seed), writer=writer, narrate_opening=False)
    match.run()
    if [text for _, text in record.decisions] != list(decisions):
        raise fail("the same seed and seats took different decisions on a second run (non-deterministic game or bot)")
    parsed = parse_record(stream.getvalue(), source="contract record")
    if parsed.dumps() != stream.getvalue():
        raise fail("the record does not round-trip through JSON Lines")
    replayed, divergence = replay(game, parsed, verify=True)
    if divergence is not None:
        raise fail(f"replay diverges from the record at {divergence}")
    if json.dumps(replayed.to_dict(), sort_keys=True) != json.dumps(state.to_dict(), sort_keys=True):
        raise fail("the replayed final state differs from the played one")


def check_rules_round_trip(game: Game) -> None:
    """Default house rules → commented TOML → load must give the defaults back."""
    defaults = game.Rules()
    text = rules_to_toml(defaults, title=game.title)
    loaded = load_rules(game.Rules, text, source=f"{game.name} defaults")
    if loaded != defaults or rules_to_dict(loaded) != rules_to_dict(defaults):
        raise AssertionError(f"{game.name}: default rules change through TOML: {rules_to_dict(defaults)} -> {rules_to_dict(loaded)}")


def _registry_for(game: Game) -> Registry:
    registry = get_registry()
    if game.name in registry.games:
        return registry
    return load_registry(load_entry_points=False)


def check_game(
    game: Game,
    *,
    players: Iterable[int] | None = None,
    games: int = 20,
    seed: int = 0,
    kinds: Sequence[str] = ("random", "expert"),
    rules: Any = None,
    registry: Registry | None = None,
    replays: int = 2,
    deep_every: int = 1,
) -> ContractReport:
    """Walk `games` matches per player count under every check; raise ContractError on the first failure.

    Seats take the `kinds` in rotation (match i, seat s plays kinds[(i+s) %
    len(kinds)]), so with ("random", "expert") random observers sit beside
    correct players. The first `replays` matches per count are also rerun,
    recorded and replayed. `deep_every` runs the costlier checks on every
    n-th match only (soaks use it to go faster).
    """
    check_rules_round_trip(game)
    report = ContractReport()
    registry = registry or _registry_for(game)
    counts = list(game.players if players is None else players)
    for count in counts:
        if count not in game.players:
            raise ValueError(f"{game.name} is for {game.players.start}-{game.players.stop - 1} players, not {count}")
        for index in range(games):
            match_seed = derive_seed(seed, game.name, count, index)
            seat_kinds = [kinds[(index + s) % len(kinds)] for s in range(count)]
            decisions = run_match(game, count, match_seed, seat_kinds, rules=rules, registry=registry, deep=index % deep_every == 0, report=report)
            if index < replays:
                check_replay(game, count, match_seed, seat_kinds, decisions, rules=rules, registry=registry)
    return report


class GameContract:
    """Subclass in a plugin's tests to run the contract under pytest.

    Set `game` (a Game instance) or override `make_game()`; optionally set
    `players`, `games`, `seed`, `kinds`, `rules`, or override
    `make_registry()` to supply game-specific bots. `pytest
    --muggins-games N` raises the number of matches for a soak.
    """

    game: Game | None = None
    players: Sequence[int] | None = None
    games: int = 10
    seed: int = 0
    kinds: Sequence[str] = ("random", "expert")
    rules: Any = None

    def make_game(self) -> Game:
        if self.game is None:
            raise NotImplementedError("set `game` or override make_game()")
        return self.game

    def make_registry(self) -> Registry | None:
        return None

    def _games(self, request: Any) -> int:
        option = request.config.getoption("muggins_games", default=None) if request is not None else None
        return option or self.games

    def test_rules_round_trip(self) -> None:
        check_rules_round_trip(self.make_game())

    def test_contract(self, request: Any) -> None:
        report = check_game(
            self.make_game(), players=self.players, games=self._games(request), seed=self.seed,
            kinds=self.kinds, rules=self.rules, registry=self.make_registry(),
        )
        assert report.matches > 0 and report.decisions > 0
