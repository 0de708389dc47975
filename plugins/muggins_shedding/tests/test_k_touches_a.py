"""End to end: the rank-adjacency hook and the K-touches-A house-rule plugin of docs/examples.

The example is installed the way pip installs it as far as plugin discovery
is concerned: its source folder on sys.path and a `*.dist-info` whose
`entry_points.txt` is made from the example's own pyproject.toml. With it
installed: a hand-made position where the rule changes the correct play,
and matches with and without it (the rules' `[plugins]` switch). The
example's own tests run where it is installed in a fresh venv
(tests/cli/test_examples_installed.py).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl
from muggins.actions import find_action
from muggins.houserules import with_plugin_switches
from muggins.plugins import load_registry, reset_registry
from muggins.testing import install_for_discovery

from muggins_shedding import SheddingRules, SheddingState

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "shedding_k_touches_a"
STOCKS = {0: ["9C", "9H"], 1: ["9S", "8C"], 2: ["8D", "8H"], 3: ["8S", "7C"]}


def write_dist_info(folder: Path) -> None:
    """A `*.dist-info` for the example in `folder`, its entry points read from the example's pyproject.toml."""
    install_for_discovery(EXAMPLE, folder)


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install the example plugin (discovery-wise) and load a registry with both plugins."""
    write_dist_info(tmp_path)
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    registry = load_registry(only=["muggins_shedding", "shedding-k-touches-a"])
    assert not registry.errors, registry.errors
    assert {p.name for p in registry.plugins} >= {"muggins_shedding", "shedding_k_touches_a"}
    reset_registry(registry)
    yield registry
    sys.modules.pop("shedding_k_touches_a", None)


def k_on_a(game, extra=(), exposed="KH", top="AC"):
    return SheddingState.from_position(game, players=4, commons=[top], stocks=STOCKS, discards={2: ["QC"]}, mover=0, exposed=exposed, extra=extra)


def test_without_the_plugin_k_does_not_touch_a(game):
    assert game.adjacent_pairs(SheddingRules(), 4) == []
    state = game.new(SheddingRules(), 4, 1)
    assert state.extra == ()
    # K on an A common does not fit: the first fitting opponent discard (seat 2's Q) is correct.
    assert [str(a) for a in k_on_a(game).decision().correct] == ["play KH to discard 2"]


def test_the_installed_plugin_makes_k_on_a_correct_and_mandatory(installed):
    game = installed.game("muggins_shedding")
    assert game.adjacent_pairs(SheddingRules(), 4) == [(13, 1)]
    state = game.new(SheddingRules(), 4, 1)
    assert state.extra == ((1, 13),)
    assert state.opening_events()[0]["adjacent_extra"] == [[1, 13]]  # the record says which house rule was on
    assert state.view(0)["adjacent_extra"] == [[1, 13]]
    assert "K–A" in game.render(state.view(0), 0) or "A–K" in game.render(state.view(0), 0)

    position = k_on_a(game, extra=state.extra)
    assert [str(a) for a in position.decision().correct] == ["play KH to common 1"]  # mandatory, before seat 2's Q
    both_ways = k_on_a(game, extra=state.extra, exposed="AH", top="KC")
    assert [str(a) for a in both_ways.decision().correct] == ["play AH to common 1"]

    # Playing the formerly correct discard is now an error, and a call moves the card onto the ace.
    decision = position.decision()
    position.apply(0, find_action(decision.choices, "play KH to discard 2"))
    events = position.apply(1, find_action(position.decision().choices, "muggins"))
    assert events[0]["upheld"] and events[1]["pile"] == "common 1" and events[1]["on"] == "AC"


def test_a_match_with_the_plugin_uses_k_a_fits(installed):
    from muggins.engine import Match, make_players

    game = installed.game("muggins_shedding")
    placed_k_a = 0
    for seed in range(6):
        state = game.new(SheddingRules(hands=1), 4, seed)
        log = []
        Match(state, make_players(installed, game, ["expert"] * 4, seed), listeners=[lambda name, ev: log.append(ev)]).run()
        placed_k_a += sum(1 for e in log if e["type"] == "place" and e["pile"].startswith("common") and e["on"] and {e["card"][0], e["on"][0]} == {"K", "A"})
    assert placed_k_a > 0


def test_switched_off_in_the_rules_the_plugin_is_not_asked(installed):
    game = installed.game("muggins_shedding")
    off = with_plugin_switches(SheddingRules(), {"shedding_k_touches_a": False})
    assert game.adjacent_pairs(off, 4) == []
    assert game.new(off, 4, 1).extra == ()
    assert [str(a) for a in k_on_a(game, extra=game.new(off, 4, 1).extra).decision().correct] == ["play KH to discard 2"]


def test_matches_with_and_without_the_rule_differ_as_it_predicts(installed):
    """Same seeds, the plugin on and then switched off: K-A placements only with it, and other hands."""
    from muggins.engine import Match, make_players

    game = installed.game("muggins_shedding")

    def play(rules):
        placed, lengths = 0, []
        for seed in range(6):
            log = []
            state = game.new(rules, 4, seed)
            result = Match(state, make_players(installed, game, ["expert"] * 4, seed), listeners=[lambda name, ev: log.append(ev)]).run()
            placed += sum(1 for e in log if e["type"] == "place" and e["pile"].startswith("common") and e["on"] and {e["card"][0], e["on"][0]} == {"K", "A"})
            lengths.append(result.stats["exposures"][0])
        return placed, lengths

    on = play(SheddingRules(hands=1))
    off = play(with_plugin_switches(SheddingRules(hands=1), {"shedding_k_touches_a": False}))
    assert on[0] > 0 and off[0] == 0
    assert on[1] != off[1]


class EqualRanks:
    @staticmethod
    @hookimpl
    def muggins_shedding_adjacent_ranks(players, rules):
        return [(13, 1), (5, 5)]


def test_bad_pairs_from_a_plugin_are_refused_naming_it():
    registry = load_registry(only=["muggins_shedding"], extra_plugins=[("fives", EqualRanks())])
    game = registry.game("muggins_shedding")
    with pytest.raises(HouseRuleError, match="equal ranks never fit") as refused:
        game.new(SheddingRules(), 4, 0)
    message = str(refused.value)
    assert message.startswith("house-rule plugin 'fives': muggins_shedding_adjacent_ranks:") and "\n" not in message


def test_the_docs_page_shows_the_whole_plugin():
    page = (ROOT / "docs" / "games" / "muggins_shedding.md").read_text()
    source = (EXAMPLE / "src" / "shedding_k_touches_a" / "__init__.py").read_text()
    hook = source[source.index("@hookimpl"):].strip()
    assert hook in page
    assert 'shedding_k_touches_a = "shedding_k_touches_a"' in page
    assert 'MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}' in source and 'MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}' in page
