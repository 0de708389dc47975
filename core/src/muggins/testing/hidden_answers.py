"""The kit's check that a claim's right answer, and a bot's answer to it, follow from what the responder sees.

A claim is judged by a responder from its own view. When the right answer
to a window, or to a claim on a move that later cards prove
(`muggins.later`), hangs on cards the responder cannot see, a bot copied
from the scaffold (take a correct choice) calls what it cannot know, and a
table of people could never make that call. For a game that implements
`State.determinize`, this concern, `HIDDEN_ANSWERS`, deals the cards
hidden from the responder afresh a few times (worlds that look the same
from its seat) at the decisions where a claim is at stake: an open window
(the first few of each deep walk, or each of a game that declares
`Capabilities.later_claims`) or a decision offering a `LaterClaim`. In
every world the decision must call the same claims right
(`claims_are_judged_from_the_view`), and the walk's bot in that seat must
give the same answer (`bots_decide_on_what_they_see`), else the failure
names the claim, the seat and the two answers. Search players are left
out of the bot check: they imagine hidden cards by design, from their view
(and so is a bot that cannot be copied, since each world asks a copy).
"""

from __future__ import annotations

import copy
import random
from typing import Any, Sequence

from ..actions import Action, Claim
from ..game import capabilities_of
from ..later import is_later_claim
from ..rng import derive_rng
from ..sampler import wants_sampler
from .walk import Concern, MatchWalk

WORLDS = 3
"""How many other deals of the hidden cards each claim is judged in."""
WINDOWS_PER_MATCH = 4
"""How many ordinary windows per deep walk are judged (each costs `WORLDS` determinizations); later claims are judged every time."""


def _at_stake(walk: MatchWalk, decision: Any) -> bool:
    """Whether a claim is at stake in `decision` (worked out once per step, for both checks)."""
    step = len(walk.decisions)
    if walk.stake is None or walk.stake[0] != step:
        walk.stake = (step, _claim_at_stake(walk, decision))
    return walk.stake[1]


def _claim_at_stake(walk: MatchWalk, decision: Any) -> bool:
    """A later claim offered, or a window open (the first few per match, or each for a game with later claims)."""
    state = walk.state
    if not capabilities_of(state.game).determinize:
        return False
    if any(is_later_claim(choice) for choice in decision.choices):
        return True
    if state.open_window() is None:
        return False
    if capabilities_of(state.game).later_claims:
        return True
    if not walk.deep:
        return False  # an ordinary window is judged in deep walks only (`deep_every`), as the other costly checks run
    walk.judged += 1
    return walk.judged <= WINDOWS_PER_MATCH


def _claims(decision: Any) -> Sequence[Action]:
    """The choices whose rightness is a claim's: every choice of a window, else the claims offered beside the seat's moves."""
    if decision.kind == "respond" or any(isinstance(choice, Claim) and not is_later_claim(choice) for choice in decision.choices):
        return decision.choices
    return [choice for choice in decision.choices if is_later_claim(choice)]


def _worlds(walk: MatchWalk, decision: Any) -> list[tuple[Any, Any]]:
    """(world, the seat's decision in it) for a few deals of the cards hidden from the seat to act, made once per decision."""
    found = walk.worlds
    step = len(walk.decisions)
    if found is not None and found[0] == step:
        return found[1]
    seat, worlds = decision.seat, []
    for index in range(WORLDS):
        world = walk.state.determinize(seat, random.Random(derive_rng(walk.seed, "hidden answers", step, index).getrandbits(63)))
        worlds.append((world, world.decision()))
    walk.worlds = (step, worlds)
    return worlds


def claims_are_judged_from_the_view(walk: MatchWalk, decision: Any) -> None:
    """A claim at stake is right (or wrong) in every deal of the hidden cards the responder's view allows."""
    if not _at_stake(walk, decision):
        return
    at_stake = {str(choice) for choice in _claims(decision)}
    right = sorted(str(choice) for choice in decision.correct if str(choice) in at_stake)
    for world, found in _worlds(walk, decision):
        theirs = sorted(str(choice) for choice in found.correct if str(choice) in at_stake)
        if theirs != right:
            raise walk.fail(f"at decision {len(walk.decisions) + 1} the right answer of seat {decision.seat} to a claim depends on cards "
                            f"hidden from it: {right} in the real deal, {theirs} in another deal its view allows; call a claim "
                            f"right only once its proof is public (muggins.later)")


def bots_decide_on_what_they_see(walk: MatchWalk, decision: Any) -> None:
    """The walk's bot in the seat to act gives the same answer to a claim at stake in every deal its view allows."""
    if not _at_stake(walk, decision):
        return
    bot = walk.bots[decision.seat] if decision.seat < len(walk.bots) else None
    if bot is None or wants_sampler(bot):
        return
    at_stake = {str(choice) for choice in _claims(decision)}

    def answer(world: Any, found: Any) -> str:
        # A copy per world: the same random stream and memory for each, and the walk's bot left as it was. The game
        # and the registry a bot may hold are shared, not copied.
        try:
            asked = copy.deepcopy(bot, {id(walk.game): walk.game, id(walk.registry): walk.registry, id(walk.state): walk.state})
        except Exception:
            return ""
        chosen = str(asked.choose(world.view(decision.seat), found))
        return chosen if chosen in at_stake else "(no claim)"

    mine = answer(walk.state, decision)
    for world, found in _worlds(walk, decision):
        theirs = answer(world, found)
        if theirs != mine:
            kind = walk.kinds[decision.seat]
            raise walk.fail(f"at decision {len(walk.decisions) + 1} the {kind} bot in seat {decision.seat} answers {mine!r} in the real "
                            f"deal and {theirs!r} in another deal its view allows: it decides on cards it cannot see")


# The bot first: a bot that follows a game's leaky verdict is named as the one calling on hidden cards.
HIDDEN_ANSWERS = Concern("hidden answers", before=(bots_decide_on_what_they_see, claims_are_judged_from_the_view))
