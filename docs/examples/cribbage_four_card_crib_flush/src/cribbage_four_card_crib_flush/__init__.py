"""House rule for cribbage: a four-card flush in the crib scores 4, as the hand's four-card flush does.

The whole plugin is this one hook implementation and the versions of the
game it supports. Cribbage asks every installed plugin once per match what
the show's items score; this one answers that the crib's four-card flush
(the four crib cards of one suit, the starter of another) is worth 4
instead of nothing. The true counts, breakdowns, muggins settlements and
the bots' discards follow. A rules file's `[plugins]` table
(`cribbage_four_card_crib_flush = false`) switches it off for a match.
"""

from muggins import hookimpl

#: The cribbage versions this rule was written and tested against (checked when plugins load).
MUGGINS_SUPPORTS = {"cribbage_muggins": "1.*"}

HAND_FOUR_FLUSH = 4


@hookimpl
def muggins_cribbage_show_scoring(players, rules):
    """The crib's four-card flush scores what a hand's does, whatever the table."""
    return {"crib four-flush": HAND_FOUR_FLUSH}
