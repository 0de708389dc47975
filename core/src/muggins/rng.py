"""Seeded randomness: one generator per game and named streams derived from it.

A game's whole course follows from its seed and the decisions taken. Rather
than pickling a generator's state, games and bots derive independent,
reproducible streams from the match seed and a label (`derive_rng(seed,
"deal", hand)`, `derive_rng(seed, "bot", seat)`), so a saved state needs
only the seed, simulations in worker processes get the same games as in one
process, and nothing depends on PYTHONHASHSEED (labels are hashed with
BLAKE2, not `hash()`). `below(rng)` is `rng.randrange` for a bot that
draws at every decision: the same numbers, without randrange's overhead.
"""

from __future__ import annotations

import _random
import random
from typing import Any, Callable

__all__ = ["derive_seed", "derive_rng", "game_rng", "new_seed", "below"]


_blake2b: Callable[..., Any] | None = None  # hashlib's, imported on the first derivation


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed determined by `seed` and the labels' text, stable across runs."""
    global _blake2b
    blake2b = _blake2b
    if blake2b is None:
        from hashlib import blake2b  # here, not at import: hashlib is slow to load and `muggins list` never derives

        _blake2b = blake2b
    text = repr((int(seed), *map(str, labels))).encode()  # the text of (seed, "label", ...): map, not a generator
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big") >> 1


# random.Random(n) for an int n is the C generator seeded with n (and gauss_next cleared) behind two Python
# frames, Random.__init__ and Random.seed; a game derives a generator for every deal, so it is made directly.
_new_generator = random.Random.__new__
_seed_generator = _random.Random.seed


def derive_rng(seed: int, *labels: object) -> random.Random:
    """An independent `random.Random` for the stream named by `labels` (the state of `random.Random(derive_seed(seed, *labels))`)."""
    rng = _new_generator(random.Random)
    _seed_generator(rng, derive_seed(seed, *labels))
    rng.gauss_next = None
    return rng


# randrange(n)'s own steps, written out: k = n.bit_length() bits drawn until the number is below n.
# A random bot draws at nearly every decision, and randrange's checks and two calls cost more than
# the draw itself. Checked on first use against randrange; for another kind of generator (or a
# Python that draws differently) `below` gives rng.randrange itself.
_written_out_matches: bool | None = None


def _written_out_matches_randrange() -> bool:
    for seed in range(4):
        theirs, mine = random.Random(seed), random.Random(seed)
        draw = _below_written_out(mine)
        if any(theirs.randrange(n) != draw(n) for n in list(range(1, 70)) * 3):
            return False
        if theirs.getstate() != mine.getstate():
            return False
    return True


def _below_written_out(rng: random.Random) -> Callable[[int], int]:
    getrandbits = rng.getrandbits

    def draw(n: int) -> int:
        if n <= 0:  # randrange refuses it too; drawing 0 bits would never end
            raise ValueError(f"empty range for below(): {n}")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    return draw


def below(rng: random.Random) -> Callable[[int], int]:
    """A function `draw(n)` giving exactly what `rng.randrange(n)` would for n >= 1 (the same numbers, the same generator state after), only faster.

    Bind it once (a bot's `__init__`) and call it per decision.
    """
    global _written_out_matches
    if type(rng) is random.Random:
        if _written_out_matches is None:
            _written_out_matches = _written_out_matches_randrange()
        if _written_out_matches:
            return _below_written_out(rng)
    return rng.randrange


def game_rng(seed: int) -> random.Random:
    """The game's own generator (for choices made at the table, like the first dealer)."""
    return derive_rng(seed, "game")


def new_seed() -> int:
    """A fresh seed for a game the user did not seed (printed so it can be replayed)."""
    return random.SystemRandom().randrange(1, 2**31)
