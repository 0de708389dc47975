"""Willughby fishing figures: expert deals per second through the full engine and through a bare loop.

The engine figure plays whole matches (five deals, default house rules, so a
claim window opens after every layout, every capture of one table card and
every lie-down) through `muggins.engine.Match` with the game's registered
expert bots, exactly as `muggins simulate` does (the experts declare that
they stand in unclaimable windows, so the engine settles those in one call).
The bare loop below is the same rules written as one plain function over
ints: the same cut and deals from the same seed, the dealer taking any four
of the layout, every set in hand claimed, the same capture rule (one card at a time,
the rank with most cards unseen first, then the rank most held, then the lowest cards), the
holder of the other pair laying it, the stop, the reward, the sweep and the
settlement; no windows, since experts never leave anything to claim. The
two must agree match for match on the final ledger; the figure says whether
they did. The engine (with and without windows) and the bare loop are
measured in turns within each repeat with `timing.interleave` (CPU time;
each figure the median over repeats, each ratio the median of the
per-repeat ratios, min and max beside); `--baseline DIR` adds the engine
figures with this checkout's and DIR's packages in two worker processes.
Figures are printed as JSON lines, never asserted.

Run: `uv run python benchmarks/bench_fishing.py [--quick] [--baseline DIR]` (or through benchmarks/run.py).
"""

from __future__ import annotations

import sys
from typing import Callable, Iterable

from muggins.engine import Match, make_players
from muggins.plugins import load_registry
from muggins.rng import derive_rng

import timing


def _cut(seed: int) -> int:
    rng = derive_rng(seed, "cut")
    contenders = list(range(5))
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        cut = list(zip(contenders, deck))
        low = min(c % 13 for _, c in cut)
        lowest = [s for s, c in cut if c % 13 == low]
        if len(lowest) == 1:
            return lowest[0]
        contenders = lowest


def _order(card: int) -> int:
    return (card % 13) * 4 + card // 13


def _expert_capture(hand: list[int], field: list[int], collected: list[int]) -> tuple[list[int], list[int]] | None:
    """(played, taken) by the expert's rule, or None when nothing can be captured; `collected` counts each rank's collected cards."""
    table: dict[int, list[int]] = {}
    for c in field:
        table.setdefault(c % 13, []).append(c)
    mine: dict[int, list[int]] = {}
    for c in hand:
        if c % 13 in table:
            mine.setdefault(c % 13, []).append(c)
    if not mine:
        return None
    best, best_key = None, None
    for r, held in mine.items():
        on = sorted(table[r], key=_order)
        held = sorted(held, key=_order)
        unseen = 4 - len(held) - len(on) - collected[r]
        options = [([held[0]], on)] if len(on) == 3 else [([p], [t]) for p in held for t in on]
        for played, taken in options:  # one card at a time, the rank with most cards unseen first
            key = (-unseen, -len(held), _order(played[0]), _order(taken[0]))
            if best_key is None or key < best_key:
                best, best_key = (played, taken), key
    return best


def bare_match(seed: int, deals: int = 5, last_capture_rule: bool = False) -> list[int]:
    """One expert match of the fishing game in plain Python; returns the final ledger."""
    n = 5
    first = _cut(seed)
    ledger = [0] * n
    for deal in range(deals):
        dealer = (first + deal) % n
        for s in range(n):
            ledger[s] -= 3 if s == dealer else 2
        pot = 11
        deck = list(range(52))
        derive_rng(seed, "deal", deal).shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(40):
            hands[(dealer + 1 + i) % n].append(deck[i])
        field = deck[40:]
        sizes = [0] * n
        collected = [0] * 13  # cards of each rank in the collections
        for r in range(13):  # the dealer takes every four of the layout
            if sum(1 for c in field if c % 13 == r) == 4:
                field = [c for c in field if c % 13 != r]
                sizes[dealer] += 4
                collected[r] += 4
        for k in range(1, n + 1):  # every set in hand claimed, from the dealer's left
            s = (dealer + k) % n
            hand = hands[s]
            for r in range(13):
                group = [c for c in hand if c % 13 == r]
                if len(group) >= 3:
                    laid = group if len(group) == 4 else sorted(group, key=_order)[:2]
                    for c in laid:
                        hand.remove(c)
                    sizes[s] += len(laid)
                    collected[r] += len(laid)
        last_capture = -1
        mover = dealer
        while True:
            holders = [s for s in range(n) if hands[s]]
            if len(holders) <= 1:
                break
            mover = (mover + 1) % n
            while not hands[mover]:
                mover = (mover + 1) % n
            hand = hands[mover]
            found = _expert_capture(hand, field, collected)
            if found is None:  # lie down
                field = field + hand
                hands[mover] = []
                continue
            played, taken = found
            before = sum(1 for c in field if c % 13 == played[0] % 13)
            for c in played:
                hand.remove(c)
            for c in taken:
                field.remove(c)
            sizes[mover] += len(played) + len(taken)
            collected[played[0] % 13] += len(played) + len(taken)
            last_capture = mover
            if len(played) + len(taken) == 2 and before == 1:
                r = played[0] % 13
                for s in range(n):  # the holder of the other pair lays it at once
                    if s != mover and sum(1 for c in hands[s] if c % 13 == r) == 2:
                        hands[s] = [c for c in hands[s] if c % 13 != r]
                        sizes[s] += 2
                        collected[r] += 2
        holders = [s for s in range(n) if hands[s]]
        holder = holders[0] if holders else None
        if holder is not None and not last_capture_rule:
            winner = holder
        else:
            winner = last_capture if last_capture >= 0 else (holder if holder is not None else dealer)
        ledger[winner] += 5
        pot -= 5
        sizes[dealer] += len(field) + (len(hands[holder]) if holder is not None else 0)
        for s in range(n):
            chips = (sizes[s] - 8) // 2
            ledger[s] += chips
            pot -= chips
        assert pot == 0
    return ledger


def _engine_matches(registry, game, rules, seeds: range) -> list[list[int]]:
    out = []
    for seed in seeds:
        state = game.new(rules, 5, seed)
        result = Match(state, make_players(registry, game, ["expert"] * 5, seed)).run()
        out.append(list(result.scores))
    return out


#: (matches, repeats), by default and with --quick; every repeat plays the same matches (seeds 0, 1, ...).
SIZES = {False: (100, 21), True: (20, 3)}
#: The engine figures: name -> house rules.
ENGINE = {"engine": {}, "engine_without_windows": {"mistakes": "prevented"}}


def tasks(quick: bool = False) -> dict[str, Callable[[], Callable[[int], object]]]:
    """Each contender's work by name: the engine (with and without windows) and the bare loop over the same matches."""
    seeds = range(SIZES[quick][0])

    def engine(**rules: object) -> Callable[[], Callable[[int], object]]:
        def make() -> Callable[[int], object]:
            registry = load_registry(only=["willughby_fishing"])
            game = registry.game("willughby_fishing")
            house = game.Rules(**rules)
            return lambda repeat: _engine_matches(registry, game, house, seeds)
        return make

    out: dict[str, Callable[[], Callable[[int], object]]] = {name: engine(**rules) for name, rules in ENGINE.items()}
    out["bare_loop"] = lambda: (lambda repeat: [bare_match(seed) for seed in seeds])
    return out


def run(quick: bool = False, baseline: str | None = None) -> Iterable[dict]:
    matches, repeats = SIZES[quick]
    registry = load_registry(only=["willughby_fishing"])
    game = registry.game("willughby_fishing")
    deals = matches * game.Rules().deals
    made = tasks(quick)
    contenders = {name: make() for name, make in made.items()}
    before = timing.Baseline(__file__, baseline, ["muggins", "willughby_fishing"], {"quick": quick}) if baseline else None
    found = timing.interleave_against(before, contenders, ENGINE, repeats)
    last_capture = game.Rules(reward="last_capture")
    checked = range(20)
    same_last_capture = _engine_matches(registry, game, last_capture, checked) == [bare_match(s, last_capture_rule=True) for s in checked]
    size = {"matches": matches, "deals": deals}
    yield found.rate("engine", deals, "expert_deals_per_second", **size)
    yield found.rate("engine_without_windows", deals, "expert_deals_per_second_without_windows", **size)
    yield found.rate("bare_loop", deals, "bare_loop_deals_per_second", **size)
    yield found.per_repeat("engine_ms_per_deal", lambda t: t / deals * 1e3, ["engine"])
    yield found.per_repeat("bare_ms_per_deal", lambda t: t / deals * 1e3, ["bare_loop"])
    yield found.ratio("engine", "bare_loop", "ratio_engine_to_bare", goal=0.5,  # issue 30 item 5: at least half the bare loop
                      same_ledgers=found.same("engine", "bare_loop"), same_ledgers_last_capture=same_last_capture)
    yield found.ratio("engine_without_windows", "bare_loop", "ratio_without_windows_to_bare")
    if before:
        for name in ENGINE:
            yield from before.figures(found, name, deals, f"expert_deals_per_second{name.removeprefix('engine')}", **size)


if __name__ == "__main__":
    sys.exit(timing.main(run, "fishing", tasks))
