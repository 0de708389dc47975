"""The terminal player and number families: `muggins 1` … `muggins 29` is one menu line, picked by its words and a number.

Issue 29: the families are the core's (`muggins.projection.choice_families`),
so the terminal and the browser group the same choices; the other choices
keep their menu numbers, counted without the family's members.
"""

from __future__ import annotations

import io

from muggins.actions import Claim, Decision, Move, Pass
from muggins_cli.human import HumanPlayer, menu_lines, menu_of, pick

RESPONSES = (Pass(label="accept"), Claim("overcount", label="overcount", keys=("o",))) + tuple(
    Claim("muggins", amount=k, label=f"muggins {k}") for k in range(1, 30))
MENU = Decision(1, "respond", RESPONSES, RESPONSES[:1], "seat 0 counts 8")
WINDOW = Decision(1, "respond", RESPONSES, RESPONSES[:1], "seat 0 counts 8", True, waits=True, standing=RESPONSES[0])
BIDS = tuple(Move(f"bid {n}") for n in range(3, 13))


class Table:
    def render(self, view, seat):
        return "the table"

    def describe(self, event, seat):
        return None


def player(typed: str, game=None) -> tuple[HumanPlayer, io.StringIO]:
    sink = io.StringIO()
    return HumanPlayer(game or Table(), 1, input=io.StringIO(typed), output=sink), sink


def test_a_family_is_one_unnumbered_menu_line_and_the_other_choices_keep_their_numbers():
    assert menu_lines(RESPONSES, width=80, menu=menu_of(MENU)) == ["  1) accept", "  2) overcount", "     muggins N (1–29)"]
    human, sink = player("muggins 7\n")
    assert human.choose({}, MENU) == Claim("muggins", 7)
    out = sink.getvalue()
    assert "seat 0 counts 8:\n  1) accept\n  2) overcount\n     muggins N (1–29)\nchoose 1-2 or type muggins N > muggins 7" in out
    assert "muggins 1" not in out.replace("muggins 7", "")  # no line per member


def test_its_words_and_a_number_or_the_short_form_pick_a_member_and_menu_numbers_count_the_rest():
    assert pick(MENU, "muggins 7") == Claim("muggins", 7)
    assert pick(MENU, "m 7") == pick(MENU, "M7") == Claim("muggins", 7)
    assert pick(MENU, "2") == RESPONSES[1]
    assert pick(MENU, "3") == "there is no choice 3; choose a number from 1 to 2 or type muggins N"
    assert pick(MENU, "m 30") == "there is no muggins 30; the number goes from 1 to 29"
    assert pick(MENU, "shout") == "'shout' is not one of the choices; type a number from 1 to 2, muggins N, an action or a key (? shows the menu again)"


def test_the_short_form_only_where_the_games_keys_leave_its_letter_free():
    moving = (Move("move on", keys=("m",)),) + RESPONSES[2:]
    decision = Decision(1, "respond", moving, moving[:1], "choose")
    assert pick(decision, "m") == moving[0]  # the key is the other choice's
    assert pick(decision, "m 7") == "'m 7' is not one of the choices; type a number from 1 to 1, muggins N, an action or a key (? shows the menu again)"
    assert pick(decision, "muggins 7") == Claim("muggins", 7)


def test_at_a_prompt_offering_only_the_family_the_bare_number_is_the_familys():
    human, sink = player("13\n7\n")
    assert human.choose({}, Decision(0, "bid", BIDS, BIDS, "Bid")) == Move("bid 7")  # not the menu's seventh, bid 9
    out = sink.getvalue()
    assert "Bid:\n     bid N (3–12)\ntype a number from 3 to 12 (bid N) > 13\nthere is no bid 13; type a number from 3 to 12\n" in out


def test_a_windows_help_lists_the_family_as_one_line():
    human, sink = player("?\nm 12\n")
    assert human.choose({}, WINDOW) == Claim("muggins", 12)
    out = sink.getvalue()
    assert "  Enter = accept; o = overcount; m N = muggins N; t = table; ? = help > " in out
    assert "  1) accept (pass)\n  2) overcount\n     muggins N (1–29)\n" in out


class Places(Table):
    """A game whose placements move the card to a pile: they are tapped on a table, never a number family."""

    def choice_move(self, action):
        return ("6H", "discard:" + str(action).split()[-1]) if str(action).startswith("discard ") else None


def test_choices_that_move_a_card_stay_numbered_one_by_one():
    places = tuple(Move(f"discard {s}", label=f"6♥ on seat {s}'s discard") for s in range(6))
    decision = Decision(0, "play", places, places[:1], "Place 6♥")
    human, sink = player("4\n", Places())
    assert human.choose({}, decision) == places[3]
    assert "  6) 6♥ on seat 5's discard" in sink.getvalue() and "N (" not in sink.getvalue()
    assert pick(decision, "4", game=Places()) == places[3]
    # Without the game, the texts alone make a family (`discard N`), and a bare 4 is its number.
    assert [f.typed for f in menu_of(decision).families] == ["discard N"] and pick(decision, "4") == places[4]


def test_a_family_of_several_words_stays_numbered_for_its_menu_numbers():
    says = tuple(Move(f"play {code} say {n}") for code in ("AH", "9S") for n in range(11))
    decision = Decision(0, "play", says, says[:1], "play a card and say its value")
    assert menu_of(decision).families == [] and pick(decision, "13") == says[12]  # `play 9S say 1`, as the menu numbers it
