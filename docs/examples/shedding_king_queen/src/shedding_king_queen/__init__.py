"""House rule for the shedding game: a king may be followed only by a queen, whatever other house rules add.

The whole plugin is this one hook implementation and the versions of the
game it supports. It takes touching pairs away
(`muggins_shedding_parted_ranks`): every pair of a king with a rank other
than the queen. The game unites every plugin's added pairs, then takes the
parted ones away, so beside a plugin making K and A touch
(docs/examples/shedding_k_touches_a) a king goes on an ace no more; alone,
it changes nothing (a king touches only a queen in the standard game), and
`muggins list`, `muggins plugins` and `play` say so.
"""

from muggins import hookimpl

#: The shedding game versions this rule was written and tested against (checked when plugins load).
MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}

KING, QUEEN = 13, 12


@hookimpl
def muggins_shedding_parted_ranks(players, rules):
    """A king touches no rank but the queen: every other pair with a king is parted."""
    return [(KING, rank) for rank in range(1, 14) if rank not in (KING, QUEEN)]
