"""`muggins.rl`: every shipped game as a PettingZoo AEC environment, checked by PettingZoo's own tests and for privacy.

PettingZoo's `api_test` runs for each game at every player count and its
`seed_test` for each game at one; the privacy test deals the cards hidden
from a seat otherwise (`State.determinize`) at points of a random episode
and finds that seat's observation unchanged, while another seat's
determinization (which deals the seat's own hand otherwise) changes it; a
finished episode's record passes `muggins replay --verify`; docs/research.md's
loop runs. Skipped when pettingzoo (the core's `rl` extra) is not installed.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: the environment is the core's rl extra (muggins-core[rl])")

import numpy as np  # noqa: E402  (gymnasium's dependency: present whenever pettingzoo is)
from click.testing import CliRunner  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from muggins.plugins import load_registry  # noqa: E402
from muggins.request import RequestRefused  # noqa: E402
from muggins.rl import agent_name, env  # noqa: E402

pytestmark = pytest.mark.plugins

GAMES = {"muggins_shedding": range(3, 8), "cribbage_muggins": range(2, 5), "willughby_fishing": range(5, 6)}
#: The games where what is hidden from one seat is another seat's hand, which that seat sees.
SECRET_HANDS = {"cribbage_muggins", "willughby_fishing"}
DOC = Path(__file__).parent.parent / "docs" / "research.md"


@pytest.fixture(scope="module")
def registry():
    saved = os.environ.pop("MUGGINS_LOAD_PLUGINS", None)
    try:
        return load_registry()
    finally:
        if saved is not None:
            os.environ["MUGGINS_LOAD_PLUGINS"] = saved


def _table(registry, name, players, **options):
    if name not in registry.games:
        pytest.skip(f"{name} is not installed")
    return env(name, players, registry=registry, **options)


def _random_action(table, rng):
    observation, _reward, terminated, truncated, _info = table.last()
    if terminated or truncated:
        return None
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.parametrize("name,players", [(name, n) for name, counts in GAMES.items() for n in counts])
def test_pettingzoo_api_test_passes(registry, name, players):
    table = _table(registry, name, players)
    api_test(table, num_cycles=8)
    assert table.possible_agents == [agent_name(seat) for seat in range(players)]


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_seed_test_passes(registry, name):
    players = GAMES[name].start
    _table(registry, name, players)
    seed_test(lambda: env(name, players, registry=registry), num_cycles=8)


@pytest.mark.parametrize("name", list(GAMES))
def test_no_observation_changes_when_only_cards_hidden_from_the_seat_change(registry, name):
    players = GAMES[name].start
    table = _table(registry, name, players)
    table.reset(seed=11)
    rng = np.random.default_rng(11)
    shuffles = random.Random(5)
    others_changed = own_changed = redealt_states = checked = 0
    for step in range(100):
        if table.terminations[table.agent_selection]:
            break
        if step % 5 == 0:
            state = table.match_state
            for seat in range(players):
                seen = table.observation_at(state, seat)
                if agent_name(seat) == table.agent_selection:
                    mine = table.observe(table.agent_selection)
                    assert all(np.array_equal(mine[key], seen[key]) for key in seen)
                redealt = state.determinize(seat, shuffles)
                redealt_states += redealt.piles() != state.piles()
                others_changed += any(redealt.view(other) != state.view(other) for other in range(players) if other != seat)
                again = table.observation_at(redealt, seat)
                assert np.array_equal(again["observation"], seen["observation"]), f"seat {seat}'s observation read another seat's hidden cards"
                assert np.array_equal(again["action_mask"], seen["action_mask"])
                # The other way round: dealing the seat's own hand otherwise must show in its observation, or the test proves nothing.
                other = (seat + 1) % players
                own_changed += not np.array_equal(table.observation_at(state.determinize(other, shuffles), seat)["observation"], seen["observation"])
                checked += 1
        table.step(_random_action(table, rng))
    assert checked >= players * 4 and redealt_states > 0
    if name in SECRET_HANDS:  # a seat's hand is seen by its owner alone: redealing it shows, to its owner only
        assert others_changed > 0 and own_changed > 0
    else:  # shedding: what is hidden (the closed stocks) is hidden from every seat, so no view changes
        assert (others_changed, own_changed) == (0, 0)


def _play_out(table, seed, rng_seed=0):
    table.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    totals = {agent: 0.0 for agent in table.possible_agents}
    steps = 0
    for agent in table.agent_iter():
        totals[agent] += table.last()[1]
        table.step(_random_action(table, rng))
        steps += 1
    return totals, steps


def test_a_finished_episode_rewards_the_result_and_writes_a_record_that_verifies(registry, tmp_path, monkeypatch):
    table = _table(registry, "cribbage_muggins", 3, record_to=tmp_path, reward="scores")
    totals, steps = _play_out(table, seed=4)
    result = table.result
    assert result is not None and totals == {agent_name(seat): float(score) for seat, score in enumerate(result.scores)}
    assert table.agents == [] and Path(table.record_path).parent == tmp_path
    from muggins_cli.main import cli

    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS", raising=False)
    checked = CliRunner().invoke(cli, ["replay", "--verify", table.record_path], catch_exceptions=False)
    decisions = sum('"action"' in line for line in Path(table.record_path).read_text().splitlines())
    assert (checked.exit_code, checked.stdout) == (0, f"ok: {decisions} decisions verified\n")
    assert decisions == steps - 3  # every step but the three finished agents' last was a decision


def test_wins_reward_and_the_same_seed_gives_the_same_episode(registry):
    table = _table(registry, "cribbage_muggins", 2)
    first, steps = _play_out(table, seed=9)
    assert sorted(first.values()) == [-1.0, 1.0] and first[agent_name(table.result.winners[0])] == 1.0
    again, steps_again = _play_out(table, seed=9)
    assert (again, steps_again) == (first, steps)
    table.reset(seed=9)
    dealt = table.game.new(table.rules, 2, 9)
    assert dict(table.match_state.view(0)) == dict(dealt.view(0))  # seed n is the deal `muggins play --seed n` gives


def test_infos_carry_the_choices_and_the_text_and_a_choice_outside_the_mask_is_refused(registry):
    table = _table(registry, "willughby_fishing", 5)
    table.reset(seed=2)
    agent = table.agent_selection
    info = table.infos[agent]
    mask = table.observe(agent)["action_mask"]
    assert len(info["choices"]) == int(mask.sum()) and mask[: len(info["choices"])].all() and info["text"]
    with pytest.raises(ValueError, match="not among the"):
        table.step(len(info["choices"]))
    quiet = _table(registry, "willughby_fishing", 5, text=False)
    quiet.reset(seed=2)
    assert "text" not in quiet.infos[quiet.agent_selection] and quiet.infos[quiet.agent_selection]["choices"] == info["choices"]


def test_house_rules_from_a_mapping_or_a_toml_file(registry, tmp_path):
    assert _table(registry, "cribbage_muggins", 2, rules={"target": 61}).rules.target == 61
    rules_file = tmp_path / "short.toml"
    rules_file.write_text("target = 61\n")
    assert _table(registry, "cribbage_muggins", 2, rules_file=str(rules_file)).rules.target == 61
    with pytest.raises(RequestRefused):
        _table(registry, "cribbage_muggins", 2, rules={"target": "soon"})


def test_the_guides_random_policy_loop_runs(registry, capsys, monkeypatch):
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- tested: [^>]*-->\n```python\n(.*?)```", text, re.S).group(1)
    assert len(block.splitlines()) <= 20
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS", raising=False)
    exec(compile(block, str(DOC), "exec"), {})
    assert re.fullmatch(r"\(\d,\) \{'seat_0': -?1\.0, 'seat_1': -?1\.0\}\n", capsys.readouterr().out)


def test_loading_the_core_the_environment_module_and_the_policy_kind_imports_no_pettingzoo_nor_numpy():
    code = "import sys, muggins, muggins.rl, muggins.policy; print(sorted({'pettingzoo', 'gymnasium', 'numpy'} & set(sys.modules)))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert found == "[]\n"


# -- the seat kind `policy` ------------------------------------------------------------------------------
POLICIES = '''
import numpy as np

seen = []

def first(observation):
    seen.append(observation)
    return int(np.flatnonzero(observation["action_mask"])[0])

def sampled(observation, rng):
    return rng.choice([int(i) for i in np.flatnonzero(observation["action_mask"])])

def outside(observation):
    return len(observation["action_mask"])
'''


@pytest.fixture
def policies(tmp_path, monkeypatch):
    (tmp_path / "rl_test_policies.py").write_text(POLICIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS", raising=False)
    sys.modules.pop("rl_test_policies", None)
    import rl_test_policies

    yield rl_test_policies
    sys.modules.pop("rl_test_policies", None)


class _Decisions:
    """A record sink that keeps the decisions only."""

    def __init__(self):
        self.decisions, self.result = [], None

    written = property(lambda self: len(self.decisions))
    finished = property(lambda self: self.result is not None)

    def decision(self, seat, action, events):
        self.decisions.append((seat, action))

    def finish(self, result):
        self.result = result


def test_a_policy_seat_is_shown_what_the_environments_agent_is_shown(registry, policies):
    from muggins.engine import Match
    from muggins.players import make_players

    table = _table(registry, "willughby_fishing", 5, text=False)
    game = table.game
    players = make_players(registry, game, ["policy:fn=rl_test_policies:first"] * 5, 6)
    sink = _Decisions()
    Match(game.new(game.Rules(), 5, 6), players, writer=sink, registry=registry).run()
    at_table = list(policies.seen)
    table.reset(seed=6)
    through_env = []
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, info = table.last()
        action = None if terminated or truncated else policies.first(observation)
        if action is not None:
            through_env.append(info["choices"][action])
        table.step(action)
    assert [action for _seat, action in sink.decisions] == through_env and sink.result == table.result
    again = policies.seen[len(at_table):]
    assert len(again) == len(at_table) and all(np.array_equal(a["observation"], b["observation"]) for a, b in zip(at_table, again))


def test_a_policy_seat_plays_at_the_terminal_and_its_record_verifies(registry, policies, tmp_path, monkeypatch):
    from muggins_cli.main import cli

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    played = runner.invoke(cli, ["play", "cribbage_muggins", "--seat", "policy:fn=rl_test_policies:sampled", "--seat", "expert",
                                 "--seed", "3", "--record", "p.jsonl"], catch_exceptions=False)
    assert played.exit_code == 0, played.output
    checked = runner.invoke(cli, ["replay", "--verify", "p.jsonl"], catch_exceptions=False)
    assert checked.exit_code == 0 and checked.stdout.startswith("ok: ") and "verified" in checked.stdout


def test_a_policy_that_breaks_its_contract_is_refused_in_one_line(registry, policies):
    from muggins.engine import Match
    from muggins.players import make_players
    from muggins.policy import PolicyBroken

    game = _table(registry, "cribbage_muggins", 2).game
    players = make_players(registry, game, ["policy:fn=rl_test_policies:outside", "expert"], 1)
    with pytest.raises(PolicyBroken) as broken:
        Match(game.new(game.Rules(), 2, 1), players, registry=registry).run()
    assert "\n" not in str(broken.value.message) and "rl_test_policies:outside in seat" in broken.value.message
    for spec, words in [("policy:fn=rl_test_policies:missing", "cannot load"), ("policy:fn=rl_test_policies", "not module:function"),
                        ("policy", "name its function")]:
        with pytest.raises(ValueError, match=words):
            make_players(registry, game, [spec, "expert"], 1)


def test_lone_choices_taken_for_the_agents_a_truncated_match_and_the_spectators_render(registry):
    table = _table(registry, "muggins_shedding", 4, take_lone_choices=True, render_mode="ansi")
    table.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        assert terminated or truncated or observation["action_mask"].sum() > 1
        table.step(_random_action(table, rng))
    assert table.result is not None
    table.reset(seed=1)
    assert table.render() == table.game.render(dict(table.match_state.view(None)), None)
    table.match.limit = table.match.taken + 2  # as if the game declared a limit of two more decisions
    for _ in range(2):
        table.step(_random_action(table, rng))
    assert all(table.truncations.values()) and not any(table.terminations.values()) and table.result is None
    table.close()


def test_a_game_declares_its_encoding(registry, monkeypatch):
    game = _table(registry, "cribbage_muggins", 2).game
    monkeypatch.setattr(game, "rl_encoding", "muggins.observation:LayoutEncoding", raising=False)
    monkeypatch.setattr(game, "rl_max_choices", 40, raising=False)
    table = env(game, 2, registry=registry)
    table.reset(seed=3)
    assert table.action_space("seat_0").n == 40 and table.observe(table.agent_selection)["action_mask"].shape == (40,)


def test_a_policy_seat_without_numpy_is_refused_in_one_line(registry, policies, monkeypatch):
    import importlib.util

    from muggins.players import make_players

    game = _table(registry, "cribbage_muggins", 2).game
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "numpy" else real(name, *rest))
    with pytest.raises(ValueError, match=r"need numpy: install muggins-core with its rl extra"):
        make_players(registry, game, ["policy:fn=rl_test_policies:first", "expert"], 1)
