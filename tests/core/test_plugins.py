"""Plugin loading through entry points: isolation, failures reported in one line, tracing."""

import importlib
from pathlib import Path

import pytest

import muggins
from muggins.engine import Match, make_players
from muggins.plugins import get_registry, load_registry, reset_registry

FIXTURES = Path(__file__).parent.parent / "plugin_fixtures"


@pytest.fixture
def site(tmp_path, tally_env, monkeypatch, fake_distribution):
    """Install the misbehaving plugins as distributions next to Tally."""
    monkeypatch.syspath_prepend(str(FIXTURES))
    entries = {
        "raises": "bad_plugins:raises_on_register",
        "duplicate": "bad_plugins:duplicate_tally",
        "notagame": "bad_plugins:not_a_game",
        "misspelled": "bad_plugins:misspelled",
        "badplayers": "bad_plugins:bad_players",
        "goodplayers": "bad_plugins:good_players",
        "commands": "bad_plugins:commands",
        "listener": "bad_plugins:listener",
        "noimport": "no_such_module_xyz:plugin",
        "hookspecgame": "bad_plugins:hookspec_game",
        "bonus": "bad_plugins:bonus_rule",
    }
    for name, target in entries.items():
        fake_distribution(tmp_path, f"muggins-{name}", {name: target})
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    return entries


def test_tests_see_no_installed_plugin_by_default():
    registry = get_registry()
    assert registry.games == {} and registry.errors == []
    assert {k.name for k in registry.players} == {"random", "expert", "novice", "search"}


def test_only_named_plugins_load(registry):
    assert list(registry.games) == ["tally"]
    info = registry.game_sources["tally"]
    assert (info.name, info.distribution, info.version) == ("tally", "muggins-tally", "1.0")
    assert info.to_dict()["hooks"] == ["muggins_register_games"]


def test_distribution_names_work_too(tally_env, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "muggins_tally")
    assert "tally" in load_registry().games


def test_every_failure_is_one_line_and_the_others_still_load(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", ",".join(["tally", *site]))
    registry = load_registry()
    errors = "\n".join(registry.errors)
    assert "tally_bonus" in registry.games
    assert "plugin 'noimport' from muggins-noimport failed to load: ModuleNotFoundError: No module named 'no_such_module_xyz'" in errors
    assert "plugin 'raises' failed to register games: RuntimeError: database not found" in errors
    # 'duplicate' also registers a game called 'tally': neither wins, whatever the entry points' order
    assert "tally" not in registry.games and [p.name for p in registry.conflicts["tally"]] == ["duplicate", "tally"]
    assert (
        "game 'tally' is registered by more than one plugin: muggins-duplicate 1.0 (plugin 'duplicate') and "
        "muggins-tally 1.0 (plugin 'tally'); neither is used; choose one with MUGGINS_LOAD_PLUGINS"
    ) in errors
    assert "needs a muggins.Game instance, not str" in errors
    assert "plugin 'misspelled' implements an unknown hook" in errors
    assert "player kind 'random' is already registered" in errors
    assert all("\n" not in line for line in registry.errors)
    assert "misspelled" not in [p.name for p in registry.plugins]
    registry.register_commands(object())
    assert "plugin 'commands' failed to add commands: RuntimeError: no commands today" in registry.errors[-1]


def test_game_specific_players_take_precedence(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,goodplayers")
    registry = load_registry()
    assert registry.player_kind("expert", "tally").games == ("tally",)
    assert registry.player_kind("expert", "other").games == ()
    assert "cheater" in registry.kind_names("tally") and "cheater" not in registry.kind_names("other")
    with pytest.raises(KeyError, match="kinds for other: expert, novice, random"):
        registry.player_kind("cheater", "other")


def test_events_reach_listening_plugins(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,listener")
    registry = load_registry()
    assert registry.listens_to_events
    tally = registry.game("tally")
    state = tally.new(tally.Rules(hand_size=1), 2, 3)
    Match(state, make_players(registry, tally, ["expert"] * 2, 3), registry=registry).run()
    from bad_plugins import Listener

    assert ("tally", "play") in Listener.seen


def test_a_game_may_publish_hooks_for_house_rule_plugins(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "hookspecgame,bonus")
    registry = load_registry()
    assert registry.errors == []
    assert registry.pm.hook.muggins_tally_bonus(card="AS") == 5
    assert not registry.listens_to_events


def test_unknown_game_lists_installed_ones(registry):
    with pytest.raises(KeyError, match="unknown game 'talley'; installed games: tally"):
        registry.game("talley")
    with pytest.raises(KeyError, match="install a game plugin"):
        load_registry(load_entry_points=False).game("x")


def test_trace_env_var_traces_hook_calls(tally_env, monkeypatch, capsys):
    monkeypatch.setenv("MUGGINS_TRACE_PLUGINS", "1")
    load_registry()
    assert "muggins_register_games" in capsys.readouterr().err


def test_reset_registry_replaces_the_process_registry(registry):
    reset_registry(None)
    fresh = get_registry()
    assert fresh is get_registry() and "tally" in fresh.games


def test_registered_games_get_their_own_registry_hook_relay(site, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "hookspecgame,bonus")
    with_bonus = load_registry()
    without = load_registry(only=["hookspecgame"])
    game = with_bonus.game("tally_bonus")
    assert game.hooks is with_bonus.pm.hook
    assert game.hooks.muggins_tally_bonus(card="AS") == 5
    assert without.game("tally_bonus").hooks.muggins_tally_bonus(card="AS") is None


def test_lazy_package_exports_every_name_and_refuses_unknown_ones():
    for name in muggins.__all__:
        assert getattr(muggins, name) is not None
    assert "Game" in dir(muggins)
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        muggins.Gmae  # noqa: B018
