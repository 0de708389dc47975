"""Frames for the table page as the server sends them once games draw a `layout` (/tmp/spec/layout.md's shapes), built by hand.

The browser tests feed them to the real table page through a websocket
Playwright answers itself, so the page's drawing (cards, zones, counters,
the score track, taps on cards and destinations, the number picker, the
countdown bar) is tested before any game sends a layout, and keeps being
tested on shapes no shipped game happens to make (a card with four
destinations, a family of 29 claims).
"""

from __future__ import annotations

from typing import Any


def _seats(kinds: list[str], names: dict[int, str] | None = None, connected: tuple[int, ...] = (0,)) -> list[dict]:
    names = names or {}
    return [{"seat": n, "kind": kind, "name": names.get(n), "human": kind == "human", "connected": n in connected, "stand_in": None}
            for n, kind in enumerate(kinds)]


#: A deal's commitment as frames carry it (a SHA-256 in hex).
COMMITMENT = "3f2a0000c0ff" + "e" * 52


def _frame(game: str, title: str, seat: int, kinds: list[str], layout: dict, decision: dict | None, **extra: Any) -> dict:
    frame = {
        "type": "hello", "table": "canned", "game": game, "title": title, "step": 40, "seat": seat, "view": {}, "events": [],
        "lines": extra.pop("lines", []), "decision": decision, "to_act": seat if decision else 1, "over": False,
        "answered": None, "answered_label": None, "window": False, "responders": [], "pace": 0.0, "window_left": None,
        "started": True, "render": "(the game's text, not shown when there is a layout)", "standings": [],
        "seats": _seats(kinds, extra.pop("names", None)), "stopped": None, "result": None, "host": False, "layout": layout,
        "deal": {"commitment": COMMITMENT},
    }
    frame.update(extra)
    return frame


def _zone(zone_id: str, kind: str, label: str, owner: int | None, cards: list[str] | None, count: int | None = None) -> dict:
    return {"id": zone_id, "kind": kind, "label": label, "owner": owner, "cards": cards,
            "count": len(cards) if count is None and cards is not None else count}


def _choice(text: str, label: str, **marks: Any) -> dict:
    return {"text": text, "label": label, "keys": [], **marks}


def cribbage_count_window(pace: float = 8.0) -> dict:
    """Three-player cribbage: seat 2 has counted its hand and seat 0 may accept, call an overcount or claim muggins 1 to 29."""
    zones = [
        _zone("hand:0", "hand", "Your hand", 0, ["4D", "4H", "5S", "JH"]),
        _zone("hand:1", "hand", "seat 1", 1, None, 4),
        _zone("hand:2", "hand", "seat 2", 2, ["2D", "4H", "9D", "KC"]),
        _zone("starter", "starter", "starter", None, ["QH"]),
        _zone("crib", "crib", "seat 1's crib", 1, None, 4),
    ]
    counters = [{"id": f"score:{n}", "label": "score", "owner": n, "value": v} for n, v in enumerate([34, 41, 28])]
    layout = {"zones": zones, "counters": counters, "track": {"target": 61, "scores": {"0": 34, "1": 41, "2": 28}}}
    choices = [_choice("pass", "accept"), _choice("overcount", "overcount")]
    choices += [_choice(f"muggins {n}", f"muggins {n}", family=0, n=n) for n in range(1, 30)]
    decision = {"seat": 0, "kind": "respond", "prompt": "seat 2 counts 0 for their hand: 2♦ 4♥ 9♦ K♣ with Q♥", "compact": True,
                "waits": False, "choices": choices, "standing": "pass", "info": {},
                "families": [{"id": 0, "template": "muggins {n}", "words": "muggins", "min": 1, "max": 29, "label": "muggins"}]}
    return _frame("cribbage_muggins", "Cribbage with muggins", 0, ["human", "human", "novice:miss_rate=0.5"], layout, decision,
                  window=True, responders=[0, 1], pace=pace, window_left=pace * 0.75, names={0: "Anna", 1: "Ben"},
                  lines=["seat 2 counts 0 for their hand: 2♦ 4♥ 9♦ K♣ with Q♥.", "Ben plays 7♥."])


def cribbage_peg() -> dict:
    """Cribbage pegging: two cards of seat 0's hand may be played, each to the one count pile."""
    zones = [
        _zone("hand:0", "hand", "Your hand", 0, ["4D", "4H", "TS"]),
        _zone("hand:1", "hand", "seat 1", 1, None, 2),
        _zone("table", "pile", "the count", None, ["2D", "6D"], 2),
        _zone("starter", "starter", "starter", None, ["8S"]),
        _zone("crib", "crib", "seat 1's crib", 1, None, 4),
    ]
    counters = [{"id": "score:0", "label": "score", "owner": 0, "value": 2}, {"id": "score:1", "label": "score", "owner": 1, "value": 5},
                {"id": "count", "label": "the count", "owner": None, "value": 8}]
    layout = {"zones": zones, "counters": counters, "track": {"target": 121, "scores": {"0": 2, "1": 5}}}
    choices = [_choice("play 4D", "4♦", card="4D", to="table"), _choice("play 4H", "4♥", card="4H", to="table"),
               _choice("go", "go")]
    decision = {"seat": 0, "kind": "play", "prompt": "Count 8: play a card", "compact": False, "waits": False, "choices": choices,
                "standing": None, "info": {}, "families": []}
    return _frame("cribbage_muggins", "Cribbage with muggins", 0, ["human", "novice"], layout, decision, names={0: "Anna"})


def cribbage_pegboard() -> dict:
    """Two-player cribbage to 121 drawn as a peg board: seat 0 (you) pegged 4 from 20, Cleo 2 from 29 (her pegs in two streets)."""
    frame = cribbage_peg()
    frame["seats"] = _seats(["human", "human"], {0: "Anna", 1: "Cleo"}, connected=(0, 1))
    frame["layout"]["counters"][:2] = [{"id": "score:0", "label": "score", "owner": 0, "value": 24},
                                       {"id": "score:1", "label": "score", "owner": 1, "value": 31}]
    frame["layout"]["track"] = {"target": 121, "scores": {"0": 24, "1": 31}, "style": "pegs", "holes": 121,
                                "pegs": {"0": {"front": 24, "back": 20}, "1": {"front": 31, "back": 29}}}
    return frame


def cribbage_pegboard_short() -> dict:
    """Three-player cribbage to 61 on the short board: seat 0 has scored nothing, seat 1 is in the game hole, seat 2 pegged its first point."""
    frame = cribbage_pegboard()
    frame.update(type="update", step=41, seats=_seats(["human", "human", "novice"], {0: "Anna", 1: "Cleo"}, connected=(0, 1)))
    frame["layout"]["track"] = {"target": 61, "scores": {"0": 0, "1": 61, "2": 1}, "style": "pegs", "holes": 61,
                                "pegs": {"0": {"front": 0, "back": 0}, "1": {"front": 61, "back": 55}, "2": {"front": 1, "back": 0}}}
    return frame


def shedding_place() -> dict:
    """The shedding game: seat 0 turned 7♥, which may go on a common pile or any of three discards."""
    zones = [
        _zone("turned", "pile", "turned up", 0, ["7H"]),
        _zone("stock:0", "pile", "your stock", 0, None, 15),
        _zone("discard:0", "pile", "your discard", 0, ["9C", "5S"], 4),
        _zone("common:1", "pile", "common pile 1", None, ["3S"], 1),
        _zone("discard:1", "pile", "seat 1's discard", 1, [], 0),
        _zone("stock:1", "pile", "seat 1's stock", 1, None, 16),
        _zone("discard:2", "pile", "seat 2's discard", 2, ["JC"], 1),
        _zone("stock:2", "pile", "seat 2's stock", 2, None, 18),
    ]
    counters = [{"id": f"wins:{n}", "label": "hands won", "owner": n, "value": 0} for n in range(3)]
    layout = {"zones": zones, "counters": counters, "track": None}
    choices = [_choice("play 7H to common 1", "7♥ on common pile 1", card="7H", to="common:1"),
               _choice("play 7H to discard 0", "7♥ on your own discard", card="7H", to="discard:0"),
               _choice("play 7H to discard 1", "7♥ on seat 1's discard", card="7H", to="discard:1"),
               _choice("play 7H to discard 2", "7♥ on seat 2's discard", card="7H", to="discard:2")]
    decision = {"seat": 0, "kind": "play", "prompt": "Place 7♥ (commons first; else the first fitting opponent discard clockwise; else your own)",
                "compact": False, "waits": False, "choices": choices, "standing": None, "info": {}, "families": []}
    return _frame("muggins_shedding", "Muggins, the shedding game", 0, ["human", "novice", "human"], layout, decision, names={0: "Anna", 2: "Chloé"})


def fishing_turn() -> dict:
    """Five-player fishing: seat 0 captures with one of its hand's cards; the table, collections and the pot are shown."""
    hand = ["2C", "3H", "4D", "7S", "8C", "JD", "KD", "KH"]
    field = ["2S", "4C", "8S", "9D", "9H", "TD", "TH", "QH", "QS", "KC"]
    zones = [_zone("hand:0", "hand", "Your hand", 0, hand), _zone("table", "field", "the table", None, field)]
    zones += [_zone(f"hand:{n}", "hand", f"seat {n}", n, None, 8 - (n > 2)) for n in range(1, 5)]
    zones += [_zone(f"collection:{n}", "collection", "your collection" if n == 0 else f"seat {n}'s collection", n,
                    [] if n < 3 else [["AC", "AH"], ["5H", "5S"]][n - 3]) for n in range(5)]
    counters = [{"id": f"chips:{n}", "label": "chips", "owner": n, "value": v} for n, v in enumerate([-2, -2, -3, -2, -2])]
    counters.append({"id": "pot", "label": "the pot", "owner": None, "value": 11})
    layout = {"zones": zones, "counters": counters, "track": None}
    takes = [("2C", "2S"), ("4D", "4C"), ("8C", "8S"), ("KD", "KC"), ("KH", "KC")]
    choices = [_choice(f"play {mine} take {theirs}", f"{mine} takes {theirs}", card=mine, to=f"collection:0") for mine, theirs in takes]
    decision = {"seat": 0, "kind": "turn", "prompt": "Capture (capturing is compulsory)", "compact": False, "waits": False,
                "choices": choices, "standing": None, "info": {}, "families": []}
    return _frame("willughby_fishing", "The Willughby fishing game (Laugh and Lie Down)", 0, ["human"] + ["novice"] * 4, layout, decision,
                  names={0: "Dora"})


CANNED = {"cribbage-window": cribbage_count_window, "cribbage-peg": cribbage_peg, "cribbage-pegboard": cribbage_pegboard, "shedding-place": shedding_place, "fishing-turn": fishing_turn}
