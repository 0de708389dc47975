"""The worked house-rule examples of docs/examples, installed into one fresh venv as a user would: their own tests, their effect, their records.

One virtual environment per run (uv when present, else venv and pip) gets
the core, the CLI, the three games and the four examples, installed from
their folders like any distribution. Then, through that venv's own
`muggins` command: each example's own tests pass; `simulate` with the
example and with a rules file switching it off (`[plugins]`) differs as the
rule predicts; a played record names the example, and replaying it where
the example is not loaded is one line naming it, exit 2.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {"muggins_shedding": "shedding_k_touches_a", "cribbage_muggins": "cribbage_four_card_crib_flush", "willughby_fishing": "fishing_rich_pot"}
#: Installed too and its own tests run, but left out of the venv's `muggins` (it would change the shedding rule the others measure).
RESTRICTING = "shedding_king_queen"

pytestmark = pytest.mark.plugins


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MUGGINS_", "COVERAGE_", "PYTEST_"))}
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(name, None)
    env["MUGGINS_RECORDS"] = str(home)
    env["MUGGINS_LOAD_PLUGINS"] = ",".join([*EXAMPLES, *EXAMPLES.values()])
    return env


@pytest.fixture(scope="session")
def venv(tmp_path_factory):
    """(bin folder, environment, folder) of a fresh venv holding core, cli, the games and the examples.

    Built once per run: the suite's workers (pytest-xdist) share the temporary
    folder's parent, and the first to take the lock builds the venv there
    while the other waits for it, where a module-scoped venv was built again
    each time a worker came back to this module.
    """
    shared = tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER") else tmp_path_factory.getbasetemp()
    where = shared / "examples-venv"
    where.mkdir(exist_ok=True)
    env = _env(where)
    folder = where / "venv"
    bin_dir = folder / ("Scripts" if os.name == "nt" else "bin")
    with _locked(shared / "examples-venv.lock"):
        if not (where / "built").exists():
            _build(folder, bin_dir, env)
            (where / "built").write_text("")
    return bin_dir, env, where


@contextlib.contextmanager
def _locked(path: Path):
    """An exclusive lock on `path` between processes (POSIX); elsewhere each worker builds its own venv."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _build(folder: Path, bin_dir: Path, env: dict[str, str]) -> None:
    packages = [ROOT / "core", ROOT / "cli", *(ROOT / "plugins" / game for game in EXAMPLES), *(ROOT / "docs" / "examples" / name for name in [*EXAMPLES.values(), RESTRICTING])]
    uv = shutil.which("uv")
    if uv:
        steps = [[uv, "venv", "--quiet", "--python", sys.executable, str(folder)],
                 [uv, "pip", "install", "--quiet", "--python", str(bin_dir / "python"), *map(str, packages), "pytest"]]
    else:
        steps = [[sys.executable, "-m", "venv", str(folder)], [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", *map(str, packages), "pytest"]]
    for step in steps:
        done = subprocess.run(step, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{' '.join(step)} failed:\n{done.stdout}\n{done.stderr}"


def muggins(venv, *args: str, plugins: str | None = None) -> subprocess.CompletedProcess:
    bin_dir, env, where = venv
    if plugins is not None:
        env = {**env, "MUGGINS_LOAD_PLUGINS": plugins}
    return subprocess.run([str(bin_dir / "muggins"), *args], env=env, cwd=where, capture_output=True, text=True)


def simulate(venv, game: str, games: int, off: bool) -> dict:
    _, _, where = venv
    rules = where / f"{EXAMPLES[game]}-off.toml"
    rules.write_text(f"[plugins]\n{EXAMPLES[game]} = false\n")
    done = muggins(venv, "simulate", game, "--games", str(games), "--seed", "1", "--json", *(["--rules", str(rules)] if off else []))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("example", [*EXAMPLES.values(), RESTRICTING])
def test_each_examples_own_tests_pass_where_it_is_installed(venv, example):
    bin_dir, env, _ = venv
    env = {k: v for k, v in env.items() if k != "MUGGINS_LOAD_PLUGINS"}  # as its author runs them: every installed plugin there
    done = subprocess.run([str(bin_dir / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT / "docs" / "examples" / example,
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-2000:]}"
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_list_names_every_example_under_its_game(venv):
    rows = {row["name"]: row for row in json.loads(muggins(venv, "list", "--json").stdout)}
    for game, name in EXAMPLES.items():
        assert [p["name"] for p in rows[game]["house_rules"]] == [name]


def test_k_touching_a_shortens_shedding_hands(venv):
    on, off = simulate(venv, "muggins_shedding", 40, off=False), simulate(venv, "muggins_shedding", 40, off=True)
    assert [p["name"] for p in on["house_rules"]] == ["shedding_k_touches_a"] and off["house_rules"] == []
    # More cards fit somewhere, so fewer turn the discards over and hands end sooner.
    assert on["stats"]["exposures"]["mean"] < off["stats"]["exposures"]["mean"]
    assert on["stats"]["recycles"]["total"] < off["stats"]["recycles"]["total"]


def test_the_rich_pot_moves_every_seat_by_five_a_reward_less_five_a_deal(venv):
    on, off = simulate(venv, "willughby_fishing", 20, off=False), simulate(venv, "willughby_fishing", 20, off=True)
    assert [p["name"] for p in on["house_rules"]] == ["fishing_rich_pot"] and off["house_rules"] == []
    deals = 5 * on["games"]
    # Antes 4 and 3 instead of 3 and 2 (one chip more a deal each), a reward of 10 instead of 5; the play is the same.
    assert on["seat_stats"]["rewards"] == off["seat_stats"]["rewards"]
    for seat in range(5):
        assert on["scores"]["total"][seat] == off["scores"]["total"][seat] + 5 * on["seat_stats"]["rewards"]["total"][seat] - deals


def _crib_shows(venv, record: str) -> dict[tuple[str, ...], tuple[int, bool]]:
    """The record's crib shows: their cards (starter included) -> (points, a four-card flush among the items)."""
    _, _, where = venv
    found = {}
    for line in (where / record).read_text().splitlines()[1:]:
        data = json.loads(line)
        for event in data.get("events", data.get("opening", [])) if isinstance(data, dict) else []:
            if event.get("type") == "show_score" and event.get("what") == "crib":
                flush = any(item["kind"] == "flush" and len(item["cards"]) == 4 for item in event["breakdown"])
                found[tuple(sorted(event["reveals"]))] = (event["points"], flush)
    return found


def test_a_four_card_crib_flush_scores_four_more_in_the_same_crib(venv):
    _, _, where = venv
    (where / "auto.toml").write_text("muggins = false\n")
    (where / "auto-off.toml").write_text("muggins = false\n[plugins]\ncribbage_four_card_crib_flush = false\n")
    for rules, record in (("auto.toml", "crib-on.jsonl"), ("auto-off.toml", "crib-off.jsonl")):
        done = muggins(venv, "play", "cribbage_muggins", "--seat", "expert", "--seat", "expert", "--seed", "3", "--rules", rules, "--record", record)
        assert done.returncode == 0, done.stderr
    on, off = _crib_shows(venv, "crib-on.jsonl"), _crib_shows(venv, "crib-off.jsonl")
    # Seed 3 deals a crib of 5♣ 5♦ 6♣ 8♣ Q♣ (starter included) both ways: four clubs in the crib.
    crib = ("5C", "5D", "6C", "8C", "QC")
    assert on[crib] == (10, True) and off[crib] == (6, False)
    assert not any(flush for _, flush in off.values())


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_a_record_names_the_example_and_replay_without_it_is_one_line(venv, game):
    players = {"muggins_shedding": 3, "cribbage_muggins": 2, "willughby_fishing": 5}[game]
    record = f"{game}.jsonl"
    played = muggins(venv, "play", game, "--players", str(players), *["--seat", "expert"] * players, "--seed", "3", "--record", record)
    assert played.returncode == 0, played.stderr
    _, _, where = venv
    header = json.loads((where / record).read_text().splitlines()[0])
    assert [p["name"] for p in header["house_rules"]] == [EXAMPLES[game]]
    assert muggins(venv, "replay", "--verify", record).returncode == 0
    refused = muggins(venv, "replay", record, plugins=game)
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        f"muggins: error: {record}: house-rule plugins differ: it was played with house-rule plugin {EXAMPLES[game]!r} 1.0.0, "
        f"not in force here (to replay it: install {EXAMPLES[game].replace('_', '-')} 1.0.0)"]
