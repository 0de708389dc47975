"""The search player (kind `search`): seated through the engine's sealed sampler, deterministic, replayable, refused where it cannot play.

Matches are kept short (one shedding hand, one fishing deal) and budgets
small, so the whole file stays within a few seconds.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from muggins.engine import Match, make_players
from muggins.players import BUILTIN_KINDS, PlayerRefused
from muggins.plugins import load_registry, reset_registry
from muggins.records import RecordWriter, header_for, parse_record
from muggins.sampler import SeatSampler
from muggins.search import SearchPlayer, score_share, win_share
from muggins.match_checks import RecordMismatch, verify


def _shedding():
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    return registry, game, game.Rules(hands=1)


def _recorded(registry, game, rules, players, seed, seats):
    state = game.new(rules, players, seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(game, rules, players, seed, seats), state.opening_events())
    result = Match(state, make_players(registry, game, seats, seed), writer=writer, narrate_opening=False).run()
    return stream.getvalue(), result


def test_search_is_a_builtin_kind_with_counted_budgets():
    kind = {k.name: k for k in load_registry(load_entry_points=False).players}["search"]
    assert "search" not in {k.name for k in BUILTIN_KINDS}  # registered by muggins.plugins, so players never imports the search
    options = {o.name: o for o in kind.options}
    assert set(options) == {"iterations", "exploration", "rollout", "returns", "only_correct", "horizon", "opponents", "prior", "margin", "seconds"}
    assert options["horizon"].type is bool and options["horizon"].default is True
    assert options["iterations"].type is int and options["iterations"].min == 1
    assert kind.convert({"iterations": "20"})["iterations"] == 20
    with pytest.raises(ValueError, match="iterations"):
        kind.convert({"iterations": "0"})


def test_listing_kinds_and_running_matches_import_no_search():
    code = ("import sys, muggins.players, muggins.engine, muggins.plugins; muggins.plugins.get_registry(); "
            "print(sorted(m for m in sys.modules if m.startswith('muggins.search')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_same_seed_gives_the_same_choices_and_the_record_verifies():
    registry, game, rules = _shedding()
    seats = ["search:iterations=6,only_correct=false", "random", "expert"]
    first, result = _recorded(registry, game, rules, 3, 21, seats)
    again, _ = _recorded(registry, game, rules, 3, 21, seats)
    assert first == again and result.winners
    record = parse_record(first, source="search record")
    verify(registry, game, record)  # every search choice re-derived from the header's seats and seed
    other = parse_record(first.replace('"search:iterations=6,only_correct=false"', '"random"'), source="edited")
    with pytest.raises(RecordMismatch):
        verify(registry, game, other)


def test_choosing_never_changes_the_live_state():
    registry, game, rules = _shedding()
    state = game.new(rules, 3, 4)
    players = make_players(registry, game, ["search:iterations=10", "random", "random"], 4)
    match = Match(state, players)
    decision = match.advance(stop=lambda seat: seat == 0)
    while len(decision.choices) == 1:
        match.submit(0, decision.choices[0])
        decision = match.advance(stop=lambda seat: seat == 0)
    saved = json.dumps(state.to_dict(), sort_keys=True)
    chosen = players[0].choose(state.view(0), decision)
    assert chosen in decision.choices and json.dumps(state.to_dict(), sort_keys=True) == saved


def test_an_unbound_search_player_refuses_and_the_sampler_offers_only_samples():
    registry, game, rules = _shedding()
    state = game.new(rules, 3, 4)
    player = SearchPlayer(random.Random(1), game=game, only_correct=False)
    decision = state.decision()
    if len(decision.choices) > 1:
        with pytest.raises(RuntimeError, match="sampler"):
            player.choose(state.view(decision.seat), decision)
    sampler = SeatSampler(state, 0)
    assert [name for name in dir(sampler) if not name.startswith("__")] == ["_draw", "sample"]
    assert sampler.sample(random.Random(2)).seed != state.seed


def test_a_game_without_determinize_refuses_the_search_kind(tally, registry):
    with pytest.raises(PlayerRefused, match="determinize"):
        make_players(registry, tally, ["search", "random"], 1)


def test_rollouts_may_not_search():
    with pytest.raises(ValueError, match="rollout"):
        SearchPlayer(random.Random(1), rollout="search")


def test_returns_share_wins_by_side_and_scale_scores():
    class R:
        winners, scores = (0, 2), (3.0, 1.0, 3.0, -1.0)

    assert win_share(R, 4, [0, 1, 2, 3]) == [0.5, 0.0, 0.5, 0.0]  # two seats tie
    assert win_share(R, 4, [4, 5, 4, 5]) == [1.0, 0.0, 1.0, 0.0]  # partners win together
    assert score_share(R, 4, [0, 1, 2, 3]) == [1.0, 0.5, 1.0, 0.0]


def test_fishing_and_cribbage_seat_a_search_player():
    for plugin, name, rules in (("willughby_fishing", "willughby_fishing", {"deals": 1}), ("cribbage_muggins", "cribbage_muggins", {"target": 31})):
        registry = load_registry(only=[plugin])
        game = registry.game(name)
        count = game.default_players
        seats = ["search:iterations=4,rollout=expert"] + ["random"] * (count - 1)
        text, result = _recorded(registry, game, game.Rules(**rules), count, 3, seats)
        verify(registry, game, parse_record(text, source=name))


def test_simulate_seats_a_search_player(monkeypatch, tmp_path):
    from muggins_cli.main import cli

    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "muggins_shedding")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "one.toml").write_text("hands = 1\n")
    reset_registry()
    try:
        done = CliRunner().invoke(cli, ["simulate", "muggins_shedding", "--players", "3", "--games", "2", "--seed", "5", "--rules", "one.toml",
                                        "--seat", "search:iterations=5", "--json"], catch_exceptions=False)
    finally:
        reset_registry()
    assert done.exit_code == 0, done.output
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and "search:iterations=5" in json.dumps(summary)


def test_the_contract_kit_seats_search_players_and_rederives_their_choices():
    from muggins.testing import check_game

    registry, game, rules = _shedding()
    report = check_game(game, players=[3], games=1, kinds=("search:iterations=3", "random"), rules=rules, registry=registry, replays=1)
    assert report.matches == 1 and report.decisions > 0


def test_only_correct_chooses_among_correct_choices_and_takes_the_shortcuts_consistently():
    from muggins.testing import check_game

    registry, game, rules = _shedding()
    spec = "search:iterations=4"  # only_correct is the default
    player = make_players(registry, game, [spec], 1)[0]
    assert player.takes_sole_correct_choice and player.stands_in_unclaimable_windows
    free = SearchPlayer(random.Random(1), only_correct=False)
    assert not free.takes_sole_correct_choice and not free.stands_in_unclaimable_windows
    # the walk asks at every decision, the rerun lets the engine answer for it: the same choices either way
    check_game(game, players=[3], games=1, kinds=(spec, "random"), rules=rules, registry=registry, replays=1)
    registry = load_registry(only=["willughby_fishing"])  # several correct captures are common here
    game = registry.game("willughby_fishing")
    state = game.new(game.Rules(deals=1), 5, 8)
    chosen = []
    players = make_players(registry, game, [spec] + ["random"] * 4, 8)

    class Watch:
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def choose(self, view, decision):
            action = self.inner.choose(view, decision)
            chosen.append(action in decision.correct)
            return action

    players[0] = Watch(players[0])
    Match(state, players).run()
    assert chosen and all(chosen)


def test_the_horizon_stops_each_simulation_at_the_end_of_the_deal_searched(monkeypatch):
    from cribbage_muggins.state import CribbageState

    registry = load_registry(only=["cribbage_muggins"])
    game = registry.game("cribbage_muggins")
    seen = []
    real = CribbageState.horizon_returns

    def watched(self, origin, returns="wins"):
        found = real(self, origin, returns)
        if found is not None:
            seen.append((self.deal_no - origin.deal_no, returns, found))
        return found

    monkeypatch.setattr(CribbageState, "horizon_returns", watched)
    with pytest.raises(ValueError, match="opponents must be one of tree, rollout"):
        SearchPlayer(random.Random(1), opponents="nobody")
    for options, asked in (("", "wins"), (",returns=scores", "scores"), (",opponents=rollout", "wins"), (",horizon=false", None)):
        seen.clear()
        # Without the game's prior: cribbage's would answer the first discard, early in the game, unsearched.
        spec = f"search:iterations=6,rollout=expert,prior=false{options}"
        match = Match(game.new(game.Rules(), 2, 4), make_players(registry, game, [spec, spec], 4))
        match.step()  # the first discard, searched
        if asked is None:
            assert seen == []
            continue
        assert len(seen) == 6  # every simulation stopped at the horizon, none at the end of the match
        assert all(step == 1 and kind == asked and len(values) == 2 and all(0 <= v <= 1 for v in values) for step, kind, values in seen)
        if asked == "wins":
            assert all(abs(sum(values) - 1) < 1e-9 for _, _, values in seen)
