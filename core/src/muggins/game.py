"""The game protocol: what a plugin implements so the core can run, check and record it.

A `Game` describes a game (name, title, player counts, house rules, version)
and creates `State`s. A `State` is a state machine over one whole match: it
names the single seat to act (`to_act`), offers that seat's `Decision`
(every physically possible action, mistakes included, and the correct ones),
applies an action and returns plain-data events, says what each seat may
see (`view`, `hidden_from`), lists its piles for the conservation check,
reports the `result` once over, and round-trips through plain data
(`to_dict`/`from_dict`). A game may opt in to search players with
`determinize(seat, rng)`: a copy in which the cards hidden from `seat` are
dealt afresh and the seed of future deals replaced. It may also describe
its table as data for a front end that draws cards (`Game.layout`, and
`Game.choice_move` for the card each choice moves), and declare that the
next decisions of a group of seats do not hang on each other's answers
(`State.order_free_seats`), so a front end may ask them at once. Which of
these optional parts a game offers it declares once, in `Game.capabilities`
(a `Capabilities`); the core reads the declaration through
`capabilities_of(game)`, which works it out from the game's methods for a
game that declares nothing. Randomness comes from
the seed through `muggins.rng.derive_rng`, so a state needs no generator state to be saved.
The base classes here hold the small generic parts — turn and legality
checks, the `mistakes = "prevented"` teaching mode, decision caching — so a
game writes only its rules; what a player reads of it is its presenter's
(`muggins.presenter`), which the presentation methods here hand over to.
"""

from __future__ import annotations

import json
import weakref
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Sequence

from .actions import Action, Decision, IllegalAction, NotYourTurn
from .cards import Card, standard_deck
from .i18n import Translator
from .presenter import _game_overrides, ask_presenter, hands_to_presenter

if TYPE_CHECKING:
    import random

    from .later import LaterClaims
    from .presenter import Presenter, Words
    from .window import ChallengeWindow

__all__ = ["Game", "State", "PhasedState", "Result", "Event", "event", "determinizes", "Capabilities", "capabilities_of", "infer_capabilities"]

Event = dict[str, Any]


def event(type: str, **fields: Any) -> Event:
    """A plain-data event: `{"type": type, **fields}`.

    Cards go in as their codes (`"6H"`); a `to` field (list of seats) marks
    an event only those seats may see (a private deal), absent means public.
    """
    return {"type": type, **fields}


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended.

    `winners` are the winning seats (several share a tie; empty for a draw or
    a match with no winner). `scores` is one number per seat in the game's
    own unit (points, chips, hands won); a simulation sums them per seat.
    `stats` holds figures a simulation sums: numbers are added across
    matches, lists are concatenated (for means and medians of per-hand
    figures). `limit_reached` is true when the match stopped at a declared
    limit rather than by its rules. `seat_stats` maps a figure's name to one
    number per seat (skunks suffered, rewards taken), summed per seat and,
    for games with sides, per side. `figures` are per-seat figures too, for
    simulations only: neither `to_dict` nor a record holds them.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    stats: Mapping[str, Any] = field(default_factory=dict)
    limit_reached: bool = False
    seat_stats: Mapping[str, Sequence[float]] = field(default_factory=dict)
    #: Per-seat figures a simulation sums as it sums `seat_stats`, which records do not keep: a game adds one
    #: here without changing its records (a result line stays as it was written, so older records still verify).
    figures: Mapping[str, Sequence[float]] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        found = {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "stats": dict(self.stats),
            "limit_reached": self.limit_reached,
        }
        if self.seat_stats:  # only when used, so records of games without them keep their old form
            found["seat_stats"] = {name: list(values) for name, values in self.seat_stats.items()}
        return found

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Result":
        return cls(
            tuple(data["winners"]), tuple(data.get("scores", ())), dict(data.get("stats", {})), bool(data.get("limit_reached", False)),
            {name: tuple(values) for name, values in data.get("seat_stats", {}).items()},
        )


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a game offers beyond the required protocol, declared once on its `Game` class as `capabilities`.

    Each field says whether the game implements the optional part of the
    same name, so the core reads one value instead of probing the game's
    classes: `determinize` (`State.determinize`: search players can play
    it), `search_prior` (`Game.search_prior`), `layout` and `choice_move`
    (the table as data and the card a choice moves), `order_free_seats`
    (`State.order_free_seats`: seats that may decide together),
    `play_forced` (`State.play_forced`: certain decisions taken in one
    call), `from_position` (the classmethod `State.from_position` the kit's
    `GameFixture.position` builds hand-made positions with),
    `horizon_returns` (the method `State.horizon_returns` the search's
    horizon option reads), and `correct_needs_hidden_information` (the
    game's correct choices cannot be worked out from a seat's own view,
    so the generic expert and novice refuse it), and `later_claims`
    (`State.later_claims`: claims kept open until later cards prove
    them, `muggins.later`). A game that declares
    nothing has them worked out from its methods once, on first use
    (`infer_capabilities`); the contract kit checks that a declaration
    says what the methods do.
    """

    determinize: bool = False
    search_prior: bool = False
    layout: bool = False
    choice_move: bool = False
    order_free_seats: bool = False
    play_forced: bool = False
    from_position: bool = False
    horizon_returns: bool = False
    correct_needs_hidden_information: bool = False
    later_claims: bool = False


class Game(ABC):
    """A registered game. Subclass, fill the class attributes, implement `max_decisions`.

    `Rules` is a dataclass of house rules whose defaults are the seed's rules
    (see `muggins.rules`). `players` is the range of allowed player counts and
    `default_players` the count `muggins play` uses when none is given.
    `State` is the State subclass, or its import path `"package.module:Class"`
    so that listing the installed games does not import every rules engine.
    `hooks` is the pluggy hook relay of the registry the game was registered
    with (set by the core at registration): a game that publishes hooks for
    house-rule plugins calls them through it, so it always asks the plugins
    of its own registry. `correct_needs_hidden_information` is true for a
    game whose correct choices cannot be worked out from the seat's own view
    (a bluffing game): the generic expert and novice bots then refuse it.
    `sides()` names partnerships for simulation figures. `title` is
    English, as the game's name in records and `--json`; a game that
    translates it sets `translations` to the `Translator` of its own gettext
    domain (the title marked with `N_` so it is extracted), and front ends
    show `shown_title()`, the title in the player's language (English for a
    game that sets none, or whose catalogue lacks the title). Everything a
    player reads or a front end draws (narration, banners, the table as
    text or data, the rules in words) is the game's presenter's:
    `Presenter` names its class and `presenter()` gives it; the methods of
    the same names here ask it, so callers and older games keep working.
    `capabilities` declares the optional parts the game implements (a
    `Capabilities`; None: worked out from its methods, see
    `capabilities_of`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[range]
    default_players: ClassVar[int]
    version: ClassVar[str] = "0"
    #: Set (and changed) when the game's own bots come to choose otherwise under the same rules, so that
    #: records made before keep replaying while nobody checks their bots' choices against the new ones
    #: (records carry it as `bots`; None: the bots of the first release).
    bots_version: ClassVar[str | None] = None
    #: Options of the `search` kind (as texts, `{"rollout": "expert"}`) that a seat spec leaving them out takes:
    #: the strongest configuration measured for the game. The record keeps the spec as typed, so changing these
    #: is a `bots_version` change.
    search_defaults: ClassVar[Mapping[str, str]] = {}
    hooks: Any = None
    correct_needs_hidden_information: ClassVar[bool] = False
    #: Words for `Result.stats` and `seat_stats` keys in `muggins simulate`'s table
    #: (`{"calls_upheld": "calls upheld"}`); keys not named are shown with spaces.
    stat_labels: ClassVar[Mapping[str, str]] = {}
    #: The game's own catalogue (`muggins.i18n.translator(domain, package_file=__file__)`) its title is translated
    #: through; None: the title is shown as it is, in every language.
    translations: ClassVar[Translator | None] = None
    #: The optional parts this class implements, declared once (see `Capabilities`). It holds for the class
    #: that sets it: a subclass that sets none has its own worked out from its methods, since it may change them.
    capabilities: ClassVar[Capabilities | None] = None
    Rules: ClassVar[type]
    State: ClassVar[type["State"] | str]
    #: The game's presenter class (`muggins.presenter.Presenter` or a subclass), or its import path
    #: `"package.module:Class"`, imported on first use: everything a player reads of the game.
    Presenter: ClassVar[type["Presenter"] | str] = "muggins.presenter:Presenter"

    @hands_to_presenter
    def shown_title(self, language: str | None = None) -> str:
        """The title in `language` (the language in force by default) through `translations`; the English `title` without them.

        A translation that is not one line of text (a broken catalogue) is
        not shown: the English title is, so a listing never breaks on it.
        (Worded by the game's presenter, `Presenter.shown_title`.)
        """
        return ask_presenter(self, "shown_title", language)

    @hands_to_presenter
    def translate(self, message: str) -> str:
        """`message`, one of the game's own words (a rule's doc, a bot's description), in the language in force through
        `translations`; as written without them, or where the catalogue has no other words for it (`Presenter.translate`)."""
        return ask_presenter(self, "translate", message)

    def presenter(self) -> "Presenter":
        """The game's presenter (an instance of `Presenter`, or of the class its path names), made on first use and kept.

        Everything a player reads or a front end draws of the game comes
        from it; the `Game` methods of the same names (`describe`,
        `standings`, `render`, `layout`, …) ask it in turn.
        """
        found = self.__dict__.get("_presenter")
        if found is None or found.game is not self:
            made = self.Presenter
            if isinstance(made, str):
                import importlib

                module, _, name = made.partition(":")
                made = getattr(importlib.import_module(module), name)
            found = made(self)
            if type(self).presenter is Game.presenter and not getattr(found, "_game_describes", True):
                found._describes_for = self  # the presenter kept here: `describe` may come straight to it
            self.__dict__["_presenter"] = found
        return found

    def state_class(self) -> type["State"]:
        """The State subclass, imported on first use when `State` is given as a path."""
        found = self.State
        if isinstance(found, str):
            import importlib

            module, _, name = found.partition(":")
            found = getattr(importlib.import_module(module), name)
            type(self).State = found
        return found

    def new(self, rules: Any, players: int, seed: int) -> "State":
        """A fresh match: cards dealt, first decision pending."""
        return self.state_class().new(self, rules, players, seed)

    def state_from_dict(self, data: Mapping[str, Any]) -> "State":
        return self.state_class().from_dict(self, data)

    def deck(self, rules: Any, players: int) -> list[Card]:
        """Every card in play, for the conservation check (default: 52 cards)."""
        return standard_deck()

    def check_rules(self, rules: Any, players: int) -> None:
        """ValueError (one line) when these rules cannot be played by `players` seats; checked before any match or record.

        The default asks the rules' own `check_players(players)` when the
        rules class has one (cribbage's partnerships need four players).
        """
        check = getattr(rules, "check_players", None)
        if callable(check):
            check(players)

    def sides(self, rules: Any, players: int) -> tuple[tuple[int, ...], ...] | None:
        """The seats forming each side when players win together (partnerships); None: every seat alone."""
        return None

    def house_rule_settings(self, rules: Any, players: int) -> Sequence[Any]:
        """The values of `rules` the house-rule plugins in force replace in a match: `muggins.houserules.RuleSetting`s.

        One per rule (a field of the `Rules` dataclass) a plugin sets
        otherwise (the rules' value, the value played, the plugin), so a
        record's header can say both and the command line can say so when a
        rules file's value is overridden. Default: none (a game whose hooks
        set nothing the rules hold). Asked after the match is made, so the
        plugins' answers are those it was given.
        """
        return ()

    @hands_to_presenter
    def describe_rules(self, rules: Any, players: int) -> str | None:
        """What a match under `rules` plays by, the house-rule plugins' changes included, in one line (`to 91 (by target91), …`).

        `play` prints it before a match with a house-rule plugin in force.
        Default None: nothing beyond the plugins' names (`Presenter.describe_rules`).
        """
        return ask_presenter(self, "describe_rules", rules, players)

    @abstractmethod
    def max_decisions(self, rules: Any, players: int) -> int:
        """An upper bound on decisions in one match; reaching it is a contract failure."""

    def search_prior(self, view: Mapping[str, Any], decision: Decision, seat: int) -> Mapping[str, float] | None:
        """A weight per choice of `decision` (by its text) for the search player to try first, worked out from `view` alone; None: no prior.

        Optional (the evaluator seam, `muggins.search`). `view` is a plain
        copy of what `seat` sees, so the prior cannot read a hidden card;
        weights are finite, not negative, name only choices the decision
        offers (texts left out weigh 0) and need not sum to 1. The heaviest
        is the one the search keeps unless it finds clearly otherwise, so a
        game whose expert is its prior makes its favourite the expert's
        choice. The contract kit checks both (`muggins.testing.search_checks`).
        """
        return None

    # -- what a human sees: each asks the game's presenter (`muggins.presenter`) --
    @hands_to_presenter
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        """The table as text for a human at `seat` (None: a spectator); the default is the view as JSON (`Presenter.render`)."""
        return ask_presenter(self, "render", view, seat)

    @hands_to_presenter
    def standings(self, event: Event, seat: int | None) -> list[str] | None:
        """Lines for an end-of-hand banner when `event` ends a hand or deal (the outcome, the standings), else None.

        A terminal player frames them and pauses before the next deal (`Presenter.standings`).
        """
        return ask_presenter(self, "standings", event, seat)

    @hands_to_presenter
    def describe(self, event: Event, seat: int | None) -> str | None:
        """One line narrating `event` to `seat` in the language in force, or None to stay quiet (`Presenter.describe`)."""
        # The usual way, taken for every event a front end shows: the presenter kept, made for this game by `Game.presenter`.
        try:
            found = self._presenter
        except AttributeError:  # not made yet
            found = None
        if found is not None and found._describes_for is self:
            return found.describe(event, seat)
        return ask_presenter(self, "describe", event, seat)

    @hands_to_presenter
    def narration(self, event: Event, seat: int | None) -> "Words | None":
        """What `event` tells `seat`, kept as data (a `muggins.presenter.Said`: message id, values, catalogue; or a
        `Joined` of them) that `words(language)` words in any language; None to stay quiet (`Presenter.narration`)."""
        if _game_overrides.get((type(self), "narration")) is False:
            return self.presenter().narration(event, seat)
        return ask_presenter(self, "narration", event, seat)

    @hands_to_presenter
    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any] | None:
        """The table as plain data for a front end that draws cards, worked out from `view` (what `seat` may see) alone; None: not described.

        Optional. `{"zones": [...], "counters": [...], "track": ...}`: each
        zone `{"id", "kind", "label", "owner", "cards", "count"}` (`kind` one
        of hand, pile, field, collection, crib, starter; `cards` the face-up
        codes `seat` sees, in order, bottom first, or None when every card
        is face down; `count` every card it holds; `owner` a seat or None);
        each counter `{"id", "label", "owner", "value"}`; `track` None or
        `{"target": N, "scores": {seat or side name: points}}` for a game
        played to a target, with an optional `style`: `"pegs"` (a peg
        board) adds `"holes"` (61, 121) and `"pegs"` `{key: {"front",
        "back"}}`, the back peg at the score before the last points; a
        front end draws an unknown style as bars. `muggins.projection.seat_update` puts it in
        every frame as `"layout"`; a front end given None shows `render`'s
        text instead, so a game without it still plays everywhere. Called
        only when a frame is built, never in simulations. The contract kit
        checks it names no card hidden from `seat` (docs/writing-plugins.md,
        "How a game describes its table"). (`Presenter.layout`.)
        """
        return ask_presenter(self, "layout", view, seat)

    @hands_to_presenter
    def choice_move(self, action: Action) -> tuple[Any, str | None] | None:
        """The card (or cards) `action` moves and the id of the layout zone it goes to (None: no zone of the layout), or None when it moves no card.

        Optional, beside `layout`: `("7H", "common:2")` lets a front end play
        the choice by tapping the card. The card must lie face up in a zone
        the acting seat's layout shows, and the zone id must be one of that
        layout's (the contract kit checks both). A choice that moves several
        cards at once names them all, `(("5H", "6C"), "crib")`: a front end
        lets the seat pick those cards and offers the choice then. One that
        moves none answers None. The answer depends on the action alone:
        `seat_decision` keeps it for a tuple of choices the game shares. (`Presenter.choice_move`.)
        """
        return ask_presenter(self, "choice_move", action)


class State(ABC):
    """One match in progress. Subclasses implement the `_`-prefixed rule methods.

    Subclasses set `self.game`, `self.rules`, `self.players` and `self.seed`
    (the base `__init__` does it) and implement `new`, `_decision` (None when
    over), `_apply`, `piles`, `view`, `hidden_from` and `result`. Saving is
    either `save_fields`/`load_fields` (the base `to_dict`/`from_dict` then
    store rules, player count, seed and `opening` themselves) or
    `to_dict`/`from_dict` overridden whole. `opening` holds the set-up's
    events (the first deal): a game's `new` fills it and the default
    `opening_events()` returns a copy. A game with challenge windows overrides `open_window`
    so the engine can settle unclaimable windows in one call
    (`settle_window`, which a game may override with a faster equivalent).
    A game whose seats may decide together (everyone lays away at once)
    says so with `order_free_seats`. A game whose mistakes are proved only
    by later cards (a revoke) keeps them in a `muggins.later.LaterClaims`
    and returns it from `later_claims`.
    """

    game: Game
    rules: Any
    players: int
    seed: int
    #: False while nobody reads the events (`Match.run` with no record, listener or
    #: observing player): a game may then skip building them and return fewer or none.
    #: Everything else — the state, decisions, results — must not depend on it.
    events_wanted: bool = True
    #: The set-up's events (the first deal), set by the game's `new` (or `from_position`); `opening_events()` returns a copy.
    opening: list[Event] = []  # never appended to: a state that has an opening rebinds it

    def __init__(self, game: Game, rules: Any, players: int, seed: int) -> None:
        self.game = game
        self.rules = rules
        self.players = players
        self.seed = seed
        self._cached_decision: Decision | None = None
        self.opening = []
        self._prevented = getattr(rules, "mistakes", "allowed") == "prevented"

    # -- what subclasses provide ------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, game: Game, rules: Any, players: int, seed: int) -> "State":
        """Deal and set up a new match."""

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> "State":
        """Rebuild a state saved by `to_dict`.

        The default rebuilds the rules, player count and seed, makes the
        object without calling the subclass's `__init__`, runs the base
        `State.__init__`, restores `opening` (empty when not saved) and then
        calls `load_fields(data)`, which must set every other attribute the
        game's methods read.
        """
        from .rules import rules_from_dict

        state = cls.__new__(cls)
        State.__init__(state, game, rules_from_dict(game.Rules, data["rules"], source=f"saved {game.name} state"), data["players"], data["seed"])
        opening = data.get("opening")
        if opening:
            state.opening = list(opening)
        state.load_fields(data)
        return state

    def to_dict(self) -> dict[str, Any]:
        """All of the state as JSON-ready plain data: rules, players, seed, `save_fields()` and `opening`.

        `opening` is stored under "opening" when it is not empty, unless
        `save_fields()` stores that key itself (a game that saved it by hand).
        """
        from .rules import rules_to_dict

        fields = self.save_fields()
        clash = {"rules", "players", "seed"} & set(fields)
        if clash:
            raise ValueError(f"save_fields() must not use the keys the base class stores: {sorted(clash)}")
        found = {"rules": rules_to_dict(self.rules), "players": self.players, "seed": self.seed, **fields}
        if self.opening and "opening" not in found:
            found["opening"] = list(self.opening)
        return found

    def save_fields(self) -> dict[str, Any]:
        """The game's own fields as JSON-ready data (without rules, players, seed)."""
        raise NotImplementedError(f"{type(self).__name__} must implement save_fields/load_fields or to_dict/from_dict")

    def load_fields(self, data: Mapping[str, Any]) -> None:
        """Set the game's own fields from what `save_fields` stored."""
        raise NotImplementedError(f"{type(self).__name__} must implement save_fields/load_fields or to_dict/from_dict")

    @abstractmethod
    def _decision(self) -> Decision | None:
        """The pending decision with every physical choice and the correct ones; None when over."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a choice of the pending decision (already checked) and return events."""

    @abstractmethod
    def piles(self) -> Mapping[str, Sequence[Card]]:
        """Every pile by name; together they must hold `game.deck()` exactly."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), as JSON-ready data."""

    @abstractmethod
    def hidden_from(self, seat: int | None) -> set[Card]:
        """The cards `seat` must not see; `view(seat)` never names any of them."""

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the match is over, else None."""

    def opening_events(self) -> list[Event]:
        """Events describing the set-up (the first deal), for records and narration: a copy of `opening`.

        Called once by whoever starts a match (never on a restored state, whose
        opening is already in its record).
        """
        return list(self.opening)

    def open_window(self) -> "ChallengeWindow | None":
        """The challenge window whose responder is to act now, or None (the default: never).

        A game that opens windows overrides this so the engine can see
        `claimable` and the remaining responders; it is never shown to a seat.
        """
        return None

    def later_claims(self) -> "LaterClaims | None":
        """The moves of this hand still open to a claim that later cards prove (`muggins.later.LaterClaims`), or None (the default).

        Optional (declared as `Capabilities.later_claims`): the contract kit
        reads it to check that no such claim's right answer hangs on cards
        the responder cannot see, and the generic bots never make such a
        claim before its proof. A game whose book has its proof window open
        returns that window from `open_window` too.
        """
        return None

    def settle_window(self) -> list[tuple[int, Action, list[Event]]]:
        """Answer the open window's standing answer for every remaining responder, in order.

        The engine calls it only for a window whose `claimable` is False and
        whose remaining responders all promised to stand in such a window.
        Returns (seat, action, events) per answer, exactly as answering one
        by one would; a game may override it with a faster equivalent (the
        contract kit compares the two).
        """
        window = self.open_window()
        if window is None:
            raise IllegalAction("no challenge window is open")
        answers: list[tuple[int, Action, list[Event]]] = []
        while self.open_window() is window and not window.closed:
            found = self._cached_decision or self.decision()
            assert found is not None
            for choice in found.choices:
                if str(choice) == window.standing:
                    break
            else:
                raise IllegalAction(f"the standing answer {window.standing!r} is not among seat {found.seat}'s choices")
            answers.append((found.seat, choice, self.apply(found.seat, choice)))
        return answers

    def order_free_seats(self) -> Sequence[int]:
        """The seats whose decisions come next and do not hang on each other's answers, the seat to act first (the default: none, `()`).

        Optional, for front ends that let a group of seats decide at once,
        as everyone at a cribbage table lays away to the crib together. A
        game returns the seats in the order they act, the seat to act
        first, when each of them in turn decides once, with nobody else
        deciding in between, and each faces at its turn the same decision
        and sees the same view whatever the seats before it in the group
        answered (answers given face down). After the first seat's answer
        the state declares the rest of the group (a last seat alone may be
        declared or not). Nothing else changes: `to_act` stays one seat and
        the answers are applied one by one in this order, so records, replay
        and every other front end are as they were. A front end learns each
        seat's decision from `muggins.projection.order_free_decisions`,
        takes the answers in any order and applies them in seat order; the
        contract kit checks the promise (`muggins.testing.check_any_order`).
        """
        return ()

    def play_forced(self, budget: float) -> int:
        """Take at once the decisions whose answers are certain, and return how many (the default takes none: 0).

        Optional, for speed alone: the engine calls it only while nobody reads
        events (no record, listener or observing player; `events_wanted` is
        False) and every seat's player declares both
        `takes_sole_correct_choice` and `stands_in_unclaimable_windows`. A game
        that overrides it plays on, in order, each pending decision with
        exactly one correct choice (taking that choice) and each open window
        whose `claimable` is False (every remaining responder standing, one
        decision each), and stops before any other decision, at the end of
        the match, or where the next step would take the total past `budget`
        decisions. The state afterwards must be the very state those
        decisions taken one by one through `apply` and `settle_window` would
        leave (the cached decision dropped), so results and statistics are
        the same to the byte; only the events nobody reads may be skipped.
        It pays only where it skips work the rules would otherwise do (the
        shedding game never opens the window of a correct placement): the
        same calls as the engine's loop, made from the state, measured 0.7–0.8%
        more instructions per match for fishing and cribbage.

        While the engine plays this way it calls `play_forced` before each
        decision it takes, and once more with a budget of 0 when it stops
        (at the end of the match, or on an error), so the call is also the
        state's word that the match is quiet and every seat stands: a game
        whose decisions are picked, not forced, may note `budget` and, while
        applying the very next decision, answer a window it would open
        instead of opening it when each answer would be its responder's sole
        correct choice (every remaining responder standing in an unclaimable
        window, or those before the one seat entitled standing and that seat
        claiming), only if the decision being applied, one, and those answers
        fit in `budget`, and return their number from the next call (the
        fishing game does, for the windows after a capture and a lie-down).
        The note is good for that one decision: the next call replaces it
        (the last, with 0, leaves nothing), and a `clone()` must not carry it.
        """
        return 0

    # -- generic machinery -------------------------------------------------
    def decision(self) -> Decision | None:
        """The pending decision (cached until the next `apply`).

        With the house rule `mistakes = "prevented"` only correct choices are
        offered, and a `standing` answer that is not correct is dropped with the rest.
        """
        found = self._cached_decision
        if found is None:
            found = self._decision()
            if found is not None and self._prevented:
                found = _only_correct(found)
            self._cached_decision = found
        return found

    def to_act(self) -> int | None:
        """The seat that decides now (a responder while a window is open); None when over."""
        found = self.decision()
        return None if found is None else found.seat

    def choices(self) -> Sequence[Action]:
        found = self.decision()
        return () if found is None else found.choices

    def correct(self) -> Sequence[Action]:
        found = self.decision()
        return () if found is None else found.correct

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Let `seat` take `action`. Any physically possible action is accepted, mistakes too.

        Raises NotYourTurn if `seat` is not the one to act and IllegalAction
        if the action is not among the choices; the state is then unchanged.
        """
        found = self._cached_decision or self.decision()
        if found is None:
            raise IllegalAction("the match is over")
        if seat != found.seat:
            raise NotYourTurn(f"seat {seat} cannot act: seat {found.seat} is to act")
        for choice in found.choices:  # identity first: the player usually hands back one of the choices
            if choice is action:
                break
        else:
            if action not in found.choices:
                raise IllegalAction(f"{action} is not possible now (choices: {', '.join(map(str, found.choices))})")
        self._cached_decision = None
        return self._apply(action)

    def _forget_decision(self) -> None:
        """Drop the cached pending decision: a subclass that changes the state outside `apply` (its `settle_window`) calls this."""
        self._cached_decision = None

    def clone(self) -> "State":
        """An independent copy of the state (the default: a round trip through `to_dict`; a game may override it with a direct copy).

        The copy has the same `to_dict()`, and applying moves to either leaves the other as it was.
        """
        return type(self).from_dict(self.game, json.loads(json.dumps(self.to_dict())))

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A copy in which every card hidden from `seat` is dealt afresh among the places hidden cards lie, and the seed replaced.

        Optional: a game that implements it can be played by search players
        (the kind `search`), which sample such worlds and never see the real
        state. The copy must look the same from `seat` (`view(seat)` equal; if
        `seat` is to act, the same choices), hold the same cards in the same
        piles' sizes, and have its `seed` replaced by `rng.getrandbits(63)`,
        since future deals come from the seed. It must depend only on what
        `seat` can see and on `rng`: two states differing only in how the
        cards hidden from `seat` are arranged give equal copies for the same
        `rng` stream (`muggins.deck.redeal` does that part). Whatever the
        game keeps that follows from hidden cards (a claim a window would
        uphold) is worked out again from the new deal. The contract kit
        checks all of this (`muggins.testing.check_determinize`). The base
        class raises NotImplementedError; `determinizes(state_class)` says
        whether a game implements it.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement determinize(seat, rng)")

    def shallow_copy(self) -> "State":
        """A new state of the same class sharing every attribute with this one, and none of what the core keeps per state.

        The start of a game's direct `clone()`: the game then copies its own
        mutable fields (lists, the window, counters) onto the result. What the
        core keeps for itself (the cached pending decision) is reset here, so a
        game never writes the core's private names.
        """
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._cached_decision = None
        return new


def _phase_methods(owner: str, deciders: Mapping[str, Callable[..., Any]], handlers: Mapping[str, Callable[..., Any]],
                   window_phase: str) -> dict[str, Callable[..., Any]]:
    """`decision`, `_apply` and `open_window` for a `PhasedState` class, its tables and window phase held in the closure.

    Made once per class: the play loop calls all three on every move, and a
    closure's variable costs less to read than a class attribute through `self`.
    """

    def decision(self: Any) -> Decision | None:
        """As `State.decision`, asking the phase's `_decide_` method directly (no `_decision` call in between)."""
        found = self._cached_decision
        if found is None:
            decide = deciders.get(self.phase)
            if decide is None:
                return None
            found = decide(self)
            if found is not None and self._prevented:
                found = _only_correct(found)
            self._cached_decision = found
        return found

    def _apply(self: Any, action: Action) -> list[Event]:
        handle = handlers.get(self.phase)
        if handle is None:
            raise NotImplementedError(f"{type(self).__name__} has no _on_{self.phase} method")
        events: list[Event] = []
        handle(self, action, events)
        return events

    def open_window(self: Any) -> "ChallengeWindow | None":
        """The window while the phase is the class's `window_phase`, else None."""
        return self.window if self.phase == window_phase else None

    made = {"decision": decision, "_apply": _apply, "open_window": open_window}
    for name, method in made.items():
        method.__qualname__ = f"{owner}.{name}"
        method._made_by_phased_state = True  # type: ignore[attr-defined]  # a subclass may make its own afresh
    return made


class PhasedState(State):
    """An optional base for a game whose state is a `phase` string: one method per phase instead of if/elif chains.

    For each phase the game writes `_decide_<phase>(self) -> Decision` and
    `_on_<phase>(self, action, events)`, which appends its events to
    `events`; a phase without a `_decide_` method (`"over"`) has no
    decision. The tables are built once per class, when it is defined (a
    subclass inherits its parent's methods and may replace any), so a
    decision costs one dictionary look-up. `window_phase` (a class
    constant, read when the class is defined) names the phase in which
    `window` (a `ChallengeWindow`) is open; `open_window()` returns it then. A game may still override `_decision` (`decision()`
    then asks it, as `State`'s does), `_apply` or `open_window`.
    """

    phase: str
    window: "ChallengeWindow | None" = None
    #: The phase whose decisions answer the open `window`.
    window_phase: ClassVar[str] = "respond"
    _phase_deciders: ClassVar[dict[str, Callable[[Any], Decision]]] = {}
    _phase_handlers: ClassVar[dict[str, Callable[[Any, Action, list[Event]], None]]] = {}
    decision, _apply, open_window = _phase_methods("PhasedState", {}, {}, "respond").values()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        deciders, handlers = dict(cls._phase_deciders), dict(cls._phase_handlers)
        own = vars(cls)
        for name, value in own.items():
            if not callable(value):
                continue
            if name.startswith("_decide_"):
                deciders[name[len("_decide_"):]] = value
            elif name.startswith("_on_"):
                handlers[name[len("_on_"):]] = value
        cls._phase_deciders, cls._phase_handlers = deciders, handlers
        for name, method in _phase_methods(cls.__qualname__, deciders, handlers, cls.window_phase).items():
            if name not in own and getattr(getattr(cls, name), "_made_by_phased_state", False):
                setattr(cls, name, method)
        if cls._decision is not PhasedState._decision and getattr(cls.decision, "_made_by_phased_state", False):
            cls.decision = State.decision  # type: ignore[method-assign]  # the game's own _decision is asked

    def _decision(self) -> Decision | None:
        decide = self._phase_deciders.get(self.phase)
        return None if decide is None else decide(self)


def _only_correct(found: Decision) -> Decision:
    """`found` narrowed to its correct choices (the house rule `mistakes = "prevented"`)."""
    standing = found.standing
    if standing is not None and standing not in found.correct:
        standing = None  # no longer offered, so the narrowed decision has no standing answer
    return found._replace(choices=tuple(found.correct), correct=tuple(found.correct), standing=standing)


def determinizes(state_class: type[State]) -> bool:
    """Whether a State class implements `State.determinize` (search players need it)."""
    return getattr(state_class, "determinize", State.determinize) is not State.determinize


#: Capabilities worked out for game classes that declare none, once per class (a class made and dropped in a test is let go).
_INFERRED: "weakref.WeakKeyDictionary[type, Capabilities]" = weakref.WeakKeyDictionary()


def capabilities_of(game: Game | type[Game]) -> Capabilities:
    """What `game` (a game or its class) offers: the `capabilities` its class declares, else those its methods show.

    The one place the core learns a game's optional parts. A declaration
    counts for the class that makes it; a class declaring none (a plugin
    written before declarations, or a subclass of a shipped game) has its
    capabilities worked out by `infer_capabilities` on first use and kept.
    """
    kind = game if isinstance(game, type) else type(game)
    declared = kind.__dict__.get("capabilities")
    if declared is not None:
        return declared
    found = _INFERRED.get(kind)
    if found is None:
        found = _INFERRED[kind] = infer_capabilities(kind)
    return found


def infer_capabilities(kind: type[Game]) -> Capabilities:
    """The capabilities a game class's methods show, whatever it declares: a method overriding the base's (or, for
    `from_position` and `horizon_returns`, which the base lacks, present) is offered.

    Imports the State class when the game names it by its path. A game
    without a State class offers none of the state's parts.
    """
    state = _state_class_of(kind)

    def overrides(owner: Any, base: type, name: str) -> bool:
        return owner is not None and getattr(owner, name, getattr(base, name)) is not getattr(base, name)

    return Capabilities(
        determinize=state is not None and determinizes(state),
        search_prior=overrides(kind, Game, "search_prior"),
        layout=_presents(kind, "layout"),
        choice_move=_presents(kind, "choice_move"),
        order_free_seats=overrides(state, State, "order_free_seats"),
        play_forced=overrides(state, State, "play_forced"),
        from_position=callable(getattr(state, "from_position", None)),
        horizon_returns=callable(getattr(state, "horizon_returns", None)),
        correct_needs_hidden_information=bool(getattr(kind, "correct_needs_hidden_information", False)),
        later_claims=overrides(state, State, "later_claims"),
    )


def _presents(kind: type[Game], name: str) -> bool:
    """Whether a game class offers presentation method `name`: overridden on the class (not a hand-over) or on its presenter class."""
    from .presenter import Presenter

    own = getattr(kind, name, None)
    if own is not None and own is not getattr(Game, name) and not getattr(own, "hands_to_presenter", False):
        return True
    presenter = kind.__dict__.get("Presenter", getattr(kind, "Presenter", None))
    if isinstance(presenter, str):
        import importlib

        module, _, attribute = presenter.partition(":")
        presenter = getattr(importlib.import_module(module), attribute)
    return isinstance(presenter, type) and getattr(presenter, name, None) is not getattr(Presenter, name)


def _state_class_of(kind: type[Game]) -> type[State] | None:
    """`kind.State`, imported when given as `"package.module:Class"` (kept on the class, as `Game.state_class` does); None without one."""
    found = getattr(kind, "State", None)
    if isinstance(found, str):
        import importlib

        module, _, name = found.partition(":")
        found = getattr(importlib.import_module(module), name)
        kind.State = found
    return found if isinstance(found, type) else None
