"""Issue item 8: terminal play through the generic player — sorted hand, running count, count and response prompts, breakdowns."""

from __future__ import annotations

import io

import pytest

from muggins.engine import Match
from muggins.players import make_players

from cribbage_muggins.rules import CribbageRules

human = pytest.importorskip("muggins_cli.human")

HANDS = {1: ["6S", "4C", "6H", "5D"], 0: ["9H", "7C", "AS", "8D"]}


def pegging(position):
    return position(players=2, hands=HANDS, crib=["2C", "3D", "QS", "TC"], starter="KC")


def test_the_table_shows_scores_starter_running_count_and_the_sorted_hand(position, game, act):
    state = pegging(position)
    act(state, "play 6S")
    text = game.render(state.view(0), 0)
    assert "Scores: you 0 · seat 1 0" in text
    assert "Starter: K♣" in text
    assert "Count 6: 6♠" in text
    assert "Your hand: A♠ 7♣ 8♦ 9♥" in text  # sorted by rank
    assert "4♣" not in text and "5♦" not in text  # seat 1's unplayed cards stay hidden


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
    prompt = out.getvalue().splitlines()[-1]
    assert "Enter/p = pass" in prompt and "o = overcount" in prompt and "muggins <1-29>" in prompt
    assert "  1)" not in out.getvalue()


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
    assert lines[0] == "seat 1 counts 11 for their hand."
    assert lines[1] == "  seat 1: +11 (hand count), now 11."
    assert lines[2] == "You answer: muggins 3."
    assert lines[3].startswith("Settled, seat 1's hand: announced 11, true count 14; muggins 3 by you → muggins upheld. Breakdown: fifteen 2 (5♦ K♣);")
    assert lines[4] == "  You: +3 (muggins), now 3."
    assert lines[5] == "Show your hand: 7♣ 8♦ 9♥ A♠ with K♣." or lines[5].startswith("Show your hand:")


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
