"""Issue item 2: house rules from TOML (turn_limit, hands, opponent_discards, mistakes, the deal table)."""

from __future__ import annotations

import pytest

from muggins import RulesError, load_rules, rules_to_toml

from muggins_shedding import SEED_DEAL, SheddingRules


def test_defaults_are_the_seeds_game():
    rules = SheddingRules()
    assert (rules.turn_limit, rules.hands, rules.opponent_discards, rules.mistakes, rules.repetition) == (1000, 0, "first_eligible", "allowed", "off")
    assert rules.deal == SEED_DEAL and rules.hands_for(5) == 5


def test_every_house_rule_loads_from_toml():
    text = """
turn_limit = 250
hands = 3
opponent_discards = "nearest_only"
mistakes = "prevented"
repetition = "draw"

[deal]
4 = [10, 12]
"""
    rules = load_rules(SheddingRules, text, source="house.toml")
    assert (rules.turn_limit, rules.hands, rules.opponent_discards, rules.mistakes, rules.repetition) == (250, 3, "nearest_only", "prevented", "draw")
    assert rules.deal[4] == (10, 12) and rules.deal[3] == (17, 1)  # counts left out keep the seed's deal


def test_a_changed_deal_table_is_dealt(game):
    rules = load_rules(SheddingRules, "[deal]\n4 = [10, 12]\n")
    piles = game.new(rules, 4, 2).piles()
    assert sum(1 for name in piles if name.startswith("common")) == 12
    assert sorted(len(piles[f"stock {s}"]) for s in range(4)) == [9, 10, 10, 10]  # the mover's first card is exposed


def test_defaults_round_trip_through_commented_toml():
    text = rules_to_toml(SheddingRules(), title="Muggins")
    assert "# allowed: one of \"first_eligible\", \"nearest_only\"" in text and "[deal]" in text
    assert load_rules(SheddingRules, text) == SheddingRules()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("turn_limt = 5", "did you mean 'turn_limit'"),
        ("turn_limit = 0", "turn_limit = 0 is out of range"),
        ("hands = -1", "hands = -1 is out of range"),
        ('opponent_discards = "nearest"', 'use one of "first_eligible", "nearest_only"'),
        ('mistakes = "never"', 'use one of "allowed", "prevented"'),
        ("[deal]\n4 = [12, 3]", "must be 52"),
        ("[deal]\n8 = [6, 4]", "3 to 7 players"),
        ("[deal]\n4 = [13]", "needs 2 values"),
        ("[deal]\n3 = [0, 52]", "at least 1 card each"),
    ],
)
def test_bad_house_rules_are_refused_with_the_key(text, message):
    with pytest.raises(RulesError, match=message):
        load_rules(SheddingRules, text, source="house.toml")
