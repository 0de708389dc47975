"""`muggins play` and `muggins resume`: a human at the terminal against bots, records, interruption."""

from __future__ import annotations

import hashlib
import json
import re
import sys

import pytest

from muggins.records import read_record

BOTS = ("--seat", "expert", "--seat", "expert", "--seat", "expert")
EXPERTS = ("--opponents", "expert")  # opponents who never err: the transcripts below are theirs
COMPACT = "Enter = pass; o = overcount; m N = muggins N; t = table; ? = help > "


def lines(*answers: str) -> str:
    return "".join(a + "\n" for a in answers)


def recorded_to(out: str) -> str:
    """The record's file name a run printed (records are named at random, never by the seed)."""
    found = re.findall(r"^recording to (muggins-[a-z_]+-[0-9a-f]{10}\.jsonl)$", out, re.M)
    assert len(found) == 1, out
    return found[0]


def seat0_actions(path) -> list[str]:
    return [action for seat, action in read_record(path).decisions if seat == 0]


def test_human_plays_a_whole_match_with_menu_numbers_texts_and_keys(run, tmp_path):
    # Seed 5, three players: seat 0 holds A♥ 9♠ 5♠ and plays first; seats 1 and 2 are experts.
    answers = lines(
        "abc",            # not a choice: re-prompt with the reason
        "99",             # out of range: re-prompt
        "play AH say 1",  # an action's text
        "",               # Enter in a window: pass
        "o",              # a key: overcount
        "?",              # the menu again
        "10",             # a number: play 9♠ and say 9
        "muggins 2",      # a claim typed in full in a window
        "ACCEPT",         # keys ignore case (`p` is the pause key, never pass)
        "1", "1", "1",
    )
    result = run("play", "tally", *EXPERTS, "--seed", "5", input=answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    name = recorded_to(out)
    assert "deal committed" not in out  # a seed chosen with --seed commits to nothing
    assert "your hand: A♥ 9♠ 5♠" in out
    assert "'abc' is not one of the choices; type a number from 1 to 33, an action or a key" in out
    assert "there is no choice 99; choose a number from 1 to 33" in out
    assert f"seat 1 plays 8♦ and says 8\nseat 1 said 8\n  {COMPACT}" in out  # the move, then the window's own header
    assert "seat 0 plays A♥ and says 1" in out
    assert "seat 0 claims overcount: not upheld" in out
    assert out.count("  1) play 9♠ and say 0") == 2  # the menu, then again after `?`
    assert "seat 0 claims muggins 2: not upheld" in out
    assert "seat 1 claims muggins 5: upheld" in out  # the experts catch the human's miscount
    assert out.rstrip().splitlines()[-3:] == [
        "result: seat 1 (an expert) wins",
        "scores: seat 0 10, seat 1 27, seat 2 24",
        f"record: {name}",
    ]
    record = read_record(tmp_path / name)
    assert record.seats == ["human", "expert", "expert"]
    assert seat0_actions(tmp_path / name) == [
        "play AH say 1", "pass", "overcount", "play 9S say 9", "muggins 2", "pass", "play 5S say 0", "pass", "pass",
    ]
    assert record.result is not None and record.result["winners"] == [1]
    assert run("replay", name, "--verify").stdout == f"ok: {len(record.decisions)} decisions verified\n"


def test_the_correct_choice_is_never_shown(run):
    result = run("play", "tally", *EXPERTS, "--seed", "5", input=lines(*["1"] * 12))
    assert result.exit_code == 0
    # Seat 1 said 8 for an 8: the right answer is to pass, and nothing in the prompt singles it out.
    prompt_lines = [l for l in result.stdout.splitlines() if "? = help > " in l]
    assert prompt_lines and all(l.endswith(COMPACT + "1") for l in prompt_lines)
    assert "correct" not in result.stdout.lower()


def test_end_of_input_keeps_the_record_and_resume_plays_on_exactly(run, tmp_path, one_line):
    seats = ("--seat", "human", "--seat", "novice", "--seat", "random", "--seed", "11")
    whole = run("play", "tally", *seats, "--record", "a.jsonl", input=lines(*["1"] * 40))
    assert whole.exit_code == 0

    cut = run("play", "tally", *seats, "--record", "b.jsonl", input=lines("1", "1"))
    assert cut.exit_code == 1
    saved = read_record(tmp_path / "b.jsonl")
    assert saved.result is None and len(saved.decisions) > 2
    assert one_line(cut.stderr) == (
        f"muggins: input ended after {len(saved.decisions)} decisions; the record is saved; continue with: muggins resume b.jsonl"
    )

    resumed = run("resume", "b.jsonl", input=lines(*["1"] * 40))
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout.startswith(f"resuming b.jsonl after {len(saved.decisions)} decisions\n")
    assert "11" not in resumed.stdout.splitlines()[0]
    a, b = read_record(tmp_path / "a.jsonl"), read_record(tmp_path / "b.jsonl")
    assert b.decisions == a.decisions  # the bots went on exactly as without the break
    assert b.events == a.events and b.result == a.result
    assert run("replay", "--verify", "b.jsonl").exit_code == 0

    again = run("resume", "b.jsonl")
    assert again.exit_code == 0
    assert again.stdout.startswith("b.jsonl: this match is already over\nresult: ")


def test_ctrl_c_at_a_prompt_exits_130_and_keeps_the_record(run, tmp_path, monkeypatch, one_line):
    from muggins_cli import human

    answers = iter(["1", ""])

    def fake_input():
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(human, "input", fake_input, raising=False)
    result = run("play", "tally", *EXPERTS, "--seed", "5", "--record", "c.jsonl")
    assert result.exit_code == 130
    saved = read_record(tmp_path / "c.jsonl")
    assert [a for s, a in saved.decisions if s == 0] == ["play AH say 0", "pass"]
    assert one_line(result.stderr) == (
        f"muggins: interrupted after {len(saved.decisions)} decisions; the record is saved; continue with: muggins resume c.jsonl"
    )
    monkeypatch.delattr(human, "input")
    finished = run("resume", "c.jsonl", input=lines(*["1"] * 20))
    assert finished.exit_code == 0
    assert read_record(tmp_path / "c.jsonl").result is not None


def test_resume_command_quotes_awkward_paths(run, tmp_path):
    result = run("play", "tally", "--seed", "5", "--record", "my game.jsonl", input="")
    assert result.exit_code == 1
    assert result.stderr.rstrip().endswith("continue with: muggins resume 'my game.jsonl'")


def test_resume_appends_after_a_last_line_without_newline(run, tmp_path):
    run("play", "tally", "--seed", "5", "--record", "r.jsonl", input=lines("1"))
    path = tmp_path / "r.jsonl"
    path.write_text(path.read_text().rstrip("\n"))
    result = run("resume", "r.jsonl", input=lines(*["1"] * 20))
    assert result.exit_code == 0
    assert read_record(path).result is not None


def test_unseeded_play_commits_to_its_deal_and_shows_the_seed_only_at_the_end(run, tmp_path):
    result = run("play", "tally", *BOTS)
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    name = recorded_to(result.stdout)
    record = read_record(tmp_path / name)
    assert str(record.seed) not in name and not any(l.startswith("seed: ") for l in out)
    committed = [l for l in out if l.startswith("deal committed: ")]
    assert committed == [f"deal committed: {record.deal['commitment']}"]
    assert out.index(committed[0]) < min(i for i, l in enumerate(out) if " plays " in l)
    # The seed appears once, on the last line, after the result.
    assert [i for i, l in enumerate(out) if str(record.seed) in l] == [len(out) - 1]
    assert out[-1] == f"the deal's seed was {record.seed} (nonce {record.deal['nonce']})"
    assert hashlib.sha256(f"muggins-deal:{record.seed}:{record.deal['nonce']}".encode()).hexdigest() == record.deal["commitment"]


def test_a_second_match_with_the_same_seed_gets_a_new_record_and_the_same_game(run, tmp_path):
    first = run("play", "tally", *BOTS, "--seed", "9")
    second = run("play", "tally", *BOTS, "--seed", "9")
    assert first.exit_code == second.exit_code == 0
    one, two = recorded_to(first.stdout), recorded_to(second.stdout)
    assert one != two
    assert (tmp_path / one).read_text() == (tmp_path / two).read_text()
    assert first.stdout.replace(one, "") == second.stdout.replace(two, "")


def test_a_match_of_bots_is_narrated(run):
    result = run("play", "tally", *BOTS, "--seed", "5")
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    plays = [l for l in out if " plays " in l and " and says " in l]
    assert len(plays) == 9  # three cards for each of three players
    assert out[-3].startswith("result: seat ")


def test_seats_fill_from_seat_0_and_may_grow_the_table(run, tmp_path):
    result = run("play", "tally", "--seat", "novice", "--seed", "2", "--record", "one.jsonl")
    assert result.exit_code == 0
    assert read_record(tmp_path / "one.jsonl").seats == ["novice", "novice:error_rate=0.2", "novice:error_rate=0.2"]
    result = run("play", "tally", *BOTS, "--seat", "random", "--seed", "2", "--record", "four.jsonl")
    assert result.exit_code == 0
    assert read_record(tmp_path / "four.jsonl").players == 4


def test_only_choices_are_taken_without_asking(run, tmp_path):
    (tmp_path / "strict.toml").write_text('hand_size = 1\nmistakes = "prevented"\n')
    result = run("play", "tally", "--players", "2", "--rules", "strict.toml", "--seed", "4", input="")
    assert result.exit_code == 0
    assert "(the only choice)" in result.stdout
    assert "choose" not in result.stdout


def test_a_game_past_its_limit_is_a_game_error(run, tally, monkeypatch, one_line):
    monkeypatch.setattr(type(tally), "max_decisions", lambda self, rules, players: 2)
    result = run("play", "tally", *BOTS, "--seed", "3", "--record", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "muggins: error: tally passed its declared limit of 2 decisions (seed 3)"
    result = run("simulate", "tally", "--games", "2", "--seed", "3")
    assert result.exit_code == 1
    assert "passed its declared limit of 2 decisions" in one_line(result.stderr)


def test_event_plugins_hear_every_event(run, fake_plugin):
    fake_plugin("listener_plugin", '''
        from muggins import hookimpl

        HEARD = []

        class Plugin:
            @hookimpl
            def muggins_on_event(self, game, event):
                HEARD.append((game, event["type"]))

        plugin = Plugin()
    ''')
    heard = sys.modules["listener_plugin"].HEARD
    assert run("play", "tally", *BOTS, "--seed", "5").exit_code == 0
    assert heard[0] == ("tally", "deal")
    assert sum(1 for _, kind in heard if kind == "play") == 9
    heard.clear()
    assert run("simulate", "tally", "--games", "2", "--seed", "5").exit_code == 0
    assert sum(1 for _, kind in heard if kind == "play") == 18


def test_resume_refuses_a_record_with_unknown_seat_kinds(run, tmp_path, one_line):
    run("play", "tally", "--seed", "5", "--record", "r.jsonl", input=lines("1"))
    path = tmp_path / "r.jsonl"
    head, *rest = path.read_text().splitlines(keepends=True)
    header = json.loads(head)
    header["seats"] = ["human", "wizard", "expert"]
    path.write_text(json.dumps(header) + "\n" + "".join(rest))
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: header seats: unknown seat kind 'wizard'; kinds for tally: human, expert, novice, random, search"
    header["seats"] = ["human", "expert"]
    path.write_text(json.dumps(header) + "\n" + "".join(rest))
    result = run("resume", "r.jsonl")
    assert result.exit_code == 2
    assert one_line(result.stderr) == "muggins: error: r.jsonl: the header names 2 seat kinds for 3 players"


def test_resume_of_a_record_that_does_not_match_the_game(run, tmp_path, one_line):
    run("play", "tally", "--seed", "5", "--record", "r.jsonl", input=lines("1"))
    path = tmp_path / "r.jsonl"
    path.write_text(path.read_text().replace('"action": "play AH say 0"', '"action": "play KH say 0"', 1))
    result = run("resume", "r.jsonl")
    assert result.exit_code == 1
    assert one_line(result.stderr).startswith("muggins: error: r.jsonl does not match the installed tally at decision 0: 'play KH say 0' is not a choice here")


def test_resume_of_a_match_over_but_without_its_result_line(run, tmp_path):
    run("play", "tally", *BOTS, "--seed", "5", "--record", "r.jsonl")
    path = tmp_path / "r.jsonl"
    path.write_text("".join(l for l in path.read_text().splitlines(keepends=True) if not l.startswith('{"result"')))
    assert read_record(path).result is None
    result = run("resume", "r.jsonl")
    assert result.exit_code == 0
    assert "result: seat " in result.stdout
    assert read_record(path).result is not None


def test_results_are_worded_for_wins_ties_draws_and_limits():
    from muggins.game import Result
    from muggins_cli.commands import describe_result

    kinds = ["human", "expert", "novice"]
    assert describe_result(Result((2,), (1, 2, 3.5)), kinds) == ["result: seat 2 (a novice) wins", "scores: seat 0 1, seat 1 2, seat 2 3.5"]
    assert describe_result(Result((0, 1)), kinds) == ["result: a tie between seat 0 (a person) and seat 1 (an expert)"]
    assert describe_result(Result((), (0, 0), limit_reached=True), kinds[:2]) == [
        "result: no winner (a draw)", "scores: seat 0 0, seat 1 0", "the match stopped at the game's declared limit",
    ]
    assert describe_result(Result((0, 2), (3, 1, 3)), kinds) == ["result: a tie between seat 0 (a person) and seat 2 (a novice)",
                                                                 "scores: seat 0 3, seat 1 1, seat 2 3"]
    assert describe_result(Result((0, 2), (30, 61, 41)), kinds)[0] == "result: seat 0 (a person) and seat 2 (a novice) share the win"


def test_results_with_sides_name_the_winning_side_and_every_sides_total():
    from muggins.game import Result
    from muggins_cli.commands import describe_result

    kinds = ["expert", "random", "novice", "expert"]
    sides = ((0, 2), (1, 3))
    assert describe_result(Result((0, 2), (18, 7, 45, 10)), kinds, sides) == [
        "result: seats 0 and 2 win, 63 to 17", "sides: seats 0 and 2 (an expert, a novice) 63 · seats 1 and 3 (a random player, an expert) 17"]
    assert describe_result(Result((1, 3), (40, 5, 21, 9)), kinds, sides)[0] == "result: seats 1 and 3 win, 14 to 61"
    assert describe_result(Result((), (0, 0, 0, 0)), kinds, sides)[0] == "result: no winner (a draw), 0 to 0"


def test_hot_seat_humans_resume_too(run, tmp_path):
    cut = run("play", "tally", "--players", "2", "--seat", "human", "--seat", "human", "--seed", "3", "--record", "h.jsonl", input=lines("1", "1", "1"))
    assert cut.exit_code == 1
    done = run("resume", "h.jsonl", input=lines(*["1"] * 20))
    assert done.exit_code == 0
    record = read_record(tmp_path / "h.jsonl")
    assert record.result is not None and len(record.decisions) == 12  # six plays, one response each


def test_console_script_entry_point(registry, capsys):
    from muggins_cli.main import main

    with pytest.raises(SystemExit) as exited:
        main(["list", "--json"])
    assert exited.value.code == 0
    assert json.loads(capsys.readouterr().out)[0]["name"] == "tally"


def test_play_seats_fallible_novices_by_default(run, tmp_path):
    result = run("play", "tally", "--seed", "5", "--record", "r.jsonl", input=lines(*["1"] * 20))
    assert result.exit_code == 0, result.output
    assert read_record(tmp_path / "r.jsonl").seats == ["human", "novice:error_rate=0.2", "novice:error_rate=0.2"]


def test_opponents_sets_every_seat_after_the_given_ones(run, tmp_path):
    result = run("play", "tally", "--opponents", "novice:error_rate=0.5,attention=1", "--players", "4", "--seed", "2", "--record", "a.jsonl", input=lines(*["1"] * 40))
    assert result.exit_code == 0, result.output
    assert read_record(tmp_path / "a.jsonl").seats == ["human"] + ["novice:error_rate=0.5,attention=1"] * 3
    # --seat still fills from seat 0; --opponents takes the rest.
    result = run("play", "tally", "--seat", "expert", "--seat", "random", "--opponents", "expert", "--seed", "2", "--record", "b.jsonl")
    assert result.exit_code == 0, result.output
    assert read_record(tmp_path / "b.jsonl").seats == ["expert", "random", "expert"]


@pytest.mark.parametrize(("spec", "message"), [
    ("wizard", "unknown seat kind 'wizard'; kinds for tally: human, expert, novice, random"),
    ("novice:error_rate=2", "seat 'novice:error_rate=2': "),
    ("novice:", "seat 'novice:' has ':' but no options after it"),
])
def test_bad_opponents_are_refused_before_any_record(run, tmp_path, one_line, spec, message):
    result = run("play", "tally", "--opponents", spec, "--seed", "1")
    assert result.exit_code == 2
    assert message in one_line(result.stderr)
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_game_without_fallible_novices_gets_the_nearest_opponent(registry, tally):
    from muggins_cli.commands import default_opponent

    assert default_opponent(registry, tally) == "novice:error_rate=0.2"

    class NoNovices:
        def player_kind(self, name, game):
            raise KeyError(name)

    assert default_opponent(NoNovices(), tally) == "expert"

    class PlainNovice:
        def player_kind(self, name, game):
            return type("Kind", (), {"name": name})()

        def seat(self, spec, game):
            raise ValueError("no option error_rate")

    assert default_opponent(PlainNovice(), tally) == "novice"


def test_play_help_names_each_games_seat_kinds(run):
    result = run("play", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "Seat kinds by game: tally human, expert, novice, random" in text
    assert "--opponents SEAT" in text and "--pace SECONDS" in text


def test_a_refused_play_prints_no_seed_and_leaves_no_record(run, tmp_path, one_line):
    result = run("play", "tally", "--seat", "human", "--seat", "novice:error_rate=7", "--seat", "expert")
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith("muggins: error: ") and "error_rate" in result.stderr
    assert result.stdout == "" and "seed" not in result.stderr
    assert list(tmp_path.glob("*.jsonl")) == []
