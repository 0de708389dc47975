"""The bare loop of random two-player cribbage to 121: the reference pace for pure Python, with no framework at all.

This module owns the reference that `bench_cribbage.py` measures the game
against: one plain function playing one whole game (`play_game`), cards as
ints 0..51 (rank `i % 13 + 1`, suit `i // 13`), a seeded `random.Random`
for every draw. Each deal: shuffle, six cards each, both players lay away
two random cards to the dealer's crib, the starter is cut (his heels: 2 to
the dealer), then the pegging from the dealer's left (a random legal card;
a player who cannot play says go; 15 and 31 for 2, pairs 2/6/12, runs,
go 1, last card 1), then the show (the non-dealer's hand, the dealer's,
the crib: fifteens, pairs, runs, flush, nobs). The game stops the moment
a score reaches 121. The scorers (`show_points`, `peg_points`) are the
bare loop's own, written without the project's tables; `--check` plays
random games and compares every show and every pegged card with the
game's own scorers (`cribbage_muggins.scoring`), and scores many more
random shows besides; tests/test_bare_cribbage.py does the same on a few
thousand, in the test suite.

    uv run python benchmarks/bare_cribbage.py [--games N]          # games per CPU second
    uv run python benchmarks/bare_cribbage.py --check [--shows N] [--games N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

TARGET = 121
RANK = [i % 13 + 1 for i in range(52)]
SUIT = [i // 13 for i in range(52)]
PIPS = [min(r, 10) for r in RANK]


def _base_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks (1..13), counted out."""
    pips = [r if r < 10 else 10 for r in ranks]
    points = 0
    for mask in range(1, 32):  # every subset of the five cards
        total = 0
        for k in range(5):
            if mask >> k & 1:
                total += pips[k]
        if total == 15:
            points += 2
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    for n in counts:
        points += n * (n - 1)  # each pair 2
    rank = 1
    while rank <= 13:
        if counts[rank]:
            start, ways = rank, 1
            while rank <= 13 and counts[rank]:
                ways *= counts[rank]
                rank += 1
            if rank - start >= 3:
                points += (rank - start) * ways
        else:
            rank += 1
    return points


#: Fifteens + pairs + runs by the five ranks in order, filled as shows come (6,175 rank multisets at most).
_BASE: dict[tuple[int, ...], int] = {}


def fill_show_table() -> None:
    """Every rank multiset's fifteens, pairs and runs put in the table at once, as a long run of games would have them.

    The benchmark calls it before timing, as the game builds its own table
    at import: otherwise the first games' shows would pay for the counting.
    """
    from itertools import combinations_with_replacement

    for ranks in combinations_with_replacement(range(1, 14), 5):
        if all(ranks.count(r) <= 4 for r in ranks):
            _BASE[ranks] = _base_points(ranks)


def show_points(hand: list[int], starter: int, crib: bool) -> int:
    """The show of four cards and the starter: fifteens, pairs, runs, flush (a crib's only with the starter), nobs."""
    a, b, c, d = hand
    key = tuple(sorted((RANK[a], RANK[b], RANK[c], RANK[d], RANK[starter])))
    points = _BASE.get(key)
    if points is None:
        points = _BASE[key] = _base_points(key)
    suit = SUIT[a]
    if SUIT[b] == suit and SUIT[c] == suit and SUIT[d] == suit:
        if SUIT[starter] == suit:
            points += 5
        elif not crib:
            points += 4
    nob = SUIT[starter] * 13 + 10  # the jack of the starter's suit
    if a == nob or b == nob or c == nob or d == nob:
        points += 1
    return points


def peg_points(ranks: list[int], count: int) -> int:
    """Points for the last card of a count (`ranks` the count's cards' ranks in order, `count` their pips)."""
    points = 2 if count == 15 or count == 31 else 0
    n = len(ranks)
    last = ranks[-1]
    same = 1
    while same < n and ranks[-1 - same] == last:
        same += 1
    if same > 1:
        return points + (2, 6, 12)[same - 2]
    best = 0
    for k in range(3, n + 1):
        tail = ranks[-k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            best = k
    return points + best


def play_game(rng: random.Random) -> list[int]:
    """One random two-player game to 121; the two scores."""
    scores = [0, 0]
    dealer = rng.randrange(2)
    randrange = rng.randrange
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[0:6], deck[6:12]]
        crib: list[int] = []
        for hand in hands:
            for _ in range(2):
                crib.append(hand.pop(randrange(len(hand))))
        starter = deck[12]
        if RANK[starter] == 11:
            scores[dealer] += 2
            if scores[dealer] >= TARGET:
                return scores
        # pegging
        held = [list(hands[0]), list(hands[1])]
        turn = 1 - dealer
        count, seq, last, gone = 0, [], -1, [False, False]
        while held[0] or held[1]:
            mine = held[turn]
            legal = [c for c in mine if PIPS[c] + count <= 31]
            if legal:
                card = legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
                mine.remove(card)
                count += PIPS[card]
                seq.append(RANK[card])
                last = turn
                points = peg_points(seq, count)
                if points:
                    scores[turn] += points
                    if scores[turn] >= TARGET:
                        return scores
                if count == 31:
                    count, seq, gone = 0, [], [False, False]
                    turn = 1 - turn
                elif not gone[1 - turn]:
                    turn = 1 - turn
                continue
            gone[turn] = True
            if gone[1 - turn]:  # neither can play: go to the last player, a new count from the other
                scores[last] += 1
                if scores[last] >= TARGET:
                    return scores
                count, seq, gone = 0, [], [False, False]
                turn = 1 - last
            else:
                turn = 1 - turn
        if count:  # last card (a count of 31 scored its 2 already)
            scores[last] += 1
            if scores[last] >= TARGET:
                return scores
        # the show
        pone = 1 - dealer
        for seat, cards, is_crib in ((pone, hands[pone], False), (dealer, hands[dealer], False), (dealer, crib, True)):
            scores[seat] += show_points(cards, starter, is_crib)
            if scores[seat] >= TARGET:
                return scores
        dealer = 1 - dealer


def games_per_second(games: int, seed: int = 0) -> float:
    fill_show_table()
    start = time.process_time()
    for n in range(games):
        play_game(random.Random(seed + n))
    return games / (time.process_time() - start)


def check(games: int, shows: int, seed: int = 0) -> tuple[int, int]:
    """Every show and pegged card of `games` random games, and `shows` random shows more, against the game's scorers.

    Returns (shows checked, pegging counts checked); AssertionError naming the first that differs.
    """
    from cribbage_muggins.scoring import index_card, peg_points as their_peg, score_peg, score_show, score_total_indices

    checked = {"show": 0, "peg": 0}
    global show_points, peg_points
    ours_show, ours_peg = show_points, peg_points
    cards_in_count: list[int] = []

    def checked_show(hand: list[int], starter: int, crib: bool) -> int:
        mine = ours_show(hand, starter, crib)
        theirs = score_total_indices(hand, starter, crib)
        assert mine == theirs, (hand, starter, crib, mine, theirs)
        if checked["show"] % 50 == 0:  # the itemised show too, now and then (slower)
            itemised = score_show([index_card(c) for c in hand], index_card(starter), crib).total
            assert mine == itemised, (hand, starter, crib, mine, itemised)
        checked["show"] += 1
        return mine

    def checked_peg(ranks: list[int], count: int) -> int:
        mine = ours_peg(ranks, count)
        # Rebuild cards of those ranks (suits do not score in pegging; all distinct cards) for the game's scorers.
        used: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(index_card(used.get(r, 0) * 13 + r - 1))
            used[r] = used.get(r, 0) + 1
        theirs = their_peg(cards, count)
        assert mine == theirs, (ranks, count, mine, theirs)
        assert mine == score_peg(cards).total, (ranks, count)
        checked["peg"] += 1
        return mine

    show_points, peg_points = checked_show, checked_peg
    try:
        for n in range(games):
            play_game(random.Random(seed + n))
    finally:
        show_points, peg_points = ours_show, ours_peg
    rng = random.Random(seed)
    for _ in range(shows):
        five = rng.sample(range(52), 5)
        checked_show(five[:4], five[4], rng.random() < 0.5)
    return checked["show"], checked["peg"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--shows", type=int, default=200_000, help="random shows checked besides the games' (--check)")
    parser.add_argument("--check", action="store_true", help="compare the scores with the game's scorers instead of timing")
    options = parser.parse_args()
    if options.check:
        shows, pegs = check(options.games, options.shows)
        print(f"same scores as cribbage_muggins.scoring: {shows} shows, {pegs} pegging counts")
        return 0
    print(f"{games_per_second(options.games):.0f} games per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
