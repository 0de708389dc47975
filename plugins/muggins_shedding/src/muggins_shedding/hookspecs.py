"""The hooks the shedding game publishes for house-rule plugins, and the test a new house rule starts from.

This module owns the game's own hook specifications, registered with the
core's plugin manager through `register(game, hookspecs=this_module)`: which
ranks touch, the order of priority among destinations, and the penalty
cards on an upheld Muggins call; and which ranks no longer touch. A house-rule plugin implements any of them
with `muggins.hookimpl` to change one rule without forking the game
(docs/examples/shedding_k_touches_a is such a plugin). The game calls each
hook once when a match is created, through `muggins.call_house_rules` (so a
rules file's `[plugins]` table can switch a plugin off for a match), checks
the answers and keeps them in the match's state, its records and its view:
no plugin call happens inside the play loop and a saved match replays the
same way. An answer the game cannot use is refused when the match is
created, in one line naming the plugin (`muggins.HouseRuleError`).
`HOUSE_RULE_TEST` is the source of the test `muggins new house-rule
muggins_shedding NAME` writes into a new plugin's tests.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from muggins import hookspec


@hookspec
def muggins_shedding_adjacent_ranks(players: int, rules: Any) -> Iterable[tuple[int, int]]:
    """Extra pairs of ranks that touch (fit on each other), beyond one rank apart.

    Ranks are numbers, A=1 … K=13. Return pairs such as `[(13, 1)]` (a king
    and an ace touch, both ways), or None (or `[]`) for no change. Called
    once per match, when it is created, with the player count and the
    match's house rules (`SheddingRules`). Every in-force plugin's pairs are
    added together (the order of a pair and repeats do not matter); a pair
    any plugin takes away with `muggins_shedding_parted_ranks` stays apart.
    Refused, naming the plugin: an answer that is not a list of pairs, a
    rank outside 1..13, a pair of equal ranks (the seed: equal ranks never fit).
    """


@hookspec
def muggins_shedding_parted_ranks(players: int, rules: Any) -> Iterable[tuple[int, int]]:
    """Pairs of ranks that do not touch, though one rank apart or added by a plugin: the way to take a fit away.

    Ranks are numbers, A=1 … K=13. Return pairs such as `[(12, 13)]` (a
    queen and a king no longer fit on each other, both ways), or None (or
    `[]`) for no change. `[(13, r) for r in range(1, 12)]` says "a King
    may be followed only by a Queen", whatever other plugins add
    (docs/examples/shedding_king_queen). Called once per match, when it is
    created, with the player count and the match's house rules.

    Combining several plugins: every plugin's added pairs
    (`muggins_shedding_adjacent_ranks`) are united, every plugin's parted
    pairs are united, then the parted pairs are taken away. So a pair one
    plugin adds and another parts does not touch: taking away wins, whatever
    the plugins' names, because a rule naming what may not be played is the
    narrower statement and an addition never needs to forbid anything. A
    parted pair that does not touch anyway changes nothing (and a plugin
    whose every answer changes nothing is listed as changing nothing).
    Refused, naming the plugin, as `muggins_shedding_adjacent_ranks` refuses.
    A fitting card still has to go somewhere: a card that fits nowhere goes
    on the mover's own discard, as in the standard game.
    """


@hookspec
def muggins_shedding_destination_order(players: int, rules: Any) -> Sequence[str | Sequence[str]] | None:
    """The order of priority among the destinations of a fitting card (RULES.md shedding item 3).

    Return the destination kinds, highest priority first, or None for no
    change. The kinds: `"common"` (every common pile whose top fits; the
    mover chooses among several), `"opponent"` (the first opponent discard
    clockwise from the mover's left whose non-empty top fits; with the rule
    `opponent_discards = "nearest_only"` only the nearest non-empty one
    counts), `"own"` (the mover's own discard when its non-empty top fits).
    The first kind with a fitting pile gives the correct destinations; when
    none fits, the card goes on the mover's own discard whatever its rank,
    as in the standard game. An item may be a list of kinds of equal
    priority (a tier: every fitting pile of the tier is correct, and the
    mover, or after an upheld call the offender, chooses). The standard
    order is `["common", "opponent", "own"]`; `["common", "own",
    "opponent"]` lets a fitting own discard come before the opponents';
    `[["common", "opponent"]]` lets the mover pick a fitting common or the
    first fitting opponent discard; `["common"]` never feeds an opponent.
    Called once per match, when it is created, with the player count and
    the match's house rules. Each kind at most once; `"own"` left out counts
    as listed last. Several plugins: those answering None are ignored; the
    others must give the same order, else it is a conflict naming two of
    them. Refused, naming the plugin: not a list, an unknown or repeated
    kind, an empty tier, an order naming neither `"common"` nor
    `"opponent"` (no card could leave its owner, so no hand could be won).
    """


@hookspec
def muggins_shedding_penalty_cards(players: int, rules: Any) -> int | None:
    """How many cards each donor gives the offender on an upheld Muggins call (RULES.md shedding item 5).

    Return a whole number from 0 (no penalty) to 52, or None for no change
    (the standard game: 1). After the correction, each other player in turn,
    clockwise from the offender's left, moves the top card of their closed
    stock to the bottom of the offender's stock, that many times, each card
    under the previous one; a donor whose stock runs out first turns their
    discard over (unshuffled) and goes on; a donor with no cards left gives
    fewer (none if they had none). A donor left with no cards after giving
    has gone out and wins when the correction ends (the first such donor
    clockwise). Called once per match, when it is created, with the player
    count and the match's house rules. Several plugins: those answering None
    are ignored; the others must give the same number, else it is a
    conflict naming two of them. Refused, naming the plugin: a value that is
    not a whole number (True and False included), a negative number, more
    than 52.
    """


HOUSE_RULE_TEST = '''
def test_a_hand_made_position_plays_by_the_standard_rule(registry):
    from muggins.testing import act
    from muggins_shedding import SheddingState

    game = registry.game("muggins_shedding")
    # Seat 0 turns 6H. Common 5C fits, and so does seat 1's discard 7D: the common comes first.
    state = SheddingState.from_position(
        game, players=4, commons=["5C", "KH"], discards={1: ["7D"]}, mover=0, exposed="6H",
        stocks={0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]},
    )
    assert [str(a) for a in state.decision().correct] == ["play 6H to common 1"]
    # Put on seat 1's discard instead, it is an error: seat 1 calls Muggins, the card moves
    # to the common and each other player gives one card from the top of their stock.
    act(state, "play 6H to discard 1")
    events = act(state, "muggins")
    assert [e["pile"] for e in events if e["type"] == "correction"] == ["common 1"]
    assert [e["card"] for e in events if e["type"] == "penalty"] == ["8C", "8H", "7C"]
'''
