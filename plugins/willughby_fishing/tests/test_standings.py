"""The fishing game's banners (`FishingGame.standings`): at each deal's settlement and at the end of the match.

The settlement banner gives each player's collection, the chips it wins or
pays and the ledger in words; the match banner ranks the players by net
chips, equal chips sharing a place. Checked directly and through the
generic terminal player on text streams (no terminal needed).
"""

from __future__ import annotations

import io
import re

import pytest

from muggins.engine import Match, make_players

from willughby_fishing import FishingRules

human = pytest.importorskip("muggins_cli.human")

SETTLE = {"type": "settle", "deal": 0, "sizes": [16, 10, 8, 16, 2], "chips": [4, 1, 0, 4, -3], "pot": 0, "ledger": [6, -1, -2, 2, -5]}


def test_the_settlement_banner_lists_collections_chips_and_the_ledger(game):
    assert game.standings(SETTLE, 0) == [
        "Deal 1 is over: a chip for each pair over or short of 8 cards.",
        "      you: 16 cards (8 pairs), win 4 chips",
        "   seat 1: 10 cards (5 pairs), wins 1 chip",
        "   seat 2:  8 cards (4 pairs), breaks even",
        "   seat 3: 16 cards (8 pairs), wins 4 chips",
        "   seat 4:  2 cards (1 pair), pays 3 chips",
        "Chips: you: +6 · seat 1: −1 · seat 2: −2 · seat 3: +2 · seat 4: −5",
    ]
    assert game.standings(SETTLE, 4)[5] == "      you:  2 cards (1 pair), pay 3 chips"


def test_the_match_banner_ranks_by_net_chips_and_ties_share_a_place(game):
    end = {"type": "match_end", "ledger": [1, 0, 4, 1, -6], "winners": [2]}
    assert game.standings(end, 0) == [
        "Match over: seat 2 wins the match with +4.",
        "  1. seat 2    +4",
        "  2. you       +1",
        "  2. seat 3    +1",
        "  4. seat 1     0",
        "  5. seat 4    −6",
    ]
    shared = {"type": "match_end", "ledger": [3, 3, -2, -2, -2], "winners": [0, 1]}
    lines = game.standings(shared, 1)
    assert lines[0] == "Match over: seat 0 and you share the match with +3."
    assert [line.split(".")[0].strip() for line in lines[1:]] == ["1", "1", "3", "3", "3"]
    assert game.standings({"type": "match_end", "ledger": [5, 0, 0, 0, -5], "winners": [0]}, 0)[0] == "Match over: you win the match with +5."


@pytest.mark.parametrize("kind", ["ante", "deal", "capture", "reward", "sweep", "stop"])
def test_other_events_have_no_banner(game, kind):
    assert game.standings({"type": kind}, 0) is None


def test_a_whole_match_at_the_terminal_shows_a_banner_per_deal_and_one_at_the_end(registry, game):
    state = game.new(FishingRules(deals=2), 5, 5)
    out = io.StringIO()
    seated = [human.HumanPlayer(game, 0, input=io.StringIO("1\n" * 400), output=out)] + make_players(registry, game, ["expert"] * 5, 5)[1:]
    Match(state, seated).run()
    seated[0].flush()
    text = out.getvalue()
    assert text.count("  Deal 1 is over: ") == 1 and text.count("  Deal 2 is over: ") == 1
    assert text.count("  Match over: ") == 1
    assert len(re.findall(r"^  Chips: you: [+−]?\d", text, re.M)) == 2
    assert not re.search(r"\[-?\d+[,\]]", text)  # no Python list of numbers anywhere
    ranking = [line for line in text.splitlines() if re.match(r"^    \d\. ", line)]
    assert len(ranking) == 5
    ledger = state.result().scores
    chips = [int(line.split()[-1].replace("−", "-")) for line in ranking]
    assert chips == sorted(ledger, reverse=True)
