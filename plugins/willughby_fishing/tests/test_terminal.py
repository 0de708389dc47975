"""Terminal play — the table, one-line narration, and claim windows offered after every such move.

Issue item 4 (the first terminal player) and issue 10 (a screen that reads
at a glance: the ledger in words, a `←` on the seat to act, the field
grouped by rank, the table and hand printed once). The banners of
`standings` are tested in test_standings.py.
"""

from __future__ import annotations

import io

import pytest

from muggins.engine import Match, make_players

from willughby_fishing import FishingRules

human = pytest.importorskip("muggins_cli.human")


def example(position):
    return position(hands={0: ["QS", "3C", "3D"], 1: ["4D", "8H"], 2: ["9C", "KD", "6C"], 3: ["5S", "JC"]},
                    field=["QH", "QD", "QC", "2S", "10D", "JH"], mover=0, dealer=4, laid_down=[4])


def test_the_table_shows_hand_field_by_rank_collections_lain_down_pot_and_ledger(position, game):
    state = example(position)
    text = game.render(state.view(0), 0)
    assert "Your hand (3): [3♣ 3♦]  [Q♠]" in text
    assert "Table (6): [2♠]  [10♦]  [J♥]  [Q♣ Q♦ Q♥]" in text
    assert "pot 11 chips" in text
    lines = text.splitlines()
    you = next(line for line in lines if line.strip().startswith("you"))
    assert you == "      you      3      0 (0 pairs)      −2   ← to play"
    four = next(line for line in lines if line.strip().startswith("seat 4"))
    assert "lain down" in four and "dealer" in four and "−3" in four and "←" not in four
    dealer_collection = len(state.collections[4])
    assert f"{dealer_collection:>5} ({dealer_collection // 2} pairs)" in four
    assert text.count("←") == 1
    assert "Q♠" not in game.render(state.view(1), 1)  # another seat never sees my hand


def test_a_human_picks_a_capture_by_number_from_a_menu(position, game):
    state = example(position)
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("1\n"), output=out)
    action = player.choose(state.view(0), state.decision())
    assert str(action) == "play QS take QC QD QH"
    assert "1) Q♠ takes Q♣ Q♦ Q♥" in out.getvalue() and "Q♠ takes Q♥" in out.getvalue()


@pytest.mark.parametrize(("typed", "expected"), [("", "pass"), ("c", "claim")])
def test_a_human_in_a_window_gets_one_line_enter_lets_it_be_c_claims(position, game, act, typed, expected):
    state = example(position)
    act(state, "play QS take QH")
    out = io.StringIO()
    player = human.HumanPlayer(game, 1, input=io.StringIO(typed + "\n"), output=out)
    decision = state.decision()
    assert decision.compact and decision.seat == 1
    assert str(player.choose(state.view(1), decision)) == expected
    prompt = out.getvalue().splitlines()[-1]
    assert "Enter" in prompt and "c = claim" in prompt and "  1)" not in out.getvalue()


def test_a_lain_down_human_is_still_offered_every_window(position, game, act):
    state = example(position)
    act(state, "play QS take QC QD QH")  # a capture of four opens no window
    # seat 1 cannot capture: it lies down; the window polls seats 2, 3, 4 (lain down), 0 and 1 itself
    act(state, "lie down")
    polled = []
    while state.decision().kind == "respond":
        polled.append(state.decision().seat)
        act(state, "pass")
    assert polled == [2, 3, 4, 0, 1]


def test_every_event_type_has_one_line(registry, game):
    seen = {}
    for seed in range(12):
        state = game.new(FishingRules(deals=2), 5, seed + 20)
        log = list(state.opening_events())
        Match(state, make_players(registry, game, ["random", "novice", "expert", "novice:forget_rate=1", "random"], seed),
              listeners=[lambda n, e: log.append(e)], narrate_opening=False).run()
        for ev in log:
            line = game.describe(ev, 0)
            seen.setdefault(ev["type"], line)
            if ev["type"] != "hand" or ev["seat"] == 0:
                assert line and "\n" not in line, ev
    assert game.describe({"type": "hand", "deal": 0, "seat": 3, "cards": ["2C"], "to": [3]}, 0) is None
    assert {"cut", "ante", "deal", "hand", "hand_claim", "capture", "lie_down", "claim", "stop", "reward", "sweep", "settle", "match_end"} <= set(seen)
    four = game.describe({"type": "field_four", "seat": 2, "rank": 12, "cards": ["QC", "QD", "QH", "QS"]}, 0)
    assert four == "seat 2 (dealer) takes the four Qs of the layout."


def test_narration_lines(game):
    assert game.describe({"type": "capture", "seat": 0, "rank": 12, "played": ["QS"], "taken": ["QC", "QD", "QH"], "table_before": 3}, 0) == \
        "You play Q♠ and take Q♣ Q♦ Q♥."
    assert game.describe({"type": "claim", "seat": 1, "after": "capture", "against": 0, "upheld": True, "what": "left_pair",
                          "ranks": [12], "cards": ["QC", "QD"]}, 0) == "seat 1 claims the pair left on the table: Q♣ Q♦."
    assert game.describe({"type": "claim", "seat": 2, "after": "capture", "against": 0, "upheld": False, "what": None,
                          "ranks": [], "cards": []}, 0) == "seat 2 claims, but there is nothing to take (no cost)."
    assert game.describe({"type": "reward", "seat": 3, "chips": 5, "how": "last_holder", "pot": 6, "ledger": [0] * 5}, 0) == \
        "seat 3 takes 5 chips as the last holding cards."
    assert game.describe({"type": "stop", "deal": 0, "holder": None}, 0) == "Nobody holds cards: the hand stops."
    assert game.describe({"type": "unknown"}, 0) is None


def test_a_human_session_through_the_engine(game, registry):
    state = game.new(FishingRules(deals=1), 5, 5)
    out = io.StringIO()
    typed = io.StringIO("1\n" * 200)  # 1 = the first choice: a capture, "done", or "pass" in a window
    seated = [human.HumanPlayer(game, 0, input=typed, output=out)] + make_players(registry, game, ["expert"] * 5, 5)[1:]
    try:
        Match(state, seated).run()
    except EOFError:
        pass
    text = out.getvalue()
    assert "Table (" in text and "Your hand" in text and "c = claim" in text
    assert state.decision() is None  # the human's answers carried the deal to its end


def _seen_lines(text: str, start: str) -> list[tuple[int, str]]:
    """(line number, line) of every printed line that, indented or not, starts with `start`."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines()) if line.strip().startswith(start)]


@pytest.mark.parametrize("seed", [3, 5])
def test_the_table_and_hand_are_drawn_once_per_change(game, registry, seed):
    # Issue 27, item 12: the deal's narration and the layout window printed "Table… / Your hand…" back to back, the
    # next table repeated the window's glance, and a forced "no (more) claims" drew the whole table once more.
    state = game.new(FishingRules(deals=2), 5, seed)
    out = io.StringIO()
    seated = [human.HumanPlayer(game, 0, input=io.StringIO("1\n" * 400), output=out)] + make_players(registry, game, ["novice"] * 5, seed)[1:]
    Match(state, seated).run()
    lines = out.getvalue().splitlines()
    windows = [n for n, line in enumerate(lines) if "c = claim" in line]  # each window is a new look at the table: it may show it again
    for start in ("Table (", "Your hand ("):
        seen = _seen_lines(out.getvalue(), start)
        assert len(seen) > 10
        repeats = [(a, b) for (a, first), (b, second) in zip(seen, seen[1:]) if first == second and not any(a < w < b for w in windows)]
        assert not repeats, [lines[a:b + 1] for a, b in repeats]
    # A decision taken for the player shows no table: the next one it decides draws the table as it is then.
    forced = [n for n, line in enumerate(lines) if line.endswith("(the only choice)")]
    assert forced and not any("←" in lines[n - 1] for n in forced)


def test_a_capture_window_is_timed_by_the_captured_rank_on_the_table_and_in_the_hand(position, game, act):
    # Issue 27, item 9: the glance groups the table and the hand by rank, so a capture's claim is two looks, not a card each.
    from muggins_cli.pace import window_seconds

    state = example(position)
    act(state, "play QS take QH")
    player = human.HumanPlayer(game, 1, output=io.StringIO(), pace=None)
    assert player.things_compared(state.view(1), state.decision()) == 2
    assert window_seconds(2) == pytest.approx(1.9)


def test_the_seat_to_act_is_marked_in_each_phase_that_names_it(position, game, act):
    state = example(position)
    act(state, "play QS take QH")
    assert state.decision().kind == "respond"
    marked = [line for line in game.render(state.view(1), 1).splitlines() if "←" in line]
    assert len(marked) == 1 and marked[0].strip().startswith("you") and "← to claim or let it be" in marked[0]
    claiming = dict(state.view(0), phase="hand_claim", claimer=2, to_move=None)
    assert "   seat 2      3" in game.render(claiming, 0) and "← to claim from hand" in game.render(claiming, 0)
    layout = dict(state.view(0), phase="field_claim", to_move=None)
    marked = [line for line in game.render(layout, 0).splitlines() if "←" in line]
    assert len(marked) == 1 and marked[0].strip().startswith("seat 4") and "← to take the layout's fours" in marked[0]


def test_the_field_and_hand_are_grouped_by_rank_in_rank_order_whatever_the_order_given(position, game):
    view = dict(example(position).view(0), field=["JH", "QC", "2S", "QH", "TD", "QD"], hand=["QS", "3D", "3C"])
    text = game.render(view, 0)
    assert "Table (6): [2♠]  [10♦]  [J♥]  [Q♣ Q♦ Q♥]" in text and "Your hand (3): [3♣ 3♦]  [Q♠]" in text


def test_the_dealt_table_and_hand_are_printed_once_when_the_table_follows(position, game):
    state = example(position)
    view = state.view(0)
    dealt = [{"type": "deal", "deal": 0, "dealer": 4, "field": view["field"], "hand_sizes": view["hand_sizes"]},
             {"type": "hand", "deal": 0, "seat": 0, "cards": view["hand"], "to": [0]}]
    assert [game.describe(e, 0) for e in dealt] == ["Table (6): [2♠]  [10♦]  [J♥]  [Q♣ Q♦ Q♥]", "Your hand (3): [3♣ 3♦]  [Q♠]"]
    out = io.StringIO()
    player = human.HumanPlayer(game, 0, input=io.StringIO("1\n"), output=out)
    player.observe(dealt)
    player.choose(view, state.decision())
    text = out.getvalue()
    assert text.count("Table (6): ") == 1 and text.count("Your hand (3): ") == 1


@pytest.mark.parametrize("language, antes, seen_by_seat_0, seen_by_the_dealer", [
    ("en", [1, 1, 1, 1, 1], "seat 2 antes 1 chip, the others 1 chip each: a pot of 5 chips.",
     "you ante 1 chip, the others 1 chip each: a pot of 5 chips."),
    ("en", [3, 3, 3, 3, 3], "seat 2 antes 3 chips, the others 3 chips each: a pot of 15 chips.",
     "you ante 3 chips, the others 3 chips each: a pot of 15 chips."),
    ("en", [1, 1, 3, 1, 1], "seat 2 antes 3 chips, the others 1 chip each: a pot of 7 chips.",
     "you ante 3 chips, the others 1 chip each: a pot of 7 chips."),
    ("fr", [1, 1, 1, 1, 1], "le joueur 2 met 1 jeton, chacun des autres 1 jeton\u202f: un pot de 5 jetons.",
     "vous mettez 1 jeton, chacun des autres 1 jeton\u202f: un pot de 5 jetons."),
    ("fr", [3, 3, 3, 3, 3], "le joueur 2 met 3 jetons, chacun des autres 3 jetons\u202f: un pot de 15 jetons.",
     "vous mettez 3 jetons, chacun des autres 3 jetons\u202f: un pot de 15 jetons."),
    ("fr", [3, 3, 1, 3, 3], "le joueur 2 met 1 jeton, chacun des autres 3 jetons\u202f: un pot de 13 jetons.",
     "vous mettez 1 jeton, chacun des autres 3 jetons\u202f: un pot de 13 jetons."),
])
def test_each_ante_is_told_in_chips_with_the_plural_its_number_takes(game, language, antes, seen_by_seat_0, seen_by_the_dealer):
    # A house rule's stakes (`muggins_fishing_stakes`) may make an ante 1, told as one chip (`1 jeton`, not `1 jetons`).
    from muggins.i18n import using_language

    ante = {"type": "ante", "deal": 0, "dealer": 2, "antes": antes, "pot": sum(antes), "ledger": [0] * 5}
    with using_language(language):
        assert str(game.describe(ante, 0)).endswith(seen_by_seat_0)
        assert str(game.describe(ante, 2)).endswith(seen_by_the_dealer)


def test_antes_that_differ_among_the_others_are_listed_in_chips(game):
    ante = {"type": "ante", "deal": 0, "dealer": 0, "antes": [3, 1, 2, 2, 2], "pot": 10, "ledger": [0] * 5}
    assert game.describe(ante, 0) == ("Deal 1: you deal 8 cards each; antes you 3 chips, seat 1 1 chip, seat 2 2 chips, seat 3 2 chips, "
                                      "seat 4 2 chips: a pot of 10 chips.")


def test_chips_are_in_words_never_a_python_list(game):
    ante = {"type": "ante", "deal": 1, "dealer": 2, "antes": [2, 2, 3, 2, 2], "pot": 11, "ledger": [0] * 5}
    assert game.describe(ante, 0) == "Deal 2: seat 2 deals 8 cards each; seat 2 antes 3 chips, the others 2 chips each: a pot of 11 chips."
    assert game.describe(dict(ante, dealer=0, antes=[3, 2, 2, 2, 2]), 0) == \
        "Deal 2: you deal 8 cards each; you ante 3 chips, the others 2 chips each: a pot of 11 chips."
    settle = {"type": "settle", "deal": 0, "sizes": [16, 10, 10, 14, 2], "chips": [4, 1, 1, 3, -3], "pot": 0, "ledger": [6, -1, -1, 1, -5]}
    assert game.describe(settle, 0) == ("Deal 1 settled: you 16 cards +4, seat 1 10 cards +1, seat 2 10 cards +1, seat 3 14 cards +3, "
                                        "seat 4 2 cards −3; chips now you: +6 · seat 1: −1 · seat 2: −1 · seat 3: +1 · seat 4: −5.")
    end = {"type": "match_end", "ledger": [1, 0, 4, 1, -6], "winners": [2]}
    assert game.describe(end, 0) == "Match over: seat 2 wins the match (you: +1 · seat 1: 0 · seat 2: +4 · seat 3: +1 · seat 4: −6)."
    assert game.describe(dict(end, winners=[0, 3]), 3) == \
        "Match over: seat 0 and you share the match (seat 0: +1 · seat 1: 0 · seat 2: +4 · you: +1 · seat 4: −6)."
    assert game.describe(dict(end, winners=[0]), 0).startswith("Match over: you win the match (")


def test_every_table_of_a_match_marks_the_seat_to_act(registry, game):
    state = game.new(FishingRules(deals=1), 5, 9)
    bots = make_players(registry, game, ["novice"] * 5, 9)
    kinds = set()
    while (decision := state.decision()) is not None:
        for viewer in (decision.seat, None):
            marked = [line for line in game.render(state.view(viewer), viewer).splitlines() if "←" in line]
            who = "you" if viewer == decision.seat else f"seat {decision.seat}"
            assert len(marked) == 1 and marked[0].split()[:len(who.split())] == who.split(), (marked, decision)
        kinds.add(decision.kind)
        state.apply(decision.seat, bots[decision.seat].choose(state.view(decision.seat), decision))
    assert {"turn", "hand_claim", "respond"} <= kinds


def test_the_layout_window_has_a_line_of_its_own_whether_or_not_a_four_is_due(game):
    lines, with_four = set(), 0
    for seed in range(60):
        state = game.new(FishingRules(), 5, seed)
        events = list(state.opening_events())
        while state.decision().kind == "field_claim":  # a four in the layout: the dealer leaves it, so it is due
            with_four += 1
            events += state.apply(state.dealer, state.decision().find("done"))
        assert state.decision().kind == "respond"
        claims = [e for e in events if e["type"] == "layout_claims"]
        assert claims == [{"type": "layout_claims", "dealer": state.dealer}] and events[-1] == claims[0]
        lines.add(game.describe(claims[0], 0))
    assert with_four and lines == {"Claims on the layout: a four the dealer has not taken goes to the first player who claims it."}


def test_words_agree_in_number_and_person(game, position, act):
    # Issue 16's text slips: one card "goes", the dealer asked about the layout reads "you dealt", no "lie down: lie down".
    from willughby_fishing.state import LIE_DOWN

    assert game.describe({"type": "lie_down", "seat": 1, "cards": ["7H"]}, 0) == "seat 1 cannot capture and lies down: 7♥ goes to the table."
    assert game.describe({"type": "lie_down", "seat": 1, "cards": ["7H", "8C"]}, 0).endswith("7♥ 8♣ go to the table.")
    # the terminal says "PROMPT: LABEL (the only choice)": each thing said once
    said = f"No capture is possible: {LIE_DOWN.label}".lower()
    assert said.count("lie down") == 1 and said.count("no capture") == 1


def test_which_windows_wait_follows_the_kind_of_window_alone(registry, game):
    # Layout and lie-down windows ask for a check of many cards and wait; a capture's is judged at a glance and flows.
    waits: dict[str, set[bool]] = {}
    for seed in range(6):
        state = game.new(FishingRules(deals=1), 5, seed)
        bots = make_players(registry, game, ["novice"] * 5, seed)
        while (decision := state.decision()) is not None:
            if decision.kind == "respond":
                after = state.open_window().subject["after"]
                waits.setdefault(after, set()).add(decision.waits)
            else:
                assert not decision.waits
            state.apply(decision.seat, bots[decision.seat].choose(state.view(decision.seat), decision))
    assert waits == {"layout": {True}, "lie_down": {True}, "capture": {False}}


def test_a_capture_window_is_headed_by_the_capture_and_the_table_it_is_judged_by(position, game, act):
    state = example(position)
    events = act(state, "play QS take QH")
    out = io.StringIO()
    player = human.HumanPlayer(game, 1, input=io.StringIO("\n"), output=out)
    player.observe(events)
    assert str(player.choose(state.view(1), state.decision())) == "pass"
    lines = out.getvalue().splitlines()
    assert lines[0] == "seat 0 plays Q♠ and takes Q♥: claim?"  # the narration's line gives way to the header saying the same
    assert lines[1:3] == ["  Table (5): [2♠]  [10♦]  [J♥]  [Q♣ Q♦]", "  Your hand (2): [4♦]  [8♥]"]
    assert lines[3].startswith("  Enter = let it be; c = claim; t = table; ? = help > ")
    while state.decision().seat != 0:
        act(state, "pass")
    assert state.decision().prompt == "You play Q♠ and take Q♥: claim?"  # the capturer, polled last, reads it of itself


def test_window_prompts_say_you_for_the_seat_that_is_asked(registry, game):
    """The lie-down and took windows name the asked seat's own move as 'You', as the capture window does."""
    from muggins.players import make_players

    seen = set()
    for seed in range(40):
        state = game.new(game.Rules(), 5, seed)
        players = make_players(registry, game, ["novice"] * 5, seed)
        while (decision := state.decision()) is not None and len(seen) < 2:
            if decision.kind == "respond" and state.window.subject["seat"] == decision.seat:
                prompt = decision.prompt
                assert not prompt.startswith(f"seat {decision.seat} "), prompt
                if "lies down" in prompt or "lie down" in prompt:
                    assert prompt == "You lie down: claim?"
                    seen.add("lie_down")
                elif prompt.startswith("You took"):
                    seen.add("took")
            state.apply(decision.seat, players[decision.seat].choose(state.view(decision.seat), decision))
        if len(seen) == 2:
            break
    assert "lie_down" in seen
