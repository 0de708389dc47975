"""Issue item 7: records list every exposure, placement, call and resolution, penalty card, recycle,
win and draw, so that an independent program can check a whole match from the record alone.

`check_record` below is that independent program: it imports nothing from
the game, reads only the JSON Lines record (header, opening, decisions with
their events, result) and re-derives every rule — the deal, the priority of
destinations, the verdict of each call, the correction, each penalty card
and its donor, every recycle, win and draw — raising on the first
inconsistency. Records of bot matches (errors and calls included) pass it,
and tampered records fail it.
"""

from __future__ import annotations

import io
import json

import pytest

from muggins import hookimpl
from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.records import RecordWriter, header_for, parse_record

from muggins_shedding import SheddingRules

RANKS = "A23456789TJQK"


class RecordInvalid(AssertionError):
    pass


def check_record(text: str) -> dict:
    """Check a shedding-game record from its text alone; return the tallies it found."""
    lines = [json.loads(line) for line in text.splitlines()]
    head = lines[0]
    rules, n = head["rules"], head["players"]
    deal_table = {int(k): tuple(v) for k, v in rules["deal"].items()}
    each, k = deal_table[n]
    hands = rules["hands"] or n
    s = {"wins": [0] * n, "errors": 0, "calls": 0, "penalties": 0, "hands": 0, "first_dealer": None}

    def need(cond, what):
        if not cond:
            raise RecordInvalid(what)

    def rank(code):
        return RANKS.index(code[0]) + 1

    def fits(a, b):
        ra, rb = rank(a), rank(b)
        return abs(ra - rb) == 1 or (min(ra, rb), max(ra, rb)) in s["extra"]

    def pile(name):
        kind, num = name.split()
        return s["commons"][int(num) - 1] if kind == "common" else s["discards"][int(num)]

    def fitting(kind, card, mover):
        if kind == "common":
            return [f"common {j + 1}" for j, p in enumerate(s["commons"]) if p and fits(card, p[-1])]
        if kind == "own":
            own = s["discards"][mover]
            return [f"discard {mover}"] if own and fits(card, own[-1]) else []
        for step in range(1, n):
            seat = (mover + step) % n
            d = s["discards"][seat]
            if d:
                if fits(card, d[-1]):
                    return [f"discard {seat}"]
                if rules["opponent_discards"] == "nearest_only":
                    break
        return []

    def correct_for(card, mover):
        # The deal names the order of priority (tiers of kinds); records made before it was added: the standard one.
        for tier in s["order"]:
            found = [name for kind in tier for name in fitting(kind, card, mover)]
            if found:
                return sorted(found, key=lambda name: (name.startswith("discard"), int(name.split()[1])))
        return [f"discard {mover}"]

    def end_of_turn():
        # The next card may be turned (or the hand drawn) only once the window has closed.
        if s["phase"] == "window":
            need(not s["responders"], "the next card was exposed before every responder answered")
            s["phase"] = "closed"
        if s["phase"] == "closed":
            s["mover"] = (s["mover"] + 1) % n
            s["phase"] = "turn"

    def event(ev, action):
        t = ev["type"]
        if t in ("expose", "draw") or (t == "recycle" and ev["reason"] == "expose"):
            end_of_turn()
        if t == "deal":
            need(s.get("phase") in (None, "between"), "deal in the middle of a hand")
            if s["first_dealer"] is None:
                s["first_dealer"] = ev["dealer"]
            need(ev["hand"] == s["hands"], "hands out of order")
            need(ev["dealer"] == (s["first_dealer"] + ev["hand"]) % n, "the deal did not pass left")
            need(ev["first"] == (ev["dealer"] + 1) % n, "the dealer's left must start")
            s["extra"] = {tuple(sorted(p)) for p in ev["adjacent_extra"]}
            s["order"] = ev.get("destination_order", [["common"], ["opponent"], ["own"]])
            s["penalty"] = ev.get("penalty_cards", 1)
            s["commons"] = [[c] for c in ev["commons"]]
            need(len(s["commons"]) == k and ev["stock_sizes"] == [each] * n, "deal does not follow the deal table")
            s["discards"] = [[] for _ in range(n)]
            s["mover"], s["exposures"], s["phase"], s["seen"] = ev["first"], 0, "dealing", set()
        elif t == "stocks":
            need(s["phase"] == "dealing", "stocks outside a deal")
            s["stocks"] = [list(p) for p in ev["stocks"]]
            everything = [c for p in s["stocks"] + s["commons"] for c in p]
            need(len(everything) == 52 and len(set(everything)) == 52, "the deal is not one whole pack")
            s["phase"] = "turn"
        elif t == "recycle":
            seat = ev["seat"]
            need(not s["stocks"][seat] and len(s["discards"][seat]) == ev["count"] > 0, "recycle of a non-empty stock or wrong count")
            if ev["reason"] == "expose":
                need(s["phase"] == "turn" and seat == s["mover"], "recycle by someone not about to expose")
            else:
                need(s["phase"] == "penalty", "penalty recycle outside a penalty")
            s["stocks"][seat] = list(reversed(s["discards"][seat]))
            s["discards"][seat] = []
            s["recycled"] = ev["reason"] == "expose"
        elif t == "expose":
            m = s["mover"]
            need(s["phase"] == "turn" and ev["seat"] == m, "exposure out of turn")
            need(s["exposures"] < rules["turn_limit"], "exposure past the turn limit")
            if rules["repetition"] == "draw" and s.get("recycled"):
                key = (m, json.dumps(s["stocks"]), json.dumps(s["discards"]))
                need(key not in s["seen"], "a repeated position was not drawn")
                s["seen"].add(key)
            s["recycled"] = False
            need(s["stocks"][m] and s["stocks"][m][-1] == ev["card"], "exposed card is not the stock's top")
            s["exposed"] = s["stocks"][m].pop()
            s["exposures"] += 1
            need(ev["n"] == s["exposures"], "exposure count")
            s["correct"] = correct_for(ev["card"], m)
            s["phase"] = "play"
        elif t == "place":
            need(s["phase"] == "play" and ev["seat"] == s["mover"] and ev["card"] == s["exposed"], "placement of another card")
            need(action == f"play {ev['card']} to {ev['pile']}", "placement differs from the decision")
            target = pile(ev["pile"])
            need(ev["on"] == (target[-1] if target else None), "placement names the wrong covered card")
            target.append(ev["card"])
            s["exposed"] = None
            if ev["pile"].startswith("common"):
                s["seen"] = set()
            s["error"] = ev["pile"] not in s["correct"]
            s["errors"] += s["error"]
            s["placed"] = ev["pile"]
            s["responders"] = [(s["mover"] + i) % n for i in range(1, n)]
            s["phase"] = "window" if rules["mistakes"] == "allowed" else "closed"
        elif t == "call":
            need(s["phase"] == "window", "call outside a window")
            need(ev["against"] == s["mover"] and ev["upheld"] == s["error"], "wrong verdict on a call")
            need(ev["correct"] == s["correct"], "the call names the wrong correct destinations")
            s["calls"] += 1
            if ev["upheld"]:
                s["phase"] = "correcting"
        elif t == "correction":
            need(s["phase"] == "correcting" and ev["from_pile"] == s["placed"] and ev["pile"] in s["correct"], "bad correction")
            card = pile(ev["from_pile"]).pop()
            need(card == ev["card"], "correction moves another card")
            target = pile(ev["pile"])
            need(ev["on"] == (target[-1] if target else None), "correction names the wrong covered card")
            target.append(card)
            if ev["pile"].startswith("common"):
                s["seen"] = set()
            # Each donor in turn, clockwise from the offender's left, owes `penalty` cards (fewer if they run out).
            s["donors"] = [d for i in range(1, n) for d in [(s["mover"] + i) % n] * s["penalty"]]
            s["phase"], s["emptied"], s["owed_from"] = ("penalty" if s["donors"] else "closed"), [], None
        elif t == "penalty":
            need(s["phase"] == "penalty" and s["donors"] and ev["donor"] == s["donors"].pop(0), "penalty from the wrong donor")
            stock = s["stocks"][ev["donor"]]
            if ev["card"] is None:
                need(not stock and not s["discards"][ev["donor"]], "a donor with cards gave none")
                need(s["owed_from"] != ev["donor"], "a donor said to give none after giving")
                s["donors"] = [d for d in s["donors"] if d != ev["donor"]]
            else:
                need(stock and stock[-1] == ev["card"], "penalty card is not the donor's stock top")
                s["stocks"][ev["seat"]].insert(0, stock.pop())
                s["penalties"] += 1
                if not stock and not s["discards"][ev["donor"]]:
                    s["emptied"].append(ev["donor"])
                    s["donors"] = [d for d in s["donors"] if d != ev["donor"]]  # out of cards: gives no more
            s["owed_from"] = ev["donor"]
            if not s["donors"]:
                s["phase"] = "closed"
        elif t == "win":
            seat = ev["seat"]
            need(not s["stocks"][seat] and not s["discards"][seat], "a winner still holds cards")
            if ev["how"] == "gave_last_card":
                need(s["phase"] == "closed" and s["emptied"] and s["emptied"][0] == seat, "wrong donor went out")
            else:
                need(seat == s["mover"] and s["phase"] in ("closed", "window"), "a finish before its window closed")
                need(s["phase"] == "closed" or not s["responders"], "a finish confirmed before the window closed")
            s["wins"][seat] += 1
            need(ev["wins"] == s["wins"], "win tally")
            s["hands"] += 1
            s["phase"] = "between"
        elif t == "draw":
            if ev["reason"] == "turn_limit":
                need(s["exposures"] == rules["turn_limit"], "drawn before the turn limit")
            else:  # the mover must turn a discard over into a position seen at such a turn before
                m, stocks, discards = s["mover"], [list(p) for p in s["stocks"]], [list(p) for p in s["discards"]]
                need(not stocks[m] and discards[m], "a repetition draw where no discard is turned over")
                stocks[m], discards[m] = list(reversed(discards[m])), []
                need((m, json.dumps(stocks), json.dumps(discards)) in s["seen"], "a repetition draw without a repetition")
            s["hands"] += 1
            s["phase"] = "between"
        elif t == "match_end":
            need(s["hands"] == hands and ev["wins"] == s["wins"], "match ended early or with other wins")
            best = max(s["wins"])
            need(ev["winners"] == ([i for i, w in enumerate(s["wins"]) if w == best] if best else []), "match winners")
            s["phase"] = "over"
        else:
            raise RecordInvalid(f"unknown event {t}")

    for ev in next(line for line in lines if "opening" in line)["opening"]:
        event(ev, None)
    for line in lines:
        if "action" not in line:
            continue
        seat, action, events = line["seat"], line["action"], line["events"]
        if s["phase"] == "play":
            need(seat == s["mover"], "a seat played out of turn")
        elif s["phase"] == "window":
            need(s["responders"] and seat == s["responders"][0], "responders not polled clockwise from the mover's left")
            s["responders"].pop(0)
            need(action in ("pass", "muggins"), "not a response")
            need((action == "muggins") == any(e["type"] == "call" for e in events), "a call without its event")
        elif s["phase"] == "correcting":
            need(seat == s["mover"] and action.startswith("correct "), "the offender must place the corrected card")
        else:
            raise RecordInvalid(f"a decision in phase {s['phase']}")
        for ev in events:
            event(ev, action)
    result = next(line for line in lines if "result" in line)["result"]
    need(result["scores"] == s["wins"] and result["stats"]["errors"] == s["errors"], "result differs from the record")
    need(result["stats"]["calls"] == s["calls"] and result["stats"]["penalties"] == s["penalties"], "stats differ from the record")
    return s


def record_match(registry, game, players, seed, kinds, rules):
    stream = io.StringIO()
    state = game.new(rules, players, seed)
    writer = RecordWriter.start(stream, header_for(game, rules, players, seed, kinds), state.opening_events())
    Match(state, make_players(registry, game, kinds, seed, {"error_rate": 0.3, "attention": 0.7}), writer=writer, narrate_opening=False).run()
    return stream.getvalue()


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_an_independent_checker_accepts_whole_records(registry, game, players):
    kinds = (["novice", "expert", "random"] * 3)[:players]
    found = {"errors": 0, "calls": 0, "penalties": 0}
    for seed in range(4):
        text = record_match(registry, game, players, seed, kinds, SheddingRules(turn_limit=150))
        tallies = check_record(text)
        for key in found:
            found[key] += tallies[key]
        parse_record(text)  # and it is a well-formed core record
    assert found["errors"] > 0 and found["calls"] > 0 and found["penalties"] > 0


def test_records_with_other_house_rules_check_too(registry, game):
    for rules in (SheddingRules(opponent_discards="nearest_only", turn_limit=120), SheddingRules(mistakes="prevented", hands=2),
                  SheddingRules(repetition="draw", hands=2)):
        check_record(record_match(registry, game, 4, 3, ["novice", "expert", "random", "novice"], rules))
    check_record(record_match(registry, game, 3, 7, ["expert"] * 3, SheddingRules(repetition="draw", hands=3)))


class HouseRules:
    """A house-rule plugin changing both the order (commons and opponents alike, then one's own) and the penalty."""

    def __init__(self, order, penalty):
        self.order, self.penalty = order, penalty

    @hookimpl
    def muggins_shedding_destination_order(self):
        return self.order

    @hookimpl
    def muggins_shedding_penalty_cards(self):
        return self.penalty


@pytest.mark.parametrize(("order", "penalty"), [([["common", "opponent"], "own"], 2), (["own", "opponent", "common"], 0), (["common"], 4)])
def test_records_under_house_rule_plugins_check_from_the_deal_events_alone(order, penalty):
    registry = load_registry(only=["muggins_shedding"], extra_plugins=[("variant", HouseRules(order, penalty))])
    game = registry.game("muggins_shedding")
    found = {"calls": 0, "penalties": 0}
    for players, seed in ((4, 1), (5, 2), (3, 3)):
        kinds = (["novice", "random", "novice"] * 3)[:players]
        tallies = check_record(record_match(registry, game, players, seed, kinds, SheddingRules(turn_limit=150, hands=2)))
        found = {key: found[key] + tallies[key] for key in found}
    assert found["calls"] > 0 and (found["penalties"] > 0) == (penalty > 0)


def test_the_checker_rejects_a_record_whose_penalty_is_not_the_house_rules():
    registry = load_registry(only=["muggins_shedding"], extra_plugins=[("variant", HouseRules(None, 2))])
    game = registry.game("muggins_shedding")
    text = record_match(registry, game, 4, 1, ["novice", "random", "novice", "expert"], SheddingRules(turn_limit=300, hands=2))
    check_record(text)
    lines = [json.loads(line) for line in text.splitlines()]
    for line in lines:
        for ev in line.get("opening", []) + line.get("events", []):
            if ev["type"] == "deal":
                ev["penalty_cards"] = 1  # every hand claims the standard penalty
    with pytest.raises(AssertionError, match="wrong donor|stats differ"):
        check_record("".join(json.dumps(x) + "\n" for x in lines))


def tamper(text, predicate, change):
    lines = [json.loads(line) for line in text.splitlines()]
    for line in lines:
        for ev in line.get("events", []):
            if predicate(ev):
                change(ev)
                return "".join(json.dumps(x) + "\n" for x in lines)
    raise AssertionError("nothing to tamper with")


@pytest.mark.parametrize(
    ("what", "predicate", "change", "message"),
    [
        ("a penalty card", lambda e: e["type"] == "penalty" and e["card"], lambda e: e.update(card="AS" if e["card"] != "AS" else "AD"), "penalty card"),
        ("a verdict", lambda e: e["type"] == "call", lambda e: e.update(upheld=not e["upheld"]), "verdict"),
        ("an exposure", lambda e: e["type"] == "expose", lambda e: e.update(card="AS" if e["card"] != "AS" else "AD"), "stock's top"),
        ("a recycle count", lambda e: e["type"] == "recycle", lambda e: e.update(count=e["count"] + 1), "recycle"),
        ("a winner", lambda e: e["type"] == "win", lambda e: e.update(seat=(e["seat"] + 1) % 4), "holds cards|wrong donor|win tally"),
    ],
)
def test_the_checker_rejects_tampered_records(registry, game, what, predicate, change, message):
    text = record_match(registry, game, 4, 1, ["novice", "random", "novice", "expert"], SheddingRules(turn_limit=300, hands=2))
    check_record(text)
    with pytest.raises(AssertionError, match=message):
        check_record(tamper(text, predicate, change))
