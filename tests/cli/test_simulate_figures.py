"""Per-seat and per-side figures in `muggins simulate`: scores and seat_stats summed per seat and per side, in match order.

`pairs` is Tally with partnerships at four players (seats 0 and 2 against 1
and 3) and two per-seat figures: `tenth` (a tenth of the seat's score, a
float whose sum depends on the order of additions) and `dealt` (1 for the
dealer's seat). It is installed through an entry point, so worker processes
find it as they would a real game.
"""

from __future__ import annotations

import json

import pytest

from muggins_cli.summary import number

from muggins.simulate import GameOutcome, _Totals, play_one, simulate

PAIRS = '''
    from muggins import Result, hookimpl
    from muggins_tally import TallyGame, TallyState


    class PairsState(TallyState):
        def result(self):
            found = super().result()
            if found is None:
                return None
            figures = {
                "tenth": tuple(score / 10 for score in self.scores),
                "dealt": tuple(int(seat == self.dealer) for seat in range(self.players)),
            }
            return Result(found.winners, found.scores, found.stats, seat_stats=figures)


    class PairsGame(TallyGame):
        name = "pairs"
        title = "Pairs (Tally in partnerships)"
        State = PairsState

        def sides(self, rules, players):
            return ((0, 2), (1, 3)) if players == 4 else None


    class Plugin:
        @hookimpl
        def muggins_register_games(self, register):
            register(PairsGame())


    plugin = Plugin()
'''

KINDS = ["novice:error_rate=0.4", "random", "expert", "novice:attention=0.9"]


@pytest.fixture
def pairs(fake_plugin):
    registry = fake_plugin("muggins_pairs", PAIRS)
    assert registry.errors == []
    return registry, registry.game("pairs")


def expected_figures(registry, game, kinds, seed, games):
    """The figures worked out match by match from play_one, independently of _Totals."""
    outcomes = [play_one(registry, game, game.Rules(), len(kinds), kinds, seed, i) for i in range(games)]
    seats = range(len(kinds))
    sides = ((0, 2), (1, 3))
    scores, tenth, dealt = [0] * 4, [0] * 4, [0] * 4
    side_scores, side_tenth, side_wins = [0] * 2, [0] * 2, [0.0] * 2
    for o in outcomes:
        for s in seats:
            scores[s] += o.scores[s]
            tenth[s] += o.seat_stats["tenth"][s]
            dealt[s] += o.seat_stats["dealt"][s]
        for n, (a, b) in enumerate(sides):
            side_scores[n] += o.scores[a] + o.scores[b]
            side_tenth[n] += o.seat_stats["tenth"][a] + o.seat_stats["tenth"][b]
            side_wins[n] += sum(1 for w in o.winners if w in (a, b)) / len(o.winners)
    return outcomes, scores, tenth, dealt, side_scores, side_tenth, side_wins


def test_figures_sum_per_seat_and_per_side(pairs):
    registry, game = pairs
    outcomes, scores, tenth, dealt, side_scores, side_tenth, side_wins = expected_figures(registry, game, KINDS, 8, 16)
    summary = simulate(game, players=4, kinds=KINDS, seed=8, games=16, registry=registry)
    assert summary["scores"] == {"total": scores, "mean": [t / 16 for t in scores]}
    assert summary["seat_stats"] == {
        "dealt": {"total": dealt, "mean": [t / 16 for t in dealt]},
        "tenth": {"total": tenth, "mean": [t / 16 for t in tenth]},
    }
    assert sum(dealt) == 16 and all(isinstance(t, float) for t in tenth)
    sides = summary["sides"]
    assert sides["seats"] == [[0, 2], [1, 3]]
    assert sides["wins"] == side_wins and sides["win_rate"] == [w / 16 for w in side_wins]
    assert sides["scores"] == {"total": side_scores, "mean": [t / 16 for t in side_scores]}
    assert sides["seat_stats"]["tenth"]["total"] == side_tenth
    assert sides["seat_stats"]["dealt"]["total"] == [dealt[0] + dealt[2], dealt[1] + dealt[3]]
    # A side's win share is its seats' shares added up, and every decided match is won once.
    assert sides["wins"][0] == pytest.approx(summary["wins"][0] + summary["wins"][2])
    assert sum(sides["wins"]) + summary["draws"] == pytest.approx(16)


def test_every_worker_count_gives_identical_figures(pairs):
    registry, game = pairs
    alone = simulate(game, players=4, kinds=KINDS, seed=13, games=20, workers=1, registry=registry)
    split = simulate(game, players=4, kinds=KINDS, seed=13, games=20, workers=2, registry=registry)
    assert json.dumps(split) == json.dumps(alone)  # floats identical to the last bit, not merely close


def test_cli_json_is_identical_for_one_and_two_workers(pairs, run):
    seats = [arg for kind in KINDS for arg in ("--seat", kind)]
    one = run("simulate", "pairs", "--games", "12", "--seed", "2", *seats, "--workers", "1", "--json")
    two = run("simulate", "pairs", "--games", "12", "--seed", "2", *seats, "--workers", "2", "--json")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["seats"] == KINDS
    assert sorted(data["seat_stats"]) == ["dealt", "tenth"] and data["sides"]["seats"] == [[0, 2], [1, 3]]


def test_without_sides_there_are_no_side_figures(pairs):
    registry, game = pairs
    summary = simulate(game, players=3, kinds=KINDS[:3], seed=1, games=4, registry=registry)
    assert summary["sides"] is None and len(summary["scores"]["total"]) == 3 and summary["seat_stats"]["dealt"]["total"][0] >= 0


def test_the_table_shows_seats_sides_and_figures(pairs, run):
    registry, game = pairs
    seats = [arg for kind in KINDS for arg in ("--seat", kind)]
    result = run("simulate", "pairs", "--games", "10", "--seed", "4", *seats)
    assert result.exit_code == 0
    data = simulate(game, players=4, kinds=KINDS, seed=4, games=10, registry=registry)
    out = [line.split() for line in result.stdout.splitlines()]
    assert out[2] == ["seat", "kind", "matches", "won", "win", "rate", "score", "per", "match"]
    assert out[3][:2] == ["0", "novice:error_rate=0.4"] and out[6][:2] == ["3", "novice:attention=0.9"]
    assert out[3][4:] == [number(data['scores']['total'][0]), number(data['scores']['mean'][0])]
    assert out[8] == ["per", "seat,", "in", "all", "10", "matches", "0", "1", "2", "3"]
    assert out[9] == ["dealt", *map(number, data["seat_stats"]["dealt"]["total"])]
    assert out[10][0] == "tenth" and out[11] == []  # totals only: a per-match row would repeat them
    assert out[12] == ["side", "seats", "matches", "won", "win", "rate", "score", "per", "match"]
    assert out[13][:3] == ["0", "0", "2"] and out[14][:3] == ["1", "1", "3"]
    # the per-side figures sum the partners' per-seat ones: not shown twice
    assert not any(row[:2] == ["per", "side,"] for row in out)
    assert out[16][:2] == ["matches", "drawn:"]


def test_figures_must_be_one_number_per_seat():
    totals = _Totals(3)
    totals.add(GameOutcome(0, (0,), False, 5, {}, (1, 2, 3), {"x": (1, 0, 0)}))
    with pytest.raises(ValueError, match=r"game 1: Result.scores must be one number per seat \(3\), got \[1, 2\]"):
        totals.add(GameOutcome(1, (0,), False, 5, {}, (1, 2)))
    with pytest.raises(ValueError, match=r"game 2: Result.seat_stats\['x'\] must be one number per seat \(3\), got \[1, 'a', 0\]"):
        totals.add(GameOutcome(2, (0,), False, 5, {}, (), {"x": (1, "a", 0)}))
    totals.add(GameOutcome(3, (), False, 5, {}, (), {"y": (0.5, 0, 0)}))  # no scores this time, a figure that is new
    summary = totals.summary()
    assert summary["scores"] == {"total": [1, 2, 3], "mean": [0.5, 1.0, 1.5]}  # means over every game
    assert summary["seat_stats"] == {"x": {"total": [1, 0, 0], "mean": [0.5, 0, 0]}, "y": {"total": [0.5, 0, 0], "mean": [0.25, 0, 0]}}


def test_no_scores_reported_means_no_score_figures():
    totals = _Totals(2, sides=((0,), (1,)))
    totals.add(GameOutcome(0, (1,), False, 5))
    summary = totals.summary()
    assert summary["scores"] is None and summary["sides"]["scores"] is None and summary["sides"]["wins"] == [0.0, 1.0]


def test_sides_must_cover_every_seat_once(pairs, monkeypatch):
    registry, game = pairs
    for bad in (((0, 1), (1, 2, 3)), ((0, 2), (1,)), ((0, 1, 2, 3), ())):
        monkeypatch.setattr(type(game), "sides", lambda self, rules, players, bad=bad: bad)
        with pytest.raises(ValueError, match="must put each of the 4 seats in exactly one side"):
            simulate(game, players=4, kinds=KINDS, games=1, registry=registry)
