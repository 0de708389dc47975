"""The terminal player on its own: parsing answers, the compact prompt, the menu, narration and streams."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest

from muggins.actions import Action, Claim, Decision, Move, Pass
from muggins_cli.human import HumanPlayer, compact_prompt, menu_lines, pick


@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str
    shortcut: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"say {self.word}"

    @property
    def label(self) -> str:
        return f"Say “{self.word}” aloud"

    @property
    def keys(self) -> tuple[str, ...]:
        return self.shortcut


def menu(*choices: Action, compact: bool = False, prompt: str = "your turn") -> Decision:
    return Decision(0, "respond" if compact else "play", choices, choices[:1], prompt=prompt, compact=compact)


def test_pick_by_number_text_label_and_key():
    decision = menu(Say("hi", ("h",)), Say("bye"), Pass())
    assert pick(decision, "2") == Say("bye")
    assert pick(decision, "  SAY   hi ") == Say("hi", ("h",))
    assert pick(decision, "say “bye” aloud") == Say("bye")
    assert pick(decision, "H") == Say("hi", ("h",))
    assert pick(decision, "") == Pass()  # Pass owns the Enter key
    assert pick(decision, "ok") == Pass()


def test_pick_explains_what_is_wrong():
    decision = menu(Say("hi"), Say("bye"))
    assert pick(decision, "0") == "there is no choice 0; choose a number from 1 to 2"
    assert pick(decision, "") == "please choose: type a number from 1 to 2, an action or a key (? shows the menu again)"
    assert pick(decision, "shout") == "'shout' is not one of the choices; type a number from 1 to 2, an action or a key (? shows the menu again)"
    window = menu(Pass(), Claim("muggins"), compact=True)
    assert pick(window, "x", numbers_first=False) == "'x' is not one of the choices; type a key, an action, or ? to list every choice"


def test_a_card_is_taken_in_every_spelling_the_table_prints_or_the_docs_give():
    # Issue 27, item 10: the table shows 10♥, and `play 10H to common 2` was refused with no hint (`TH` worked).
    places = [Move(f"play {code} to common {pile}", label=f"{shown} on common pile {pile}") for code, shown in (("TH", "10♥"), ("9C", "9♣"))
              for pile in (1, 2)]
    decision = menu(*places, prompt="Place your card")
    for typed in ("play 10H to common 2", "play TH to common 2", "play 10♥ to common 2", "play th to common 2", "play 10h to common 2"):
        assert pick(decision, typed) == Move("play TH to common 2"), typed
    refused = pick(decision, "play 10H to common 5")
    assert refused == ("'play 10H to common 5' is not one of the choices; type a number from 1 to 4, an action or a key (? shows the menu again); "
                       "a card is written 10H, 10h, TH, th or 10♥")
    assert "a card is written" not in pick(menu(Say("hi"), Say("bye")), "shout")  # no card among the choices: nothing to spell


def test_help_lists_each_actions_text_beside_its_number():
    sink = io.StringIO()
    human = HumanPlayer(Table(), 0, input=io.StringIO("?\n1\n"), output=sink)
    places = (Move("play TH to common 1", label="10♥ on common pile 1"), Move("play TH to discard 2", label="10♥ on seat 2's discard"))
    assert human.choose({}, menu(*places, prompt="Place 10♥")) == places[0]
    out = sink.getvalue()
    assert "  1) 10♥ on common pile 1 (play TH to common 1)" in out and "  2) 10♥ on seat 2's discard (play TH to discard 2)" in out
    assert "type a number or the text in brackets; a card as 10H, 10h, TH, th or 10♥" in out
    assert out.count("(play TH to common 1)") == 1  # the menu before `?` shows the labels alone


class Table:
    def render(self, view, seat):
        return "the table"

    def describe(self, event, seat):
        return None


def test_a_key_claimed_by_two_actions_picks_neither():
    decision = menu(Say("hi", ("s",)), Say("so", ("s",)), Claim("muggins"), compact=True)
    assert isinstance(pick(decision, "s", numbers_first=False), str)
    assert pick(decision, "m", numbers_first=False) == Claim("muggins")
    assert compact_prompt(decision) == "  m = muggins; or type say hi, say so; t = table; ? = help > "


def test_in_a_window_an_action_text_wins_over_a_number():
    decision = menu(Pass(), Say("2"), compact=True)
    assert pick(decision, "say 2", numbers_first=False) == Say("2")
    assert pick(decision, "2", numbers_first=False) == Say("2")  # the menu number, after `?`
    assert pick(decision, "1", numbers_first=False) == Pass()


def test_compact_prompt_offers_numbered_claims_in_short_form():
    claims = [Claim("muggins", k) for k in (1, 2, 3)] + [Claim("short", k) for k in (2, 5)] + [Claim("short", None, "all")]
    decision = menu(Pass(), Claim("overcount"), *claims, compact=True, prompt="seat 1 said 8")
    # Each numbered claim by its first letter and N; `p` is the pause key, never pass.
    assert compact_prompt(decision) == (
        "  Enter = pass; o = overcount; m N = muggins N; s N = short N; or type short all; t = table; ? = help > "
    )
    many = menu(Pass(), *[Say(w) for w in "abcdefgh"], compact=True)
    assert compact_prompt(many).endswith("or type say a, say b, say c, say d, say e, …; t = table; ? = help > ")
    single = menu(Pass(), Claim("muggins", 4), compact=True, prompt="")
    assert compact_prompt(single) == "  Enter = pass; m N = muggins N; t = table; ? = help > "


def test_a_claim_is_typed_short_with_its_number():
    claims = [Claim("muggins", k) for k in range(1, 11)]
    decision = menu(Pass(), Claim("overcount"), *claims, compact=True, prompt="seat 1 said 8")
    assert pick(decision, "m 4", numbers_first=False) == Claim("muggins", 4)
    assert pick(decision, "M4", numbers_first=False) == Claim("muggins", 4)
    assert pick(decision, "muggins 4", numbers_first=False) == Claim("muggins", 4)
    assert pick(decision, "m 11", numbers_first=False) == "there is no muggins 11; the number goes from 1 to 10"
    assert pick(decision, "m", numbers_first=False) == "'m' needs a number: m N for muggins N"
    assert pick(decision, "o", numbers_first=False) == Claim("overcount")
    assert isinstance(pick(decision, "p", numbers_first=False), str)  # p pauses; it never passes


def test_menu_in_columns_numbered_down():
    choices = [Say(str(n)) for n in range(20)]
    rows = menu_lines(choices, width=80)
    assert len(rows) == 7  # 20 items in three columns
    assert rows[0].startswith("  1) Say “0” aloud ")
    assert "  8) Say “7” aloud" in rows[0] and " 15) Say “14” aloud" in rows[0]
    assert menu_lines(choices[:3], width=80) == ["  1) Say “0” aloud", "  2) Say “1” aloud", "  3) Say “2” aloud"]
    assert len(menu_lines(choices, width=10)) == 20  # too narrow for columns


class Game:
    """Just enough of a game for HumanPlayer: render and describe."""

    def render(self, view, seat):
        return f"[table for seat {seat}: {view['n']}]"

    def describe(self, event, seat):
        return None if event["type"] == "quiet" else f"{event['type']} seen by {seat}"


def test_player_narrates_renders_reprompts_and_reads_its_stream():
    source = io.StringIO("nonsense\n?\n2\n")
    sink = io.StringIO()
    player = HumanPlayer(Game(), 1, input=source, output=sink)
    player.observe([{"type": "deal"}, {"type": "quiet"}])
    player.observe([{"type": "play"}])
    chosen = player.choose({"n": 7}, menu(Say("hi"), Say("bye"), prompt="pick one"))
    assert chosen == Say("bye")
    out = sink.getvalue().splitlines()
    assert out[:3] == ["deal seen by 1", "play seen by 1", "[table for seat 1: 7]"]
    assert out[3] == "pick one:"
    assert "'nonsense' is not one of the choices" in sink.getvalue()
    assert sink.getvalue().count("  1) Say “hi” aloud") == 2
    assert out[-1] == "choose 1-2 > 2"  # scripted input is echoed so the transcript reads naturally
    with pytest.raises(EOFError):
        player.choose({"n": 8}, menu(Say("hi"), Say("bye")))


def test_flush_prints_pending_narration_once():
    sink = io.StringIO()
    player = HumanPlayer(Game(), 0, input=io.StringIO(""), output=sink)
    player.observe([{"type": "end"}])
    player.flush()
    player.flush()
    assert sink.getvalue() == "end seen by 0\n"


def test_interactive_input_is_not_echoed(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    sink = io.StringIO()
    player = HumanPlayer(Game(), 0, input=Terminal("1\n"), output=sink)
    assert player.choose({"n": 1}, menu(Say("hi"), Say("bye"))) == Say("hi")
    assert sink.getvalue().endswith("choose 1-2 > ")


def test_streams_without_isatty_count_as_scripted():
    class Pipe:
        def __init__(self, text):
            self.lines = io.StringIO(text)

        def readline(self):
            return self.lines.readline()

    sink = io.StringIO()
    player = HumanPlayer(Game(), 0, input=Pipe("say bye\n"), output=sink)  # type: ignore[arg-type]
    assert player.choose({"n": 1}, menu(Say("hi"), Say("bye"))) == Say("bye")
    assert sink.getvalue().endswith("choose 1-2 > say bye\n")


def test_compact_window_narrates_without_redrawing_the_table_until_asked():
    sink = io.StringIO()
    player = HumanPlayer(Game(), 2, input=io.StringIO("\n?\nm\n"), output=sink)
    player.observe([{"type": "play"}])
    window = menu(Pass(), Claim("muggins"), compact=True, prompt="seat 1 played")
    assert player.choose({"n": 3}, window) == Pass()
    assert sink.getvalue().splitlines()[0] == "play seen by 2"
    assert "[table for seat 2" not in sink.getvalue()
    lines = sink.getvalue().splitlines()
    assert lines[1] == "seat 1 played"  # the window's move heads its prompt
    assert lines[2].startswith("  Enter = pass; m = muggins; t = table; ? = help > ")
    assert player.choose({"n": 4}, window) == Claim("muggins")
    assert "[table for seat 2: 4]" in sink.getvalue()  # `?` shows the table and every choice
    assert "  2) muggins" in sink.getvalue()


def test_t_redraws_the_table_at_a_menu_and_in_a_window_and_p_is_no_pass():
    sink = io.StringIO()
    player = HumanPlayer(Game(), 0, input=io.StringIO("t\n2\np\nt\n\n"), output=sink)
    assert player.choose({"n": 5}, menu(Say("hi"), Say("bye"))) == Say("bye")
    assert sink.getvalue().count("[table for seat 0: 5]") == 2  # drawn before the menu, then again for `t`
    window = menu(Pass(), Claim("muggins"), compact=True, prompt="seat 1 played")
    assert player.choose({"n": 6}, window) == Pass()
    out = sink.getvalue()
    assert "p pauses play that flows by itself" in out  # refused with the reason, not taken as pass
    assert "[table for seat 0: 6]" in out
    assert out.splitlines()[-2] == "seat 1 played"  # after the table the move is named again above the prompt


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    code: str

    def __str__(self) -> str:
        return f"play {self.code}"


def test_a_french_player_types_cards_in_french_notation_and_the_refusal_shows_how():
    from muggins.i18n import using_language

    decision = menu(PlayCard("5H"), PlayCard("KS"), PlayCard("5C"))
    with using_language("fr"):
        assert pick(decision, "play 5C") == PlayCard("5H")  # cinq de cœur, as a French player means it, though 5♣ is a choice
        assert pick(decision, "play 5c") == PlayCard("5H")
        assert pick(decision, "play 5 ♥") != PlayCard("5H")  # a sign apart from its rank is no card
        assert pick(decision, "play RP") == PlayCard("KS")  # roi de pique
        assert pick(decision, "play 5♣") == PlayCard("5C")
    with using_language("en"):
        assert pick(decision, "play 5C") == PlayCard("5C")  # clubs, in English
        assert pick(menu(PlayCard("5H"), PlayCard("KS")), "play 5C") != PlayCard("5H")
    with using_language("fr"):
        refused = pick(menu(PlayCard("5H"), PlayCard("KS")), "play 5X")
    assert isinstance(refused, str) and "P pique, C cœur, K carreau, T trèfle" in refused


@pytest.mark.plugins
def test_a_resumed_human_is_told_again_what_its_seat_saw_from_its_last_decision_on(tmp_path, monkeypatch):
    monkeypatch.delenv("MUGGINS_LOAD_PLUGINS")
    from muggins.plugins import load_registry
    from muggins.projection import visible_events
    from muggins.session import Session
    from muggins.store import RecordStore

    registry = load_registry(only=["willughby_fishing"])
    game = registry.game("willughby_fishing")
    seats = ["human"] + ["random"] * (game.default_players - 1)
    store = RecordStore(tmp_path)
    with Session.start(registry, game, game.Rules(), len(seats), seats, 9, store) as session:
        for _ in range(3):
            offer = session.advance()[0]
            session.answer(0, str(offer.decision.choices[0]), offer.step)
        session.advance()
        path, decisions = session.path, list(session.record.decisions)
    last = max(n for n, (seat, _action) in enumerate(decisions) if seat == 0)
    out = io.StringIO()
    with Session.reopen(registry, store, path, front_end={"human": lambda seat: HumanPlayer(game, seat, io.StringIO(), out)},
                        given_like=HumanPlayer) as reopened:
        player = reopened.players[0]
        player.resumed(reopened)
        player.flush(pause=False)
        since_last = visible_events([ev for step in reopened.record.events[last:] for ev in step], 0)
    told = io.StringIO()
    listening = HumanPlayer(game, 0, io.StringIO(), told)
    listening.observe(since_last)
    listening.flush(pause=False)
    assert since_last and out.getvalue() == told.getvalue() and told.getvalue().strip()
