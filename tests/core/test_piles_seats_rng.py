"""Piles and conservation, seats and sides, derived random streams."""

import random

import pytest
from hypothesis import given, strategies as st

from muggins.cards import card, cards, standard_deck
from muggins.piles import ConservationError, Piles, check_conservation
from muggins.rng import derive_rng, derive_seed, game_rng, new_seed
from muggins.seats import Seating, clockwise_from, first_eligible, left_of


def test_pile_moves_keep_top_last():
    piles = Piles({"stock": cards("2C 3C 4C"), "discard": [], "other": cards("KH")})
    assert piles.top("stock") == card("4C") and piles.top("discard") is None
    assert piles.move_top("stock", "discard") == card("4C")
    assert piles["discard"] == [card("4C")]
    piles.move_top("other", "stock", to_bottom=True)
    assert piles["stock"] == cards("KH 2C 3C")
    assert len(piles) == 3 and list(piles) == ["stock", "discard", "other"]
    assert "KH" not in repr(piles) or "stock=[KH 2C 3C]" in repr(piles)


def test_turn_over_puts_old_bottom_on_top():
    piles = Piles({"stock": [], "discard": cards("5D 9S JH")})  # 5D at the bottom, JH on top
    assert piles.turn_over("discard", "stock") == 3
    assert piles["discard"] == [] and piles.top("stock") == card("5D")
    assert piles.move_top("stock", "discard") == card("5D")


def test_turn_over_refuses_a_non_empty_target():
    piles = Piles({"stock": cards("AS"), "discard": cards("2S")})
    with pytest.raises(ValueError):
        piles.turn_over("discard", "stock")


def test_unknown_pile_names_the_known_ones():
    with pytest.raises(KeyError, match="stock"):
        Piles({"stock": []})["stok"]


def test_piles_round_trip_and_delete():
    piles = Piles({"a": cards("TS 6H"), "b": []})
    again = Piles.from_dict(piles.to_dict())
    assert again.to_dict() == {"a": ["TS", "6H"], "b": []}
    piles["c"] = cards("AC")
    del piles["b"]
    assert piles.all_cards() == cards("TS 6H AC")


def test_conservation_accepts_a_full_split_deck():
    deck = standard_deck()
    check_conservation({"x": deck[:20], "y": deck[20:]}, standard_deck())


def test_conservation_names_missing_duplicated_and_invented():
    deck = standard_deck()
    with pytest.raises(ConservationError, match="missing A♣"):
        check_conservation({"x": deck[1:]}, deck)
    with pytest.raises(ConservationError, match=r"duplicated 2♣ in x\+y"):
        check_conservation({"x": deck, "y": [card("2C")]}, deck)
    with pytest.raises(ConservationError, match="not in the deck K♠"):
        check_conservation({"x": deck[:13] + [card("KS")]}, deck[:13])


def test_left_of_and_clockwise_order():
    assert left_of(3, 4) == 0
    assert list(clockwise_from(1, 4)) == [2, 3, 0]
    assert list(clockwise_from(1, 4, include_start=True)) == [1, 2, 3, 0]
    assert list(clockwise_from(0, 5, skip=lambda s: s % 2 == 0)) == [1, 3]


def test_first_eligible_clockwise():
    holding = {0: False, 1: False, 2: True, 3: True}
    assert first_eligible(0, 4, holding.get) == 2
    assert first_eligible(2, 4, holding.get) == 3
    assert first_eligible(3, 4, holding.get) == 2
    assert first_eligible(0, 4, lambda s: False) is None
    assert first_eligible(2, 4, holding.get, include_start=True) == 2


def test_seating_partnerships_and_dealer_rotation():
    table = Seating(4, partnerships=True)
    assert table.sides == [[0, 2], [1, 3]]
    assert table.partners(1) == [3] and table.opponents(0) == [1, 3]
    assert table.opponents(3) == [0, 2]
    assert table.next_dealer(3) == 0 and table.right_of(0) == 3
    solo = Seating(3)
    assert solo.opponents(0) == [1, 2] and solo.others(2) == [0, 1] and solo.sides == [[0], [1], [2]]
    assert solo.clockwise_from(1, skip=lambda s: s == 2) == [0]
    assert solo.first_eligible(0, lambda s: s == 2) == 2 and list(solo.seats) == [0, 1, 2]
    with pytest.raises(ValueError):
        Seating(3, partnerships=True)
    with pytest.raises(ValueError):
        Seating(0)


def test_table_is_seatings_first_name_and_warns_where_it_is_used():
    import muggins
    from muggins import seats

    with pytest.warns(DeprecationWarning, match="Table is now called Seating") as said:
        assert seats.Table is Seating
    with pytest.warns(DeprecationWarning) as through_the_package:
        assert muggins.__getattr__("Table") is Seating  # what `from muggins import Table` calls the first time
    assert [w.filename for w in (*said, *through_the_package)] == [__file__, __file__]  # the user's line, not muggins'
    assert muggins.Seating is Seating and "Table" not in seats.__all__
    with pytest.raises(AttributeError, match="no attribute 'Tabel'"):
        seats.Tabel  # noqa: B018


@given(st.integers(2, 9), st.integers(0, 8))
def test_clockwise_visits_every_other_seat_once(n, start):
    start %= n
    order = list(clockwise_from(start, n))
    assert sorted(order) == sorted(set(range(n)) - {start}) and order[0] == left_of(start, n)


def test_derived_streams_are_stable_and_independent():
    assert derive_seed(7, "deal", 1) == derive_seed(7, "deal", 1)
    assert derive_seed(7, "deal", 1) != derive_seed(7, "deal", 2)
    assert derive_seed(7, "deal", 1) != derive_seed(8, "deal", 1)
    # fixed value: streams must not change between releases, or old records stop replaying
    assert derive_seed(0, "game") == derive_seed(0, "game") and 0 <= derive_seed(0, "game") < 2**63
    a, b = derive_rng(5, "bot", 0), derive_rng(5, "bot", 0)
    assert [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
    assert game_rng(5).random() == derive_rng(5, "game").random()
    assert 1 <= new_seed() < 2**31


def test_a_derived_stream_is_random_Random_of_the_derived_seed():
    # Fixed values: the texts hashed and the generator made from them are what old records replay with.
    assert derive_seed(5, "deal", 3) == 2710254979355618304
    assert derive_seed(0, "player", 1, "random") == derive_seed(0, "player", "1", "random")
    for seed, labels in [(0, ("game",)), (5, ("deal", 3)), (2**40 + 1, ("player", 1, "expert")), (7, ())]:
        rng = derive_rng(seed, *labels)
        assert type(rng) is random.Random
        assert rng.getstate() == random.Random(derive_seed(seed, *labels)).getstate()
        assert rng.gauss(0, 1) == random.Random(derive_seed(seed, *labels)).gauss(0, 1)


def test_the_root_seat_functions_no_shipped_game_uses_warn_at_the_caller_and_still_work():
    import warnings

    import muggins
    from muggins import seats

    for name in ("clockwise_from", "first_eligible", "left_of"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            found = getattr(muggins, name)
        assert found is getattr(seats, name) and name not in muggins.__all__
        assert [w.category for w in caught] == [DeprecationWarning] and caught[0].filename == __file__
        assert f"muggins.{name} is deprecated: import it from muggins.seats" in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from muggins import Piles, Seating, check_conservation, responders  # noqa: F401  (kept on purpose: no warning)
        from muggins.seats import left_of  # noqa: F401
