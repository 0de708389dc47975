"""Cribbage's house-rule hooks end to end, and the four-card crib flush plugin of docs/examples installed discovery-wise.

The example is installed the way pip installs it as far as plugin discovery
is concerned: its source folder on sys.path and a `*.dist-info` whose
`entry_points.txt` is made from the example's own pyproject.toml. Other
house rules are small plugin objects made here and registered with
`load_registry(extra_plugins=...)`. Checked: a hand-made position whose crib
count the rule changes; matches with and without it on the same seeds (the
same crib scores 4 more exactly when it is a four-card flush); the range of
counts (it grows with nobs worth 2, not with the crib flush, whose best crib
is no flush); pegging and target hooks; answers combined and refused in one
line naming the plugins; saves keeping the answers; the contract kit.
"""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl, load_rules
from muggins.engine import Match
from muggins.houserules import house_rule_plugins
from muggins.players import make_players
from muggins.plugins import load_registry, reset_registry
from muggins.testing import install_for_discovery, act, check_game

from cribbage_muggins.analysis import best_discard, crib_table, rank_discards
from cribbage_muggins.hookspecs import HOUSE_RULE_TEST
from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.scoring import STANDARD_SHOW, ShowScoring, score_show
from cribbage_muggins.state import CribbageState

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "cribbage_four_card_crib_flush"
PLUGIN = "cribbage_four_card_crib_flush"
HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["2C", "7C", "9S", "QD"]}
HEART_CRIB = ["3H", "8H", "TH", "QH"]  # four hearts; with the K♣ starter nothing else in it scores
AUTOMATIC = CribbageRules(muggins=False)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install the example plugin (discovery-wise) and load a registry with both plugins."""
    for path in reversed(install_for_discovery(EXAMPLE, tmp_path)):
        monkeypatch.syspath_prepend(path)
    importlib.invalidate_caches()
    registry = load_registry(only=["cribbage_muggins", "cribbage-four-card-crib-flush"])
    assert not registry.errors, registry.errors
    assert {p.name for p in registry.plugins} >= {"cribbage_muggins", PLUGIN}
    reset_registry(registry)
    yield registry
    reset_registry()
    sys.modules.pop(PLUGIN, None)


def house_rule(show=None, peg=None, target=None, fails=False):
    """A house-rule plugin object answering the hooks given (a hook left None is not implemented)."""
    found = {}
    if show is not None:
        @hookimpl
        def muggins_cribbage_show_scoring(players, rules):
            if fails:
                raise RuntimeError("no table for you")
            return show
        found["muggins_cribbage_show_scoring"] = muggins_cribbage_show_scoring
    if peg is not None:
        @hookimpl
        def muggins_cribbage_peg_scoring(rules):
            return peg
        found["muggins_cribbage_peg_scoring"] = muggins_cribbage_peg_scoring
    if target is not None:
        @hookimpl
        def muggins_cribbage_target(players, rules):
            return target
        found["muggins_cribbage_target"] = muggins_cribbage_target
    return types.SimpleNamespace(**found)


def with_plugins(**plugins):
    registry = load_registry(only=["cribbage_muggins"], extra_plugins=list(plugins.items()))
    assert not registry.errors, registry.errors
    return registry


def shows(game, rules=AUTOMATIC, crib=HEART_CRIB, starter="KC", hands=HANDS):
    """The points of every show of a hand-made deal (seat 0 deals), and the state."""
    state = CribbageState.from_position(game, rules, players=2, dealer=0, phase="show", hands=hands, crib=crib, starter=starter)
    return {(e["seat"], e["what"]): e["points"] for e in state.opening_events() if e["type"] == "show_score"}, state


# -- no plugin: the rules as they were ---------------------------------------------------------------------
def test_without_a_plugin_the_match_plays_by_the_rules_alone(game):
    house = game.rules_in_force(CribbageRules(), 2)
    assert (house.target, house.skunk_line, house.double_skunk_line) == (121, 91, 61)
    assert house.standard_scoring and house.max_count == 29 and not house.set_by
    state = game.new(CribbageRules(target=61), 2, 0)
    assert state.house == game.rules_in_force(CribbageRules(target=61), 2) and state.skunk_line == 31
    assert "show_scoring" not in state.view(0)  # the standard view is unchanged
    shown, _ = shows(game)
    assert shown[(0, "crib")] == 0


def test_the_starting_test_for_new_house_rules_passes_for_a_plugin_that_changes_nothing(registry):
    namespace: dict = {}
    exec(HOUSE_RULE_TEST, namespace)
    namespace["test_a_hand_made_position_plays_by_the_standard_rule"](registry)
    assert len(HOUSE_RULE_TEST.strip().splitlines()) <= 25


# -- the example, installed ------------------------------------------------------------------------------------
def test_the_installed_example_scores_a_four_card_crib_flush(installed):
    game = installed.game("cribbage_muggins")
    assert [p.name for p in house_rule_plugins(installed, game, CribbageRules())] == [PLUGIN]
    house = game.rules_in_force(CribbageRules(), 2)
    assert house.show.changes() == {"crib four-flush": 4} and house.set_by == {"show:crib four-flush": PLUGIN}
    shown, state = shows(game)
    assert shown[(0, "crib")] == 4 and shown[(1, "hand")] == 14
    crib = next(e for e in state.opening_events() if e["type"] == "show_score" and e["what"] == "crib")
    assert crib["breakdown"] == [{"kind": "flush", "cards": HEART_CRIB, "points": 4}]
    assert game.describe(crib, 0) == "The crib scores 4: flush 4 (3♥ 8♥ 10♥ Q♥) = 4."
    off = load_rules(CribbageRules, f"muggins = false\n[plugins]\n{PLUGIN} = false\n")
    assert shows(game, off)[0][(0, "crib")] == 0  # switched off for one match by its rules


def test_with_the_example_a_counter_missing_the_crib_flush_is_mugginsed(installed, act):
    game = installed.game("cribbage_muggins")
    state = CribbageState.from_position(game, CribbageRules(), players=2, dealer=0, phase="show", hands=HANDS, crib=HEART_CRIB, starter="KC")
    for _ in range(2):  # both hands, counted right and accepted
        act(state, f"announce {state.pending['truth']}")
        act(state, "pass")
    assert state.pending == {"seat": 0, "what": "crib", "announced": None, "truth": 4}
    act(state, "announce 0")
    settled = next(e for e in act(state, "muggins 4") if e["type"] == "settlement")
    assert (settled["true"], settled["outcome"], settled["changes"]) == (4, "muggins upheld", {"1": 4})


def crib_shows(registry, seeds):
    """(seed, deal) -> (crib points, crib cards, a four-card crib flush scored) over expert games, shows scored automatically."""
    game = registry.game("cribbage_muggins")
    found = {}
    for seed in seeds:
        heard: list = []
        state = game.new(AUTOMATIC, 2, seed)
        Match(state, make_players(registry, game, ["expert", "expert"], seed), listeners=[lambda _g, e: heard.append(e)]).run()
        deal = 0
        for e in heard:
            if e["type"] == "deal":
                deal = e["deal"]
            elif e["type"] == "show_score" and e["what"] == "crib":
                four_flush = any(i["kind"] == "flush" and len(i["cards"]) == 4 for i in e["breakdown"])
                found[(seed, deal)] = (e["points"], tuple(sorted(e["reveals"])), four_flush)
    return found


def test_expert_games_with_the_example_score_more_for_the_same_cribs(installed):
    seeds = range(30)
    plain = crib_shows(load_registry(only=["cribbage_muggins"]), seeds)
    ruled = crib_shows(installed, seeds)
    # Deals are seeded by deal number, so both ways deal the same cards; the experts lay away the same
    # crib unless the rule tips their choice.
    same = [key for key in set(plain) & set(ruled) if plain[key][1] == ruled[key][1]]
    assert len(same) > 200 and len(same) < len(set(plain) & set(ruled))  # the rule changes some discards
    assert not any(flush for _, _, flush in plain.values())
    flushes = [key for key in same if ruled[key][2]]
    assert flushes
    for key in same:
        assert ruled[key][0] == plain[key][0] + (4 if key in flushes else 0)
    assert sum(ruled[k][0] for k in same) / len(same) > sum(plain[k][0] for k in same) / len(same)


def test_the_crib_flush_does_not_widen_the_counts_but_nobs_worth_2_does(installed):
    game = installed.game("cribbage_muggins")
    assert game.rules_in_force(CribbageRules(), 2).max_count == 29  # the best crib, 5 5 5 J with a 5, holds no flush
    assert ShowScoring.from_items({"crib four-flush": 4}).max_total(crib=True) == STANDARD_SHOW.max_total(crib=True) == 29
    nobs = with_plugins(nobs2=house_rule(show={"nobs": 2})).game("cribbage_muggins")
    state = CribbageState.from_position(nobs, CribbageRules(), players=2, dealer=0, phase="show", starter="5S",
                                        hands={1: ["5C", "5D", "5H", "JS"], 0: ["2C", "7C", "9S", "QD"]}, crib=HEART_CRIB)
    decision = state.decision()
    assert state.max_count == 30 and str(decision.choices[-1]) == "announce 30"
    assert [str(a) for a in decision.correct] == ["announce 30"] and decision.prompt.endswith("(type 0-30)")
    act(state, "announce 28")
    assert str(state.decision().choices[-1]) == "muggins 30" and [str(a) for a in state.decision().correct] == ["muggins 2"]


def test_the_expert_s_crib_table_and_the_advisor_follow_the_rule():
    flush = ShowScoring.from_items({"crib four-flush": 4})
    standard, ruled = crib_table(2), crib_table(2, flush)
    assert crib_table(2, STANDARD_SHOW) is standard and crib_table(2, flush) is ruled  # built once each
    assert all(ruled[key] == pytest.approx(standard[key], rel=1e-12) for key in standard if not key[2])  # unsuited: no flush
    assert all(ruled[key] > standard[key] + 0.01 for key in standard if key[2])
    hand = ["7S", "5H", "8D", "7C", "AD", "3S"]
    ruled_options = {tuple(sorted(c.code for c in o.discard)): o.crib for o in rank_discards(hand, False, scoring=flush)}
    plain_options = {tuple(sorted(c.code for c in o.discard)): o.crib for o in rank_discards(hand, False)}
    assert ruled_options[("8D", "AD")] > plain_options[("8D", "AD")] and ruled_options[("5H", "7S")] == pytest.approx(plain_options[("5H", "7S")])
    # Laying away to the opponent's crib, the expert no longer gives it two diamonds.
    assert {c.code for c in best_discard(hand, False)} == {"8D", "AD"}
    assert {c.code for c in best_discard(hand, False, scoring=flush)} == {"AD", "3S"}


# -- pegging and target hooks ----------------------------------------------------------------------------------
def test_a_pegging_table_changes_the_points_and_their_narration(act):
    registry = with_plugins(peg=house_rule(peg={"pair": 3, "go": 0, "last card": 2}))
    game = registry.game("cribbage_muggins")
    state = CribbageState.from_position(game, AUTOMATIC, players=2, dealer=0, hands={1: ["5C", "KD", "KS", "9C"], 0: ["5D", "QC", "QS", "2S"]},
                                        crib=HEART_CRIB, starter="7D")
    act(state, "play 5C")
    pair = next(e for e in act(state, "play 5D") if e["type"] == "peg")
    assert (pair["points"], pair["why"]) == (3, ["pair"]) and state.scores == [3, 0]
    assert game.describe(pair, 1) == "seat 0 plays 5♦: count 10 — pair for 3."
    view = state.view(0)
    assert view["peg_scoring"]["pair"] == 3 and view["show_scoring"] == STANDARD_SHOW.to_items()


def test_a_target_hook_moves_the_target_and_the_skunk_lines():
    registry = with_plugins(to91=house_rule(target={"target": 91}))
    game = registry.game("cribbage_muggins")
    house = game.rules_in_force(CribbageRules(), 2)
    assert (house.target, house.skunk_line, house.double_skunk_line) == (91, 61, 31)
    assert game.max_decisions(CribbageRules(), 2) < load_registry(only=["cribbage_muggins"]).game("cribbage_muggins").max_decisions(CribbageRules(), 2)
    state = CribbageState.from_position(game, AUTOMATIC, players=2, dealer=0, phase="show", hands=HANDS, crib=HEART_CRIB,
                                        starter="KC", scores=[59, 80])
    over = state.opening_events()[-1]
    assert over["type"] == "game_over" and (over["target"], over["skunk_line"], over["double_skunk_line"]) == (91, 61, 31)
    assert over["scores"] == [59, 94] and game.standings(over, 0)[-1] == "You are skunked (under 61)."
    lines = with_plugins(lines=house_rule(target={"double_skunk_line": None, "skunk_line": 100})).game("cribbage_muggins")
    house = lines.rules_in_force(CribbageRules(), 2)
    assert (house.target, house.skunk_line, house.double_skunk_line) == (121, 100, None)


# -- combining and refusing ------------------------------------------------------------------------------------
def test_two_plugins_agreeing_combine_and_disagreeing_are_refused_naming_both():
    agree = with_plugins(a=house_rule(show={"nobs": 2}), b=house_rule(show={"nobs": 2, "pair": 3}))
    assert agree.game("cribbage_muggins").rules_in_force(CribbageRules(), 2).show.changes() == {"nobs": 2, "pair": 3}
    for hook, one, other in [("show", {"nobs": 2}, {"nobs": 3}), ("peg", {"go": 2}, {"go": 0}), ("target", {"target": 91}, {"target": 101})]:
        game = with_plugins(alpha=house_rule(**{hook: one}), beta=house_rule(**{hook: other})).game("cribbage_muggins")
        with pytest.raises(HouseRuleError) as caught:
            game.new(CribbageRules(), 2, 0)
        message = str(caught.value)
        assert "'alpha' and 'beta' both set" in message and "\n" not in message


@pytest.mark.parametrize(("plugin", "words"), [
    (house_rule(show={"nobs": -1}), "'nobs' must be from 0 to 100, not -1"),
    (house_rule(show={"nobs": 1.5}), "'nobs' must be a whole number"),
    (house_rule(show={"fifteen": True}), "'fifteen' must be a whole number"),
    (house_rule(show={"nob": 2}), "did you mean 'nobs'"),
    (house_rule(show=[("nobs", 2)]), "must return a mapping"),
    (house_rule(show={"pair": 101}), "from 0 to 100"),
    (house_rule(peg={"last card": 0}), "'last card' must be at least 1"),
    (house_rule(target={"target": 30}), "target must be a whole number from 31 to 1000, not 30"),
    (house_rule(target={"aim": 61}), "no setting 'aim'"),
    (house_rule(target={"target": 61, "skunk_line": 61}), "the skunk line 61 (house-rule plugin 'odd') is not below the target 61"),
    (house_rule(target={"skunk_line": 50, "double_skunk_line": 70}), "is not below the skunk line 50"),
    (house_rule(target={"skunk_line": None, "double_skunk_line": 40}), "needs a skunk line"),
    (house_rule(target={"skunk_line": 0}), "skunk_line must be a whole number from 1 up or None"),
    (house_rule(show={"nobs": 2}, fails=True), "failed in muggins_cribbage_show_scoring: RuntimeError: no table for you"),
])
def test_answers_the_game_cannot_use_are_refused_at_creation_naming_the_plugin(plugin, words):
    game = with_plugins(odd=plugin).game("cribbage_muggins")
    with pytest.raises(HouseRuleError) as caught:
        game.new(CribbageRules(), 2, 0)
    message = str(caught.value)
    assert "'odd'" in message and words in message and "\n" not in message


def test_a_plugin_target_that_meets_the_rules_own_skunk_line_is_refused_naming_both_sources():
    game = with_plugins(short=house_rule(target={"target": 91})).game("cribbage_muggins")
    with pytest.raises(HouseRuleError, match=r"'short'.*the skunk line 95 \(the rules\) is not below the target 91 \(house-rule plugin 'short'\)"):
        game.new(CribbageRules(skunk_line=95), 2, 0)


# -- saves, matches, the contract ---------------------------------------------------------------------------------
def test_a_saved_match_keeps_the_answers_without_asking_the_plugins_again():
    ruled = with_plugins(mix=house_rule(show={"nobs": 2, "crib four-flush": 4}, peg={"pair": 3}, target={"target": 91}))
    state = ruled.game("cribbage_muggins").new(CribbageRules(), 2, 4)
    data = state.to_dict()
    plain = load_registry(only=["cribbage_muggins"]).game("cribbage_muggins")
    restored = plain.state_from_dict(data)
    assert restored.house == state.house and restored.max_count == 30 and restored.target == 91
    assert restored.house.set_by == {"show:nobs": "mix", "show:crib four-flush": "mix", "peg:pair": "mix", "target": "mix"}
    assert restored.to_dict() == data


def test_a_save_from_before_house_rules_restores_with_the_rules_own_values(game):
    state = game.new(CribbageRules(target=61), 3, 2)
    data = state.to_dict()
    del data["house"]  # what a save made before house rules holds
    restored = game.state_from_dict(data)
    assert (restored.target, restored.skunk_line, restored.double_skunk_line, restored.max_count) == (61, 31, None, 29)
    assert restored.house.standard_scoring and restored.decision() == state.decision()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches_under_house_rules_end_and_keep_the_contract(players):
    registry = with_plugins(mix=house_rule(show={"nobs": 2, "crib four-flush": 4, "pair": 3}, peg={"go": 0, "run card": 2, "his heels": 0},
                                           target={"target": 91}))
    game = registry.game("cribbage_muggins")
    report = check_game(game, players=(players,), games=3, seed=3, kinds=("random", "expert", "novice"), rules=CribbageRules(),
                        registry=registry, replays=1)
    assert report.matches == 3
    state = game.new(CribbageRules(), players, 1)
    heard: list = []
    Match(state, make_players(registry, game, ["expert"] * players, 1), listeners=[lambda _g, e: heard.append(e)]).run()
    assert max(state.scores) >= 91 and heard[-1]["target"] == 91
    assert not [e for e in heard if e["type"] in ("heels",) or (e["type"] == "go_point" and e["why"] == "go")]
    for e in heard:
        if e["type"] == "settlement":
            assert e["true"] == sum(item["points"] for item in e["breakdown"])


# -- the docs page ---------------------------------------------------------------------------------------------------
PAGE = ROOT / "docs" / "games" / "cribbage_muggins.md"


def python_block_after(heading: str) -> str:
    """The first ```python block after `heading` on the game's page."""
    text = PAGE.read_text()
    start = text.index("```python\n", text.index(heading)) + len("```python\n")
    return text[start:text.index("```", start)]


def test_the_docs_page_shows_the_whole_example_plugin():
    page = PAGE.read_text()
    source = (EXAMPLE / "src" / PLUGIN / "__init__.py").read_text()
    assert source[source.index("from muggins import hookimpl"):].strip() in page
    assert f'{PLUGIN} = "{PLUGIN}"' in page


def test_the_docs_page_s_hand_made_position_runs_as_written(installed):
    exec(compile(python_block_after("## Testing a rule from a hand-made position"), "cribbage_muggins.md", "exec", dont_inherit=True), {})


def test_the_docs_page_s_variant_plays_as_written():
    namespace: dict = {"__name__": "cribbage_to_91"}
    exec(compile(python_block_after("## A variant of the game"), "cribbage_muggins.md", "exec", dont_inherit=True), namespace)
    plugin = types.SimpleNamespace(muggins_register_games=namespace["muggins_register_games"])
    registry = with_plugins(cribbage_to_91=plugin)
    game = registry.game("cribbage_to_91")
    state = game.new(game.Rules(), 2, 3)
    Match(state, make_players(registry, game, ["expert", "novice"], 3)).run()
    assert 91 <= max(state.scores) < 121 and (state.skunk_line, state.double_skunk_line) == (61, 31)
