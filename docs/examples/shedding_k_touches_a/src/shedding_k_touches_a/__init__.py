"""House rule for the shedding game: a king and an ace touch, so ranks wrap round K-A.

The whole plugin is this one hook implementation and the versions of the
game it supports. The shedding game asks every installed plugin for extra
touching rank pairs once per match, so K on A and A on K become ordinary
fits: correct, and mandatory by the usual priority (a fitting common first,
then the first fitting opponent discard). A rules file's `[plugins]` table
(`shedding_k_touches_a = false`) switches it off for a match.
"""

from muggins import hookimpl

#: The shedding game versions this rule was written and tested against (checked when plugins load).
MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}

KING, ACE = 13, 1


@hookimpl
def muggins_shedding_adjacent_ranks(players, rules):
    """A king and an ace touch, whatever the player count and house rules."""
    return [(KING, ACE)]
