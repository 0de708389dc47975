"""muggins.projection for a front end that draws the table: the game's layout in every update, the card each choice moves, number families."""

from __future__ import annotations

import json

from muggins.actions import Claim, Decision, Move, Pass
from muggins.game import Game
from muggins.projection import FAMILY_SIZE, choice_families, seat_decision, seat_update

RESPONSES = (Pass(label="accept"), Claim("overcount", label="overcount", keys=("o",))) + tuple(
    Claim("muggins", amount=k, label=f"muggins {k}") for k in range(1, 30))
ANNOUNCE = tuple(Move(f"announce {n}", label=str(n), data=n) for n in range(30))


def window(choices, seat: int = 1) -> Decision:
    return Decision(seat, "respond", choices, choices[:1], "seat 0 counts 8", True)


def test_a_count_window_groups_muggins_1_to_29_as_one_family_and_marks_its_members():
    shown = seat_decision(window(RESPONSES))
    assert shown["families"] == [{"id": 0, "template": "muggins {n}", "words": "muggins", "min": 1, "max": 29, "label": "muggins"}]
    accept, overcount, first, *rest = shown["choices"]
    assert "family" not in accept and "family" not in overcount and "n" not in accept
    assert (first["text"], first["family"], first["n"]) == ("muggins 1", 0, 1)
    assert [c["n"] for c in rest] == list(range(2, 30)) and {c["family"] for c in rest} == {0}
    assert len(shown["choices"]) == len(RESPONSES)  # the members stay, so an old client still works
    for choice in shown["choices"][2:]:
        assert shown["families"][0]["template"].replace("{n}", str(choice["n"])) == choice["text"]


def test_a_count_is_a_family_labelled_by_its_words_when_the_labels_are_bare_numbers():
    shown = seat_decision(Decision(0, "count", ANNOUNCE, ANNOUNCE[:1], "Count your hand", True))
    assert shown["families"] == [{"id": 0, "template": "announce {n}", "words": "announce", "min": 0, "max": 29, "label": "announce"}]
    assert [c["n"] for c in shown["choices"]] == list(range(30))


def test_a_decision_without_a_run_of_numbers_has_no_family():
    plays = tuple(Move(f"play {code}", label=code) for code in ("5H", "6H", "7H", "8H", "9H", "TH"))
    shown = seat_decision(Decision(0, "play", plays, plays, "Count 12: play a card"))
    assert shown["families"] == [] and not any("family" in c or "n" in c for c in shown["choices"])


def test_only_runs_of_at_least_five_without_gaps_and_with_one_number_each_are_families():
    def families(texts):
        return choice_families(texts, texts)[0]

    assert FAMILY_SIZE == 5
    assert families([f"bid {n}" for n in range(1, 5)]) == []  # four: shown one by one
    assert families([f"bid {n}" for n in (1, 2, 3, 4, 6)]) == []  # a gap: a number control would offer bid 5
    assert families([f"play {n} say {m}" for n in range(2) for m in range(6)]) == []  # two numbers: which one varies?
    assert families(["bid 01", "bid 02", "bid 03", "bid 04", "bid 05"]) == []  # not whole numbers as written
    found = families(["pass"] + [f"put {n} on top" for n in range(3, 9)] + [f"bid {n}" for n in range(5)])
    assert [(f["id"], f["template"], f["words"], f["min"], f["max"]) for f in found] == [
        (0, "put {n} on top", "put on top", 3, 8), (1, "bid {n}", "bid", 0, 4)]


def test_each_family_member_is_marked_in_a_single_pass_over_the_choices():
    texts = ["pass"] + [f"muggins {k}" for k in range(1, 8)]
    families, members = choice_families(texts, texts)
    assert members == [None] + [(0, k) for k in range(1, 8)]
    skipped, members = choice_families(texts, texts, [False, True] + [False] * 6)  # a marked choice is never a member
    assert skipped[0]["min"] == 2 and members[1] is None


class Places(Game):
    """Just enough of a game to say which card each choice moves."""

    name, title, players, default_players = "places", "Places", range(2, 3), 2

    def max_decisions(self, rules, players):
        return 1

    def choice_move(self, action):
        if str(action).startswith("play "):
            _, card, _, pile, number = str(action).split()
            return card, f"{pile}:{number}"
        if str(action).startswith("lay "):
            return tuple(str(action).split()[1:]), "crib"
        return None


def test_a_choice_that_moves_a_card_carries_the_card_and_its_zone_and_is_no_familys_member():
    places = tuple(Move(f"play 6H to discard {s}") for s in range(6)) + (Move("pass"),)
    shown = seat_decision(Decision(0, "play", places, places[:1], "Place 6H"), Places())
    assert shown["choices"][2] == {"text": "play 6H to discard 2", "label": "play 6H to discard 2", "keys": [], "card": "6H", "to": "discard:2"}
    assert "card" not in shown["choices"][-1] and "to" not in shown["choices"][-1]
    assert shown["families"] == []  # six placements, but each is played by tapping its pile, not by a number
    assert seat_decision(Decision(0, "play", places, places[:1], "Place 6H"))["families"][0]["template"] == "play 6H to discard {n}"


def test_a_choice_that_moves_several_cards_carries_them_all_as_cards_and_no_card():
    lays = (Move("lay 5H 6C"), Move("lay 5H 7D"), Move("play 5H to discard 1"))
    shown = seat_decision(Decision(0, "discard", lays, lays[:1], "Lay two away"), Places())
    assert shown["choices"][0] == {"text": "lay 5H 6C", "label": "lay 5H 6C", "keys": [], "cards": ["5H", "6C"], "to": "crib"}
    assert "card" not in shown["choices"][1] and shown["choices"][1]["cards"] == ["5H", "7D"]
    assert shown["choices"][2]["card"] == "5H" and "cards" not in shown["choices"][2]  # a one-card move keeps `card`
    shown["choices"][0]["cards"].append("9S")  # the frame's own list
    assert seat_decision(Decision(0, "discard", lays, lays[:1], "Lay two away"), Places())["choices"][0]["cards"] == ["5H", "6C"]


def test_the_old_call_carries_neither_card_nor_to(tally):
    state = tally.new(tally.Rules(), 3, 1)
    shown = seat_decision(state.decision())
    assert not any("card" in c or "to" in c for c in shown["choices"])


def test_an_update_carries_the_games_layout_of_the_view_or_none(tally, monkeypatch, declare_capabilities):
    state = tally.new(tally.Rules(), 3, 1)
    assert seat_update(state, 0)["layout"] is None and seat_update(state, None)["layout"] is None  # the base class describes nothing
    seen = []

    def layout(self, view, seat):
        seen.append((view, seat))
        return {"zones": [{"id": "table", "kind": "field", "label": "the table", "owner": None, "cards": view["table"], "count": len(view["table"])}],
                "counters": [], "track": None}

    monkeypatch.setattr(type(tally), "layout", layout)
    declare_capabilities(tally)
    update = seat_update(state, 2)
    assert update["layout"]["zones"][0]["id"] == "table" and seen == [(update["view"], 2)]  # worked out from the very view sent
    json.dumps(update)
    mover = seat_update(state, state.decision().seat)
    # Tally says each card's value: `play 5H say 0` … `play 5H say 10`, one family per card in hand.
    assert [(f["template"], f["min"], f["max"]) for f in mover["decision"]["families"]] == [
        (f"play {code} say {{n}}", 0, 10) for code in mover["view"]["hand"]]


def test_a_shared_tuple_of_choices_is_worked_out_once_and_each_frame_gets_its_own_copy():
    decision = window(RESPONSES)
    first = seat_decision(decision)
    first["families"][0]["max"] = 99
    first["choices"][2]["n"] = 99
    again = seat_decision(window(RESPONSES))  # another decision, the same (module-wide) tuple of choices
    assert again["families"][0]["max"] == 29 and again["choices"][2]["n"] == 1
    listed = seat_decision(Decision(1, "respond", list(RESPONSES), [RESPONSES[0]], "seat 0 counts 8", True))
    assert listed["families"] == again["families"] and listed["choices"] == again["choices"]
