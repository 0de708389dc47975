"""`Decision.standing` and `standing_answer`: the one reading of "let it stand", the fallback for games without it, the refusals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from muggins.actions import Claim, Decision, Move, Pass, standing_answer
from muggins.players import NovicePlayer

LIE = Move("let it lie", keys=("l",))
MUGGINS = Claim("muggins")


def test_standing_defaults_to_none_and_old_calls_keep_their_form():
    old = Decision(0, "respond", (Pass(), MUGGINS), (Pass(),), "said 4", True, {}, False)  # every field before `standing`, by position
    assert old.standing is None
    assert old == Decision(0, "respond", (Pass(), MUGGINS), (Pass(),), "said 4", True, {}, False)
    assert old._replace(prompt="x").standing is None
    given = old._replace(standing=old.choices[0])
    assert given.standing is old.choices[0] and given._replace(prompt="x").standing is old.choices[0]
    assert given != old  # the field is part of the value, like every other


def test_the_standing_answer_is_the_field_when_set():
    decision = Decision(0, "respond", (Pass(), LIE, MUGGINS), (MUGGINS,), standing=LIE)
    assert standing_answer(decision) is LIE  # not the Pass that comes first


def test_without_the_field_the_first_pass_stands():
    first, second = Pass(label="accept"), Pass()
    decision = Decision(0, "respond", (MUGGINS, first, second), (first,))
    assert standing_answer(decision) is first
    assert standing_answer(Decision(0, "count", (Move("announce 0"), Move("announce 1")), (Move("announce 0"),))) is None


def test_a_standing_answer_that_is_not_offered_is_refused():
    decision = Decision(2, "respond", (Pass(), MUGGINS), (MUGGINS,), standing=LIE)
    with pytest.raises(ValueError, match="seat 2's 'respond' decision names 'let it lie' as its standing answer, which is not among its choices"):
        standing_answer(decision)


def test_the_generic_novice_lets_the_standing_answer_stand_when_it_misses():
    decision = Decision(0, "respond", (Pass(), LIE, MUGGINS), (MUGGINS,), standing=LIE)
    missing = NovicePlayer(random.Random(1), attention=0)
    assert missing.choose({}, decision) is LIE
    assert missing.choose({}, decision._replace(standing=None)) == Pass()  # an older game's window: its Pass
    assert missing.choose({}, Decision(0, "respond", (MUGGINS, Claim("overcount")), (MUGGINS,))) is MUGGINS  # none: a correct one
    assert NovicePlayer(random.Random(1), attention=1).choose({}, decision) is MUGGINS


@pytest.fixture
def tally_v1(monkeypatch):
    """The frozen test game written against the first contract, before `Decision.standing`."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "testgame"))
    from muggins.plugins import load_registry

    import muggins_tally_v1

    return load_registry(load_entry_points=False, extra_plugins=[("tally_v1", muggins_tally_v1.plugin)]).game("tally_v1")


def test_an_old_plugin_window_gets_its_pass_through_the_fallback(tally_v1):
    state = tally_v1.new(tally_v1.Rules(), 3, 7)
    while (found := state.decision()).kind != "respond":
        state.apply(found.seat, found.correct[0])
    assert found.standing is None  # written before the field
    assert standing_answer(found) is found.choices[0] and str(found.choices[0]) == "pass"


@pytest.mark.parametrize("standing_index", [0, 1])
def test_teaching_mode_keeps_a_correct_standing_answer_and_drops_one_it_no_longer_offers(tally, standing_index):
    """With mistakes prevented Tally's windows offer only the pass; a standing answer naming the pass stays, one naming a claim goes."""
    state_class = type(tally.new(tally.Rules(), 3, 1))

    class Standing(state_class):
        def _decision(self):
            found = super()._decision()
            return found._replace(standing=found.choices[standing_index]) if found is not None and found.kind == "respond" else found

    windows = 0
    for seed in range(10):
        state = Standing.new(tally, tally.Rules(mistakes="prevented"), 3, seed)
        while (found := state.decision()) is not None:
            if found.kind == "respond":
                windows += 1
                assert found.choices == found.correct and str(found.choices[0]) == "pass"
                if standing_index == 0:
                    assert found.standing == found.choices[0]
                else:
                    assert found.standing is None  # the overcount claim is no longer offered
                assert standing_answer(found) == found.choices[0]
            state.apply(found.seat, found.correct[0])
    assert windows
