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
hands (a third of which cycle until the turn limit). The four-player
figures are measured in turns within each repeat with `timing.interleave`,
and so are the two three-player ones of each turn limit (CPU time; each
figure the median over repeats, each ratio and the time saved the median
of the per-repeat values, min and max beside); `--baseline DIR` adds the
four-player engine figures with this checkout's and DIR's packages in two
worker processes. Figures are printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_shedding.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import sys
from typing import Callable, Iterable

from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.rng import derive_rng

import timing

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


#: (four-player hands, repeats; three-player hands, their repeats), by default and with --quick.
SIZES = {False: (250, 21, 300, 5), True: (50, 3, 30, 2)}
#: The four-player engine figures: name -> house rules beyond hands = 1.
ENGINE = {"engine": {}, "engine_without_windows": {"mistakes": "prevented"}}


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """Each contender's work by name; every repeat plays the same hands (seeds 0, 1, ...), so repeats differ only by the machine."""
    hands, _, three, _ = SIZES[quick]

    def engine(players: int, seeds: range, **rules: object) -> Callable[[], Callable[[int], object]]:
        def make() -> Callable[[int], object]:
            registry = load_registry(only=["muggins_shedding"])
            game = registry.game("muggins_shedding")
            house = game.Rules(hands=1, **rules)
            return lambda repeat: _engine_hands(registry, game, house, players, seeds)
        return make

    out: dict[str, Callable[[], Callable[[int], object]]] = {name: engine(4, range(hands), **rules) for name, rules in ENGINE.items()}
    out["bare_loop"] = lambda: (lambda repeat: [bare_hand(seed) for seed in range(hands)])
    out["bare_loop_polling_observers"] = lambda: (lambda repeat: [bare_hand(seed, windows=True) for seed in range(hands)])
    for limit in (1000, 10000):
        out[f"3p_limit_{limit}"] = engine(3, range(three), turn_limit=limit)
        out[f"3p_limit_{limit}_draw"] = engine(3, range(three), turn_limit=limit, repetition="draw")
    return out


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    hands, repeats, three, three_repeats = SIZES[quick]
    made = tasks(quick)
    four = ["engine", "engine_without_windows", "bare_loop", "bare_loop_polling_observers"]
    contenders = {name: made[name]() for name in four}
    before = timing.Baseline(__file__, baseline, ["muggins", "muggins_shedding"], {"quick": quick}) if baseline else None
    found = timing.interleave_against(before, contenders, ENGINE, repeats)
    exposures = sum(e for _, e in found.results["bare_loop"])
    per_hand = {"hands": hands, "players": 4}
    yield found.rate("engine", hands, "expert_4p_hands_per_second", **per_hand, exposures_per_hand=timing.rounded(exposures / hands))
    yield found.rate("engine_without_windows", hands, "expert_4p_hands_per_second_without_windows", **per_hand)
    yield found.rate("bare_loop", hands, "bare_loop_4p_hands_per_second", **per_hand)
    yield found.rate("bare_loop_polling_observers", hands, "bare_loop_polling_observers_4p_hands_per_second", **per_hand)
    yield found.per_repeat("engine_us_per_exposure", lambda t: t / exposures * 1e6, ["engine"])
    yield found.per_repeat("bare_us_per_exposure", lambda t: t / exposures * 1e6, ["bare_loop"])
    yield found.ratio("engine", "bare_loop", "ratio_engine_to_bare", goal=0.5,  # issue 30 item 5: at least half the bare loop
                      same_winners_and_lengths=found.same("engine", "bare_loop"))
    yield found.ratio("engine", "bare_loop_polling_observers", "ratio_engine_to_bare_polling_observers")
    yield found.ratio("engine_without_windows", "bare_loop", "ratio_without_windows_to_bare")
    if before:
        for name in ENGINE:
            yield from before.figures(found, name, hands, f"expert_4p_hands_per_second{name.removeprefix('engine')}", **per_hand)

    for limit in (1000, 10000):
        off, on = f"3p_limit_{limit}", f"3p_limit_{limit}_draw"
        pair = timing.interleave({off: made[off](), on: made[on]()}, three_repeats)
        figure = {"turn_limit": limit, "hands": three, "players": 3}
        yield pair.seconds(off, "seconds_3p_expert_turn_limit_only", **figure)
        yield pair.seconds(on, "seconds_3p_expert_with_repetition_draw", **figure)
        winners = {name: [w for w, _ in pair.results[name]] for name in (off, on)}
        yield pair.per_repeat("repetition_draw_time_saved_3p_expert", lambda t_off, t_on: 1 - t_on / t_off, [off, on], **figure,
                              drawn=winners[off].count(None), same_winners=winners[off] == winners[on])


if __name__ == "__main__":
    sys.exit(timing.main(run, "shedding", tasks))
