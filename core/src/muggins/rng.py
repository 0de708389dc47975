"""Seeded randomness: one generator per game and named streams derived from it.

A game's whole course follows from its seed and the decisions taken. Rather
than pickling a generator's state, games and bots derive independent,
reproducible streams from the match seed and a label (`derive_rng(seed,
"deal", hand)`, `derive_rng(seed, "bot", seat)`), so a saved state needs
only the seed, simulations in worker processes get the same games as in one
process, and nothing depends on PYTHONHASHSEED (labels are hashed with
BLAKE2, not `hash()`).
"""

from __future__ import annotations

import random

__all__ = ["derive_seed", "derive_rng", "game_rng", "new_seed"]


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed determined by `seed` and the labels' text, stable across runs."""
    from hashlib import blake2b  # here, not at import: hashlib is slow to load and `muggins list` never derives

    text = repr((int(seed),) + tuple(str(label) for label in labels)).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big") >> 1


def derive_rng(seed: int, *labels: object) -> random.Random:
    """An independent `random.Random` for the stream named by `labels`."""
    return random.Random(derive_seed(seed, *labels))


def game_rng(seed: int) -> random.Random:
    """The game's own generator (for choices made at the table, like the first dealer)."""
    return derive_rng(seed, "game")


def new_seed() -> int:
    """A fresh seed for a game the user did not seed (printed so it can be replayed)."""
    return random.SystemRandom().randrange(1, 2**31)
