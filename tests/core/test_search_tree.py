"""The search tree on its own (`muggins.search.tree`), on a toy game with no cards and no muggins imports.

The toy is a two-seat race to take the last of `n` sticks, one or two at a
time: with 4 sticks the first seat wins by taking one (leaving a multiple
of three). A plain MCTS loop built from `select`, `backup` and
`most_visited` must find that move, and each function must do what it says
on hand-made nodes.
"""

from __future__ import annotations

import random

from muggins.search.tree import Node, backup, most_visited, select


def test_select_tries_every_key_before_using_the_bound():
    root = Node(2)
    rng = random.Random(1)
    keys = [(0, "a"), (0, "b"), (0, "c")]
    seen = set()
    for _ in range(3):
        key, new = select(root, 0, keys, 0.7, rng)
        assert new and key not in seen
        seen.add(key)
        root.children[key] = Node(2)
        backup([root, root.children[key]], [1.0, 0.0] if key == (0, "b") else [0.0, 1.0])
    key, new = select(root, 0, keys, 0.0, rng)  # no exploration: the best mean for seat 0
    assert (key, new) == ((0, "b"), False)
    key, _ = select(root, 1, keys, 0.0, rng)  # seat 1 plays for itself (max^n): its best is another key
    assert key == (0, "a")


def test_select_offers_only_the_keys_this_world_has():
    root = Node(1)
    for text, wins in (("a", 1.0), ("b", 0.0)):
        root.children[(0, text)] = child = Node(1)
        backup([root, child], [wins])
    assert select(root, 0, [(0, "b")], 0.0, random.Random(0)) == ((0, "b"), False)


def test_backup_adds_one_visit_and_the_returns_per_seat_along_the_path():
    path = [Node(3), Node(3)]
    backup(path, [1.0, 0.0, 0.5])
    backup(path, [0.0, 0.0, 0.5])
    assert [n.visits for n in path] == [2, 2] and path[1].totals == [1.0, 0.0, 1.0] and path[1].mean(2) == 0.5


def test_most_visited_breaks_ties_by_mean_then_order():
    root = Node(1)
    for text, visits, total in (("a", 3, 1.0), ("b", 3, 2.0), ("c", 1, 1.0)):
        child = root.children[(0, text)] = Node(1)
        child.visits, child.totals = visits, [total]
    assert most_visited(root, 0, [(0, "a"), (0, "b"), (0, "c")]) == (0, "b")
    assert most_visited(root, 0, [(0, "a"), (0, "c"), (0, "d")]) == (0, "a")


def _sticks_search(sticks: int, iterations: int, seed: int) -> str:
    rng = random.Random(seed)
    root = Node(2)
    for _ in range(iterations):
        left, seat, node, path = sticks, 0, root, [root]
        expanded = False
        while left > 0:
            keys = [(seat, str(take)) for take in (1, 2) if take <= left]
            if expanded:  # the rollout: random moves
                key = keys[rng.randrange(len(keys))]
            else:
                key, expanded = select(node, seat, keys, 0.7, rng)
                if expanded:
                    node.children[key] = Node(2)
                node = node.children[key]
                path.append(node)
            left -= int(key[1])
            winner = seat
            seat = 1 - seat
        backup(path, [1.0 if s == winner else 0.0 for s in range(2)])
    return most_visited(root, 0, [(0, "1"), (0, "2")])[1]


def test_a_search_built_from_the_tree_finds_the_winning_move():
    assert _sticks_search(4, 400, 3) == "1"  # leave three: whatever seat 1 takes, seat 0 takes the last
    assert _sticks_search(5, 400, 3) == "2"
