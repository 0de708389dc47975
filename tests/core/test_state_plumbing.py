"""The plumbing the base classes own for every game: the saved `opening`, `PhasedState`'s dispatch, and `Tally`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Mapping

import pytest

from muggins import ChallengeWindow, Decision, Game, Move, Pass, Result, State, event
from muggins.game import PhasedState
from muggins.stats import Tally


@dataclass(frozen=True)
class CountRules:
    goal: int = 2


class CountState(State):
    """Seat 0 says `up` until the count reaches the goal; nothing else. Saves with save_fields."""

    @classmethod
    def new(cls, game: Game, rules: CountRules, players: int, seed: int) -> "CountState":
        state = cls(game, rules, players, seed)
        state.count = 0
        state.opening = [event("start", goal=rules.goal)]
        return state

    def save_fields(self) -> dict[str, Any]:
        return {"count": self.count}

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self.count = data["count"]

    def _decision(self) -> Decision | None:
        return None if self.count >= self.rules.goal else Decision(0, "up", (UP,), (UP,))

    def _apply(self, action: Any) -> list[dict]:
        self.count += 1
        return [event("up", count=self.count)]

    def piles(self) -> dict:
        return {}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"count": self.count}

    def hidden_from(self, seat: int | None) -> set:
        return set()

    def result(self) -> Result | None:
        return Result((0,)) if self.count >= self.rules.goal else None


UP = Move("up")


class CountGame(Game):
    name = "count"
    title = "Count"
    players = range(1, 2)
    default_players = 1
    Rules = CountRules
    State = CountState

    def max_decisions(self, rules: CountRules, players: int) -> int:
        return rules.goal


def _round_trip(state: State) -> tuple[dict, State]:
    saved = json.loads(json.dumps(state.to_dict()))
    return saved, type(state).from_dict(state.game, saved)


def test_the_base_saves_and_restores_the_opening_and_returns_copies_of_it():
    state = CountGame().new(CountRules(), 1, 0)
    saved, again = _round_trip(state)
    assert saved["opening"] == [{"type": "start", "goal": 2}]
    assert again.opening_events() == state.opening_events() == [{"type": "start", "goal": 2}]
    again.opening_events().clear()  # a copy: the state's own list is untouched
    assert again.opening == [{"type": "start", "goal": 2}]
    state.opening = []
    saved, again = _round_trip(state)
    assert "opening" not in saved and again.opening_events() == []  # an empty opening leaves the saved form as it was


def test_a_game_that_saves_its_opening_itself_keeps_its_own_form():
    class ByHand(CountState):
        def save_fields(self) -> dict[str, Any]:
            return {**super().save_fields(), "opening": [e["type"] for e in self.opening]}

        def load_fields(self, data: Mapping[str, Any]) -> None:
            super().load_fields(data)
            self.opening = [event(kind) for kind in data["opening"]]

    state = ByHand.new(CountGame(), CountRules(), 1, 0)
    saved, again = _round_trip(state)
    assert saved["opening"] == ["start"] and again.opening == [{"type": "start"}]


class Phased(PhasedState):
    """Seat 0 says `up` (or the mistake `down`) in phase `say`, then seat 1 answers in phase `check` with a window open."""

    window_phase = "check"

    @classmethod
    def new(cls, game: Game, rules: Any, players: int, seed: int) -> "Phased":
        state = cls(game, rules, players, seed)
        state.phase, state.window = "say", None
        return state

    def _decide_say(self) -> Decision:
        return Decision(0, "say", (UP, DOWN), (UP,))

    def _on_say(self, action: Any, events: list[dict]) -> None:
        self.phase, self.window = "check", ChallengeWindow(0, (1,))
        events.append(event("said", what=str(action)))

    def _decide_check(self) -> Decision:
        return Decision(1, "respond", (Pass(),), (Pass(),), standing=Pass())

    def _on_check(self, action: Any, events: list[dict]) -> None:
        self.phase, self.window = "over", None

    piles, view, hidden_from, result = CountState.piles, CountState.view, CountState.hidden_from, CountState.result


DOWN = Move("down")


def test_phased_state_dispatches_by_phase_and_opens_its_window_phase_only():
    state = Phased.new(CountGame(), CountRules(), 2, 0)
    assert state.decision().kind == "say" and state.open_window() is None
    assert state.apply(0, DOWN) == [{"type": "said", "what": "down"}]  # a mistake is a choice
    assert state.open_window() is state.window and state.to_act() == 1
    assert state.apply(1, Pass()) == [] and state.phase == "over" and state.decision() is None
    prevented = Phased.new(CountGame(), SimpleNamespace(mistakes="prevented"), 2, 0)
    assert prevented.choices() == (UP,)


def test_a_subclass_inherits_the_phase_table_and_may_replace_one_phase_or_the_whole_decision():
    class Louder(Phased):
        def _decide_say(self) -> Decision:
            return Decision(0, "shout", (UP,), (UP,))

    class Own(Phased):
        def _decision(self) -> Decision | None:
            return Decision(0, "own", (UP,), (UP,)) if self.phase == "say" else super()._decision()

    louder = Louder.new(CountGame(), CountRules(), 2, 0)
    assert louder.decision().kind == "shout" and louder.apply(0, UP) and louder.decision().kind == "respond"
    own = Own.new(CountGame(), CountRules(), 2, 0)
    assert own.decision().kind == "own" and Phased._phase_deciders["say"] is Phased._decide_say
    own.apply(0, UP)
    assert own.decision().kind == "respond"  # through PhasedState._decision, as the game's own asked
    own.phase = "nowhere"
    own._cached_decision = Decision(0, "own", (UP,), (UP,))
    with pytest.raises(NotImplementedError, match="_on_nowhere"):
        own.apply(0, UP)


def test_a_tally_counts_by_key_and_seat_copies_apart_and_round_trips_in_order():
    tally = Tally(("calls", "errors"), ("rewards",), 3)
    tally["errors"] += 2
    tally.by_seat["rewards"][1] += 1
    copy = tally.copy()
    copy["calls"] += 1
    copy.by_seat["rewards"][1] += 1
    assert (tally, tally.by_seat) == ({"calls": 0, "errors": 2}, {"rewards": [0, 1, 0]}) and type(copy) is Tally
    saved = json.loads(json.dumps(copy.to_dict()))
    assert saved == {"stats": {"calls": 1, "errors": 2}, "seat_stats": {"rewards": [0, 2, 0]}}
    again = Tally.from_dict(saved)
    assert list(again) == ["calls", "errors"] and again.seat_stats() == {"rewards": (0, 2, 0)}
    plain = Tally(("calls",))
    assert plain.to_dict() == {"stats": {"calls": 0}} and Tally.from_dict(plain.to_dict()).by_seat == {}
    with pytest.raises(KeyError):
        plain["cals"] += 1  # a misspelt figure is refused, not started afresh
