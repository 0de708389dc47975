"""The kit reads a game's partnerships (`Game.sides`) against its results, as the front ends add them up.

A side's score is the sum of its seats' result scores and a side wins whole
(`muggins.testing.check_sides`): the shipped cribbage partnerships pass; a
planted cribbage that gives each partner its side's score (a side's total
read doubled), and a game whose sides leave one partner out of the win, are
caught by the whole kit, naming what is wrong.
"""

from __future__ import annotations

import dataclasses

import pytest

from muggins.game import Result
from muggins.testing import ContractError, check_play, check_sides, registry_with_game

CRIBBAGE = "cribbage_muggins"


@pytest.fixture(scope="module")
def cribbage():
    registry = registry_with_game(CRIBBAGE)
    game = registry.game(CRIBBAGE)
    return game, registry, game.Rules(partnerships=True)


def test_the_shipped_cribbage_partnerships_pass(cribbage):
    game, registry, rules = cribbage
    report = check_play(game, players=[4], games=2, rules=rules, registry=registry, kinds=("expert",))
    assert report.matches == 2


def test_a_game_giving_each_partner_its_sides_score_is_caught(cribbage, monkeypatch):
    game, registry, rules = cribbage
    from cribbage_muggins.state import CribbageState

    sound = CribbageState.result

    def doubled(self):
        found = sound(self)
        if found is None:
            return None
        return dataclasses.replace(found, scores=tuple(self.scores[self.side_of(s)] for s in range(self.players)))

    monkeypatch.setattr(CribbageState, "result", doubled)
    with pytest.raises(ContractError, match=r"event scores the sides \[\d+, \d+\], but the result's seat scores .* add up to "
                                            r"\[\d+, \d+\] by side: a side's score is the sum of its seats'"):
        check_play(game, players=[4], games=1, rules=rules, registry=registry, kinds=("expert",))


class _Partners:
    """A game stub whose four seats play in two partnerships."""

    def __init__(self, sides=((0, 2), (1, 3))):
        self._sides = sides

    def sides(self, rules, players):
        return self._sides


def test_winners_are_whole_sides_and_the_sides_share_out_the_seats():
    over = {"type": "over", "winners": [0, 2], "scores": [8, 5]}
    assert check_sides(_Partners(), None, 4, [over], Result((0, 2), (5, 0, 3, 5))) is None
    assert check_sides(_Partners(), None, 4, [over], Result((0,), (8, 0, 0, 5))) == (
        "seat [0] won without partner [2]: winners are whole sides (sides [[0, 2], [1, 3]], winners [0])")
    assert check_sides(_Partners(), None, 4, [over], Result((0, 2), (8, 5, 8, 5))) == (
        "the over event scores the sides [8, 5], but the result's seat scores [8, 5, 8, 5] add up to [16, 10] by side: "
        "a side's score is the sum of its seats' (give each seat the points it brought its side, not its side's score)")
    assert check_sides(_Partners(((0, 2), (1,))), None, 4, [], Result((1,))) == (
        "sides [[0, 2], [1]] do not share out seats 0 to 3, each seat in exactly one side")
    assert check_sides(_Partners(None), None, 4, [over], Result((0,), (8, 0, 0, 5))) is None  # no partnerships: every seat alone


def test_the_kit_catches_a_game_whose_partners_do_not_win_together(tally, registry, monkeypatch):
    # Tally's winner is one seat: declared partnerships leave that seat's partner out of the win.
    monkeypatch.setattr(type(tally), "sides", lambda self, rules, players: ((0, 2), (1, 3)) if players == 4 else None)
    with pytest.raises(ContractError, match=r"won without partner \[\d\]: winners are whole sides"):
        check_play(tally, players=[4], games=3, registry=registry)
