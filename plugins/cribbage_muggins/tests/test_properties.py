"""Issue item 4: properties over whole random games (hypothesis) and every announcement x every response.

From the events alone: the score events add up to the final scores; each
settlement moves exactly the points the muggins rules give; no count passes
31 and a count restarts after 31 or a go; each deal's shows come in order
(dealer's left first, the dealer, then the crib); the game ends at the first
score that reaches the target (or, for an overcount, after its window).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.engine import Match
from muggins.players import make_players

from cribbage_muggins.rules import CribbageRules
from cribbage_muggins.state import RESPONSES


def expected_changes(announced: int, truth: int, claim: str | None) -> dict[str, int]:
    """The rules' settlement, independently of the state: {"counter": delta, "caller": delta}."""
    if claim is None:
        return {"counter": 0, "caller": 0}
    if claim.startswith("muggins"):
        k = int(claim.split()[1])
        missed = truth - announced
        return {"counter": 0, "caller": min(k, missed)} if missed > 0 else {"counter": k, "caller": 0}
    excess = announced - truth
    return {"counter": -excess, "caller": excess} if excess > 0 else {"counter": 0, "caller": 0}


def check_events(events, rules, players):
    sides = 2 if rules.partnerships else players
    side_of = (lambda s: s % 2) if rules.partnerships else (lambda s: s)
    totals = [0] * sides
    dealer = None
    shows = []
    for i, ev in enumerate(events):
        kind = ev["type"]
        if kind == "score":
            totals[ev["side"]] += ev["points"]
            assert ev["total"] == totals[ev["side"]]
        elif kind == "deal":
            assert dealer is None or ev["dealer"] == (dealer + 1) % players  # the deal passes left
            dealer = ev["dealer"]
            shows = []
        elif kind == "peg":
            assert 0 < ev["count"] <= 31
        elif kind == "show":
            shows.append((ev["seat"], ev["what"]))
            order = [((dealer + k) % players, "hand") for k in range(1, players + 1)] + [(dealer, "crib")]
            assert shows == order[:len(shows)]
        elif kind == "settlement":
            follow = [e for e in events[i + 1:i + 3] if e["type"] == "score"]
            want = expected_changes(ev["announced"], ev["true"], ev["claim"])
            got = {"counter": 0, "caller": 0}
            for sc in follow:
                who = "counter" if sc["seat"] == ev["seat"] else "caller"
                got[who] += sc["points"]
            assert got == want, (ev, follow)
            if ev["caller"] is not None:
                assert side_of(ev["caller"]) != side_of(ev["seat"])
        elif kind == "game_over":
            assert i == len(events) - 1
            assert totals[ev["reached"]] >= rules.target
    return totals


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # the registry is read-only
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), partnerships=st.booleans(), muggins=st.booleans(),
       target=st.sampled_from([61, 121]), lowball=st.booleans(),
       seats=st.lists(st.sampled_from(["random", "expert", "novice", "novice:miss_rate=0.6,attention=0.9"]), min_size=4, max_size=4))
def test_whole_games_follow_the_rules(game, registry, seed, players, partnerships, muggins, target, lowball, seats):
    rules = CribbageRules(target=target, muggins=muggins, partnerships=partnerships and players == 4, lowball=lowball)
    state = game.new(rules, players, seed)
    log = list(state.opening_events())
    result = Match(state, make_players(registry, game, seats[:players], seed), listeners=[lambda n, e: log.append(e)], narrate_opening=False).run()
    totals = check_events(log, rules, players)
    assert totals == state.scores
    reached = [s for s, t in enumerate(totals) if t >= target]
    assert reached  # somebody reached the target
    winners_sides = {s % 2 if rules.partnerships else s for s in result.winners}
    if lowball:
        assert state.winner_side not in winners_sides and winners_sides
    else:
        assert winners_sides == {state.winner_side}
    if not rules.counting:
        assert not any(e["type"] in ("announce", "response", "settlement") for e in log)


def test_every_announcement_against_every_response(position, act):
    """30 announcements x 31 responses on one hand (true count 14): the state settles as the rules say."""
    hands = {1: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9H", "AS"]}
    for announced in range(30):
        for response in RESPONSES:
            state = position(players=2, hands=hands, crib=["2C", "3D", "QS", "TC"], starter="KC", phase="show")
            act(state, f"announce {announced}")
            act(state, str(response))
            claim = None if str(response) == "pass" else str(response)
            want = expected_changes(announced, 14, claim)
            assert state.scores == [want["caller"], announced + want["counter"]], (announced, str(response))
