"""The engine: drives a State with players, records decisions and emits events.

`Match` is the loop every front end shares (terminal play, simulation,
replay, resume, the contract kit): ask the seat to act for a choice given
its view and the decision, apply it, write the decision and its events to
the record, pass events to listening players and to `muggins_on_event`
plugins (give the Match the registry). The engine never calls a hook nobody implements, so the inner loop
of a simulation stays plain Python. It also answers for a player without
asking it when nobody could tell the difference: a player that declares
`takes_sole_correct_choice` is given the only correct choice of a decision
that has exactly one, and `run()` settles a challenge window the game calls
unclaimable in one call to the state when every remaining responder
declares `stands_in_unclaimable_windows`. Each such answer is still counted,
recorded as its own line and emitted, so records, replay and listeners see
no difference; `step()` always takes exactly one decision. While `run()`
plays with nobody reading events (no record, listener or observing player)
it sets the state's `events_wanted` to False, so a game may skip building them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Iterator, Sequence

from .actions import IllegalAction
from .game import Event, Result, State
from .players import Player, make_players, observe  # make_players: re-exported, it lives in players
from .records import RecordWriter

__all__ = ["Match", "MatchAborted", "LazyView", "make_players"]


class LazyView(Mapping):
    """A seat's view, built by the state only when the player first reads it.

    Bots that decide from the decision alone (an expert with one correct
    choice) never pay for the view. `dict(view)` gives the plain data.
    """

    __slots__ = ("_state", "_seat", "_data")

    def __init__(self, state: State, seat: int | None) -> None:
        self._state = state
        self._seat = seat
        self._data: Mapping[str, Any] | None = None

    def _load(self) -> Mapping[str, Any]:
        data = self._data
        if data is None:
            data = self._data = self._state.view(self._seat)
        return data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


class MatchAborted(RuntimeError):
    """The match went past the game's declared decision limit."""


class Match:
    """One match: a state, a player per seat, an optional record writer and listeners."""

    def __init__(
        self,
        state: State,
        players: Sequence[Player],
        *,
        writer: RecordWriter | None = None,
        listeners: Sequence[Callable[[str, Event], Any]] = (),
        registry: Any = None,
        narrate_opening: bool = True,
    ) -> None:
        if len(players) != state.players:
            raise ValueError(f"{state.players} seats need {state.players} players, got {len(players)}")
        self.state = state
        self.players = list(players)
        self.writer = writer
        self.listeners = list(listeners)
        if registry is not None and registry.listens_to_events:
            hook = registry.pm.hook.muggins_on_event
            self.listeners.append(lambda game, ev: hook(game=game, event=ev))
        self.decisions = 0 if writer is None else len(writer.record.decisions)
        self.limit = state.game.max_decisions(state.rules, state.players)
        self._watching = [(seat, p) for seat, p in enumerate(self.players) if hasattr(p, "observe")]
        # The contract's declarations, read once: plain class attributes, never per decision.
        self._sole = tuple(bool(getattr(p, "takes_sole_correct_choice", False)) for p in self.players)
        self._stands = tuple(bool(getattr(p, "stands_in_unclaimable_windows", False)) for p in self.players)
        self._plain_apply = type(state).apply is State.apply
        if narrate_opening:
            self._emit(state.opening_events())

    def _emit(self, events: list[Event]) -> None:
        if not events:
            return
        for seat, player in self._watching:
            observe(player, seat, events)
        if self.listeners:
            name = self.state.game.name
            for listener in self.listeners:
                for ev in events:
                    listener(name, ev)

    def step(self) -> list[Event]:
        """Take exactly one decision: ask the seat to act (or answer for it), apply, record, emit.

        MatchAborted if the game's declared decision limit is already reached.
        """
        decision = self.state.decision()
        if decision is None:
            raise IllegalAction("the match is over")
        return self._take(decision)

    def _take(self, decision: Any) -> list[Event]:
        state = self.state
        if self.decisions >= self.limit:
            raise MatchAborted(f"{state.game.name} passed its declared limit of {self.limit} decisions (seed {state.seed})")
        seat = decision.seat
        correct = decision.correct
        if self._sole[seat] and len(correct) == 1:
            if self._plain_apply:
                # The choice comes from the decision itself (the kit checks that correct
                # choices are among the choices), so State.apply's checks would only repeat it.
                state._cached_decision = None
                events = state._apply(correct[0])
            else:
                events = state.apply(seat, correct[0])
            action = correct[0]
        else:
            action = self.players[seat].choose(LazyView(state, seat), decision)
            events = state.apply(seat, action)
        self.decisions += 1
        if self.writer is not None:
            self.writer.decision(seat, str(action), events)
        if events and (self._watching or self.listeners):
            self._emit(events)
        return events

    def _settle(self, window: Any) -> None:
        """Let the state answer an unclaimable window for all its remaining responders at once."""
        answers = self.state.settle_window()
        writer, emit = self.writer, bool(self._watching or self.listeners)
        if writer is None and not emit:
            self.decisions += len(answers)
            return
        for seat, action, events in answers:
            self.decisions += 1
            if writer is not None:
                writer.decision(seat, str(action), events)
            if events and emit:
                self._emit(events)

    def run(self) -> Result:
        """Play to the end, using the contract's shortcuts; MatchAborted past the game's decision limit."""
        state = self.state
        quiet = self.writer is None and not self.listeners and not self._watching
        if quiet:
            state.events_wanted = False
        try:
            self._loop()
        finally:
            if quiet:
                del state.events_wanted  # back to the class's default
        result = state.result()
        assert result is not None, "a state with no decision must report a result"
        if self.writer is not None and self.writer.record.result is None:
            self.writer.finish(result)
        return result

    def _loop(self) -> None:
        state, take = self.state, self._take
        stands = self._stands
        if any(stands):
            everyone_stands = all(stands)
            open_window = state.open_window
            while True:
                # Asked before the decision, so a window settled in one call never builds one.
                window = open_window()
                if (
                    window is not None
                    and window.claimable is False
                    and (everyone_stands or all(stands[s] for s in window.remaining))
                    and self.decisions + len(window.responders) - window.position <= self.limit
                ):
                    self._settle(window)
                    continue
                decision = state.decision()
                if decision is None:
                    break
                take(decision)
        else:
            decision = state.decision()
            while decision is not None:
                take(decision)
                decision = state.decision()
