"""`muggins simulate` and `muggins.simulate.simulate`: what is summed, how, and that splitting work changes nothing."""

from __future__ import annotations

import json

import pytest

from muggins_cli.summary import number

from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.rng import derive_seed
from muggins.simulate import GameOutcome, _Totals, play_one, simulate

SEATS = ("--seat", "novice", "--seat", "random")


def test_json_summary_adds_up(run):
    result = run("simulate", "tally", "--games", "30", "--seed", "4", *SEATS, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["game"] == "tally" and data["version"] == "1.0" and data["seed"] == 4
    assert data["players"] == 3 and data["seats"] == ["novice", "random", "expert"]
    assert data["rules"] == {"hand_size": 3, "mistakes": "allowed", "reward": 1.0}
    assert data["games"] == 30
    assert sum(data["wins"]) + data["draws"] == pytest.approx(30)
    assert data["win_rate"] == [w / 30 for w in data["wins"]]
    assert data["wins"][2] > data["wins"][1]  # the expert beats the random player
    assert data["limit_reached"] == 0
    assert data["decisions"]["mean"] == data["decisions"]["total"] / 30
    assert 30 * 9 * 2 <= data["decisions"]["total"] <= 30 * 9 * 3  # nine plays, each with one or two responses
    assert data["stats"] == {
        "claims": {"total": 0, "mean": 0.0},
        "plays": {"count": 30, "mean": 9.0, "median": 9.0, "min": 9, "max": 9, "quartiles": [9, 9]},
    }
    assert data["partial"] is False and data["games_requested"] == 30
    assert len(data["scores"]["total"]) == 3 and data["scores"]["mean"] == [t / 30 for t in data["scores"]["total"]]
    assert data["scores"]["total"][2] > data["scores"]["total"][1]  # the expert outscores the random player
    assert data["seat_stats"] == {} and data["sides"] is None  # tally reports no per-seat figures and has no sides


def test_same_seed_same_summary(run):
    first = run("simulate", "tally", "--games", "12", "--seed", "5", *SEATS, "--json").stdout
    second = run("simulate", "tally", "--games", "12", "--seed", "5", *SEATS, "--json").stdout
    other = run("simulate", "tally", "--games", "12", "--seed", "6", *SEATS, "--json").stdout
    assert first == second
    assert json.loads(first)["decisions"] != json.loads(other)["decisions"]


def test_readable_table(run):
    result = run("simulate", "tally", "--games", "10", "--seed", "4", *SEATS)
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert out[0] == "Tally (the core's test game): 10 matches, 3 players, seed 4, rules default"
    assert out[2].split() == ["seat", "kind", "matches", "won", "win", "rate", "score", "per", "match"]
    assert [row.split()[:2] for row in out[3:6]] == [["0", "novice"], ["1", "random"], ["2", "expert"]]
    data = json.loads(run("simulate", "tally", "--games", "10", "--seed", "4", *SEATS, "--json").stdout)
    assert [row.split()[4:] for row in out[3:6]] == [[number(t), number(m)] for t, m in zip(data["scores"]["total"], data["scores"]["mean"])]
    assert out[7].startswith("matches drawn: 0 · matches stopped at the limit: 0 · decisions per match: ")
    assert out[9].split() == ["in", "all", "10", "matches", "total", "per", "match"] and out[10].split() == ["claims", "0", "0"]
    assert out[12].split() == ["figure", "times", "measured", "mean", "median"] and out[13].split() == ["plays", "10", "9", "9"]
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_unseeded_simulation_reports_its_seed(run, tmp_path):
    (tmp_path / "house.toml").write_text("hand_size = 2\n")
    result = run("simulate", "tally", "--games", "2", "--rules", "house.toml")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].endswith("rules from house.toml")
    assert int(result.stdout.splitlines()[0].split("seed ")[1].split(",")[0]) > 0


def test_progress_bar_only_on_a_terminal(run, monkeypatch):
    from muggins_cli import simulating

    monkeypatch.setattr(simulating, "_stderr_is_terminal", lambda: True)
    result = run("simulate", "tally", "--games", "5", "--seed", "1", "--json")
    assert result.exit_code == 0
    assert "simulating tally" in result.stderr
    assert json.loads(result.stdout)["games"] == 5


def test_game_i_is_played_with_the_derived_seed(registry, tally):
    outcome = play_one(registry, tally, tally.Rules(), 3, ["novice", "random", "expert"], 77, 5)
    seed = derive_seed(77, "game", 5)
    match = Match(tally.new(tally.Rules(), 3, seed), make_players(registry, tally, ["novice", "random", "expert"], seed))
    result = match.run()
    assert (outcome.index, outcome.winners, outcome.decisions) == (5, result.winners, match.decisions)
    single = simulate(tally, players=3, kinds=["novice", "random", "expert"], seed=77, games=6, registry=registry)
    assert single["decisions"]["total"] == sum(
        play_one(registry, tally, tally.Rules(), 3, ["novice", "random", "expert"], 77, i).decisions for i in range(6)
    )


def test_ties_share_draws_count_and_stats_fold(registry):
    totals = _Totals(3)
    totals.add(GameOutcome(0, (0, 1), False, 10, {"points": 2, "hands": [3, 5], "note": "ignored"}))
    totals.add(GameOutcome(1, (), True, 20, {"points": 1.5, "hands": [4]}))
    totals.add(GameOutcome(2, (0, 1, 2), False, 30, {}))
    summary = totals.summary()
    assert summary["wins"] == [0.5 + 1 / 3, 0.5 + 1 / 3, 1 / 3]
    assert summary["draws"] == 1 and summary["limit_reached"] == 1
    assert summary["decisions"] == {"total": 60, "mean": 20.0}
    assert summary["stats"] == {
        "points": {"total": 3.5, "mean": 3.5 / 3},
        "hands": {"count": 3, "mean": 4.0, "median": 4, "min": 3, "max": 5, "quartiles": [3.5, 4.5]},
    }
    with pytest.raises(ValueError, match="stat 'points' is a number in one game and a list in another"):
        totals.add(GameOutcome(3, (0,), False, 1, {"points": [1]}))
    with pytest.raises(ValueError, match="stat 'hands' is a list in one game and a number in another"):
        totals.add(GameOutcome(3, (0,), False, 1, {"hands": 1}))


def test_empty_simulation(registry, tally):
    summary = simulate(tally, games=0, registry=registry)
    assert summary["games"] == 0 and summary["wins"] == [0.0, 0.0, 0.0] and summary["decisions"]["mean"] == 0.0


def test_arguments_are_checked_before_any_work(registry, tally):
    with pytest.raises(KeyError, match="unknown game 'nope'"):
        simulate("nope", registry=registry)
    with pytest.raises(ValueError, match="played by 2 to 4 players, not 7"):
        simulate(tally, players=7, registry=registry)
    with pytest.raises(ValueError, match="3 players need 3 player kinds, got 1"):
        simulate(tally, kinds=["expert"], registry=registry)
    with pytest.raises(KeyError, match="unknown player kind 'wizard'"):
        simulate(tally, kinds=["expert", "wizard", "expert"], registry=registry)
    with pytest.raises(ValueError, match="seat 'novice:speed=2': player kind 'novice' has no option 'speed'"):
        simulate(tally, kinds=["expert", "novice:speed=2", "expert"], registry=registry)
    with pytest.raises(ValueError, match="cannot be negative"):
        simulate(tally, games=-1, registry=registry)
    with pytest.raises(ValueError, match="workers must be 0"):
        simulate(tally, games=3, workers=-2, registry=registry)


def test_rules_as_a_dict_progress_and_the_process_registry(registry, tally):
    seen = []
    summary = simulate("tally", {"hand_size": 2}, games=7, seed=3, progress=seen.append)
    assert sum(seen) == 7
    assert summary["rules"]["hand_size"] == 2 and summary["stats"]["plays"]["mean"] == 6.0


def test_worker_processes_give_the_same_totals(registry, tally):
    kinds = ["novice", "random", "expert"]
    alone = simulate(tally, kinds=kinds, seed=21, games=24, workers=1, registry=registry)
    seen = []
    split = simulate(tally, kinds=kinds, seed=21, games=24, workers=2, progress=seen.append, registry=registry)
    assert split == alone
    assert sum(seen) == 24 and len(seen) > 2  # several chunks reported as they finished


def test_a_game_the_workers_cannot_find_is_an_error_not_a_hang(tally_env, tally):
    class Elsewhere(type(tally)):
        name = "elsewhere"

    class Plugin:
        from muggins import hookimpl

        @hookimpl
        def muggins_register_games(self, register):
            register(Elsewhere())

    local = load_registry(extra_plugins=[("local", Plugin())])
    with pytest.raises(KeyError, match="unknown game 'elsewhere'"):
        simulate(local.game("elsewhere"), games=4, workers=2, registry=local)


def test_summary_table_with_non_numeric_list_stats(tally):
    from muggins_cli.summary import summary_lines

    summary = {
        "games": 2, "players": 2, "seed": 1, "seats": ["expert", "random"], "wins": [1.5, 0.5], "win_rate": [0.75, 0.25],
        "draws": 0, "limit_reached": 0, "decisions": {"total": 40, "mean": 20.0},
        "stats": {"names": {"count": 2, "mean": None, "median": None}, "points": {"total": 123456.0, "mean": 61728.0}},
    }
    out = summary_lines(summary, tally, None)
    assert out[3].split() == ["0", "expert", "1.5", "75.0%"]
    assert ["points", "123,456", "61,728"] in [row.split() for row in out]
    assert out[-1].split() == ["names", "2", "-", "-"]
