"""What a house rule changes in play: the decisions whose choices or correct moves differ with it, over seeded matches.

This module owns `changed_decisions`, the measure behind "a house rule
changes exactly the moves it names": matches are played from seeds without
the rule (bots choosing), and before every move the position is copied
twice from its saved form, once as it is and once with the house-rule
fields the game keeps in its saves replaced by those a match with the rule
keeps (`house_keys`: shedding's `extra` and `parted`, cribbage's `house`,
fishing's `terms`). The same move is made in both copies and the decisions
that follow are compared: their choices and their correct choices, by
text. Every position where they differ is reported as a `ChangedDecision`,
so a test can check each difference is one the rule names and that there
is at least one. Comparing copies of one position, rather than two
matches, keeps the matches from drifting apart after the first difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from ..players import make_players
from ..plugins import get_registry

if TYPE_CHECKING:
    from ..game import Decision, Game, State

__all__ = ["ChangedDecision", "changed_decisions", "decision_texts"]


@dataclass(frozen=True)
class ChangedDecision:
    """One position where a house rule changes the decision: the copies without and with it, after the same move."""

    seed: int
    without: "State"
    with_rule: "State"
    choices: tuple[frozenset[str], frozenset[str]]
    correct: tuple[frozenset[str], frozenset[str]]


def decision_texts(decision: "Decision | None") -> tuple[frozenset[str], frozenset[str]]:
    """The decision's choices and correct choices by text (both empty when the match is over)."""
    if decision is None:
        return frozenset(), frozenset()
    return frozenset(map(str, decision.choices)), frozenset(map(str, decision.correct))


def changed_decisions(without: "Game", with_rule: "Game", seeds: Iterable[int], seats: Sequence[str], *, rules: Any = None,
                      players: int | None = None, house_keys: Sequence[str], registry: Any = None,
                      max_moves: int = 2000) -> Iterator[ChangedDecision]:
    """Each position of seeded matches of `without` where `with_rule`'s house rules make the next decision differ.

    `without` and `with_rule` are the same game from two registries (the
    rule's plugin left out of the first); `seats` are the bots' kinds
    (`registry`, default `without`'s, makes them). A match stops after
    `max_moves` moves, so a test stays quick whatever the seeds.
    """
    rules = without.Rules() if rules is None else rules
    players = without.default_players if players is None else players
    if registry is None:
        registry = get_registry()
    for seed in seeds:
        state = without.new(rules, players, seed)
        ruled = with_rule.new(rules, players, seed).to_dict()
        bots = make_players(registry, without, seats, seed)
        for _ in range(max_moves):
            decision = state.decision()
            if decision is None:
                break
            action = bots[decision.seat].choose(state.view(decision.seat), decision)
            saved = state.to_dict()
            grafted = {key: value for key, value in saved.items() if key not in house_keys}
            grafted.update({key: ruled[key] for key in house_keys if key in ruled})
            other = with_rule.state_from_dict(grafted)
            other.apply(decision.seat, action)
            state.apply(decision.seat, action)
            before, after = decision_texts(state.decision()), decision_texts(other.decision())
            if before != after:
                copy = without.state_from_dict(state.to_dict())
                yield ChangedDecision(seed, copy, other, (before[0], after[0]), (before[1], after[1]))
