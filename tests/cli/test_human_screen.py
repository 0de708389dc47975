"""The terminal player's screen: number-range prompts, things said once, colour rules, banners, line width, the opponents, the shedding table."""

from __future__ import annotations

import io
import re

import pytest

from muggins.actions import Claim, Decision, Move, Pass
from muggins_cli import style
from muggins_cli.human import HumanPlayer, compact_prompt, numbered_range, pick

ANNOUNCE = tuple(Move(f"announce {n}", label=str(n)) for n in range(30))
COUNT = Decision(0, "count", ANNOUNCE, ANNOUNCE[:1], "Count your hand 5♥ 5♠ J♦ Q♣ with 5♣ (type 0-29)", True)


class Table:
    """A game whose table repeats the last narration line, and which frames a banner after a `win`."""

    def render(self, view, seat):
        return f"Top card: {view['top']}\nYou turned {view['turned']}."

    def describe(self, event, seat):
        return {"turn": f"You turned {event.get('card')}.", "put": f"seat 1 put {event.get('card')} on pile 2.", "win": "seat 1 won hand 1."}[event["type"]]

    def standings(self, event, seat):
        return ["Hand 1 goes to seat 1.", "Hands won: you: 0 hands · seat 1: 1 hand"] if event["type"] == "win" else None


def player(typed: str, game=None, seat: int = 0) -> tuple[HumanPlayer, io.StringIO]:
    sink = io.StringIO()
    return HumanPlayer(game or Table(), seat, input=io.StringIO(typed), output=sink), sink


def test_a_number_range_decision_takes_a_bare_number_under_its_title():
    assert numbered_range(ANNOUNCE) == ("announce", 0, 29)
    assert numbered_range(ANNOUNCE[1:]) == ("announce", 1, 29)
    assert numbered_range((Pass(), *ANNOUNCE)) is None and numbered_range(ANNOUNCE[:1]) is None
    assert compact_prompt(COUNT) == "  type a number from 0 to 29; t = table; ? = help > "
    assert pick(COUNT, "12", numbers_first=False) == Move("announce 12")
    assert pick(COUNT, "0", numbers_first=False) == Move("announce 0")  # the count, not menu choice 0 or 1
    assert pick(COUNT, "announce 7", numbers_first=False) == Move("announce 7")
    assert pick(COUNT, "30", numbers_first=False) == "there is no announce 30; type a number from 0 to 29"
    assert pick(COUNT, "lots", numbers_first=False) == "'lots' is not one of the choices; type a number from 0 to 29"


def test_a_number_range_is_asked_with_its_title_after_narration_and_listed_as_a_range():
    human, sink = player("?\n15\n")
    human.observe([{"type": "put", "card": "5♣"}])
    assert human.choose({"top": "5♣", "turned": "K♦"}, COUNT) == Move("announce 15")
    out = sink.getvalue()
    assert "seat 1 put 5♣ on pile 2.\nCount your hand 5♥ 5♠ J♦ Q♣ with 5♣ (type 0-29)\n  type a number from 0 to 29" in out
    assert "  type a number from 0 to 29 (announce 0 … announce 29)" in out
    assert not re.search(r"^\s+\d+\) ", out, re.M)  # no menu numbered 1-30 for counts 0-29


def test_in_an_ordinary_menu_a_bare_number_is_still_the_menus():
    menu = Decision(0, "play", ANNOUNCE[:3], ANNOUNCE[:1], "say")
    assert pick(menu, "1") == Move("announce 0")


def test_a_line_the_table_repeats_is_printed_once():
    human, sink = player("1\n")
    human.observe([{"type": "turn", "card": "K♦"}])
    human.choose({"top": "5♣", "turned": "K♦"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    assert sink.getvalue().count("You turned K♦.") == 1
    assert sink.getvalue().startswith("Top card: 5♣\nYou turned K♦.\nplace it:")


def test_a_windows_move_is_said_once_even_when_the_table_is_asked_for():
    window = Decision(0, "respond", (Pass(), Claim("muggins")), (Pass(),), "seat 1 put 8♣ on pile 2", True)

    class Said(Table):
        def render(self, view, seat):
            return "Top card: 8♣\nSeat 1 put 8♣ on pile 2."

    human, sink = player("?\n\n", Said())
    human.observe([{"type": "put", "card": "8♣"}])
    assert human.choose({}, window) == Pass()
    lines = sink.getvalue().splitlines()
    # The narration line gives way to the window's header; the table leaves it out; the header comes again above the prompt.
    assert lines[0] == "seat 1 put 8♣ on pile 2" and "Top card: 8♣" in lines and "Seat 1 put 8♣ on pile 2." not in lines
    assert [line for line in lines if "put 8♣ on pile 2" in line.lower()] == ["seat 1 put 8♣ on pile 2"] * 2
    assert lines[lines.index("  1) pass") + 3] == "seat 1 put 8♣ on pile 2"


def test_end_of_hand_banner_frames_the_standings_without_waiting_off_a_terminal():
    human, sink = player("1\n")
    human.observe([{"type": "win"}, {"type": "turn", "card": "2♠"}])
    human.choose({"top": "5♣", "turned": "2♠"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    lines = sink.getvalue().splitlines()
    at = lines.index("seat 1 won hand 1.")
    assert lines[at + 1].startswith("═══") and lines[at + 4].startswith("═══")
    assert lines[at + 2:at + 4] == ["  Hand 1 goes to seat 1.", "  Hands won: you: 0 hands · seat 1: 1 hand"]
    assert "press" not in sink.getvalue()  # scripted input: no pause, the one line answered the menu


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert style.colour_wanted(Terminal()) is True
    assert style.colour_wanted(io.StringIO()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert style.colour_wanted(Terminal()) is False
    monkeypatch.setenv("NO_COLOR", "")  # set but empty does not count (no-color.org)
    assert style.colour_wanted(Terminal()) is True
    monkeypatch.setenv("TERM", "dumb")
    assert style.colour_wanted(Terminal()) is False
    sink = Terminal()
    monkeypatch.setenv("TERM", "xterm")
    assert HumanPlayer(Table(), 0, input=io.StringIO(), output=sink).style.enabled
    assert not HumanPlayer(Table(), 0, input=io.StringIO(), output=io.StringIO()).style.enabled


def test_styles_paint_red_and_black_suits_the_moved_card_and_the_seat_to_act():
    on, off = style.Style(True), style.Style(False)
    text = "[1] 10♥ (2)  [2] K♠ (1)\n  [5] you: empty  ← to play"
    assert off.table(text, "10♥") == text and off.cards("A♦") == "A♦" and off.banner(["x"], 4) == ["═════", "  x", "═════"]  # at least the text and its margin
    painted = on.table(text, "10♥")
    assert "\x1b[31m" in painted.splitlines()[0]  # a red heart
    assert "\x1b[7m" in painted.splitlines()[0]  # the card that moved, reversed
    assert "\x1b[1m" in on.cards("K♠")  # black suits bold, not red
    assert "\x1b[31m" not in on.cards("K♠")
    assert painted.splitlines()[1].startswith("\x1b[33m\x1b[1m")  # the seat to act
    assert style.first_card("seat 1 put 10♣ on pile 2 (on J♦).") == "10♣"
    assert style.first_card("seat 1 passes") is None


# -- the shedding game's table, which the other games' tables should follow -------------------
shedding = pytest.importorskip("muggins_shedding.game")


def test_shedding_rows_line_up_with_ten_destinations_and_hands_won_read_in_words():
    game = shedding.SheddingGame()
    state = game.new(game.Rules(), 7, 3)  # seven players, three commons: destinations 1 to 10
    lines = game.render(state.view(0), 0).splitlines()
    rows = [line for line in lines if re.match(r"^\s+\[\d+\]", line)]
    assert len(rows) == 7 and rows[0].startswith("   [4]     you:") and rows[-1].startswith("  [10]  seat 6:")
    assert len({row.index(":") for row in rows}) == 1  # every seat's colon in one column
    assert "Hands won: you: 0 hands · seat 1: 0 hands" in lines[1]
    assert "[" not in lines[0] and "[0, " not in "\n".join(lines)


def test_shedding_banner_and_match_end_name_hands_not_lists():
    game = shedding.SheddingGame()
    win = {"type": "win", "seat": 2, "hand": 0, "how": "shed", "exposures": 9, "wins": [0, 0, 1]}
    assert game.describe(win, 0) == "seat 2 has no cards left and won hand 1."
    assert game.standings(win, 0) == ["Hand 1 goes to seat 2.", "Hands won: you: 0 hands · seat 1: 0 hands · seat 2: 1 hand"]
    assert game.standings({"type": "draw", "hand": 1, "reason": "turn_limit", "exposures": 5}, 0) == ["Hand 2 is drawn: nobody scores."]
    assert game.standings({"type": "expose", "seat": 1, "card": "KD", "n": 1}, 0) is None
    assert game.describe({"type": "match_end", "wins": [1, 0, 2], "winners": [2]}, 1) == (
        "Match over: seat 2 won the match (seat 0: 1 hand · you: 0 hands · seat 2: 2 hands)."
    )


def test_an_overlong_answer_is_refused_in_one_bounded_line():
    from muggins import Claim, Decision, Pass

    from muggins_cli.human import pick

    decision = Decision(0, "respond", (Pass(), Claim("muggins")), (Pass(),), "said 4", True)
    for typed in ("x" * 5000, "9" * 5000):
        reason = pick(decision, typed)
        assert isinstance(reason, str) and len(reason) < 250 and "is not one of the choices" in reason


def test_piped_output_is_wrapped_only_when_columns_is_set_and_never_under_80(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    assert style.line_width(io.StringIO()) is None
    monkeypatch.setenv("COLUMNS", "100")
    assert style.line_width(io.StringIO()) == 100
    monkeypatch.setenv("COLUMNS", "40")
    assert style.line_width(io.StringIO()) == 80  # the floor: the screen is laid out for 80 columns at the least
    monkeypatch.setenv("COLUMNS", "wide")
    assert style.line_width(io.StringIO()) is None


def test_a_long_line_breaks_between_items_and_never_inside_a_card():
    line = "Settled: announced 11, true 14. Breakdown: " + " · ".join(["fifteen 2 (4♣ 5♦ 10♥)"] * 6) + " = 12."
    pieces = style.fit(line, 80)
    assert len(pieces) > 1 and all(len(piece) <= 80 for piece in pieces)
    assert " ".join(piece.strip() for piece in pieces) == line  # nothing lost, every break at a space
    assert all(piece.startswith("  ") for piece in pieces[1:])
    assert all(piece.endswith("·") for piece in pieces[1:-1])  # the items kept whole where they can be
    assert style.fit("short", 80) == ["short"] and style.fit(line, None) == [line]


def test_the_player_fits_narration_to_columns_when_piped(monkeypatch):
    class Long(Table):
        def describe(self, event, seat):
            return "seat 1 put " + " ".join(["10♥"] * 30) + "."

    monkeypatch.setenv("COLUMNS", "80")
    human, sink = player("1\n", Long())
    human.observe([{"type": "put"}])
    human.choose({"top": "5♣", "turned": "K♦"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    lines = sink.getvalue().splitlines()
    assert max(map(len, lines)) <= 80 and lines[1].startswith("  10♥")
    monkeypatch.delenv("COLUMNS")
    human, sink = player("1\n", Long())
    human.observe([{"type": "put"}])
    human.choose({"top": "5♣", "turned": "K♦"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    assert sink.getvalue().splitlines()[0] == "seat 1 put " + " ".join(["10♥"] * 30) + "."  # a pipe without COLUMNS: whole


def test_the_opponents_are_named_once_at_the_start_and_atop_every_table():
    sink = io.StringIO()
    human = HumanPlayer(Table(), 0, input=io.StringIO("1\n1\n"), output=sink,
                        seats=["human", "expert", "novice:error_rate=0.2", "novice:error_rate=0.2"])
    for _ in range(2):
        human.choose({"top": "5♣", "turned": "K♦"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    lines = sink.getvalue().splitlines()
    # The kinds in words, not as typed: a person reads "a novice who errs about one time in five".
    assert lines[0] == "You play seat 0. Opponents: seat 1, an expert · seats 2 and 3, each a novice who errs about one time in five."
    assert lines.count("Opponents: seat 1, an expert · seats 2 and 3, each a novice who errs about one time in five") == 2  # heading each table
    assert "error_rate" not in sink.getvalue()


def test_the_opponents_line_is_in_french_words_and_fits_80_columns(monkeypatch):
    from muggins.i18n import using_language

    monkeypatch.setenv("COLUMNS", "80")
    sink = io.StringIO()
    human = HumanPlayer(Table(), 0, input=io.StringIO("1\n"), output=sink,
                        seats=["human", "expert", "novice:error_rate=0.2,attention=0.75", "novice:error_rate=0.2,attention=0.75"])
    with using_language("fr"):
        human.choose({"top": "5♣", "turned": "K♦"}, Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "place it"))
    lines = sink.getvalue().splitlines()
    assert max(map(len, lines)) <= 80
    shown = " ".join(line.strip() for line in lines)
    assert shown.startswith("Vous êtes le joueur 0. Adversaires\u202f: joueur 1, un expert · joueurs 2 et 3, chacun un débutant "
                            "qui se trompe environ une fois sur cinq et qui relève les erreurs des autres environ trois fois sur quatre.")
    # Atop the table, the same words broken to the width: the first line of the table follows them.
    assert "Adversaires\u202f: joueur 1, un expert · joueurs 2 et 3, chacun un débutant qui se trompe environ une fois sur cinq et qui relève les erreurs des autres environ trois fois sur quatre" in shown
    assert "error_rate" not in shown and "novice" not in shown


class Glancing:
    """A game whose windows are judged by one line of its table (`glance`), which its narration also prints."""

    def render(self, view, seat):
        return f"Field: {view['field']}\nseat 1: {view['cards']} cards"

    def glance(self, view, seat):
        return [f"Field: {view['field']}"]

    def describe(self, event, seat):
        return {"deal": f"Field: {event.get('field')}", "note": "seat 2 counts their cards again."}[event["type"]]


WINDOW = Decision(0, "respond", (Pass(), Claim("muggins")), (Pass(),), "seat 1 plays 5♣: claim?", True)
MENU = Decision(0, "play", ANNOUNCE[:2], ANNOUNCE[:1], "your play")


def test_a_glance_is_not_printed_again_just_after_the_narration_said_it_nor_by_the_table_that_follows():
    # Issue 27, item 12: the table and its glance once per change.
    human, sink = player("\n1\n", Glancing())
    view = {"field": "[5♦ 5♥]  [K♠]", "cards": 3}
    human.observe([{"type": "deal", "field": view["field"]}])
    human.choose(view, WINDOW)
    human.choose(view, MENU)
    lines = sink.getvalue().splitlines()
    assert [line.strip() for line in lines].count("Field: [5♦ 5♥]  [K♠]") == 1, lines  # narrated once; the glance and the table leave it
    assert "seat 1: 3 cards" in lines


def test_a_table_repeats_a_glance_once_it_is_out_of_view_and_draws_what_changed():
    human, sink = player("\n1\n\n1\n", Glancing())
    view = {"field": "[5♦ 5♥]  [K♠]", "cards": 3}
    human.choose(view, WINDOW)
    human.observe([{"type": "note"}] * 4)  # four lines of narration push the glance up: the table shows the field again
    human.choose(view, MENU)
    assert sink.getvalue().count("Field: [5♦ 5♥]  [K♠]") == 2
    human.choose(view, WINDOW)
    human.choose(dict(view, field="[K♠]"), MENU)  # the field changed since the glance: the table shows it as it is
    assert "\nField: [K♠]\n" in sink.getvalue()


def test_a_decision_taken_for_the_player_draws_no_table():
    human, sink = player("", Table())
    only = Decision(0, "play", ANNOUNCE[:1], ANNOUNCE[:1], "say")
    assert human.choose({"top": "5♣", "turned": "K♦"}, only) == ANNOUNCE[0]
    assert sink.getvalue() == "say: 0 (the only choice)\n"
