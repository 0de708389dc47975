"""The cribbage search horizon's win estimate: fit its two coefficients from expert games, and say how well it predicts.

`CribbageState.horizon_returns` (returns=wins) estimates each side's chance
of winning from the position at the start of a deal, as a logistic in the
points each side still needs: for two sides, P(A wins) =
sigmoid((SLOPE * (need_B - need_A) + DEAL * d) / sqrt(need_A + need_B)),
with d = +1 when A deals the next deal and -1 when B does (the dealer's crib
is worth points). This script plays two-player expert games with the
standard rules to `--target` (121 unless given), notes each side's need and
the dealer at the start of every deal but the first, and fits SLOPE and
DEAL by maximum likelihood (Newton's method on the two features). It
prints the fit, the log loss and the Brier score on a second, held-out set
of games, beside the same figures for the constant 0.5 and for the
coefficients in the state (`cribbage_muggins.horizon.HORIZON_SLOPE`,
`HORIZON_DEAL`).

Run: `uv run python scripts/cribbage_win_estimate.py [--games 2000] [--target 121] [--seed 1]`; one JSON line on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any


def _positions(game: Any, registry: Any, rules: Any, seeds: range) -> list[tuple[float, float, int]]:
    """(need difference, dealer sign, A won) for side 0 at the start of every deal after the first of each game."""
    from muggins.engine import Match, make_players

    rows: list[tuple[int, int, int]] = []
    for seed in seeds:
        state = game.new(rules, 2, seed)
        seen: list[tuple[int, int, int]] = []
        last = [state.deal_no]

        def note(_seat: int, state: Any = state, seen: list = seen, last: list = last) -> bool:
            if state.deal_no != last[0]:
                last[0] = state.deal_no
                seen.append((state.target - state.scores[0], state.target - state.scores[1], 1 if state.dealer == 0 else -1))
            return False

        match = Match(state, make_players(registry, game, ["expert", "expert"], seed), narrate_opening=False)
        match.advance(note)
        won = int(0 in state.result().winners)
        rows.extend((a, b, d, won) for a, b, d in seen)
    return [((b - a) / math.sqrt(a + b), d / math.sqrt(a + b), won) for a, b, d, won in rows]


def _fit(rows: list[tuple[float, float, int]]) -> tuple[float, float]:
    """Maximum-likelihood logistic coefficients (no intercept: the game is symmetric) by Newton's method."""
    w = [0.0, 0.0]
    for _ in range(25):
        g = [0.0, 0.0]
        h = [[0.0, 0.0], [0.0, 0.0]]
        for x1, x2, y in rows:
            p = 1.0 / (1.0 + math.exp(-(w[0] * x1 + w[1] * x2)))
            r = y - p
            g[0] += r * x1
            g[1] += r * x2
            v = p * (1 - p)
            h[0][0] += v * x1 * x1
            h[0][1] += v * x1 * x2
            h[1][1] += v * x2 * x2
        det = h[0][0] * h[1][1] - h[0][1] ** 2
        w[0] += (h[1][1] * g[0] - h[0][1] * g[1]) / det
        w[1] += (h[0][0] * g[1] - h[0][1] * g[0]) / det
    return w[0], w[1]


def _scores(rows: list[tuple[float, float, int]], slope: float, deal: float) -> dict[str, float]:
    loss = brier = 0.0
    for x1, x2, y in rows:
        p = 1.0 / (1.0 + math.exp(-(slope * x1 + deal * x2)))
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return {"log_loss": round(loss / len(rows), 4), "brier": round(brier / len(rows), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to fit on (as many again are held out)")
    parser.add_argument("--target", type=int, default=121)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from muggins.plugins import load_registry, reset_registry

    from cribbage_muggins.horizon import HORIZON_DEAL, HORIZON_SLOPE

    registry = load_registry(only=["cribbage_muggins"])
    reset_registry(registry)
    game = registry.game("cribbage_muggins")
    rules = game.Rules(target=args.target) if args.target != 121 else game.Rules()
    start = args.seed * 1_000_000
    fit_rows = _positions(game, registry, rules, range(start, start + args.games))
    held_rows = _positions(game, registry, rules, range(start + args.games, start + 2 * args.games))
    slope, deal = _fit(fit_rows)
    print(json.dumps({
        "target": args.target, "games": args.games, "positions": len(fit_rows), "held_out_positions": len(held_rows),
        "fit": {"slope": round(slope, 4), "deal": round(deal, 4)},
        "held_out": {"fitted": _scores(held_rows, slope, deal), "in_state": _scores(held_rows, HORIZON_SLOPE, HORIZON_DEAL),
                     "constant_half": _scores(held_rows, 0.0, 0.0)},
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
