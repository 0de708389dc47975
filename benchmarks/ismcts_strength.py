"""Not a benchmark: OpenSpiel's ISMCTS against muggins' own players, through the OpenSpiel adapter, paired with seats swapped.

For each pair, one deal (a seed of the opening chance node of
`muggins.openspiel`'s game) is played twice: once with OpenSpiel's Python
`ISMCTSBot` (its `RandomRolloutEvaluator`, one random rollout per
simulation) at the seats of one half of the table and a muggins player
(`search`, the seat spec as a user picks it, or `expert`) at the others,
once with the halves swapped, so over a pair every seat is played once by
each side on the same cards (common random numbers). The table is halved
by alternate seats (0, 2, 4 and 1, 3 at five players). The figures, each
with a normal 95% interval over the pairs (mean ± 1.96 · sd / √pairs, the
same computation as `search_strength.py`'s): ISMCTS's win share (the
wins its seats took, a tie sharing the win, over the two matches of a pair;
0.5 at equal strength where every match has a winner), the difference of
the two sides' win shares, and the points difference per seat where the
game has points (fishing chips, shedding hands won, cribbage game points).
ISMCTS runs the simulations the `search` seat spends on a decision (200,
the default budget; cribbage's prior spends four times that, 800, on each
discard and play), at every decision it has a choice in, unless
`--simulations` says otherwise. Its randomness (tree, rollouts and the
deals it imagines, through `resample_from_infostate`) comes from one
stream per match derived from `--seed`, and the deal seeds are drawn from
`--seed` before the run, so a run is reproducible. Each side's CPU seconds
per decision with a choice are reported (and, for `search`, per decision
it simulated). The muggins seats are asked as the engine asks them: a
player that takes a sole correct choice is not asked where there is one.

Run: `uv run --group dev --group bench python benchmarks/ismcts_strength.py [--games GAME ...] [--against search|expert ...]
[--pairs N] [--simulations N] [--rules GAME:key=value ...] [--workers 2] [--seed N] [--json]`; a table (or one JSON
object) on stdout, progress on stderr.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from search_strength import PLUGINS, _interval, _share  # noqa: E402  (the paired method's own statistics)

#: The games as measured here: players, house rules (shortened to fit the CPU at hand) and a short name.
SETTINGS: dict[str, dict[str, Any]] = {
    "willughby_fishing": {"players": 5, "rules": {"deals": 1}, "short": "fishing", "points": "chips"},
    "muggins_shedding": {"players": 4, "rules": {"hands": 1}, "short": "shedding", "points": "hands"},
    "cribbage_muggins": {"players": 2, "rules": {"target": 61}, "short": "cribbage", "points": "points"},
}
#: The simulations `search` (the seat spec with no options) spends on a decision it searches: its default budget
#: (`iterations=200`) times the effort its game's prior asks for (cribbage: 4 on discards and plays, 0 on counts and calls).
SEARCH_SIMULATIONS = {"willughby_fishing": 200, "muggins_shedding": 200, "cribbage_muggins": 800}
UCT_C = 2.0


def ismcts_seats(players: int, swapped: bool) -> tuple[int, ...]:
    """The seats ISMCTS plays in the first match of a pair (alternate seats from 0) or, swapped, in the second."""
    return tuple(seat for seat in range(players) if (seat % 2 == 1) == swapped)


def rules_text(rules: dict[str, Any]) -> str:
    return ";".join(f"{key}:{json.dumps(value) if not isinstance(value, str) else value}" for key, value in rules.items())


def deal_digest(match_state: Any) -> str:
    """A digest of where every card lies: two matches dealt alike have the same."""
    piles = sorted((pile, [str(card) for card in cards]) for pile, cards in match_state.piles().items())
    return hashlib.sha1(repr(piles).encode()).hexdigest()[:16]


def play_match(name: str, rules: dict[str, Any], players: int, deal: int, seats: tuple[int, ...], against: str,
               simulations: int, stream: int) -> dict[str, Any]:
    """One match of `deal`: ISMCTS at `seats`, `against` at the others; each seat's share and score, each side's CPU time."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import muggins.openspiel  # noqa: F401  (registers the games)
    from muggins.engine import LazyView
    from muggins.plugins import load_registry, reset_registry
    from muggins.players import make_players
    from muggins.sampler import bind_samplers

    registry = load_registry(only=[PLUGINS[name]])
    reset_registry(registry)  # the search player's rollouts find the game's own kinds here
    muggins_game = registry.game(name)
    game = pyspiel.load_game(name, {"players": players, "deals": max(deal + 1, 1000), "rules": rules_text(rules)})
    noise = random.Random(stream)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(noise.getrandbits(32))), UCT_C,
                           simulations, random_state=np.random.RandomState(noise.getrandbits(32)))
    worlds = random.Random(noise.getrandbits(64))
    # Seeded here: OpenSpiel's own resampling draws from an unseeded sampler of its own.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.random))
    state = game.new_initial_state()
    state.apply_action(deal)
    match_state = state.table.match.state
    dealt = deal_digest(match_state)
    ours = make_players(registry, muggins_game, [against] * players, deal)
    bind_samplers(ours, match_state)
    spent = {"ismcts": [0, 0.0], "ours": [0, 0.0], "ours_simulated": [0, 0.0]}
    while not state.is_terminal():
        decision = state.table.decision
        seat = decision.seat
        if seat in seats:
            start = time.process_time()
            action = int(bot.step(state))
            if len(decision.choices) > 1:
                spent["ismcts"][0] += 1
                spent["ismcts"][1] += time.process_time() - start
        else:
            player = ours[seat]
            correct = decision.correct
            if getattr(player, "takes_sole_correct_choice", False) and len(correct) == 1:
                chosen = correct[0]
            else:
                start = time.process_time()
                chosen = player.choose(LazyView(match_state, seat), decision)
                took = time.process_time() - start
                if len(decision.choices) > 1:
                    spent["ours"][0] += 1
                    spent["ours"][1] += took
                    if getattr(player, "simulations", 1):  # a decision its game's prior answered unsearched ran none
                        spent["ours_simulated"][0] += 1
                        spent["ours_simulated"][1] += took
            action = next((i for i, choice in enumerate(decision.choices) if choice is chosen), None)
            if action is None:
                action = decision.choices.index(chosen)
        state.apply_action(action)
    result = state.result()
    sides = muggins_game.sides(muggins_game.Rules(**rules), players)
    side_of = list(range(players))
    for index, members in enumerate(sides or ()):
        for member in members:
            side_of[member] = players + index
    return {
        "deal": deal, "dealt": dealt, "ismcts_seats": list(seats), "stream": stream, "ended": result is not None,
        "shares": [_share(result, seat, side_of) if result is not None else 0.0 for seat in range(players)],
        "scores": [float(result.scores[seat]) if result is not None and seat < len(result.scores) else 0.0 for seat in range(players)],
        "decisions": state.table.match.taken,
        "spent": spent,
    }


def play_pair(task: tuple[str, dict[str, Any], int, int, str, int, int, int]) -> dict[str, Any]:
    """Both matches of one pair: the same deal, ISMCTS's seats swapped; the pair's figures for ISMCTS's side."""
    name, rules, players, deal, against, simulations, stream, index = task
    matches = [play_match(name, rules, players, deal, ismcts_seats(players, swapped), against, simulations, stream + swapped)
               for swapped in (False, True)]
    ismcts_share = sum(m["shares"][s] for m in matches for s in m["ismcts_seats"]) / 2
    ours_share = sum(m["shares"][s] for m in matches for s in range(players) if s not in m["ismcts_seats"]) / 2
    ismcts_points = sum(m["scores"][s] for m in matches for s in m["ismcts_seats"])
    ours_points = sum(m["scores"][s] for m in matches for s in range(players) if s not in m["ismcts_seats"])
    return {"game": name, "against": against, "simulations": simulations, "pair": index, "deal": deal, "matches": matches, "ismcts_share": ismcts_share, "ours_share": ours_share,
            "points_difference": (ismcts_points - ours_points) / players}  # per seat: each side holds every seat once


def pair_tasks(name: str, against: str, pairs: int, seed: int, simulations: int, rules: dict[str, Any],
               players: int) -> list[tuple[str, dict[str, Any], int, int, str, int, int, int]]:
    """The pairs of a run, their deals and streams fixed by `seed` before any is played (distinct deals per game)."""
    from muggins.rng import derive_seed

    deals = random.Random(derive_seed(seed, "ismcts deals", name)).sample(range(max(1000, 2 * pairs)), pairs)
    return [(name, rules, players, deal, against, simulations, derive_seed(seed, "ismcts", name, against, index) * 2, index)
            for index, deal in enumerate(deals)]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A run's figures: ISMCTS's win share, the difference of win shares and of points per seat, with 95% intervals, and the costs."""
    share = _interval([r["ismcts_share"] for r in rows])
    difference = _interval([r["ismcts_share"] - r["ours_share"] for r in rows])
    points = _interval([r["points_difference"] for r in rows])
    totals: dict[str, list[float]] = {"ismcts": [0, 0.0], "ours": [0, 0.0], "ours_simulated": [0, 0.0]}
    for row in rows:
        for match in row["matches"]:
            for key, (count, seconds) in match["spent"].items():
                totals[key][0] += count
                totals[key][1] += seconds
    return {
        "pairs": len(rows),
        "ismcts_win_share": {"mean": share[0], "ci95": [share[1], share[2]]},
        "win_share_difference": {"mean": difference[0], "ci95": [difference[1], difference[2]]},
        "points_difference_per_seat": {"mean": points[0], "ci95": [points[1], points[2]]},
        # Few pairs make a normal interval rough (none at all when every pair ends alike): the pairs by who won more.
        "pairs_ismcts_ahead": sum(1 for r in rows if r["ismcts_share"] > r["ours_share"]),
        "pairs_level": sum(1 for r in rows if r["ismcts_share"] == r["ours_share"]),
        "pairs_ours_ahead": sum(1 for r in rows if r["ismcts_share"] < r["ours_share"]),
        "unfinished_matches": sum(1 for r in rows for m in r["matches"] if not m["ended"]),
        "decisions": {key: int(count) for key, (count, _) in totals.items()},
        "seconds_per_decision": {key: (seconds / count if count else None) for key, (count, seconds) in totals.items()},
    }


def summaries(rows: list[dict[str, Any]], runs: list[tuple[str, str, dict[str, Any], int, int]]) -> list[dict[str, Any]]:
    """One summary per game and opponent of `runs` that has pairs among `rows`."""
    results = []
    for name, against, rules, players, simulations in runs:
        mine = sorted((r for r in rows if r["game"] == name and r["against"] == against), key=lambda r: r["pair"])
        if mine:
            results.append({"game": name, "players": players, "rules": rules, "against": against, "ismcts_simulations": simulations,
                            "ismcts": f"ISMCTSBot(RandomRolloutEvaluator(1), uct_c={UCT_C}, max_simulations={simulations})",
                            "pair_indices": [r["pair"] for r in mine], **summary(mine)})
    return results


def _game_rules(name: str, given: list[str]) -> dict[str, Any]:
    rules = dict(SETTINGS[name]["rules"])
    for item in given:
        game, _, pair = item.partition(":")
        if game not in (name, SETTINGS[name]["short"]):
            continue
        key, _, text = pair.partition("=")
        try:
            rules[key] = json.loads(text)
        except json.JSONDecodeError:
            rules[key] = text
    return rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=sorted(SETTINGS), default=list(SETTINGS))
    parser.add_argument("--against", nargs="+", choices=["search", "expert"], default=["search", "expert"])
    parser.add_argument("--pairs", type=int, default=2, help="pairs per game and opponent (two matches each, seats swapped)")
    parser.add_argument("--pairs-of", nargs="*", default=[], metavar="GAME=N",
                        help="pairs for one game (its name or fishing, shedding, cribbage) over --pairs")
    parser.add_argument("--simulations", type=int, default=None,
                        help="ISMCTS's simulations per decision (default: what `search` spends in that game)")
    parser.add_argument("--rules", nargs="*", default=[], metavar="GAME:key=value",
                        help="house rules over the defaults here (fishing deals=1, shedding hands=1, cribbage target=61)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout instead of the table")
    parser.add_argument("--rows", metavar="FILE", help="also write every pair's figures to FILE, one JSON line each")
    parser.add_argument("--summarize", metavar="FILE", help="print the figures of the pairs in FILE (an earlier run's --rows) and stop")
    args = parser.parse_args(argv)
    print(f"seed {args.seed}", file=sys.stderr, flush=True)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as given:
            rows = [json.loads(line) for line in given if line.strip()]
        found = sorted({(r["game"], r["against"], r["simulations"]) for r in rows})
        runs_found = [(name, against, _game_rules(name, args.rules), SETTINGS[name]["players"], simulations)
                      for name, against, simulations in found]
        report = {"seed": args.seed, "workers": args.workers, "wall_seconds": None, "from_rows": args.summarize,
                  "runs": summaries(rows, runs_found)}
        print(json.dumps(report) if args.json else table(report))
        return 0
    counts = {}
    for item in args.pairs_of:
        key, _, count = item.partition("=")
        counts.update({name: int(count) for name in SETTINGS if key in (name, SETTINGS[name]["short"])})
    runs = []
    for name in args.games:
        players = SETTINGS[name]["players"]
        rules = _game_rules(name, args.rules)
        simulations = args.simulations or SEARCH_SIMULATIONS[name]
        for against in args.against:
            runs.append((name, against, rules, players, simulations,
                         pair_tasks(name, against, counts.get(name, args.pairs), args.seed, simulations, rules, players)))
    # Round by round (pair 0 of every game and opponent, then pair 1, ...), so a run stopped early holds the first pairs of each.
    tasks = [run[-1][index] for index in range(max(len(run[-1]) for run in runs)) for run in runs if index < len(run[-1])]
    started = time.time()
    rows: list[dict[str, Any]] = []
    out = open(args.rows, "w", encoding="utf-8") if args.rows else None
    try:
        with Pool(args.workers) as pool:
            for row in pool.imap_unordered(play_pair, tasks):
                rows.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                print(f"{len(rows)}/{len(tasks)} pairs ({row['game']} against {row['against']}), {time.time() - started:.0f} s",
                      file=sys.stderr, flush=True)
    finally:
        if out is not None:
            out.close()
    report = {"seed": args.seed, "workers": args.workers, "wall_seconds": round(time.time() - started, 1),
              "runs": summaries(rows, [(name, against, rules, players, simulations) for name, against, rules, players, simulations, _ in runs])}
    if args.json:
        print(json.dumps(report))
    else:
        print(table(report))
    return 0


def _figure(value: dict[str, Any], digits: int = 3) -> str:
    low, high = value["ci95"]
    return f"{value['mean']:+.{digits}f} ({low:+.{digits}f} to {high:+.{digits}f})"


def table(report: dict[str, Any]) -> str:
    """The runs as a Markdown table, one row per game and opponent."""
    lines = ["| game (rules) | ISMCTS against | simulations | pairs | ISMCTS win share (95%) | win-share difference (95%) "
             "| points per seat (95%) | pairs ISMCTS / level / ours | ISMCTS s / decision | ours s / decision |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for run in report["runs"]:
        seconds = run["seconds_per_decision"]
        ours = f"{seconds['ours']:.3f}" if seconds["ours"] is not None else "—"
        if run["against"] == "search" and seconds["ours_simulated"] is not None:
            ours += f" ({seconds['ours_simulated']:.3f} simulated)"
        settings = SETTINGS[run["game"]]
        theirs = f"{seconds['ismcts']:.2f}" if seconds["ismcts"] is not None else "—"
        share = run["ismcts_win_share"]
        lines.append(
            f"| {settings['short']} ({rules_text(run['rules'])}, {run['players']} players) | `{run['against']}` | {run['ismcts_simulations']} "
            f"| {run['pairs']} | {share['mean']:.3f} ({share['ci95'][0]:.3f} to {share['ci95'][1]:.3f}) "
            f"| {_figure(run['win_share_difference'])} | {_figure(run['points_difference_per_seat'], 2)} {settings['points']} "
            f"| {run['pairs_ismcts_ahead']} / {run['pairs_level']} / {run['pairs_ours_ahead']} | {theirs} | {ours} |")
    if report.get("from_rows"):
        lines.append(f"\nthe pairs of {report['from_rows']}")
    else:
        lines.append(f"\nseed {report['seed']}, {report['workers']} workers, {report['wall_seconds']} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
