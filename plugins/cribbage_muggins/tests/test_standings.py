"""End-of-deal and game-over banners (`CribbageGame.standings`): what they say, and how the terminal player frames them.

A deal ends once the crib is settled, with a `deal_over` event carrying the
scores, which the banner shows before the next deal is narrated. Game over
gets its own banner: winner, final scores, skunks. The terminal tests run the generic player on text streams.
"""

from __future__ import annotations

import io

import pytest

from muggins.engine import Match
from muggins.players import make_players

from cribbage_muggins.rules import CribbageRules, automatic_skunk_lines

human = pytest.importorskip("muggins_cli.human")

HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["5C", "5H", "JD", "TS"]}  # seat 1's hand is worth 14, seat 0's 14
CRIB = ["2C", "3D", "QS", "TC"]  # worth 6 with the K♣ starter


def shown(position, rules, scores):
    return position(rules, players=2, hands=HANDS, crib=CRIB, starter="KC", phase="show", scores=scores)


def test_the_end_of_a_deal_carries_its_banner_before_the_next_deal(position, game):
    state = shown(position, CribbageRules(muggins=False), [10, 20])
    types = [e["type"] for e in state.opening]
    over = state.opening[types.index("deal_over")]
    assert types.index("deal_over") < types.index("deal")  # the banner comes before the next deal's lines
    assert over == {"type": "deal_over", "deal": 0, "players": 2, "scores": [30, 34], "next_dealer": 1}
    assert game.standings(over, 0) == ["After deal 1: you: 30 · seat 1: 34", "Seat 1 deals next; the crib is theirs."]
    assert game.standings(over, 1) == ["After deal 1: seat 0: 30 · you: 34", "You deal next; the crib is yours."]
    assert game.describe(over, 0) == "Deal 1 is over: you: 30 · seat 1: 34."
    assert game.describe(state.opening[types.index("deal")], 0) == "Deal 2: seat 1 deals 6 cards each."
    assert [e["type"] for e in state.opening if game.standings(e, 0)] == ["deal_over"]


def test_under_muggins_the_banner_comes_after_the_crib_is_settled(position, game, act):
    state = shown(position, CribbageRules(), [10, 20])
    events = []
    for count in (14, 14, 6):  # seat 1's hand, the dealer's hand, the crib, each accepted
        events += act(state, f"announce {count}")
        events += act(state, "pass")
    banners = [(e["type"], game.standings(e, 0)) for e in events if game.standings(e, 0)]
    assert banners == [("deal_over", ["After deal 1: you: 30 · seat 1: 34", "Seat 1 deals next; the crib is theirs."])]
    settled = [e["type"] for e in events]
    assert settled.index("deal_over") > max(i for i, t in enumerate(settled) if t == "settlement")


def test_a_deal_event_has_no_banner(game):
    first = {"type": "deal", "deal": 0, "dealer": 1, "cards_each": 6, "crib_from_pack": 0, "scores": [0, 0]}
    assert game.standings(first, 0) is None
    assert game.describe(first, 0) == "Deal 1: seat 1 deals 6 cards each."


def test_partnership_and_three_handed_banners_name_sides_and_cribs(game):
    four = {"type": "deal_over", "deal": 2, "players": 4, "next_dealer": 2, "scores": [40, 38]}
    assert game.standings(four, 0) == ["After deal 3: you and seat 2: 40 · seats 1 and 3: 38",
                                       "Seat 2 deals next; the crib is your partner's."]
    assert game.standings(four, 1)[1] == "Seat 2 deals next; the crib is theirs."
    three = {"type": "deal_over", "deal": 0, "players": 3, "next_dealer": 1, "scores": [5, 9, 12]}
    assert game.standings(three, 2) == ["After deal 1: seat 0: 5 · seat 1: 9 · you: 12", "Seat 1 deals next; the crib is theirs."]


def over(winners, scores, skunked=None, doubled=None, *, reached=None, lowball=False, target=None):
    players = 4 if len(scores) == 2 and len(winners) == 2 else max(2, len(scores))
    reached = winners[0] % len(scores) if reached is None else reached
    seats = [s for s in range(players) if s % len(scores) == reached]
    target = target or (121 if max(scores) >= 121 else 61)
    skunk, double = automatic_skunk_lines(target)
    return {"type": "game_over", "reached": reached, "reached_seats": seats, "why": "hand count", "lowball": lowball,
            "winners": winners, "scores": scores, "skunked": skunked or [0] * players, "double_skunked": doubled or [0] * players,
            "target": target, "skunk_line": skunk, "double_skunk_line": double}


@pytest.mark.parametrize(("event", "seat", "lines"), [
    (over([1], [50, 124], [1, 0], [1, 0]), 0,
     ["Game over: seat 1 wins.", "Final scores: you: 50 · seat 1: 124", "You are double-skunked (under 61)."]),
    (over([0], [121, 80], [0, 1]), 0, ["Game over: you win.", "Final scores: you: 121 · seat 1: 80", "Seat 1 is skunked (under 91)."]),
    (over([0], [61, 45]), 1, ["Game over: seat 0 wins.", "Final scores: seat 0: 61 · you: 45", "No skunk."]),
    (over([0], [61, 20], [0, 1], [0, 0]), 1, ["Game over: seat 0 wins.", "Final scores: seat 0: 61 · you: 20", "You are skunked (under 31)."]),
    (over([1, 3], [85, 122], [1, 0, 1, 0]), 0,
     ["Game over: seats 1 and 3 win.", "Final scores: you and seat 2: 85 · seats 1 and 3: 122", "You and seat 2 are skunked (under 91)."]),
    (over([0], [100, 124], reached=1, lowball=True), 0,
     ["Game over: you win. Seat 1 reached the target first (lowball).", "Final scores: you: 100 · seat 1: 124", "No skunk."]),
])
def test_game_over_banner(game, event, seat, lines):
    assert game.standings(event, seat) == lines
    line = game.describe(event, seat)
    assert "[" not in line and lines[1].removeprefix("Final scores: ") in line


def test_the_skunk_line_named_is_the_event_s_own_not_one_read_off_the_scores(game):
    # A game to 91: the loser's 59 is under its skunk line (61), and 59 < 121 would once have said "under 31".
    to_91 = over([0], [91, 59], [0, 1], target=91)
    assert to_91["skunk_line"] == 61 and to_91["double_skunk_line"] == 31
    assert game.standings(to_91, 1)[-1] == "You are skunked (under 61)."
    moved = dict(over([0], [121, 80], [0, 1]), skunk_line=100)
    assert game.describe(moved, 0).endswith("; seat 1 is skunked (under 100).")
    old_record = {k: v for k, v in over([0], [121, 80], [0, 1]).items() if k not in ("target", "skunk_line", "double_skunk_line")}
    assert game.standings(old_record, 0)[-1] == "Seat 1 is skunked."  # no line is guessed from the scores


def test_game_over_from_a_position_ends_with_the_banner(position, game):
    state = shown(position, CribbageRules(muggins=False), [50, 110])
    assert game.standings(state.opening[-1], 0) == [
        "Game over: seat 1 wins.", "Final scores: you: 50 · seat 1: 124", "You are double-skunked (under 61)."]
    assert game.describe(state.opening[-1], 0) == (
        "Game over (hand): seat 1 reached the target; seat 1 wins (you: 50 · seat 1: 124); you are double-skunked (under 61).")


def test_the_terminal_player_frames_the_banner_before_the_next_hand(position, game):
    state = shown(position, CribbageRules(muggins=False), [10, 20])
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("1\n"), output=out)
    player.observe([e for e in state.opening if 0 in e.get("to", [0])])
    player.choose(state.view(0), state.decision())
    lines = out.getvalue().splitlines()
    rules = [n for n, line in enumerate(lines) if line.startswith("═")]
    assert len(rules) == 2 and lines[rules[0] + 1:rules[1]] == ["  After deal 1: you: 30 · seat 1: 34",
                                                                 "  Seat 1 deals next; the crib is theirs."]
    assert lines[rules[0] - 1] == "Deal 1 is over: you: 30 · seat 1: 34."
    assert lines[rules[1] + 1] == "Deal 2: seat 1 deals 6 cards each."
    assert sum(line.startswith("Your cards:") for line in lines) == 1  # the table says it; the narration leaves it


def test_a_whole_game_shows_one_banner_per_deal_and_one_at_the_end(registry, game):
    state = game.new(CribbageRules(target=61), 2, 7)
    out = io.StringIO()
    seated = [human.HumanPlayer(game, 0, input=io.StringIO("1\n" * 400), output=out)] + make_players(registry, game, ["expert"] * 2, 7)[1:]
    Match(state, seated).run()
    seated[0].flush()
    text = out.getvalue()
    deals = state.deal_no + 1
    assert text.count("  After deal ") == deals - 1
    assert text.count("  Game over: ") == 1 and text.count("  Final scores: ") == 1
    assert text.count("═" * 60) == 2 * deals


@pytest.mark.plugins
def test_the_commands_closing_lines_name_the_sides_and_their_totals_in_play_replay_and_resume(tmp_path):
    # The reproduction: four players in partnerships to 61, seats expert/random/novice:error_rate=0.5/expert, seed 7.
    from click.testing import CliRunner

    from muggins.plugins import load_registry, reset_registry
    from muggins_cli.main import cli

    reset_registry(load_registry(only=["cribbage_muggins"]))
    runner = CliRunner()
    (tmp_path / "p.toml").write_text("partnerships = true\ntarget = 61\n")
    record = str(tmp_path / "p.jsonl")
    seats = ["--seat", "expert", "--seat", "random", "--seat", "novice:error_rate=0.5", "--seat", "expert"]
    played = runner.invoke(cli, ["play", "cribbage_muggins", "--players", "4", "--rules", str(tmp_path / "p.toml"), *seats,
                                 "--seed", "7", "--record", record], input="")
    assert played.exit_code == 0, played.output
    closing = ["result: seats 0 and 2 win, 61 to 18",
               "sides: seats 0 and 2 (an expert, a novice who discards or plays at random, or counts a phantom fifteen, about one time in two) 61 · seats 1 and 3 (a random player, an expert) 18"]
    assert played.output.splitlines()[-3:-1] == closing
    assert runner.invoke(cli, ["replay", record]).output.splitlines()[-2:] == closing
    assert runner.invoke(cli, ["resume", record]).output.splitlines()[-2:] == closing


@pytest.mark.plugins
def test_a_three_sided_lowball_games_closing_lines_share_the_win_and_show_every_total(tmp_path):
    from click.testing import CliRunner

    from muggins.plugins import load_registry, reset_registry
    from muggins_cli.main import cli

    reset_registry(load_registry(only=["cribbage_muggins"]))
    (tmp_path / "l.toml").write_text("lowball = true\ntarget = 61\n")
    played = CliRunner().invoke(cli, ["play", "cribbage_muggins", "--players", "3", "--rules", str(tmp_path / "l.toml"), "--seat", "expert",
                                      "--seat", "random", "--seat", "novice", "--seed", "2", "--record", str(tmp_path / "l.jsonl")], input="")
    assert played.exit_code == 0, played.output
    assert "Game over (go): seat 2 reached the target first and loses; seats 0 and 1 win" in played.output
    assert played.output.splitlines()[-3:-1] == ["result: seat 0 (an expert) and seat 1 (a random player) share the win",
                                                  "scores: seat 0 47, seat 1 57, seat 2 61"]


@pytest.mark.plugins
def test_a_record_written_before_the_house_rule_fields_still_verifies_and_resumes(tmp_path):
    # Written by the release before house-rule hooks: its game_over and score events lack the fields added since
    # (target and skunk lines, a settled claim's outcome); verification keeps every recorded field, allows new ones.
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from muggins.plugins import load_registry, reset_registry
    from muggins_cli.main import cli

    reset_registry(load_registry(only=["cribbage_muggins"]))
    record = tmp_path / "old.jsonl"
    shutil.copy(Path(__file__).parent / "data" / "record_before_house_rules.jsonl", record)
    runner = CliRunner()
    verified = runner.invoke(cli, ["replay", "--verify", str(record)])
    assert verified.exit_code == 0 and "ok: 94 decisions verified; bot choices not checked: the match was played by the first bots of cribbage_muggins" in verified.output, verified.output
    resumed = runner.invoke(cli, ["resume", str(record)])
    assert resumed.exit_code == 0 and "this match is already over" in resumed.output, resumed.output
