"""The search tree of a determinized Monte Carlo tree search: nodes, UCT selection and max^n backup, free of muggins.

A `Node` stands for the moves taken so far from the decision searched. Its
children are keyed by `(seat, action text)`: the seat that acts there and
the text of its choice (texts are unique within a decision), so worlds in
which a different seat or different choices come up share what they have in
common and go their own way where they differ (each world descends only
through the keys it offers). Every node keeps its visits and, per seat, the
total of the returns that passed through it; `select` picks for the seat to
act the child with the best upper confidence bound on that seat's own mean
return (max^n: every seat plays for itself), expanding an untried key first;
`backup` adds a vector of returns along a path; `most_visited` picks the
final move. Where a prior over the keys is known (the game's, at the
decision searched), `select_by_prior` picks by PUCT instead: the mean
return plus `exploration * prior * sqrt(visits of node) / (1 + visits of
child)`, an untried key valued at the node's own mean (so a key the prior
favours is tried first and one it gives little may never be), and
`prior_or_most_visited` keeps the prior's favourite unless another key was
visited clearly more. Nothing here knows about games: keys are any hashable pairs.
"""

from __future__ import annotations

import math
import random
from typing import Hashable, Sequence

__all__ = ["Node", "select", "select_by_prior", "backup", "most_visited", "prior_or_most_visited"]


class Node:
    """Visits and per-seat return totals of one place in the tree, and its children by (seat, text)."""

    __slots__ = ("children", "visits", "totals")

    def __init__(self, seats: int) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.totals = [0.0] * seats

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


def select(node: Node, seat: int, keys: Sequence[Hashable], exploration: float, rng: random.Random) -> tuple[Hashable, bool]:
    """The key to follow from `node` among `keys` (those this world offers), and whether it is new.

    A key never tried is taken first (a uniform pick among them, so the order
    keys come in biases nothing); otherwise the child maximising `seat`'s mean
    return plus `exploration * sqrt(ln(visits of node) / visits of child)`,
    the first such key on a tie.
    """
    children = node.children
    untried = [key for key in keys if key not in children]
    if untried:
        return untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0], True
    log_visits = math.log(max(node.visits, 1))
    best_key, best = keys[0], -math.inf
    for key in keys:
        child = children[key]
        score = child.totals[seat] / child.visits + exploration * math.sqrt(log_visits / child.visits)
        if score > best:
            best_key, best = key, score
    return best_key, False


def backup(path: Sequence[Node], returns: Sequence[float]) -> None:
    """Count one visit on every node of `path` and add `returns` (one per seat) to its totals."""
    for node in path:
        node.visits += 1
        totals = node.totals
        for seat, value in enumerate(returns):
            totals[seat] += value


def most_visited(node: Node, seat: int, keys: Sequence[Hashable]) -> Hashable:
    """Among `keys`, the child of `node` visited most (ties: the higher mean return for `seat`, then the first key)."""
    best_key, best = keys[0], (-1, -math.inf)
    for key in keys:
        child = node.children.get(key)
        rank = (0, -math.inf) if child is None else (child.visits, child.mean(seat))
        if rank > best:
            best_key, best = key, rank
    return best_key


def select_by_prior(node: Node, seat: int, keys: Sequence[Hashable], prior: dict[Hashable, float], exploration: float) -> tuple[Hashable, bool]:
    """PUCT: the key maximising `seat`'s mean return plus `exploration * prior[key] * sqrt(visits of node) / (1 + visits of child)`, and whether it is new.

    An untried key counts the node's own mean return for `seat` as its mean
    (first-play urgency: neither hopeful nor hopeless), so the prior alone
    orders the first tries; the first key wins a tie. `prior` holds one
    weight per key (a key it lacks weighs 0).
    """
    children = node.children
    visits = node.visits
    root_mean = node.totals[seat] / visits if visits else 0.0
    spread = exploration * math.sqrt(max(visits, 1))
    best_key, best, best_new = keys[0], -math.inf, True
    for key in keys:
        child = children.get(key)
        weight = prior.get(key, 0.0)
        if child is None:
            score = root_mean + spread * weight
        else:
            score = child.totals[seat] / child.visits + spread * weight / (1 + child.visits)
        if score > best:
            best_key, best, best_new = key, score, child is None
    return best_key, best_new


def prior_or_most_visited(node: Node, seat: int, keys: Sequence[Hashable], favourite: Hashable, margin: float) -> Hashable:
    """The most visited key among `keys`, unless it has fewer than `(1 + margin)` times the visits of `favourite` (the prior's top key): then `favourite`.

    So a search that found too little to separate the choices answers as
    its prior would, and departs from it only on evidence.
    """
    chosen = most_visited(node, seat, keys)
    if chosen == favourite:
        return chosen
    theirs = node.children[chosen].visits if chosen in node.children else 0
    kept = node.children[favourite].visits if favourite in node.children else 0
    return chosen if theirs >= (1.0 + margin) * kept and theirs > kept else favourite
