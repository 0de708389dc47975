"""The contract kit passes a sound game and catches each kind of broken one."""

import pytest

from muggins.cards import card
from muggins.testing import ContractError, GameContract, check_game, check_rules_round_trip, run_match
from muggins.testing import pytest_plugin  # noqa: F401  (imported for its fixtures' coverage)


def test_tally_passes_the_whole_contract_for_every_count(tally, registry):
    report = check_game(tally, games=60, kinds=("random", "expert", "novice"), registry=registry, seed=3)
    assert report.matches == 180 and report.by_players == {2: 60, 3: 60, 4: 60}
    assert report.windows > 0 and report.claims > 0 and report.decisions > report.windows


def test_prevented_mistakes_pass_too(tally, registry):
    report = check_game(tally, games=10, rules=tally.Rules(mistakes="prevented"), registry=registry)
    assert report.claims == 0


def broken(tally, monkeypatch, method, replacement):
    monkeypatch.setattr(tally.State, method, replacement)


def test_kit_catches_a_leaked_hand(tally, registry, monkeypatch):
    original = tally.State.view

    def leaky(self, seat):
        view = original(self, seat)
        view["peek"] = [c.code for c in self.piles_["stock"][:1]]
        return view

    broken(tally, monkeypatch, "view", leaky)
    with pytest.raises(ContractError, match=r"shows hidden cards \['"):
        check_game(tally, players=[2], games=1, registry=registry)


def test_kit_catches_events_that_are_not_json(tally, registry, monkeypatch):
    original = tally.State._apply
    broken(tally, monkeypatch, "_apply", lambda self, a: original(self, a) + [{"type": "x", "card": card("AS")}])
    with pytest.raises(ContractError, match="changes through JSON|not JSON-ready"):
        check_game(tally, players=[2], games=1, registry=registry)


def test_kit_catches_a_game_that_never_ends(tally, registry, monkeypatch):
    monkeypatch.setattr(type(tally), "max_decisions", lambda self, rules, players: 4)
    with pytest.raises(ContractError, match="no end within the declared limit of 4"):
        check_game(tally, players=[2], games=1, registry=registry)


def test_kit_catches_non_determinism(tally, registry, monkeypatch):
    import itertools

    counter = itertools.count()
    original = tally.State._apply

    def drifting(self, action):
        events = original(self, action)
        return [dict(e, tick=next(counter)) for e in events]

    broken(tally, monkeypatch, "_apply", drifting)
    with pytest.raises(ContractError, match=r"restored at decision 0 gives different events|diverges|settle_window\(\) differs from answering one by one"):
        check_game(tally, players=[2], games=1, registry=registry)


def test_kit_catches_a_lossy_save(tally, registry, monkeypatch):
    original = tally.State.to_dict

    def forgetful(self):
        data = original(self)
        data["scores"] = [0.0] * self.players
        return data

    broken(tally, monkeypatch, "to_dict", forgetful)
    with pytest.raises(ContractError, match="restored state|restored at|replayed final state"):
        check_game(tally, players=[3], games=2, registry=registry)


def test_kit_catches_out_of_turn_acceptance_and_bad_decisions(tally, registry, monkeypatch):
    from muggins.game import State

    def lax_apply(self, seat, action):
        self._cached_decision = None
        return self._apply(action)

    monkeypatch.setattr(State, "apply", lax_apply)
    with pytest.raises(ContractError):
        run_match(tally, 2, 1, ["random", "random"], registry=registry)


def test_kit_catches_a_decision_without_correct_choices(tally, registry, monkeypatch):
    from muggins.actions import Decision

    original = tally.State._decision

    def no_correct(self):
        found = original(self)
        return None if found is None else Decision(found.seat, found.kind, found.choices, [])

    broken(tally, monkeypatch, "_decision", no_correct)
    with pytest.raises(ContractError, match="names no correct choice"):
        run_match(tally, 2, 1, ["random", "random"], registry=registry)


def test_kit_refuses_player_counts_the_game_does_not_allow(tally, registry):
    with pytest.raises(ValueError, match="2-4 players, not 7"):
        check_game(tally, players=[7], games=1, registry=registry)


def test_rules_round_trip_check_catches_a_lossy_rules_class(tally, monkeypatch):
    check_rules_round_trip(tally)
    import muggins.testing as kit

    monkeypatch.setattr(kit, "rules_to_toml", lambda rules, title=None: "hand_size = 4\n")
    with pytest.raises(AssertionError, match="default rules change through TOML"):
        check_rules_round_trip(tally)


class TestTallyContract(GameContract):
    """The pytest contract class, as a plugin's own tests would use it."""

    games = 5
    languages = ()  # the test game speaks English only, as a plugin says it (the check itself: test_i18n_kit.py)

    @pytest.fixture(autouse=True)
    def _game(self, tally, registry):
        self._tally, self._registry = tally, registry

    def make_game(self):
        return self._tally

    def make_registry(self):
        return self._registry


def test_contract_class_needs_a_game():
    with pytest.raises(NotImplementedError):
        GameContract().make_game()
    assert GameContract().make_registry() is None


def test_pytest_plugin_fixtures(muggins_check_game, muggins_registry, request):
    assert muggins_check_game is check_game
    assert "random" in muggins_registry().kind_names("any")
    assert request.config.getoption("muggins_games") is None


# -- the fields narration is built from ----------------------------------------------------
class _Sides:
    """A game stub with two partnerships of two."""

    def sides(self, rules, players):
        return ((0, 2), (1, 3)) if players == 4 else None


def test_result_fields_agree_with_the_result_or_the_kit_says_what_is_wrong():
    from muggins.game import Result
    from muggins.testing import check_result_fields

    game = _Sides()
    over = {"type": "game_over", "winners": [1], "scores": [60, 91], "target": 91, "skunk_line": 61, "skunked": [1, 0], "lowball": False}
    assert check_result_fields(game, None, 2, [over], Result((1,))) is None
    assert check_result_fields(game, None, 2, [over], Result((0,))) == "the game_over event names winners [1], but the result's are [0]"
    wrong_line = dict(over, skunk_line=31)  # a 60-point loser is no longer under the line the event names
    assert check_result_fields(game, None, 2, [wrong_line], Result((1,))) == (
        "the game_over event says seat 0 is skunked with 60 points and skunk_line 31")
    wrong_target = dict(over, target=121)
    assert check_result_fields(game, None, 2, [wrong_target], Result((1,))) == (
        "the game_over event names target 121, which no winner reached (scores [60, 91])")
    sides = {"type": "game_over", "winners": [0, 2], "scores": [61, 20], "target": 61, "skunk_line": 31, "skunked": [0, 1, 0, 1]}
    assert check_result_fields(game, None, 4, [sides], Result((0, 2))) is None  # side scores given to each seat
    assert check_result_fields(game, None, 4, [dict(sides, skunked=[0, 0, 0, 0])], Result((0, 2))) is not None


def test_result_fields_are_additive_events_without_them_pass():
    from muggins.game import Result
    from muggins.testing import check_result_fields

    assert check_result_fields(_Sides(), None, 3, [{"type": "end"}], Result((2,))) is None
    assert check_result_fields(_Sides(), None, 3, [{"type": "end", "winners": [2]}], Result((2,))) is None
    lowball = {"type": "game_over", "winners": [0], "scores": [10, 61], "target": 61, "skunk_line": 31, "skunked": [0, 0], "lowball": True}
    assert check_result_fields(_Sides(), None, 2, [lowball], Result((0,))) is None
