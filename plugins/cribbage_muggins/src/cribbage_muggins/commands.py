"""The `muggins cribbage` commands: `score` a show and rank the possible `discard`s of a deal.

This module owns the command-line face of `cribbage_muggins.scoring` and
`cribbage_muggins.analysis`: argument parsing, plain and `--json` output,
and turning bad input (not a card, a card given twice, the wrong number of
cards, `--dealer` with `--pone`) into one `click.UsageError` line, which the
muggins CLI prints as one error line with exit status 2. The plugin's
`muggins_register_commands` hook calls `register_commands(cli)`. Its own
lines and refusals are in the player's language (the game's catalogue), cards
named as there (V D R in French); `--json` keeps the codes.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import click

from muggins.i18n import N_, translator, written_number

# The game's own catalogue: these commands speak to players as the table does (their help too: the group carries it).
_translator = translator("cribbage_muggins", package_file=__file__)
_ = _translator.gettext

__all__ = ["register_commands", "cribbage_group"]


def _parse_cards(texts: Sequence[str], what: str) -> list[Any]:
    from muggins.cards import parse_card
    from muggins.i18n import current_language

    parsed = []
    for text in texts:
        try:
            parsed.append(parse_card(text, current_language()))  # in French 5C is cœur, as the player means it
        except ValueError as exc:
            raise click.UsageError(_("{what}: {error}").format(what=what, error=exc)) from None
    seen = set()
    for c in parsed:
        if c in seen:
            raise click.UsageError(_("{what}: {card} is given twice (every card of the pack is different)").format(what=what, card=c.code))
        seen.add(c)
    return parsed


def _echo_json(data: dict) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


def _cards_text(items: Sequence[Any]) -> str:
    from .game import _card

    return " ".join(_card(c.code) for c in items)


@click.group("cribbage", help=N_("Cribbage tools: score a hand or crib, rank the discards of a deal."))
def cribbage_group() -> None:
    pass


cribbage_group.translations = _translator  # type: ignore[attr-defined]


@cribbage_group.command("score", short_help=N_("Score four cards and the starter: total and breakdown."), help=N_(
    "Score the show of four cards with the starter: total and every fifteen, pair, run, flush and nobs.\n\n"
    "Cards are written rank then suit: 5H, 10D, TD, JC, 5♥. Example:\n\n"
    "\b\n    muggins cribbage score 5H 5D 5S JC --starter 5C"))
@click.argument("cards", nargs=-1, metavar=N_("CARD CARD CARD CARD"))
@click.option("--starter", required=True, metavar=N_("CARD"), help=N_("The starter (the cut card), e.g. 5C."))
@click.option("--crib", is_flag=True, help=N_("Score as the crib: only a five-card flush counts."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
def score_command(cards: tuple[str, ...], starter: str, crib: bool, as_json: bool) -> None:
    from .scoring import score_show

    hand = _parse_cards(cards, _("hand"))
    if len(hand) != 4:
        raise click.UsageError(_("hand: give exactly 4 cards besides --starter, got {count}").format(count=len(hand)))
    (cut,) = _parse_cards([starter], "--starter")
    if cut in hand:
        raise click.UsageError(_("--starter: {card} is also in the hand (every card of the pack is different)").format(card=cut.code))
    result = score_show(hand, cut, crib=crib)
    if as_json:
        _echo_json({"hand": [c.code for c in hand], "starter": cut.code, "crib": crib, **result.to_dict()})
        return
    line = _("{cards} with starter {starter} (crib): {total}") if crib else _("{cards} with starter {starter} (hand): {total}")
    click.echo(line.format(cards=_cards_text(hand), starter=_cards_text([cut]), total=result.total))
    from .game import _item

    # Worded here as `ScoreItem` words it in English (`fifteen 2: 5♥ J♣`), so the items read in the player's language.
    for item in result.items:
        click.echo("  " + _("{item} {points}: {cards}").format(item=_item(item.label), points=item.points, cards=_cards_text(item.cards)))


@cribbage_group.command("discard", short_help=N_("Rank the possible discards of a deal by expected value."), help=N_(
    "Rank every possible discard by expected hand value, plus (--dealer) or minus (--pone) the expected crib.\n\n"
    "The hand is averaged over every starter you cannot see; the crib cards you\n"
    "do not hold and the starter are assumed drawn uniformly from the unseen\n"
    "cards (exact, or --sample N random deals). Example:\n\n"
    "\b\n    muggins cribbage discard 5H 5D 5S JC 4D 9C --dealer"))
@click.argument("cards", nargs=-1, metavar=N_("CARDS..."))
@click.option("--dealer", is_flag=True, help=N_("The crib is yours (or your partner's): its value is added."))
@click.option("--pone", is_flag=True, help=N_("The crib is the opponents': its value is subtracted."))
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help=N_("Players at the table: 2 (six cards, lay away two) or 3 and 4 (five cards, lay away one)."))
@click.option("--sample", type=click.IntRange(min=1), default=None, metavar="N",
              help=N_("Estimate the crib from N random deals instead of exactly."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed of the --sample deals."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
def discard_command(
    cards: tuple[str, ...], dealer: bool, pone: bool, players: int, sample: int | None, seed: int, as_json: bool
) -> None:
    from .analysis import HAND_SIZE, method_text, rank_discards

    if dealer and pone:
        raise click.UsageError(_("--dealer and --pone exclude each other: give one (whose crib is it?)"))
    if not dealer and not pone:
        raise click.UsageError(_("say whose crib it is: --dealer (yours) or --pone (the opponents')"))
    dealt = _parse_cards(cards, _("cards"))
    expected = HAND_SIZE[players]
    if len(dealt) != expected:
        raise click.UsageError(_("cards: {players} players are dealt {expected} cards each, got {count} (set --players 2, 3 or 4)").format(
            players=players, expected=expected, count=len(dealt)))
    options = rank_discards(dealt, dealer, players=players, sample=sample, seed=seed)
    method = method_text(players, sample, seed)
    if as_json:
        _echo_json({
            "cards": [c.code for c in dealt],
            "dealer": dealer,
            "players": players,
            "method": method,
            "options": [option.to_dict() for option in options],
        })
        return
    sign = "+" if dealer else "-"
    discard_width = 3 * (expected - 4) + 2
    words = {"discard": _("discard"), "keep": _("keep"), "hand": _("hand"), "crib": _("crib"), "net": _("net")}
    header = f"{words['discard']:<{max(discard_width, 7)}}  {words['keep']:<15}  {words['hand']:>6}  {words['crib']:>7}  {words['net']:>6}"
    click.echo(header)
    for option in options:
        click.echo(
            f"{_cards_text(option.discard):<{max(discard_width, 7)}}  {_cards_text(option.keep):<15}  "
            f"{written_number(f'{option.hand:.2f}'):>6}  {written_number(sign + format(option.crib, '.2f')):>7}  "
            f"{written_number(f'{option.net:.2f}'):>6}"
        )
    for line in _wrapped(method_text(players, sample, seed, shown=True), _output_width()):  # the JSON keeps the English method
        click.echo(line)


def _output_width() -> int | None:
    """How wide a line of standard output may be: the terminal's width (`COLUMNS` first), else `COLUMNS`, else any width (a pipe keeps lines whole)."""
    import os
    import shutil
    import sys

    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0 and sys.stdout.isatty():
        columns = shutil.get_terminal_size((80, 24)).columns
    return max(40, columns) if columns > 0 else None


def _wrapped(text: str, width: int | None) -> list[str]:
    """`text` broken between words to `width` (None: one line), the lines after the first indented two spaces; no-break spaces hold."""
    if width is None or len(text) <= width:
        return [text]
    import textwrap

    return textwrap.wrap(text, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)


def register_commands(cli: click.Group) -> None:
    """Add the `cribbage` group (score, discard) to the muggins command group."""
    cli.add_command(cribbage_group)
