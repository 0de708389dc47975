"""The hooks the Willughby fishing game publishes for house-rule plugins.

This module owns the game's hook specifications, registered with the core's
plugin manager through `register(game, hookspecs=this_module)`, and
`HOUSE_RULE_TEST`, the starting test `muggins new house-rule` gives a new
plugin. A house-rule plugin implements any of the hooks with
`muggins.hookimpl` to change the stakes, the settlement tariff or what can
be claimed, without forking the game (docs/examples/fishing_rich_pot is
such a plugin). The game calls each hook once when a match is created
(`FishingState.new`, and `FishingState.from_position` unless it is given
the terms), checks and combines the answers into the match's
`FishingTerms` (willughby_fishing.terms), and keeps them in the state, its
saved form, its records and its view, so no plugin is called inside the
play loop and a saved match restores without asking the plugins again.

Every hook receives `players` (always 5) and `rules` (the match's
`FishingRules`); an implementation may declare only the arguments it uses.
Returning None means "no change". Several plugins combine key by key: each
sets the keys it names, and two plugins setting one key to different values
are refused, naming both. An answer the game cannot use is refused in one
line naming the plugin (`muggins.HouseRuleError`) when the match is created,
never discovered mid-game.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import hookspec

__all__ = ["muggins_fishing_stakes", "muggins_fishing_tariff", "muggins_fishing_claimable", "HOUSE_RULE_TEST"]


@hookspec
def muggins_fishing_stakes(players: int, rules: Any) -> Mapping[str, int] | None:
    """The chips of each deal: the antes and the survivor's reward.

    Return a mapping with any of the keys `ante_dealer` (what the dealer puts
    in the pot at the start of every deal; standard 3), `ante_other` (what
    each of the four others puts in; standard 2) and `reward` (what the
    player taking the reward, by the `reward` house rule, takes from the pot
    when the hand stops; standard 5), each a whole number of chips, 0 or
    more; keys left out keep the standard. Unknown keys, other values and a
    reward larger than the antes (the pot would run dry before the
    settlement) are refused.

    The stakes and the tariff (`muggins_fishing_tariff`) together must empty
    the pot at every settlement, whatever the collections: the antes less
    the reward must be exactly what the tariff pays out net for every split
    of the 52 cards into five even collections. Under the standard tariff
    that is 6 chips, so a plugin raising the antes by one chip each (a pot
    of 16) must raise the reward by 5 (to 10) or change the tariff too; a
    combination that cannot empty the pot is refused at creation, naming
    the plugins that set the stakes and the tariff.
    """


@hookspec
def muggins_fishing_tariff(players: int, rules: Any) -> Mapping[int, int] | None:
    """What a collection pays or receives at the settlement, by its size.

    Return a mapping from a collection size N (an even number of cards, 0 to
    52) to the chips that collection receives (positive) or pays into the
    pot (negative); sizes left out keep the standard, (N - 8) / 2: a chip
    for each pair over or short of eight cards. Odd or out-of-range sizes
    and values that are not whole numbers are refused.

    The whole table (your sizes and the standard for the rest) must empty
    the pot after the reward for every possible split of the 52 cards into
    five even collections. That holds exactly when each pair more is worth
    the same number of chips at every size (the table is `empty + per_pair
    × N / 2` for two whole numbers) and `5 × empty + 26 × per_pair` equals
    the antes less the reward. The game checks it exactly when the match is
    created and refuses any other table with one line naming a collection
    split the pot would not survive; so a plugin changing the chips per
    pair gives the whole table, e.g. `{n: n - 8 for n in range(0, 53, 2)}`
    for two chips a pair (with stakes whose antes less the reward are 12).
    """


@hookspec
def muggins_fishing_claimable(players: int, rules: Any) -> Mapping[str, bool] | None:
    """Which kinds of claim a claim window may take: True offers the kind, False never does.

    Return a mapping with any of these keys (every one True as standard;
    keys left out keep the standard):

    - `field_four`: a four of the layout the dealer did not take (the
      dealer still takes the layout's fours in their own decision; this
      says whether one they forgot can be claimed by the others);
    - `left_pair`: the pair left on the table when a player took only one
      of three table cards of a rank;
    - `laid_down_four`: a four of a kind in a hand laid down;
    - `laid_down_three`: a pair of a three of a kind in a hand laid down
      (the third card stays on the table);
    - `laid_down_pair`: a pair in a hand laid down whose other two cards
      are already in collections;
    - `other_pair`: when a single card takes the only table card of its
      rank, the holder of the other two cards may lay them out of turn;
    - `other_pair_capturer`: the capturer may be that holder (it had a
      three and forgot to claim it); only matters while `other_pair` is on.

    A kind that is off is never due: the window still opens where it
    always does (noticing is the game, and every window asks everyone), but
    a claim there is refused at no cost, and the cards stay where they are
    (on the table, to be captured or swept, or in the holder's hand). Unknown
    keys and values other than true or false are refused.
    """


#: One pytest test that `muggins new house-rule willughby_fishing NAME` puts in the new plugin's
#: tests: a hand-made position played by the standard rules, to edit into the rule being made.
HOUSE_RULE_TEST = '''def test_a_hand_made_position_plays_by_the_standard_rule(registry):
    from muggins.testing import act
    from willughby_fishing import FishingRules, FishingState

    game = registry.game("willughby_fishing")
    # Seat 0 takes the last king with its last card, so seat 2 alone holds cards and the hand stops.
    # Cards named nowhere are in the dealer's (seat 3's) collection.
    state = FishingState.from_position(game, FishingRules(deals=1), hands={0: ["KD"], 2: ["8H", "2D"]},
                                       field=["KH", "9S", "4S"], mover=0, dealer=3)
    assert state.pot == 11 and state.ledger == [-2, -2, -2, -3, -2]  # the antes: 3 for the dealer, 2 each
    events = act(state, "play KD take KH")
    while state.decision() is not None:  # the capture's claim window: nothing is due, everyone lets it be
        events += act(state, "pass")
    reward = next(e for e in events if e["type"] == "reward")
    settle = next(e for e in events if e["type"] == "settle")
    assert (reward["seat"], reward["chips"], reward["how"]) == (2, 5, "last_holder")
    assert settle["sizes"] == [2, 0, 0, 50, 0]  # the dealer swept seat 2's hand and the table
    assert settle["chips"] == [-3, -4, -4, 21, -4]  # a chip for each pair over or short of 8 cards
    assert settle["pot"] == 0 and state.ledger == [-5, -6, -1, 18, -6]
'''
