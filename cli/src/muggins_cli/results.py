"""How the terminal shows a match's end: the result in words (who won, the scores, the sides), and a committed deal's seed.

`play`, `resume` and `replay` all end a match on these lines: each seat
named by its kind in words (`muggins.seat_words`), a side's seats
together when the game forms partnerships (`Game.sides`), and once a
match whose seed was committed to is over, that seed and its nonce, and
whether they give the commitment shown at the start.
"""

from __future__ import annotations

from typing import Sequence

import click

from muggins.fairness import deal_from_header
from muggins.game import Game, Result
from muggins.records import Record
from muggins.rules import RulesError, rules_from_dict
from muggins.i18n import written_number
from muggins.seat_words import describe_seats

from .i18n import _, ngettext
from .style import echo_fitted

__all__ = ["Sides", "describe_result", "echo_deal", "echo_result", "record_sides"]


def echo_deal(record: Record) -> None:
    """The seed and nonce of a committed deal, once the match is over, and whether they give the commitment shown at its start."""
    deal = deal_from_header(record.seed, record.deal)
    assert deal is not None
    click.echo(_("the deal's seed was {seed} (nonce {nonce})").format(seed=deal.seed, nonce=deal.nonce))
    if not deal.checks():
        click.echo(_("warning: that seed and nonce do not give the commitment shown at the start"), err=True)


def echo_result(lines: Sequence[str]) -> None:
    """The result's lines, each broken between items to the terminal's width (a pipe keeps them whole)."""
    for line in lines:
        echo_fitted(line)


Sides = Sequence[Sequence[int]] | None


def record_sides(game: Game, record: Record) -> Sides:
    """The sides the record's rules form (None when its rules no longer parse: every seat alone)."""
    try:
        return game.sides(rules_from_dict(game.Rules, record.rules, source="record rules"), record.players)
    except RulesError:
        return None


def _seats_words(seats: Sequence[int]) -> str:
    if len(seats) > 1:
        return _("seats {seats} and {last}").format(seats=", ".join(str(s) for s in seats[:-1]), last=seats[-1])
    return _("seat {seat}").format(seat=seats[0])


def describe_result(result: Result, kinds: Sequence[str], sides: Sides = None, game: Game | None = None) -> list[str]:
    """The result as lines: who won (each seat's kind in words, `muggins.seat_words`), the scores, and whether a limit stopped the match.

    With `sides` (the game's partnerships, `Game.sides`) the lines name sides, not seats: the
    winning side or sides and each side's total, the sum of its seats' scores (a side's seats
    score together). Several winners whose scores differ share the win (a lowball game's sides
    that did not reach the target); several with equal scores tie.
    """
    from muggins.plugins import current_registry  # the game's own kinds are worded from the registry it was loaded from

    said = dict(zip(kinds, describe_seats(kinds, game, current_registry())))

    def who(seat: int) -> str:
        return _("seat {seat} ({kind})").format(seat=seat, kind=said[kinds[seat]]) if seat < len(kinds) else _("seat {seat}").format(seat=seat)

    scores = result.scores
    if sides and scores:
        totals = [sum(scores[s] for s in side) for side in sides]
        won = [n for n, side in enumerate(sides) if side and all(s in result.winners for s in side)]
        order = won + [n for n in range(len(sides)) if n not in won]
        figures = _(" to ").join(f"{totals[n]:g}" for n in order)
        if not result.winners:
            lines = [_("result: no winner (a draw), {figures}").format(figures=figures)]
        elif len(won) == 1:
            side = sides[won[0]]
            lines = [ngettext("result: {side} wins, {figures}", "result: {side} win, {figures}", len(side)).format(side=_seats_words(side), figures=figures)]
        else:
            lines = [_("result: {sides} share the win, {figures}").format(sides=_(" and ").join(_seats_words(sides[n]) for n in won), figures=figures)]
        lines.append(_("sides: {sides}").format(sides=" · ".join(
            f"{_seats_words(side)} ({', '.join(said[kinds[s]] for s in side if s < len(kinds))}) {totals[n]:g}" for n, side in enumerate(sides))))
    else:
        if not result.winners:
            lines = [_("result: no winner (a draw)")]
        elif len(result.winners) == 1:
            lines = [_("result: {seat} wins").format(seat=who(result.winners[0]))]
        elif scores and len({scores[s] for s in result.winners}) > 1:
            lines = [_("result: {seats} share the win").format(seats=_(" and ").join(who(s) for s in result.winners))]
        else:
            lines = [_("result: a tie between {seats}").format(seats=_(" and ").join(who(s) for s in result.winners))]
        if scores:
            lines.append(_("scores: {scores}").format(scores=", ".join(_("seat {seat} {score}").format(seat=s, score=written_number(f"{score:g}")) for s, score in enumerate(scores))))
    if result.limit_reached:
        lines.append(_("the match stopped at the game's declared limit"))
    return lines
