"""The engine: drives a State with players, records decisions and emits events.

`Match` is the loop every front end shares (terminal play, simulation,
replay, resume, the contract kit): ask the seat to act for a choice given
its view and the decision, apply it, write the decision and its events to
the record, pass events to listening players and to `muggins_on_event`
plugins (give the Match the registry). The record is whatever `RecordSink`
the Match is given (a `muggins.records.RecordWriter`, or the replay's
checker): the engine asks it only for what it declares here and imports
nothing of records. The engine never calls a hook nobody implements, so the
inner loop of a simulation stays plain Python. It also answers for a player
without asking it when nobody could tell the difference: a player that
declares `takes_sole_correct_choice` is given the only correct choice of a
decision that has exactly one, and `run()` settles a challenge window the
game calls unclaimable in one call to the state when every remaining
responder declares `stands_in_unclaimable_windows`. A player that declares
`wants_sampler` is bound once to a `muggins.sampler.SeatSampler` of the
match, its only way to imagine the hidden cards. Each such answer is
still counted, recorded as its own line and emitted, so records, replay and
listeners see no difference; `step()` always takes exactly one decision.
A server pushes answers in instead of being asked: `advance(stop)` plays
on until a seat `stop` names (one a front end answers for) is to act and
returns its decision, `submit(seat, action, step=...)` takes that seat's
answer (refusing a stale one: `step` is `taken`, the decisions so far),
`choose_for(seat, decision, state)` asks a bot its answer without applying
it (a seat of an order-free group, asked before its turn and shown the view
of its turn), and `run()` is `advance()` with nobody to stop for.
While `run()` plays with nobody reading events (no record, listener or
observing player) it sets the state's `events_wanted` to False, so a game
may skip building them; if then every seat takes sole correct choices and
stands in unclaimable windows, a game that overrides `State.play_forced`
takes those certain decisions in one call instead of one loop turn each
(counted all the same).

Plugin code (the game, the bots, the listeners) cannot end the program from
inside a match: SystemExit, a KeyboardInterrupt that no signal raised and a
RecursionError escaping it become `muggins.plugins.PluginFault`, one line
naming the plugin (caught once around the whole loop, so the loop pays
nothing). A `muggins_on_event` listener that raises anything is switched
off for the rest of the match with one warning line naming it (said once
per process); the match goes on, since listeners only watch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol, Sequence

from .actions import Action, Decision, IllegalAction, NotYourTurn
from .faults import BUILTIN, PluginFault, blame, fault_message, genuine_interrupt, plugin_fault
from .game import Event, Result, State, capabilities_of
from .i18n import translator
from .limits import clip
from .players import Player, make_players, observe  # make_players: re-exported, it lives in players
from .sampler import bind_samplers, wants_sampler

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["Match", "MatchAborted", "StaleAction", "LazyView", "RecordSink", "make_players", "decision_limit"]

_ = translator("muggins", package_file=__file__).gettext


class RecordSink(Protocol):
    """What a Match needs of the record it writes: `muggins.records.RecordWriter` is one.

    The Match counts its decisions on from `written` (a resumed match's
    decision limit stays the game's), hands over each decision as the text
    of its action with the events it caused, and at the end of `run()` the
    result, unless the sink is already `finished`.
    """

    @property
    def written(self) -> int:
        """The decisions already on record."""

    @property
    def finished(self) -> bool:
        """Whether the result is on record."""

    def decision(self, seat: int, action: str, events: list[Event]) -> None:
        """Record one decision: the seat that took it, its action's text and the events it caused."""

    def finish(self, result: Result) -> None:
        """Record the result of the match."""


class LazyView(Mapping):
    """A seat's view, built by the state only when the player first reads it.

    Bots that decide from the decision alone (an expert with one correct
    choice) never pay for the view. `dict(view)` gives the plain data: the
    state's view as it was when first read. A Match hands a seat the same
    unread view again at its next decision (making one is an allocation, the
    dearest step of a random bot's turn); once read it makes a new one, so a
    view read keeps what it read.
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


class StaleAction(IllegalAction):
    """An answer to a decision that is no longer pending: `Match.submit` was told another step than the match's."""


class Match:
    """One match: a state, a player per seat, an optional record (a `RecordSink`) and listeners."""

    def __init__(
        self,
        state: State,
        players: Sequence[Player],
        *,
        writer: RecordSink | None = None,
        listeners: Sequence[Callable[[str, Event], Any]] = (),
        registry: Registry | None = None,
        narrate_opening: bool = True,
    ) -> None:
        if len(players) != state.players:
            raise ValueError(_("{seats} seats need {seats} players, got {given}").format(seats=state.players, given=len(players)))
        self.state = state
        self.players = list(players)
        self.writer = writer
        self.listeners = list(listeners)
        self.registry = registry
        # What names the plugin behind a fault: the registry given, else the one the seating was made from
        # (make_players' Seating carries it); with neither, a fault names "plugin code" (muggins.faults).
        self._naming = registry if registry is not None else getattr(players, "registry", None)
        self._plugins = getattr(players, "plugins", ())  # the plugin behind each seat's kind (make_players' Seating)
        if registry is not None and registry.listens_to_events:
            self._hooked = _event_listeners(registry)
            if self._hooked:
                self.listeners.append(self._tell_plugins)
        self.decisions = 0 if writer is None else writer.written
        self.limit = decision_limit(state.game, state.rules, state.players, self._naming)
        self._watching = [(seat, p) for seat, p in enumerate(self.players) if hasattr(p, "observe")]
        self._views = [LazyView(state, seat) for seat in range(state.players)]  # see LazyView: reused while unread
        # The contract's declarations, read once: plain class attributes, never per decision.
        self._sole = tuple(bool(getattr(p, "takes_sole_correct_choice", False)) for p in self.players)
        self._stands = tuple(bool(getattr(p, "stands_in_unclaimable_windows", False)) for p in self.players)
        if any(map(wants_sampler, self.players)):  # a search player
            bind_samplers(self.players, state)
        self._plain_apply = type(state).apply is State.apply
        if narrate_opening:
            try:
                self._emit(state.opening_events())
            except BaseException as exc:
                fault = self._fault(exc)
                if fault is None:
                    raise
                raise fault from exc

    def _fault(self, exc: BaseException) -> BaseException | None:
        """The PluginFault naming the plugin whose code raised `exc`, or None to let it go on (`muggins.plugins.plugin_fault`).

        A bot's choice that is not among the decision's choices is a fault
        of the bot's plugin too, named with the seat.
        """
        fault = plugin_fault(exc, self._naming, fallback=lambda: self._seat_plugin(exc))
        if fault is None and isinstance(exc, IllegalAction):
            fault = self._impossible_choice(exc)
        return fault

    def _take_frame(self, exc: BaseException) -> Any:
        tb = exc.__traceback__
        while tb is not None:
            frame = tb.tb_frame
            if frame.f_code in _TAKING_CODES and frame.f_locals.get("self") is self:
                return frame
            tb = tb.tb_next
        return None

    def _impossible_choice(self, exc: IllegalAction) -> BaseException | None:
        """A PluginFault when `exc` says a bot's own choice was not possible (the state refused it), naming the bot's plugin; else None."""
        frame = self._take_frame(exc)
        if frame is None or "action" not in frame.f_locals or "events" in frame.f_locals or blame(exc, self._naming) is not None:
            return None
        return self._not_a_choice(frame.f_locals.get("seat"), frame.f_locals["action"])

    def _not_a_choice(self, seat: Any, action: Any) -> BaseException | None:
        """The PluginFault saying the bot at `seat` chose `action`, which is not among its choices, naming the bot's plugin; None for a built-in bot."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            return None
        registry = self._naming
        name = self._plugins[seat] if seat < len(self._plugins) else None
        info = registry.plugin_info(name) if registry is not None and name and hasattr(registry, "plugin_info") else None
        if info is None and registry is not None and hasattr(registry, "owner"):
            info = registry.owner(type(self.players[seat]).__module__)
        if info is None or info.name == BUILTIN:
            return None
        try:
            shown = clip(str(action))
        except Exception:
            shown = type(action).__name__
        return PluginFault(_("{plugin}: its bot in seat {seat} chose {action}, which is not among the choices").format(
            plugin=info.describe(), seat=seat, action=repr(shown)), info.name)

    def _seat_plugin(self, exc: BaseException) -> str | None:
        """The plugin that registered the kind of the seat being asked when `exc` was raised (read from the traceback)."""
        frame = self._take_frame(exc)
        seat = None if frame is None else frame.f_locals.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self._plugins):
            return self._plugins[seat]
        return None

    def _tell_plugins(self, game: str, ev: Event) -> None:
        """Pass one event to each `muggins_on_event` plugin; one that raises is switched off for the rest of the match."""
        for entry in tuple(self._hooked):
            plugin, function, wants = entry
            try:
                function(**{name: (game if name == "game" else ev) for name in wants})
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt) and genuine_interrupt(exc):
                    raise
                self._hooked.remove(entry)
                registry = self.registry
                info = registry.plugin_info(plugin)
                registry.warn_once(f"{fault_message(info, exc, 'muggins_on_event')}; it hears no more events of this match")

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
        try:
            return self._take(decision)
        except BaseException as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc

    def _take(self, decision: Any, given: Any = None) -> list[Event]:
        state = self.state
        if self.decisions >= self.limit:
            raise MatchAborted(f"{state.game.name} passed its declared limit of {self.limit} decisions (seed {state.seed})")
        seat = decision.seat
        correct = decision.correct
        if given is not None:  # an answer pushed in by `submit`, already checked to be a choice
            action = given
            events = state.apply(seat, action)
        elif self._sole[seat] and len(correct) == 1:
            if self._plain_apply:
                # The choice comes from the decision itself (the kit checks that correct
                # choices are among the choices), so State.apply's checks would only repeat it.
                state._cached_decision = None  # State._forget_decision, written out: this is the hot path
                events = state._apply(correct[0])
            else:
                events = state.apply(seat, correct[0])
            action = correct[0]
        else:
            view = self._views[seat]
            if view._data is not None or view._state is not state:
                view = self._views[seat] = LazyView(state, seat)
            action = self.players[seat].choose(view, decision)
            if self._plain_apply:
                # State.apply's checks, written out for the usual answer (one of the decision's
                # own choices, handed back): anything else goes through apply, which refuses it.
                for choice in decision.choices:
                    if choice is action:
                        state._cached_decision = None
                        events = state._apply(action)
                        break
                else:
                    events = state.apply(seat, action)
            else:
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

    # -- pushing answers in: what a server does for seats it answers for ----------
    @property
    def taken(self) -> int:
        """The decisions taken so far, those already on record included: the step a front end echoes back to `submit`."""
        return self.decisions

    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or None when the match is over."""
        return self.state.decision()

    def choose_for(self, seat: int, decision: Decision, state: State | None = None) -> Action:
        """The choice the bot at `seat` makes for `decision`, asked now and not applied: what `step` would take for it.

        For a decision of an order-free group asked before its turn
        (`State.order_free_seats`), `state` is the copy of the match at that
        seat's turn (`muggins.projection.order_free_turns`), whose view the
        bot is shown, so it chooses as it would at its turn. A bot that
        takes sole correct choices is not asked when there is one, as in
        `step`; the answer is then submitted in its turn with `submit`. The
        bot's faults are PluginFaults, as in `step`, and so is a choice that
        is not among the decision's.
        """
        correct = decision.correct
        if self._sole[seat] and len(correct) == 1:
            return correct[0]
        try:
            action = self.players[seat].choose(LazyView(self.state if state is None else state, seat), decision)
        except BaseException as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc
        if not any(choice is action for choice in decision.choices) and action not in decision.choices:
            fault = self._not_a_choice(seat, action)
            raise fault if fault is not None else IllegalAction(f"seat {seat}'s bot chose {clip(str(action))!r}, which is not among its choices")
        return action

    def submit(self, seat: int, action: Action | str, *, step: int | None = None) -> list[Event]:
        """Take one seat's answer to the pending decision: apply it, record it, emit its events, and return them.

        `action` is one of the decision's choices or its text (as a front end
        sends it back). `step` is the `taken` count the answer was given at:
        when it differs the decision it answered is gone and StaleAction is
        raised, so an answer that arrives late (a double click, a timer
        racing a person) changes nothing. NotYourTurn when `seat` is not the
        seat to act, IllegalAction for an action that is not a choice or a
        match that is over, MatchAborted past the decision limit.
        """
        decision = self.state.decision()
        if step is not None and step != self.decisions:
            raise StaleAction(f"answer for step {step}, but the match is at step {self.decisions}")
        if decision is None:
            raise IllegalAction("the match is over")
        if seat != decision.seat:
            raise NotYourTurn(f"seat {seat} answered, but seat {decision.seat} is to act")
        if isinstance(action, str):
            chosen = decision.find(action)
            if chosen is None:
                raise IllegalAction(f"{clip(action)!r} is not a choice here")
            action = chosen
        elif action not in decision.choices:
            raise IllegalAction(f"{clip(str(action))!r} is not a choice here")
        try:
            return self._take(decision, given=action)
        except BaseException as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc

    def advance(self, stop: Callable[[int], bool] | None = None) -> Decision | None:
        """Play on, bots answering and the contract's shortcuts applied, until a seat for which `stop(seat)` holds is to act.

        Returns that seat's pending decision (answer it with `submit`, then
        advance again), or None when the match is over (the result is then
        on record, as after `run`). Without `stop` it plays to the end.
        """
        state = self.state
        quiet = self.writer is None and not self.listeners and not self._watching
        if quiet:
            state.events_wanted = False
        try:
            waiting = self._loop(stop)
        except BaseException as exc:
            fault = self._fault(exc)
            if fault is None:
                raise
            raise fault from exc
        finally:
            if quiet:
                del state.events_wanted  # back to the class's default
        if waiting is not None:
            return waiting
        result = state.result()
        assert result is not None, "a state with no decision must report a result"
        if self.writer is not None and not self.writer.finished:
            self.writer.finish(result)
        return None

    def run(self) -> Result:
        """Play to the end, using the contract's shortcuts; MatchAborted past the game's decision limit."""
        self.advance()
        result = self.state.result()
        assert result is not None, "a state with no decision must report a result"
        return result

    def _loop(self, stop: Callable[[int], bool] | None = None) -> Decision | None:
        """Take decisions until the match ends (None) or a seat `stop` names is to act (its decision)."""
        state, take = self.state, self._take
        stands = self._stands
        if any(stands):
            everyone_stands = all(stands)
            open_window = state.open_window
            # Nobody reads the settled answers (as in `advance`, which then tells the state so):
            # only their number counts, without a call to `_settle` at every window.
            quiet = self.writer is None and not self.listeners and not self._watching
            settle = state.settle_window
            forced = None
            if quiet and stop is None and everyone_stands and all(self._sole) and capabilities_of(state.game).play_forced:
                forced = state.play_forced  # every answer it gives is one the loop below would give without asking
            try:
                while True:
                    if forced is not None:
                        self.decisions += forced(self.limit - self.decisions)
                    # Asked before the decision, so a window settled in one call never builds one.
                    window = open_window()
                    if (
                        window is not None
                        and window.claimable is False
                        and (everyone_stands or all(stands[s] for s in window.remaining))
                        and self.decisions + len(window.responders) - window.position <= self.limit
                    ):
                        if quiet:
                            self.decisions += len(settle())
                        else:
                            self._settle(window)
                        continue
                    decision = state.decision()
                    if decision is None:
                        return None
                    if stop is not None and stop(decision.seat):
                        return decision
                    take(decision)
            finally:
                if forced is not None:
                    forced(0)  # the stretch is over: whatever the state noted of the room (State.play_forced) goes
        elif stop is None:
            if self.writer is None and not self.listeners and not self._watching and self._plain_apply:
                self._run_quietly()
                return None
            decision = state.decision()
            while decision is not None:
                take(decision)
                decision = state.decision()
            return None
        else:
            decision = state.decision()
            while decision is not None:
                if stop(decision.seat):
                    return decision
                take(decision)
                decision = state.decision()
            return None


    def _run_quietly(self) -> None:
        """`_take` of every decision to the end, written into one loop, for a match nobody records, hears or watches.

        What `_take` does without a writer, listeners or observers, in the
        same order with the same checks, less a call and its loads per
        decision (a simulation's whole turn). Its locals are named as
        `_take`'s (`seat`, and `action` only while a bot's answer is being
        applied), so a fault names the same plugin (`_take_frame`).
        """
        state = self.state
        players, sole, views, limit = self.players, self._sole, self._views, self.limit
        decide, apply_ = state.decision, state._apply
        decision = decide()
        while decision is not None:
            if self.decisions >= limit:
                raise MatchAborted(f"{state.game.name} passed its declared limit of {self.limit} decisions (seed {state.seed})")
            seat = decision.seat
            correct = decision.correct
            if sole[seat] and len(correct) == 1:
                state._cached_decision = None
                apply_(correct[0])
            else:
                view = views[seat]
                if view._data is not None or view._state is not state:
                    view = views[seat] = LazyView(state, seat)
                action = players[seat].choose(view, decision)
                for choice in decision.choices:
                    if choice is action:
                        state._cached_decision = None
                        apply_(action)
                        break
                else:
                    state.apply(seat, action)
                del action  # applied: a fault from here on is not this answer's (`_impossible_choice`)
            self.decisions += 1
            decision = decide()


#: The code of the Match methods that ask a seat and apply its answer (see `Match._take_frame`).
_TAKING_CODES = (Match._take.__code__, Match._run_quietly.__code__)


def _event_listeners(registry: Registry) -> list[tuple[str, Callable[..., Any], tuple[str, ...]]]:
    """Each `muggins_on_event` implementation as (plugin name, function, the arguments it takes), in pluggy's calling order."""
    found = []
    for impl in reversed(registry.pm.hook.muggins_on_event.get_hookimpls()):
        if impl.hookwrapper or impl.wrapper:
            continue  # a wrapper around nothing: there is no other call to wrap
        found.append((impl.plugin_name, _traced(registry, impl) if registry.tracing else impl.function, tuple(impl.argnames)))
    return found


def _traced(registry: Registry, impl: Any) -> Callable[..., Any]:
    def call(**kwargs: Any) -> Any:
        registry.trace(f"muggins_on_event() of plugin {impl.plugin_name!r}")
        return impl.function(**kwargs)

    return call


def decision_limit(game: Any, rules: Any, players: int, registry: Registry | None = None) -> float:
    """`game.max_decisions(rules, players)`, checked: a PluginFault naming the game's plugin unless it is a number from 0 up."""
    limit = game.max_decisions(rules, players)
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit >= 0:  # NaN is not >= 0
        problem = _("game {game}: max_decisions() must return a number of decisions, not {value}").format(
            game=repr(game.name), value=clip(repr(limit)))
        info = getattr(registry, "game_sources", {}).get(game.name) if registry is not None else None
        if info is None and hasattr(registry, "owner"):
            info = registry.owner(type(game).__module__)
        if info is None:  # no registry to name the game's plugin by (or it names none): the problem alone
            raise ValueError(problem)
        raise PluginFault(f"{info.describe()}: {problem}", info.name)
    return limit
