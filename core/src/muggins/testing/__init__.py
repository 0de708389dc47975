"""The contract kit: the checks every muggins game must pass, in one line or one concern at a time.

`check_game(game, players=…, games=…, seed=…)` walks random and bot matches
(random observers included, so challenge windows are exercised) and runs
every named check on them, each also a public entry point of its own with
the same arguments, so a plugin author can run one concern alone:
`check_play` (every decision offers a choice with its correct choices among
them; only the seat to act may act; the piles conserve the deck; events,
views and results are JSON-ready; every match ends within the game's
declared limit; the last result event agrees with the result; a game with
partnerships, `Game.sides`, has whole sides winning and side scores that
are its seats' scores added up: `check_sides`) runs under
all the others; `check_privacy` (nothing a seat receives — its view, the
events that reach it, its decision's `info` — names a card hidden from it;
an event may list cards the rules show openly under `"reveals"`);
`check_layout` (for a game that describes its table with `Game.layout`
and `Game.choice_move`: every seat's layout is well formed and names no
card hidden from it, and every card a choice moves lies face up in the
acting seat's layout and goes to one of its zones; a game without them
passes); `check_windows` (a window the game calls unclaimable has the standing
answer as its only correct choice, settling it in one call equals
answering one by one, and every responder of a window is given the same
`Decision.waits`); `check_restore` (state save/restore at decisions 1, 2,
4, 8… continues identically); `check_determinism` (a rerun through
`Match.run`, which takes the engine's shortcuts, takes the same decisions
and gives the same events; played with nobody reading events it ends the
same; and for a game that overrides `State.play_forced`, a quiet match of
seats taking their first correct choice ends as the same match listened
to, which `play_to_end` plays either way for a game's own tests);
`check_records` (the rerun's record round-trips and replays without
divergence); `check_determinizing` (for a game that implements
`State.determinize`, the state-level
`check_determinize(state, seat, rng)` at some decisions: the same view and
choices from that seat, the cards seen in place, the seed replaced, and
nothing read of how the hidden cards lie); `check_search_priors` (for a
game that gives the search a prior, `Game.search_prior`: the state-level
`check_search_prior(state, seat, rng)` at its decisions: it names only
choices offered, with finite weights not negative, and weighs them alike
in worlds that differ only in how the hidden cards lie); `check_keys` (at every
decision no two choices share a key or a typed form, in English or any
language the game's catalogue speaks); `check_any_order` (for a game
that declares order-free seats, `State.order_free_seats`: the state-level
`check_order_free(state, rng)` at the start of some groups: each seat's
decision and view at its turn are the same whatever the earlier seats
answered, and answers collected in any order then applied in seat order
leave the same match as answering one by one); `check_hidden_answers` (for
a game that implements `State.determinize`: where a claim is at stake, a
window or a claim on a move that later cards prove (`muggins.later`), the
right answer and the seat's bot's answer are the same in other deals of
the cards hidden from the responder, so neither calls what it cannot
see); `check_rules_round_trip`
(the default house rules survive TOML and back); and `check_capabilities`
(the game's `Game.capabilities` says what its methods implement). A failure raises
`ContractError` naming the check and carrying the game, player count,
seed, seat kinds and the decision list that reproduce it (`run_match`
plays one such match under every per-step check, `check_replay` reruns
it). `GameContract` wraps `check_game` as a pytest class to subclass (name
the game with `game_name` and it is loaded with its own registered bots);
A house rule's own tests set `house_rules = ["my_rule"]` beside
`game_name`: the kit then loads the game with those plugins and runs every
check with them in force, failing unless each was asked.
`check_translations` (in `muggins.testing.translations`, run by
`GameContract.test_translations`) warns about the messages a package marks
for translation that its catalogue leaves untranslated, and the French
translations that break French typography (`typography_faults`).
`muggins.testing.pytest_plugin` adds fixtures (`muggins_game("name")` among
them) and the `--muggins-games` option for long soaks. The step checks
live in `muggins.testing.checks`, the match walk that calls them in
`muggins.testing.walk`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Iterable, Sequence

from ..actions import find_action
from ..game import Game, State, capabilities_of, infer_capabilities
from ..houserules import HouseRuleError, house_rule_plugins, match_answers, questions_asked
from ..plugins import Registry, current_registry, load_registry, reset_registry
from ..rng import derive_seed
from ..rules import load_rules, rules_to_dict, rules_to_toml
from .checks import (
    CONCERNS, DETERMINISM, DETERMINIZE, LAYOUT, PLAY, PRIVACY, RECORDS, RESTORE, REVEALS, WINDOWS, check_determinize,
    check_events_privacy, cards_named_in, check_layout_privacy, check_result_fields, check_sides, check_update_privacy, check_view_privacy,
    hidden_snapshot, play_to_end,
)
from .hidden_answers import HIDDEN_ANSWERS
from .keys import KEYS, game_languages, key_clash
from .order_free import ANY_ORDER, check_order_free
from .search_checks import SEARCH_PRIOR, check_search_prior
from .translations import UntranslatedMessages, catalogue_of_game, check_translations, stale_compiled, typography_faults, untranslated_messages
from .walk import Concern, ContractError, ContractReport, MatchWalk, check_rerun, registry_for, walk_match

__all__ = [
    "ContractError", "ContractReport", "check_game", "check_rules_round_trip", "check_capabilities", "run_match", "GameContract",
    "registry_with_game", "house_rule_names", "REVEALS", "act", "check_result_fields", "check_sides", "install_for_discovery",
    "check_play", "check_privacy", "check_windows", "check_restore", "check_determinism", "check_records",
    "check_replay", "check_determinize", "check_determinizing", "check_view_privacy", "check_events_privacy", "check_update_privacy", "cards_named_in", "hidden_snapshot", "event_types",
    "check_layout", "check_layout_privacy", "check_search_prior", "check_search_priors", "check_keys", "key_clash", "game_languages",
    "check_any_order", "check_order_free", "check_hidden_answers",
    "check_translations", "untranslated_messages", "stale_compiled", "typography_faults", "UntranslatedMessages", "play_to_end",
]

DEFAULT_KINDS = ("random", "expert")


def _check(
    game: Game,
    concerns: Sequence[Concern],
    *,
    players: Iterable[int] | None,
    games: int,
    seed: int,
    kinds: Sequence[str],
    rules: Any,
    registry: Registry | None,
    replays: int,
    deep_every: int,
) -> ContractReport:
    """Walk `games` matches per player count under `concerns`; rerun the first `replays` of each for their rerun checks."""
    report = ContractReport()
    registry = registry or registry_for(game)
    reruns = any(concern.rerun for concern in concerns)
    with questions_asked() as asked:  # which house-rule plugins the matches asked, for the report
        for count in list(game.players if players is None else players):
            if count not in game.players:
                raise ValueError(f"{game.name} is for {game.players.start}-{game.players.stop - 1} players, not {count}")
            for index in range(games):
                match_seed = derive_seed(seed, game.name, count, index)
                seat_kinds = [kinds[(index + s) % len(kinds)] for s in range(count)]
                walk = walk_match(game, count, match_seed, seat_kinds, concerns, rules=rules, registry=registry,
                                  deep=index % deep_every == 0, report=report)
                if reruns and index < replays:
                    check_rerun(walk, concerns)
    for question in asked.values():
        for plugin, _ in question.answers:
            report.house_rule_answers[plugin] = report.house_rule_answers.get(plugin, 0) + 1
    return report


def check_game(
    game: Game,
    *,
    players: Iterable[int] | None = None,
    games: int = 20,
    seed: int = 0,
    kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None,
    registry: Registry | None = None,
    replays: int = 2,
    deep_every: int = 1,
) -> ContractReport:
    """Walk `games` matches per player count under every named check; raise ContractError on the first failure.

    Seats take the `kinds` in rotation (match i, seat s plays kinds[(i+s) %
    len(kinds)]), so with ("random", "expert") random observers sit beside
    correct players. The first `replays` matches per count are also rerun,
    recorded and replayed (`check_determinism`, `check_records`).
    `deep_every` runs the costlier checks on every n-th match only (soaks
    use it to go faster). The rules' TOML round trip and the game's
    capabilities are checked first. Each named check alone, with the same
    arguments, walks the same matches.
    """
    check_rules_round_trip(game)
    check_capabilities(game)
    return _check(game, CONCERNS, players=players, games=games, seed=seed, kinds=kinds, rules=rules, registry=registry,
                  replays=replays, deep_every=deep_every)


def _check_one(concern: Concern, game: Game, players: Iterable[int] | None, games: int, seed: int, kinds: Sequence[str],
               rules: Any, registry: Registry | None, deep_every: int, *, rerun_all: bool = False) -> ContractReport:
    concerns = (PLAY,) if concern is PLAY else (PLAY, concern)
    return _check(game, concerns, players=players, games=games, seed=seed, kinds=kinds, rules=rules, registry=registry,
                  replays=games if rerun_all else 0, deep_every=deep_every)


# Each named check walks the matches check_game walks with the same arguments (under the play
# checks, which every walk needs), so a failure check_game found is found again by its check alone.
def check_play(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """The play checks alone: decisions well formed, only the seat to act acts, the deck conserved,
    JSON-ready events and results that agree, every match over within the game's declared limit."""
    return _check_one(PLAY, game, players, games, seed, kinds, rules, registry, deep_every)


def check_privacy(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """Nothing a seat receives (its view, the events that reach it, its decision's `info`) names a card hidden from it."""
    return _check_one(PRIVACY, game, players, games, seed, kinds, rules, registry, deep_every)


def check_layout(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """For a game that describes its table (`Game.layout`, `Game.choice_move`): `check_layout_privacy` for the seat to act,
    with its choices' moves, at every decision, and for every seat and a spectator at decisions 1, 2, 4, 8…
    A game without either passes."""
    return _check_one(LAYOUT, game, players, games, seed, kinds, rules, registry, deep_every)


def check_windows(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """The game's word on its windows matches its decisions, every responder of a window gets the same
    `Decision.waits`, and settling an unclaimable window in one call equals answering one by one."""
    return _check_one(WINDOWS, game, players, games, seed, kinds, rules, registry, deep_every)


def check_restore(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """A state saved and restored at decisions 1, 2, 4, 8… is the same state and continues with identical events."""
    return _check_one(RESTORE, game, players, games, seed, kinds, rules, registry, deep_every)


def check_determinizing(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """For a game that implements `State.determinize` (search players need it): `check_determinize` at
    checkpoints (decisions 1, 2, 4, 8…, for the seat to act and the next seat) and every 128th decision
    (the seat to act). A game without it passes."""
    return _check_one(DETERMINIZE, game, players, games, seed, kinds, rules, registry, deep_every)


def check_search_priors(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """For a game that gives the search a prior (`Game.search_prior`): `check_search_prior` at every decision
    with a choice, with determinized worlds compared at the first 8 and every 16th after. A game without one passes."""
    return _check_one(SEARCH_PRIOR, game, players, games, seed, kinds, rules, registry, deep_every)


def check_keys(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """At every decision, no two choices share a key or a typed form in English or in any language the game has a
    catalogue for (`muggins.actions.keys_in`, `typed_in`): a player's key picks one action in every language."""
    return _check_one(KEYS, game, players, games, seed, kinds, rules, registry, deep_every)


def check_any_order(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """For a game that declares order-free seats (`State.order_free_seats`): `check_order_free` at the start of the first
    groups of each match (`muggins.testing.order_free.ANY_ORDER_PER_MATCH`). A game that declares none passes."""
    return _check_one(ANY_ORDER, game, players, games, seed, kinds, rules, registry, deep_every)


def check_hidden_answers(
    game: Game, *, players: Iterable[int] | None = None, games: int = 20, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None, deep_every: int = 1,
) -> ContractReport:
    """For a game that implements `State.determinize`: where a claim is at stake (a window, a claim on a move later cards
    prove), its right answer and the seat's bot's answer are the same in other deals of the cards hidden from the
    responder (`muggins.testing.hidden_answers`). A game that cannot determinize passes."""
    return _check_one(HIDDEN_ANSWERS, game, players, games, seed, kinds, rules, registry, deep_every)


def check_determinism(
    game: Game, *, players: Iterable[int] | None = None, games: int = 2, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None,
) -> ContractReport:
    """A rerun of each match with fresh bots through `Match.run` (the engine's shortcuts) takes the same
    decisions and gives the same events. Every match walked is rerun: the first `games` per player
    count, which are the ones `check_game`'s `replays` rerun."""
    return _check_one(DETERMINISM, game, players, games, seed, kinds, rules, registry, 1, rerun_all=True)


def check_records(
    game: Game, *, players: Iterable[int] | None = None, games: int = 2, seed: int = 0, kinds: Sequence[str] = DEFAULT_KINDS,
    rules: Any = None, registry: Registry | None = None,
) -> ContractReport:
    """The record of each match's rerun round-trips through JSON Lines, replays without divergence and
    reaches the same final state. Every match walked is rerun, as in `check_determinism`."""
    return _check_one(RECORDS, game, players, games, seed, kinds, rules, registry, 1, rerun_all=True)


def run_match(
    game: Game,
    players: int,
    seed: int,
    kinds: Sequence[str],
    *,
    rules: Any = None,
    registry: Registry | None = None,
    deep: bool = True,
    report: ContractReport | None = None,
) -> list[str]:
    """Play one match under every per-step check; return the decision texts.

    `deep` adds the costlier checks (privacy of every seat's view, a refused
    out-of-turn action, state save/restore at steps 1, 2, 4, 8…).
    """
    return walk_match(game, players, seed, kinds, CONCERNS, rules=rules, registry=registry, deep=deep, report=report).decisions


def check_replay(game: Game, players: int, seed: int, kinds: Sequence[str], decisions: Sequence[str], *, rules: Any = None, registry: Registry | None = None) -> None:
    """Determinism and records: rerun with fresh bots, compare the decisions, write a record, parse it, replay it."""
    rules = game.Rules() if rules is None else rules
    walk = MatchWalk(game, rules, players, seed, kinds, registry or registry_for(game), decisions=list(decisions))
    check_rerun(walk, (DETERMINISM, RECORDS))


def act(state: State, text: str) -> list[dict]:
    """Let the seat to act take the choice whose text is `text` (as a record names it); return the events.

    For tests built from hand-made positions: AssertionError naming the
    choices when no choice has that text or the match is over.
    """
    decision = state.decision()
    assert decision is not None, "the match is over"
    action = find_action(decision.choices, text)
    assert action is not None, f"{text!r} is not among {[str(c) for c in decision.choices]}"
    return state.apply(decision.seat, action)


def event_types(events: Sequence[dict]) -> list[str]:
    """The `type` of each event, in order: what rule tests from hand-made positions usually compare."""
    return [e["type"] for e in events]


def check_rules_round_trip(game: Game) -> None:
    """Default house rules → commented TOML → load must give the defaults back."""
    defaults = game.Rules()
    text = rules_to_toml(defaults, title=game.title)
    loaded = load_rules(game.Rules, text, source=f"{game.name} defaults")
    if loaded != defaults or rules_to_dict(loaded) != rules_to_dict(defaults):
        raise AssertionError(f"{game.name}: default rules change through TOML: {rules_to_dict(defaults)} -> {rules_to_dict(loaded)}")


def check_capabilities(game: Game) -> None:
    """The capabilities the core reads for `game` (its class's `capabilities`, or those worked out once) say what its methods implement.

    A part declared but not implemented would be called and fail; one
    implemented but not declared would never be used, nor checked.
    """
    read, shown = capabilities_of(game), infer_capabilities(type(game))
    if read == shown:
        return
    where = "declares" if type(game).__dict__.get("capabilities") is not None else "was worked out (before a method changed?) as"
    wrong = [f"{part.name}={getattr(read, part.name)} (its methods: {getattr(shown, part.name)})"
             for part in fields(read) if getattr(read, part.name) != getattr(shown, part.name)]
    raise AssertionError(f"{game.name} {where} capabilities its methods do not show: {', '.join(wrong)}")


def registry_with_game(name: str, house_rules: Sequence[str] = ()) -> Registry:
    """A registry of the installed plugin that registers game `name`, and nothing else installed but the `house_rules`.

    Whatever `MUGGINS_LOAD_PLUGINS` says: a contract test names its game on
    purpose. The game's own player kinds come with it, so `"expert"` means
    the game's expert when it registers one. `house_rules` names installed
    house-rule plugins of the game (entry-point or distribution names) to
    load beside it; LookupError, in one line, for one that is not installed,
    is not used (its load error said), or implements none of the game's hooks.
    """
    from importlib.metadata import entry_points

    names = sorted({ep.name for ep in entry_points(group="muggins")})
    everything = load_registry(only=names)
    source = everything.game_sources.get(name)
    if source is None:
        installed = ", ".join(sorted(everything.games)) or "none"
        raise LookupError(f"no installed plugin registers the game {name!r}; installed games: {installed}")
    if isinstance(house_rules, str):
        raise TypeError(f"house_rules is a list of plugin names, such as [{house_rules!r}], not one string")
    loaded = load_registry(only=[source.name, *house_rules])
    if house_rules:
        _check_house_rules(loaded, loaded.game(name), house_rules)
    return loaded


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _check_house_rules(registry: Registry, game: Game, house_rules: Sequence[str]) -> None:
    """LookupError (one line) unless each of `house_rules` is loaded in `registry` and implements a hook `game` publishes."""
    published = {p.name for p in house_rule_plugins(registry, game, installed=True)}
    for wanted in house_rules:
        info = next((p for p in registry.plugins if _normal(p.name) == _normal(wanted)
                     or (p.distribution is not None and _normal(p.distribution) == _normal(wanted))), None)
        if info is None:
            said = [line for line in registry.errors if repr(wanted) in line or _normal(wanted) in _normal(line)]
            raise LookupError(f"house rule {wanted!r} is not loaded: "
                              + (said[0] if said else "no installed plugin has that entry-point or distribution name"))
        if info.name not in published:
            raise LookupError(f"plugin {wanted!r} implements none of the hooks {game.name} publishes for house-rule plugins")


def house_rule_names(registry: Registry, house_rules: Sequence[str]) -> list[str]:
    """The entry-point names of `house_rules` (given by entry-point or distribution name) in `registry`."""
    found = []
    for wanted in house_rules:
        info = next((p for p in registry.plugins if _normal(p.name) == _normal(wanted)
                     or (p.distribution is not None and _normal(p.distribution) == _normal(wanted))), None)
        found.append(info.name if info is not None else wanted)
    return found


class GameContract:
    """Subclass in a plugin's tests to run the contract under pytest.

    Set `game_name` to load that installed game with its own registered
    bots (the usual way: `class TestContract(GameContract): game_name =
    "my_game"`), or set `game` (a Game instance) or override `make_game()`
    and `make_registry()`. A house rule's tests add `house_rules =
    ["my_rule"]` (installed house-rule plugins of the game, by entry-point
    or distribution name): the game is loaded with those plugins beside it,
    the registry is made the process registry while the checks run, every
    check plays with them in force, a refusal of their answers fails the
    test in the game's one line, and the test fails unless every one of them
    was asked. Optionally set `players`, `games`, `seed`, `kinds` (seat
    specs such as `"expert"` or `"novice:attention=0.9"`), `rules`.
    `pytest --muggins-games N` raises the number of matches for a soak.
    """

    game_name: str | None = None
    game: Game | None = None
    house_rules: Sequence[str] = ()
    players: Sequence[int] | None = None
    games: int = 10
    seed: int = 0
    kinds: Sequence[str] = ("random", "expert")
    rules: Any = None
    #: The languages `test_translations` checks the game's catalogue in (muggins.i18n.LANGUAGES but English); () none.
    languages: Sequence[str] = ("fr",)

    def _named_registry(self) -> Registry | None:
        if self.game_name is None:
            if self.house_rules:
                raise TypeError("house_rules needs game_name: the game the house rules change is loaded with them")
            return None
        cached = type(self).__dict__.get("_loaded_registry")
        if cached is None:
            cached = registry_with_game(self.game_name, self.house_rules)
            type(self)._loaded_registry = cached
        return cached

    def make_game(self) -> Game:
        named = self._named_registry()
        if named is not None:
            return named.game(self.game_name)
        if self.game is None:
            raise NotImplementedError("set `game_name` or `game`, or override make_game()")
        return self.game

    def make_registry(self) -> Registry | None:
        return self._named_registry()

    def _games(self, request: Any) -> int:
        option = request.config.getoption("muggins_games", default=None) if request is not None else None
        return option or self.games

    def test_rules_round_trip(self) -> None:
        check_rules_round_trip(self.make_game())

    def test_translations(self) -> None:
        """Every message the game's package marks is translated into each of `languages`: a warning names those that are not.

        A house rule's contract checks the game's package, which is not the
        rule's: it checks nothing. Needs Babel (a development tool); without it, nothing is checked.
        """
        if self.house_rules or not self.languages:
            return
        try:
            import babel  # noqa: F401
        except ImportError:  # pragma: no cover - Babel is in the development group
            return
        package, domain = catalogue_of_game(self.make_game())
        check_translations(package, domain, self.languages)

    def test_contract(self, request: Any) -> None:
        game, registry = self.make_game(), self.make_registry()
        if not self.house_rules:
            report = check_game(game, players=self.players, games=self._games(request), seed=self.seed,
                                kinds=self.kinds, rules=self.rules, registry=registry)
            assert report.matches > 0 and report.decisions > 0
            return
        previous = current_registry()
        reset_registry(registry)  # in force for games made outside the registry too (a position builder, a helper)
        try:
            rules = game.Rules() if self.rules is None else self.rules
            for count in list(game.players if self.players is None else self.players):
                try:
                    match_answers(game, rules, count)
                except HouseRuleError as exc:
                    raise AssertionError(f"{game.name} refuses the house rules in force for {count} players: {exc}") from None
            report = check_game(game, players=self.players, games=self._games(request), seed=self.seed,
                                kinds=self.kinds, rules=self.rules, registry=registry)
        finally:
            reset_registry(previous)
        assert report.matches > 0 and report.decisions > 0
        for name in house_rule_names(registry, self.house_rules):  # type: ignore[arg-type]
            assert report.house_rule_answers.get(name), (
                f"house rule {name!r} was never asked while the contract ran ({report.matches} matches): "
                "do the rules' [plugins] switch it off?")
        # Shown under `pytest -rP` (or -s): how often each plugin was asked, the evidence the rule was in force.
        print("house rules asked: " + ", ".join(f"{name} {count} question{'s' if count > 1 else ''}"
                                                for name, count in sorted(report.house_rule_answers.items())))


def install_for_discovery(project: Any, site: Any) -> list[str]:
    """Make the plugin project at `project` discoverable as if pip had installed it; return the paths to put on sys.path.

    Writes `NAME-VERSION.dist-info` (METADATA and the `muggins` entry points,
    from the project's own `pyproject.toml`) into the folder `site`, which
    must exist, and returns `[site, project/src]`: with both first on
    `sys.path` (`monkeypatch.syspath_prepend` each, then
    `importlib.invalidate_caches()`), `load_registry` finds the plugin by its
    entry point exactly as it finds an installed one. For testing a
    house-rule plugin or a game in its own repository without installing it.
    """
    import tomllib
    from pathlib import Path

    project, site = Path(project), Path(site)
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n", encoding="utf-8")
    points = meta.get("entry-points", {}).get("muggins", {})
    (info / "entry_points.txt").write_text("[muggins]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()), encoding="utf-8")
    return [str(site), str(project / "src")]
