"""`muggins new game` and `muggins new house-rule`: what they write, what they refuse, and that it works.

The in-process tests check the written files and every refusal (exit 2,
one line), and that a generated game speaks French through its own
catalogue (every marked message translated, the `.mo` current, compiled
alike with or without Babel). The end-to-end test generates a game and a house rule for each
of the three shipped games, installs them with muggins-core and the games
into one fresh virtual environment (uv when present, else venv and pip)
with their `test` extras (Babel among them) and runs each one's own tests
there with `pytest`, as an author would right after generating them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins_cli.scaffold import published_hooks

ROOT = Path(__file__).resolve().parents[2]
SHEDDING_HOOK = "muggins_shedding_adjacent_ranks"
SHEDDING_HOOKS = [SHEDDING_HOOK, "muggins_shedding_destination_order", "muggins_shedding_parted_ranks", "muggins_shedding_penalty_cards"]


@pytest.fixture
def with_shedding(tally_env, monkeypatch):
    """Tally (publishes no hooks) and the shedding game (publishes one) installed; the CLI loads both."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,muggins_shedding")
    reset_registry()
    yield
    reset_registry()


def _compiles(folder: Path) -> list[str]:
    sources = sorted(folder.rglob("*.py"))
    for source in sources:
        compile(source.read_text(), str(source), "exec")
    return [str(s.relative_to(folder)) for s in sources]


# -- new game --------------------------------------------------------------------------------
def test_new_game_writes_an_installable_plugin_with_tests(run, tmp_path):
    result = run("new", "game", "high_card")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "high_card"
    assert f"in {folder}" in result.stdout
    assert _compiles(folder) == [
        "src/high_card/__init__.py", "src/high_card/bots.py", "src/high_card/game.py", "src/high_card/hookspecs.py",
        "src/high_card/plugin.py", "src/high_card/state.py", "tests/test_contract.py",
    ]
    project = tomllib.loads((folder / "pyproject.toml").read_text())
    assert project["project"]["name"] == "high-card"
    assert project["project"]["dependencies"] == ["muggins-core"]
    assert project["project"]["entry-points"]["muggins"] == {"high_card": "high_card.plugin"}
    assert project["build-system"]["build-backend"] == "hatchling.build"
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["src/high_card"]
    assert project["tool"]["pytest"]["ini_options"]["testpaths"] == ["tests"]
    state = (folder / "src/high_card/state.py").read_text()
    # What the shipped games are: a PhasedState with a method per phase, a house-rule hook asked once per match.
    assert "class HighCardState(PhasedState):" in state and "ChallengeWindow.open(" in state and "claimable=" in state
    assert all(f"def {m}(self" in state for m in ("_decide_play", "_decide_respond", "_on_play", "_on_respond"))
    assert "def _decision(" not in state and "def _apply(" not in state and "def open_window(" not in state
    assert "def save_fields(self)" in state and "def load_fields(self" in state
    assert 'call_house_rules(game, "muggins_high_card_penalty"' in state
    assert "def muggins_high_card_penalty(players: int, rules: Any)" in (folder / "src/high_card/hookspecs.py").read_text()
    assert "register(HighCardGame(), hookspecs=hookspecs)" in (folder / "src/high_card/plugin.py").read_text()
    assert '"search:iterations=' in (folder / "tests/test_contract.py").read_text()
    assert "def determinize(self, seat: int, rng: Any)" in state and "redeal(" in state
    bots = (folder / "src/high_card/bots.py").read_text()
    assert "stands_in_unclaimable_windows = True" in bots and "takes_sole_correct_choice = True" in bots
    assert 'games=("high_card",)' in bots
    assert 'game_name = "high_card"' in (folder / "tests/test_contract.py").read_text()
    assert 'name = "high_card"' in (folder / "src/high_card/game.py").read_text()
    assert sorted(str(p.relative_to(folder / "src/high_card/locale")) for p in (folder / "src/high_card/locale").rglob("*") if p.is_file()) == [
        "fr/LC_MESSAGES/high_card.mo", "fr/LC_MESSAGES/high_card.po", "glossary.fr.md", "high_card.pot"]
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["artifacts"] == ["src/high_card/locale/**/*.mo"]
    assert "babel>=2.12" in project["project"]["optional-dependencies"]["test"]
    assert "{{" not in "".join(p.read_text() for p in folder.rglob("*") if p.is_file() and p.suffix != ".mo")


def _import_generated(folder: Path, name: str, monkeypatch):
    import importlib

    monkeypatch.syspath_prepend(str(folder / "src"))
    importlib.invalidate_caches()
    return importlib.import_module(f"{name}.game"), importlib.import_module(f"{name}.state")


def _forget(name: str) -> None:
    for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
        del sys.modules[module]


def test_the_generated_game_speaks_french_through_its_own_catalogue(run, tmp_path, monkeypatch):
    from muggins.i18n import using_language
    from muggins.testing.translations import check_translations, stale_compiled, typography_faults, untranslated_messages

    assert run("new", "game", "snap_fr").exit_code == 0
    package = tmp_path / "snap_fr/src/snap_fr"
    # Every message the template marks is translated, in French typography, and the .mo is what the .po compiles to.
    assert untranslated_messages(package, "snap_fr", "fr") == []
    assert typography_faults(package / "locale", "snap_fr", "fr") == {}
    assert stale_compiled(package / "locale") == []
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_translations(package, "snap_fr", ["fr"]) == {"fr": []}
    po = (package / "locale/fr/LC_MESSAGES/snap_fr.po").read_text()
    assert 'msgid "Snap Fr"\nmsgstr "Snap Fr (jeu de Muggins)"' in po  # the title, placeholder rendered
    game_module, state_module = _import_generated(tmp_path / "snap_fr", "snap_fr", monkeypatch)
    try:
        game = game_module.SnapFrGame()
        assert game.translations is not None and game.translations.domain == "snap_fr"
        assert game.shown_title("en") == game.title == "Snap Fr"
        assert game.shown_title("fr") == "Snap Fr (jeu de Muggins)"
        state = state_module.SnapFrState.from_position(game, hands=["7H 9D", "KS 3D"], table="7C")
        decision = state.decision()
        # Worded when read, not when made: one decision reads in either language.
        assert decision.prompt == "the table shows 7♣" and [c.label for c in decision.choices] == ["play 7♥", "play 9♦", "draw"]
        with using_language("fr"):
            assert decision.prompt == "la table montre 7♣" and [c.label for c in decision.choices] == ["jouer 7♥", "jouer 9♦", "piocher"]
            assert game.describe({"type": "knock", "seat": 1}, 0) == "Le siège 1 a frappé."
            assert game.describe({"type": "draw", "seat": 0, "count": 2, "reason": "penalty"}, 0) == "Vous avez pioché 2 cartes."
            assert "talon\u202f: " in game.render(state.view(0), 0)
        assert [str(c) for c in decision.choices] == ["play 7H", "play 9D", "draw"]  # the texts records hold stay English
        assert decision.choices[0] == state_module.Move("play 7H") and state_module.RESPONSES[0] == state_module.Pass()
    finally:
        _forget("snap_fr")


def test_the_catalogue_compiles_without_babel_as_with_it(run, tmp_path, monkeypatch):
    import gettext
    import io

    from muggins.testing.translations import compiled_bytes
    from muggins_cli.scaffold import compiled_catalogue, mo_bytes, po_entries

    assert run("new", "game", "snap_mo").exit_code == 0
    po = tmp_path / "snap_mo/src/snap_mo/locale/fr/LC_MESSAGES/snap_mo.po"
    written = po.with_suffix(".mo").read_bytes()
    assert written == compiled_catalogue(po) == compiled_bytes(po)
    # Where Babel is not installed (a player's environment), the standard library's writer compiles it.
    without = mo_bytes(po_entries(po.read_text(encoding="utf-8")))
    french = gettext.GNUTranslations(io.BytesIO(without))
    assert french.gettext("draw") == "piocher" and french.ngettext("{count} card", "{count} cards", 2) == "{count} cartes"
    assert french.ngettext("{count} card", "{count} cards", 1) == "{count} carte"
    babel_read = gettext.GNUTranslations(io.BytesIO(compiled_bytes(po)))
    assert dict(french._catalog) == dict(babel_read._catalog)  # noqa: SLF001 - the two compilers agree on every entry


def test_the_generated_game_determinizes_within_the_contract(run, tmp_path, monkeypatch):
    import importlib

    from muggins.plugins import load_registry
    from muggins.testing import check_determinizing

    assert run("new", "game", "snap_det").exit_code == 0
    monkeypatch.syspath_prepend(str(tmp_path / "snap_det" / "src"))
    importlib.invalidate_caches()
    module = importlib.import_module("snap_det.game")
    game = module.SnapDetGame()
    try:
        report = check_determinizing(game, players=[3], games=2, kinds=("random",), registry=load_registry(load_entry_points=False))
        assert report.decisions > 0
    finally:
        for name in [n for n in sys.modules if n == "snap_det" or n.startswith("snap_det.")]:
            del sys.modules[name]


def test_a_game_in_partnerships_gets_sides_and_the_kit_reads_its_results_by_side(run, tmp_path, monkeypatch):
    from muggins.plugins import load_registry
    from muggins.testing import act, check_play, check_sides
    from muggins_cli.results import describe_result

    result = run("new", "game", "duo_snap", "--partnerships")
    assert result.exit_code == 0, result.output
    assert "in partnerships at four players" in result.stdout
    source = (tmp_path / "duo_snap/src/duo_snap/game.py").read_text()
    assert "    def sides(self, rules: DuoSnapRules, players: int)" in source and "check_sides" in source
    assert "default_players = 4" in source
    game_module, state_module = _import_generated(tmp_path / "duo_snap", "duo_snap", monkeypatch)
    try:
        game = game_module.DuoSnapGame()
        rules = game.Rules()
        assert game.sides(rules, 4) == ((0, 2), (1, 3)) and game.sides(rules, 3) is None
        report = check_play(game, players=[4], games=3, kinds=("random",), registry=load_registry(load_entry_points=False))
        assert report.matches == 3
        # Seat 2 goes out: its side wins whole, and the side's one point is read once.
        state = state_module.DuoSnapState.from_position(game, hands=["KD 9C", "2S 3S", "7H", "4D 5D"], table="7C", turn=2)
        act(state, "play 7H")
        while state.decision() is not None:  # the three others let it stand
            act(state, str(state_module.STAND))
        outcome = state.result()
        assert outcome.winners == (0, 2) and check_sides(game, rules, 4, [], outcome) is None
        assert describe_result(outcome, ["random"] * 4, game.sides(rules, 4))[0] == "result: seats 0 and 2 win, 1 to 0"
    finally:
        _forget("duo_snap")


def test_a_game_without_partnerships_gets_no_sides_and_only_a_terminal_is_asked(run, tmp_path, monkeypatch):
    import click

    from muggins_cli import main

    assert run("new", "game", "solo_snap").exit_code == 0  # not at a terminal: nothing asked, no partnerships
    assert "def sides(" not in (tmp_path / "solo_snap/src/solo_snap/game.py").read_text()
    assert run("new", "game", "solo_two", "--no-partnerships").exit_code == 0
    assert "def sides(" not in (tmp_path / "solo_two/src/solo_two/game.py").read_text()

    class Terminal:
        def isatty(self):
            return True

    asked = []
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setattr(click, "confirm", lambda text, default: asked.append((text, default)) or True)
    assert main._asks_partnerships() is True
    assert asked == [("Do the players play in partnerships (winning and scoring together by side)?", False)]


def test_help_of_new_does_not_import_the_scaffold(bare_run, monkeypatch):
    monkeypatch.delitem(sys.modules, "muggins_cli.scaffold", raising=False)
    result = bare_run("new", "game", "--help")
    assert result.exit_code == 0 and "Usage: muggins new game [OPTIONS] NAME [DIR]" in result.stdout
    assert "muggins_cli.scaffold" not in sys.modules


def test_new_game_into_a_named_empty_folder(run, tmp_path):
    (tmp_path / "here").mkdir()
    result = run("new", "game", "snap2", "here")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "here/src/snap2/state.py").is_file()
    assert "class Snap2Game(Game):" in (tmp_path / "here/src/snap2/game.py").read_text()


@pytest.mark.parametrize("name", ["High_Card", "high-card", "2cards", "_card", "class", "café"])
def test_new_game_refuses_a_name_that_is_not_a_package_name(run, one_line, tmp_path, name):
    result = run("new", "game", name)
    assert result.exit_code == 2
    line = one_line(result.stderr)
    assert line.startswith(f"muggins: error: game name {name!r} is not usable") and "lowercase letters" in line
    assert list(tmp_path.iterdir()) == []


def test_new_game_refuses_a_folder_that_is_not_empty(run, one_line, tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run("new", "game", "fresh", "taken")
    assert result.exit_code == 2
    assert "taken already exists and is not an empty folder" in one_line(result.stderr)
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]
    (tmp_path / "fresh").write_text("a file where the default folder would go")
    result = run("new", "game", "fresh")
    assert result.exit_code == 2 and "fresh already exists" in one_line(result.stderr)


def test_new_game_refuses_the_name_of_an_installed_game(run, one_line, tmp_path):
    result = run("new", "game", "tally")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: a game named 'tally' is already installed by muggins-tally 1.0 (plugin 'tally'); choose another name"
    assert not (tmp_path / "tally").exists()


def test_new_game_refuses_the_name_of_an_importable_module(run, one_line, tmp_path):
    result = run("new", "game", "json")
    assert result.exit_code == 2
    assert "a Python module named 'json' is already importable" in one_line(result.stderr)
    assert not (tmp_path / "json").exists()


# -- new house-rule ----------------------------------------------------------------------------
def test_the_hooks_a_game_publishes_are_found_from_the_registry(tally_env):
    loaded = load_registry(only=["tally", "muggins_shedding"])
    assert {name: spec.__name__ for name, spec in loaded.game_hookspecs.items()} == {"muggins_shedding": "muggins_shedding.hookspecs"}
    found = published_hooks(loaded)
    assert list(found) == ["muggins_shedding"]
    assert [h.name for h in found["muggins_shedding"]] == SHEDDING_HOOKS
    hook = found["muggins_shedding"][0]
    assert hook.name == SHEDDING_HOOK and hook.argnames == ("players", "rules")
    assert hook.signature == f"{SHEDDING_HOOK}(players: int, rules: Any) -> Iterable[tuple[int, int]]"
    assert hook.doc.startswith("Extra pairs of ranks that touch") and not hook.firstresult


def test_new_house_rule_implements_each_published_hook(with_shedding, bare_run, tmp_path):
    result = bare_run("new", "house-rule", "muggins_shedding", "k_wraps")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "k_wraps"
    assert _compiles(folder) == ["src/k_wraps/__init__.py", "tests/test_k_wraps.py"]
    project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
    assert project["name"] == "k-wraps"
    assert project["dependencies"] == ["muggins-core", "muggins-shedding"]
    assert project["entry-points"]["muggins"] == {"k_wraps": "k_wraps"}
    source = (folder / "src/k_wraps/__init__.py").read_text()
    assert f"@hookimpl\ndef {SHEDDING_HOOK}(players, rules):" in source
    assert "Extra pairs of ranks that touch" in source and "return None" in source
    test = (folder / "tests/test_k_wraps.py").read_text()
    assert 'PLUGINS = ["muggins-shedding", "k-wraps"]' in test and f"GAME_HOOKS = {SHEDDING_HOOKS!r}" in test
    for name in SHEDDING_HOOKS:  # every published hook gets a stub that changes nothing
        assert f"@hookimpl\ndef {name}(players, rules):" in source
    assert "def test_a_hand_made_position_plays_by_the_standard_rule(registry):" in test  # the game's own starting test
    assert 'MUGGINS_SUPPORTS = {"muggins_shedding": "1.*"}' in source
    assert "keep those your rule changes and\ndelete the others" in source
    assert 'class TestContractWithTheRule(GameContract):\n    """' in test and 'house_rules = ["k_wraps"]' in test
    assert "delete the hooks your rule does not change" in result.stdout
    # A catalogue of its own, empty until the rule has words: a valid .po and its .mo, the README saying how to fill them.
    locale = folder / "src/k_wraps/locale"
    assert sorted(str(p.relative_to(locale)) for p in locale.rglob("*") if p.is_file()) == [
        "fr/LC_MESSAGES/k_wraps.mo", "fr/LC_MESSAGES/k_wraps.po", "k_wraps.pot"]
    import gettext

    french = gettext.translation("k_wraps", str(locale), languages=["fr"])
    assert french.info()["language"] == "fr" and french.gettext("anything") == "anything"
    from muggins.testing.translations import stale_compiled, untranslated_messages

    assert stale_compiled(locale) == [] and untranslated_messages(folder / "src/k_wraps", "k_wraps", "fr") == []
    assert 'translator("k_wraps", package_file=__file__)' in (folder / "README.md").read_text()


def test_new_house_rule_writes_only_the_hooks_chosen_by_full_or_short_name(with_shedding, bare_run, one_line, tmp_path):
    result = bare_run("new", "house-rule", "muggins_shedding", "k_wraps", "--hook", "adjacent_ranks", "--hook", "muggins_shedding_penalty_cards")
    assert result.exit_code == 0, result.output
    source = (tmp_path / "k_wraps/src/k_wraps/__init__.py").read_text()
    assert source.count("@hookimpl") == 2 and "def muggins_shedding_destination_order" not in source
    assert "(muggins_shedding_adjacent_ranks, muggins_shedding_penalty_cards)" in result.stdout
    assert "delete the hooks" not in result.stdout
    assert f"GAME_HOOKS = {SHEDDING_HOOKS!r}" in (tmp_path / "k_wraps/tests/test_k_wraps.py").read_text()
    refused = bare_run("new", "house-rule", "muggins_shedding", "other", "--hook", "wraps")
    assert refused.exit_code == 2 and not (tmp_path / "other").exists()
    assert one_line(refused.stderr) == (
        "muggins: error: game 'muggins_shedding' publishes no hook 'wraps'; its hooks: adjacent_ranks (muggins_shedding_adjacent_ranks), "
        "destination_order (muggins_shedding_destination_order), parted_ranks (muggins_shedding_parted_ranks), "
        "penalty_cards (muggins_shedding_penalty_cards)")


def test_the_pip_path_names_this_venvs_muggins_in_full(with_shedding, bare_run, tmp_path, monkeypatch):
    import muggins_cli.scaffold as scaffold

    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "muggins").write_text("#!/bin/sh\n")
    monkeypatch.setattr(scaffold, "workspace_root", lambda prefix=None: None)
    monkeypatch.setattr(sys, "executable", str(venv / "python"))
    made = bare_run("new", "house-rule", "muggins_shedding", "k_wraps")
    assert made.exit_code == 0, made.output
    assert made.stdout.splitlines()[-1] == f"  then: {venv / 'muggins'} list  (the plugin is listed under muggins_shedding)"
    game = bare_run("new", "game", "snap_game")
    assert game.stdout.splitlines()[-1] == f"  then: {venv / 'muggins'} play snap_game"


def test_the_generated_tests_pass_with_unused_hooks_deleted_and_run_the_kit_with_the_rule(tally_env, bare_run, tmp_path, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "cribbage_muggins")
    reset_registry()
    assert bare_run("new", "house-rule", "cribbage_muggins", "nobs_two").exit_code == 0
    folder = tmp_path / "nobs_two"
    module = folder / "src/nobs_two/__init__.py"
    source = module.read_text()
    kept = source[:source.index("\n\n@hookimpl")] + '\n\n@hookimpl\ndef muggins_cribbage_show_scoring(players, rules):\n    return {"nobs": 2}\n'
    module.write_text(kept)  # the author keeps the one hook the rule changes
    test = folder / "tests/test_nobs_two.py"
    test.write_text(test.read_text().replace("state.max_count == 29", "state.max_count == 30"))  # and edits the position test into it
    from muggins.testing import install_for_discovery

    site = tmp_path / "site"
    site.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*install_for_discovery(folder, site), os.environ.get("PYTHONPATH", "")])}
    env.pop("MUGGINS_LOAD_PLUGINS", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rP", "-p", "no:xdist"], cwd=folder, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"\b6 passed", done.stdout), done.stdout[-2000:]  # the kit's translation check among them
    assert "house rules asked: nobs_two 3 questions" in done.stdout
    reset_registry()


def test_new_house_rule_for_a_game_without_hooks_names_the_games_that_have_them(with_shedding, bare_run, one_line, tmp_path):
    result = bare_run("new", "house-rule", "tally", "house")
    assert result.exit_code == 2
    assert one_line(result.stderr) == (
        "muggins: error: game 'tally' publishes no hooks for house-rule plugins; games that do: muggins_shedding"
    )
    assert not (tmp_path / "house").exists()


def test_new_house_rule_for_an_unknown_game_lists_the_installed_ones(with_shedding, bare_run, one_line):
    result = bare_run("new", "house-rule", "gin", "house")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: unknown game 'gin'; installed games: muggins_shedding, tally"


DICE_PLUGIN = '''
import sys
from muggins import Game, hookimpl, hookspec

@hookspec(firstresult=True)
def dice_faces(players, rules):
    """How many faces the dice have; the first answer wins."""

class DiceGame(Game):
    name = "dice"
    title = "Dice"
    players = range(2, 3)
    default_players = 2
    Rules = dict
    State = "dice_state:DiceState"

    def max_decisions(self, rules, players):
        return 1

@hookimpl
def muggins_register_games(register):
    register(DiceGame(), hookspecs=sys.modules[__name__])
'''


def test_new_house_rule_copies_an_unannotated_first_result_hook(fake_plugin, bare_run):
    fake_plugin("dice_plugin", DICE_PLUGIN, target="dice_plugin")
    result = bare_run("new", "house-rule", "dice", "loaded_dice")
    assert result.exit_code == 0, result.output
    source = Path("loaded_dice/src/loaded_dice/__init__.py").read_text()
    assert "@hookimpl\ndef dice_faces(players, rules):" in source
    assert "the first answer that is not None wins" in source and "    dice_faces(players, rules)\n" in source
    assert 'dependencies = ["muggins-core", "dice_plugin"]' in Path("loaded_dice/pyproject.toml").read_text()


def test_a_folder_that_cannot_be_made_is_one_line(run, one_line, tmp_path):
    (tmp_path / "a_file").write_text("")
    result = run("new", "game", "fresh", "a_file/inside")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: cannot write a_file/inside:")


def test_a_template_placeholder_without_a_value_is_a_bug_not_a_silent_gap():
    from muggins_cli.scaffold import _render

    assert _render("{{name}} game", {"name": "dice"}) == "dice game"
    with pytest.raises(RuntimeError, match=r"\{\{title\}\}"):
        _render("{{name}}: {{title}}", {"name": "dice"})


def test_new_house_rule_refuses_a_bad_name_and_a_full_folder(with_shedding, bare_run, one_line, tmp_path):
    result = bare_run("new", "house-rule", "muggins_shedding", "K-wraps")
    assert result.exit_code == 2 and "house-rule name 'K-wraps' is not usable" in one_line(result.stderr)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("")
    result = bare_run("new", "house-rule", "muggins_shedding", "k_wraps", "full")
    assert result.exit_code == 2 and "full already exists" in one_line(result.stderr)


# -- end to end: install what was generated and run its own tests -------------------------------
def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MUGGINS_", "COVERAGE_", "PYTEST_"))}
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(name, None)
    return env


def _venv_with(where: Path, *editables: Path, env: dict[str, str]) -> Path:
    """A fresh virtual environment with `editables` and pytest installed; returns its python."""
    venv = where / "venv"
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    # A plugin generated under `where` with its `test` extra (pytest, and Babel, so the kit's translation check runs), as its README says.
    installs = [arg for path in editables for arg in ("-e", f"{path}[test]" if path.is_relative_to(where) else str(path))] + ["pytest"]
    uv = shutil.which("uv")
    if uv:
        steps = [[uv, "venv", "--quiet", "--python", sys.executable, str(venv)], [uv, "pip", "install", "--quiet", "--python", str(python), *installs]]
    else:
        steps = [[sys.executable, "-m", "venv", str(venv)], [str(python), "-m", "pip", "install", "--quiet", *installs]]
    for step in steps:
        done = subprocess.run(step, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{' '.join(step)} failed:\n{done.stdout}\n{done.stderr}"
    return python


def _passed(python: Path, folder: Path, env: dict[str, str]) -> int:
    done = subprocess.run([str(python), "-m", "pytest", "-q"], cwd=folder, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"the generated tests of {folder.name} failed:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}"
    assert "UntranslatedMessages" not in done.stdout, done.stdout[-4000:]  # the French catalogue covers every marked message
    return int(re.search(r"(\d+) passed", done.stdout).group(1))


@pytest.fixture
def with_every_game(tally_env, monkeypatch):
    """The three shipped games installed beside Tally; the CLI loads them all."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "tally,muggins_shedding,cribbage_muggins,willughby_fishing")
    reset_registry()
    yield
    reset_registry()


@pytest.mark.plugins
def test_generated_game_and_house_rules_for_every_game_install_and_pass_their_own_tests(with_every_game, bare_run, tmp_path):
    assert bare_run("new", "game", "high_card").exit_code == 0
    rules = {"muggins_shedding": "k_wraps", "cribbage_muggins": "to_ninety", "willughby_fishing": "dear_pot"}
    for game, name in rules.items():
        made = bare_run("new", "house-rule", game, name)
        assert made.exit_code == 0, made.output
    env = _clean_env()
    games = [ROOT / "plugins" / game for game in rules]
    python = _venv_with(tmp_path, ROOT / "core", *games, tmp_path / "high_card", *(tmp_path / name for name in rules.values()), env=env)
    # The contract (rules round trip, translations, matches under every check), a search seat, a house-rule plugin, two hand-made positions.
    assert _passed(python, tmp_path / "high_card", env) == 7
    for name in rules.values():  # the hooks, a whole match, the kit with the rule in force (3), the hand-made position
        assert _passed(python, tmp_path / name, env) == 6, name


def test_new_house_rule_for_a_generated_game_writes_the_games_own_position_test(bare_run, tmp_path, monkeypatch):
    # The game `muggins new game` writes publishes its starting test (HOUSE_RULE_TEST) as the shipped games do,
    # so a house rule for it starts from a hand-made position, not from a TODO.
    assert bare_run("new", "game", "high_card").exit_code == 0
    monkeypatch.syspath_prepend(str(tmp_path / "high_card" / "src"))
    import high_card.plugin

    loaded = load_registry(load_entry_points=False, extra_plugins=[("high_card", high_card.plugin)])
    assert not loaded.errors, loaded.errors
    reset_registry(loaded)
    try:
        made = bare_run("new", "house-rule", "high_card", "dear_miss")
        assert made.exit_code == 0, made.output
        test = (tmp_path / "dear_miss" / "tests" / "test_dear_miss.py").read_text()
        assert "TODO: a hand-made position" not in test
        assert "def test_a_hand_made_position_plays_by_the_standard_rule(registry):" in test
        namespace: dict = {}
        exec(compile(test[test.index("def test_a_hand_made_position"):], "test_dear_miss.py", "exec"), namespace)
        namespace["test_a_hand_made_position_plays_by_the_standard_rule"](loaded)  # passes against the generated game
    finally:
        reset_registry()
        for module in [m for m in sys.modules if m == "high_card" or m.startswith("high_card.")]:
            del sys.modules[module]
