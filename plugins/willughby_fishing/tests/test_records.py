"""Issue items 2 and 5: invariants in every game, records re-checked from their events alone, and simulation figures.

`recheck` is an independent checker: it reads only a record's events (the
deal's private hands included) and verifies every capture, lie-down, claim,
reward, sweep and settlement by the rules, rebuilding hands, table,
collections, pot and ledger itself; the game's own state is never consulted.
The terms it checks against (antes, reward, tariff, the kinds of claim) are
those the record's first event states, so a match played under house-rule
plugins re-checks the same way.
"""

from __future__ import annotations

import io
import json

import pytest

from muggins import hookimpl
from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.records import RecordWriter, header_for, parse_record
from muggins.replay import replay
from muggins.simulate import simulate

from willughby_fishing import FishingRules

KINDS = [["random", "novice", "expert", "random", "novice"], ["expert"] * 5, ["novice:forget_rate=0.6,attention=0.4"] * 3 + ["random"] * 2]


def rank(code: str) -> str:
    return code[0]


def recheck(events: list[dict], rules: FishingRules) -> list[int]:
    """Re-check a whole match from its events; returns the final ledger."""
    ledger = [0] * 5
    pot = 0
    hands: list[list[str]] = [[] for _ in range(5)]
    field: list[str] = []
    cols: list[list[str]] = [[] for _ in range(5)]
    dealer = None
    last_capture = None
    deals = 0
    stakes, tariff, claimable = {"ante_dealer": 3, "ante_other": 2, "reward": 5}, {"per_pair": 1, "empty": -4}, {}
    for e in events:
        t = e["type"]
        if t == "cut":
            low = min("A23456789TJQK".index(c[0]) for _, c in e["rounds"][-1])
            assert [s for s, c in e["rounds"][-1] if "A23456789TJQK".index(c[0]) == low] == [e["dealer"]]
            stakes, tariff, claimable = e["terms"]["stakes"], e["terms"]["tariff"], e["terms"]["claimable"]
        elif t == "ante":
            dealer = e["dealer"]
            for s in range(5):
                paid = stakes["ante_dealer"] if s == dealer else stakes["ante_other"]
                assert e["antes"][s] == paid
                ledger[s] -= paid
            pot += stakes["ante_dealer"] + 4 * stakes["ante_other"]
            assert e["pot"] == pot and e["ledger"] == ledger
            cols = [[] for _ in range(5)]
            last_capture = None
        elif t == "deal":
            field = list(e["field"])
            assert len(field) == 12
        elif t == "hand":
            hands[e["seat"]] = list(e["cards"])
            assert len(hands[e["seat"]]) == 8
        elif t == "field_four":
            assert e["seat"] == dealer and len(e["cards"]) == 4 and len({rank(c) for c in e["cards"]}) == 1
            for c in e["cards"]:
                field.remove(c)
            cols[e["seat"]] += e["cards"]
        elif t == "hand_claim":
            s = e["seat"]
            same = [c for c in hands[s] if rank(c) == rank(e["cards"][0])]
            assert len(same) in (3, 4) and len(e["cards"]) == (2 if len(same) == 3 else 4) and e["kept"] == len(same) - len(e["cards"])
            for c in e["cards"]:
                hands[s].remove(c)
            cols[s] += e["cards"]
        elif t == "capture":
            s = e["seat"]
            r = rank(e["played"][0])
            assert all(rank(c) == r for c in e["played"] + e["taken"])
            on_table = [c for c in field if rank(c) == r]
            assert e["table_before"] == len(on_table)
            assert len(e["played"]) + len(e["taken"]) in (2, 4)
            if len(e["played"]) == 2:
                assert len(on_table) == 2
            for c in e["played"]:
                hands[s].remove(c)
            for c in e["taken"]:
                field.remove(c)
            cols[s] += e["played"] + e["taken"]
            last_capture = s
        elif t == "lie_down":
            s = e["seat"]
            laid = list(e["cards"])
            assert sorted(e["cards"]) == sorted(hands[s])
            assert not any(rank(c) == rank(f) for c in hands[s] for f in field)  # nothing could be captured
            field += hands[s]
            hands[s] = []
        elif t == "claim":
            if e["upheld"]:
                s = e["seat"]
                # Only the other pair may be its own holder's claim, the capturer's included.
                assert s != e["against"] or e["what"] == "other_pair"
                if e["what"] == "laid_down":  # each rank: a three or four of the hand, or a pair whose other two are collected
                    for r in {rank(c) for c in e["cards"]}:
                        in_hand = [c for c in laid if rank(c) == r]
                        claimed = [c for c in e["cards"] if rank(c) == r]
                        collected = sum(1 for col in cols for c in col if rank(c) == r)
                        assert len(claimed) == (4 if len(in_hand) == 4 else 2)
                        assert len(in_hand) >= 3 or (len(in_hand) == 2 and collected == 2)
                        assert claimable.get({4: "laid_down_four", 3: "laid_down_three", 2: "laid_down_pair"}[len(in_hand)], True)
                else:
                    assert claimable.get(e["what"], True)
                    assert s != e["against"] or claimable.get("other_pair_capturer", True)
                source = hands[s] if e["what"] == "other_pair" else field
                for c in e["cards"]:
                    source.remove(c)
                cols[s] += e["cards"]
                if e["what"] == "other_pair":
                    assert len(e["cards"]) == 2 and not any(rank(c) == rank(e["cards"][0]) for h in hands for c in h)
            else:
                assert e["cards"] == []
        elif t == "stop":
            holders = [s for s in range(5) if hands[s]]
            assert len(holders) <= 1 and e["holder"] == (holders[0] if holders else None)
        elif t == "reward":
            holder = next((s for s in range(5) if hands[s]), None)
            if rules.reward == "last_holder" and holder is not None:
                assert e["seat"] == holder
            else:
                assert e["seat"] == (last_capture if last_capture is not None else (holder if holder is not None else dealer))
            assert e["chips"] == stakes["reward"]
            ledger[e["seat"]] += stakes["reward"]
            pot -= stakes["reward"]
            assert e["pot"] == pot and e["ledger"] == ledger
        elif t == "sweep":
            assert e["seat"] == dealer
            holder = e["holder"]
            assert sorted(e["hand"]) == sorted(hands[holder] if holder is not None else []) and sorted(e["field"]) == sorted(field)
            cols[dealer] += e["hand"] + e["field"]
            if holder is not None:
                hands[holder] = []
            field = []
        elif t == "settle":
            sizes = [len(c) for c in cols]
            assert e["sizes"] == sizes and sum(sizes) == 52 and all(size % 2 == 0 for size in sizes)
            for s in range(5):
                assert e["chips"][s] == tariff["empty"] + tariff["per_pair"] * sizes[s] // 2
                ledger[s] += e["chips"][s]
                pot -= e["chips"][s]
            assert pot == 0 and e["pot"] == 0 and e["ledger"] == ledger and sum(ledger) == 0
            deals += 1
        elif t == "match_end":
            assert e["ledger"] == ledger and deals == rules.deals
            assert e["winners"] == [s for s in range(5) if ledger[s] == max(ledger)]
    return ledger


def recorded(game, registry, rules, kinds, seed):
    stream = io.StringIO()
    state = game.new(rules, 5, seed)
    record = header_for(game, rules, 5, seed, kinds)
    writer = RecordWriter.start(stream, record, state.opening_events())
    result = Match(state, make_players(registry, game, kinds, seed), writer=writer, narrate_opening=False).run()
    return stream.getvalue(), result


@pytest.mark.parametrize("reward", ["last_holder", "last_capture"])
@pytest.mark.parametrize("kinds", KINDS, ids=["mixed", "experts", "forgetful"])
def test_a_record_alone_re_checks_the_whole_match(game, registry, reward, kinds):
    rules = FishingRules(reward=reward)
    for seed in range(3):
        text, result = recorded(game, registry, rules, kinds, seed)
        parsed = parse_record(text, source="test")
        events = list(parsed.opening) + [e for batch in parsed.events for e in batch]
        assert recheck(events, rules) == list(result.scores)
        _, divergence = replay(game, parsed, verify=True)
        assert divergence is None


class DoubleStakesStrictTable:
    """Antes 6 and 4, a reward of 10, 2 chips a pair over or short of 8 cards; no left pair, no capturer's own pair."""

    @hookimpl
    def muggins_fishing_stakes(self):
        return {"ante_dealer": 6, "ante_other": 4, "reward": 10}

    @hookimpl
    def muggins_fishing_tariff(self):
        return {n: n - 8 for n in range(0, 53, 2)}

    @hookimpl
    def muggins_fishing_claimable(self):
        return {"left_pair": False, "other_pair_capturer": False}


def test_a_record_played_under_house_rule_plugins_re_checks_by_the_terms_it_states():
    registry = load_registry(only=["willughby_fishing"], extra_plugins=[("double_strict", DoubleStakesStrictTable())])
    game = registry.game("willughby_fishing")
    rules = FishingRules()
    kinds = KINDS[2]
    for seed in range(3):
        text, result = recorded(game, registry, rules, kinds, seed)
        parsed = parse_record(text, source="test")
        events = list(parsed.opening) + [e for batch in parsed.events for e in batch]
        assert events[0]["terms"]["stakes"]["reward"] == 10
        assert recheck(events, rules) == list(result.scores)
        assert all(e["chips"] == 10 for e in events if e["type"] == "reward")


def test_invariants_after_every_step(game, registry):
    # collections always in pairs, ledger plus pot always zero, the pot empty after every settlement
    for seed in range(12):
        state = game.new(FishingRules(reward=("last_holder", "last_capture")[seed % 2]), 5, seed)
        match = Match(state, make_players(registry, game, KINDS[seed % 3], seed))
        while state.decision() is not None:
            for e in match.step():
                if e["type"] == "settle":
                    assert e["pot"] == 0  # (the next deal's antes may already be in)
            assert all(len(c) % 2 == 0 for c in state.collections)
            assert sum(state.ledger) + state.pot == 0
        assert state.pot == 0


def test_simulate_reports_net_chips_rewards_and_claims_per_seat(registry):
    summary = simulate("willughby_fishing", games=6, seed=2, kinds=["expert", "novice", "random", "expert", "novice"], registry=registry)
    json.dumps(summary)
    assert summary["scores"] is not None and summary["players"] == 5
    seat_stats = summary["seat_stats"]
    assert {"rewards", "claims_made", "claims_missed", "claims_forgotten", "claims_refused"} <= set(seat_stats)
    stats = summary["stats"]
    assert stats["deals"]["total"] == 30
    assert {"oversights_claimed", "oversights_missed", "other_pairs_laid", "other_pairs_forgotten"} <= set(stats)
