"""A game's optional parts are declared once (`Game.capabilities`) and read through `capabilities_of`; a game that declares
nothing has them worked out from its methods, once."""

from __future__ import annotations

import dataclasses

import pytest

from muggins.game import Capabilities, Game, capabilities_of, infer_capabilities
from muggins.plugins import load_registry
from muggins.presenter import Presenter as BasePresenter
from muggins.testing import check_capabilities

SHIPPED = ("muggins_shedding", "cribbage_muggins", "willughby_fishing")


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_game_declares_what_its_methods_implement(name):
    game = load_registry(only=[name]).game(name)
    declared = type(game).__dict__["capabilities"]
    assert isinstance(declared, Capabilities) and capabilities_of(game) is declared
    assert declared == infer_capabilities(type(game))
    check_capabilities(game)


def test_the_three_games_declare_the_parts_each_has():
    offered = {name: capabilities_of(load_registry(only=[name]).game(name)) for name in SHIPPED}
    assert [name for name, found in offered.items() if found.order_free_seats] == ["cribbage_muggins"]
    assert [name for name, found in offered.items() if found.play_forced] == ["muggins_shedding", "willughby_fishing"]
    assert all(found.determinize and found.layout and not found.correct_needs_hidden_information for found in offered.values())


def test_a_game_that_declares_nothing_has_its_capabilities_worked_out_once(tally):
    kind = type(tally)
    assert "capabilities" not in kind.__dict__ or kind.__dict__["capabilities"] is None
    found = capabilities_of(tally)
    assert found == Capabilities(from_position=found.from_position)  # Tally implements none of the rest
    assert capabilities_of(kind) is found  # kept: the class's methods are not probed again


def test_a_subclass_has_its_own_capabilities_worked_out_not_its_parents_declaration():
    shedding = type(load_registry(only=["muggins_shedding"]).game("muggins_shedding"))

    class NoTable(shedding):  # a variant drawing no table: the base presenter, and the base's hand-overs
        Presenter = BasePresenter
        layout = Game.layout
        choice_move = Game.choice_move

    assert capabilities_of(shedding).layout
    found = capabilities_of(NoTable)
    assert not found.layout and not found.choice_move and found.determinize and found == infer_capabilities(NoTable)


def test_the_kit_refuses_a_declaration_the_methods_do_not_bear_out(tally, monkeypatch):
    monkeypatch.setattr(type(tally), "capabilities", dataclasses.replace(capabilities_of(tally), layout=True, determinize=True))
    with pytest.raises(AssertionError, match=r"tally declares capabilities its methods do not show: determinize=True \(its methods: False\), "
                                             r"layout=True \(its methods: False\)"):
        check_capabilities(tally)


def test_the_generic_bots_read_the_declared_information_model(tally, registry, monkeypatch):
    from muggins.players import PlayerRefused, make_players

    make_players(registry, tally, ["expert", "expert", "expert"], 1)
    monkeypatch.setattr(type(tally), "capabilities", dataclasses.replace(capabilities_of(tally), correct_needs_hidden_information=True))
    with pytest.raises(PlayerRefused, match="correct choices depend on hidden cards"):
        make_players(registry, tally, ["expert", "expert", "expert"], 1)


def test_capabilities_are_a_frozen_value():
    offered = Capabilities(layout=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        offered.layout = False  # type: ignore[misc]
    assert offered == Capabilities(layout=True) and offered != Capabilities()
