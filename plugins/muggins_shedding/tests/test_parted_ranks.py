"""Taking touching pairs away: the parted-ranks hook, how it combines with added pairs, and that it changes exactly the moves it names.

The restricting rules are plugins made here and the king-queen example of
docs/examples (loaded from its source folder); each measure plays seeded
matches without the rule and compares, position by position, the decisions
with it (`muggins.testing.house_rule_effects`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl
from muggins.plugins import load_registry
from muggins.testing.house_rule_effects import changed_decisions

from muggins_shedding import SheddingRules, SheddingState
from muggins_shedding.houserules import SheddingHouseRules, touching

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "shedding_king_queen"
KING_QUEEN = EXAMPLE / "src" / "shedding_king_queen" / "__init__.py"
STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}
RANK = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}


class Adds:
    def __init__(self, *pairs):
        self.pairs = list(pairs)

    @hookimpl
    def muggins_shedding_adjacent_ranks(self, players, rules):
        return self.pairs


class Parts:
    def __init__(self, *pairs):
        self.pairs = list(pairs)

    @hookimpl
    def muggins_shedding_parted_ranks(self, players, rules):
        return self.pairs


def king_queen_module():
    spec = importlib.util.spec_from_file_location("shedding_king_queen", KING_QUEEN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_with(*plugins):
    registry = load_registry(only=["muggins_shedding"], extra_plugins=list(plugins))
    assert not registry.errors, registry.errors
    return registry, registry.game("muggins_shedding")


def test_parted_pairs_are_taken_away_after_every_addition_whatever_the_plugin_names():
    # "a_adds" sorts before and "z_adds" after the plugin parting the pair: taking away wins both ways.
    for name in ("a_adds", "z_adds"):
        _, game = game_with((name, Adds((13, 1), (2, 9))), ("m_parts", Parts((1, 13), (4, 5))))
        house = game.house_rules(SheddingRules(), 4)
        assert house.adjacent == ((2, 9),) and house.parted == ((4, 5),)


def test_a_parted_pair_that_never_touched_changes_nothing():
    _, game = game_with(("kq", king_queen_module()))
    assert game.house_rules(SheddingRules(), 4) == SheddingHouseRules()
    assert touching([], [(13, 5)]) == ((), ())


def test_a_parted_standard_pair_no_longer_fits_and_the_card_goes_to_the_next_destination():
    _, game = game_with(("no_ace_two", Parts((2, 1))))
    state = SheddingState.from_position(game, players=4, commons=["AC"], stocks=STOCKS, discards={1: ["3D"]}, mover=0, exposed="2H")
    assert [str(a) for a in state.decision().correct] == ["play 2H to discard 1"]
    assert state.view(0)["adjacent_parted"] == [[1, 2]]
    assert state.opening_events()[0]["type"] == "expose"
    restored = SheddingState.from_dict(game, state.to_dict())
    assert restored.parted == ((1, 2),) and restored.fits == state.fits


def test_a_standard_match_saves_and_shows_no_parted_pairs(game):
    state = game.new(SheddingRules(), 4, 3)
    assert "parted" not in state.to_dict() and "adjacent_parted" not in state.view(0)
    assert "adjacent_parted" not in state.opening_events()[0]


def test_a_bad_parted_pair_is_refused_naming_the_plugin():
    _, game = game_with(("fives", Parts((5, 5))))
    with pytest.raises(HouseRuleError, match="equal ranks never fit") as refused:
        game.new(SheddingRules(), 4, 0)
    assert str(refused.value).startswith("house-rule plugin 'fives': muggins_shedding_parted_ranks:")


def rank(code):
    return RANK[code[0]]


def named_by(change, parted):
    """Whether the decision changed because the card in play and a pile it fitted without the rule form a parted pair."""
    state = change.without
    card = state.exposed if state.exposed >= 0 else -1
    code = state.view(0)["exposed"]
    if card < 0 or code is None:
        return False
    tops = {name: top for name, top in zip(state.names, state.view(0)["commons"] + state.view(0)["discards"])}
    if state.phase == "respond" and state.placed_pile >= 0:
        tops[state.names[state.placed_pile]] = state.view(0)["under"] if "under" in state.view(0) else None
    fitted = [tops[state.names[p]] for p in state.right]
    return any(top is not None and tuple(sorted((rank(code), rank(top)))) in parted for top in fitted)


@pytest.mark.parametrize("baseline, rule, parted", [
    ((), ("no_ace_two", Parts((1, 2))), {(1, 2)}),
    ((("k_touches_a", Adds((13, 1))),), ("kq", None), {(1, 13)}),
])
def test_a_restricting_rule_changes_exactly_the_decisions_it_names(baseline, rule, parted):
    rule = (rule[0], rule[1] or king_queen_module())
    registry, without = game_with(*baseline)
    _, with_rule = game_with(*baseline, rule)
    changes = list(changed_decisions(without, with_rule, range(8), ["random", "expert", "random", "expert"], rules=SheddingRules(hands=1),
                                     players=4, house_keys=("extra", "parted"), registry=registry, max_moves=400))
    assert changes, "the rule changed no decision in these matches"
    assert all(change.choices[0] == change.choices[1] for change in changes)  # every pile stays a physical choice
    unnamed = [change for change in changes if not named_by(change, parted)]
    assert not unnamed, [(c.seed, c.without.view(0)["exposed"], sorted(c.correct[0]), sorted(c.correct[1])) for c in unnamed[:3]]


def test_the_docs_page_shows_the_whole_king_queen_plugin():
    page = (ROOT / "docs" / "games" / "muggins_shedding.md").read_text()
    source = KING_QUEEN.read_text()
    assert source[source.index("MUGGINS_SUPPORTS ="):].strip() in page
