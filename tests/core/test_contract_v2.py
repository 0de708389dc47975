"""Core contract v2: sortable cards, actions made with labels, window helpers, base-class saving,
the engine's shortcuts (a sole correct choice, an unclaimable window settled in one call) and the
contract kit's new checks (privacy of events and decision info, the game's word on windows)."""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

import pytest

from muggins import (
    Card, ChallengeWindow, Claim, Decision, Game, Move, Pass, Result, State, Suit, card, cards, event, responders, rule,
    standard_deck,
)
from muggins.engine import Match, make_players
from muggins.players import ExpertPlayer, RandomPlayer
from muggins.records import RecordWriter, header_for
from muggins.testing import ContractError, check_events_privacy, check_game, run_match


# -- cards -------------------------------------------------------------------
def test_cards_sort_by_rank_then_suit_in_bridge_order():
    hand = cards("5S 5C KD 5H AS 5D")
    assert [c.code for c in sorted(hand)] == ["AS", "5C", "5D", "5H", "5S", "KD"]
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert max(cards("QH QS QC")) == card("QS") and card("2C") < card("2D")
    assert sorted(hand, reverse=True)[0] == card("KD")
    with pytest.raises(TypeError):
        _ = Suit.CLUBS < 3  # suits compare only with suits


# -- actions -----------------------------------------------------------------
def test_actions_take_their_label_and_keys_when_made():
    accept = Pass(label="accept the count", keys=("a",))
    assert (str(accept), accept.label, accept.keys) == ("pass", "accept the count", ("a",))
    assert accept == Pass() and hash(accept) == hash(Pass())  # wording is not identity
    assert Pass().label == "pass" and "" in Pass().keys
    claim = Claim("overcount", label="say it was too high", keys=("o", "over"))
    assert (str(claim), claim.label, claim.keys) == ("overcount", "say it was too high", ("o", "over"))
    assert Claim("muggins").keys == ("m",) and Claim("muggins", 4).keys == () and Claim("muggins", 4).label == "muggins 4"
    move = Move("announce 12", label="say 12 points", keys=("12",), data={"n": 12})
    assert (str(move), move.text, move.label, move.keys, move.data) == ("announce 12", "announce 12", "say 12 points", ("12",), {"n": 12})
    assert move == Move("announce 12") and Move("announce 12").label == "announce 12" and move != Move("announce 13")
    assert Decision(0, "x", (move,), (move,)).find("Announce  12") is move


# -- windows and seats -----------------------------------------------------
def test_responders_run_clockwise_from_the_actors_left():
    assert responders(1, 4) == (2, 3, 0)
    assert responders(1, 4, only=(0, 2)) == (2, 0)  # the other side in partnerships
    assert responders(3, 5, exclude=(0,)) == (4, 1, 2)
    window = ChallengeWindow.open(2, 4, only=(1, 3), claimable=True, standing="accept", settle_on="any_claim", subject={"said": 4})
    assert (window.responders, window.claimable, window.standing, window.settle_on, window.subject) == ((3, 1), True, "accept", "any_claim", {"said": 4})
    assert ChallengeWindow.open(0, 3).subject == {} and ChallengeWindow.open(0, 3).claimable is None


def test_window_round_trips_its_verdict_and_reads_old_saves():
    window = ChallengeWindow.open(0, 3, claimable=False, standing="accept")
    window.passed()
    again = ChallengeWindow.from_dict(json.loads(json.dumps(window.to_dict())))
    assert (again.claimable, again.standing, again.position, again.remaining) == (False, "accept", 1, (2,))
    old = {k: v for k, v in window.to_dict().items() if k not in ("claimable", "standing")}
    legacy = ChallengeWindow.from_dict(old)
    assert (legacy.claimable, legacy.standing) == (None, "pass")


# -- a small v2 game: the base class saves rules, players and seed --------
@dataclass(frozen=True)
class GuessRules:
    rounds: int = rule(3, doc="Cards each player shows.", min=1, max=10)
    leak: Literal["none", "event", "info", "window", "settle"] = rule("none", doc="Test switch: which slip to make.")


class GuessState(State):
    """Each turn a player shows a card face up and names its colour; the others may say `wrong`."""

    @classmethod
    def new(cls, game: Game, rules: GuessRules, players: int, seed: int) -> "GuessState":
        state = cls(game, rules, players, seed)
        deck = standard_deck()
        random.Random(seed).shuffle(deck)
        state.hands = [[deck.pop() for _ in range(rules.rounds)] for _ in range(players)]
        state.stock, state.shown, state.turn, state.window, state.scores = deck, [], 0, None, [0] * players
        return state

    def save_fields(self) -> dict[str, Any]:
        return {
            "hands": [[c.code for c in h] for h in self.hands], "stock": [c.code for c in self.stock],
            "shown": [c.code for c in self.shown], "turn": self.turn, "scores": list(self.scores),
            "window": None if self.window is None else self.window.to_dict(),
        }

    def load_fields(self, data: Mapping[str, Any]) -> None:
        self.hands = [cards(" ".join(h)) for h in data["hands"]]
        self.stock, self.shown = cards(" ".join(data["stock"])), cards(" ".join(data["shown"]))
        self.turn, self.scores = data["turn"], list(data["scores"])
        self.window = None if data["window"] is None else ChallengeWindow.from_dict(data["window"])

    def _decision(self) -> Decision | None:
        if self.window is not None:
            told = self.window.subject["told"]
            right = (Move("wrong"),) if self.window.claimable else (PASS,)
            info = {"peek": self.stock[-1].code} if self.rules.leak == "info" else {}
            if self.rules.leak == "window" and self.window.claimable is False:
                right = (Move("wrong"),)
            return Decision(self.window.current, "respond", (PASS, Move("wrong")), right, f"said {told}", True, info)
        if not self.hands[self.turn]:
            return None
        shown = self.hands[self.turn][-1]
        colour = "red" if shown.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"
        options = (Move("say red"), Move("say black"))
        return Decision(self.turn, "play", options, (Move(f"say {colour}"),))

    def _apply(self, action: Any) -> list[dict]:
        if self.window is not None:
            window, seat = self.window, self.window.current
            if str(action) == "pass":
                window.passed()
                events = [event("stand", seat=seat)]
            else:
                window.claimed("wrong", bool(window.claimable))
                self.scores[seat] += 1 if window.claimable else -1
                events = [event("wrong", seat=seat, upheld=bool(window.claimable))]
            if window.closed:
                self.window = None
                self.turn = (self.turn + 1) % self.players
            return events
        shown = self.hands[self.turn].pop()
        self.shown.append(shown)
        told = str(action).split()[1]
        colour = "red" if shown.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"
        self.window = ChallengeWindow.open(self.turn, self.players, claimable=told != colour, subject={"told": told})
        ev = event("show", seat=self.turn, card=shown.code, told=told)
        if self.rules.leak == "event":
            ev["next"] = self.stock[-1].code
        return [ev]

    def open_window(self) -> ChallengeWindow | None:
        return self.window

    def settle_window(self) -> list:
        answers = super().settle_window()
        if self.rules.leak == "settle":
            self.scores[0] += 1  # a "faster equivalent" that is not equivalent
        return answers

    def piles(self) -> Mapping[str, Sequence[Card]]:
        return {**{f"hand {s}": h for s, h in enumerate(self.hands)}, "stock": self.stock, "shown": self.shown}

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for s, hand in enumerate(self.hands):
            if s != seat:
                hidden.update(hand)
        return hidden

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"hand": [c.code for c in self.hands[seat]] if seat is not None else [], "shown": [c.code for c in self.shown], "scores": self.scores}

    def result(self) -> Result | None:
        if self._decision() is not None:
            return None
        best = max(self.scores)
        return Result(tuple(s for s, v in enumerate(self.scores) if v == best), tuple(self.scores), seat_stats={"score": tuple(self.scores)})


PASS = Pass()


class GuessGame(Game):
    name = "guess"
    title = "Guess the colour"
    players = range(2, 5)
    default_players = 3
    Rules = GuessRules
    State = GuessState

    def max_decisions(self, rules: GuessRules, players: int) -> int:
        return rules.rounds * players * players


def test_base_class_saves_rules_players_and_seed_and_restores_without_init():
    game = GuessGame()
    state = game.new(GuessRules(rounds=4), 3, 7)
    saved = json.loads(json.dumps(state.to_dict()))
    assert (saved["rules"], saved["players"], saved["seed"]) == ({"rounds": 4, "leak": "none"}, 3, 7)
    again = game.state_from_dict(saved)
    assert type(again) is GuessState and again.rules == GuessRules(rounds=4) and (again.players, again.seed) == (3, 7)
    assert again.to_dict() == saved and again.decision() == state.decision()


def test_base_class_refuses_fields_that_shadow_its_own():
    class Clash(GuessState):
        def save_fields(self) -> dict[str, Any]:
            return {**super().save_fields(), "seed": 1}

    with pytest.raises(ValueError, match="seed"):
        Clash.new(GuessGame(), GuessRules(), 2, 0).to_dict()


def test_a_state_without_saving_methods_says_which_to_write():
    class Bare(GuessState):
        save_fields = State.save_fields

    with pytest.raises(NotImplementedError, match="save_fields/load_fields or to_dict/from_dict"):
        Bare.new(GuessGame(), GuessRules(), 2, 0).to_dict()


# -- the engine's shortcuts ----------------------------------------------------
class CountingExpert(ExpertPlayer):
    """Counts how often the engine asks it."""

    def __init__(self, rng: random.Random, **kw: Any) -> None:
        super().__init__(rng, **kw)
        self.asked = 0

    def choose(self, view: Any, decision: Decision) -> Any:
        self.asked += 1
        return super().choose(view, decision)


def _record_of(game: Game, rules: Any, players: list, seed: int, *, stepwise: bool) -> tuple[str, int, list]:
    stream = io.StringIO()
    state = game.new(rules, len(players), seed)
    heard: list = []
    writer = RecordWriter.start(stream, header_for(game, rules, len(players), seed, ["x"] * len(players)), state.opening_events())
    match = Match(state, players, writer=writer, listeners=[lambda name, ev: heard.append(ev)], narrate_opening=False)
    if stepwise:
        while state.decision() is not None:
            match.step()
        writer.finish(state.result())
    else:
        match.run()
    return stream.getvalue(), match.decisions, heard


def test_the_engine_answers_for_declaring_experts_and_records_every_answer():
    game, rules = GuessGame(), GuessRules(rounds=5)
    experts = [CountingExpert(random.Random(s)) for s in range(3)]
    record, decisions, heard = _record_of(game, rules, experts, 3, stepwise=False)
    assert decisions == 5 * 3 * 3  # every play and every window answer is a decision
    assert sum(p.asked for p in experts) == 0  # each had exactly one correct choice, so none was asked
    lines = record.splitlines()
    assert sum(1 for line in lines if '"pass"' in line) == 5 * 3 * 2  # each stand is its own record line
    assert sum(1 for ev in heard if ev["type"] == "stand") == 5 * 3 * 2


def test_players_that_do_not_declare_are_always_asked():
    game, rules = GuessGame(), GuessRules(rounds=3)
    randoms = [RandomPlayer(random.Random(s)) for s in range(3)]
    asked = []
    for player in randoms:
        original = player.choose
        player.choose = lambda view, decision, original=original: asked.append(decision.kind) or original(view, decision)
    _, decisions, _ = _record_of(game, rules, randoms, 5, stepwise=False)
    assert len(asked) == decisions and asked.count("respond") >= 3 * 3 * 2 - 6


@pytest.mark.parametrize("kinds", [("expert", "expert", "expert"), ("expert", "random", "novice"), ("novice", "expert", "random", "expert")])
def test_run_and_a_step_loop_give_identical_records_events_counts_and_bot_states(kinds):
    from muggins.plugins import load_registry

    registry = load_registry(load_entry_points=False)
    game, rules = GuessGame(), GuessRules(rounds=6)
    outcomes = []
    for stepwise in (False, True):
        players = make_players(registry, game, kinds, 11)
        record, decisions, heard = _record_of(game, rules, players, 11, stepwise=stepwise)
        outcomes.append((record, decisions, heard, [p.rng.getstate() for p in players]))
    assert outcomes[0] == outcomes[1]


def test_shedding_and_tally_run_equals_step_loop(registry):
    from muggins.plugins import load_registry

    cases = [(registry, registry.game("tally"), None, 3)]
    shedding = load_registry(only=["muggins_shedding"])
    if "muggins_shedding" in shedding.games:
        from muggins_shedding import SheddingRules

        cases.append((shedding, shedding.game("muggins_shedding"), SheddingRules(hands=2, turn_limit=300), 4))
    assert len(cases) == 2, shedding.errors
    for reg, game, rules, count in cases:
        rules = rules or game.Rules()
        for kinds in (["expert"] * count, ["expert", "novice", "random", "expert"][:count]):
            outcomes = []
            for stepwise in (False, True):
                players = make_players(reg, game, kinds, 21)
                record, decisions, heard = _record_of(game, rules, players, 21, stepwise=stepwise)
                outcomes.append((record, decisions, heard, [p.rng.getstate() for p in players if getattr(p, "rng", None)]))
            assert outcomes[0] == outcomes[1], (game.name, kinds)


# -- the contract kit's new checks ------------------------------------------
def test_the_guess_game_passes_the_kit():
    report = check_game(GuessGame(), games=6, kinds=("random", "expert", "novice"))
    assert report.matches == 18 and report.windows > 0 and report.claims > 0


@pytest.mark.parametrize(("leak", "message"), [
    ("event", r"event 'show' reaches seat \d and names cards hidden from it: \['\w\w'\] .*\"reveals\": \[\"\w\w\"\]"),
    ("info", r"decision's info for seat \d names cards hidden from it"),
    ("window", r"unclaimable window must have the standing answer 'pass' as its only correct choice"),
    ("settle", r"settle_window\(\) leaves a different state than answering one by one"),
])
def test_the_kit_catches_each_slip(leak, message):
    with pytest.raises(ContractError, match=message):
        check_game(GuessGame(), games=4, kinds=("expert",), rules=GuessRules(leak=leak), replays=0)


def test_reveals_marks_a_card_shown_openly():
    state = GuessGame().new(GuessRules(), 2, 1)
    hidden = state.stock[-1].code
    with pytest.raises(AssertionError, match="hidden"):
        check_events_privacy(state, [event("peek", card=hidden)], "a test")
    check_events_privacy(state, [event("peek", card=hidden, reveals=[hidden])], "a test")
    check_events_privacy(state, [event("peek", card=state.hands[0][0].code, to=[0])], "a test")  # private to its owner
    with pytest.raises(AssertionError, match="reaches seat 1"):
        check_events_privacy(state, [event("peek", card=state.hands[0][0].code, to=[1])], "a test")


def test_a_covered_card_that_was_in_sight_may_be_named():
    state = GuessGame().new(GuessRules(), 2, 1)
    from muggins.testing import hidden_snapshot

    before = hidden_snapshot(state)
    moved = state.hands[0][-1]
    state.stock.append(state.hands[0].pop())  # seat 0's card goes face down: seat 0 saw it a moment ago
    check_events_privacy(state, [event("bury", card=moved.code, to=[0])], "a test", before)
    with pytest.raises(AssertionError):
        check_events_privacy(state, [event("bury", card=moved.code)], "a test", before)  # seat 1 never saw it


def test_game_contract_by_name_loads_the_game_with_its_own_bots(tally_env):
    from muggins.testing import GameContract, registry_with_game

    loaded = registry_with_game("tally")
    assert "tally" in loaded.games and {p.name for p in loaded.plugins} == {"muggins.builtin", "tally"}

    class TallyContract(GameContract):
        game_name = "tally"
        games = 3

    contract = TallyContract()
    assert contract.make_game().name == "tally" and "tally" in contract.make_registry().games
    contract.test_contract(None)
    contract.test_rules_round_trip()
    with pytest.raises(LookupError, match="no installed plugin registers the game 'nope'"):
        registry_with_game("nope")


def test_run_match_reports_what_reproduces_a_failure():
    with pytest.raises(ContractError) as caught:
        run_match(GuessGame(), 2, 5, ["expert", "expert"], rules=GuessRules(leak="event"))
    failure = caught.value
    assert (failure.game, failure.players, failure.seed, failure.kinds) == ("guess", 2, 5, ["expert", "expert"])
    assert 'reproduce: run_match(game, players=2, seed=5, kinds=["expert", "expert"], rules=GuessRules(rounds=3, leak=\'event\'))' in str(failure)


def test_a_plugin_written_against_the_first_contract_still_passes_and_plays():
    import sys
    import warnings
    from pathlib import Path

    from muggins.plugins import load_registry

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "testgame"))
    try:
        with warnings.catch_warnings():  # it imports `Table`, Seating's first name, which still works and warns
            warnings.simplefilter("ignore", DeprecationWarning)
            import muggins_tally_v1
    finally:
        sys.path.pop(0)
    registry = load_registry(load_entry_points=False, extra_plugins=[("tally_v1", muggins_tally_v1.plugin)])
    game = registry.game("tally_v1")
    report = check_game(game, games=8, kinds=("random", "expert", "novice"), registry=registry, seed=3)
    assert report.matches == 24 and report.claims > 0
    players = make_players(registry, game, ["expert", "novice:attention=1", "random"], 4)
    record, decisions, _ = _record_of(game, game.Rules(), players, 4, stepwise=False)
    assert decisions > 0 and sum(1 for line in record.splitlines() if line.startswith('{"n": ')) == decisions
