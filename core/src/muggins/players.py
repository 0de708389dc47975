"""The player protocol, seat options, the generic bots every game gets for free, and seating.

Humans and bots are the same to the engine: given what their seat may see
and the pending `Decision`, return one of its choices. Bots never read the
state itself, only their view and the decision, so they cannot peek at
hidden cards; the decision's `correct` list is the rules' verdict on the
seat's own options, which a real player could work out from what they see
(a game where that is not so sets `Game.correct_needs_hidden_information`,
and the generic `expert` and `novice` then refuse to play it). Three generic
kinds serve any game: `random` (any physical choice, calls included),
`expert` (always a correct choice) and `novice` (errs and misses calls at
rates given as seat options); a fourth, `search` (`muggins.search`, imported
only when one is seated, registered with the others by `muggins.plugins`;
its options are `SEARCH_OPTIONS` here), serves every game whose states
implement `State.determinize`. A game may register its own kinds of the same
names through `muggins_register_players` to play better.

A seat is written `KIND` or `KIND:name=value,...` (`novice:error_rate=0.3`).
A kind declares its options as `PlayerOption`s; `parse_seat` splits a seat
and `PlayerKind.convert` checks and converts its values, so a misspelt or
out-of-range option is refused with one line naming the allowed ones. The
converted values, defaults filled in, reach the factory as keyword
arguments; `make_players` seats a whole table, each player on its own
random stream derived from the match seed, its seat and its kind's name
(not its options, so variants of a kind meet the same luck).

v2 contract declarations, plain class attributes a player may set (both
default False), and only when the player then draws no randomness and
keeps no state: `stands_in_unclaimable_windows = True` (it always gives the
standing answer in a challenge window nobody can win, so the engine may
settle such a window for it in one call) and `takes_sole_correct_choice =
True` (at any decision with exactly one correct choice it takes that
choice, so the engine may answer for it without asking). `ExpertPlayer`
declares both; `RandomPlayer` and `NovicePlayer` declare neither, since
they draw randomness at every decision.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from .actions import Action, Decision, standing_answer
from .faults import PluginFault, plugin_fault
from .game import Event, Game, capabilities_of
from .i18n import N_, translator
from .later import is_later_claim
from .limits import clip
from .projection import visible_events
from .rng import derive_rng

if TYPE_CHECKING:
    from .registry import Registry

# Worded when raised, in the language a front end set; a plugin author's mistakes in declaring a kind stay English.
_ = translator("muggins", package_file=__file__).gettext

__all__ = [
    "Player",
    "PlayerFactory",
    "PlayerKind",
    "PlayerOption",
    "PlayerRefused",
    "RandomPlayer",
    "ExpertPlayer",
    "NovicePlayer",
    "BUILTIN_KINDS",
    "SEARCH_OPTIONS",
    "parse_seat",
    "make_players",
    "Seating",
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action. `observe` is optional (humans use it to narrate)."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action: ...


PlayerFactory = Callable[..., Player]
"""`factory(rng=, game=, seat=, **options) -> Player`; should accept `**_` for options added later."""

_OPTION_TYPES = (bool, int, float, str)
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


class PlayerRefused(ValueError):
    """A kind of player cannot play this game (the generic expert at a bluffing game)."""


@dataclass(frozen=True, slots=True)
class PlayerOption:
    """One option a kind of player takes in its seat spec: `novice:error_rate=0.3`.

    `type` is `float`, `int`, `bool` or `str`; `min` and `max` bound a
    number (inclusive); `help` is one line for `muggins list --json`.
    The rest say a seat's value in words where a player reads the seat
    (`muggins.seat_words`), each marked with `N_` in the kind's own
    catalogue: `words` is a clause that follows the kind's words (`"who
    errs {rate}"`), filled with `{value}` (the value as the reader writes
    numbers), `{rate}` (a chance from 0 to 1 as how often: "about one time
    in five") or `{seat}` (a seat spec, itself in words); `plural_words`
    is its plural, for an `int` option (`"who runs {value} simulations a
    move"`); `value_words` gives whole clauses for particular values (a
    `bool`'s True and False, a text option's choices) and wins over
    `words`. An option with none of them is shown by name and value.
    """

    name: str
    type: type
    default: Any
    min: float | None = None
    max: float | None = None
    help: str = ""
    words: str = ""
    plural_words: str = ""
    value_words: Any = ()

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"player option name {self.name!r} must be an identifier")
        if self.type not in _OPTION_TYPES:
            raise ValueError(f"player option {self.name!r}: type must be float, int, bool or str, not {self.type!r}")
        if (self.min is not None or self.max is not None) and self.type not in (int, float):
            raise ValueError(f"player option {self.name!r}: only int and float options take min and max")
        if type(self.words) is not str or type(self.plural_words) is not str:
            raise ValueError(f"player option {self.name!r}: words and plural_words must be text")
        # Kept as pairs, so an option stays hashable like the rest of its declaration.
        pairs = tuple(self.value_words.items()) if isinstance(self.value_words, Mapping) else tuple(self.value_words)
        if not all(isinstance(pair, tuple) and len(pair) == 2 and type(pair[1]) is str for pair in pairs):
            raise ValueError(f"player option {self.name!r}: value_words must map values to text")
        object.__setattr__(self, "value_words", pairs)
        self.check(self.default)

    def describe(self) -> str:
        """`error_rate (float 0..1, default 0.1)`: what error messages list."""
        if self.min is not None and self.max is not None:
            span = f" {self.min:g}..{self.max:g}"
        elif self.min is not None:
            span = f" >= {self.min:g}"
        elif self.max is not None:
            span = f" <= {self.max:g}"
        else:
            span = ""
        return _("{name} ({type}{span}, default {default})").format(name=self.name, type=self.type.__name__, span=span, default=self.default)

    def shown_help(self) -> str:
        """`help` in the language in force (the built-in kinds' options are in the core's catalogue; a plugin's stay as written)."""
        return _(self.help) if self.help else self.help

    def convert(self, text: str) -> Any:
        """The value `text` stands for; ValueError naming the option and what it allows."""
        try:
            if self.type is bool:
                lowered = text.lower()
                if lowered not in _TRUE | _FALSE:
                    raise ValueError
                value: Any = lowered in _TRUE
            elif self.type is float:
                value = float(text)
            else:
                value = self.type(text)
        except ValueError:
            raise ValueError(_("{name}={value} is not a valid {type}; {allowed}").format(
                name=self.name, value=repr(text), type=self.type.__name__, allowed=self.describe())) from None
        self.check(value)
        return value

    def check(self, value: Any) -> None:
        """ValueError if `value` is of the wrong type or out of range."""
        ok_type = isinstance(value, self.type) and not (self.type is int and isinstance(value, bool))
        if self.type is float and isinstance(value, int) and not isinstance(value, bool):
            ok_type = True
        if not ok_type:
            raise ValueError(_("{name}={value} is not a valid {type}; {allowed}").format(
                name=self.name, value=repr(value), type=self.type.__name__, allowed=self.describe()))
        if self.type is float and not math.isfinite(value):
            raise ValueError(_("{name}={value} is not a finite number; {allowed}").format(name=self.name, value=repr(value), allowed=self.describe()))
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise ValueError(_("{name}={value} is out of range; {allowed}").format(name=self.name, value=repr(value), allowed=self.describe()))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type.__name__, "default": self.default, "min": self.min, "max": self.max, "help": self.help}


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A named kind of player (`random`, `expert`, `human`…), generic or for some games, with its options."""

    name: str
    factory: PlayerFactory
    description: str = ""
    games: tuple[str, ...] = ()
    options: tuple[PlayerOption, ...] = ()
    #: The name of the plugin that registered it (None for a kind made by hand).
    plugin: str | None = field(default=None, compare=False)
    #: One player of the kind in words, as a player reads a seat ("a novice"), marked with `N_` in the kind's own
    #: catalogue; "" for a kind that gives none (`muggins.seat_words` then says "a player of the kind NAME").
    words: str = ""

    def __post_init__(self) -> None:
        for option in self.options:
            if not isinstance(option, PlayerOption):
                raise TypeError(f"player kind {self.name!r}: options must be muggins.players.PlayerOption, not {type(option).__name__}")
        names = [option.name for option in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"player kind {self.name!r} declares an option twice: {', '.join(names)}")
        if type(self.words) is not str:
            raise TypeError(f"player kind {self.name!r}: words must be text, not {type(self.words).__name__}")

    def shown_description(self) -> str:
        """`description` in the language in force (the built-in kinds' are in the core's catalogue; a plugin's stay as written)."""
        return _(self.description) if self.description else self.description

    def serves(self, game_name: str) -> bool:
        return not self.games or game_name in self.games

    def convert(self, given: Mapping[str, str]) -> dict[str, Any]:
        """Every declared option's value: the given texts converted, defaults for the rest.

        ValueError, one line, for an option the kind does not declare or a
        bad value, naming the allowed options with their ranges.
        """
        declared = {option.name: option for option in self.options}
        for name in given:
            if name not in declared:
                if not declared:
                    raise ValueError(_("player kind {kind} takes no options, so not {option}").format(kind=repr(self.name), option=repr(clip(name))))
                allowed = ", ".join(option.describe() for option in self.options)
                raise ValueError(_("player kind {kind} has no option {option}; its options: {allowed}").format(
                    kind=repr(self.name), option=repr(clip(name)), allowed=allowed))
        values = {}
        for option in self.options:
            if option.name in given:
                try:
                    values[option.name] = option.convert(given[option.name])
                except ValueError as exc:
                    raise ValueError(_("player kind {kind}: {reason}").format(kind=repr(self.name), reason=exc)) from None
            else:
                values[option.name] = option.default
        return values


def parse_seat(spec: str) -> tuple[str, dict[str, str]]:
    """Split `KIND` or `KIND:name=value,...` into the kind's name and its option texts.

    ValueError, one line, for an empty kind, an option without `=`, an empty
    name or value, or an option given twice. Values are not converted here
    (the kind's declarations do that).
    """
    kind, colon, rest = spec.partition(":")
    kind = kind.strip()
    if not kind:
        raise ValueError(_("seat {seat} names no kind of player (write KIND or KIND:name=value,...)").format(seat=repr(clip(spec))))
    options: dict[str, str] = {}
    if not colon:
        return kind, options
    if not rest.strip():
        raise ValueError(_("seat {seat} has ':' but no options after it (write KIND:name=value,...)").format(seat=repr(clip(spec))))
    for part in rest.split(","):
        name, equals, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not name or not value:
            raise ValueError(_("seat {seat}: {part} is not name=value").format(seat=repr(clip(spec)), part=repr(clip(part.strip()))))
        if name in options:
            raise ValueError(_("seat {seat} gives option {option} twice").format(seat=repr(clip(spec)), option=repr(clip(name))))
        options[name] = value
    return kind, options


class RandomPlayer:
    """Picks uniformly among all physical choices, mistakes and calls included."""

    def __init__(self, rng: random.Random, **_ignored: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        choices = decision.choices
        return choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class ExpertPlayer:
    """Always correct: picks among the correct choices (uniformly where several are).

    With one correct choice it draws nothing, and in an unclaimable window
    the only correct answer is the standing one, hence both declarations.
    """

    stands_in_unclaimable_windows = True
    takes_sole_correct_choice = True

    def __init__(self, rng: random.Random, **_ignored: Any) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        correct = decision.correct
        return correct[self.rng.randrange(len(correct))] if len(correct) > 1 else correct[0]


class NovicePlayer:
    """A fallible player: errs on its own moves with `error_rate`, notices errors with `attention`.

    On a `respond` decision the novice makes the correct response with
    probability `attention` and otherwise lets the action stand (the
    decision's `standing_answer`, or a correct choice when it has none); on other
    decisions it picks a random physical choice with probability
    `error_rate` and a correct one otherwise.
    """

    def __init__(self, rng: random.Random, error_rate: float = 0.1, attention: float = 0.5, **_ignored: Any) -> None:
        if not 0 <= error_rate <= 1 or not 0 <= attention <= 1:
            raise ValueError(_("novice error_rate and attention must lie between 0 and 1"))
        self.rng = rng
        self.error_rate = error_rate
        self.attention = attention

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng = self.rng
        if decision.kind == "respond":
            if rng.random() < self.attention:
                return _pick(rng, decision.correct)
            standing = standing_answer(decision)
            return standing if standing is not None else _pick(rng, decision.correct)
        if rng.random() < self.error_rate:
            return _pick(rng, decision.choices)
        return _pick(rng, decision.correct)


def _seen_to_be_right(decision: Decision, options: Sequence[Action]) -> Sequence[Action]:
    """`options` less the claims on moves that later cards prove (`muggins.later`), outside the window their proof opens.

    Before the proof nothing a seat sees shows such a claim right, so the
    generic bots leave it to the window the proof opens (a `respond`
    decision), whatever a game calls correct.
    """
    if decision.kind == "respond":
        return options
    kept = [option for option in options if not is_later_claim(option)]
    return kept if kept else [option for option in decision.choices if not is_later_claim(option)] or options


class _LaterClaimsExpert(ExpertPlayer):
    """The expert at a game with later claims (`Capabilities.later_claims`): it calls one only in the window its proof opens."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        return _pick(self.rng, _seen_to_be_right(decision, decision.correct))


class _LaterClaimsNovice(NovicePlayer):
    """The novice at a game with later claims: its slips are moves, never a claim made before the proof."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        rng = self.rng
        if decision.kind == "respond":
            return NovicePlayer.choose(self, view, decision)
        if rng.random() < self.error_rate:
            return _pick(rng, _seen_to_be_right(decision, decision.choices))
        return _pick(rng, _seen_to_be_right(decision, decision.correct))


#: The generic kind for a game with later claims, by the kind's class (the shipped games never pay for the check).
_FOR_LATER_CLAIMS: dict[type, type] = {ExpertPlayer: _LaterClaimsExpert, NovicePlayer: _LaterClaimsNovice}


def _pick(rng: random.Random, options: Sequence[Action]) -> Action:
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def observe(player: Player, seat: int, events: Sequence[Event]) -> None:
    """Pass `player` the events its seat may see, if it listens."""
    listener = getattr(player, "observe", None)
    if listener is not None:
        visible = visible_events(events, seat)
        if visible:
            listener(visible)


def _needs_visible_correct(label: str, cls: type) -> PlayerFactory:
    """A generic factory that refuses a game whose correct choices depend on hidden cards."""

    def factory(rng: random.Random, game: Game | None = None, **options: Any) -> Player:
        if game is not None and capabilities_of(game).correct_needs_hidden_information:
            raise PlayerRefused(_("the generic {kind} cannot play {game}: its correct choices depend on hidden cards; use the game's own bots").format(
                kind=label, game=game.name))
        if game is not None and capabilities_of(game).later_claims:
            return _FOR_LATER_CLAIMS.get(cls, cls)(rng, **options)
        return cls(rng, **options)

    return factory


NOVICE_OPTIONS = (
    PlayerOption("error_rate", float, 0.1, 0, 1, N_("chance of a random physical choice instead of a correct one on its own moves"),
                 words=N_("who errs {rate}")),
    PlayerOption("attention", float, 0.5, 0, 1, N_("chance of making the correct response in a challenge window (else it lets the action stand)"),
                 words=N_("who catches the others' mistakes {rate}")),
)

SEARCH_OPTIONS = (
    PlayerOption("iterations", int, 200, 1, None, N_("simulations per decision (a count, never a time, so replays re-derive every choice)"),
                 words=N_("who runs {value} simulation a move"), plural_words=N_("who runs {value} simulations a move")),
    PlayerOption("exploration", float, 0.7, 0, None, N_("the UCT exploration constant (returns lie in 0..1)"),
                 words=N_("who explores with a constant of {value}")),
    PlayerOption("rollout", str, "random", help=N_("the seat spec that plays each simulation out (random, expert, novice:error_rate=0.3, a game's own kind)"),
                 words=N_("whose simulations are played out by {seat}")),
    PlayerOption("returns", str, "wins", help=N_("what a simulation returns: wins (each winning side's share) or scores (scaled to 0..1)"),
                 value_words={"wins": N_("who counts the wins of its simulations"), "scores": N_("who counts the scores of its simulations")}),
    PlayerOption("only_correct", bool, True, help=N_("choose only among correct choices at its own decisions (false: search every choice, mistakes included)"),
                 value_words={True: N_("who weighs only correct moves"), False: N_("who weighs wrong moves too")}),
    PlayerOption("horizon", bool, True, help=N_("stop each simulation at the game's horizon and score it there, where its states offer one (cribbage: the end of the deal)"),
                 value_words={True: N_("who stops each simulation at the game's horizon"), False: N_("who plays each simulation to the end")}),
    PlayerOption("opponents", str, "tree", help=N_("the other seats' moves in a simulation: tree (searched as its own are) or rollout (played by the rollout players)"),
                 value_words={"tree": N_("who searches the others' moves as its own"),
                              "rollout": N_("who leaves the others' moves to its rollout players")}),
    PlayerOption("prior", bool, True, help=N_("select at the root by PUCT over the game's search_prior, where it gives one, and keep the prior's favourite unless searched clearly otherwise"),
                 value_words={True: N_("who follows the game's own hints"), False: N_("who ignores the game's own hints")}),
    PlayerOption("margin", float, 1.0, 0, None, N_("with a prior: answer another choice only when it was visited (1 + margin) times as often as the prior's favourite"),
                 words=N_("who leaves the hinted move only by a margin of {value}")),
    PlayerOption("seconds", float, 0.0, 0, None, N_("a time limit per decision as well as the count (0: none); a timed seat's moves are not checked on replay"),
                 words=N_("who thinks at most {value} s a move"), value_words={0: N_("who has no time limit")}),
)


BUILTIN_KINDS = (
    PlayerKind("random", lambda rng, **kw: RandomPlayer(rng, **kw), N_("any physical choice, mistakes and calls included"), words=N_("a random player")),
    PlayerKind("expert", _needs_visible_correct("expert", ExpertPlayer), N_("always a correct choice; calls every real error"), words=N_("an expert")),
    PlayerKind("novice", _needs_visible_correct("novice", NovicePlayer), N_("errs with error_rate (default 0.1), notices an error with attention (default 0.5)"),
               options=NOVICE_OPTIONS, words=N_("a novice")),
)
#: The options of the built-in kind `search` (registered by `muggins.plugins`, whose factory imports
#: `muggins.search` on first use: the search imports this module, so this module cannot name it).
SEARCH_DESCRIPTION = N_("Monte Carlo tree search over the hidden cards (iterations per decision, default 200); for games whose states implement determinize")
#: One player of the kind `search` in words.
SEARCH_WORDS = N_("a searching player")


class Seating(list):
    """The players `make_players` seats, in `plugins` the plugin that registered each one's kind (None for a seat it did not make),
    and in `registry` the registry they were seated from: a `Match` given no registry names the plugin behind a fault by it."""

    plugins: tuple[str | None, ...] = ()
    registry: Registry | None = None


def make_players(registry: Registry, game: Game, seats: Sequence[str], seed: int, options: Mapping[str, Any] | None = None) -> list[Player]:
    """One player per seat from seat specs (`expert`, `novice:error_rate=0.3`), each on its own derived stream.

    KeyError for an unknown kind; ValueError (one line) for a bad option or
    a kind that refuses the game. `options` is the v1 way, kept for old
    callers: keyword arguments handed unchecked to every seat's factory
    (over the seat's own); prefer seat options, which are checked. A
    factory that ends with SystemExit, raises KeyboardInterrupt itself or
    recurses without end raises `muggins.plugins.PluginFault` naming the
    plugin. The list returned is a `Seating`, which names each kind's plugin.
    """
    players = Seating()
    sources = []
    for seat, spec in enumerate(seats):
        kind, values = registry.seat(spec, game.name)
        if getattr(kind.factory, "takes_given_options", False):
            # A kind whose defaults depend on the game (search's) is told which options the spec gave.
            values = {**values, "given_options": frozenset(parse_seat(spec)[1])}
        if getattr(kind.factory, "takes_registry", False):
            # A kind that seats players of its own (search's rollouts) seats them from the registry it was seated from.
            values = {**values, "registry": registry}
        if options:
            values = {**values, **options}
        try:
            player = kind.factory(rng=derive_rng(seed, "player", seat, kind.name), game=game, seat=seat, **values)
        except PlayerRefused as exc:
            own = _own_kinds(registry, game.name)
            if own:
                raise PlayerRefused(_("{reason} (kinds: {kinds})").format(reason=exc, kinds=", ".join(own))) from None
            raise PlayerRefused(_("{reason} (it registers none)").format(reason=exc)) from None
        except BaseException as exc:
            fault = plugin_fault(exc, registry if hasattr(registry, "owners") else None, fallback=kind.plugin)
            if fault is None:
                raise
            raise fault from exc
        if not callable(getattr(player, "choose", None)):
            who = registry.plugin_info(kind.plugin) if hasattr(registry, "plugin_info") else None
            raise PluginFault(_("{plugin}: the factory of player kind {kind} returned {type}, which has no choose(view, decision)").format(
                plugin=who.describe() if who else _("a plugin"), kind=repr(kind.name), type=type(player).__name__), kind.plugin)
        players.append(player)
        sources.append(kind.plugin)
    players.plugins = tuple(sources)
    players.registry = registry if hasattr(registry, "owners") else None
    return players


def _own_kinds(registry: Registry, game_name: str) -> list[str]:
    return sorted({k.name for k in registry.players if k.games and game_name in k.games})


def describe_kinds(kinds: Iterable[PlayerKind]) -> list[dict[str, Any]]:
    """Kinds as JSON-ready data for `muggins list --json`."""
    return [
        {"name": k.name, "description": k.description, "generic": not k.games, "options": [o.to_dict() for o in k.options]}
        for k in kinds
    ]


#: A person playing at a front end (the terminal, a browser table); the front end makes the player (`muggins.match_checks`).
HUMAN = "human"
#: The kinds of seat a front end answers for, by name, with what they are. They are not registered kinds:
#: no plugin may take these names, and a run without a front end (a simulation) cannot seat them.
FRONT_END_KINDS: Mapping[str, str] = {HUMAN: N_("a person playing at this front end (the terminal, a browser table)")}
#: The front end's kinds in words, as a player reads a seat.
FRONT_END_WORDS: Mapping[str, str] = {HUMAN: N_("a person")}
