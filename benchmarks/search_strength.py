"""Not a benchmark: how the search player fares against each game's expert, at a stated budget, with 95% intervals.

For each match seed and each seat position, the same deal is played twice
(common random numbers): once with a `search` seat at that position and the
game's own expert in every other seat, once with experts everywhere. The
figure is the paired difference of that seat's return between the two —
its win share (a tie shares the win; partners win together) and its score
(chips for fishing, hands won for shedding, game points for cribbage) —
with a normal 95% interval over the pairs (mean ± 1.96 · sd / √pairs). A
positive win-share difference whose interval excludes 0 means the search
player beats the expert it replaced. The search seat's seconds per
decision it actually searched (decisions with one choice cost nothing and
are not counted) are reported beside, and again over only the decisions
at which it ran simulations (a game's prior may let it answer some as its
expert does, at no cost), with how many pairs ended otherwise than the
experts' match. Matches may be shortened by house
rules (`--rules hands=1`) to fit the CPU at hand; the output names them.
`--horizon off` has every simulation play on to the end of the match
where the game offers a horizon (cribbage: the end of the deal; on by
default, as in the kind). `--search-only discard` (or `play`, cribbage's
decision kinds) has the search seat search only decisions of those kinds
and answer the rest as the expert does, which says where the search gains
or loses. `--spec SPEC` seats the search as that seat spec, verbatim
(`search`: as a user would pick it, the game's `search_defaults` filling
what it leaves out; `search:seconds=0.1` with a time limit), instead of
building one from the options above.

Run: `uv run --group dev python benchmarks/search_strength.py GAME [--matches N] [--iterations N] [--rollout SPEC]
[--returns wins|scores] [--horizon on|off] [--opponents tree|rollout] [--search-only KINDS]
[--free] [--spec SPEC] [--rules key=value ...] [--players N] [--workers N] [--seed N] [--rows FILE] [--add-rows FILE]`; one JSON line on stdout, progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

PLUGINS = {"muggins_shedding": "muggins_shedding", "cribbage_muggins": "cribbage_muggins", "willughby_fishing": "willughby_fishing"}


def _rules(game: Any, pairs: list[str]) -> Any:
    values: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        try:
            values[key] = json.loads(text)
        except json.JSONDecodeError:
            values[key] = text
    return game.Rules(**values)


def _share(result: Any, seat: int, side_of: list[int]) -> float:
    winners = result.winners
    if seat not in winners:
        return 0.0
    return 1.0 / len({side_of[s] for s in winners})


class _SearchOnly:
    """The search seat searching only decisions of the kinds named, the expert at its seat answering the rest."""

    def __init__(self, search: Any, expert: Any, kinds: set[str]) -> None:
        self.search, self.expert, self.kinds = search, expert, kinds

    def __getattr__(self, name: str) -> Any:  # the contract's declarations, bind and the sampler: the search's own
        return getattr(self.search, name)

    def choose(self, view: Any, decision: Any) -> Any:
        return (self.search if decision.kind in self.kinds else self.expert).choose(view, decision)


def _one(task: tuple[str, list[str], int, int, int, str, str, str]) -> dict[str, Any]:
    """Play one seed with the search seat at `position`, then with experts only; the seat's figures in both."""
    name, rule_pairs, players, seed, position, search, expert, only = task
    from muggins.engine import Match, make_players
    from muggins.plugins import load_registry, reset_registry

    registry = load_registry(only=[PLUGINS[name]])
    reset_registry(registry)  # the search player's rollouts find the game's own kinds here
    game = registry.game(name)
    rules = _rules(game, rule_pairs)
    sides = game.sides(rules, players)
    side_of = list(range(players))
    for index, seats in enumerate(sides or ()):
        for s in seats:
            side_of[s] = players + index
    out: dict[str, Any] = {"seed": seed, "position": position}
    for label, specs in (("search", [search if s == position else expert for s in range(players)]), ("expert", [expert] * players)):
        bots = make_players(registry, game, specs, seed)
        searched, spent, simulated, simulated_spent = [0], [0.0], [0], [0.0]
        if label == "search":
            if only:
                bots[position] = _SearchOnly(bots[position], make_players(registry, game, [expert] * players, seed)[position], set(only.split(",")))
            player = bots[position]
            choose = player.choose

            def timed(view: Any, decision: Any, choose: Any = choose) -> Any:
                start = time.process_time()
                found = choose(view, decision)
                if len(decision.choices) > 1 and (not only or decision.kind in only.split(",")):
                    took = time.process_time() - start
                    searched[0] += 1
                    spent[0] += took
                    if getattr(player, "simulations", 1):  # a decision the game let it answer by its prior ran none
                        simulated[0] += 1
                        simulated_spent[0] += took
                return found

            player.choose = timed
        result = Match(game.new(rules, players, seed), bots).run()
        out[label] = {"share": _share(result, position, side_of),
                      "score": float(result.scores[position]) if len(result.scores) > position else 0.0}
        if label == "search":
            out["decisions"], out["seconds"] = searched[0], spent[0]
            out["simulated"], out["simulated_seconds"] = simulated[0], simulated_spent[0]
    return out


def _interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(PLUGINS))
    parser.add_argument("--matches", type=int, default=20, help="seeds; each is played once per seat position, twice (search, experts)")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--exploration", type=float, default=0.7)
    parser.add_argument("--rollout", default="random")
    parser.add_argument("--returns", default="wins")
    parser.add_argument("--horizon", choices=["on", "off"], default="on",
                        help="stop simulations at the game's horizon where it offers one (cribbage: the end of the deal)")
    parser.add_argument("--opponents", choices=["tree", "rollout"], default="tree",
                        help="the other seats' moves in a simulation: searched (tree) or played by the rollout players")
    parser.add_argument("--free", action="store_true", help="only_correct=false: the search seat may choose mistakes (default: correct choices only)")
    parser.add_argument("--search-only", default="", metavar="KIND[,KIND]",
                        help="decision kinds the search seat searches (cribbage: discard, play); the expert answers its others")
    parser.add_argument("--spec", default=None, help="the search seat's spec verbatim (search: the game's defaults), over the options above")
    parser.add_argument("--rules", nargs="*", default=[])
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=None, help="seat positions to rotate the search seat through (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", metavar="FILE", help="also write every pair's figures to FILE, one JSON line each (to pair two runs)")
    parser.add_argument("--add-rows", action="append", default=[], metavar="FILE",
                        help="pool the pairs of an earlier run of the same search (its --rows FILE) into the figures")
    args = parser.parse_args(argv)
    from muggins.plugins import load_registry
    from muggins.rng import derive_seed

    game = load_registry(only=[PLUGINS[args.game]]).game(args.game)
    players = args.players or game.default_players
    search = (f"search:iterations={args.iterations},exploration={args.exploration},rollout={args.rollout},returns={args.returns}"
              f",only_correct={'false' if args.free else 'true'},horizon={'true' if args.horizon == 'on' else 'false'}"
              f",opponents={args.opponents}")
    if args.spec:
        search = args.spec
    positions = range(args.positions or players)
    tasks = [(args.game, args.rules, players, derive_seed(args.seed, "strength", index), position, search, "expert", args.search_only)
             for index in range(args.matches) for position in positions]
    started = time.time()
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(_one, tasks):
            rows.append(row)
            print(f"{len(rows)}/{len(tasks)} pairs, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
    for path in args.add_rows:
        with open(path, encoding="utf-8") as earlier:
            rows.extend(json.loads(line) for line in earlier if line.strip())
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(row) + "\n" for row in rows)
    share = _interval([r["search"]["share"] - r["expert"]["share"] for r in rows])
    score = _interval([r["search"]["score"] - r["expert"]["score"] for r in rows])
    decisions = sum(r["decisions"] for r in rows)
    simulated = sum(r.get("simulated", r["decisions"]) for r in rows)  # rows of earlier runs simulated at every decision
    simulated_seconds = sum(r.get("simulated_seconds", r["seconds"]) for r in rows)
    differing = sum(1 for r in rows if r["search"] != r["expert"])
    print(json.dumps({
        "game": args.game, "players": players, "rules": args.rules, "search": search, "search_only": args.search_only or "every decision", "opponents": "expert",
        "pairs": len(rows), "seeds": args.matches, "pooled_from": args.add_rows, "positions": len(positions),
        "search_win_share": sum(r["search"]["share"] for r in rows) / len(rows),
        "expert_win_share_same_seat": sum(r["expert"]["share"] for r in rows) / len(rows),
        "win_share_difference": {"mean": share[0], "ci95": [share[1], share[2]]},
        "score_difference": {"mean": score[0], "ci95": [score[1], score[2]]},
        "searched_decisions": decisions,
        "seconds_per_searched_decision": sum(r["seconds"] for r in rows) / decisions if decisions else None,
        "simulated_decisions": simulated,
        "seconds_per_simulated_decision": simulated_seconds / simulated if simulated else None,
        "pairs_differing": differing,
        "wall_seconds": round(time.time() - started, 1), "workers": args.workers,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
