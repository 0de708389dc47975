"""The match walk: one match played by bots, with the named checks' step checks run around each step.

A `Concern` is one named part of the contract (play, privacy, windows,
restore, determinism, records) and lists its step checks by when they run:
after the deal (`start`), before the seat to act chooses (`before`), after
the move (`after`), when the match is over (`end`), and on a recorded rerun
of the match (`rerun`). `walk_match` plays one match, calls the step checks
of the concerns it is given and turns any failure into a `ContractError`
naming the concern and the match that reproduces it; `rerun_match` plays
the same match again through `Match.run`, into a record, for the rerun
checks. The checks themselves live in `muggins.testing.checks`; this module
owns only the loop, what a check may read (`MatchWalk`) and the error.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Sequence

from ..actions import Pass
from ..engine import make_players
from ..game import Game, State
from ..houserules import plugin_switches
from ..piles import ConservationCheck, ConservationError
from ..plugins import Registry, get_registry, load_registry
from ..records import Record, RecordWriter, header_for, parse_record
from ..sampler import bind_samplers

PLAY_NAME = "play"
"""The name of the concern of the walk itself: a failure outside any other concern's step check is a play failure."""


class ContractError(AssertionError):
    """A game broke the contract. The message names the check that failed and says how to reproduce it."""

    def __init__(
        self, problem: str, *, game: str, players: int, seed: int, kinds: Sequence[str], decisions: Sequence[str],
        rules: Any = None, check: str | None = None,
    ) -> None:
        self.problem = problem
        self.game = game
        self.players = players
        self.seed = seed
        self.kinds = list(kinds)
        self.decisions = list(decisions)
        self.rules = rules
        self.check = check
        failed = f"{game}: " if check is None else f"{game} fails the {check} check: "
        super().__init__(
            f"{failed}{problem}\n  reproduce: run_match(game, players={players}, seed={seed}, kinds={json.dumps(list(kinds))}"
            f"{'' if rules is None else f', rules={_rules_text(rules)}'})\n"
            f"  decisions ({len(decisions)}): {json.dumps(list(decisions[-40:]))}{' (last 40 shown)' if len(decisions) > 40 else ''}"
        )


def _rules_text(rules: Any) -> str:
    """The rules as Python that makes them again: their repr, wrapped in `with_plugin_switches` when they carry `[plugins]` switches."""
    switches = plugin_switches(rules)
    return f"with_plugin_switches({rules!r}, {switches!r})" if switches else repr(rules)


@dataclass
class ContractReport:
    """What a `check_game` run (or one named check) covered."""

    matches: int = 0
    decisions: int = 0
    windows: int = 0
    claims: int = 0
    by_players: dict[int, int] = field(default_factory=dict)
    #: House-rule plugin -> the questions it answered over the run (each hook, rule set and player count asked once).
    house_rule_answers: dict[str, int] = field(default_factory=dict)


@dataclass(eq=False)
class MatchWalk:
    """One match under check: what the step checks read, and the notes some of them keep between steps."""

    game: Game
    rules: Any
    players: int
    seed: int
    kinds: Sequence[str]
    registry: Registry
    deep: bool = True
    concern: str = PLAY_NAME
    state: State = None  # type: ignore[assignment]  # dealt when the walk starts
    opening: list[dict] | None = None
    decisions: list[str] = field(default_factory=list)
    events: list[list[dict]] = field(default_factory=list)
    checkpoint: bool = False
    """Whether this step is a checkpoint (decisions 1, 2, 4, 8… of a deep walk), where the costliest checks run."""
    # Notes kept by the concerns' checks over the match:
    limit: int = 0  # play: the game's declared decision limit
    conserved: ConservationCheck | None = None  # play: the deck the piles must always hold
    hidden_before: dict | None = None  # privacy: what each seat could not see just before the move
    window: Any = None  # windows: the window open at this step
    waiting: tuple[Any, bool] | None = None  # windows: the window last polled and whether its decision waited
    settlements: int = 0  # windows: unclaimable windows whose one-call settlement was checked
    restored: list[tuple[int, State]] = field(default_factory=list)  # restore: states saved and restored at checkpoints
    bots: list[Any] = field(default_factory=list)  # the walk's players, by seat (hidden answers asks them in other deals)
    judged: int = 0  # hidden answers: ordinary windows judged in other deals
    stake: tuple[int, bool] | None = None  # hidden answers: (step, whether a claim is at stake there)
    worlds: tuple[int, list[Any]] | None = None  # hidden answers: (step, the other deals made for it)

    def fail(self, problem: str) -> ContractError:
        """The ContractError for `problem`, naming the concern whose check is running and what reproduces the match."""
        # Rules compare by their fields alone; the [plugins] switches decide which house rules are in force, so they count too.
        default = self.rules == self.game.Rules() and not plugin_switches(self.rules)
        rules = None if default else self.rules
        return ContractError(
            problem, game=self.game.name, players=self.players, seed=self.seed, kinds=self.kinds,
            decisions=self.decisions, rules=rules, check=self.concern,
        )


@dataclass
class Rerun:
    """The walked match played again with fresh bots through `Match.run`, written to a record."""

    record: Record
    text: str
    state: State

    @cached_property
    def parsed(self) -> Record:
        return parse_record(self.text, source="contract record")


StartCheck = Callable[[MatchWalk], None]
BeforeCheck = Callable[[MatchWalk, Any], None]
AfterCheck = Callable[[MatchWalk, Any, Any, list], None]
EndCheck = Callable[[MatchWalk, Any], None]
RerunCheck = Callable[[MatchWalk, Rerun], None]


@dataclass(frozen=True)
class Concern:
    """One named check: its step checks, by when the walk calls them.

    `start(walk)` after the deal; `before(walk, decision)` before the seat
    to act chooses; `after(walk, decision, action, events)` after the move;
    `end(walk, result)` when no decision is left; `rerun(walk, rerun)` on a
    recorded rerun of the match. A step check raises `walk.fail(...)` or an
    AssertionError; one marked `costly` runs only in deep walks.
    """

    name: str
    start: tuple[StartCheck, ...] = ()
    before: tuple[BeforeCheck, ...] = ()
    after: tuple[AfterCheck, ...] = ()
    end: tuple[EndCheck, ...] = ()
    rerun: tuple[RerunCheck, ...] = ()


def costly(check: Callable) -> Callable:
    """Mark a step check as one that runs only in deep walks (`check_game`'s `deep_every`)."""
    check.costly = True  # type: ignore[attr-defined]
    return check


def _steps(concerns: Sequence[Concern], phase: str, deep: bool) -> tuple[tuple[str, Callable], ...]:
    return tuple(
        (concern.name, check) for concern in concerns for check in getattr(concern, phase)
        if deep or not getattr(check, "costly", False)
    )


def is_checkpoint(step: int) -> bool:
    return step > 0 and step & (step - 1) == 0


def registry_for(game: Game) -> Registry:
    """The process registry when it knows `game`, else one with only the built-in player kinds."""
    registry = get_registry()
    if game.name in registry.games:
        return registry
    return load_registry(load_entry_points=False)


def walk_match(
    game: Game,
    players: int,
    seed: int,
    kinds: Sequence[str],
    concerns: Sequence[Concern],
    *,
    rules: Any = None,
    registry: Registry | None = None,
    deep: bool = True,
    report: ContractReport | None = None,
) -> MatchWalk:
    """Play one match with bots of `kinds`, calling the step checks of `concerns`; return the walk."""
    walk = MatchWalk(game, game.Rules() if rules is None else rules, players, seed, kinds, registry or registry_for(game), deep)
    start, before, after, end = (_steps(concerns, phase, deep) for phase in ("start", "before", "after", "end"))
    decisions, events_of = walk.decisions, walk.events
    try:
        state = walk.state = game.new(walk.rules, players, seed)
        walk.opening = state.opening_events()
        # Each loop below names the running check's concern on the walk, so a failure says which check it was.
        for walk.concern, start_check in start:
            start_check(walk)
        walk.concern = PLAY_NAME
        bots = walk.bots = make_players(walk.registry, game, kinds, seed)
        bind_samplers(bots, state)  # a search player is bound as Match binds it
        while True:
            decision = state.decision()
            if decision is None:
                break
            walk.checkpoint = deep and is_checkpoint(len(decisions) + 1)
            for walk.concern, before_check in before:
                before_check(walk, decision)
            walk.concern = PLAY_NAME
            seat = decision.seat
            action = bots[seat].choose(state.view(seat), decision)
            decisions.append(str(action))
            events = state.apply(seat, action)
            events_of.append(events)
            for walk.concern, after_check in after:
                after_check(walk, decision, action, events)
            walk.concern = PLAY_NAME
            if report is not None:
                report.decisions += 1
                if decision.kind == "respond":
                    report.windows += 1
                    if not isinstance(action, Pass):
                        report.claims += 1
        result = state.result()
        for walk.concern, end_check in end:
            end_check(walk, result)
    except ContractError:
        raise
    except ConservationError as exc:
        raise walk.fail(f"conservation broken after decision {len(decisions)}: {exc}") from None
    except AssertionError as exc:
        raise walk.fail(f"after decision {len(decisions)}: {exc}") from None
    except Exception as exc:
        raise walk.fail(f"raised {type(exc).__name__}: {exc}") from exc
    if report is not None:
        report.matches += 1
        report.by_players[players] = report.by_players.get(players, 0) + 1
    return walk


def rerun_match(walk: MatchWalk) -> Rerun:
    """Play the walked match again with fresh bots through `Match.run` (the engine's shortcuts), recording it."""
    from ..engine import Match

    game, stream = walk.game, io.StringIO()
    state = game.new(walk.rules, walk.players, walk.seed)
    record = header_for(game, walk.rules, walk.players, walk.seed, walk.kinds)
    writer = RecordWriter.start(stream, record, state.opening_events())
    Match(state, make_players(walk.registry, game, walk.kinds, walk.seed), writer=writer, narrate_opening=False).run()
    return Rerun(record, stream.getvalue(), state)


def check_rerun(walk: MatchWalk, concerns: Sequence[Concern]) -> None:
    """Rerun the walked match once and call the rerun checks of `concerns` on it."""
    checks = _steps(concerns, "rerun", True)
    if not checks:
        return
    walk.concern = checks[0][0]
    try:
        rerun = rerun_match(walk)
        for walk.concern, rerun_check in checks:
            rerun_check(walk, rerun)
    except ContractError:
        raise
    except Exception as exc:
        raise walk.fail(f"the rerun raised {type(exc).__name__}: {exc}") from exc
