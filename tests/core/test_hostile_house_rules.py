"""Hostile house-rule plugins against the core: refused in one line naming the plugin, given copies, asked once per match plan, kept in records.

Each plugin is a one-module distribution written into a temporary site
directory on `sys.path` (`install`), beside the shipped games, and found
by entry-point discovery like any installed plugin; worker processes find
it on PYTHONPATH. What is checked: whatever a hook raises (SystemExit, its
own KeyboardInterrupt, a RecursionError, an exception that cannot be
printed) and whatever it answers that is not bounded plain data (a Mapping
that raises when read, a number of 5,000 digits, NaN, a function, an
endless generator) is a `HouseRuleError` naming the plugin, never the game,
before any game code sees the answer; a hook changing the rules it is given
changes nothing else; a question is asked once, so a simulation plays by
the same answers in this process and in its workers, and a refusal in a
run is said as it is inline; a record keeps the answers and a plugin of the
same name and version answering otherwise is refused when it is replayed.
"""

from __future__ import annotations

import collections
import enum
import json
import signal
import types

import pytest

from muggins import HouseRuleError, hookimpl
from muggins.houserules import (
    MAX_ANSWER_DIGITS, call_house_rules, check_record, compare_answers, house_rule_plugins, plain_answer, plugin_switches,
    with_plugin_switches,
)
from muggins.plugins import load_registry, reset_registry
from muggins.records import header_for, parse_record
from muggins.match_checks import SessionError, installed_game

pytestmark = pytest.mark.plugins

#: (game, one of its hooks, a key its answer may hold, a player count)
GAMES = [
    ("muggins_shedding", "muggins_shedding_penalty_cards", "cards", 4),
    ("cribbage_muggins", "muggins_cribbage_target", "target", 2),
    ("willughby_fishing", "muggins_fishing_stakes", "reward", 5),
]

HOSTILE = """
import os, sys
from collections.abc import Mapping
from multiprocessing import parent_process
from muggins import hookimpl


class Raising(Mapping):
    def __getitem__(self, key):
        raise ValueError("a hostile table")
    def __iter__(self):
        raise ValueError("a hostile table")
    def __len__(self):
        return 1


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no words")


def deep(n):
    return deep(n + 1)


def endless():
    while True:
        yield 1


def nested():
    value = []
    for _ in range(100):
        value = [value]
    return value


@hookimpl
def {hook}(players, rules):
    {body}
"""


@pytest.fixture
def install(plugin_site, monkeypatch):
    """`install(game, name, hook, body)`: the plugin `name` whose `hook` runs `body`, loaded with `game` alone (here and in workers)."""

    def put(game: str, name: str, hook: str, body: str):
        plugin_site.install(name, HOSTILE.format(hook=hook, body=body), distribution=f"fake-{name}", version="0.1")
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", f"{game},{name}")
        registry = load_registry(only=[game, name])
        assert registry.errors == [], registry.errors
        reset_registry(registry)
        return registry

    return put


def refusal(registry, game_name: str, players: int) -> str:
    game = registry.game(game_name)
    with pytest.raises(HouseRuleError) as refused:
        game.new(game.Rules(), players, 0)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 400
    return message


# -- whatever a hook raises or answers: one line naming the plugin (issue 26, items 10 and 11) --------------------
SHAPES = [
    ("sys.exit(3)", "failed in {hook}: SystemExit: 3"),
    ("raise KeyboardInterrupt", "failed in {hook}: KeyboardInterrupt"),
    ("return deep(0)", "failed in {hook}: RecursionError: maximum recursion depth exceeded"),
    ("raise Unprintable()", "failed in {hook}: Unprintable (whose message cannot be shown)"),
    ("return Raising()", "failed in {hook}: reading its answer raised ValueError: a hostile table"),
    ("return 10 ** 5000", ": {hook} answered a whole number of more than 300 digits; answers are plain data"),
    ("return {{'{key}': -10 ** 5000}}", ": {hook} answered a whole number of more than 300 digits (at ['{key}'])"),
    ("return float('nan')", ": {hook} answered nan, not a finite number"),
    ("return {{'{key}': float('inf')}}", ": {hook} answered inf, not a finite number (at ['{key}'])"),
    ("return lambda: 3", ": {hook} answered a function, which is not plain data"),
    ("return endless()", ": {hook} answered more than 10,000 items, characters and digits in all"),
    ("return nested()", ": {hook} answered lists or tables nested more than 32 deep"),
    ("return b'3'", ": {hook} answered bytes (bytes), not text"),
    ("return {{'{key}': '\\ud800'}}", ": {hook} answered text that is not valid Unicode (at ['{key}'])"),
]


@pytest.mark.parametrize("game_name, hook, key, players", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("body, said", SHAPES, ids=[s[0] for s in SHAPES])
def test_a_hostile_hook_is_refused_in_one_line_naming_the_plugin_not_the_game(install, game_name, hook, key, players, body, said):
    registry = install(game_name, "hostile", hook, body.format(key=key))
    message = refusal(registry, game_name, players)
    assert message.startswith("house-rule plugin 'hostile'")
    assert said.format(hook=hook, key=key) in message
    assert game_name.replace("_", "-") not in message and f"plugin {game_name!r}" not in message


@pytest.mark.parametrize("game_name, hook, key, players", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("body", ["return 'x' * 5000", "return {{'x' * 5000: 1}}", "return {{'{key}': 'x' * 5000}}", "return [[1, 2]] * 3000"])
def test_a_long_plain_answer_the_game_cannot_use_is_still_one_short_line(install, game_name, hook, key, players, body):
    registry = install(game_name, "hostile", hook, body.format(key=key))
    assert refusal(registry, game_name, players).startswith("house-rule plugin 'hostile'")


def test_a_real_ctrl_c_while_a_hook_runs_is_still_an_interrupt(install):
    from muggins_cli.main import _interrupted

    registry = install("muggins_shedding", "hostile", "muggins_shedding_penalty_cards", "import signal; signal.raise_signal(signal.SIGINT)")
    previous = signal.signal(signal.SIGINT, _interrupted)  # as the command line has it
    try:
        with pytest.raises(KeyboardInterrupt) as raised:
            registry.game("muggins_shedding").new(registry.game("muggins_shedding").Rules(), 4, 0)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not isinstance(raised.value, HouseRuleError)


class Colour(enum.IntEnum):
    RED = 2


def test_plain_answers_are_copies_of_the_same_kinds_of_data():
    Pair = collections.namedtuple("Pair", "low high")
    given = {"pairs": [Pair(13, 1)], "order": ("common", "own"), "kinds": {"a"}, "colour": Colour.RED,
             "view": types.MappingProxyType({8: 2.5}), "made": (n for n in range(3)), "none": None, "yes": True}
    plain = plain_answer(given)
    assert plain == {"pairs": [(13, 1)], "order": ("common", "own"), "kinds": frozenset({"a"}), "colour": 2,
                     "view": {8: 2.5}, "made": [0, 1, 2], "none": None, "yes": True}
    assert type(plain["pairs"][0]) is tuple and type(plain["colour"]) is int and type(plain["view"]) is dict
    assert plain_answer(10**MAX_ANSWER_DIGITS - 1) == 10**MAX_ANSWER_DIGITS - 1
    with pytest.raises(ValueError, match=r"^a whole number of more than 300 digits \(at \['a'\]\[1\]\)$"):
        plain_answer({"a": [1, 10**MAX_ANSWER_DIGITS]})


# -- what hooks receive: copies (item 12) ----------------------------------------------------------------------
def test_a_hook_changing_the_rules_it_is_given_changes_nothing_else(install):
    registry = install("muggins_shedding", "hostile", "muggins_shedding_penalty_cards",
                       "object.__setattr__(rules, '_muggins_plugin_switches', {'hostile': False}); return 3")
    game = registry.game("muggins_shedding")
    rules = with_plugin_switches(game.Rules(), {"hostile": True})
    state = game.new(rules, 4, 0)
    assert state.penalty == 3
    assert plugin_switches(rules) == {"hostile": True}  # what the hook did was done to its copy
    assert [p.name for p in house_rule_plugins(registry, game, rules)] == ["hostile"]
    header = header_for(game, rules, 4, 0, ["expert"] * 4, house_rules=house_rule_plugins(registry, game, rules))
    assert [p["name"] for p in header.house_rules] == ["hostile"]


def test_a_question_is_asked_once_and_every_caller_gets_its_own_copy(install):
    registry = install("muggins_shedding", "hostile", "muggins_shedding_adjacent_ranks",
                       "ASKED.append(players); return PAIRS\nASKED = []\nPAIRS = [[13, 1]]")
    import hostile

    game = registry.game("muggins_shedding")
    rules = game.Rules()
    first = call_house_rules(game, "muggins_shedding_adjacent_ranks", rules=rules, players=4)
    first[0].value.append([2, 9])  # the caller's copy
    hostile.PAIRS.append([5, 9])  # the plugin's own list, changed after it answered
    again = call_house_rules(game, "muggins_shedding_adjacent_ranks", rules=rules, players=4)
    assert [a.value for a in again] == [[[13, 1]]] and hostile.ASKED == [4]
    call_house_rules(game, "muggins_shedding_adjacent_ranks", rules=rules, players=3)  # another question
    assert hostile.ASKED == [4, 3]
    assert game.new(rules, 4, 1).extra == ((1, 13),)


# -- one match plan, one set of answers, in every process (items 11 and 12) ------------------------------------------
PER_PROCESS = "return 3 if parent_process() is not None else 0"  # one answer in a worker process, another here


def test_simulate_plays_by_the_answers_asked_here_with_any_worker_count(install):
    from muggins.simulate import simulate

    registry = install("muggins_shedding", "hostile", "muggins_shedding_penalty_cards", PER_PROCESS)
    seats = ["novice", "random", "expert"]  # errors called, so the penalty counts
    inline = simulate("muggins_shedding", players=3, seats=seats, matches=8, seed=4, registry=registry)
    workers = simulate("muggins_shedding", players=3, seats=seats, matches=8, seed=4, workers=2, registry=registry)
    assert workers == inline
    assert registry.game("muggins_shedding").new(registry.game("muggins_shedding").Rules(), 3, 0).penalty == 0


def test_a_ladder_plays_by_the_answers_asked_here_with_any_worker_count(install):
    pytest.importorskip("openskill")
    from muggins.ladder import ladder

    registry = install("muggins_shedding", "hostile", "muggins_shedding_penalty_cards", PER_PROCESS)
    inline = ladder("muggins_shedding", ["expert", "novice", "random"], 12, players=3, seed=2, registry=registry)
    workers = ladder("muggins_shedding", ["expert", "novice", "random"], 12, players=3, seed=2, workers=2, registry=registry)
    assert workers == inline


@pytest.mark.parametrize("workers", [1, 2])
def test_a_refusal_in_a_run_names_the_plugin_as_it_does_inline(install, workers):
    from muggins.simulate import simulate

    registry = install("cribbage_muggins", "hostile", "muggins_cribbage_target", "return {'target': 10 ** 5000}")
    with pytest.raises(HouseRuleError) as refused:
        simulate("cribbage_muggins", players=2, matches=8, workers=workers, registry=registry)
    assert str(refused.value) == ("house-rule plugin 'hostile': muggins_cribbage_target answered a whole number of more than 300 digits "
                                  "(at ['target']); answers are plain data: None, true or false, numbers, text, and lists and tables of them")


def test_a_refusal_a_worker_meets_itself_travels_as_the_refusal_not_as_the_games_fault(install):
    from muggins.simulate.runners import _sendable

    registry = install("muggins_shedding", "hostile", "muggins_shedding_penalty_cards", "return -1")
    with pytest.raises(HouseRuleError) as refused:  # raised in the game's own code, which checks the answer
        registry.game("muggins_shedding").new(registry.game("muggins_shedding").Rules(), 4, 0)
    assert _sendable(refused.value) is refused.value


# -- records keep the answers; replay and resume compare them (item 12) ----------------------------------------------
def test_a_record_keeps_the_answers_and_a_plugin_answering_otherwise_is_refused(install):
    registry = install("cribbage_muggins", "hostile", "muggins_cribbage_target", "return {'target': 91}")
    game = registry.game("cribbage_muggins")
    rules = game.Rules()
    state = game.new(rules, 2, 5)
    header = header_for(game, rules, 2, 5, ["expert", "expert"], house_rules=house_rule_plugins(registry, game, rules))
    assert header.house_rule_answers == [{"hook": "muggins_cribbage_target", "plugin": "hostile", "answer": {"target": 91}}]
    text = header.dumps() + json.dumps({"opening": state.opening_events()}) + "\n"
    record = parse_record(text)
    assert record.house_rule_answers == header.house_rule_answers and check_record(registry, game, record) == (None, None)
    # The same plugin, name and version, now answering otherwise.
    registry = install("cribbage_muggins", "hostile", "muggins_cribbage_target", "return {'target': 61}")
    with pytest.raises(SessionError) as refused:
        installed_game(registry, parse_record(text), source="m.jsonl")
    assert str(refused.value) == (
        'm.jsonl: house-rule answers differ: house-rule plugin \'hostile\' answers muggins_cribbage_target with {"target": 61} here, '
        '{"target": 91} in the record (the match was played by the answers the record keeps)')
    registry = install("cribbage_muggins", "hostile", "muggins_cribbage_target", "sys.exit(0)")
    with pytest.raises(SessionError, match=r"^m\.jsonl: house-rule plugin 'hostile' failed in muggins_cribbage_target: SystemExit: 0 "):
        installed_game(registry, parse_record(text), source="m.jsonl")


def test_a_record_without_plugins_has_no_answers_and_a_bad_answers_field_is_refused(install):
    plain = load_registry(only=["cribbage_muggins"])
    game = plain.game("cribbage_muggins")
    header = header_for(game, game.Rules(), 2, 5, ["expert", "expert"], house_rules=house_rule_plugins(plain, game, game.Rules()))
    assert header.house_rules == [] and header.house_rule_answers is None and "house_rule_answers" not in header.header()
    head = header.header() | {"house_rule_answers": [{"hook": "muggins_cribbage_target"}]}
    from muggins.records import RecordError

    with pytest.raises(RecordError, match=r"^record:1: header is missing or has a bad field: 'house_rule_answers' is "):
        parse_record(json.dumps(head) + "\n" + json.dumps({"opening": []}) + "\n")


def test_compare_answers_names_the_first_plugin_that_differs():
    asked = [{"hook": "h", "plugin": "a", "answer": 1}, {"hook": "h", "plugin": "b", "answer": [1, 2]}]
    assert compare_answers(asked, list(asked)) is None
    assert compare_answers(asked, [asked[0]]) == "house-rule plugin 'b' does not answer h here, but answered [1, 2] in the record"
    assert compare_answers([asked[0]], asked) == "house-rule plugin 'b' answers h here ([1, 2]), which it did not in the record"
