"""House rule for the Willughby fishing game: a richer pot, and all of the extra goes to the survivor.

Every player antes one chip more (the dealer 4, the others 3: a pot of 16
instead of 11) and the player taking the reward takes 10 chips instead of
5. The settlement is unchanged (a chip for each pair over or short of eight
cards, 6 chips out of the pot net), so the pot still empties at every
settlement: 16 - 10 = 6. The whole plugin is this one hook implementation;
the game asks it once per match and plays the whole match by its answer.
"""

from muggins import hookimpl

#: The fishing game versions this plugin was written and tested against.
MUGGINS_SUPPORTS = {"willughby_fishing": "1.*"}


@hookimpl
def muggins_fishing_stakes(players, rules):
    """Antes 4 (dealer) and 3 (the others); the survivor's reward 10."""
    return {"ante_dealer": 4, "ante_other": 3, "reward": 10}
