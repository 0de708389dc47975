"""The hooks cribbage publishes for house-rule plugins, and the starting test `muggins new house-rule` pastes.

This module owns the game's hook specifications, registered with the core's
plugin manager through `register(CribbageGame(), hookspecs=this_module)`: what
a show item scores, what a pegging item scores, and the target with its
skunk lines. Each hook returns data (a table of item names to points, or of
settings to numbers), never a callable. The game asks every house-rule plugin
in force once, when a match is created (`CribbageGame.house_rules`), keeps
the combined answers in the match's state and its saves, and builds its
scoring tables from them, so no plugin is called inside the play loop and a
saved match restores without asking the plugins again. An answer the game
cannot use is refused at that moment with a one-line `muggins.HouseRuleError`
naming the plugin; two plugins giving the same item or setting different
values are refused naming both (the same value from both is accepted).
docs/examples/cribbage_four_card_crib_flush is such a plugin.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import hookspec

__all__ = ["muggins_cribbage_show_scoring", "muggins_cribbage_peg_scoring", "muggins_cribbage_target", "HOUSE_RULE_TEST"]


@hookspec
def muggins_cribbage_show_scoring(players: int, rules: Any) -> Mapping[str, int] | None:
    """What items of the show (hands and crib) score, replacing the standard points of the items named.

    Return a mapping of item names to points, or None for no change. Items
    (standard points in brackets): "fifteen" (2, each combination of cards
    adding to 15), "pair" (2, each pair; three of a kind is three pairs),
    "run card" (1, each card of each run: a run of 3 scores 3 per way),
    "hand four-flush" (4, the four hand cards of one suit, the starter not),
    "five-flush" (5, hand or crib: the four cards and the starter of one
    suit), "crib four-flush" (0, the four crib cards of one suit, the starter
    not) and "nobs" (1, the jack of the starter's suit). `{"crib four-flush":
    4}` scores a four-card flush in the crib as in a hand; `{"nobs": 2}`
    doubles nobs; 0 drops an item (it then appears in no breakdown).

    Called once per match, when it is created (and again by the engine to
    size the match's decision bound, so answer the same for the same
    arguments), with the player count and the match's rules (a
    `CribbageRules`). The answers of every plugin in force are combined by
    item: a plugin's items replace the standard ones; two plugins giving the
    same item different points is refused naming both. Refused, in one line
    naming the plugin: an answer that is not a mapping, an unknown item
    name, points that are not whole numbers from 0 to 100
    (`scoring.MAX_ITEM_POINTS`). Everything that counts a show follows the
    combined table: the true counts (settlements and automatic shows), the
    breakdowns, the range a count is announced in (0 to the largest total a
    hand or crib can score), the expert's and novice's counts and discards.
    """


@hookspec
def muggins_cribbage_peg_scoring(players: int, rules: Any) -> Mapping[str, int] | None:
    """What pegging items score, replacing the standard points of the items named.

    Return a mapping of item names to points, or None for no change. Items
    (standard points in brackets): "fifteen" (2, the count brought to 15),
    "thirty-one" (2, to 31), "pair" (2, the card pairs the card before),
    "pair royal" (6, three of a rank in a row), "double pair royal" (12,
    four), "run card" (1, each card of the run the card ends), "go" (1),
    "last card" (1) and "his heels" (2, to the dealer for a jack turned as
    the starter). 0 drops an item (a go or his heels worth 0 is then not
    narrated either).

    Called once per match, when it is created (and again to size its
    decision bound), with the player count and the match's rules. Combined
    by item as `muggins_cribbage_show_scoring` is; two plugins giving the
    same item different points is refused naming both. Refused, in one line
    naming the plugin: what that hook refuses, and "last card" or
    "thirty-one" below 1 (the last card of every deal scores one of them,
    which is what makes every game end). The game's pegging, its narration
    (`why` of each `peg` event) and the expert's pegging follow the table.
    """


@hookspec
def muggins_cribbage_target(players: int, rules: Any) -> Mapping[str, int | None] | None:
    """The target and the skunk lines, replacing what the rules say for the settings named.

    Return a mapping with any of "target" (points to win, a whole number
    from 31 to 1000), "skunk_line" (a losing side below it is skunked) and
    "double_skunk_line" (below it, double-skunked), or None for no change. A
    line set to None means that game has no such line; a line not named
    follows the rules' `skunk_line` / `double_skunk_line`, whose automatic
    value (0, the default) is worked out from the target in force: the
    target less 30, and the target less 60 where that is at least 31. So
    `{"target": 91}` plays to 91 with skunks under 61 and double skunks
    under 31, and `{"double_skunk_line": None}` drops the double skunk.

    Called once per match, when it is created (and again to size its
    decision bound), with the player count and the match's rules. Combined
    by setting: two plugins giving the same setting different values is
    refused naming both. Refused, in one line naming the plugin: an answer
    that is not a mapping, an unknown setting, a target that is not a whole
    number from 31 to 1000, a line that is not a whole number from 1 up and
    below the target, a double-skunk line not below the skunk line, or a
    double-skunk line without a skunk line. The `game_over` event carries
    the target and lines in force (`target`, `skunk_line`,
    `double_skunk_line`), which its narration names.
    """


#: The starting test of a new house-rule plugin (`muggins new house-rule cribbage_muggins NAME` pastes it):
#: a hand-made position and what the standard rules make of it, for the author to edit into the new rule.
HOUSE_RULE_TEST = '''
def test_a_hand_made_position_plays_by_the_standard_rule(registry):
    """Seat 0 deals; the shows are scored automatically. Edit the expected counts into your rule's."""
    from cribbage_muggins.rules import CribbageRules
    from cribbage_muggins.state import CribbageState

    game = registry.game("cribbage_muggins")
    state = CribbageState.from_position(
        game, CribbageRules(muggins=False), players=2, dealer=0, phase="show", starter="KC",
        hands={1: ["4C", "5D", "6H", "6S"], 0: ["2C", "7C", "9C", "QC"]},  # a double run; a five-card flush
        crib=["3H", "8H", "TH", "QH"])  # four hearts: the standard crib scores no four-card flush
    shown = {(e["seat"], e["what"]): e["points"] for e in state.opening_events() if e["type"] == "show_score"}
    assert shown == {(1, "hand"): 14, (0, "hand"): 5, (0, "crib"): 0}
    assert state.max_count == 29  # a count is announced from 0 to 29
'''
