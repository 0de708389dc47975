"""The search player: determinized Monte Carlo tree search over worlds drawn from a sealed sampler.

`SearchPlayer` answers a decision by running `iterations` simulations (a
count, never a time, so a replay, a resume and the contract kit take the
very same choices). Each simulation draws a world from the sampler the
engine bound it to (`muggins.sampler`: the match with everything hidden
from its seat dealt afresh, the seed replaced), descends the tree
(`muggins.search.tree`) by UCT through the moves that world offers,
expanding one new move, plays the rest of the match out with rollout
players (a seat spec, `random` by default) in a quiet `Match`, and backs
the returns up (`win_share` of the result, or the scores scaled to 0..1).
Where the game's states offer a horizon (`horizon_returns(origin,
returns)`, optional: cribbage's is the end of the deal searched) and
`horizon` is on (the default), each simulation stops at the first decision
past it and backs up the state's estimate instead of playing on. With
`opponents="rollout"` the other seats' moves inside the tree are the
rollout players' too, so only the seat's own decisions are searched.
It answers with the root move visited most. All its randomness comes from
the stream its factory was given, one fresh generator per decision; it
keeps no tree between decisions. Challenge windows are decisions like any
other, so it calls when calling pays in the worlds it imagines. By
default (`only_correct`) it chooses, at its own decisions in the tree as
at the table, only among the decision's correct choices, and so declares
both of the engine's shortcuts (a sole correct choice, the standing answer
in an unclaimable window); with `only_correct=False` it takes no shortcut,
searches every decision, windows included, and may choose a mistake where
one pays (a study's question; a small budget spread over every wrong count
in cribbage makes it weak). A decision with a single candidate costs
nothing. Between simulations it calls `muggins.thinking.keep_thinking()`,
so a front end's limit on one decision can stop it (with no move made);
under such a limit it also checks it at every move of a simulation, in
the tree and in the rollout, since one imagined match may never end in
any time a person waits (a shedding match of ten thousand hands). With no
limit in force the rollout plays as fast as the engine can, unchecked.

A game may guide it (the evaluator seam, all optional): `Game.search_prior
(view, decision, seat)` weighs the decision's choices from the seat's view
alone (a plain copy, so no hidden card is in reach); with `prior` on (the
default) the root of the tree then selects by PUCT (`muggins.search.tree.
select_by_prior`: a choice the prior favours is tried first and visited
more, one it gives little may never be tried), and the answer is the
prior's favourite unless another choice was visited at least `1 + margin`
times as often (`prior_or_most_visited`): with few simulations it plays as
its prior, and departs only on evidence. A prior handed back as a
`muggins.search.priors.Prior` may also scale the decision's budget
(`effort`; 0 answers the favourite without simulating) and replace the
margin, so a game can spend the search where its expert's target is the
wrong one and copy the expert elsewhere. Below the root the tree is UCT as
before. The game's value for a position is its horizon (above). Nodes are
keyed by what the searching seat can tell apart (the seat to act and the
text of its choice), so every world that offers the same move shares its
node. `Game.search_defaults` (seat options as texts) fills the options a
seat spec leaves out (`make_search_player`). `seconds` (0: none, the
default) bounds a decision's time as well as its count: the search stops
at whichever comes first and answers the best move found so far, which
makes its choices depend on the machine; a record's seat spec names
`seconds`, and `muggins replay --verify` reports such seats' moves as not
checked.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..actions import Action, Decision
from ..engine import LazyView, Match
from ..game import capabilities_of
from ..players import PlayerRefused, RandomPlayer, Seating, make_players, parse_seat
from ..thinking import keep_thinking, limit_in_force
from .tree import Node, backup, most_visited, prior_or_most_visited, select, select_by_prior

if TYPE_CHECKING:
    from ..registry import Registry

__all__ = ["SearchPlayer", "win_share", "score_share", "RETURNS"]

RETURNS = ("wins", "scores")
OPPONENTS = ("tree", "rollout")


def win_share(result: Any, players: int, side_of: Sequence[int]) -> list[float]:
    """One return per seat: each winning side's share of the win (1 between sides that tie: 1/n each), 0 for the rest, 0 for all in a draw.

    Partners win together: `side_of[seat]` names each seat's side, and every seat of a winning side gets the side's share.
    """
    winners = result.winners
    if not winners:
        return [0.0] * players
    share = 1.0 / len({side_of[s] for s in winners})
    won = set(winners)
    return [share if s in won else 0.0 for s in range(players)]


def score_share(result: Any, players: int, side_of: Sequence[int]) -> list[float]:
    """One return per seat: its score scaled to 0..1 between the lowest and the highest of the match (0.5 each when all are equal)."""
    scores = list(result.scores)[:players]
    if len(scores) < players:
        return win_share(result, players, side_of)
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * players
    return [(x - low) / (high - low) for x in scores]


class SearchPlayer:
    """Information-set MCTS by determinization: `iterations` simulations per decision, UCT with `exploration`, rollouts by `rollout`.

    `takes_sole_correct_choice` and `stands_in_unclaimable_windows` are set on the instance, true with `only_correct`.
    """

    takes_sole_correct_choice = False
    stands_in_unclaimable_windows = False

    wants_sampler = True  # the engine binds it to a muggins.sampler.SeatSampler of its match

    def __init__(
        self,
        rng: random.Random,
        game: Any = None,
        seat: int | None = None,
        iterations: int = 200,
        exploration: float = 0.7,
        rollout: str = "random",
        returns: str = "wins",
        only_correct: bool = True,
        horizon: bool = True,
        opponents: str = "tree",
        prior: bool = True,
        margin: float = 1.0,
        seconds: float = 0.0,
        registry: Registry | None = None,
        **_: Any,
    ) -> None:
        if returns not in RETURNS:
            raise ValueError(f"search returns must be one of {', '.join(RETURNS)}, not {returns!r}")
        kind, _options = parse_seat(rollout)
        if kind == "search":
            raise ValueError("a search player's rollouts cannot be search players (rollout=search would search inside every rollout)")
        self.rng = rng
        self.game = game
        self.seat = seat
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.registry = registry  # where a rollout that is not `random` is seated from (make_players passes its own)
        self.returns = returns
        self._returns = win_share if returns == "wins" else score_share
        self.horizon = horizon
        if opponents not in OPPONENTS:
            raise ValueError(f"search opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}")
        self.opponents = opponents
        self.only_correct = only_correct
        if only_correct:
            # Choosing only among correct choices, it takes a sole correct one without drawing and
            # stands in a window nobody can win (whose only correct answer is the standing one).
            self.takes_sole_correct_choice = True
            self.stands_in_unclaimable_windows = True
        self.prior = prior
        self.margin = margin
        self.seconds = seconds
        self.simulations = 0  # how many the last decision ran (0: answered without searching)
        self._sampler: Any = None

    def bind(self, sampler: Any) -> None:
        """Take the sampler of the match this player sits in (the engine calls it once per match)."""
        self._sampler = sampler

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.correct if self.only_correct else decision.choices
        if len(choices) == 1:
            self.simulations = 0
            return choices[0]
        if self._sampler is None:
            raise RuntimeError("a search player must be seated through muggins.engine.Match, which hands it its sampler")
        rng = random.Random(self.rng.getrandbits(63))  # one generator per decision, from the factory's stream
        seat = decision.seat
        keys = [(seat, str(choice)) for choice in choices]
        sample, exploration, only_correct = self._sampler.sample, self.exploration, self.only_correct
        root: Node | None = None
        rollout_players = None
        horizon: Any = None  # the world searched from, when simulations stop at the game's horizon
        returns_kind = self.returns
        modelled = self.opponents == "rollout"
        prior, favourite, effort, margin = self._root_prior(view, decision, keys) if self.prior else (None, None, 1.0, None)
        margin = self.margin if margin is None else margin
        budget = round(self.iterations * effort)
        self.simulations = 0
        if favourite is not None and budget < 1:
            # The game says search would not better its prior here: its favourite, at no cost.
            return choices[keys.index(favourite)]
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        limit = limit_in_force()
        for done in range(max(budget, 1)):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break  # the time limit: answer with what the simulations so far found
            keep_thinking()  # a front end's limit on one decision (the browser table's) stops it between simulations
            world = sample(rng)
            world.events_wanted = False  # nobody reads an imagined world's events
            players = world.players
            if root is None:
                root = Node(players)
                rollout_players = self._rollout_players(world, rng.getrandbits(63))
                side_of = self._sides(world)
                if self.horizon and capabilities_of(world.game).horizon_returns:
                    # One copy per decision: what horizon_returns may read of the position searched is public.
                    horizon = world.clone()
            node, path = root, [root]
            estimate = None
            while True:
                found = world.decision()
                if found is None:
                    break
                if limit is not None:
                    limit.check()  # the other seats' moves (opponents="rollout") may go on for as long as a rollout
                if horizon is not None:
                    estimate = world.horizon_returns(horizon, returns_kind)
                    if estimate is not None:
                        break
                acting = found.seat
                if modelled and acting != seat:
                    # The other seats move as the rollout players would: they are not searched.
                    world.apply(acting, rollout_players[acting].choose(LazyView(world, acting), found))
                    continue
                by_text = {str(choice): choice for choice in (found.correct if only_correct and acting == seat else found.choices)}
                offered = [(acting, text) for text in by_text]
                if prior is not None and node is root:
                    key, new = select_by_prior(node, acting, offered, prior, exploration)
                else:
                    key, new = select(node, acting, offered, exploration, rng)
                world.apply(acting, by_text[key[1]])
                if new:
                    node.children[key] = Node(players)
                node = node.children[key]
                path.append(node)
                if new:
                    break
            if estimate is None:
                estimate = self._simulate(world, rollout_players, horizon, side_of, limit)
            backup(path, estimate)
            self.simulations += 1
        if favourite is not None:
            chosen = prior_or_most_visited(root, seat, keys, favourite, margin)
        else:
            chosen = most_visited(root, seat, keys)
        return choices[keys.index(chosen)]

    def _root_prior(self, view: Mapping[str, Any], decision: Decision, keys: list[tuple[int, str]]) -> tuple[dict | None, Any, float, float | None]:
        """The game's prior over the root's keys, normalised to sum 1, its favourite key, and its effort and margin; (None, None, 1.0, None) where the game gives none.

        The game is handed a plain copy of the view (a lazy view would reach
        the state, hidden cards and all). ValueError for a prior that names a
        choice the decision does not offer or weighs one negative or not at all.
        A plain mapping asks for the seat's own budget and margin; a
        `muggins.search.priors.Prior` may scale the one and replace the other.
        """
        none: tuple[dict | None, Any, float, float | None] = (None, None, 1.0, None)
        if self.game is None or not capabilities_of(self.game).search_prior:
            return none
        weights = self.game.search_prior(dict(view), decision, decision.seat)
        if not weights:
            return none
        effort, margin = float(getattr(weights, "effort", 1.0)), getattr(weights, "margin", None)
        offered = {str(choice) for choice in decision.choices}  # a weight on a mistake the search does not weigh is harmless
        for text, weight in weights.items():
            if text not in offered:
                raise ValueError(f"{self.game.name}: search_prior names {text!r}, which is not among the choices offered")
            if not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight < 0:
                raise ValueError(f"{self.game.name}: search_prior weighs {text!r} {weight!r}; weights are finite and not negative")
        total = float(sum(weights.values()))
        if total <= 0:
            return none
        prior = {key: weights.get(key[1], 0.0) / total for key in keys}
        favourite = max(keys, key=lambda key: prior[key])  # the first of the heaviest
        return prior, favourite, effort, margin

    # -- rollouts -----------------------------------------------------------------------------
    def _rollout_players(self, world: Any, seed: int) -> list[Any]:
        """One rollout player per seat, made once per decision (random: one shared random player).

        A `Seating` carrying the search's registry: a rollout's match names
        the plugin behind a fault (the game's code ending it) by it.
        """
        if self.rollout == "random":
            shared = Seating([RandomPlayer(random.Random(seed))] * world.players)
            shared.registry = self.registry
            return shared
        if self.registry is None:
            raise PlayerRefused(f"the search player's rollout {self.rollout!r} needs the registry its kind comes from "
                                "(seat it with make_players, or pass registry=)")
        try:
            return make_players(self.registry, world.game, [self.rollout] * world.players, seed)
        except (KeyError, ValueError) as exc:
            raise PlayerRefused(f"the search player's rollout {self.rollout!r} cannot play {world.game.name}: {exc}") from None

    def _simulate(self, world: Any, players: list[Any], horizon: Any, side_of: list[int], limit: Any = None) -> Sequence[float]:
        """The returns of one simulation from `world`: played to the end, or to the game's horizon when one is in use.

        Under a thinking `limit` the limit is checked before every move
        (ThinkingStopped past it); without one the match runs unchecked,
        with every shortcut the engine takes for a quiet match.
        """
        if world.decision() is None:
            return self._returns(world.result(), world.players, side_of)
        match = Match(world, players, narrate_opening=False)
        if horizon is None:
            if limit is None:
                return self._returns(match.run(), world.players, side_of)
            check = limit.check

            def checked(_seat: int) -> bool:
                check()
                return False

            match.advance(checked)
            return self._returns(world.result(), world.players, side_of)
        returns_kind = self.returns
        reached: list[Any] = []

        def at_horizon(_seat: int) -> bool:
            if limit is not None:
                limit.check()
            estimate = world.horizon_returns(horizon, returns_kind)
            if estimate is None:
                return False
            reached.append(estimate)
            return True

        if match.advance(at_horizon) is not None:
            return reached[-1]
        return self._returns(world.result(), world.players, side_of)

    @staticmethod
    def _sides(world: Any) -> list[int]:
        sides = world.game.sides(world.rules, world.players)
        side_of = list(range(world.players))
        for index, seats in enumerate(sides or ()):
            for s in seats:
                side_of[s] = world.players + index
        return side_of
