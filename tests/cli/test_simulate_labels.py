"""`muggins simulate` speaks of matches and of the game's own units apart, and names figures in words (a game's `stat_labels`)."""

from __future__ import annotations

import json
import re

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins_cli.study import figure_label, stat_label

LABELLED = '''
    from muggins import Result, hookimpl
    from muggins_tally import TallyGame, TallyState


    class HandsState(TallyState):
        def result(self):
            found = super().result()
            if found is None:
                return None
            stats = dict(found.stats, hands_drawn=1, claims=0)
            return Result(found.winners, found.scores, stats, seat_stats={"calls_missed": (0,) * self.players})


    class LabelledGame(TallyGame):
        name = "labelled"
        title = "Labelled Tally"
        State = HandsState
        stat_labels = {"hands_drawn": "hands drawn (no winner)", "calls_missed": "calls missed", "plays": "cards played per match"}


    class Plugin:
        @hookimpl
        def muggins_register_games(self, register):
            register(LabelledGame())


    plugin = Plugin()
'''


@pytest.fixture
def labelled(fake_plugin):
    registry = fake_plugin("muggins_labelled", LABELLED)
    assert registry.errors == []
    return registry.game("labelled")


def test_the_table_uses_the_games_words_and_json_keeps_the_keys(labelled, run):
    table = run("simulate", "labelled", "--games", "6", "--seed", "2").stdout.splitlines()
    assert table[0].startswith("Labelled Tally: 6 matches, ")
    rows = [line.split("  ")[0].strip() for line in table]
    assert "hands drawn (no winner)" in rows and "claims" in rows and "cards played per match" in rows
    assert "calls missed" in rows and "calls missed per match" not in rows  # a per-seat figure once, as its totals
    assert any(line.startswith("matches drawn: 0 · matches stopped at the limit: 0 · decisions per match: ") for line in table)
    data = json.loads(run("simulate", "labelled", "--games", "6", "--seed", "2", "--json").stdout)
    assert data["stats"]["hands_drawn"] == {"total": 6, "mean": 1.0} and "calls_missed" in data["seat_stats"]


def test_figure_names_in_words(labelled, tally):
    seats = ["expert", "novice"]
    assert stat_label(tally, "hands_drawn_turn_limit") == "hands drawn turn limit"
    assert stat_label(labelled, "hands_drawn") == "hands drawn (no winner)"
    assert figure_label(labelled, "wins[1]", seats) == "matches won, seat 1 (novice)"
    assert figure_label(labelled, "draws") == "matches drawn"
    assert figure_label(labelled, "limit_reached") == "matches stopped at the limit"
    assert figure_label(labelled, "decisions") == "decisions per match"
    assert figure_label(labelled, "scores[0]", seats) == "score per match, seat 0 (expert)"
    assert figure_label(labelled, "seat_stats.calls_missed[0]") == "calls missed per match, seat 0"
    assert figure_label(labelled, "sides.wins[1]") == "matches won, side 1"
    assert figure_label(labelled, "sides.scores[0]") == "score per match, side 0"
    assert figure_label(labelled, "sides.seat_stats.calls_missed[1]") == "calls missed per match, side 1"
    assert figure_label(labelled, "stats.hands_drawn") == "hands drawn (no winner) per match"
    assert figure_label(tally, "stats.exposures.values") == "exposures, times measured per match"
    assert figure_label(tally, "stats.exposures.mean") == "exposures, mean"
    assert figure_label(tally, "something_else") == "something_else"


@pytest.mark.parametrize("game", ["cribbage_muggins", "muggins_shedding", "willughby_fishing"])
def test_every_figure_a_shipped_games_simulation_reports_has_words_of_its_own(game, run, monkeypatch):
    # A key without a label is shown as the key, which is English in every language: a French table read "deals".
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", f"tally,{game}")
    loaded = load_registry()
    reset_registry(loaded)
    try:
        data = json.loads(run("simulate", game, "--games", "4", "--seed", "1", "--json").stdout)
    finally:
        reset_registry()
    labels = loaded.game(game).stat_labels
    keys = {key for key in data["stats"] if not re.fullmatch(r".+_seat_\d+", key)} | set(data["seat_stats"])
    assert keys and {key for key in keys if key not in labels} == set()
