"""Any target from 31 to 1000, its automatic skunk lines, lines set by the rules, and the one-line refusals.

The skunk line is the target less 30 and the double-skunk line the target
less 60 where that is at least 31 (121: 91 and 61; 61: 31 and none; 91: 61
and 31); `skunk_line` and `double_skunk_line` set them (0 automatic, -1
none). Every match carries them into its `game_over` event.
"""

from __future__ import annotations

import pytest

from muggins.rules import RulesError, load_rules

from cribbage_muggins.rules import DOUBLE_SKUNK_LINE, SKUNK_LINE, CribbageRules, automatic_skunk_lines

HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["2C", "7C", "9S", "QD"]}  # seat 1's hand is worth 14, the dealer's nothing
CRIB = ["3H", "8H", "TH", "QH"]  # nothing with the K♣ starter


@pytest.mark.parametrize(("target", "lines"), [(121, (91, 61)), (61, (31, None)), (91, (61, 31)), (31, (1, None)), (1000, (970, 940))])
def test_automatic_lines_follow_the_target(target, lines):
    assert automatic_skunk_lines(target) == lines == CribbageRules(target=target).skunk_lines()


def test_the_old_tables_still_say_the_usual_lines():
    assert {t: (SKUNK_LINE[t], DOUBLE_SKUNK_LINE.get(t)) for t in SKUNK_LINE} == {t: automatic_skunk_lines(t) for t in (121, 61)}


@pytest.mark.parametrize(("text", "message"), [
    ("target = 30", "rules:1: target = 30 is out of range; use a number from 31 to 1000"),
    ("target = 1001", "rules:1: target = 1001 is out of range; use a number from 31 to 1000"),
    ("target = 61\nskunk_line = 70", "rules: skunk_line = 70 must be below the target (61)"),
    ("skunk_line = 50\ndouble_skunk_line = 60", "rules: double_skunk_line = 60 must be below the skunk line (50)"),
    ("skunk_line = -1\ndouble_skunk_line = 30", "rules: double_skunk_line = 30 needs a skunk line (skunk_line = -1 says there is none)"),
    ("skunk_line = -2", "rules:1: skunk_line = -2 is out of range; use a number from -1 to 999"),
])
def test_targets_and_lines_out_of_range_are_one_line_errors(text, message):
    with pytest.raises(RulesError) as caught:
        load_rules(CribbageRules, text)
    assert str(caught.value) == message


def test_rules_made_in_code_are_checked_when_the_match_is_created(game):
    with pytest.raises(ValueError, match="target must be a whole number from 31 to 1000, not 30"):
        game.new(CribbageRules(target=30), 2, 0)


def game_over(position, rules, scores):
    state = position(rules, players=2, hands=HANDS, crib=CRIB, starter="KC", phase="show", scores=scores)
    return state.opening[-1]


@pytest.mark.parametrize(("rules", "scores", "skunked", "doubled", "lines", "banner"), [
    (CribbageRules(target=91, muggins=False), [59, 80], [1, 0], [0, 0], (91, 61, 31), "You are skunked (under 61)."),
    (CribbageRules(target=91, muggins=False), [20, 80], [1, 0], [1, 0], (91, 61, 31), "You are double-skunked (under 31)."),
    (CribbageRules(target=200, muggins=False), [175, 190], [0, 0], [0, 0], (200, 170, 140), "No skunk."),
    (CribbageRules(target=200, muggins=False, skunk_line=160, double_skunk_line=-1), [150, 190], [1, 0], [0, 0], (200, 160, None),
     "You are skunked (under 160)."),
    (CribbageRules(muggins=False, skunk_line=-1, double_skunk_line=-1), [10, 110], [0, 0], [0, 0], (121, None, None), "No skunk."),
])
def test_every_target_ends_the_game_with_its_own_lines(position, game, rules, scores, skunked, doubled, lines, banner):
    over = game_over(position, rules, scores)
    assert over["type"] == "game_over" and over["scores"][1] >= rules.target
    assert (over["target"], over["skunk_line"], over["double_skunk_line"]) == lines
    assert over["skunked"] == skunked and over["double_skunked"] == doubled
    assert game.standings(over, 0)[-1] == banner


def test_a_long_game_has_a_bound_to_match(game):
    assert game.max_decisions(CribbageRules(target=1000), 2) > 8 * game.max_decisions(CribbageRules(), 2)
