"""The deal's commitment: a seed drawn in secret, a hash of it published at the start, the seed revealed at the end.

The match seed reproduces every hidden card, so nobody at the table may
learn it before the match ends. A front end that draws the seed itself
(`draw_deal`) also draws a secret nonce and publishes, at the start,
`commitment(seed, nonce)`: the SHA-256, in hexadecimal, of the text
`muggins-deal:SEED:NONCE` (the seed in decimal, the nonce as 32 hexadecimal
digits). The record's header keeps all three (`Deal.to_header`); a front end
shows the commitment while the match is on and the seed and nonce once it
is over (`Deal.shown`), so any player can check afterwards, with
`muggins replay --verify` or one line of `sha256sum`, that the deal they
played is the one committed to before the first card, and so was not
chosen or changed. A seed given by whoever starts the match (`--seed`, for
studies and tests) is known to them from the start: it gets no commitment,
and a front end says the seed was chosen.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["Deal", "commitment", "draw_deal", "deal_from_header", "deal_problem", "shown_deal"]

_HEX_DIGITS = frozenset("0123456789abcdef")


def _is_hex(value: Any, digits: int) -> bool:
    return isinstance(value, str) and len(value) == digits and _HEX_DIGITS.issuperset(value)


def commitment(seed: int, nonce: str) -> str:
    """The SHA-256 (64 lowercase hexadecimal digits) of `muggins-deal:SEED:NONCE`: what is published before the deal."""
    import hashlib  # here, not at import: hashlib is slow to load and the record reader (which checks shapes only) imports this module

    return hashlib.sha256(f"muggins-deal:{seed}:{nonce}".encode("ascii")).hexdigest()


class Deal:
    """A seed drawn in secret, its nonce and the commitment published to both."""

    # A plain class, not a dataclass: the record reader imports this module on the way to `muggins list`.
    __slots__ = ("seed", "nonce", "commitment")

    def __init__(self, seed: int, nonce: str, commitment: str) -> None:
        self.seed = seed
        self.nonce = nonce
        self.commitment = commitment

    def __repr__(self) -> str:
        return f"Deal(seed=..., commitment={self.commitment!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (self.seed, self.nonce, self.commitment) == (other.seed, other.nonce, other.commitment)

    __hash__ = None  # type: ignore[assignment]

    def to_header(self) -> dict[str, str]:
        """The header's `deal` field: the commitment and the nonce (the seed is the header's own `seed`)."""
        return {"commitment": self.commitment, "nonce": self.nonce}

    def checks(self) -> bool:
        """Whether the commitment is the one this seed and nonce give."""
        import secrets

        return secrets.compare_digest(commitment(self.seed, self.nonce), self.commitment)


def draw_deal() -> Deal:
    """A fresh secret seed (`muggins.rng.new_seed`) with a fresh 128-bit nonce and their commitment."""
    import secrets

    from .rng import new_seed

    seed = new_seed()
    nonce = secrets.token_hex(16)
    return Deal(seed, nonce, commitment(seed, nonce))


def deal_problem(value: Any) -> str | None:
    """Why a header's `deal` field is not one (for the record reader's message), or None when it is well formed."""
    if not isinstance(value, dict) or set(value) != {"commitment", "nonce"}:
        return "an object with a commitment and a nonce"
    if not _is_hex(value["commitment"], 64):
        return "a commitment of 64 lowercase hexadecimal digits"
    if not _is_hex(value["nonce"], 32):
        return "a nonce of 32 lowercase hexadecimal digits"
    return None


def deal_from_header(seed: int, value: Mapping[str, str] | None) -> Deal | None:
    """The deal a record's header commits to (None: its seed was chosen, or the record predates commitments)."""
    if value is None:
        return None
    return Deal(seed, value["nonce"], value["commitment"])


def shown_deal(seed: int, value: Mapping[str, str] | None, over: bool) -> dict[str, Any]:
    """What a seat or spectator may be shown of the deal: the commitment (None for a chosen seed), and the seed and nonce once `over`."""
    shown: dict[str, Any] = {"commitment": None if value is None else value["commitment"]}
    if over:
        shown["seed"] = seed
        if value is not None:
            shown["nonce"] = value["nonce"]
    return shown
