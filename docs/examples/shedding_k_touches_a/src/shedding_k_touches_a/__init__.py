"""House rule for the shedding game: a king and an ace touch, so ranks wrap round K-A.

The whole plugin is this one hook implementation. The shedding game asks
every installed plugin for extra touching rank pairs once per match, so K
on A and A on K become ordinary fits: correct, and mandatory by the usual
priority (a fitting common first, then the first fitting opponent discard).
"""

from muggins import hookimpl

KING, ACE = 13, 1


@hookimpl
def muggins_shedding_adjacent_ranks(players, rules):
    """A king and an ace touch, whatever the player count and house rules."""
    return [(KING, ACE)]
