"""Seat options, the generic bots' declarations and refusals, and seating a table from seat specs."""

from __future__ import annotations

import pytest

from muggins import PlayerOption, hookimpl
from muggins.engine import make_players as make_players_from_engine
from muggins.players import (
    BUILTIN_KINDS, ExpertPlayer, NovicePlayer, PlayerKind, PlayerRefused, RandomPlayer, make_players, parse_seat,
)
from muggins.plugins import load_registry
from muggins.rng import derive_rng

NOVICE_ALLOWED = "error_rate (float 0..1, default 0.1), attention (float 0..1, default 0.5)"


# -- PlayerOption ------------------------------------------------------------
def test_options_convert_text_of_each_type():
    assert PlayerOption("rate", float, 0.5, 0, 1).convert("0.25") == 0.25
    assert PlayerOption("rate", float, 0.5, 0, 1).convert("1") == 1.0
    assert PlayerOption("depth", int, 2, min=1).convert("7") == 7
    flag = PlayerOption("bold", bool, False)
    assert [flag.convert(t) for t in ("true", "Yes", "on", "1", "false", "NO", "off", "0")] == [True] * 4 + [False] * 4
    assert PlayerOption("style", str, "plain").convert("fancy") == "fancy"


@pytest.mark.parametrize("option, text, message", [
    (PlayerOption("rate", float, 0.5, 0, 1), "1.5", "rate=1.5 is out of range; rate (float 0..1, default 0.5)"),
    (PlayerOption("rate", float, 0.5, 0, 1), "-0.1", "rate=-0.1 is out of range"),
    (PlayerOption("rate", float, 0.5, 0, 1), "lots", "rate='lots' is not a valid float; rate (float 0..1, default 0.5)"),
    (PlayerOption("rate", float, 0.5), "nan", "rate=nan is not a finite number"),
    (PlayerOption("rate", float, 0.5), "1e999", "rate=inf is not a finite number"),
    (PlayerOption("depth", int, 2, min=1), "2.5", "depth='2.5' is not a valid int; depth (int >= 1, default 2)"),
    (PlayerOption("depth", int, 2, min=1), "0", "depth=0 is out of range; depth (int >= 1, default 2)"),
    (PlayerOption("depth", int, 2, max=9), "10", "depth (int <= 9, default 2)"),
    (PlayerOption("bold", bool, False), "maybe", "bold='maybe' is not a valid bool; bold (bool, default False)"),
])
def test_bad_option_values_are_refused_naming_the_allowed_range(option, text, message):
    with pytest.raises(ValueError) as caught:
        option.convert(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("make, message", [
    (lambda: PlayerOption("rate", float, 2.0, 0, 1), "rate=2.0 is out of range"),
    (lambda: PlayerOption("rate", float, "high"), "rate='high' is not a valid float"),
    (lambda: PlayerOption("depth", int, True), "depth=True is not a valid int"),
    (lambda: PlayerOption("style", str, "x", min=1), "only int and float options take min and max"),
    (lambda: PlayerOption("error-rate", float, 0.1), "must be an identifier"),
    (lambda: PlayerOption("rate", list, []), "type must be float, int, bool or str"),
])
def test_bad_declarations_are_refused(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_options_as_data():
    assert PlayerOption("rate", float, 0.5, 0, 1, "how often").to_dict() == {
        "name": "rate", "type": "float", "default": 0.5, "min": 0, "max": 1, "help": "how often",
    }


def test_a_kind_declares_each_option_once_and_only_options():
    with pytest.raises(ValueError, match="declares an option twice: a, a"):
        PlayerKind("k", RandomPlayer, options=(PlayerOption("a", int, 1), PlayerOption("a", int, 2)))
    with pytest.raises(TypeError, match="options must be muggins.players.PlayerOption, not dict"):
        PlayerKind("k", RandomPlayer, options=({"name": "a"},))  # type: ignore[arg-type]


# -- parse_seat --------------------------------------------------------------
@pytest.mark.parametrize("spec, parsed", [
    ("expert", ("expert", {})),
    ("novice:error_rate=0.3", ("novice", {"error_rate": "0.3"})),
    ("novice:error_rate=0.3,attention=0.8", ("novice", {"error_rate": "0.3", "attention": "0.8"})),
    (" novice\u202f: error_rate = 0.3 , attention=1 ", ("novice", {"error_rate": "0.3", "attention": "1"})),
    ("bot:path=a:b", ("bot", {"path": "a:b"})),
])
def test_seat_specs_parse(spec, parsed):
    assert parse_seat(spec) == parsed


@pytest.mark.parametrize("spec, message", [
    ("", "names no kind of player"),
    (":error_rate=1", "names no kind of player"),
    ("novice:", "has ':' but no options after it"),
    ("novice:error_rate", "'error_rate' is not name=value"),
    ("novice:error_rate=", "'error_rate=' is not name=value"),
    ("novice:=0.3", "'=0.3' is not name=value"),
    ("novice:error_rate=0.3,", "'' is not name=value"),
    ("novice:attention=1,attention=0", "gives option 'attention' twice"),
])
def test_malformed_seat_specs(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_seat(spec)


# -- Registry.seat -------------------------------------------------------------
def test_registry_converts_seat_options_and_fills_defaults(registry):
    kind, options = registry.seat("novice:error_rate=0.3", "tally")
    assert kind.name == "novice" and options == {"error_rate": 0.3, "attention": 0.5}
    assert registry.seat("novice:attention=0.8,error_rate=0", "tally")[1] == {"error_rate": 0.0, "attention": 0.8}
    assert registry.seat("expert", "tally")[1] == {}


@pytest.mark.parametrize("spec, message", [
    ("novice:eror_rate=0.3", f"seat 'novice:eror_rate=0.3': player kind 'novice' has no option 'eror_rate'; its options: {NOVICE_ALLOWED}"),
    ("novice:error_rate=1.5", "seat 'novice:error_rate=1.5': player kind 'novice': error_rate=1.5 is out of range; error_rate (float 0..1, default 0.1)"),
    ("novice:attention=half", "seat 'novice:attention=half': player kind 'novice': attention='half' is not a valid float; attention (float 0..1, default 0.5)"),
    ("random:call_rate=0.2", "seat 'random:call_rate=0.2': player kind 'random' takes no options, so not 'call_rate'"),
    ("expert:depth=3", "seat 'expert:depth=3': player kind 'expert' takes no options, so not 'depth'"),
])
def test_registry_refuses_bad_options_in_one_line(registry, spec, message):
    with pytest.raises(ValueError) as caught:
        registry.seat(spec, "tally")
    assert str(caught.value) == message


def test_registry_refuses_an_unknown_kind(registry):
    with pytest.raises(KeyError, match="unknown player kind 'wizard'; kinds for tally: expert, novice, random"):
        registry.seat("wizard:power=9", "tally")


class _PluginKinds:
    """Kinds a plugin registers: one with options for tally, one old-style without, and bad ones."""

    @hookimpl
    def muggins_register_players(self, register):
        register("novice", lambda rng, **kw: NovicePlayer(rng, **{k: v for k, v in kw.items() if k != "miss_rate"}),
                 games=("tally",), options=(PlayerOption("miss_rate", float, 0.25, 0, 1, "calls missed"),))
        register("oldstyle", lambda rng, **kw: RandomPlayer(rng, **kw), description="registered the v1 way")


class _BadKinds:
    @hookimpl
    def muggins_register_players(self, register):
        register("bad:name", lambda rng, **kw: RandomPlayer(rng))


class _BadOptions:
    @hookimpl
    def muggins_register_players(self, register):
        register("clumsy", lambda rng, **kw: RandomPlayer(rng), options=(PlayerOption("a", int, 1), PlayerOption("a", int, 1)))


def test_plugin_kinds_declare_their_own_options_and_old_plugins_still_register(tally_env):
    registry = load_registry(extra_plugins=[("kinds", _PluginKinds()), ("badkinds", _BadKinds()), ("badoptions", _BadOptions())])
    assert registry.seat("novice:miss_rate=0.5", "tally")[1] == {"miss_rate": 0.5}
    with pytest.raises(ValueError, match="has no option 'error_rate'; its options: miss_rate \\(float 0..1, default 0.25\\)"):
        registry.seat("novice:error_rate=0.5", "tally")
    assert registry.seat("novice:error_rate=0.5", "other")[1]["error_rate"] == 0.5  # the generic novice elsewhere
    assert registry.seat("oldstyle", "tally")[0].description == "registered the v1 way"
    with pytest.raises(ValueError, match="player kind 'oldstyle' takes no options"):
        registry.seat("oldstyle:x=1", "tally")
    assert "plugin 'badkinds' failed to register players: PluginError: player kind name 'bad:name' cannot be empty or contain ':', ',' or '='" in registry.errors
    assert any("plugin 'badoptions' failed to register players: ValueError: player kind 'clumsy' declares an option twice" in e for e in registry.errors)


# -- the generic bots ------------------------------------------------------------
def test_only_the_expert_declares_the_v2_shortcuts():
    assert ExpertPlayer.stands_in_unclaimable_windows is True and ExpertPlayer.takes_sole_correct_choice is True
    for cls in (RandomPlayer, NovicePlayer):
        assert not getattr(cls, "stands_in_unclaimable_windows", False)
        assert not getattr(cls, "takes_sole_correct_choice", False)


def test_the_builtin_kinds_declare_their_options():
    options = {kind.name: [o.to_dict() for o in kind.options] for kind in BUILTIN_KINDS}
    assert options["random"] == [] and options["expert"] == []
    assert [(o["name"], o["type"], o["default"], o["min"], o["max"]) for o in options["novice"]] == [
        ("error_rate", "float", 0.1, 0, 1), ("attention", "float", 0.5, 0, 1),
    ]


def test_make_players_applies_options_and_keeps_the_kinds_stream(registry, tally):
    assert make_players_from_engine is make_players  # the engine re-exports it
    plain, tuned = make_players(registry, tally, ["novice", "novice:error_rate=0.3,attention=0.8"], 11)
    assert (plain.error_rate, plain.attention) == (0.1, 0.5)
    assert (tuned.error_rate, tuned.attention) == (0.3, 0.8)
    # The stream depends on seat and kind, not on options: variants meet the same luck.
    again = make_players(registry, tally, ["novice:error_rate=1", "novice:attention=0"], 11)
    assert [p.rng.random() for p in again] == [derive_rng(11, "player", s, "novice").random() for s in (0, 1)]
    with pytest.raises(ValueError, match="player kind 'novice' has no option 'typo'"):
        make_players(registry, tally, ["expert", "novice:typo=1"], 11)


def test_the_options_change_play(registry, tally):
    from muggins.engine import Match

    def claims(seats):
        state = tally.new(tally.Rules(hand_size=6), 3, 5)
        match = Match(state, make_players(registry, tally, seats, 5))
        made = []
        match.listeners.append(lambda game, ev: made.append(ev) if ev["type"] == "claim" else None)
        match.run()
        return made

    # Random players err a lot: a novice that never attends lets every error stand, one that always attends calls them.
    assert [c for c in claims(["random", "random", "novice:attention=0"]) if c["seat"] == 2] == []
    called = [c for c in claims(["random", "random", "novice:attention=1"]) if c["seat"] == 2]
    assert called and all(c["supported"] for c in called)


def _bluffing(tally):
    class Bluff(type(tally)):
        name = "bluff"
        correct_needs_hidden_information = True

    return Bluff()


class _BluffBots:
    @hookimpl
    def muggins_register_players(self, register):
        register("sharp", lambda rng, **kw: RandomPlayer(rng), games=("bluff",))
        register("dull", lambda rng, **kw: RandomPlayer(rng), games=("bluff",))


def test_generic_expert_and_novice_refuse_a_game_whose_correct_choices_need_hidden_cards(registry, tally):
    bluff = _bluffing(tally)
    for kind in ("expert", "novice:error_rate=0.2"):
        with pytest.raises(PlayerRefused) as caught:
            make_players(registry, bluff, ["random", kind], 1)
        generic = kind.split(":")[0]
        assert str(caught.value) == (
            f"the generic {generic} cannot play bluff: its correct choices depend on hidden cards; use the game's own bots (it registers none)"
        )
    assert isinstance(make_players(registry, bluff, ["random", "random"], 1)[1], RandomPlayer)
    with_bots = load_registry(extra_plugins=[("bluffbots", _BluffBots())])
    with pytest.raises(ValueError, match=r"use the game's own bots \(kinds: dull, sharp\)$"):
        make_players(with_bots, bluff, ["expert"], 1)
    assert len(make_players(registry, tally, ["expert", "novice"], 1)) == 2  # an ordinary game is served


def test_the_contract_kit_seats_specs_with_options(registry, tally):
    from muggins.testing import ContractError, check_game

    report = check_game(tally, players=[3], games=4, seed=2, kinds=("expert", "novice:error_rate=0.5,attention=0.9", "random"), registry=registry)
    assert report.matches == 4
    with pytest.raises(ContractError, match="player kind 'novice' has no option 'miss_rate'; its options: error_rate"):
        check_game(tally, players=[2], games=1, kinds=("novice:miss_rate=0.5",), registry=registry)


def test_make_players_still_takes_v1_options_for_every_seat(registry, tally):
    # Old callers pass unchecked keyword arguments to every factory; they override the seat's own values.
    first, second = make_players(registry, tally, ["novice:attention=0.9", "expert"], 4, {"error_rate": 0.7})
    assert (first.error_rate, first.attention) == (0.7, 0.9) and isinstance(second, ExpertPlayer)
