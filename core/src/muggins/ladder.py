"""Ladders: kinds of player rated against each other on balanced seatings and the same deals, with OpenSkill ratings and pairwise win rates.

`ladder` plays `kinds` (seat specs, at least two, each once) against each
other. **Design.** The seatings come in blocks (`design_for`): a block is
every ordering of min(P, K) of the K kinds for P players (K!/(K−P)!
seatings, or K! with more players than kinds, seat j then taking the
ordering's kind j mod K, so fishing's five seats for four kinds seat one
kind twice: each kind in each seat position equally often, each ordered
pair of kinds in each ordered pair of positions equally often) when ten
such blocks fit in the matches asked for (`MIN_BLOCKS`); otherwise a
block is the K cyclic rotations of the kinds in the order given (seat j
of rotation r is kind (r + j) mod K, repeats included): each kind in each
position exactly once per block, but each kind always has the same
neighbours, with fewer players than kinds some pairs never meet (the
pairs table shows 0 matches) and with partnerships some pairs are always
partners. The matches asked for are rounded up to
whole blocks. **Common random numbers.** Block b is dealt from the seed
`derive_seed(seed, "game", b)` in every seating of the block, as
`muggins.study.compare` deals match b under every rule set; with several
rule sets each block is played under each one too, so rule sets are
compared on the same deals and the same seatings. The blocks run through
the chunk machinery of `muggins.simulate` (a chunk of blocks; processes or
a Dask cluster), folded in block order, so the answer is identical for any
worker count. **Places.** A match ranks its seats, or its sides where the
game names partnerships: the winners (`Result.winners`, a side listed
among them wins whole) first; when the winners are exactly the seats (or
sides) of the highest score, every other seat is placed by its score too
(fishing's chips, shedding's hands won), equal scores sharing a place;
otherwise (a draw, lowball cribbage) all the rest share second place.
**Ratings** (OpenSkill's Plackett–Luce model, the optional extra
`muggins-core[ladder]`, imported only here): each match updates the
ratings in block and seating order, one team per side (each seat alone
without partnerships) ranked by its place. Each seat is a rating instance
starting from its kind's rating, so a kind sitting twice in a match (in
two teams, or twice in one) takes part as two players of its skill; its
new rating is the mean of its instances' (mu and sigma), so one match
moves a kind once, however many seats it holds. **Pairs.** For kinds a
and b, each match holding both in opposing seats (different sides) scores
the mean, over such seat pairs, of 1 when a's seat placed ahead of b's,
½ for a shared place, 0 behind; the win rate is the sum over matches
divided by their number, with a 95% interval over blocks (the delta
method for a ratio of sums, `muggins.stats.CrossSums.ratio`, clipped to
0..1): the matches of a block share a deal and are not independent, the
blocks are. It is never narrower than the Wilson score interval over the
pair's matches, which it would be when every block agrees. **Skill against luck** (two or more rule sets): each kind's
win share (a seat's share of the win, partners winning together) per
block is kept as a vector over rule sets and kinds; the strongest and
weakest kinds are those of the highest and lowest win share averaged over
the rule sets, and the gap (strongest minus weakest) of each rule set and
its paired difference from the first rule set's come with intervals over
blocks (`CrossSums.linear`), as `compare` computes its paired
differences; the rating gap (difference of mu) has an interval from the
two ratings' sigmas, and its difference between rule sets one from the
four sigmas, not paired. Memory stays flat in the number of matches.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .game import Game
from .houserules import Asked, keep_answers
from .players import make_players
from .rules import rules_from_dict, rules_to_dict
from .simulate import (ChunkPlan, GameOutcome, ProcessRunner, SimulationInterrupted, chunk_bounds, in_force, plan_answers, play_one, resolve_setup,
                       run_chunks, sides_of)
from .stats import Z95, CrossSums

if TYPE_CHECKING:
    from .registry import Registry

__all__ = ["ladder", "design_for", "Design", "LadderTally", "LadderFold", "places", "win_shares", "RatingsUnavailable", "rating_model", "CONFIDENCE", "EXTRA", "MIN_BLOCKS"]

CONFIDENCE = 0.95
#: Every ordering is the block only when this many such blocks fit in the matches asked for: the intervals are over
#: blocks, so they need a few, and rounding the matches up to whole blocks then adds less than a tenth.
MIN_BLOCKS = 10
#: How to install the ratings' package.
EXTRA = 'pip install "muggins-core[ladder]"'

class RatingsUnavailable(ImportError):
    """The optional package openskill is not installed; the message is one line naming it and the extra."""


def rating_model() -> Any:
    """OpenSkill's Plackett–Luce model with its default parameters (mu 25, sigma 25/3), or RatingsUnavailable."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as exc:
        raise RatingsUnavailable(f"ratings need the optional package openskill: {EXTRA}") from exc
    return PlackettLuce()


# -- the design --------------------------------------------------------------------
@dataclass(frozen=True)
class Design:
    """The seatings of one block: `name` is "orderings" (every ordering of P of the kinds) or "rotations" (the K cyclic rotations)."""

    name: str
    kinds: tuple[str, ...]
    players: int
    seatings: tuple[tuple[str, ...], ...]

    @property
    def block(self) -> int:
        return len(self.seatings)

    def blocks_for(self, matches: int) -> int:
        """Whole blocks holding at least `matches` matches (the matches asked for are rounded up)."""
        return -(-matches // self.block)

    def to_dict(self, blocks: int) -> dict[str, Any]:
        return {"name": self.name, "block": self.block, "blocks": blocks, "seatings": [list(s) for s in self.seatings]}


def design_for(kinds: Sequence[str], players: int, matches: int) -> Design:
    """The balanced block for `kinds` in `players` seats: every ordering when `MIN_BLOCKS` blocks of them fit in `matches`, else the cyclic rotations.

    With more seats than kinds an ordering of all K kinds fills seat j with
    its kind j mod K, so every kind has every other as a neighbour equally
    often, where the rotations of one order always give it the same ones.
    """
    kinds = tuple(kinds)
    k = len(kinds)
    if MIN_BLOCKS * math.perm(k, min(players, k)) <= matches:
        orders = itertools.permutations(kinds, min(players, k))
        return Design("orderings", kinds, players, tuple(tuple(order[j % k] for j in range(players)) for order in orders))
    return Design("rotations", kinds, players, tuple(tuple(kinds[(r + j) % k] for j in range(players)) for r in range(k)))


# -- one match ---------------------------------------------------------------------
def _units(players: int, sides: Sequence[Sequence[int]] | None) -> list[tuple[int, ...]]:
    return [tuple(side) for side in sides] if sides is not None else [(seat,) for seat in range(players)]


def places(outcome: GameOutcome, players: int, sides: Sequence[Sequence[int]] | None = None) -> list[int]:
    """Each seat's place in the match (1 first; equal places tie), by side where the game has sides (see the module's "Places")."""
    units = _units(players, sides)
    winners = set(outcome.winners)
    won = [any(seat in winners for seat in unit) for unit in units]
    if not any(won):
        unit_places = [1] * len(units)
    else:
        scores = [sum(outcome.scores[seat] for seat in unit) for unit in units] if len(outcome.scores) == players else None
        if scores is not None and {n for n, w in enumerate(won) if w} == {n for n, s in enumerate(scores) if s == max(scores)}:
            unit_places = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        else:
            unit_places = [1 if w else 2 for w in won]
    found = [0] * players
    for unit, place in zip(units, unit_places):
        for seat in unit:
            found[seat] = place
    return found


def win_shares(outcome: GameOutcome, players: int, sides: Sequence[Sequence[int]] | None = None) -> list[float]:
    """Each seat's share of the win: 1/n for each of n winning sides (seats, without partnerships), partners winning together; 0 in a draw."""
    units = _units(players, sides)
    winners = set(outcome.winners)
    winning = [unit for unit in units if any(seat in winners for seat in unit)]
    shares = [0.0] * players
    for unit in winning:
        for seat in unit:
            shares[seat] = 1 / len(winning)
    return shares


# -- the tally of one rule set -------------------------------------------------------
class LadderTally:
    """Ratings, per-kind figures and pair sums of one rule set, folded match by match and block by block."""

    def __init__(self, kinds: Sequence[str], players: int, sides: Sequence[Sequence[int]] | None, model: Any) -> None:
        self.kinds = tuple(kinds)
        self.index = {kind: n for n, kind in enumerate(self.kinds)}
        self.players = players
        self.sides = None if sides is None else [tuple(side) for side in sides]
        self.side_of = [0] * players
        for n, unit in enumerate(_units(players, self.sides)):
            for seat in unit:
                self.side_of[seat] = n
        self.model = model
        self.ratings = [model.rating(name=kind) for kind in self.kinds]
        k = len(self.kinds)
        self.seats = [0] * k
        self.matches = [0] * k
        self.scored = 0
        self.pairs = [(a, b) for a in range(k) for b in range(a + 1, k)]
        self.pair_sums = {pair: CrossSums(2) for pair in self.pairs}
        self.pair_matches = {pair: 0 for pair in self.pairs}
        self.blocks = 0
        self._start_block()

    def _start_block(self) -> None:
        k = len(self.kinds)
        self.block_share = [0.0] * k
        self.block_score = [0.0] * k
        self.block_seats = [0] * k
        self.block_pairs = {pair: [0.0, 0.0] for pair in self.pairs}

    def add(self, seating: Sequence[str], outcome: GameOutcome) -> None:
        """One match of the current block: `seating` names each seat's kind."""
        players = self.players
        seat_kind = [self.index[kind] for kind in seating]
        place = places(outcome, players, self.sides)
        share = win_shares(outcome, players, self.sides)
        scored = len(outcome.scores) == players
        self.scored += scored
        for seat, kind in enumerate(seat_kind):
            self.seats[kind] += 1
            self.block_seats[kind] += 1
            self.block_share[kind] += share[seat]
            if scored:
                self.block_score[kind] += outcome.scores[seat]
        present = sorted(set(seat_kind))
        for kind in present:
            self.matches[kind] += 1
        for a, b in itertools.combinations(present, 2):
            points = [1.0 if place[x] < place[y] else 0.5 if place[x] == place[y] else 0.0
                      for x in range(players) if seat_kind[x] == a for y in range(players) if seat_kind[y] == b and self.side_of[x] != self.side_of[y]]
            if points:
                sums = self.block_pairs[(a, b)]
                sums[0] += sum(points) / len(points)
                sums[1] += 1
                self.pair_matches[(a, b)] += 1
        self._rate(seat_kind, place)

    def _rate(self, seat_kind: Sequence[int], place: Sequence[int]) -> None:
        units = _units(self.players, self.sides)
        teams = [[self.model.rating(mu=self.ratings[seat_kind[seat]].mu, sigma=self.ratings[seat_kind[seat]].sigma) for seat in unit] for unit in units]
        rated = self.model.rate(teams, ranks=[place[unit[0]] for unit in units])
        updates: dict[int, list[Any]] = {}
        for unit, team in zip(units, rated):
            for seat, rating in zip(unit, team):
                updates.setdefault(seat_kind[seat], []).append(rating)
        for kind, found in updates.items():
            mu = sum(r.mu for r in found) / len(found)
            sigma = sum(r.sigma for r in found) / len(found)
            self.ratings[kind] = self.model.rating(mu=mu, sigma=sigma, name=self.kinds[kind])

    def end_block(self) -> tuple[list[float], list[float]]:
        """Close the block: its pair sums are folded in; returns each kind's mean win share and mean score per seat in the block."""
        self.blocks += 1
        for pair, (points, count) in self.block_pairs.items():
            self.pair_sums[pair].add([points, count])
        shares = [s / n if n else 0.0 for s, n in zip(self.block_share, self.block_seats)]
        scores = [s / n if n else 0.0 for s, n in zip(self.block_score, self.block_seats)]
        self._start_block()
        return shares, scores

    def ratings_list(self) -> list[dict[str, Any]]:
        """The ratings, best ordinal (mu − 3 sigma) first."""
        found = [{"kind": kind, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for kind, r in zip(self.kinds, self.ratings)]
        return sorted(found, key=lambda r: -r["ordinal"])

    def pairs_list(self) -> list[dict[str, Any]]:
        out = []
        for a, b in self.pairs:
            found = self.pair_sums[(a, b)].ratio(0, 1, self.blocks)
            rate = found["mean"]
            ci = None if found["low"] is None else _never_narrower_than_wilson(rate, self.pair_matches[(a, b)], found["low"], found["high"])
            out.append({"a": self.kinds[a], "b": self.kinds[b], "matches": self.pair_matches[(a, b)], "win_rate": rate, "ci95": ci})
        return out


def _never_narrower_than_wilson(rate: float, matches: int, low: float, high: float) -> list[float]:
    """The interval over blocks, widened to the Wilson score interval of `rate` over `matches` where that is wider.

    When every block agrees (a kind that won all 20 of its matches against
    another) the interval over blocks has no width at all, which would
    claim a certainty 20 matches cannot give; the Wilson interval is what
    independent matches would allow, so the result is never narrower.
    """
    z = Z95
    if matches > 0:
        centre = (rate + z * z / (2 * matches)) / (1 + z * z / matches)
        half = z * math.sqrt(rate * (1 - rate) / matches + z * z / (4 * matches * matches)) / (1 + z * z / matches)
        low, high = min(low, centre - half), max(high, centre + half)
    return [max(0.0, low), min(1.0, high)]


# -- the whole ladder ----------------------------------------------------------------
class LadderFold:
    """Every rule set's tally and the cross sums over blocks of each kind's win share and score under each rule set."""

    def __init__(self, kinds: Sequence[str], players: int, sides: Sequence[Sequence[int] | None], models: Sequence[Any], seatings: Sequence[Sequence[str]]) -> None:
        self.kinds = tuple(kinds)
        self.seatings = [tuple(s) for s in seatings]
        self.tallies = [LadderTally(kinds, players, s, m) for s, m in zip(sides, models)]
        self.cross = CrossSums(2 * len(self.kinds) * len(self.tallies))

    @property
    def blocks(self) -> int:
        return self.tallies[0].blocks

    def add_block(self, outcomes: Sequence[Sequence[GameOutcome]]) -> None:
        """One block: `outcomes[r][s]` is the match of seating s under rule set r."""
        shares: list[float] = []
        scores: list[float] = []
        for tally, per_rules in zip(self.tallies, outcomes):
            for seating, outcome in zip(self.seatings, per_rules):
                tally.add(seating, outcome)
            block_shares, block_scores = tally.end_block()
            shares += block_shares
            scores += block_scores
        self.cross.add(shares + scores)

    def fold_chunk(self, outcomes: list[list[GameOutcome]]) -> None:
        """A chunk as the runners give it: one list per (rule set, seating), rule set-major, each over the chunk's blocks."""
        s = len(self.seatings)
        for j in range(len(outcomes[0])):
            self.add_block([[outcomes[r * s + n][j] for n in range(s)] for r in range(len(self.tallies))])

    def _unit(self, r: int, kind: int, score: bool = False) -> list[float]:
        k, size = len(self.kinds), len(self.tallies)
        weights = [0.0] * (2 * k * size)
        weights[(k * size if score else 0) + r * k + kind] = 1.0
        return weights

    def per_kind(self, r: int) -> list[dict[str, Any]]:
        tally = self.tallies[r]
        return [{"kind": kind, "seats": tally.seats[n], "matches": tally.matches[n],
                 "win_share": self.cross.linear(self._unit(r, n), self.blocks),
                 "score": self.cross.linear(self._unit(r, n, score=True), self.blocks)["mean"] if tally.scored else None}
                for n, kind in enumerate(self.kinds)]

    def gap(self, labels: Sequence[str | None]) -> dict[str, Any] | None:
        size = len(self.tallies)
        if size < 2 or not self.blocks:
            return None
        means = [sum(self.cross.linear(self._unit(r, n), self.blocks)["mean"] for r in range(size)) / size for n in range(len(self.kinds))]
        strong = max(range(len(means)), key=lambda n: (means[n], -n))
        weak = min(range(len(means)), key=lambda n: (means[n], n))

        def shares(r: int) -> list[float]:
            return [a - b for a, b in zip(self._unit(r, strong), self._unit(r, weak))]

        def rating(r: int) -> tuple[float, float]:
            found = self.tallies[r].ratings
            return found[strong].mu - found[weak].mu, found[strong].sigma ** 2 + found[weak].sigma ** 2

        def around(mean: float, variance: float) -> dict[str, float]:
            half = Z95 * math.sqrt(variance)
            return {"mean": mean, "low": mean - half, "high": mean + half}

        per_rules = []
        differences: list[dict[str, Any] | None] = [None]
        for r in range(size):
            gap, variance = rating(r)
            per_rules.append({"label": labels[r], "win_share_difference": self.cross.linear(shares(r), self.blocks), "rating_difference": around(gap, variance)})
            if r:
                base, base_variance = rating(0)
                differences.append({
                    "win_share_difference": self.cross.linear([a - b for a, b in zip(shares(r), shares(0))], self.blocks),
                    "rating_difference": around(gap - base, variance + base_variance),
                })
        return {"strongest": self.kinds[strong], "weakest": self.kinds[weak], "rule_sets": per_rules, "differences": differences}


def ladder(
    game: str | Game,
    kinds: Sequence[str],
    matches: int,
    *,
    players: int | None = None,
    rule_sets: Sequence[Any] | None = None,
    labels: Sequence[str | None] | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], Any] | None = None,
    registry: Registry | None = None,
    runner: Callable[[ChunkPlan], Any] | None = None,
) -> dict[str, Any]:
    """Play a ladder of `kinds` for at least `matches` matches (whole blocks) and return its ratings, pairs and figures as JSON-ready data.

    `rule_sets`: rules instances or plain dicts (None: the defaults);
    with two or more the result has the skill-against-luck `gap`.
    `progress(n)` hears of n matches finished. ValueError for fewer than
    two kinds, a kind given twice, bad counts or a kind refusing the game,
    KeyError for an unknown game or kind, RatingsUnavailable without
    openskill (before any match). An interrupt raises
    `SimulationInterrupted` carrying the result of the blocks folded so
    far, marked partial.
    """
    kinds = tuple(kinds)
    if len(set(kinds)) != len(kinds):
        twice = next(k for k in kinds if kinds.count(k) > 1)
        raise ValueError(f"seat kind {twice!r} is given twice; a ladder rates each kind once")
    if len(kinds) < 2:
        raise ValueError(f"a ladder needs at least two kinds of player, got {len(kinds)}")
    rating_model()  # RatingsUnavailable before any work
    if registry is None:
        from .plugins import get_registry

        registry = get_registry()
    if isinstance(game, str):
        game = registry.game(game)
    count = game.default_players if players is None else players
    design = design_for(kinds, count, matches)
    blocks = design.blocks_for(matches)
    registry, game, count, _, workers = resolve_setup(registry, game, count, design.seatings[0], blocks, workers)
    for kind in kinds:
        make_players(registry, game, (kind,) * count, 0)  # a kind that refuses the game, before any work
    rules = [game.Rules() if r is None else rules_from_dict(game.Rules, r) if isinstance(r, Mapping) else r for r in (rule_sets or [None])]
    labels = list(labels) if labels is not None else [None] * len(rules)
    sides = [sides_of(game, r, count) for r in rules]
    folded = LadderFold(kinds, count, sides, [rating_model() for _ in rules], design.seatings)
    house_rules = tuple(in_force(registry, game, r) for r in rules)
    answers = plan_answers(registry, game, rules, count, house_rules)  # asked once, here; every worker plays by them
    plan = ChunkPlan(game.name, tuple(rules_to_dict(r) for r in rules), count, kinds, seed, house_rules, seatings=design.seatings, answers=answers)

    def result(partial: bool) -> dict[str, Any]:
        sets = [{"label": label, "rules": rules_to_dict(r), "house_rules": list(h), "sides": None if s is None else [list(x) for x in s],
                 "ratings": t.ratings_list(), "pairs": t.pairs_list(), "kinds": folded.per_kind(n)}
                for n, (label, r, h, s, t) in enumerate(zip(labels, rules, house_rules, sides, folded.tallies))]
        return {
            "game": game.name, "version": game.version, "players": count, "seed": seed, "kinds": list(kinds),
            "design": design.to_dict(blocks), "games": folded.blocks * design.block, "games_requested": matches,
            "games_planned": blocks * design.block, "partial": partial, "confidence": CONFIDENCE,
            "rules": sets[0]["rules"], "house_rules": sets[0]["house_rules"], "sides": sets[0]["sides"],
            "ratings": sets[0]["ratings"], "pairs": sets[0]["pairs"], "per_kind": sets[0]["kinds"],
            "rule_sets": sets, "gap": folded.gap(labels),
        }

    def open_it() -> Any:
        if runner is not None:
            return runner(plan)
        used = max(1, min(workers, len(list(chunk_bounds(blocks)))))
        return ProcessRunner(plan, used, registry) if used > 1 else _InlineLadder(registry, game, rules, count, design.seatings, seed, answers)

    def told(finished: int) -> None:
        if progress is not None:
            progress(finished * design.block)

    try:
        run_chunks(open_it, blocks, folded.fold_chunk, told)
    except KeyboardInterrupt as exc:
        raise SimulationInterrupted(result(True)) from exc
    return result(False)


class _InlineLadder:
    """Chunks of blocks played in this process, one at a time, when asked for (a `muggins.simulate.ChunkRunner`), by the plan's house-rule answers."""

    def __init__(self, registry: Registry, game: Game, rule_sets: Sequence[Any], players: int, seatings: Sequence[Sequence[str]], seed: int,
                 answers: Sequence[tuple[str, Asked]] = ()) -> None:
        self.registry, self.game, self.rule_sets, self.players, self.seatings, self.seed = registry, game, rule_sets, players, seatings, seed
        self.answers = tuple(answers)
        self.waiting: list[tuple[int, tuple[int, int]]] = []
        self.workers = 1

    def submit(self, number: int, bounds: tuple[int, int]) -> None:
        self.waiting.append((number, bounds))

    def next(self) -> tuple[int, list[list[GameOutcome]]]:
        number, (start, stop) = self.waiting.pop(0)
        keep_answers(self.game, self.answers)
        return number, [[play_one(self.registry, self.game, rules, self.players, seating, self.seed, i) for i in range(start, stop)]
                        for rules in self.rule_sets for seating in self.seatings]

    def close(self) -> None:
        self.waiting.clear()
