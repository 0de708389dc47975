"""Shedding-game figures: expert 4-player hands per second through the full engine and through a bare loop.

The engine figure plays whole hands (`hands = 1`, the default house rules,
so a challenge window opens after every placement and each other player is
polled) through `muggins.engine.Match` with the game's registered expert
bots, exactly as `muggins simulate` does. The bare loop below is the same
rules written as one plain function over ints (same deal from the same
seed, same commons-choice rule, no windows since experts never err), so the
two must agree hand for hand; the figure says whether they did. Also
reported: the engine without windows (`mistakes = "prevented"`), and the
time the `repetition = "draw"` house rule saves on three-player expert
hands (a third of which cycle until the turn limit). Figures are medians
over repeats, printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_shedding.py [--quick]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import json
import sys
from typing import Iterable

from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.rng import derive_rng

from timing import median_seconds

RANK = tuple(i % 13 + 1 for i in range(52))


def _cover(tops: list[int], rank: int, fitting: list[int]) -> int:
    """The expert's rule among several fitting commons (see muggins_shedding.bots.choose_common)."""
    best, best_score = fitting[0], -1
    for j in fitting:
        after = list(tops)
        after[j] = rank
        score = sum(1 for r in range(1, 14) if any(abs(r - t) == 1 for t in after))
        if score > best_score:
            best, best_score = j, score
    return best


def _observer_calls(correct: bool) -> bool:
    """An expert observer's answer in the challenge window: call exactly when the placement was wrong."""
    return not correct


def bare_hand(seed: int, n: int = 4, each: int = 12, k: int = 4, turn_limit: int = 1000, windows: bool = False) -> tuple[int | None, int]:
    """One expert hand of the shedding game in plain Python: (winner or None for a draw, exposures).

    With `windows`, every other player is asked after each placement, clockwise
    from the mover's left, whether to call it (the seed's rule: challenges
    come before the next exposure); expert movers never err, so nobody calls.
    """
    first = derive_rng(seed, "dealer").randrange(n)
    deck = list(range(52))
    derive_rng(seed, "deal", 0).shuffle(deck)
    stocks: list[list[int]] = [[] for _ in range(n)]
    for i in range(n * each):
        stocks[(first + 1 + i) % n].append(deck[i])
    tops = [RANK[deck[n * each + j]] for j in range(k)]
    discards: list[list[int]] = [[] for _ in range(n)]
    others = [[(s + i) % n for i in range(1, n)] for s in range(n)]
    mover = (first + 1) % n
    exposures = 0
    while exposures < turn_limit:
        stock = stocks[mover]
        if not stock:
            discard = discards[mover]
            stock.extend(reversed(discard))
            discard.clear()
        card = stock.pop()
        exposures += 1
        rank = RANK[card]
        fitting = [j for j in range(k) if abs(tops[j] - rank) == 1]
        if fitting:
            tops[fitting[0] if len(fitting) == 1 else _cover(tops, rank, fitting)] = rank
        else:
            for seat in others[mover]:
                pile = discards[seat]
                if pile and abs(RANK[pile[-1]] - rank) == 1:
                    pile.append(card)
                    break
            else:
                discards[mover].append(card)
        if windows:
            for observer in others[mover]:
                if _observer_calls(True):
                    raise AssertionError("an expert observer called a correct placement")
        if not stock and not discards[mover]:
            return mover, exposures
        mover = mover + 1 if mover + 1 < n else 0
    return None, exposures


def _engine_hands(registry, game, rules, players: int, seeds: range) -> list[tuple[int | None, int]]:
    out = []
    for seed in seeds:
        state = game.new(rules, players, seed)
        result = Match(state, make_players(registry, game, ["expert"] * players, seed)).run()
        out.append((result.winners[0] if result.winners else None, result.stats["exposures"][0]))
    return out


def run(quick: bool = False) -> Iterable[dict]:
    registry = load_registry(only=["muggins_shedding"])
    game = registry.game("muggins_shedding")
    Rules = game.Rules
    hands = 100 if quick else 500
    repeats = 3 if quick else 5
    seeds = range(hands)

    engine = _engine_hands(registry, game, Rules(hands=1), 4, seeds)
    bare = [bare_hand(seed) for seed in seeds]
    engine_time = median_seconds(lambda: _engine_hands(registry, game, Rules(hands=1), 4, seeds), repeats)
    quiet_time = median_seconds(lambda: _engine_hands(registry, game, Rules(hands=1, mistakes="prevented"), 4, seeds), repeats)
    bare_time = median_seconds(lambda: [bare_hand(seed) for seed in seeds], repeats)
    polled_time = median_seconds(lambda: [bare_hand(seed, windows=True) for seed in seeds], repeats)
    exposures = sum(e for _, e in bare)
    yield {
        "metric": "expert_4p_hands_per_second",
        "hands": hands,
        "exposures_per_hand": round(exposures / hands, 1),
        "engine": round(hands / engine_time, 1),
        "engine_without_windows": round(hands / quiet_time, 1),
        "bare_loop": round(hands / bare_time, 1),
        "bare_loop_polling_observers": round(hands / polled_time, 1),
        "ratio_engine_to_bare": round(bare_time / engine_time, 3),
        "ratio_engine_to_bare_polling_observers": round(polled_time / engine_time, 3),
        "ratio_without_windows_to_bare": round(bare_time / quiet_time, 3),
        "goal_ratio": round(1 / 3, 3),
        "engine_us_per_exposure": round(engine_time / exposures * 1e6, 2),
        "bare_us_per_exposure": round(bare_time / exposures * 1e6, 2),
        "same_winners_and_lengths": engine == bare,
        "repeats": repeats,
    }

    three = range(60 if quick else 300)
    for limit in (1000, 10000):
        plain, repeat = Rules(hands=1, turn_limit=limit), Rules(hands=1, turn_limit=limit, repetition="draw")
        off_time = median_seconds(lambda: _engine_hands(registry, game, plain, 3, three), repeats)
        draw_time = median_seconds(lambda: _engine_hands(registry, game, repeat, 3, three), repeats)
        off = _engine_hands(registry, game, plain, 3, three)
        on = _engine_hands(registry, game, repeat, 3, three)
        yield {
            "metric": "repetition_draw_saving_3p_expert",
            "turn_limit": limit,
            "hands": len(three),
            "drawn": sum(w is None for w, _ in off),
            "seconds_turn_limit_only": round(off_time, 3),
            "seconds_with_repetition_draw": round(draw_time, 3),
            "time_saved": round(1 - draw_time / off_time, 3),
            "same_winners": [w for w, _ in off] == [w for w, _ in on],
            "repeats": repeats,
        }

if __name__ == "__main__":
    for figure in run(quick="--quick" in sys.argv[1:]):
        print(json.dumps({"bench": "shedding", **figure}), flush=True)
