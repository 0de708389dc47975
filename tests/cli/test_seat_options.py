"""Seat options on the command line: `--seat novice:error_rate=0.3`, one-line refusals, records that keep them, kinds listed with them."""

from __future__ import annotations

import json

import pytest

from muggins.records import read_record

NOVICE_ALLOWED = "error_rate (float 0..1, default 0.1), attention (float 0..1, default 0.5)"

BLUFF = '''
    from muggins import hookimpl
    from muggins.players import RandomPlayer
    from muggins_tally import TallyGame


    class BluffGame(TallyGame):
        name = "bluff"
        title = "Bluff (correct choices need hidden cards)"
        correct_needs_hidden_information = True


    class Plugin:
        @hookimpl
        def muggins_register_games(self, register):
            register(BluffGame())

        @hookimpl
        def muggins_register_players(self, register):
            register("liar", lambda rng, **kw: RandomPlayer(rng), games=("bluff",))


    plugin = Plugin()
'''


def test_simulate_takes_seat_options_and_reports_the_seats_as_given(run):
    seats = ("--seat", "novice:error_rate=1,attention=0", "--seat", "novice", "--seat", "expert")
    result = run("simulate", "tally", "--games", "20", "--seed", "3", *seats, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seats"] == ["novice:error_rate=1,attention=0", "novice", "expert"]
    # The same seat with the default novice's options (same seeds, same random stream) scores more.
    plain = json.loads(run("simulate", "tally", "--games", "20", "--seed", "3", "--seat", "novice", *seats[2:], "--json").stdout)
    assert data["scores"]["total"][0] < plain["scores"]["total"][0]


@pytest.mark.parametrize("command", [("play",), ("simulate", "--games", "1")])
@pytest.mark.parametrize("seat, message", [
    ("novice:eror_rate=0.3", f"seat 'novice:eror_rate=0.3': player kind 'novice' has no option 'eror_rate'; its options: {NOVICE_ALLOWED}"),
    ("novice:error_rate=1.5", "seat 'novice:error_rate=1.5': player kind 'novice': error_rate=1.5 is out of range; error_rate (float 0..1, default 0.1)"),
    ("novice:attention=lots", "seat 'novice:attention=lots': player kind 'novice': attention='lots' is not a valid float; attention (float 0..1, default 0.5)"),
    ("random:call_rate=0.5", "seat 'random:call_rate=0.5': player kind 'random' takes no options, so not 'call_rate'"),
    ("novice:", "seat 'novice:' has ':' but no options after it (write KIND:name=value,...)"),
    ("novice:error_rate", "seat 'novice:error_rate': 'error_rate' is not name=value"),
    ("wizard:power=9", "unknown seat kind 'wizard'; kinds for tally: "),
])
def test_bad_seat_options_are_one_line_exit_2(run, one_line, tmp_path, command, seat, message):
    where = ("--record", "r.jsonl") if command[0] == "play" else ("--json",)
    result = run(command[0], "tally", *command[1:], "--seat", "expert", "--seat", seat, *where)
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith(f"muggins: error: {message}")
    assert not (tmp_path / "r.jsonl").exists()  # refused before any record is made


def test_a_human_takes_no_options(run, one_line):
    result = run("play", "tally", "--seat", "human:speed=2")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: seat 'human:speed=2': player kind 'human' takes no options"


def test_records_keep_the_seat_specs_and_resume_rebuilds_the_same_players(run, tmp_path):
    seats = ("--seat", "novice:error_rate=0.6,attention=1", "--seat", "random", "--seat", "novice:attention=0", "--seed", "12")
    whole = run("play", "tally", *seats, "--record", "whole.jsonl")
    assert whole.exit_code == 0
    full = read_record(tmp_path / "whole.jsonl")
    assert full.seats == ["novice:error_rate=0.6,attention=1", "random", "novice:attention=0"]

    # Cut the record after a few decisions, as an interrupted match leaves it, and resume it.
    text = (tmp_path / "whole.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "cut.jsonl").write_text("".join(text[:2 + 5]))
    resumed = run("resume", "cut.jsonl")
    assert resumed.exit_code == 0, resumed.output
    cut = read_record(tmp_path / "cut.jsonl")
    assert cut.seats == full.seats
    assert cut.decisions == full.decisions and cut.result == full.result  # the options came back with the seats
    assert run("replay", "--verify", "cut.jsonl").stdout == f"ok: {len(full.decisions)} decisions verified\n"
    narrated = run("replay", "cut.jsonl").stdout
    assert narrated.splitlines()[-2:] == whole.stdout.splitlines()[-3:-1]  # the result lines name the same seats


def test_without_the_options_the_match_differs(run, tmp_path):
    # The check above means something only if the options change play for this seed.
    with_options = ("--seat", "novice:error_rate=0.6,attention=1", "--seat", "random", "--seat", "novice:attention=0", "--seed", "12")
    plain = ("--seat", "novice", "--seat", "random", "--seat", "novice", "--seed", "12")
    assert run("play", "tally", *with_options, "--record", "a.jsonl").exit_code == 0
    assert run("play", "tally", *plain, "--record", "b.jsonl").exit_code == 0
    assert read_record(tmp_path / "a.jsonl").decisions != read_record(tmp_path / "b.jsonl").decisions


def test_resume_refuses_a_record_whose_seat_options_are_bad(run, tmp_path, one_line):
    run("play", "tally", "--seat", "expert", "--seat", "expert", "--seat", "expert", "--seed", "5", "--record", "r.jsonl")
    path = tmp_path / "r.jsonl"
    head, *rest = path.read_text().splitlines(keepends=True)
    header = json.loads(head)
    header["seats"] = ["expert", "novice:error_rate=2", "expert"]
    path.write_text(json.dumps(header) + "\n" + "".join(rest[:3]))
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: header seats: seat 'novice:error_rate=2': player kind 'novice': error_rate=2.0 is out of range; error_rate (float 0..1, default 0.1)"


def test_generic_bots_refuse_a_game_whose_correct_choices_need_hidden_cards(run, fake_plugin, one_line, tmp_path):
    fake_plugin("muggins_bluff", BLUFF)
    expected = "the generic expert cannot play bluff: its correct choices depend on hidden cards; use the game's own bots (kinds: liar)"
    result = run("simulate", "bluff", "--games", "1", "--seat", "random")  # the other seats default to expert
    assert result.exit_code == 2
    assert one_line(result.stderr) == f"muggins: error: {expected}"
    result = run("play", "bluff", "--seat", "novice", "--record", "b.jsonl")
    assert result.exit_code == 2 and "the generic novice cannot play bluff" in one_line(result.stderr)
    assert not (tmp_path / "b.jsonl").exists()
    result = run("simulate", "bluff", "--games", "2", "--seat", "liar", "--seat", "random", "--seat", "liar", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["games"] == 2


def test_list_json_shows_a_games_own_kinds_and_their_options(run, fake_plugin):
    fake_plugin("muggins_bluff", BLUFF)
    games = {row["name"]: row for row in json.loads(run("list", "--json").stdout)}
    assert [k["name"] for k in games["bluff"]["kinds"]] == ["expert", "liar", "novice", "random", "search"]
    liar = games["bluff"]["kinds"][1]
    assert liar == {"name": "liar", "description": "", "generic": False, "options": []}
    assert "liar" not in [k["name"] for k in games["tally"]["kinds"]]
