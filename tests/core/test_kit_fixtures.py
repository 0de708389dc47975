"""The muggins pytest plugin's game fixtures: `muggins_game(name)` and the conftest line `game_fixtures(name)`."""

from __future__ import annotations

import pytest

from muggins.plugins import current_registry
from muggins.testing import event_types
from muggins.testing.pytest_plugin import GameFixture, game_fixtures

pytest_plugins = ["pytester"]


def test_muggins_game_loads_the_plugin_alone_as_the_process_registry(tally_env, muggins_game):
    tally = muggins_game("tally")
    assert {p.name for p in tally.registry.plugins} == {"muggins.builtin", "tally"}
    assert tally.game is tally.registry.game("tally") and current_registry() is tally.registry
    assert muggins_game("tally") is tally  # the same one within a test
    state = tally.game.new(tally.game.Rules(), 2, 3)
    decision = state.decision()
    events = tally.act(state, str(decision.correct[0]))
    assert events[0]["type"] == "play" and state.decision().kind == "respond"
    assert event_types(events) == ["play"]


def test_muggins_game_says_when_no_plugin_registers_the_game(tally_env, muggins_game):
    with pytest.raises(LookupError, match="no installed plugin registers the game 'nope'"):
        muggins_game("nope")


def test_muggins_game_fails_on_the_plugins_load_errors(tally_env, muggins_game, monkeypatch):
    import muggins_tally
    from muggins import hookimpl

    @hookimpl
    def muggins_register_players(self, register):
        raise RuntimeError("half installed")

    monkeypatch.setattr(muggins_tally.TallyPlugin, "muggins_register_players", muggins_register_players, raising=False)
    with pytest.raises(AssertionError, match=r"loading the plugin of game 'tally' reported errors: .*half installed"):
        muggins_game("tally")


class _Positioned:
    """A state class with the position builder the shipped games have."""

    @classmethod
    def from_position(cls, game, rules=None, **kwargs):
        return ("position", game, rules, kwargs)


class _Game:
    name = "stub"
    State = _Positioned

    def state_class(self):
        return self.State


def test_position_calls_the_games_from_position_and_says_when_there_is_none():
    game = _Game()
    fixture = GameFixture(registry=None, game=game)
    assert fixture.position("house", hand=["AS"]) == ("position", game, "house", {"hand": ["AS"]})

    class Bare(_Game):
        State = object

    with pytest.raises(TypeError, match="stub's state class object has no from_position"):
        GameFixture(registry=None, game=Bare()).position()


def test_game_fixtures_give_a_conftest_its_four_fixtures_and_put_the_process_registry_back(tally_env, pytester):
    pytester.makeconftest(
        "from muggins.testing.pytest_plugin import game_fixtures\n"
        "registry, game, position, act = game_fixtures('tally')\n"
    )
    pytester.makepyfile(
        "from muggins.plugins import current_registry, reset_registry\n"
        "def test_fixtures(registry, game, act):\n"
        "    assert game.name == 'tally' and current_registry() is registry\n"
        "    state = game.new(game.Rules(), 3, 1)\n"
        "    assert act(state, str(state.decision().correct[0]))[0]['type'] == 'play'\n"
        "def test_back_afterwards():\n"
        "    assert current_registry() is None\n"
    )
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=2)
    assert [fixture.name for fixture in game_fixtures("tally")] == ["registry", "game", "position", "act"]
