"""Every command resolves the house-rule plugins in force the same way, from the rules it is given.

Two cribbage plugins set the target (151 and 91) and so conflict; a third
one's target hook fails. With a rules file's `[plugins]` table switching
them off, `play`, `simulate`, a comparison of rule sets, `ladder`, the web
lobby (`Lobby.check_request` and `create`) and the contract kit all play;
with them on, all refuse with the same line. The plugins are registered
in-process (`load_registry(extra_plugins=...)`) and made the process
registry, which the command line uses.
"""

from __future__ import annotations

import asyncio

import pytest
from click.testing import CliRunner

from muggins import hookimpl
from muggins.houserules import with_plugin_switches
from muggins.plugins import load_registry, reset_registry
from muggins.rules import rules_from_dict
from muggins.testing import ContractError, check_game
from muggins_cli.main import cli

GAME = "cribbage_muggins"
CONFLICT = ("house-rule plugins 'target_151' and 'target_91' both set setting 'target' (151 and 91) in muggins_cribbage_target")


class Target:
    """A house rule setting the cribbage target."""

    def __init__(self, target: int) -> None:
        self.target = target

    @hookimpl
    def muggins_cribbage_target(self, players, rules):
        return {"target": self.target}


class Fails:
    """A house rule whose target hook fails."""

    @hookimpl
    def muggins_cribbage_target(self, players, rules):
        raise RuntimeError("this hook fails")


def installed(*plugins: tuple[str, object]):
    loaded = load_registry(only=[GAME], extra_plugins=list(plugins))
    assert loaded.errors == []
    reset_registry(loaded)
    return loaded


@pytest.fixture
def targets():
    yield installed(("target_151", Target(151)), ("target_91", Target(91)))
    reset_registry()


@pytest.fixture
def failing():
    yield installed(("fails", Fails()))
    reset_registry()


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path))
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, list(args), catch_exceptions=False)

    (tmp_path / "both_off.toml").write_text("[plugins]\ntarget_151 = false\ntarget_91 = false\n")
    (tmp_path / "one_off.toml").write_text("[plugins]\ntarget_151 = false\n")
    (tmp_path / "fails_off.toml").write_text("[plugins]\nfails = false\n")
    return invoke


PLAY = ("play", GAME, "--seat", "expert", "--seat", "expert", "--seed", "3")
SIMULATE = ("simulate", GAME, "--games", "4", "--seed", "1")
LADDER = ("ladder", GAME, "--seat", "expert", "--seat", "novice", "--games", "2", "--seed", "1")


def test_switched_off_conflicting_plugins_play_simulate_compare_and_ladder(targets, run):
    for args in (PLAY, SIMULATE, LADDER):
        done = run(*args, "--rules", "both_off.toml")
        assert done.exit_code == 0, (args, done.output)
    compared = run(*SIMULATE, "--rules", "both_off.toml", "--rules", "one_off.toml")
    assert compared.exit_code == 0, compared.output
    alone = run(*SIMULATE, "--rules", "one_off.toml", "--json")
    assert alone.exit_code == 0, alone.output
    assert '"house_rules": [{"name": "target_91"' in alone.stdout


def test_conflicting_plugins_in_force_are_the_same_line_from_every_command(targets, run):
    for args in (PLAY, SIMULATE, LADDER):
        refused = run(*args)
        assert refused.exit_code == 2, (args, refused.output)
        assert refused.stderr.strip().splitlines()[-1] == f"muggins: error: {CONFLICT}", args


def test_a_refused_match_prints_its_refusal_alone_no_seed_or_record_line_before_it(targets, run):
    # With a seed chosen or drawn in secret: the match is made (and refused) before any line of the match is printed.
    for args in (PLAY, PLAY[:-2], SIMULATE, LADDER):
        refused = run(*args)
        assert refused.exit_code == 2, (args, refused.output)
        assert refused.stdout == "" and refused.stderr == f"muggins: error: {CONFLICT}\n", args


def test_a_failing_hook_switched_off_is_never_asked(failing, run):
    for args in (PLAY, SIMULATE, LADDER):
        done = run(*args, "--rules", "fails_off.toml")
        assert done.exit_code == 0, (args, done.output)
        assert "this hook fails" not in done.output
    compared = run(*SIMULATE, "--rules", "fails_off.toml", "--rules", "fails_off.toml")
    assert compared.exit_code == 0, compared.output
    refused = run(*SIMULATE)
    assert refused.exit_code == 2 and "house-rule plugin 'fails' failed in muggins_cribbage_target" in refused.stderr


def test_the_web_lobby_resolves_them_from_the_request_rules(targets, tmp_path, monkeypatch):
    from muggins_web.lobby import Lobby, LobbyError

    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path))
    request = {"game": GAME, "players": 2, "seats": ["human"], "seed": 3}
    off = {**request, "rules": {"plugins": {"target_151": False, "target_91": False}}}
    game, rules, *_ = Lobby(targets, pace=0).check_request(off)
    assert game.rules_in_force(rules, 2).target == 121

    def made(data):
        lobby = Lobby(targets, pace=0)  # closing a lobby ends its worker threads: one lobby per table
        table = asyncio.run(lobby.create(data))
        lobby.close_all()
        return table.match.state.target

    assert made(off) == 121
    assert made({**request, "rules": {"plugins": {"target_151": False}}}) == 91
    with pytest.raises(LobbyError, match="both set setting 'target'"):
        made(request)


def test_the_kit_resolves_them_from_the_rules_it_is_given(targets):
    game = targets.game(GAME)
    both_off = rules_from_dict(game.Rules, {"plugins": {"target_151": False, "target_91": False}})
    report = check_game(game, players=[2], games=2, seed=1, rules=both_off, registry=targets, replays=1)
    assert report.matches == 2
    with pytest.raises(ContractError) as refused:
        check_game(game, players=[2], games=1, seed=1, registry=targets)
    assert CONFLICT in str(refused.value)


def test_the_kit_reproduce_line_keeps_the_switches(targets):
    from muggins.testing.walk import MatchWalk

    game = targets.game(GAME)
    switched = with_plugin_switches(game.Rules(), {"target_151": False})
    walk = MatchWalk(game, switched, 2, 5, ["random", "random"], targets)
    error = walk.fail("a problem")
    assert error.rules is switched
    assert "rules=with_plugin_switches(CribbageRules(" in str(error) and "{'target_151': False})" in str(error)
