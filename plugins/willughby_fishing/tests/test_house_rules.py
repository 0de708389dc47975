"""Issue item 7, end to end: the rich-pot house-rule plugin of docs/examples, installed beside the game.

The example is installed the way pip installs it as far as plugin discovery
is concerned: its source folder on sys.path and a `*.dist-info` whose
`entry_points.txt` is made from the example's own pyproject.toml. Shown
here: a hand-made position whose winner the rule changes, simulations with
and without it differing exactly as the rule predicts, the `[plugins]`
switch and refusals naming the plugins. The example's own tests run where
it is installed in a fresh venv (tests/cli/test_examples_installed.py).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from muggins import HouseRuleError, hookimpl, load_rules, standard_deck
from muggins.plugins import load_registry, reset_registry
from muggins.simulate import simulate
from muggins.testing import install_for_discovery, act

from willughby_fishing import STANDARD_TERMS, FishingRules, FishingState

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "fishing_rich_pot"
KINDS = ["expert", "novice", "random", "expert", "novice"]


def install(tmp_path: Path) -> Path:
    """A dist-info for the example in `tmp_path` (to put on sys.path with the example's src)."""
    install_for_discovery(EXAMPLE, tmp_path)
    return tmp_path


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """Install the example (discovery-wise); returns `load(extra_plugins=())`, a registry with the game and the example."""
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    monkeypatch.syspath_prepend(str(install(tmp_path)))
    importlib.invalidate_caches()

    def load(extra_plugins=()):
        registry = load_registry(only=["willughby_fishing", "fishing-rich-pot"], extra_plugins=extra_plugins)
        assert not registry.errors, registry.errors
        assert {p.name for p in registry.plugins} >= {"willughby_fishing", "fishing_rich_pot"}
        reset_registry(registry)
        return registry

    yield load
    sys.modules.pop("fishing_rich_pot", None)


class Plugin:
    """A house-rule plugin made on the spot: answers the named hooks with the given data."""

    def __init__(self, stakes=None, tariff=None):
        self.stakes, self.tariff = stakes, tariff

    @hookimpl
    def muggins_fishing_stakes(self, players, rules):
        return self.stakes

    @hookimpl
    def muggins_fishing_tariff(self, players, rules):
        return self.tariff


def last_card_of_the_match(game, **kwargs):
    """Seat 0 takes the last king; seat 2 alone then holds cards. Collections: 20, 8, 8, dealer 4, 6 cards."""
    named = {"KD", "KH", "8H", "2D", "9S", "4S"}
    spare = [c.code for c in standard_deck() if c.code not in named]
    return FishingState.from_position(game, FishingRules(deals=1), hands={0: ["KD"], 2: ["8H", "2D"]}, field=["KH", "9S", "4S"],
                                      collections={0: spare[:20], 1: spare[20:28], 2: spare[28:36], 4: spare[36:42]},
                                      mover=0, dealer=3, **kwargs)


def play_out(state):
    events = act(state, "play KD take KH")
    while state.decision() is not None:
        events += act(state, "pass")
    return {e["type"]: e for e in events}


def test_a_hand_made_position_whose_winner_the_rich_pot_changes(game, installed):
    standard = play_out(last_card_of_the_match(game))
    assert standard["reward"]["chips"] == 5
    assert standard["match_end"]["ledger"] == [5, -2, 3, -3, -3] and standard["match_end"]["winners"] == [0]

    rich_game = installed().game("willughby_fishing")
    position = last_card_of_the_match(rich_game)
    assert position.pot == 16 and position.ledger == [-3, -3, -3, -4, -3]  # from_position asks the plugin too
    rich = play_out(position)
    assert (rich["reward"]["seat"], rich["reward"]["chips"]) == (2, 10)
    assert rich["settle"]["chips"] == standard["settle"]["chips"] == [7, 0, 0, 0, -1]  # the tariff is untouched
    assert rich["match_end"]["ledger"] == [4, -3, 7, -4, -4] and rich["match_end"]["winners"] == [2]
    assert "seat 2 takes 10 chips as the last holding cards." == rich_game.describe(rich["reward"], 0)
    # The same position with the standard terms given explicitly plays as without the plugin.
    assert play_out(last_card_of_the_match(rich_game, terms=STANDARD_TERMS))["match_end"] == standard["match_end"]


def test_simulations_with_and_without_differ_by_5_chips_a_reward_less_5_a_match(registry, installed):
    games = 12
    plain = simulate("willughby_fishing", games=games, seed=4, kinds=KINDS, registry=registry)
    rich = simulate("willughby_fishing", games=games, seed=4, kinds=KINDS, registry=installed())
    assert plain["house_rules"] == [] and [p["name"] for p in rich["house_rules"]] == ["fishing_rich_pot"]
    # The stakes change no decision, so the same seeds play the same deals the same way ...
    assert rich["decisions"] == plain["decisions"] and rich["stats"] == plain["stats"]
    rewards = rich["seat_stats"]["rewards"]["total"]
    assert rewards == plain["seat_stats"]["rewards"]["total"] and sum(rewards) == games * 5
    # ... and every seat pays 1 chip more at each of its 5 deals a match and takes 5 more with each reward.
    for seat in range(5):
        assert rich["scores"]["total"][seat] - plain["scores"]["total"][seat] == 5 * rewards[seat] - 5 * games


def test_a_rules_file_can_switch_the_plugin_off_for_a_match(installed):
    game = installed().game("willughby_fishing")
    assert game.new(FishingRules(), 5, 0).pot == 16
    off = load_rules(FishingRules, "[plugins]\nfishing_rich_pot = false\n", source="house.toml")
    state = game.new(off, 5, 0)
    assert state.pot == 11 and state.terms == STANDARD_TERMS


def test_the_briefs_first_numbers_are_refused_at_creation_naming_the_plugin(installed):
    # Antes 4 and 3 with a reward of 7 would leave 9 chips for a settlement that pays out 6.
    game = installed([("rich7", Plugin(stakes={"ante_dealer": 4, "ante_other": 3, "reward": 7}))]).game("willughby_fishing")
    with pytest.raises(HouseRuleError) as refused:
        game.new(FishingRules(), 5, 0)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("house-rule plugins 'fishing_rich_pot' and 'rich7' both set the reward (10 and 7)")


def test_a_tariff_that_cannot_empty_the_pot_is_refused_naming_both_plugins(installed):
    # Two chips a pair over or short of 8 cards settle 12 chips, but the rich pot leaves 6 after the reward.
    doubled = Plugin(tariff={n: n - 8 for n in range(0, 53, 2)})
    game = installed([("double_tariff", doubled)]).game("willughby_fishing")
    with pytest.raises(HouseRuleError, match=r"^house-rule plugins 'double_tariff' and 'fishing_rich_pot': the stakes and the tariff "
                                             r"cannot empty the pot: the antes \(16\) less the reward \(10\) leave 6 chips, but the "
                                             r"tariff settles \+12"):
        game.new(FishingRules(), 5, 0)


def test_a_tariff_not_worth_the_same_per_pair_is_refused_naming_a_split(installed):
    lumpy = Plugin(tariff={52: 30})
    game = installed([("lumpy", lumpy)]).game("willughby_fishing")
    with pytest.raises(HouseRuleError, match=r"^house-rule plugin 'lumpy': the tariff cannot empty the pot for every split of the 52 "
                                             r"cards: collections of 52, 0, 0, 0 and 0 cards settle \+14 chips but 50, 2, 0, 0 and 0 "
                                             r"cards settle \+6"):
        FishingState.from_position(game, hands={0: ["KD"], 1: ["2C"]}, field=["KH", "3C"])


def test_the_docs_page_shows_the_whole_plugin():
    page = (ROOT / "docs" / "games" / "willughby_fishing.md").read_text()
    source = (EXAMPLE / "src" / "fishing_rich_pot" / "__init__.py").read_text()
    assert source[source.index("MUGGINS_SUPPORTS"):].strip() in page
    assert 'fishing_rich_pot = "fishing_rich_pot"' in page


def test_the_docs_pages_position_example_runs_as_printed(game):
    page = (ROOT / "docs" / "games" / "willughby_fishing.md").read_text()
    section = page[page.index("## Testing a rule from a hand-made position"):]
    code = section[section.index("```python\n") + len("```python\n"):]
    code = code[:code.index("```")]
    assert "terms=FishingTerms(ante_dealer=4, ante_other=3, reward=10)" in code
    exec(compile(code, "willughby_fishing.md", "exec"), {"game": game})
