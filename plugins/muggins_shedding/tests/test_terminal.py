"""Issue item 5: terminal play — the table, numbered destinations, one-line narration, Enter/m in windows."""

from __future__ import annotations

import io

import pytest

from muggins.engine import Match, make_players

from muggins_shedding import SheddingRules

human = pytest.importorskip("muggins_cli.human")

STOCKS = {0: ["9C", "9H"], 1: ["2C", "KC"], 2: ["4S", "3H"], 3: ["5D", "TS"]}


def example(position):
    return position(players=4, commons=["5C", "9D", "KH", "2S"], stocks=STOCKS, discards={1: ["7D"]}, mover=0, exposed="6H")


def test_the_table_shows_common_tops_discard_tops_with_stock_sizes_and_the_exposed_card(position, game):
    state = example(position)
    text = game.render(state.view(0), 0)
    assert "[1] 5♣ (" in text and "[2] 9♦ (1)" in text and "[3] K♥ (1)" in text and "[4] 2♠ (1)" in text
    assert "[5]     you: empty (0)   stock 2" in text
    assert "[6]  seat 1:    7♦ (1)   stock 2" in text
    assert "You turned 6♥." in text
    # The menu numbers are the render's numbers: choice 6 is seat 1's discard.
    assert [c.label for c in state.decision().choices][5] == "6♥ on seat 1's discard"


def test_a_human_picks_a_destination_by_number(position, game):
    state = example(position)
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("1\n"), output=out)
    action = player.choose(state.view(0), state.decision())
    assert str(action) == "play 6H to common 1"
    assert "  1) 6♥ on common pile 1" in out.getvalue()


@pytest.mark.parametrize(("typed", "expected"), [("", "pass"), ("m", "muggins")])
def test_a_human_responder_gets_one_line_enter_stands_m_calls(position, game, act, typed, expected):
    state = example(position)
    act(state, "play 6H to discard 1")
    out = io.StringIO()
    player = human.HumanPlayer(game, 1, input=io.StringIO(typed + "\n"), output=out)
    decision = state.decision()
    assert decision.compact and decision.seat == 1
    assert str(player.choose(state.view(1), decision)) == expected
    lines = out.getvalue().splitlines()
    # The move as the narration words it, the pile tops it is judged by, then the keys.
    assert lines[-4:-1] == ["seat 0 put 6♥ on your discard (on 7♦).".rstrip("."),
                            "  Common piles: [1] 5♣  [2] 9♦  [3] K♥  [4] 2♠",
                            "  Discards: [5] seat 0 empty  [6] you 6♥  [7] seat 2 empty  [8] seat 3 empty"]
    assert lines[-1].startswith("  Enter = pass; m = muggins; t = table; ? = help > ")
    assert "  1)" not in out.getvalue()  # no menu for every move
    assert not decision.waits  # judged at a glance: on a terminal the window flows at the pace


@pytest.mark.parametrize("placed", ["play 6H to discard 1", "play 6H to common 1"])
def test_a_window_is_timed_by_every_pile_it_is_judged_against_right_or_wrong(position, game, act, placed):
    # Issue 27, item 9: eight pile tops (empty discards too) in four-player play, whichever pile the card went to.
    from muggins_cli.pace import window_seconds

    state = example(position)
    act(state, placed)
    player = human.HumanPlayer(game, 1, output=io.StringIO(), pace=None)
    assert game.compared(state.view(1), 1) == 8
    assert player.things_compared(state.view(1), state.decision()) == 8
    assert window_seconds(8) == pytest.approx(4.3)
    seven = position(players=7, commons=["5C", "9D", "KH", "2S"], stocks={s: [card] for s, card in enumerate(["9C", "2C", "4S", "5D", "TS", "3H", "8D"])},
                     mover=0, exposed="6H")
    assert game.compared(seven.view(0), 0) == 11  # four commons and seven discards


def test_the_window_names_the_pile_as_the_narration_does_for_every_responder(position, game, act):
    state = example(position)
    events = act(state, "play 6H to discard 1")
    for seat in (1, 2, 3):
        decision = state.decision()
        assert decision.seat == seat
        narrated = [game.describe(e, seat) for e in events if e["type"] == "place"][0]
        assert decision.prompt + "." == narrated  # `your discard` for seat 1, `seat 1's discard` for the others
        act(state, "pass")
    state = example(position)
    act(state, "play 6H to discard 0")
    assert state.decision().prompt == "seat 0 put 6♥ on their own discard (empty)"


def test_calls_and_penalties_are_narrated_card_by_card(position, game, act):
    state = example(position)
    events = act(state, "play 6H to discard 1") + act(state, "muggins")
    lines = [game.describe(e, 0) for e in events]
    assert lines[0] == "You put 6♥ on seat 1's discard (on 7♦)."
    assert lines[1] == "seat 1 called Muggins on you: upheld — 6♥ belonged on common pile 1."
    assert lines[2] == "6♥ moves from seat 1's discard to common pile 1."
    assert lines[3:6] == [
        "seat 1 gives K♣ to the bottom of your stock.",
        "seat 2 gives 3♥ to the bottom of your stock.",
        "seat 3 gives 10♠ to the bottom of your stock.",
    ]
    assert lines[6].startswith("seat 1 turned ")  # then play goes on with B


def test_every_event_type_has_one_line(registry, game):
    seen = {}
    for seed in range(4):
        state = game.new(SheddingRules(hands=2, turn_limit=60), 3, seed)
        log = list(state.opening_events())
        Match(state, make_players(registry, game, ["random", "novice", "expert"], seed), listeners=[lambda n, e: log.append(e)], narrate_opening=False).run()
        for ev in log:
            line = game.describe(ev, 0)
            seen.setdefault(ev["type"], line)
            if ev["type"] != "stocks":
                assert line and "\n" not in line
    assert game.describe({"type": "stocks", "hand": 0, "stocks": [], "to": []}, 0) is None  # nobody sees the stocks
    assert {"deal", "expose", "place", "call", "correction", "penalty", "recycle", "draw", "win", "match_end"} <= set(seen)


def test_a_human_session_through_the_engine(position, game, registry):
    # A human at seat 0 with three experts: opponents' moves are narrated one line each before the prompt.
    state = game.new(SheddingRules(hands=1, turn_limit=12), 4, 5)
    out = io.StringIO()
    typed = io.StringIO("1\n" * 60)  # 1 = the first destination, or "pass" in a window
    seated = [human.HumanPlayer(game, 0, input=typed, output=out)] + make_players(registry, game, ["expert"] * 4, 5)[1:]
    match = Match(state, seated)
    try:
        match.run()
    except EOFError:
        pass
    text = out.getvalue()
    assert "Common piles:" in text and "turned" in text and "put" in text
    assert "Enter = pass; m = muggins" in text
    assert "  1) " in text  # the numbered menu of destinations on its own turn
