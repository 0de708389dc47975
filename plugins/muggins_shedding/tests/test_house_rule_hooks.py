"""The game's house-rule hooks: the destination order and the penalty cards, from hand-made positions and matches.

Each test builds a registry of the shedding game and small house-rule
plugins made here (`house_rule(...)`: an object answering the named hooks),
so what is checked is the game asking through `muggins.call_house_rules`:
a hand-made position where the answer changes the correct play or the
penalty, refusals in one line naming the plugin, conflicts naming both, the
`[plugins]` switch, and the answers kept in the state, records and view.
"""

from __future__ import annotations

import pytest

from muggins import HouseRuleError, check_conservation, hookimpl, standard_deck
from muggins.houserules import with_plugin_switches
from muggins.plugins import load_registry, reset_registry
from muggins.testing import act, check_game

from muggins_shedding import SheddingGame, SheddingRules, SheddingState
from muggins_shedding.bots import ExpertBot
from muggins_shedding.hookspecs import HOUSE_RULE_TEST
from muggins_shedding.houserules import STANDARD_ORDER

BIG = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


def house_rule(**answers):
    """A house-rule plugin object: `order=[...]` answers muggins_shedding_destination_order, `penalty=3` the penalty hook."""
    hooks = {"order": "muggins_shedding_destination_order", "penalty": "muggins_shedding_penalty_cards",
             "adjacent": "muggins_shedding_adjacent_ranks"}

    class Plugin:
        pass

    for short, value in answers.items():
        def answer(players, rules, value=value):
            return value

        setattr(Plugin, hooks[short], staticmethod(hookimpl(answer)))
    return Plugin()


def game_with(**plugins):
    """The shedding game in a registry with these house-rule plugins (name -> plugin object), the process registry."""
    registry = load_registry(only=["muggins_shedding"], extra_plugins=sorted(plugins.items()))
    assert not registry.errors, registry.errors
    reset_registry(registry)
    return registry.game("muggins_shedding")


def correct(state) -> list[str]:
    return [str(a) for a in state.decision().correct]


def codes(state, pile) -> list[str]:
    return [c.code for c in state.piles()[pile]]


def refusal(game, rules=None) -> str:
    with pytest.raises(HouseRuleError) as refused:
        game.new(rules or SheddingRules(), 4, 0)
    message = str(refused.value)
    assert "\n" not in message
    return message


# -- the destination order ------------------------------------------------------------
def test_own_fitting_discard_before_the_opponents(registry):
    game = game_with(own_first=house_rule(order=["common", "own", "opponent"]))
    state = SheddingState.from_position(game, players=4, commons=["5C"], stocks=BIG, discards={0: ["QD"], 1: ["QS"]}, mover=0, exposed="JH")
    assert state.order == (("common",), ("own",), ("opponent",))
    assert correct(state) == ["play JH to discard 0"]  # the standard rule says seat 1's queen
    # Own discard that does not fit: the first fitting opponent, as usual; and commons still come first.
    assert correct(SheddingState.from_position(game, players=4, commons=["5C"], stocks=BIG, discards={0: ["3D"], 1: ["QS"]},
                                               mover=0, exposed="JH")) == ["play JH to discard 1"]
    assert correct(SheddingState.from_position(game, players=4, commons=["TC"], stocks=BIG, discards={0: ["QD"]},
                                               mover=0, exposed="JH")) == ["play JH to common 1"]


def test_opponents_before_commons(registry):
    game = game_with(feed=house_rule(order=["opponent", "common"]))
    state = SheddingState.from_position(game, players=4, commons=["QC"], stocks=BIG, discards={2: ["TC"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to discard 2"]
    # Nothing fitting on an opponent's discard: the common, then one's own discard.
    assert correct(SheddingState.from_position(game, players=4, commons=["QC"], stocks=BIG, mover=0, exposed="JH")) == ["play JH to common 1"]
    assert correct(SheddingState.from_position(game, players=4, commons=["2C"], stocks=BIG, mover=0, exposed="JH")) == ["play JH to discard 0"]


def test_never_feeding_an_opponent(registry):
    game = game_with(no_feeding=house_rule(order=["common"]))
    state = SheddingState.from_position(game, players=4, commons=["2C"], stocks=BIG, discards={1: ["QS"]}, mover=0, exposed="JH")
    assert correct(state) == ["play JH to discard 0"]


def test_a_tier_lets_the_mover_choose_and_a_called_error_asks_the_offender(registry):
    game = game_with(either=house_rule(order=[["common", "opponent"]]))
    state = SheddingState.from_position(game, players=4, commons=["QC", "TD", "3S"], stocks=BIG, discards={1: ["TC"], 2: ["QH"]},
                                        mover=0, exposed="JH")
    # Every fitting common and the first fitting opponent discard clockwise (seat 1's, not seat 2's).
    assert correct(state) == ["play JH to common 1", "play JH to common 2", "play JH to discard 1"]
    act(state, "play JH to discard 0")
    events = act(state, "muggins")
    assert events == [{"type": "call", "seat": 1, "against": 0, "card": "JH", "pile": "discard 0", "upheld": True,
                       "correct": ["common 1", "common 2", "discard 1"]}]
    decision = state.decision()
    assert decision.kind == "correct" and decision.prompt == "Muggins! Move J♥ to one of the fitting piles"
    assert [str(c) for c in decision.choices] == ["correct JH to common 1", "correct JH to common 2", "correct JH to discard 1"]
    assert ExpertBot().choose(state.view(0), decision) in decision.choices
    assert "one of the fitting piles" in game.render(state.view(0), 0)
    events = act(state, "correct JH to discard 1")
    assert events[0]["pile"] == "discard 1" and codes(state, "discard 1")[-1] == "JH"


def test_nearest_only_applies_inside_the_order(registry):
    game = game_with(own_first=house_rule(order=["common", "own", "opponent"]))
    rules = SheddingRules(opponent_discards="nearest_only")
    # Seat 1's is the nearest non-empty opposing discard and does not fit: seat 2's ten does not count.
    blocked = SheddingState.from_position(game, rules, players=4, commons=["5C"], stocks=BIG, discards={1: ["3D"], 2: ["TC"]}, mover=0, exposed="JH")
    assert correct(blocked) == ["play JH to discard 0"]
    open_ = SheddingState.from_position(game, rules, players=4, commons=["5C"], stocks=BIG, discards={2: ["TC"]}, mover=0, exposed="JH")
    assert correct(open_) == ["play JH to discard 2"]


def test_the_standard_order_from_a_plugin_keeps_the_plain_method(registry):
    game = game_with(spelled_out=house_rule(order=["common", "opponent", "own"]))
    state = game.new(SheddingRules(), 4, 3)
    assert state.order == STANDARD_ORDER
    assert "destinations" not in vars(state)  # the class's own method, not the general one bound per match
    assert "destinations" in vars(game_with(own_first=house_rule(order=["common", "own"])).new(SheddingRules(), 4, 3))


def test_the_order_is_kept_in_records_view_prompt_and_saved_state(registry):
    game = game_with(own_first=house_rule(order=["common", "own", "opponent"]))
    state = game.new(SheddingRules(), 4, 3)
    deal = state.opening_events()[0]
    assert deal["destination_order"] == [["common"], ["own"], ["opponent"]] and deal["penalty_cards"] == 1
    assert state.view(0)["destination_order"] == [["common"], ["own"], ["opponent"]]
    assert ("House rule: place on a fitting common pile; else your own discard if it fits; "
            "else the first fitting opponent discard clockwise; else your own discard") in game.render(state.view(0), 0)
    assert state.decision().prompt.endswith("(house rule: a fitting common pile; else your own discard if it fits; "
                                            "else the first fitting opponent discard clockwise; else your own discard)")
    saved = state.to_dict()
    assert saved["order"] == [["common"], ["own"], ["opponent"]]
    plain = game_with()  # restoring asks no plugin: the saved answer stands
    restored = SheddingState.from_dict(plain, saved)
    assert restored.order == state.order and restored.to_dict() == saved


def test_without_plugins_everything_says_the_standard_rules(game):
    state = game.new(SheddingRules(), 4, 3)
    assert state.house_rules.standard_order and state.house_rules.standard_penalty and state.extra == ()
    deal = state.opening_events()[0]
    assert deal["destination_order"] == [["common"], ["opponent"], ["own"]] and deal["penalty_cards"] == 1
    assert "House rule" not in game.render(state.view(0), 0)
    assert state.decision().prompt.endswith("(commons first; else the first fitting opponent discard clockwise; else your own)")
    # A state saved before the order and the penalty were kept restores with the standard ones.
    old = {k: v for k, v in state.to_dict().items() if k not in ("order", "penalty")}
    assert SheddingState.from_dict(game, old).house_rules == state.house_rules


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("common", "must be a list of destination kinds"),
        (["common", "discard"], "unknown destination kind 'discard'"),
        (["common", "opponent", "common"], "lists 'common' twice"),
        (["common", []], "a kind or a non-empty list of kinds"),
        (["own"], "names neither 'common' nor 'opponent'"),
        ([], "names neither 'common' nor 'opponent'"),
        (3, "must be a list of destination kinds"),
    ],
)
def test_an_unusable_order_is_refused_naming_the_plugin(registry, answer, problem):
    message = refusal(game_with(odd=house_rule(order=answer)))
    assert message.startswith("house-rule plugin 'odd': muggins_shedding_destination_order: ") and problem in message


def test_two_plugins_with_different_orders_are_a_conflict_naming_both(registry):
    message = refusal(game_with(own_first=house_rule(order=["common", "own", "opponent"]), feed=house_rule(order=["opponent", "common"])))
    assert message == ("house-rule plugins 'feed' and 'own_first' both set the destination order "
                       "([['opponent'], ['common'], ['own']] and [['common'], ['own'], ['opponent']])")
    # The same order twice, or one plugin with no opinion, is no conflict.
    same = game_with(a=house_rule(order=["common", "own", "opponent"]), b=house_rule(order=[["common"], ["own"], ["opponent"]]),
                     c=house_rule(order=None))
    assert same.new(SheddingRules(), 4, 0).order == (("common",), ("own",), ("opponent",))


# -- the penalty ----------------------------------------------------------------------------
PENALTY_STOCKS = {0: ["9C", "9H"], 1: ["2C", "3C", "4C", "5C"], 2: ["2D", "3D", "4D", "5D"], 3: ["2H", "3H", "4H", "5H"]}


def penalty_position(game, stocks=PENALTY_STOCKS, discards=None, players=4):
    """Seat 0 turns 6H with common 5S fitting; it is put on seat 0's own discard (an error) and seat 1 calls."""
    state = SheddingState.from_position(game, players=players, commons=["5S"], stocks=stocks, discards=discards or {}, mover=0, exposed="6H")
    act(state, "play 6H to discard 0")
    return state, act(state, "muggins")


def given(events) -> list[tuple[int, str | None]]:
    return [(e["donor"], e["card"]) for e in events if e["type"] == "penalty"]


def test_three_penalty_cards_each_donor_in_turn_each_under_the_previous(registry):
    game = game_with(three=house_rule(penalty=3))
    state, events = penalty_position(game)
    assert [e["type"] for e in events][:2] == ["call", "correction"]
    assert given(events) == [(1, "5C"), (1, "4C"), (1, "3C"), (2, "5D"), (2, "4D"), (2, "3D"), (3, "5H"), (3, "4H"), (3, "3H")]
    # Bottom first: the last card given lies at the very bottom; the offender's own cards stay on top.
    assert codes(state, "stock 0") == ["3H", "4H", "5H", "3D", "4D", "5D", "3C", "4C", "5C", "9C", "9H"]
    assert [codes(state, f"stock {s}") for s in (2, 3)] == [["2D"], ["2H"]]
    assert state.stats["penalties"] == 9 and state.stats["calls_upheld"] == 1
    check_conservation(state.piles(), standard_deck())


def test_a_donor_whose_stock_runs_out_turns_the_discard_over_and_goes_on(registry):
    game = game_with(three=house_rule(penalty=3))
    stocks = {**PENALTY_STOCKS, 1: ["8C"]}
    state, events = penalty_position(game, stocks=stocks, discards={1: ["JS", "QS", "KS"]})
    kinds = [e["type"] for e in events]
    assert kinds[2:7] == ["penalty", "recycle", "penalty", "penalty", "penalty"]
    assert events[3] == {"type": "recycle", "seat": 1, "count": 3, "reason": "penalty"}
    assert given(events)[:3] == [(1, "8C"), (1, "JS"), (1, "QS")]  # JS, the discard's bottom card, is the new top
    assert codes(state, "discard 1") == [] and events[-1] == {"type": "expose", "seat": 1, "card": "KS", "n": 2}  # its last card


def test_a_donor_with_too_few_cards_gives_fewer_and_the_first_emptied_clockwise_wins(registry, kinds):
    game = game_with(three=house_rule(penalty=3))
    stocks = {0: ["9C", "9H"], 1: ["2C", "3C"], 2: ["2D", "3D", "4D", "5D"], 3: ["2H"]}
    state, events = penalty_position(game, stocks=stocks)
    assert given(events) == [(1, "3C"), (1, "2C"), (2, "5D"), (2, "4D"), (2, "3D"), (3, "2H")]  # no "gives none" line for 1 or 3
    win = next(e for e in events if e["type"] == "win")
    assert win["seat"] == 1 and win["how"] == "gave_last_card"  # seat 3 emptied too, but later clockwise
    assert kinds(events)[kinds(events).index("win") + 1] == "deal"


def test_a_donor_with_no_cards_at_all_gives_none_once(registry):
    game = game_with(three=house_rule(penalty=3))
    # Not reachable in play (a player without cards has won), but the seed rules it: seat 3 holds nothing.
    stocks = {0: ["9C", "9H"], 1: ["2C", "3C", "4C", "5C"], 2: ["2D", "3D", "4D", "5D"], 3: []}
    state, events = penalty_position(game, stocks=stocks)
    assert given(events)[-1] == (3, None) and [d for d, _ in given(events)] == [1, 1, 1, 2, 2, 2, 3]
    assert all(e["type"] != "win" for e in events)  # giving nothing is not going out


def test_no_penalty_the_call_still_moves_the_card(registry):
    game = game_with(lenient=house_rule(penalty=0))
    state, events = penalty_position(game)
    assert [e["type"] for e in events] == ["call", "correction", "expose"]
    assert codes(state, "common 1")[-1] == "6H" and codes(state, "stock 0") == ["9C", "9H"]
    assert [codes(state, f"stock {s}") for s in (2, 3)] == [["2D", "3D", "4D", "5D"], ["2H", "3H", "4H", "5H"]]
    assert state.stats["penalties"] == 0 and state.stats["calls_upheld"] == 1
    assert "House rule: no penalty cards on an upheld Muggins" in game.render(state.view(0), 0)


def test_the_penalty_is_kept_in_records_view_and_saved_state(registry):
    game = game_with(three=house_rule(penalty=3))
    state = game.new(SheddingRules(), 5, 2)
    assert state.opening_events()[0]["penalty_cards"] == 3 and state.view(0)["penalty_cards"] == 3
    assert "House rule: each other player gives 3 penalty cards on an upheld Muggins" in game.render(state.view(0), 0)
    restored = SheddingState.from_dict(game_with(), state.to_dict())
    assert restored.penalty == 3


@pytest.mark.parametrize(
    ("answer", "problem"),
    [(-1, "must be 0 (none) or more"), (53, "at most 52"), (2.5, "whole number of cards"), (True, "whole number of cards"),
     ("3", "whole number of cards")],
)
def test_an_unusable_penalty_is_refused_naming_the_plugin(registry, answer, problem):
    message = refusal(game_with(harsh=house_rule(penalty=answer)))
    assert message.startswith("house-rule plugin 'harsh': muggins_shedding_penalty_cards: ") and problem in message


def test_two_plugins_with_different_penalties_are_a_conflict_naming_both(registry):
    message = refusal(game_with(two=house_rule(penalty=2), three=house_rule(penalty=3)))
    assert message == "house-rule plugins 'three' and 'two' both set the penalty cards per donor (3 and 2)"
    assert game_with(a=house_rule(penalty=3), b=house_rule(penalty=3)).new(SheddingRules(), 4, 0).penalty == 3


def test_a_switched_off_plugin_is_not_asked(registry):
    game = game_with(three=house_rule(penalty=3), own_first=house_rule(order=["common", "own", "opponent"]))
    state = game.new(with_plugin_switches(SheddingRules(), {"three": False}), 4, 0)
    assert state.penalty == 1 and state.order == (("common",), ("own",), ("opponent",))


def test_a_failing_hook_is_refused_naming_the_plugin(registry):
    class Broken:
        @staticmethod
        @hookimpl
        def muggins_shedding_penalty_cards(players, rules):
            raise RuntimeError("no table plays this\nsecond line")

    message = refusal(game_with(broken=Broken()))
    assert message == "house-rule plugin 'broken' failed in muggins_shedding_penalty_cards: RuntimeError: no table plays this"


def test_simulated_matches_with_three_penalty_cards_give_three_times_as_many(registry):
    """Same seeds with and without the plugin: without, at most one card per donor and call; with it, about three."""
    from muggins.simulate import simulate

    registry = load_registry(only=["muggins_shedding"], extra_plugins=[("three", house_rule(penalty=3))])
    kinds = ["novice", "expert", "novice", "random"]
    rules = SheddingRules(hands=1, turn_limit=200)

    def per_call(rules):
        stats = simulate("muggins_shedding", rules, 4, kinds, seed=5, games=12, registry=registry)["stats"]
        return stats["calls_upheld"]["total"], stats["penalties"]["total"]

    calls_on, given_on = per_call(rules)
    calls_off, given_off = per_call(with_plugin_switches(rules, {"three": False}))
    assert calls_on > 0 and calls_off > 0
    assert given_off <= 3 * calls_off and given_on <= 9 * calls_on
    assert given_on / calls_on > 2 * given_off / calls_off


def test_the_contract_kit_passes_with_both_hooks_answered(registry):
    game = game_with(three=house_rule(penalty=3), either=house_rule(order=[["common", "opponent"], "own"]))
    from muggins.plugins import get_registry

    report = check_game(game, players=(3, 4, 6), games=4, seed=21, kinds=("random", "novice", "expert"),
                        rules=SheddingRules(hands=1, turn_limit=150), registry=get_registry(), replays=2)
    assert report.claims > 0 and report.windows > 0


# -- the building blocks an author uses ------------------------------------------------------
def test_from_position_asks_the_plugins_unless_told(registry):
    game = game_with(three=house_rule(penalty=3), no_feeding=house_rule(order=["common", "own"]))
    asked = SheddingState.from_position(game, players=4, commons=["5C"], stocks=BIG, mover=0, exposed="6H")
    assert asked.penalty == 3 and asked.order == (("common",), ("own",))
    told = SheddingState.from_position(game, players=4, commons=["5C"], stocks=BIG, mover=0, exposed="6H",
                                       order=["common", "opponent"], penalty=0, extra=[(13, 1)])
    assert (told.order, told.penalty, told.extra) == (STANDARD_ORDER, 0, ((1, 13),))
    with pytest.raises(ValueError, match="at most 52"):
        SheddingState.from_position(game, players=4, commons=["5C"], stocks=BIG, mover=0, exposed="6H", penalty=60)


def test_a_variant_made_by_subclassing_overrides_one_rule(registry):
    class HarshShedding(SheddingGame):
        name = "harsh_shedding"

        def penalty_cards(self, rules, players):
            return 2

    state = HarshShedding().new(SheddingRules(), 4, 0)
    assert (state.penalty, state.order) == (2, STANDARD_ORDER)


@pytest.mark.parametrize("plugins", [{}, {"stub": house_rule(order=None, penalty=None, adjacent=None)}])
def test_the_scaffolds_starting_test_passes_as_written(plugins):
    namespace: dict = {}
    exec(compile(HOUSE_RULE_TEST, "HOUSE_RULE_TEST", "exec"), namespace)
    registry = load_registry(only=["muggins_shedding"], extra_plugins=sorted(plugins.items()))
    reset_registry(registry)
    namespace["test_a_hand_made_position_plays_by_the_standard_rule"](registry)
    assert len(HOUSE_RULE_TEST.strip().splitlines()) <= 25


# -- random orders and penalties over whole matches ---------------------------------------
RANKS = "A23456789TJQK"


class OrderedShedding(SheddingGame):
    """A variant fixing the order and the penalty, as a subclass would (no plugin is asked)."""

    name = "ordered_shedding"

    def __init__(self, order, penalty):
        super().__init__(hooks=object())
        self.order, self.penalty = order, penalty

    def destination_order(self, rules, players):
        return self.order

    def penalty_cards(self, rules, players):
        return self.penalty


def expected_destinations(view, mover, nearest_only):
    """The correct piles read from the public view and the order it states, independently of the game's code."""
    card = RANKS.index(view["exposed"][0])
    n = view["players"]

    def fits(top):
        return top is not None and abs(RANKS.index(top[0]) - card) == 1

    def of_kind(kind):
        if kind == "common":
            return [f"common {j + 1}" for j, top in enumerate(view["commons"]) if fits(top)]
        if kind == "own":
            return [f"discard {mover}"] if fits(view["discards"][mover]) else []
        for step in range(1, n):
            top = view["discards"][(mover + step) % n]
            if top:
                if fits(top):
                    return [f"discard {(mover + step) % n}"]
                if nearest_only:
                    break
        return []

    for tier in view["destination_order"]:
        found = [pile for kind in tier for pile in of_kind(kind)]
        if found:
            return sorted(found, key=lambda p: (p.startswith("discard"), int(p.split()[1])))
    return [f"discard {mover}"]


def orders():
    from hypothesis import strategies as st

    def tiers(kinds_and_joins):
        kinds, joins = kinds_and_joins
        out = []
        for kind, join in zip(kinds, joins):
            if out and join:
                out[-1].append(kind)
            else:
                out.append([kind])
        return out

    subsets = st.permutations(["common", "opponent", "own"]).flatmap(lambda p: st.integers(1, 3).map(lambda k: p[:k]))
    usable = subsets.filter(lambda kinds: "common" in kinds or "opponent" in kinds)
    return usable.flatmap(lambda kinds: st.tuples(st.just(kinds), st.lists(st.booleans(), min_size=len(kinds), max_size=len(kinds)))).map(tiers)


def test_random_orders_and_penalties_name_the_destinations_the_view_states():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(order=orders(), penalty=st.integers(0, 5), players=st.integers(3, 7), seed=st.integers(0, 10_000),
           nearest=st.booleans(), data=st.data())
    def check(order, penalty, players, seed, nearest, data):
        game = OrderedShedding(order, penalty)
        rules = SheddingRules(hands=1, turn_limit=40, opponent_discards="nearest_only" if nearest else "first_eligible")
        state = game.new(rules, players, seed)
        for _ in range(120):
            decision = state.decision()
            if decision is None:
                break
            view = state.view(decision.seat)
            if decision.kind == "play":
                want = expected_destinations(view, decision.seat, nearest)
                assert [a.pile for a in decision.correct] == want
            choice = data.draw(st.sampled_from(list(decision.choices)))
            events = state.apply(decision.seat, choice)
            check_conservation(state.piles(), standard_deck())
            donations: dict[int, int] = {}
            for e in events:
                if e["type"] == "penalty" and e["card"] is not None:
                    donations[e["donor"]] = donations.get(e["donor"], 0) + 1
            assert all(count <= penalty for count in donations.values())

    check()
