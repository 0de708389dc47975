"""`State.determinize` and `check_determinize`: the three games pass, and each way of cheating or breaking it fails.

The shipped games are loaded on their own (`load_registry(only=...)`); the
broken determinizations are patched onto the shedding game's state, one
break each, and `check_determinize` must name what broke.
"""

from __future__ import annotations

import random

import pytest

from muggins.deck import redeal, shuffled
from muggins.engine import Match, make_players
from muggins.game import State, determinizes
from muggins.plugins import load_registry
from muggins.testing import check_determinize, check_determinizing

GAMES = {"muggins_shedding": "muggins_shedding", "cribbage_muggins": "cribbage_muggins", "willughby_fishing": "willughby_fishing"}


def _game(name):
    registry = load_registry(only=[GAMES[name]])
    return registry, registry.game(name)


def _midgame(name, steps, players=None):
    """A state `steps` decisions into a random match of `name`."""
    registry, game = _game(name)
    count = players or game.default_players
    state = game.new(game.Rules(), count, 5)
    bots = make_players(registry, game, ["random"] * count, 5)
    for _ in range(steps):
        found = state.decision()
        state.apply(found.seat, bots[found.seat].choose(state.view(found.seat), found))
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_shipped_game_determinizes_within_the_contract(name):
    registry, game = _game(name)
    assert determinizes(game.state_class())
    report = check_determinizing(game, games=2, registry=registry)
    assert report.decisions > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_determinized_world_keeps_the_view_and_deals_the_hidden_cards_anew(name):
    state = _midgame(name, 9)
    seat = state.to_act()
    worlds = [state.determinize(seat, random.Random(i)) for i in range(6)]
    assert all(w.view(seat) == state.view(seat) for w in worlds)
    assert len({w.seed for w in worlds} | {state.seed}) == 7
    arrangements = {tuple(tuple(map(str, cards)) for cards in w.piles().values()) for w in worlds}
    assert len(arrangements) > 1  # the hidden cards really are dealt afresh
    # the same stream gives the same world: a search that replays its choices replays its worlds
    assert state.determinize(seat, random.Random(3)).to_dict() == worlds[3].to_dict()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_fast_clone_is_the_same_state_and_independent(name):
    state = _midgame(name, 12)
    saved = state.to_dict()
    copy = state.clone()
    assert copy.to_dict() == saved and type(copy).clone is not State.clone
    Match(copy, make_players(_game(name)[0], state.game, ["random"] * state.players, 1), narrate_opening=False).run()
    assert copy.result() is not None and state.to_dict() == saved


def test_a_game_without_determinize_refuses_and_the_check_passes_it_by(tally, registry):
    state = tally.new(tally.Rules(), 3, 1)
    assert not determinizes(type(state)) and not determinizes(State)
    with pytest.raises(NotImplementedError, match="does not implement determinize"):
        state.determinize(0, random.Random(0))
    assert check_determinizing(tally, players=[3], games=2, registry=registry).matches == 2


def test_redeal_forgets_the_old_arrangement():
    a, b = [[1, 2, 3], [4, 5]], [[5, 4, 3], [2, 1]]
    for piles in (a, b):
        redeal([(pile, i) for pile in piles for i in range(len(pile))], random.Random(9))
    assert a == b and sorted(a[0] + a[1]) == [1, 2, 3, 4, 5]


# -- broken determinizations fail the check ----------------------------------------------------
def _leaky(self, seat, rng):
    """Shuffles the hidden cards starting from where they lie: the result depends on the real arrangement."""
    new = self.clone()
    slots = [(stock, i) for stock in new.stocks for i in range(len(stock))]
    cards = shuffled([pile[i] for pile, i in slots], rng)
    for (pile, i), card in zip(slots, cards):
        pile[i] = card
    new.seed = rng.getrandbits(63)
    new.seen.clear()
    new.opening = []
    return new


def _keeps_seed(self, seat, rng):
    new = self.clone()
    redeal([(stock, i) for stock in new.stocks for i in range(len(stock))], rng)
    return new


def _shows_another_card(self, seat, rng):
    new = self.clone()
    new.seed = rng.getrandbits(63)
    pile = next(p for p in new.commons if p)
    stock = next(s for s in new.stocks if s)
    pile[-1], stock[0] = stock[0], pile[-1]  # a visible top swapped with a stock card
    return new


def _touches_the_original(self, seat, rng):
    new = self.clone()
    new.seed = rng.getrandbits(63)
    self.stocks[0].reverse()
    return new


@pytest.mark.parametrize("broken, says", [
    (_leaky, "reads how the cards hidden"),
    (_keeps_seed, "keeps the seed"),
    (_shows_another_card, "changes what seat"),
    (_touches_the_original, "changed the state it was asked of"),
])
def test_a_broken_determinize_fails_the_check(monkeypatch, broken, says):
    state = _midgame("muggins_shedding", 6)
    check_determinize(state, state.to_act(), random.Random(1))  # sound before the break
    monkeypatch.setattr(type(state), "determinize", broken)
    with pytest.raises(AssertionError, match=says):
        check_determinize(state, state.to_act(), random.Random(1))


def test_a_broken_clone_fails_the_check(monkeypatch):
    state = _midgame("willughby_fishing", 4)
    monkeypatch.setattr(type(state), "clone", _shallow)
    with pytest.raises(AssertionError, match="changed the state it was copied from"):
        check_determinize(state, state.to_act(), random.Random(1))


def _shallow(state):
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)  # shares the hands: a move in the copy moves the original's cards
    new._cached_decision = None
    return new


def test_the_kit_walk_names_the_determinize_check_when_it_fails(monkeypatch):
    from muggins.testing import ContractError, check_game

    registry, game = _game("muggins_shedding")
    monkeypatch.setattr(game.state_class(), "determinize", _leaky)
    with pytest.raises(ContractError, match="reads how the cards hidden") as failed:
        check_game(game, players=[3], games=1, registry=registry)
    assert failed.value.check == "determinize"
