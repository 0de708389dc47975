"""Issue item 1: the fishing game's house-rule hooks — stakes, settlement tariff, kinds of claim.

Plugins are made on the spot (objects with `muggins.hookimpl` methods, given
to `load_registry(extra_plugins=...)`), so every path is the one an
installed plugin takes: asked once when the match is created, checked,
combined key by key, kept in the state, its saved form, its events and its
view. Positions without a plugin pass `terms=FishingTerms(...)` to
`from_position`, the way an author tries a rule before packaging it.
"""

from __future__ import annotations

import json

import pytest

from muggins import HouseRuleError, hookimpl, standard_deck
from muggins.plugins import load_registry

from willughby_fishing import CLAIM_KINDS, STANDARD_TERMS, FishingRules, FishingState, FishingTerms
from willughby_fishing.hookspecs import HOUSE_RULE_TEST

FIELD_FOUR_SEED = 23  # the first deal of this seed lays out a four


class Plugin:
    """Answers each named hook with fixed data (None: no change)."""

    def __init__(self, stakes=None, tariff=None, claimable=None, fail=False):
        self.answers = {"stakes": stakes, "tariff": tariff, "claimable": claimable}
        self.fail = fail

    @hookimpl
    def muggins_fishing_stakes(self, players, rules):
        if self.fail:
            raise RuntimeError("no stakes today")
        return self.answers["stakes"]

    @hookimpl
    def muggins_fishing_tariff(self, rules):
        return self.answers["tariff"]

    @hookimpl
    def muggins_fishing_claimable(self, players):
        return self.answers["claimable"]


def game_with(**plugins):
    registry = load_registry(only=["willughby_fishing"], extra_plugins=list(plugins.items()))
    assert not registry.errors, registry.errors
    return registry.game("willughby_fishing")


def finish(state, act, answers=None):
    """Answer windows until the match ends or a turn is due: `answers` maps seat -> text, others pass."""
    events = []
    while state.decision() is not None and state.decision().kind == "respond":
        events += act(state, (answers or {}).get(state.decision().seat, "pass"))
    return events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


DOUBLE = dict(stakes={"ante_dealer": 6, "ante_other": 4, "reward": 10}, tariff={n: n - 8 for n in range(0, 53, 2)})


# -- the standard, when no plugin answers ------------------------------------------------
def test_without_plugins_the_terms_are_the_standard_ones_everywhere(game):
    assert game.terms(FishingRules()) is STANDARD_TERMS
    assert (STANDARD_TERMS.pot, STANDARD_TERMS.reward, STANDARD_TERMS.tariff()[16], STANDARD_TERMS.tariff()[0]) == (11, 5, 4, -4)
    assert all(STANDARD_TERMS.claimable(kind) for kind in CLAIM_KINDS)
    state = game.new(FishingRules(), 5, 3)
    assert state.terms is STANDARD_TERMS
    assert state.opening_events()[0]["terms"] == {
        "stakes": {"ante_dealer": 3, "ante_other": 2, "reward": 5}, "tariff": {"per_pair": 1, "empty": -4},
        "claimable": dict.fromkeys(CLAIM_KINDS, True)}
    assert state.view(0)["terms"] == state.opening_events()[0]["terms"]


def test_plugins_answering_none_change_nothing():
    game = game_with(quiet=Plugin())
    assert game.terms(FishingRules()) == STANDARD_TERMS


def test_the_scaffolds_starting_test_passes_as_written(registry):
    namespace: dict = {}
    exec(compile(HOUSE_RULE_TEST, "HOUSE_RULE_TEST", "exec"), namespace)
    assert len(HOUSE_RULE_TEST.strip().splitlines()) <= 25
    namespace["test_a_hand_made_position_plays_by_the_standard_rule"](registry)


# -- stakes and tariff followed everywhere -------------------------------------------
def test_double_stakes_and_two_chips_a_pair_are_played_narrated_and_shown(act):
    game = game_with(double=Plugin(**DOUBLE))
    state = game.new(FishingRules(), 5, 0)
    ante = of(state.opening_events(), "ante")[0]
    assert ante["pot"] == state.pot == 22 and sorted(ante["antes"]) == [4, 4, 4, 4, 6]
    assert "a pot of 22 chips" in game.describe(ante, 0)
    assert "pot 22 chips · reward 10 chips: last player holding cards" in game.render(state.view(0), 0)

    position = FishingState.from_position(game, FishingRules(deals=1), hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"],
                                          mover=0, dealer=3)
    assert position.pot == 22 and position.ledger == [-4, -4, -4, -6, -4]
    events = act(position, "play KD take KH") + finish(position, act)
    reward, settle = of(events, "reward")[0], of(events, "settle")[0]
    assert (reward["chips"], reward["pot"]) == (10, 12)
    assert settle["sizes"] == [2, 0, 0, 50, 0] and settle["chips"] == [-6, -8, -8, 42, -8] and settle["pot"] == 0
    assert settle["tariff"] == {"per_pair": 2, "empty": -8}
    banner = game.standings(settle, 0)
    assert banner[0] == "Deal 1 is over: 2 chips for each pair over or short of 8 cards."
    assert banner[1].endswith("you:  2 cards (1 pair), pay 6 chips")
    assert game.describe(reward, 0) == "seat 2 takes 10 chips as the last holding cards."


@pytest.mark.parametrize(("per_pair", "empty", "text"), [
    (1, -4, "a chip for each pair over or short of 8 cards"),
    (1, -3, "a chip for each pair over or short of 6 cards"),
    (3, -12, "3 chips for each pair over or short of 8 cards"),
    (-1, 6, "a chip paid for each pair over 12 cards, won for each pair short"),
    (2, -7, "2 chips won for each pair, less 7 chips a collection"),
    (0, 0, "no chips for any collection"),
    (0, 1, "1 chip to every collection"),
])
def test_the_settlement_banner_says_the_tariff_in_force(game, per_pair, empty, text):
    settle = {"type": "settle", "deal": 0, "sizes": [52, 0, 0, 0, 0], "chips": [empty + 26 * per_pair] + [empty] * 4, "pot": 0,
              "ledger": [0] * 5, "tariff": {"per_pair": per_pair, "empty": empty}}
    assert game.standings(settle, None)[0] == f"Deal 1 is over: {text}."


def test_a_settle_event_without_a_tariff_is_told_by_the_standard_one(game):
    old = {"type": "settle", "deal": 0, "sizes": [16, 10, 8, 16, 2], "chips": [4, 1, 0, 4, -3], "pot": 0, "ledger": [0] * 5}
    assert game.standings(old, 0)[0] == "Deal 1 is over: a chip for each pair over or short of 8 cards."


def test_plugins_combine_key_by_key_and_may_agree_on_a_value():
    game = game_with(antes=Plugin(stakes={"ante_dealer": 4, "ante_other": 3}), prize=Plugin(stakes={"reward": 10}),
                     same_prize=Plugin(stakes={"reward": 10}), strict=Plugin(claimable={"left_pair": False}))
    terms = game.terms(FishingRules())
    assert (terms.ante_dealer, terms.ante_other, terms.reward, terms.pot) == (4, 3, 10, 16)
    assert terms.closed == {"left_pair"} and (terms.per_pair, terms.empty) == (1, -4)


def test_the_terms_are_kept_in_the_saved_state_and_never_asked_again(game):
    rich = game_with(rich=Plugin(stakes={"ante_dealer": 4, "ante_other": 3, "reward": 10}, claimable={"other_pair": False}))
    state = rich.new(FishingRules(), 5, 2)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["terms"]["stakes"]["reward"] == 10 and data["terms"]["claimable"]["other_pair"] is False
    restored = game.state_from_dict(data)  # a game with no plugin: the saved terms stand
    assert restored.terms == state.terms and restored.pot == 16 and not restored.other_pair_claimable
    del data["terms"]  # a state saved before the terms were kept
    assert game.state_from_dict(data).terms is STANDARD_TERMS


# -- refusals at creation: one line naming the plugins ------------------------------------------
@pytest.mark.parametrize(("plugins", "message"), [
    ({"a": Plugin(stakes={"rewards": 6})}, "house-rule plugin 'a': muggins_fishing_stakes has no key 'rewards'; the keys are ante_dealer, ante_other, reward"),
    ({"a": Plugin(stakes={"reward": -1})}, "house-rule plugin 'a': muggins_fishing_stakes sets reward to -1; stakes are whole numbers of chips, 0 or more"),
    ({"a": Plugin(stakes={"reward": True})}, "house-rule plugin 'a': muggins_fishing_stakes sets reward to True"),
    ({"a": Plugin(stakes=[("reward", 5)])}, "house-rule plugin 'a': muggins_fishing_stakes must return a mapping"),
    ({"a": Plugin(stakes={"reward": 12})}, "house-rule plugin 'a': the reward (12) is more than the antes put in the pot (11)"),
    ({"a": Plugin(stakes={"reward": 6})}, "house-rule plugin 'a': the stakes and the tariff cannot empty the pot: the antes (11) less the "
                                          "reward (6) leave 5 chips, but the tariff settles +6 for every split of the 52 cards"),
    ({"a": Plugin(tariff={7: 0})}, "house-rule plugin 'a': muggins_fishing_tariff names a collection of 7 cards"),
    ({"a": Plugin(tariff={54: 0})}, "house-rule plugin 'a': muggins_fishing_tariff names a collection of 54 cards"),
    ({"a": Plugin(tariff={8: 0.5})}, "house-rule plugin 'a': muggins_fishing_tariff gives a collection of 8 cards 0.5"),
    ({"a": Plugin(tariff={8: 1})}, "house-rule plugin 'a': the tariff cannot empty the pot for every split of the 52 cards: collections of "
                                   "8, 0, 44, 0 and 0 cards settle +7 chips but 6, 2, 44, 0 and 0 cards settle +6"),
    ({"a": Plugin(claimable={"other pair": False})}, "house-rule plugin 'a': muggins_fishing_claimable has no kind of claim 'other pair'"),
    ({"a": Plugin(claimable={"other_pair": "no"})}, "house-rule plugin 'a': muggins_fishing_claimable sets other_pair to 'no'; use true or false"),
    ({"a": Plugin(stakes={"reward": 6}), "b": Plugin(stakes={"reward": 4})}, "house-rule plugins 'a' and 'b' both set the reward (6 and 4)"),
    ({"a": Plugin(tariff={10: 1}), "b": Plugin(tariff={10: 2})}, "house-rule plugins 'a' and 'b' both set the chips of a collection of 10 cards (1 and 2)"),
    ({"a": Plugin(claimable={"left_pair": True}), "b": Plugin(claimable={"left_pair": False})},
     "house-rule plugins 'a' and 'b' both set whether the pair left on the table is claimable (true and false)"),
    ({"a": Plugin(stakes={"reward": 10}), "b": Plugin(tariff={n: n - 8 for n in range(0, 53, 2)})},
     "house-rule plugins 'a' and 'b': the stakes and the tariff cannot empty the pot: the antes (11) less the reward (10) leave 1 chip, "
     "but the tariff settles +12"),
    ({"a": Plugin(fail=True)}, "house-rule plugin 'a' failed in muggins_fishing_stakes: RuntimeError: no stakes today"),
])
def test_answers_the_game_cannot_use_are_refused_at_creation_in_one_line(plugins, message):
    game = game_with(**plugins)
    for create in (lambda: game.new(FishingRules(), 5, 0), lambda: FishingState.from_position(game, hands={0: ["KD"]}, field=["KH", "2C", "3C"])):
        with pytest.raises(HouseRuleError) as refused:
            create()
        assert str(refused.value).startswith(message) and "\n" not in str(refused.value)


@pytest.mark.parametrize(("stakes", "tariff"), [
    (None, {n: n - 8 for n in range(0, 53, 2)}),             # a double tariff alone: the pot cannot pay what it settles
    (None, {n: 3 * (n // 2) - 12 for n in range(0, 53, 2)}),  # three chips a pair
    ({"reward": 7}, None),                                     # a reward the standard tariff leaves short
    ({"ante_dealer": 4, "ante_other": 3, "reward": 7}, None),  # dearer antes
])
def test_a_refused_pot_names_stakes_and_a_tariff_that_would_work_and_they_do(stakes, tariff):
    import re

    game = game_with(a=Plugin(stakes=stakes, tariff=tariff))
    with pytest.raises(HouseRuleError) as refused:
        game.new(FishingRules(), 5, 0)
    said = str(refused.value)
    assert len(said) < 380, said  # with the plugin's name, still within one error line (muggins: error: … is cut at 400)
    fitting_stakes = re.search(r"; stakes that fit this tariff: (?:antes (\d+) and (\d+), )?reward (\d+); ", said)
    assert fitting_stakes, said
    dealer, other, reward = fitting_stakes.groups()
    advised = {"reward": int(reward), **({"ante_dealer": int(dealer), "ante_other": int(other)} if dealer else {})}
    assert game_with(a=Plugin(stakes={**(stakes or {}), **advised}, tariff=tariff)).terms(FishingRules())  # the advice works
    table = re.search(r"; a tariff that fits these stakes: (\{n: .* for n in range\(0, 53, 2\)\})$", said).group(1)
    assert game_with(a=Plugin(stakes=stakes, tariff=eval(table))).terms(FishingRules())  # and so does the other


def test_the_double_tariff_alone_is_told_the_double_stakes_of_the_fishing_page():
    game = game_with(a=Plugin(tariff={n: n - 8 for n in range(0, 53, 2)}))
    with pytest.raises(HouseRuleError) as refused:
        game.new(FishingRules(), 5, 0)
    assert str(refused.value) == (
        "house-rule plugin 'a': the stakes and the tariff cannot empty the pot: the antes (11) less the reward (5) leave 6 chips, "
        "but the tariff settles +12 for every split of the 52 cards; stakes that fit this tariff: antes 6 and 4, reward 10; "
        "a tariff that fits these stakes: {n: n // 2 - 4 for n in range(0, 53, 2)}")


def test_every_affine_tariff_with_the_right_total_is_accepted_and_empties_the_pot_for_every_split():
    # (per_pair, empty, reward) with 5 × empty + 26 × per_pair = 11 − reward; checked against every split of the 26 pairs.
    for per_pair, empty, reward in ((1, -4, 5), (0, 0, 11), (2, -9, 4), (-1, 6, 7)):
        tariff = {n: empty + per_pair * n // 2 for n in range(0, 53, 2)}
        terms = game_with(t=Plugin(stakes={"reward": reward}, tariff=tariff)).terms(FishingRules())
        totals = {sum(terms.chips(2 * k) for k in (a, b, c, d, 26 - a - b - c - d))
                  for a in range(27) for b in range(27 - a) for c in range(27 - a - b) for d in range(27 - a - b - c)}
        assert totals == {terms.pot - terms.reward}


# -- kinds of claim ----------------------------------------------------------------
def closed(*kinds):
    return FishingTerms(closed=frozenset(kinds))


def test_a_closed_left_pair_stays_on_the_table(position, act):
    for terms, upheld in ((STANDARD_TERMS, True), (closed("left_pair"), False)):
        state = position(hands={0: ["JS", "2C"], 2: ["8H", "2D"]}, field=["JH", "JD", "JC", "4S", "5S", "6S"], mover=0, dealer=3, terms=terms)
        act(state, "play JS take JH")
        assert state.window.claimable is upheld
        claim = of(finish(state, act, {1: "claim"}), "claim")[0]
        assert claim["upheld"] is upheld
        assert ("JC" in state.view(None)["field"]) is not upheld
        assert state.stats["oversights"] == int(upheld) and state.stats["incomplete_captures"] == 1


def test_a_closed_other_pair_stays_in_its_holders_hand(position, act):
    for terms, upheld in ((STANDARD_TERMS, True), (closed("other_pair"), False)):
        state = position(hands={0: ["7C", "2C"], 2: ["7D", "7S", "9H"]}, field=["7H", "4S", "5S"], mover=0, dealer=3, terms=terms)
        act(state, "play 7C take 7H")
        claim = of(finish(state, act, {2: "claim"}), "claim")[0]
        assert claim["upheld"] is upheld and (claim["what"] == "other_pair") is upheld
        assert len(state.hands[2]) == (1 if upheld else 3)


def test_the_capturer_may_lay_its_own_other_pair_unless_the_table_says_not(position, act):
    for terms, upheld in ((STANDARD_TERMS, True), (closed("other_pair_capturer"), False)):
        # Seat 0 forgot its three of 7s and captures with one of them.
        state = position(hands={0: ["7C", "7D", "7S", "2C"], 2: ["9H", "3D"]}, field=["7H", "4S", "5S", "6S"], mover=0, dealer=3, terms=terms)
        act(state, "play 7C take 7H")
        claim = of(finish(state, act, {0: "claim"}), "claim")[0]
        assert claim["seat"] == 0 and claim["upheld"] is upheld
        assert len(state.hands[0]) == (1 if upheld else 3)
    # A holder other than the capturer still may.
    state = position(hands={0: ["7C", "2C"], 2: ["7D", "7S", "9H"]}, field=["7H", "4S", "5S"], mover=0, dealer=3, terms=closed("other_pair_capturer"))
    act(state, "play 7C take 7H")
    assert of(finish(state, act, {2: "claim"}), "claim")[0]["upheld"]


@pytest.mark.parametrize(("shut", "claimed"), [
    ((), ["5C", "5D", "8C", "8D", "9C", "9D", "9H", "9S"]),
    (("laid_down_three",), ["8C", "8D", "9C", "9D", "9H", "9S"]),
    (("laid_down_four",), ["5C", "5D", "8C", "8D"]),
    (("laid_down_pair",), ["5C", "5D", "9C", "9D", "9H", "9S"]),
    (("laid_down_three", "laid_down_four", "laid_down_pair"), []),
])
def test_each_kind_of_set_in_a_laid_down_hand_can_be_closed(position, act, shut, claimed):
    # Seat 1 lies down a three of 5s, a four of 9s and a pair of 8s whose other two are in seat 2's collection.
    state = position(hands={1: ["5C", "5D", "5H", "9C", "9D", "9H", "9S", "8C", "8D"], 2: ["KC", "2S"], 3: ["4S", "KD"]},
                     field=["QH", "JS", "2D"], collections={2: ["8S", "8H"]}, mover=1, dealer=0, terms=closed(*shut))
    act(state, "lie down")
    assert state.window.claimable is bool(claimed)
    claims = of(finish(state, act, {2: "claim"}), "claim")
    assert claims[0]["upheld"] is bool(claimed) and claims[0]["cards"] == claimed
    assert state.stats["oversights"] == int(bool(claimed))


def test_a_closed_field_four_is_asked_through_the_hook_and_stays_in_the_layout(act):
    for plugins, upheld in (({}, True), ({"no_layout_claims": Plugin(claimable={"field_four": False})}, False)):
        state = game_with(**plugins).new(FishingRules(), 5, FIELD_FOUR_SEED)
        assert state.phase == "field_claim"  # the dealer still takes the layout's fours in their own decision
        act(state, "done")
        claims = of(finish(state, act, {(state.dealer + 1) % 5: "claim"}), "claim")
        assert claims[0]["upheld"] is upheld
        fours = [r for r in range(13) if sum(1 for c in state.field if c % 13 == r) == 4]
        assert bool(fours) is not upheld


def test_teaching_mode_skips_the_windows_a_closed_kind_leaves_empty(position, act):
    rules = FishingRules(mistakes="prevented")
    state = position(rules, hands={0: ["7C", "2C"], 2: ["7D", "7S", "9H"]}, field=["7H", "4S", "5S"], mover=0, dealer=3, terms=closed("other_pair"))
    act(state, "play 7C take 7H")
    assert state.phase == "turn" and state.window is None and state.stats["windows"] == 0


def test_terms_made_by_hand_are_checked_like_a_plugins_answers():
    with pytest.raises(ValueError, match="no kind of claim 'left_pairs'; the kinds are field_four, left_pair"):
        FishingTerms(closed={"left_pairs"})
    assert FishingTerms(closed={"left_pair"}) == closed("left_pair")
    with pytest.raises(ValueError, match=r"cannot empty the pot: the antes \(11\) less the reward \(10\) leave 1, but the tariff settles \+6"):
        FishingTerms(reward=10)
    with pytest.raises(ValueError, match="stakes are 0 chips or more"):
        FishingTerms(ante_other=-1, ante_dealer=10)
    assert FishingTerms(ante_dealer=6, ante_other=4, reward=10, per_pair=2, empty=-8).pot == 22


def test_from_position_checks_its_cards_as_before_and_builds_the_ledger_from_the_terms(game):
    spare = [c.code for c in standard_deck() if c.code not in {"KD", "KH", "2C", "3C"}]
    state = FishingState.from_position(game, hands={0: ["KD"]}, field=["KH", "2C", "3C"], collections={1: spare[:6]},
                                       terms=FishingTerms(ante_dealer=4, ante_other=3, reward=10))
    assert state.dealer == 4 and state.ledger == [-3, -3, -3, -3, -4] and state.pot == 16
    assert len(state.collections[4]) == 52 - 4 - 6
