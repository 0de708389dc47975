"""`muggins.openspiel`: every shipped game as an OpenSpiel game, checked by OpenSpiel's own random simulation and for privacy.

`pyspiel.load_game` loads each game at every player count and
`pyspiel.random_sim_test` plays it; the privacy test deals the cards hidden
from a seat otherwise (`State.determinize`) at points of a random playthrough
and finds that seat's information-state string and observation tensor
unchanged, while another seat's determinization (which deals the seat's own
hand otherwise) changes them; a random playthrough's returns are the wins of
the muggins result, the same result the PettingZoo environment reaches with
the same choices; a resampled state (`resample_from_infostate`) looks the
same to its player, and OpenSpiel's Python ISMCTS chooses from it. Skipped when open-spiel (the benchmark group's) is not
installed: `uv run --group dev --group bench pytest tests/test_openspiel_game.py`.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (uv sync --group dev --group bench)")

import numpy as np  # noqa: E402  (pyspiel's dependency)

from muggins.plugins import load_registry  # noqa: E402

pytestmark = pytest.mark.plugins

GAMES = {"muggins_shedding": range(3, 8), "cribbage_muggins": range(2, 5), "willughby_fishing": range(5, 6)}
#: The games where what is hidden from one seat is another seat's hand, which that seat sees.
SECRET_HANDS = {"cribbage_muggins", "willughby_fishing"}


@pytest.fixture(scope="module")
def registered():
    saved = os.environ.pop("MUGGINS_LOAD_PLUGINS", None)
    try:
        registry = load_registry()
        import muggins.openspiel as adapter

        adapter.register(registry)
        return registry
    finally:
        if saved is not None:
            os.environ["MUGGINS_LOAD_PLUGINS"] = saved


def _load(registered, name, players):
    if name not in registered.games:
        pytest.skip(f"{name} is not installed")
    return pyspiel.load_game(f"{name}(players={players})")


def _dealt(game, seed):
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(seed)
    return state


@pytest.mark.parametrize("name,players", [(name, n) for name, counts in GAMES.items() for n in counts])
def test_openspiel_loads_the_game_and_its_random_simulation_test_passes(registered, name, players):
    game = _load(registered, name, players)
    assert (game.num_players(), game.get_type().short_name) == (players, name)
    assert game.observation_tensor_size() == game.make_py_observer().tensor.size > 0
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_deal_is_the_seed_of_muggins_play(registered):
    from muggins.players import HUMAN
    from muggins.request import MatchRequest

    game = _load(registered, "cribbage_muggins", 2)
    dealt = MatchRequest("cribbage_muggins", 2, seats=[HUMAN], seed=7, opponents=HUMAN).check(registered).new_state()
    state = _dealt(game, 7)
    assert state.table.match.state.to_dict() == dealt.to_dict()
    assert _dealt(game, 8).table.match.state.piles() != dealt.piles()
    few = pyspiel.load_game("cribbage_muggins(players=2,deals=5)")
    assert few.new_initial_state().chance_outcomes() == [(seed, 0.2) for seed in range(5)] and few.max_chance_outcomes() == 5
    with pytest.raises(ValueError, match="deals must be at least 1"):
        pyspiel.load_game("cribbage_muggins(players=2,deals=0)")


def test_house_rules_are_a_game_parameter(registered):
    from muggins.openspiel import house_rules

    assert house_rules("hands:1; target=61;name:x") == {"hands": 1, "target": 61, "name": "x"} and house_rules("") == {}
    game = pyspiel.load_game("willughby_fishing(players=5,rules=deals:1)")
    assert game.muggins.request.rules.deals == 1
    assert pyspiel.load_game("willughby_fishing(players=5)").muggins.request.rules.deals != 1
    assert pyspiel.load_game("cribbage_muggins", {"players": 2, "rules": "target=61"}).muggins.request.rules.target == 61
    with pytest.raises(ValueError, match="key:value pairs"):
        house_rules("hands")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_state_serializes_and_reads_back_as_the_same_state(registered, name):
    import pickle

    players = GAMES[name].start
    game = pyspiel.load_game(name, {"players": players, "rules": "target:61" if name == "cribbage_muggins" else ""})
    state, rng = _dealt(game, 6), random.Random(6)
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history() and again.legal_actions() == state.legal_actions()
    assert again.table.match.state.to_dict() == state.table.match.state.to_dict()
    assert all(again.information_state_string(seat) == state.information_state_string(seat) for seat in range(players))
    assert pickle.loads(pickle.dumps(again.table)).match.state.to_dict() == state.table.match.state.to_dict()
    while not state.is_terminal():  # the copy goes on as the original does
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        again.apply_action(action)
    assert again.returns() == state.returns()
    world = _dealt(game, 6).resample_from_infostate(0, random.Random(1).random)
    with pytest.raises(TypeError, match="resampled state cannot be serialized"):
        pickle.dumps(world.table)


def test_openspiels_random_simulation_test_serializes_the_states(registered):
    pyspiel.random_sim_test(pyspiel.load_game("cribbage_muggins(players=2)"), num_sims=2, serialize=True, verbose=False)


def _states(game, seed, steps, every):
    """States of a random playthrough from deal `seed`, one every `every` decisions."""
    rng = random.Random(seed)
    state = _dealt(game, seed)
    for step in range(steps):
        if state.is_terminal():
            return
        if step % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))


def _redealt(state, match_state):
    twin = state.clone()
    twin.table.match.state = match_state
    twin.table.decision = match_state.decision()
    return twin


@pytest.mark.parametrize("name", list(GAMES))
def test_no_information_state_or_observation_changes_when_only_cards_hidden_from_the_seat_change(registered, name):
    players = GAMES[name].start
    game = _load(registered, name, players)
    shuffles = random.Random(5)
    own_changed = redealt_states = checked = 0
    for state in _states(game, 11, 60, 6):
        match_state = state.table.match.state
        for seat in range(players):
            seen = (state.information_state_string(seat), state.observation_string(seat), np.array(state.observation_tensor(seat)))
            redealt = match_state.determinize(seat, shuffles)
            redealt_states += redealt.piles() != match_state.piles()
            twin = _redealt(state, redealt)
            again = (twin.information_state_string(seat), twin.observation_string(seat), np.array(twin.observation_tensor(seat)))
            assert again[:2] == seen[:2], f"seat {seat}'s strings read another seat's hidden cards"
            assert np.array_equal(again[2], seen[2]), f"seat {seat}'s observation tensor read another seat's hidden cards"
            assert twin.legal_actions(seat) == state.legal_actions(seat)
            # The other way round: dealing the seat's own hand otherwise must show, or the test proves nothing.
            other = _redealt(state, match_state.determinize((seat + 1) % players, shuffles))
            own_changed += other.information_state_string(seat) != seen[0] and not np.array_equal(np.array(other.observation_tensor(seat)), seen[2])
            checked += 1
    assert checked >= players * 4 and redealt_states > 0
    if name in SECRET_HANDS:
        assert own_changed > 0
    else:  # shedding: what is hidden (the closed stocks) is hidden from every seat, so no view changes
        assert own_changed == 0


def test_a_random_playthrough_returns_the_wins_of_the_muggins_result(registered):
    from muggins.openspiel import wins
    from muggins.rl import env

    game = _load(registered, "cribbage_muggins", 3)
    state = _dealt(game, 4)
    table = env("cribbage_muggins", 3, registry=registered, text=False)
    table.reset(seed=4)
    rng = random.Random(0)
    totals = {agent: 0.0 for agent in table.possible_agents}
    while not state.is_terminal():
        assert table.agent_selection == f"seat_{state.current_player()}"
        assert np.array_equal(np.array(state.observation_tensor(state.current_player())), table.observe(table.agent_selection)["observation"])
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        table.step(action)
    for agent in table.agent_iter():  # the finished agents' last steps collect their rewards
        totals[agent] += table.last()[1]
        table.step(None)
    result = state.result()
    assert result is not None and result == table.result
    assert state.returns() == [wins(result, seat) for seat in range(3)] == [totals[f"seat_{seat}"] for seat in range(3)]
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_resampled_state_looks_the_same_to_its_player_and_openspiel_ismcts_plays_from_it(registered, name):
    from open_spiel.python.algorithms import ismcts, mcts

    players = GAMES[name].start
    game = _load(registered, name, players)
    state, rng = _dealt(game, 3), random.Random(3)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions() and world.current_player() == player
    if name in SECRET_HANDS:  # another seat's hand is dealt otherwise in some world
        assert any(world.table.match.state.piles() != state.table.match.state.piles() for world in worlds)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 4,
                           random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


def test_the_guides_openspiel_example_runs(registered, capsys):
    doc = Path(__file__).parent.parent / "docs" / "research.md"
    block = re.search(r"```python\n(import pyspiel\nimport muggins\.openspiel.*?)```", doc.read_text(encoding="utf-8"), re.S).group(1)
    exec(compile(block, str(doc), "exec"), {})
    assert capsys.readouterr().out.startswith("seat 1\n{")  # the seat to act after deal 7, then its view
