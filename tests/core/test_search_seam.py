"""The search's evaluator seam (`Game.search_prior`, `Game.search_defaults`), its PUCT root and fallback rule, and its time limit.

The contract kit catches a planted prior that names a choice not offered
and one that reads how the hidden cards lie; `search` with no options
takes the game's defaults while a spec's own options win; a tiny budget
plays exactly as the prior's favourite (the expert); a time limit stops
early, and a record made with one verifies with its timed seat's moves
reported as unchecked. Matches are short (one shedding hand).
"""

from __future__ import annotations

import io
import json
import random
import zlib

import pytest

from muggins.engine import Match, make_players
from muggins.plugins import load_registry, reset_registry
from muggins.records import RecordWriter, header_for, parse_record
from muggins.search.tree import Node, backup, prior_or_most_visited, select_by_prior
from muggins.match_checks import verify
from muggins.testing.checks import PLAY
from muggins.testing.search_checks import SEARCH_PRIOR, check_search_prior
from muggins.testing.walk import ContractError, walk_match


@pytest.fixture
def shedding():
    registry = load_registry(only=["muggins_shedding"])
    reset_registry(registry)
    game = registry.game("muggins_shedding")
    return registry, game, game.Rules(hands=1)


def _walk(game, rules):
    return walk_match(game, 4, 3, ["expert"] * 4, (PLAY, SEARCH_PRIOR), rules=rules)


def test_the_shipped_priors_pass_the_kit(shedding):
    _registry, game, rules = shedding
    _walk(game, rules)
    for name in ("cribbage_muggins", "willughby_fishing"):
        other = load_registry(only=[name]).game(name)
        rules_of = other.Rules(deals=1) if name == "willughby_fishing" else other.Rules(target=31)
        walk_match(other, other.default_players, 5, ["expert"] * other.default_players, (PLAY, SEARCH_PRIOR), rules=rules_of)


def test_the_kit_catches_a_prior_naming_a_choice_not_offered(shedding, monkeypatch):
    _registry, game, rules = shedding
    monkeypatch.setattr(type(game), "search_prior", lambda self, view, decision, seat: {"play the joker": 1.0})
    with pytest.raises(ContractError, match="not among"):
        _walk(game, rules)


def test_the_kit_catches_a_prior_reading_hidden_cards(shedding, monkeypatch):
    _registry, game, rules = shedding
    state_class = game.state_class()
    seen = {}
    original = state_class.decision

    def remembering(self):  # the plant: the prior finds the whole state through a side door
        seen["state"] = self
        return original(self)

    def peeking(self, view, decision, seat):
        secret = json.dumps(seen["state"].to_dict(), sort_keys=True)
        return {str(choice): 1.0 + zlib.crc32(f"{secret}{choice}".encode()) % 7 for choice in decision.correct}

    monkeypatch.setattr(state_class, "decision", remembering)
    monkeypatch.setattr(type(game), "search_prior", peeking)
    with pytest.raises(ContractError, match="reads cards hidden"):
        _walk(game, rules)


def test_check_search_prior_passes_a_game_without_one(shedding, monkeypatch, declare_capabilities):
    _registry, game, rules = shedding
    from muggins.game import Game

    monkeypatch.setattr(type(game), "search_prior", Game.search_prior)
    declare_capabilities(game)
    state = game.new(rules, 4, 1)
    check_search_prior(state, state.decision().seat, random.Random(1))


def test_search_with_no_options_takes_the_game_defaults_and_a_spec_wins(shedding):
    registry, game, _rules = shedding
    assert game.search_defaults == {"rollout": "expert"}
    plain, own = make_players(registry, game, ["search", "search:rollout=random"], 1)[:2]
    assert plain.rollout == "expert" and own.rollout == "random"
    assert plain.prior and plain.margin == 1.0 and plain.seconds == 0.0


def test_puct_tries_the_favourite_first_and_the_fallback_keeps_it_without_evidence():
    root = Node(1)
    keys = [(0, "a"), (0, "b"), (0, "c")]
    prior = {(0, "a"): 0.1, (0, "b"): 0.8, (0, "c"): 0.1}
    assert select_by_prior(root, 0, keys, prior, 0.7) == ((0, "b"), True)
    for key, visits in (((0, "a"), 3), ((0, "b"), 2)):
        root.children[key] = child = Node(1)
        for _ in range(visits):
            backup([root, child], [1.0])
    assert prior_or_most_visited(root, 0, keys, (0, "b"), 1.0) == (0, "b")  # 3 visits are not twice 2
    for _ in range(2):
        backup([root, root.children[(0, "a")]], [1.0])
    assert prior_or_most_visited(root, 0, keys, (0, "b"), 1.0) == (0, "a")  # 5 are


def _played(registry, game, rules, seats, seed=4):
    state = game.new(rules, 4, seed)
    stream = io.StringIO()
    writer = RecordWriter.start(stream, header_for(game, rules, 4, seed, seats), state.opening_events())
    bots = make_players(registry, game, seats, seed)
    Match(state, bots, writer=writer, narrate_opening=False).run()
    return stream.getvalue(), bots


def test_a_tiny_budget_plays_as_the_expert(shedding):
    registry, game, rules = shedding
    searched, _ = _played(registry, game, rules, ["search:iterations=1"] + ["expert"] * 3)
    expert, _ = _played(registry, game, rules, ["expert"] * 4)
    strip = lambda text: [line for line in text.splitlines()[1:]]  # the header names the seats
    assert strip(searched) == strip(expert)


def test_search_records_verify_at_a_fixed_count(shedding):
    registry, game, rules = shedding
    text, _ = _played(registry, game, rules, ["search:iterations=8"] + ["expert"] * 3)
    assert verify(registry, game, parse_record(text)) is None


def test_a_time_limit_stops_early_and_its_seat_is_reported_unchecked(shedding):
    registry, game, rules = shedding
    seats = ["search:iterations=100000,seconds=0.01"] + ["expert"] * 3
    text, bots = _played(registry, game, rules, seats)
    assert bots[0].seconds == 0.01
    line = verify(registry, game, parse_record(text))
    assert line is not None and "seat 0 not checked" in line and "time" in line
