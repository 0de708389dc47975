"""Terminal play through the generic player — scores in words, the seat to act, sorted hand, running count, prompts, breakdowns.

Issue 8 (the first terminal player) and issue 10 (a screen that reads at a
glance): the table and the narration as `render` and `describe` word them,
and as the generic terminal player prints them with no terminal attached.
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.engine import Match
from muggins.players import make_players

from muggins import parse_card

from cribbage_muggins.game import breakdown_text
from cribbage_muggins.rules import CribbageRules

human = pytest.importorskip("muggins_cli.human")

HANDS = {1: ["6S", "4C", "6H", "5D"], 0: ["9H", "7C", "AS", "8D"]}


def pegging(position):
    return position(players=2, hands=HANDS, crib=["2C", "3D", "QS", "TC"], starter="KC")


def test_the_table_shows_scores_starter_running_count_and_the_sorted_hand(position, game, act):
    state = pegging(position)
    act(state, "play 6S")
    text = game.render(state.view(0), 0)
    assert "Scores: you: 0 · seat 1: 0" in text
    assert "Starter: K♣" in text
    assert "Count 6: 6♠" in text
    assert "Your hand: A♠ 7♣ 8♦ 9♥" in text  # sorted by rank
    assert "4♣" not in text and "5♦" not in text  # seat 1's unplayed cards stay hidden
    rows = {line.split(":")[0].strip(): line for line in text.splitlines() if line.startswith("  ")}
    assert rows["you"] == "      you: dealer · nothing played · 4 cards left   ← to play"
    assert rows["seat 1"] == "   seat 1: played 6♠ · 3 cards left"
    assert text.count("←") == 1


def test_a_human_plays_a_card_from_a_numbered_menu(position, game, act):
    state = pegging(position)
    act(state, "play 6S")
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("4\n"), output=out)
    assert str(player.choose(state.view(0), state.decision())) == "play 9H"
    assert "  1) A♠" in out.getvalue() and "Count 6: play a card" in out.getvalue()


def show(position, rules=None):
    return position(rules, players=2, hands={1: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9H", "AS"]},
                    crib=["2C", "3D", "QS", "TC"], starter="KC", phase="show")


@pytest.mark.parametrize(("typed", "expected"), [("12", "announce 12"), ("announce 0", "announce 0"), ("0", "announce 0")])
def test_a_human_counter_types_the_count(position, game, typed, expected):
    state = show(position)
    decision = state.decision()
    assert decision.seat == 1 and decision.compact and len(decision.choices) == 30
    out = io.StringIO()
    player = human.HumanPlayer(game, 1, input=io.StringIO(typed + "\n"), output=out)
    assert str(player.choose(state.view(1), decision)) == expected
    assert "a number from 0 to 29" in out.getvalue()  # the terminal player's prompt for a numbered range


@pytest.mark.parametrize(("typed", "expected"), [("", "pass"), ("o", "overcount"), ("muggins 3", "muggins 3")])
def test_a_human_responder_gets_one_line(position, game, act, typed, expected):
    state = show(position)
    act(state, "announce 11")
    decision = state.decision()
    assert decision.seat == 0 and decision.compact and decision.kind == "respond"
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO(typed + "\n"), output=out)
    assert str(player.choose(state.view(0), decision)) == expected
    lines = out.getvalue().splitlines()
    # The move under dispute heads the prompt, with the cards to check; the claim is typed short.
    assert lines[-2] == "seat 1 counts 11 for their hand: 4♣ 5♦ 6♥ 6♠ with K♣"
    assert lines[-1].startswith("  Enter = accept; o = overcount; m N = muggins N; t = table; ? = help > ")
    assert "  1)" not in out.getvalue()
    assert decision.waits  # a count is a check: on a terminal the window waits for the answer


def test_a_count_window_takes_a_claim_in_short_form_and_waits_whether_or_not_it_is_wrong(position, game, act):
    right, wrong = show(position), show(position)
    act(right, "announce 14")
    act(wrong, "announce 11")
    assert right.decision().waits and wrong.decision().waits  # the wait never says whether a claim is due
    player = human.HumanPlayer(game, 0, input=io.StringIO("m 3\n"), output=io.StringIO())
    assert str(player.choose(wrong.view(0), wrong.decision())) == "muggins 3"


def test_a_false_muggins_calls_points_say_the_call_was_false(position, game, act):
    state = show(position)
    events = act(state, "announce 14") + act(state, "muggins 2")
    scored = [e for e in events if e["type"] == "score" and e["why"] == "muggins"]
    assert scored == [dict(scored[0], seat=1, points=2, why="muggins", outcome="false muggins", caller=0)]
    assert game.describe(scored[0], 0) == "  seat 1: +2 (false muggins call by you), now 16."
    assert game.describe(scored[0], 1) == "  You: +2 (false muggins call by seat 0), now 16."
    upheld = show(position)
    events = act(upheld, "announce 11") + act(upheld, "muggins 3")
    assert [game.describe(e, 0) for e in events if e["type"] == "score" and e["why"] == "muggins"] == ["  You: +3 (muggins), now 3."]
    old = {k: v for k, v in scored[0].items() if k not in ("outcome", "caller")}  # a record from before the field
    assert game.describe(old, 0) == "  seat 1: +2 (muggins), now 16."


def test_the_prompt_is_the_same_for_a_right_and_a_wrong_count(position, act):
    right, wrong = show(position), show(position)
    act(right, "announce 14")
    act(wrong, "announce 11")
    a, b = right.decision(), wrong.decision()
    assert [str(c) for c in a.choices] == [str(c) for c in b.choices] and a.compact == b.compact
    assert a.prompt.replace("14", "N") == b.prompt.replace("11", "N")
    assert right.view(0).keys() == wrong.view(0).keys()


def test_settlement_and_scores_are_narrated(position, game, act):
    state = show(position)
    events = act(state, "announce 11") + act(state, "muggins 3")
    lines = [game.describe(e, 0) for e in events]
    lines = [line for line in lines if line]
    assert lines[0] == "seat 1 counts 11 for their hand."  # the count's score line is quiet: this line says it
    assert lines[1] == "You answer: muggins 3."
    assert lines[2] == ("Settled, seat 1's hand: announced 11, true count 14; muggins 3 by you → muggins upheld. Breakdown: "
                        "fifteen 2 (5♦ K♣) · fifteen 2 (4♣ 5♦ 6♥) · fifteen 2 (4♣ 5♦ 6♠) · pair 2 (6♥ 6♠) · "
                        "run of 3 3 (4♣ 5♦ 6♥) · run of 3 3 (4♣ 5♦ 6♠) = 14.")
    assert lines[3] == "  You: +3 (muggins), now 3."
    assert lines[4] == "Show your hand: A♠ 7♣ 8♦ 9♥ with K♣."


def test_every_event_type_has_one_line(registry, game):
    seen = {}
    for seed in range(6):
        for players, rules in ((2, CribbageRules(target=61)), (3, CribbageRules(target=61, muggins=False)), (4, CribbageRules(target=61, partnerships=True))):
            state = game.new(rules, players, seed)
            log = list(state.opening_events())
            Match(state, make_players(registry, game, ["random", "novice", "expert", "random"][:players], seed),
                  listeners=[lambda n, e: log.append(e)], narrate_opening=False).run()
            for ev in log:
                line = game.describe(ev, 0)
                if line is not None:
                    assert "\n" not in line
                    seen.setdefault(ev["type"], line)
    assert {"cut_for_deal", "deal", "hand", "discard", "laid_away", "cut", "peg", "go", "go_point", "count_reset", "show",
            "announce", "response", "settlement", "show_score", "score", "game_over"} <= set(seen)


def test_a_human_session_through_the_engine(registry, game):
    state = game.new(CribbageRules(target=61), 2, 5)
    out = io.StringIO()
    typed = io.StringIO("1\n" * 200)  # the first discard, the first card, a count of 1, "accept"
    seated = [human.HumanPlayer(game, 0, input=typed, output=out)] + make_players(registry, game, ["expert"] * 2, 5)[1:]
    Match(state, seated).run()
    seated[0].flush()  # the front end prints what happened after the last prompt
    text = out.getvalue()
    assert "Lay away 2 cards to" in text and "Count 0: play a card" in text
    assert "a number from 0 to 29" in text and "Settled, your hand: announced 1" in text
    assert "Game over" in text


FOUR = {0: ["AC", "2C", "3C", "4C"], 1: ["AD", "2D", "3D", "4D"], 2: ["AH", "2H", "3H", "4H"], 3: ["AS", "2S", "3S", "4S"]}


def test_partnership_scores_are_named_by_side_and_the_partner_is_marked(position, game):
    state = position(CribbageRules(partnerships=True), players=4, hands=FOUR, crib=["5C", "6C", "7C", "8C"], starter="KC",
                     scores=[61, 58])
    mine = game.render(state.view(0), 0)
    assert "Scores: you and seat 2: 61 · seats 1 and 3: 58" in mine
    assert "   seat 2: your partner · nothing played · 4 cards left" in mine
    assert "   seat 1: nothing played · 4 cards left   ← to play" in mine  # the dealer's left leads
    theirs = game.render(state.view(3), 3)
    assert "Scores: seats 0 and 2: 61 · you and seat 1: 58" in theirs
    assert "Scores: seats 0 and 2: 61 · seats 1 and 3: 58" in game.render(state.view(None), None)


def test_the_seat_to_act_is_marked_in_every_phase(position, game, act):
    discard = position(players=2, hands={0: ["AC", "2C", "3C", "4C", "5C", "6C"], 1: ["AD", "2D", "3D", "4D", "5D", "6D"]},
                       phase="discard")
    assert "   seat 1   ← to lay away" in game.render(discard.view(0), 0)
    counting = show(position)
    assert "   seat 1: hand 4♣ 5♦ 6♥ 6♠   ← to count" in game.render(counting.view(0), 0)
    act(counting, "announce 11")
    assert "      you: dealer   ← to answer" in game.render(counting.view(0), 0)


def test_the_count_on_the_table_is_worded_as_its_narration(position, game, act):
    state = show(position)
    events = act(state, "announce 11")
    narrated = [game.describe(e, 0) for e in events]
    table = game.render(state.view(0), 0).splitlines()
    assert narrated == ["seat 1 counts 11 for their hand.", None]  # the score line is quiet: the count says it
    assert "seat 1 counts 11 for their hand." in table
    # '?' in the window redraws the table without the line the narration just printed.
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("?\n\n"), output=out)
    player.observe(events)
    assert str(player.choose(state.view(0), state.decision())) == "pass"
    text = out.getvalue()
    assert "seat 1 counts 11 for their hand." not in text  # the narration and the table give way to the header
    assert text.count("seat 1 counts 11 for their hand: 4♣ 5♦ 6♥ 6♠ with K♣") == 2  # above the prompt, before and after `?`
    assert "Scores: you: 0 · seat 1: 11" in text


def test_the_dealt_hand_is_printed_once_before_the_first_discard(registry, game):
    state = game.new(CribbageRules(), 2, 5)
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("1\n"), output=out)
    player.observe(state.opening_events())
    player.choose(state.view(0), state.decision())
    text = out.getvalue()
    hand = next(line for line in text.splitlines() if line.startswith("Your cards:"))
    assert text.count(hand) == 1
    cards = hand.removeprefix("Your cards: ").rstrip(".").split()
    assert cards == [str(c) for c in sorted(parse_card(code) for code in state.view(0)["hand"])]


def test_breakdowns_read_on_one_line_with_a_pair_royal_as_one_item(game):
    items = [{"kind": "fifteen", "cards": ["5C", "KC"], "points": 2}, {"kind": "pair", "cards": ["5C", "5D"], "points": 2},
             {"kind": "pair", "cards": ["5C", "5H"], "points": 2}, {"kind": "pair", "cards": ["5D", "5H"], "points": 2},
             {"kind": "nobs", "cards": ["JS"], "points": 1}]
    assert breakdown_text(items) == "fifteen 2 (5♣ K♣) · pair royal 6 (5♣ 5♦ 5♥) · nobs 1 (J♠) = 9"
    assert breakdown_text([]) == "nothing scores"
    line = game.describe({"type": "show_score", "seat": 1, "what": "crib", "points": 0, "breakdown": []}, 0)
    assert line == "The crib scores 0: nothing scores."


def test_no_python_list_reaches_the_screen(registry, game):
    for players, rules in ((2, CribbageRules(target=61)), (4, CribbageRules(target=61, partnerships=True))):
        state = game.new(rules, players, 3)
        out = io.StringIO()
        seated = [human.HumanPlayer(game, 0, input=io.StringIO("1\n" * 400), output=out)]
        seated += make_players(registry, game, ["expert"] * players, 3)[1:]
        Match(state, seated).run()
        seated[0].flush()
        text = out.getvalue()
        assert not re.search(r"\[\d", text), re.search(r".*\[\d.*", text).group(0)
        assert "Final scores:" in text and "Game over:" in text


def test_every_table_of_a_game_marks_the_seat_to_act_and_only_it(registry, game):
    for players, rules in ((2, CribbageRules(target=61)), (3, CribbageRules(target=61, muggins=False)), (4, CribbageRules(target=61, partnerships=True))):
        state = game.new(rules, players, 11)
        bots = make_players(registry, game, ["novice"] * players, 11)
        while (decision := state.decision()) is not None:
            for viewer in (decision.seat, None):
                marked = [line for line in game.render(state.view(viewer), viewer).splitlines() if "←" in line]
                who = "you" if viewer == decision.seat else f"seat {decision.seat}"
                assert len(marked) == 1 and marked[0].split("←")[0].split(":")[0].strip() == who, (marked, decision)
            state.apply(decision.seat, bots[decision.seat].choose(state.view(decision.seat), decision))
        assert "←" not in game.render(state.view(0), 0) and "Game over:" in game.render(state.view(0), 0)
