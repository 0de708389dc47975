"""Claims that later cards prove: a mistake kept open past later decisions and settled when its proof is public.

Some mistakes cannot be judged when they are made. A revoke (a player who
could follow suit and did not) is shown only when the revoker later plays
the suit; at the card itself nobody at the table can tell. This module
owns the core state for such claims. The game notes a move as claimable
later (`LaterClaims.note`: the actor, the seats that may claim, a public
subject, and the game's hidden verdict `mistaken`). At any of its later
decisions a responder is offered a claim beside its normal choices
(`LaterClaims.offered(seat)`: `LaterClaim` actions, never among the correct
choices, since nothing the seat sees can show it is right). A claim made
before the proof is held (`lodge`). The game says when the proof is public
(`proved(ref)`): a held claim is then settled, upheld; one nobody made
opens a challenge window (a plain `ChallengeWindow`, `window`) over the
responders, whose right answer is now public, so bots and people judge it
from what they see. At the end of the hand (`end_of_hand`) every claim
still held is settled by the game's verdict and the rest lapse. Each
settlement is one public event, `later_claim_settled` (`ref`, `actor`,
`seat`, `claim`, `supported`, `when`: "proved" or "end of hand",
`subject`), which the game reads to score it. The book is plain state: it
is saved with the game's state (`to_dict`/`from_dict`), copied by
`copy()`, and a game's `determinize` works its verdicts out again from the
new deal (`rejudge`); a translated game hands its labels in as `words`,
which are not saved. A game that keeps one returns it from
`State.later_claims()` and declares `Capabilities(later_claims=True)`;
the contract kit then checks that no claim's right answer depends on
cards the responder cannot see (`muggins.testing`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .actions import Action, Claim, Decision, Pass
from .game import Event, event
from .window import ChallengeWindow, ClaimRecord

__all__ = ["LaterClaim", "LaterClaims", "OpenClaim", "SETTLED", "LODGED", "is_later_claim"]

SETTLED = "later_claim_settled"
"""The type of the public event a settled later claim gives: the game scores it."""
LODGED = "later_claim_lodged"
"""The type of the public event a claim made before its proof gives."""


class LaterClaim(Claim):
    """A claim on a move noted as claimable later: its text is the claim's name and the note's reference, `revoke #1`.

    Offered beside a responder's normal choices before the proof (never
    correct there) and as the claim of the window the proof opens.
    """

    __slots__ = ()

    @property
    def ref(self) -> int:
        return int(str(self.target).lstrip("#"))


def is_later_claim(action: Action) -> bool:
    """Whether `action` claims a move noted as claimable later (generic bots never make one outside its window)."""
    return isinstance(action, LaterClaim)


@dataclass(slots=True)
class OpenClaim:
    """One move noted as claimable later: who made it, who may claim it, what it was, and the game's hidden verdict.

    `subject` is public (it is in every seat's view); `mistaken` is not,
    and is never shown to a seat until the claim is settled. `lodged`
    holds a claim made before the proof; `proved` turns true when the
    game says the proof is public.
    """

    ref: int
    actor: int
    responders: tuple[int, ...]
    subject: dict[str, Any]
    mistaken: bool
    name: str = "claim"
    label: str = ""
    keys: tuple[str, ...] | None = None
    proved: bool = False
    lodged: ClaimRecord | None = None
    prompt: str = ""

    def claim(self, *, keys: bool = False, label: str | None = None) -> LaterClaim:
        """The claim on this move, with the game's label (and its keys, in a window where it is the one claim)."""
        return LaterClaim(self.name, target=f"#{self.ref}", label=label or self.label, keys=self.keys if keys else ())

    def public(self) -> dict[str, Any]:
        """What every seat may see of it: the reference, actor, subject, who claimed it and whether it is proved."""
        return {"ref": self.ref, "actor": self.actor, "subject": dict(self.subject), "proved": self.proved,
                "claimed_by": None if self.lodged is None else self.lodged.seat}

    def to_dict(self) -> dict[str, Any]:
        return {"ref": self.ref, "actor": self.actor, "responders": list(self.responders), "subject": dict(self.subject),
                "mistaken": self.mistaken, "name": self.name, "label": str(self.label),
                "keys": None if self.keys is None else list(self.keys), "proved": self.proved,
                "lodged": None if self.lodged is None else self.lodged.to_dict(), "prompt": str(self.prompt)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "OpenClaim":
        lodged = data.get("lodged")
        keys = data.get("keys")
        return cls(data["ref"], data["actor"], tuple(data["responders"]), dict(data["subject"]), bool(data["mistaken"]),
                   data.get("name", "claim"), data.get("label", ""), None if keys is None else tuple(keys),
                   bool(data.get("proved", False)), None if lodged is None else ClaimRecord(**lodged), data.get("prompt", ""))


@dataclass(slots=True)
class LaterClaims:
    """The moves of a hand still open to a later claim, and the window a proof opened (if any).

    A game keeps one per hand, saves it with its state and routes the
    decisions of `window` (while it is open) through `window_decision` and
    `answer`; see the module's docstring for the lifecycle.
    """

    open: list[OpenClaim] = field(default_factory=list)
    next_ref: int = 1
    window: ChallengeWindow | None = None
    #: A label per claim name that wins over the one noted (`{"revoke": worded("call a revoke!", …)}`): not saved, so a
    #: translated game gives its `muggins.i18n.worded` labels here, to the book it makes and to `from_dict`, and they
    #: are worded in each reader's language however often the state is saved (a noted label is saved as its English).
    words: Mapping[str, str] = field(default_factory=dict, compare=False)

    # -- the game's side ---------------------------------------------------------
    def note(self, actor: int, responders: Iterable[int], subject: Mapping[str, Any] | None = None, *, mistaken: bool,
             name: str = "claim", label: str = "", keys: tuple[str, ...] | None = None, prompt: str = "") -> OpenClaim:
        """Keep `actor`'s move open to a later claim by `responders`; `mistaken` is the game's verdict, which no seat is shown.

        `name` is the claim's text (`revoke`, made `revoke #1`), `label` its
        words wherever it is offered (`call a revoke!`: the terminal and the
        browser both show it), `keys` its shortcut in the window the proof
        opens, `prompt` that window's header (default: the label).
        """
        noted = OpenClaim(self.next_ref, actor, tuple(s for s in responders if s != actor), dict(subject or {}), bool(mistaken),
                          name, label, keys, prompt=prompt)
        self.next_ref += 1
        self.open.append(noted)
        return noted

    def find(self, ref: int) -> OpenClaim | None:
        for noted in self.open:
            if noted.ref == ref:
                return noted
        return None

    def proved(self, ref: int) -> list[Event]:
        """The proof of `ref`'s mistake is now public: a claim already made is settled, upheld; else a window opens for it.

        Returns the events (a settlement); the window, if one opens, is
        `window` (the game asks `window_decision` while it is open).
        """
        noted = self.find(ref)
        if noted is None or noted.proved:
            return []
        noted.proved = True
        noted.mistaken = True  # what is proved is a mistake, whatever a world imagined before the proof said
        if noted.lodged is not None:
            return [self._settle(noted, noted.lodged.seat, "proved")]
        self._open_next()
        return []

    def rejudge(self, verdict: Callable[[OpenClaim], bool]) -> None:
        """Work each unproved verdict out again (`verdict(open_claim)`): what a game's `determinize` does after a new deal."""
        for noted in self.open:
            if not noted.proved:
                noted.mistaken = bool(verdict(noted))

    def end_of_hand(self) -> list[Event]:
        """The hand is over: each claim still held is settled by the game's verdict, the others lapse; the book is emptied."""
        if self.window is not None:
            raise RuntimeError("the hand cannot end while a later claim's window is open")
        events = [self._settle(noted, noted.lodged.seat, "end of hand") for noted in list(self.open) if noted.lodged is not None]
        self.open.clear()
        return events

    # -- the responders' side ----------------------------------------------------
    def offered(self, seat: int) -> list[LaterClaim]:
        """The claims `seat` may make now beside its normal choices: moves it may claim, not yet proved nor claimed."""
        words = self.words
        return [noted.claim(label=words.get(noted.name)) for noted in self.open
                if not noted.proved and noted.lodged is None and seat in noted.responders]

    def lodge(self, seat: int, claim: LaterClaim) -> list[Event]:
        """`seat` claims before the proof: the claim is held until the proof or the end of the hand."""
        noted = self.find(claim.ref)
        if noted is None or noted.proved or noted.lodged is not None or seat not in noted.responders:
            raise ValueError(f"seat {seat} cannot claim {claim} now")
        noted.lodged = ClaimRecord(seat, str(claim), False)
        return [event(LODGED, seat=seat, ref=noted.ref, actor=noted.actor, claim=str(claim), subject=dict(noted.subject))]

    def window_decision(self) -> Decision:
        """The decision of the proof window's current responder: let it stand, or claim (the claim correct, as the proof is public)."""
        window = self.window
        assert window is not None and window.current is not None, "no later claim's window is open"
        noted = self.find(window.subject["ref"])
        assert noted is not None
        stand, claim = Pass(), noted.claim(keys=True, label=self.words.get(noted.name))
        correct: Sequence[Action] = [claim] if noted.mistaken else [stand]
        return Decision(window.current, "respond", (stand, claim), tuple(correct), prompt=noted.prompt or self.words.get(noted.name) or noted.label or noted.name,
                        compact=True, standing=stand, info={"later_claim": noted.public()})

    def answer(self, action: Action) -> list[Event]:
        """The proof window's current responder answers; once the window closes, the claim is settled or lapses."""
        window = self.window
        assert window is not None
        noted = self.find(window.subject["ref"])
        assert noted is not None
        seat = window.current
        if isinstance(action, LaterClaim):
            window.claimed(str(action), noted.mistaken)
            events = [self._settle(noted, seat, "proved")]
        else:
            window.passed()
            events = [event("pass", seat=seat)]
        if window.closed:
            if noted in self.open:
                self.open.remove(noted)  # nobody claimed a proved mistake: it stands
            self.window = None
            self._open_next()
        return events

    def view(self) -> list[dict[str, Any]]:
        """What every seat may see of the open claims (the verdicts left out)."""
        return [noted.public() for noted in self.open]

    # -- state -------------------------------------------------------------------
    def _open_next(self) -> None:
        if self.window is not None:
            return
        for noted in self.open:
            if noted.proved and noted.lodged is None:
                self.window = ChallengeWindow(noted.actor, noted.responders, {"ref": noted.ref, **noted.subject},
                                              claimable=noted.mistaken)
                return

    def _settle(self, noted: OpenClaim, seat: int | None, when: str) -> Event:
        if noted in self.open:
            self.open.remove(noted)
        return event(SETTLED, ref=noted.ref, actor=noted.actor, seat=seat, claim=str(noted.claim()), supported=noted.mistaken,
                     when=when, subject=dict(noted.subject))

    def copy(self) -> "LaterClaims":
        return LaterClaims.from_dict(self.to_dict(), words=self.words)

    def to_dict(self) -> dict[str, Any]:
        return {"open": [noted.to_dict() for noted in self.open], "next_ref": self.next_ref,
                "window": None if self.window is None else self.window.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, *, words: Mapping[str, str] | None = None) -> "LaterClaims":
        """The book `to_dict` saved (an empty one for None or {}), with the game's `words` for its labels."""
        words = {} if words is None else words
        if not data:
            return cls(words=words)
        window = data.get("window")
        return cls([OpenClaim.from_dict(d) for d in data.get("open", ())], int(data.get("next_ref", 1)),
                   None if window is None else ChallengeWindow.from_dict(window), words)
