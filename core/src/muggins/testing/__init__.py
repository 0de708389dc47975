"""The contract kit: the checks every muggins game must pass, usable in one line.

`check_game(game, players=…, games=…, seed=…)` walks random and bot matches
(random observers included, so challenge windows are exercised) and checks,
step by step: the piles conserve the deck; every decision offers a choice
and its correct choices are among them; only the seat to act may act; events
and views are JSON-ready; nothing a seat receives — its view, the events
that reach it, its decision's `info` — names a card hidden from it (an event
may list cards the rules show openly under `"reveals"`); a window the game
calls unclaimable has the standing answer as its only correct choice, and
settling it in one call equals answering one by one, and every responder
of a window is given the same `Decision.waits`; state save/restore at decisions 1, 2, 4, 8… continues identically;
every match ends within the game's declared limit; the same seed and
choices give the same events (and `Match.run`, which takes the engine's
shortcuts, the same decisions); the record round-trips and replays without
divergence; and the default house rules survive TOML and back. A failure raises
`ContractError` carrying the game, player count, seed, seat kinds and the
decision list that reproduce it. `GameContract` wraps the same checks as a
pytest class to subclass (name the game with `game_name` and it is loaded
with its own registered bots); `muggins.testing.pytest_plugin` adds fixtures and
the `--muggins-games` option for long soaks.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ..actions import NotYourTurn, Pass, find_action
from ..cards import Card, parse_card
from ..engine import make_players
from ..game import Game, State
from ..piles import ConservationCheck, ConservationError
from ..plugins import Registry, get_registry, load_registry
from ..records import RecordWriter, header_for, parse_record, replay
from ..rng import derive_seed
from ..rules import load_rules, rules_to_dict, rules_to_toml

__all__ = [
    "ContractError", "ContractReport", "check_game", "check_rules_round_trip", "run_match", "GameContract",
    "registry_with_game", "REVEALS", "act", "check_result_fields", "install_for_discovery",
]

REVEALS = "reveals"
"""The event key listing cards an event shows openly, which the privacy check then allows."""


class ContractError(AssertionError):
    """A game broke the contract. The message says how to reproduce it."""

    def __init__(self, problem: str, *, game: str, players: int, seed: int, kinds: Sequence[str], decisions: Sequence[str], rules: Any = None) -> None:
        self.problem = problem
        self.game = game
        self.players = players
        self.seed = seed
        self.kinds = list(kinds)
        self.decisions = list(decisions)
        self.rules = rules
        super().__init__(
            f"{game}: {problem}\n  reproduce: run_match(game, players={players}, seed={seed}, kinds={json.dumps(list(kinds))}"
            f"{'' if rules is None else f', rules={rules!r}'})\n"
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


def _json_ready(value: Any, what: str) -> str:
    """The JSON text of `value`; AssertionError unless it is plain JSON data that survives a round trip."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-ready: {exc}") from None
    if json.loads(text) != value:
        raise AssertionError(f"{what} changes through JSON (tuples or non-string keys?): {value!r}")
    return text


# A card code as a whole JSON string (a key or a value); matching the JSON text is
# much cheaper than walking the data in Python, and views are large.
_CODE_STRING = re.compile(r'"([2-9TJQKA][CDHS])"')


def _card_text(value: Any) -> str:
    return value.code if isinstance(value, Card) else str(value)


def _codes_in(value: Any, found: set[str], text: str | None = None) -> None:
    """Add to `found` every card code `value` names as a whole string (Card objects count too)."""
    if text is None:
        text = json.dumps(value, default=_card_text)
    found.update(_CODE_STRING.findall(text))


def check_view_privacy(state: State, seat: int | None) -> None:
    """Raise AssertionError if `view(seat)` names a card hidden from that seat."""
    view = state.view(seat)
    text = _json_ready(view, f"view({seat})")
    hidden = state.hidden_from(seat)
    if hidden:
        shown: set[str] = set()
        _codes_in(view, shown, text)
        leaked = _named_hidden(shown, hidden)
        if leaked:
            raise AssertionError(f"view({seat}) shows hidden cards {sorted(leaked)}")


def act(state: State, text: str) -> list[dict]:
    """Let the seat to act take the choice whose text is `text` (as a record names it); return the events.

    For tests built from hand-made positions: AssertionError naming the
    choices when no choice has that text or the match is over.
    """
    decision = state.decision()
    assert decision is not None, "the match is over"
    action = find_action(decision.choices, text)
    assert action is not None, f"{text!r} is not among {[str(c) for c in decision.choices]}"
    return state.apply(decision.seat, action)


def _hidden(state: State, seat: int | None, cache: dict) -> Any:
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = state.hidden_from(seat)
    return found


def _named_hidden(codes: set[str], hidden: Any) -> set[str]:
    """The codes among `codes` whose cards are in `hidden` (compared as cards: few lookups, no conversion of `hidden`)."""
    return {code for code in codes if parse_card(code) in hidden}


def hidden_snapshot(state: State) -> dict:
    """What each seat (and a spectator) cannot see now, for `check_events_privacy`'s `before`."""
    cache: dict = {}
    for seat in [*range(state.players), None]:
        _hidden(state, seat, cache)
    return cache


def check_events_privacy(state: State, events: Sequence[dict], what: str, before: dict | None = None) -> None:
    """Raise AssertionError if an event names a card hidden from a seat it reaches.

    An event reaches the seats in its `to` list, or every seat and a
    spectator when it has none. A card is hidden from a seat when
    `state.hidden_from(seat)` names it now, after the move, and also named
    it before the move (`before`, from `hidden_snapshot`; a card the move
    covers or uncovers was in sight). Cards listed under the event's
    `"reveals"` key are shown openly by the rules and allowed.
    """
    cache: dict = {}
    everyone = [*range(state.players), None]
    for ev in events:
        named: set[str] = set()
        _codes_in(ev, named)
        if not named:
            continue
        named.difference_update(ev.get(REVEALS, ()))
        if not named:
            continue
        for seat in ev.get("to", everyone):
            leaked = _named_hidden(named, _hidden(state, seat, cache))
            if leaked and before is not None:
                leaked = _named_hidden(leaked, before[seat])
            if leaked:
                whom = "a spectator" if seat is None else f"seat {seat}"
                raise AssertionError(
                    f"{what}: event {ev.get('type')!r} reaches {whom} and names cards hidden from it: {sorted(leaked)} "
                    f"(if the rules show these cards to {whom} at this moment, list them in the event as "
                    f'"{REVEALS}": {json.dumps(sorted(leaked))})'
                )


def _check_info_privacy(state: State, decision: Any) -> None:
    if decision.info:
        named: set[str] = set()
        _codes_in(dict(decision.info), named)
        leaked = _named_hidden(named, state.hidden_from(decision.seat))
        if leaked:
            raise AssertionError(f"the decision's info for seat {decision.seat} names cards hidden from it: {sorted(leaked)}")


def _check_window(state: State, decision: Any, fail: Any) -> Any:
    """The game's word on a window must match its decisions; returns the window if unclaimable."""
    window = state.open_window()
    if window is None or window.claimable is None:
        return None
    if window.current != decision.seat:
        raise fail(f"open_window() names responder {window.current} but seat {decision.seat} is to act")
    right = [str(c) for c in decision.correct]
    if window.claimable is False and right != [window.standing]:
        raise fail(f"an unclaimable window must have the standing answer {window.standing!r} as its only correct choice, not {right}")
    return window if window.claimable is False else None


def _check_settlement(state: State, fail: Any) -> None:
    """Settling an unclaimable window in one call equals answering one by one."""
    game = state.game
    one_call = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    by_one = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    settled = [(seat, str(action), events) for seat, action, events in one_call.settle_window()]
    window = by_one.open_window()
    answered = []
    while window is not None and by_one.open_window() is window and not window.closed:
        found = by_one.decision()
        choice = find_action(found.choices, window.standing)
        if choice is None:
            raise fail(f"the standing answer {window.standing!r} is not among seat {found.seat}'s choices")
        answered.append((found.seat, str(choice), by_one.apply(found.seat, choice)))
    if settled != answered:
        raise fail(f"settle_window() differs from answering one by one: {settled[:3]} vs {answered[:3]}")
    if json.dumps(one_call.to_dict(), sort_keys=True) != json.dumps(by_one.to_dict(), sort_keys=True):
        raise fail("settle_window() leaves a different state than answering one by one")


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
        return ContractError(problem, game=game.name, players=players, seed=seed, kinds=kinds, decisions=decisions, rules=None if rules == game.Rules() else rules)

    try:
        state = game.new(rules, players, seed)
        opening = state.opening_events()
        _json_ready(opening, "opening events")
        if deep:
            check_events_privacy(state, opening, "opening events")
        conserved = ConservationCheck(game.deck(rules, players))
        conserved(state.piles())
        limit = game.max_decisions(rules, players)
        bots = make_players(registry, game, kinds, seed)
        checkpoints: list[tuple[int, State]] = []
        all_events: list[list[dict]] = []
        settlements_checked = 0
        waiting: tuple[Any, bool] | None = None  # the window last polled and whether its decision waited
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
            unclaimable = _check_window(state, decision, fail)
            window = state.open_window()
            if window is not None:
                # A wait that differed between responders (or came only when a claim is due) would tell the human.
                waits = bool(getattr(decision, "waits", False))
                if waiting is not None and waiting[0] is window and waiting[1] != waits:
                    raise fail(f"seat {seat}'s decision in a window says waits={waits}, an earlier responder's said {waiting[1]}")
                waiting = (window, waits)
            step = len(decisions)
            if deep and _is_checkpoint(step + 1):
                _check_out_of_turn(state, seat, decision, fail)
                for viewer in [*range(players), None]:
                    check_view_privacy(state, viewer)
                checkpoints.append((step, _restore(game, state, fail)))
            elif deep:
                check_view_privacy(state, seat)
            if deep:
                _check_info_privacy(state, decision)
                if unclaimable is not None and settlements_checked < 4:
                    settlements_checked += 1
                    _check_settlement(state, fail)
            action = bots[seat].choose(state.view(seat), decision)
            decisions.append(str(action))
            before = hidden_snapshot(state) if deep else None
            events = state.apply(seat, action)
            _json_ready(events, f"events of decision {step}")
            if deep:
                check_events_privacy(state, events, f"decision {step}", before)
            all_events.append(events)
            conserved(state.piles())
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
        problem = check_result_fields(game, rules, players, [e for step_events in all_events for e in step_events], result)
        if problem:
            raise fail(problem)
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


def check_result_fields(game: Game, rules: Any, players: int, events: Sequence[dict], result: Any) -> str | None:
    """What is wrong with the structured fields a match's last result event carries, or None.

    Narration of the end of a match is built from event fields, so they must
    agree with `result`. The last event carrying `winners` is checked:
    `winners` must be the result's winners; with `scores` (per seat, or per
    side of `Game.sides`) and a `target`, some winner must have reached it
    (unless `lowball` is true or the match stopped at its limit); with
    `skunk_line` and `skunked` (one flag per seat), exactly the seats of
    losing sides below the line are skunked, and likewise `double_skunk_line`
    with `double_skunked` (a line of None means nobody; not checked in
    lowball). A game whose events carry none of these fields passes.
    """
    final = next((e for e in reversed(events) if isinstance(e, dict) and "winners" in e), None)
    if final is None:
        return None
    kind = final.get("type", "?")
    if sorted(final["winners"] or []) != sorted(result.winners):
        return f"the {kind} event names winners {final['winners']}, but the result's are {list(result.winners)}"
    points = _points_per_seat(game, rules, players, final.get("scores"))
    if points is None or final.get("lowball"):
        return None
    winners = set(result.winners)
    target = final.get("target")
    if isinstance(target, (int, float)) and winners and not result.limit_reached and not any(points[w] >= target for w in winners):
        return f"the {kind} event names target {target}, which no winner reached (scores {final['scores']})"
    for line_key, flags_key in (("skunk_line", "skunked"), ("double_skunk_line", "double_skunked")):
        if line_key not in final or not isinstance(final.get(flags_key), list) or len(final[flags_key]) != players:
            continue
        line = final[line_key]
        for seat in range(players):
            expected = seat not in winners and line is not None and points[seat] < line
            if bool(final[flags_key][seat]) != expected:
                return (f"the {kind} event says seat {seat} is{'' if final[flags_key][seat] else ' not'} {flags_key.replace('_', '-')} "
                        f"with {points[seat]} points and {line_key} {line}")
    return None


def _points_per_seat(game: Game, rules: Any, players: int, scores: Any) -> list[float] | None:
    """Each seat's points from an event's `scores`: per seat, or per side of `Game.sides`; None if neither fits."""
    if not isinstance(scores, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores):
        return None
    if len(scores) == players:
        return list(scores)
    sides = game.sides(rules, players)
    if sides and len(sides) == len(scores):
        by_seat: dict[int, float] = {seat: scores[n] for n, side in enumerate(sides) for seat in side}
        if set(by_seat) == set(range(players)):
            return [by_seat[seat] for seat in range(players)]
    return None


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
        return ContractError(problem, game=game.name, players=players, seed=seed, kinds=kinds, decisions=decisions, rules=None if rules == game.Rules() else rules)

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


def registry_with_game(name: str) -> Registry:
    """A registry of the installed plugin that registers game `name`, and nothing else installed.

    Whatever `MUGGINS_LOAD_PLUGINS` says: a contract test names its game on
    purpose. The game's own player kinds come with it, so `"expert"` means
    the game's expert when it registers one.
    """
    from importlib.metadata import entry_points

    names = sorted({ep.name for ep in entry_points(group="muggins")})
    everything = load_registry(only=names)
    source = everything.game_sources.get(name)
    if source is None:
        installed = ", ".join(sorted(everything.games)) or "none"
        raise LookupError(f"no installed plugin registers the game {name!r}; installed games: {installed}")
    return load_registry(only=[source.name])


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

    Set `game_name` to load that installed game with its own registered
    bots (the usual way: `class TestContract(GameContract): game_name =
    "my_game"`), or set `game` (a Game instance) or override `make_game()`
    and `make_registry()`. Optionally set `players`, `games`, `seed`,
    `kinds` (seat specs such as `"expert"` or `"novice:attention=0.9"`),
    `rules`. `pytest --muggins-games N` raises the number of matches for a
    soak.
    """

    game_name: str | None = None
    game: Game | None = None
    players: Sequence[int] | None = None
    games: int = 10
    seed: int = 0
    kinds: Sequence[str] = ("random", "expert")
    rules: Any = None

    def _named_registry(self) -> Registry | None:
        if self.game_name is None:
            return None
        cached = type(self).__dict__.get("_loaded_registry")
        if cached is None:
            cached = registry_with_game(self.game_name)
            type(self)._loaded_registry = cached
        return cached

    def make_game(self) -> Game:
        named = self._named_registry()
        if named is not None:
            return named.game(self.game_name)
        if self.game is None:
            raise NotImplementedError("set `game_name` or `game`, or override make_game()")
        return self.game

    def make_registry(self) -> Registry | None:
        return self._named_registry()

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


def install_for_discovery(project: Any, site: Any) -> list[str]:
    """Make the plugin project at `project` discoverable as if pip had installed it; return the paths to put on sys.path.

    Writes `NAME-VERSION.dist-info` (METADATA and the `muggins` entry points,
    from the project's own `pyproject.toml`) into the folder `site`, which
    must exist, and returns `[site, project/src]`: with both first on
    `sys.path` (`monkeypatch.syspath_prepend` each, then
    `importlib.invalidate_caches()`), `load_registry` finds the plugin by its
    entry point exactly as it finds an installed one. For testing a
    house-rule plugin or a game in its own repository without installing it.
    """
    import tomllib
    from pathlib import Path

    project, site = Path(project), Path(site)
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n", encoding="utf-8")
    points = meta.get("entry-points", {}).get("muggins", {})
    (info / "entry_points.txt").write_text("[muggins]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()), encoding="utf-8")
    return [str(site), str(project / "src")]
