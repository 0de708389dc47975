"""The challenge window: an explicit state in which observers may dispute an action.

After a disputable action (a card placed, a count announced, a capture that
leaves a claimable pair) the game opens a `ChallengeWindow` naming the actor,
what is disputed, and the responders in the order they are polled (usually
clockwise from the actor's left; opponents only; players already out of the
hand included when the rules say so). Responders are asked one at a time, so
the seat to act is always a single seat; each passes or claims. The window
settles on the first claim the game judges *supported* — or, for games where
any claim settles (cribbage's false muggins costs the caller), on the first
claim at all (`settle_on="any_claim"`). Because the window is plain state
it is saved, replayed, bot-driven and contract-checked like any other state.
When it opens the window the game also says whether any claim would be
upheld (`claimable`: True, False, or None for unknown) and names the
standing answer (`standing`, the text of the choice that lets the action
stand): the engine may then settle an unclaimable window in one call for
players that promise to stand in one (see `muggins.players`). No seat is
ever told whether a window is claimable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal

from .seats import responders

__all__ = ["ChallengeWindow", "ClaimRecord"]


@dataclass(slots=True)
class ClaimRecord:
    """A claim made in a window and the game's verdict on it."""

    seat: int
    claim: str
    supported: bool

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "claim": self.claim, "supported": self.supported}


@dataclass(slots=True, init=False)
class ChallengeWindow:
    """Responders in order, each passing or claiming, until one claim settles it.

    Lifecycle: `current` is the responder to poll; the game calls `passed()`
    or `claimed(text, supported)`; `closed` turns true when a settling claim
    was made or every responder has answered. `settled_by` then names the
    settling claim, or is None when the action stands.
    """

    actor: int
    responders: tuple[int, ...]
    subject: dict[str, Any]
    settle_on: Literal["supported_claim", "any_claim"]
    position: int
    claims: list[ClaimRecord]
    settled_by: ClaimRecord | None
    claimable: bool | None
    standing: str

    # Written out rather than generated: a game opens a window after nearly every
    # move, and the generated __init__ with default factories costs a third more.
    def __init__(
        self,
        actor: int,
        responders: tuple[int, ...],
        subject: dict[str, Any] | None = None,
        settle_on: Literal["supported_claim", "any_claim"] = "supported_claim",
        position: int = 0,
        claims: list[ClaimRecord] | None = None,
        settled_by: ClaimRecord | None = None,
        claimable: bool | None = None,
        standing: str = "pass",
    ) -> None:
        self.actor = actor
        self.responders = responders
        self.subject = {} if subject is None else subject
        self.settle_on = settle_on
        self.position = position
        self.claims = [] if claims is None else claims
        self.settled_by = settled_by
        self.claimable = claimable
        self.standing = standing

    @classmethod
    def open(
        cls,
        actor: int,
        players: int,
        *,
        subject: dict[str, Any] | None = None,
        claimable: bool | None = None,
        standing: str = "pass",
        settle_on: Literal["supported_claim", "any_claim"] = "supported_claim",
        exclude: Iterable[int] = (),
        only: Iterable[int] | None = None,
    ) -> "ChallengeWindow":
        """A window polled clockwise from `actor`'s left (see `muggins.seats.responders`).

        `claimable` is the game's verdict: True if some responder's claim
        would be upheld, False if none would, None if the game cannot tell.
        In an unclaimable window each responder's only correct choice is the
        `standing` answer.
        """
        return cls(
            actor, responders(actor, players, exclude=exclude, only=only), {} if subject is None else subject,
            settle_on, claimable=claimable, standing=standing,
        )

    @property
    def closed(self) -> bool:
        return self.settled_by is not None or self.position >= len(self.responders)

    @property
    def current(self) -> int | None:
        """The responder to poll now, or None once the window is closed."""
        if self.settled_by is None and self.position < len(self.responders):
            return self.responders[self.position]
        return None

    @property
    def remaining(self) -> tuple[int, ...]:
        return () if self.closed else self.responders[self.position:]

    def passed(self) -> bool:
        """The current responder lets the action stand; returns True if that closes the window."""
        if self.settled_by is not None or self.position >= len(self.responders):
            raise RuntimeError("the challenge window is closed")
        self.position += 1
        return self.position >= len(self.responders)

    def stand_all(self) -> tuple[int, ...]:
        """Every remaining responder lets the action stand, in one step: returns those responders, in polling order.

        What a game's `settle_window` does to its window before ending the
        turn (the window is then closed with no settling claim).
        """
        # Written out (not through `remaining`): a simulation settles a window this way at every move.
        position, responders = self.position, self.responders
        if self.settled_by is not None or position >= len(responders):
            raise RuntimeError("the challenge window is closed")
        self.position = len(responders)
        return responders[position:]

    def claimed(self, claim: str, supported: bool) -> bool:
        """The current responder claims; returns True if this claim settles the window."""
        seat = self._require_open()
        record = ClaimRecord(seat, claim, supported)
        self.claims.append(record)
        self.position += 1
        if supported or self.settle_on == "any_claim":
            self.settled_by = record
            return True
        return False

    def _require_open(self) -> int:
        seat = self.current
        if seat is None:
            raise RuntimeError("the challenge window is closed")
        return seat

    def copy(self) -> "ChallengeWindow":
        """An independent copy (the subject and the list of claims copied; claim records are never changed, so shared)."""
        return ChallengeWindow(self.actor, self.responders, dict(self.subject), self.settle_on, self.position, list(self.claims),
                               self.settled_by, self.claimable, self.standing)

    def to_dict(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "responders": list(self.responders),
            "subject": self.subject,
            "settle_on": self.settle_on,
            "position": self.position,
            "claims": [c.to_dict() for c in self.claims],
            "settled_by": None if self.settled_by is None else self.claims.index(self.settled_by),
            "claimable": self.claimable,
            "standing": self.standing,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ChallengeWindow":
        claims = [ClaimRecord(**c) for c in data["claims"]]
        settled = data["settled_by"]
        return cls(
            actor=data["actor"],
            responders=tuple(data["responders"]),
            subject=dict(data["subject"]),
            settle_on=data["settle_on"],
            position=data["position"],
            claims=claims,
            settled_by=None if settled is None else claims[settled],
            claimable=data.get("claimable"),
            standing=data.get("standing", "pass"),
        )
