"""Paired rule comparisons (`muggins simulate --rules A --rules B`, `muggins.study.compare`): same deals, honest 95% intervals.

`coin` is Tally for two whose winner is drawn from the match seed: seat 0
wins when a uniform draw u is below the house rule `first_wins`, so the
true win rates, their difference and the mean of the `points` list (one or
two uniform values on [0, 10 × (1 + first_wins)), so a mean of 6.5 under A and 7.5
under B) are known exactly, and the coverage
of the intervals can be counted over many independent runs.
"""

from __future__ import annotations

import json
import re

import pytest

from muggins.simulate import SimulationInterrupted, simulate
from muggins.study import compare, figures_of

COIN = '''
    from dataclasses import dataclass

    from muggins import Result, derive_rng, hookimpl, rule
    from muggins_tally import TallyGame, TallyRules, TallyState


    @dataclass(frozen=True)
    class CoinRules(TallyRules):
        first_wins: float = rule(0.3, doc="Chance that seat 0 wins.", min=0, max=1)


    class CoinState(TallyState):
        def result(self):
            found = super().result()
            if found is None:
                return None
            rng = derive_rng(self.seed, "coin")
            u = rng.random()
            winners = (0,) if u < self.rules.first_wins else (1,)
            points = [rng.random() * 10 * (1 + self.rules.first_wins) for _ in range(1 + (rng.random() < 0.5))]
            return Result(winners, (), {"points": points, "coin": u})


    class CoinGame(TallyGame):
        name = "coin"
        title = "Coin"
        players = range(2, 3)
        default_players = 2
        Rules = CoinRules
        State = CoinState


    class Plugin:
        @hookimpl
        def muggins_register_games(self, register):
            register(CoinGame())


    plugin = Plugin()
'''

A = {"hand_size": 1, "first_wins": 0.3}
B = {"hand_size": 1, "first_wins": 0.5}


@pytest.fixture
def coin(fake_plugin):
    registry = fake_plugin("muggins_coin", COIN)
    assert registry.errors == []
    return registry, registry.game("coin")


def _covers(found, truth):
    return found["low"] <= truth <= found["high"]


@pytest.mark.untraced
def test_intervals_cover_the_true_values_about_95_percent_of_the_time(coin):
    registry, game = coin
    repetitions, matches = 200, 50
    truths = {
        ("wins[0]", "means", 0): 0.3, ("wins[0]", "means", 1): 0.5, ("wins[0]", "differences", 1): 0.2,
        ("stats.coin", "means", 0): 0.5, ("stats.points.mean", "means", 1): 7.5,
        ("stats.points.mean", "differences", 1): 1.0, ("stats.points.values", "means", 0): 1.5,
    }
    covered = dict.fromkeys(truths, 0)
    for seed in range(repetitions):
        figures = compare(game, [A, B], seed=seed, games=matches, registry=registry)["figures"]
        for (name, part, rules), truth in truths.items():
            covered[(name, part, rules)] += _covers(figures[name][part][rules], truth)
    rates = {key: count / repetitions for key, count in covered.items()}
    # 200 runs: the standard error of a 95% coverage is 1.5 points. Unpaired variances for a
    # difference would cover nearly always; a variance off by the square root would cover far less.
    assert all(0.89 <= rate <= 0.99 for rate in rates.values()), rates


def test_each_rule_set_gets_the_summary_simulate_gives_it(coin):
    registry, game = coin
    result = compare(game, [A, B], seed=4, games=60, registry=registry, labels=["a.toml", None])
    assert result["games"] == 60 and result["partial"] is False and result["confidence"] == 0.95
    assert [r["label"] for r in result["rule_sets"]] == ["a.toml", None]
    assert result["rule_sets"][1]["rules"]["first_wins"] == 0.5
    for rules, summary in zip((A, B), result["summaries"]):
        assert summary == simulate(game, rules, seed=4, games=60, registry=registry)
    wins = result["figures"]["wins[0]"]
    assert wins["means"][0]["mean"] == pytest.approx(result["summaries"][0]["win_rate"][0])
    assert wins["differences"][0] is None
    assert wins["differences"][1]["mean"] == pytest.approx(result["summaries"][1]["win_rate"][0] - result["summaries"][0]["win_rate"][0])
    # Same deals: seat 0 never wins under A a match it loses under B, so every paired difference is 0 or 1.
    assert wins["differences"][1]["mean"] >= 0


def test_identical_rule_sets_differ_by_exactly_nothing(coin):
    registry, game = coin
    figures = compare(game, [A, dict(A)], seed=1, games=40, registry=registry)["figures"]
    for name, figure in figures.items():
        assert figure["means"][0] == figure["means"][1], name
        difference = figure["differences"][1]
        assert difference["mean"] == 0 and difference["low"] == difference["high"] == 0, name


def test_figures_of_one_match(coin):
    from muggins.simulate import GameOutcome

    outcome = GameOutcome(3, (0, 2), True, 17, {"plays": [1, 2, "x"], "calls": 2}, (5, 1, 5, 0), {"skunked": (0, 1, 0, 1)})
    figures, lists = figures_of(outcome, 4, ((0, 2), (1, 3)))
    assert figures["wins[0]"] == figures["wins[2]"] == 0.5 and figures["wins[1]"] == 0.0
    assert figures["draws"] == 0.0 and figures["limit_reached"] == 1.0 and figures["decisions"] == 17.0
    assert figures["scores[2]"] == 5 and figures["seat_stats.skunked[3]"] == 1
    assert figures["sides.wins[0]"] == 1.0 and figures["sides.wins[1]"] == 0.0
    assert figures["sides.scores[0]"] == 10 and figures["sides.seat_stats.skunked[1]"] == 2
    assert figures["stats.calls"] == 2 and lists == {"plays": (3, 2)}


def test_the_command_line_comparison(coin, run, tmp_path):
    (tmp_path / "a.toml").write_text("hand_size = 1\nfirst_wins = 0.3\n")
    (tmp_path / "b.toml").write_text("hand_size = 1\nfirst_wins = 0.5\n")
    args = ("simulate", "coin", "--games", "80", "--seed", "3", "--rules", "a.toml", "--rules", "b.toml")
    one = run(*args, "--json")
    two = run(*args, "--json", "--workers", "2")
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout
    data = json.loads(one.stdout)
    registry, game = coin
    assert data == compare(game, [A, B], seed=3, games=80, registry=registry, labels=["a.toml", "b.toml"])
    table = run(*args)
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    assert lines[0] == "Coin: 80 matches under each of 2 rule sets, the same deals (seed 3), 2 players; ± is the half-width of a 95% interval"
    assert lines[2:4] == ["  A: a.toml", "  B: b.toml"]
    assert lines[5].split() == ["figure", "A", "B", "B", "-", "A"]
    rows = {cells[0]: cells[1:] for cells in (re.split(r"\s{2,}", line.strip()) for line in lines[6:])}
    win = data["figures"]["wins[0]"]
    half = (win["differences"][1]["high"] - win["differences"][1]["low"]) / 2
    assert rows["matches won, seat 0 (expert)"][-1] == f"+{win['differences'][1]['mean']:.3g} ± {half:.3g}"
    assert "points, mean" in rows and "coin per match" in rows and "matches drawn" in rows


def test_a_comparison_interrupted_is_partial(coin):
    registry, game = coin
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        compare(game, [A, B], seed=2, games=400, progress=progress, registry=registry)
    partial = stopped.value.summary
    assert partial["partial"] is True and partial["games"] == calls[0] and partial["games_requested"] == 400
    assert all(s["partial"] and s["games"] == calls[0] for s in partial["summaries"])


def test_comparisons_refuse_what_cannot_be_paired(coin):
    registry, game = coin
    with pytest.raises(ValueError, match="at least one rule set"):
        compare(game, [], registry=registry)
    with pytest.raises(ValueError, match="played by 2 to 2 players, not 3"):
        compare(game, [A, B], players=3, registry=registry)
    with pytest.raises(ValueError, match="the number of games cannot be negative"):
        compare(game, [A, B], games=-1, registry=registry)


def test_side_figures_are_paired_only_when_the_sides_agree(fake_plugin):
    registry = fake_plugin("muggins_teams", """
        from dataclasses import dataclass

        from muggins import hookimpl, rule
        from muggins_tally import TallyGame, TallyRules


        @dataclass(frozen=True)
        class TeamRules(TallyRules):
            teams: bool = rule(True, doc="Partnerships at four players.")


        class TeamGame(TallyGame):
            name = "teams"
            Rules = TeamRules

            def sides(self, rules, players):
                return ((0, 2), (1, 3)) if rules.teams and players == 4 else None


        class Plugin:
            @hookimpl
            def muggins_register_games(self, register):
                register(TeamGame())


        plugin = Plugin()
    """)
    game = registry.game("teams")
    same = compare(game, [{"teams": True}, {"teams": True, "reward": 2.0}], players=4, seed=1, games=20, registry=registry)
    assert "sides.wins[0]" in same["figures"] and same["summaries"][1]["sides"]["seats"] == [[0, 2], [1, 3]]
    mixed = compare(game, [{"teams": True}, {"teams": False}], players=4, seed=1, games=20, registry=registry)
    assert not any(name.startswith("sides.") for name in mixed["figures"])
    assert mixed["summaries"][0]["sides"]["seats"] == [[0, 2], [1, 3]] and mixed["summaries"][1]["sides"] is None
