"""Hostile house-rule plugins at the command line: one line naming the plugin, the same answers in every worker, records that keep them.

Each plugin is a one-module distribution beside the shipped games
(`house_rule`), found through its entry point here and, on PYTHONPATH, in
worker processes and real `muggins` processes. What is checked: a refusal
under `simulate --workers 2` or `ladder --workers 2` is the line and exit
code it is inline, naming the plugin (a 5,000-digit answer included, which
cribbage once blamed on itself and fishing called an internal error);
`--workers 1` and `--workers 2` print the same summary for a plugin that
answers otherwise in each process; a record keeps the answers, so `replay
--verify` and `resume` refuse, in one line naming the plugin, a plugin of
the same name and version that now answers otherwise, and a hook rewriting
the rules' `[plugins]` switches cannot make a record that hides it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from muggins.plugins import load_registry, reset_registry
from muggins.records import read_record

MUGGINS = [sys.executable, "-m", "muggins_cli"]
GAMES = "muggins_shedding,cribbage_muggins,willughby_fishing"

PLUGIN = """
from multiprocessing import parent_process
from muggins import hookimpl


@hookimpl
def {hook}(players, rules):
    {body}
"""


@pytest.fixture
def house_rule(plugin_site, monkeypatch):
    """`house_rule(hook, body)`: the plugin 'hostile' (fake-hostile 0.1) whose `hook` runs `body`, beside the shipped games, here and in processes."""

    def install(hook: str, body: str):
        plugin_site.install("hostile", PLUGIN.format(hook=hook, body=body), distribution="fake-hostile", version="0.1")
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", f"{GAMES},hostile")
        registry = load_registry()
        assert registry.errors == [] and "hostile" in [p.name for p in registry.plugins], registry.errors
        reset_registry(registry)
        return registry

    return install


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


# -- refusals under workers are the refusals inline (issue 26, item 11) ----------------------------------------------
REFUSED = [
    ("muggins_shedding", "muggins_shedding_penalty_cards", "return -1",
     "house-rule plugin 'hostile': muggins_shedding_penalty_cards: -1 penalty cards: the penalty must be 0 (none) or more"),
    ("cribbage_muggins", "muggins_cribbage_target", "return {'target': 10 ** 5000}",
     "house-rule plugin 'hostile': muggins_cribbage_target answered a whole number of more than 300 digits (at ['target'])"),
    ("willughby_fishing", "muggins_fishing_stakes", "return {'reward': 10 ** 5000}",
     "house-rule plugin 'hostile': muggins_fishing_stakes answered a whole number of more than 300 digits (at ['reward'])"),
]


@pytest.mark.parametrize("game, hook, body, said", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_refused_answer_is_one_line_naming_the_plugin_exit_2_with_any_worker_count(house_rule, run, game, hook, body, said):
    house_rule(hook, body)
    lines = set()
    for command in ("simulate", "ladder"):
        seats = ["--seat", "expert", "--seat", "random"]
        for workers in ("1", "2"):
            result = run(command, game, *seats, "--games", "8", "--workers", workers)
            assert result.exit_code == 2, (command, workers, result.stderr)
            lines.add(last_line(result.stderr))
            assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert len(lines) == 1
    line = lines.pop()
    assert line.startswith(f"muggins: error: {said}")
    assert game.replace("_", "-") not in line and f"plugin {game!r}" not in line


# -- one set of answers for a run, whatever the workers (item 12) -------------------------------------------------------
def test_workers_1_and_2_print_the_same_summary_for_a_plugin_answering_otherwise_in_each_process(house_rule, tmp_path):
    house_rule("muggins_shedding_penalty_cards", "return 3 if parent_process() is not None else 0")
    env = dict(os.environ)
    env.pop("MUGGINS_DEBUG", None)
    outputs = []
    for workers in ("1", "2"):
        done = subprocess.run([*MUGGINS, "simulate", "muggins_shedding", "--players", "3", "--seat", "novice", "--seat", "random",
                               "--seat", "expert", "--games", "16", "--seed", "2", "--workers", workers, "--json"],
                              env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["house_rules"] == [{"name": "hostile", "distribution": "fake-hostile", "version": "0.1"}]


# -- records keep the answers; replay and resume compare them (item 12) ---------------------------------------------
def test_a_record_refuses_to_replay_or_resume_under_the_same_plugin_answering_otherwise(house_rule, run, tmp_path):
    house_rule("muggins_cribbage_target", "return {'target': 61}")
    played = run("play", "cribbage_muggins", "--seat", "expert", "--seat", "novice", "--seed", "3", "--record", "m.jsonl")
    assert played.exit_code == 0, played.stderr
    record = read_record(tmp_path / "m.jsonl")
    assert record.house_rule_answers == [{"hook": "muggins_cribbage_target", "plugin": "hostile", "answer": {"target": 61}}]
    assert run("replay", "--verify", "m.jsonl").exit_code == 0
    lines = (tmp_path / "m.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "cut.jsonl").write_text("".join(lines[:6]))

    house_rule("muggins_cribbage_target", "return {'target': 91}")  # the same name and version, answering otherwise
    differ = ("house-rule answers differ: house-rule plugin 'hostile' answers muggins_cribbage_target with {\"target\": 91} here, "
              "{\"target\": 61} in the record (the match was played by the answers the record keeps)")
    verified = run("replay", "--verify", "m.jsonl")
    assert verified.exit_code == 2 and verified.stderr.strip().splitlines() == [f"muggins: error: m.jsonl: {differ}"]
    resumed = run("resume", "cut.jsonl")
    assert resumed.exit_code == 2 and last_line(resumed.stderr) == f"muggins: error: cut.jsonl: {differ}"
    assert (tmp_path / "cut.jsonl").read_text() == "".join(lines[:6])  # nothing played on

    house_rule("muggins_cribbage_target", "return {'target': 61}")  # the plugin the match was played with
    assert run("replay", "--verify", "m.jsonl").exit_code == 0
    assert run("resume", "cut.jsonl").exit_code == 0


def test_a_hook_rewriting_the_plugins_switches_cannot_make_a_record_that_hides_it(house_rule, run, tmp_path):
    house_rule("muggins_shedding_penalty_cards",
               "object.__setattr__(rules, '_muggins_plugin_switches', {'hostile': False}); return 2")
    played = run("play", "muggins_shedding", "--players", "3", "--seat", "expert", "--seat", "novice", "--seat", "random",
                 "--seed", "5", "--record", "s.jsonl")
    assert played.exit_code == 0, played.stderr
    record = read_record(tmp_path / "s.jsonl")
    assert record.house_rules == [{"name": "hostile", "distribution": "fake-hostile", "version": "0.1"}]
    assert "plugins" not in record.rules
    assert record.house_rule_answers == [{"hook": "muggins_shedding_penalty_cards", "plugin": "hostile", "answer": 2}]
    assert run("replay", "--verify", "s.jsonl").exit_code == 0


# -- every header field the match depends on is checked against the plugins installed (issue 37, item 10) -------------
TAMPERED_GAMES = [
    ("muggins_shedding", "muggins_shedding_penalty_cards", "return 2", ("--players", "3", "--seat", "expert", "--seat", "novice", "--seat", "random")),
    ("cribbage_muggins", "muggins_cribbage_target", "return {'target': 61}", ("--seat", "expert", "--seat", "novice")),
    ("willughby_fishing", "muggins_fishing_stakes", "return {'ante_dealer': 4, 'reward': 6}", ("--seat", "expert", "--seat", "novice")),
]


def _forged(path, change) -> None:
    header, *rest = path.read_text().splitlines(keepends=True)
    data = json.loads(header)
    change(data)
    path.write_text(json.dumps(data) + "\n" + "".join(rest))


def _renamed_distribution(header):
    header["house_rules"][0]["distribution"] = "fake-other"


def _forged_in_force(header):
    settings = header.get("house_rule_settings")
    if settings:  # cribbage's target: the value in force changed
        settings[0]["in_force"] += 30
    else:  # a game whose plugin replaces no rule's value: a setting made up
        header["house_rule_settings"] = [{"rule": "turn_limit", "rules": 1000, "in_force": 5, "plugin": "hostile"}]


def _dropped_settings(header):
    if header.get("house_rule_settings"):
        del header["house_rule_settings"]  # as if no rule's value were replaced
    else:
        header["house_rule_settings"] = [{"rule": "hands", "rules": 0, "in_force": 2, "plugin": "hostile"}]


@pytest.mark.parametrize("game, hook, body, seats", TAMPERED_GAMES, ids=[g[0] for g in TAMPERED_GAMES])
@pytest.mark.parametrize("tamper", [_renamed_distribution, _forged_in_force, _dropped_settings], ids=["distribution", "in_force", "settings"])
def test_verify_refuses_a_header_whose_house_rule_fields_were_tampered_with(house_rule, run, tmp_path, game, hook, body, seats, tamper):
    house_rule(hook, body)
    played = run("play", game, *seats, "--seed", "3", "--record", "m.jsonl")
    assert played.exit_code == 0, played.stderr
    record = read_record(tmp_path / "m.jsonl")
    assert record.house_rules == [{"name": "hostile", "distribution": "fake-hostile", "version": "0.1"}]
    assert (record.house_rule_settings is not None) == (game == "cribbage_muggins")  # the target is a rule's value replaced
    assert run("replay", "--verify", "m.jsonl").exit_code == 0
    _forged(tmp_path / "m.jsonl", tamper)
    verified = run("replay", "--verify", "m.jsonl")
    assert verified.exit_code == 2, verified.stdout
    [line] = verified.stderr.strip().splitlines()
    assert line.startswith("muggins: error: m.jsonl: ") and "ok:" not in verified.stdout
    assert ("fake-other" in line) if tamper is _renamed_distribution else ("house-rule settings" in line)
