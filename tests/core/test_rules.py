"""House rules: TOML loading with clear one-line errors, commented output, round trips."""

from dataclasses import dataclass
from typing import Literal

import pytest
from hypothesis import given, strategies as st

from muggins.rules import RulesError, describe_type, load_rules, rule, rules_from_dict, rules_to_dict, rules_to_toml


@dataclass(frozen=True)
class Sample:
    turn_limit: int = rule(1000, doc="Exposures per hand before a draw.", min=1, max=100000)
    mistakes: Literal["allowed", "prevented"] = rule("allowed", doc="Teaching mode.")
    partnerships: bool = rule(False, doc="Sit opposite.")
    ratio: float = rule(0.5, doc="A rate.", min=0, max=1)
    name: str = rule("x")
    deal: dict[int, tuple[int, int]] = rule(default_factory=lambda: {3: (17, 1), 4: (12, 4)}, doc="Cards per player and common piles.")
    order: list[int] = rule(default_factory=lambda: [1, 2])

    def validate(self):
        for players, (each, commons) in self.deal.items():
            if players * each + commons != 52:
                raise ValueError(f"deal for {players} players uses {players * each + commons} cards, not 52")


def test_defaults_round_trip_through_commented_toml():
    text = rules_to_toml(Sample(), title="Sample")
    assert "# Exposures per hand before a draw." in text and '# allowed: one of "allowed", "prevented"' in text
    assert "(1..100000)" in text and text.startswith("# House rules for Sample")
    assert load_rules(Sample, text) == Sample()
    assert text.index("turn_limit") < text.index("[deal]")  # tables after scalars, or TOML breaks


def test_values_are_converted_to_the_field_types():
    rules = load_rules(Sample, 'turn_limit = 50\nratio = 1\n[deal]\n"3" = [16, 4]\n')
    assert rules.turn_limit == 50 and rules.ratio == 1.0 and isinstance(rules.ratio, float)
    assert rules.deal == {3: (16, 4)}
    assert rules_to_dict(rules)["deal"] == {"3": [16, 4]}


def test_unknown_key_suggests_the_close_one_with_the_line():
    with pytest.raises(RulesError) as info:
        load_rules(Sample, "mistakes = \"allowed\"\nturn_limt = 5\n", source="house.toml")
    assert str(info.value) == "house.toml:2: turn_limt: unknown house rule; did you mean 'turn_limit'?"


def test_unknown_key_without_a_close_one_lists_the_keys():
    with pytest.raises(RulesError, match="known keys: turn_limit, mistakes"):
        load_rules(Sample, "zzz = 1\n")


@pytest.mark.parametrize(
    "text,message",
    [
        ('turn_limit = "many"', 'turn_limit = "many" has the wrong type; use a whole number'),
        ("turn_limit = 1.5", "turn_limit = 1.5 has the wrong type; use a whole number"),
        ("turn_limit = true", "turn_limit = true has the wrong type; use a whole number"),
        ("partnerships = 1", "partnerships = 1 has the wrong type; use true or false"),
        ('mistakes = "sometimes"', 'mistakes = "sometimes" is not allowed; use one of "allowed", "prevented"'),
        ("turn_limit = 0", "turn_limit = 0 is out of range; use a number from 1 to 100000"),
        ("ratio = 2", "ratio = 2.0 is out of range; use a number from 0 to 1"),
        ("name = 3", "name = 3 has the wrong type; use a string"),
        ("order = [1, \"a\"]", 'order[1] = "a" has the wrong type; use a whole number'),
        ("order = 3", "order = 3 has the wrong type; use a list of a whole number"),
        ('[deal]\n"3" = [17]', "deal.3 needs 2 values, not 1"),
        ('[deal]\nthree = [17, 1]', "deal has key 'three'; keys must be whole numbers"),
        ('[deal]\n"3" = [17, 2]', "deal for 3 players uses 53 cards, not 52"),
    ],
)
def test_bad_values_get_one_line_naming_key_value_and_allowed(text, message):
    with pytest.raises(RulesError) as info:
        load_rules(Sample, text, source="r.toml")
    assert message in str(info.value) and "\n" not in str(info.value)


def test_toml_syntax_error_names_line_and_column():
    with pytest.raises(RulesError) as info:
        load_rules(Sample, "turn_limit = 5\nmistakes = \n", source="r.toml")
    assert "r.toml: TOML syntax error" in str(info.value) and "line 2" in str(info.value) and "column" in str(info.value)


def test_missing_required_field_is_a_rules_error():
    @dataclass(frozen=True)
    class Needs:
        size: int

    with pytest.raises(RulesError, match="size"):
        rules_from_dict(Needs, {})


def test_describe_type_wordings():
    assert describe_type(bool) == "true or false" and describe_type(float) == "a number"
    assert describe_type(dict[int, int]) == "a table of a whole number"
    assert describe_type(int | str) == "a whole number or a string"


@given(st.integers(1, 100000), st.sampled_from(["allowed", "prevented"]), st.booleans(), st.floats(0, 1, allow_nan=False))
def test_any_valid_rules_round_trip(limit, mistakes, partners, ratio):
    rules = Sample(turn_limit=limit, mistakes=mistakes, partnerships=partners, ratio=ratio)
    assert load_rules(Sample, rules_to_toml(rules)) == rules


@pytest.mark.parametrize(("text", "message"), [
    ('[deal]\n4 = [12, 4]\n"04" = [13, 0]\n', "rules:1: deal has key '04'; keys must be whole numbers written plainly (4, not 04)"),
    ('[deal]\n"\u0664" = [12, 4]\n', "rules:1: deal has key '\u0664'; keys must be whole numbers written plainly (4, not 04)"),
    ('[deal]\n" 4" = [12, 4]\n', "rules:1: deal has key ' 4'; keys must be whole numbers written plainly (4, not 04)"),
])
def test_table_keys_that_would_alias_another_are_refused(text, message):
    # F27: "04" and an Arabic-Indic four both used to mean 4, the later one silently winning.
    with pytest.raises(RulesError) as caught:
        load_rules(Sample, text)
    assert str(caught.value) == message


def test_an_integer_of_thousands_of_digits_is_a_rules_error():
    with pytest.raises(RulesError, match=r"^rules: a number with thousands of digits; no house rule takes one$"):
        load_rules(Sample, "turn_limit = " + "1" * 4301 + "\n")
