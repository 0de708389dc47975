"""`muggins simulate`'s text: the summary of one rule set and the paired comparison, in plain words, fitted to the width.

This module owns how a simulation reads on screen (`--json` keeps the raw
keys): each figure named in words (`figure_label`, `stat_label`, using a
game's optional `stat_labels`), one number format (whole numbers with
thousands separators, other values to four significant figures), every
figure shown once (a whole-match figure that only sums a per-seat one, the
per-side figures, which sum partners' seats, a `NAME_seat_N` family of
stats, which becomes one per-seat row, and a per-seat figure equal to the
score are not repeated), a footnote where shared wins make fractions, and tables
split by columns where a row would run past the line width
(`style.line_width`), repeating the row names.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from muggins.game import Game
from muggins.i18n import written_number
from muggins.typography import apart

from .i18n import N_, _, ngettext
from .info import shown_title
from .warnings_and_defaults import house_rules_text
from .style import fit

__all__ = ["comparison_lines", "figure_label", "number", "stat_label", "summary_lines"]

#: What a match shared by several winners does to the wins column, said once under the table that shows it.
SHARED_WINS_NOTE = N_("Shared wins: a match won by k seats together counts 1/k to each.")


def number(value: Any) -> str:
    """A figure as text: whole numbers with thousands separators, other values to four significant figures, `-` for none."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return written_number(f"{int(value):,}")
    if isinstance(value, float):
        if abs(value) >= 1e4:
            return written_number(f"{value:,.0f}")
        text = f"{value:.4g}"
        if "e" in text:  # a tiny value: plain digits read better than an exponent
            text = f"{value:.6f}".rstrip("0").rstrip(".") or "0"
        return written_number(text)
    return str(value)


def share_text(share: float) -> str:
    """A share as a percentage to one decimal, as the reader's language writes it (`33.8%`, `33,8 %`)."""
    return written_number(f"{share:.1%}")


def stat_label(game: Game, key: str) -> str:
    """A game's wording for a stats key (`Game.stat_labels`, optional), else the key with spaces."""
    labels = getattr(game, "stat_labels", None) or {}
    return str(labels.get(key) or key.replace("_", " "))


def figure_label(game: Game, name: str, seats: Sequence[str] = ()) -> str:
    """The raw figure name of a comparison (`wins[0]`, `stats.hands_drawn`, `sides.scores[1]`) in words."""
    base, _bracket, index = name.partition("[")
    number_ = index.rstrip("]")

    def seat() -> str:
        kind = f" ({seats[int(number_)]})" if number_ and int(number_) < len(seats) else ""
        return _(", seat {seat}{kind}").format(seat=number_, kind=kind)

    if base == "wins":
        return _("matches won{seat}").format(seat=seat())
    if base == "draws":
        return _("matches drawn")
    if base == "limit_reached":
        return _("matches stopped at the limit")
    if base == "decisions":
        return _("decisions per match")
    if base == "scores":
        return _("score per match{seat}").format(seat=seat())
    if base.startswith("seat_stats."):
        return _("{figure} per match{seat}").format(figure=stat_label(game, base[len("seat_stats."):]), seat=seat())
    if base == "sides.wins":
        return _("matches won, side {side}").format(side=number_)
    if base == "sides.scores":
        return _("score per match, side {side}").format(side=number_)
    if base.startswith("sides.seat_stats."):
        return _("{figure} per match, side {side}").format(figure=stat_label(game, base[len("sides.seat_stats."):]), side=number_)
    if base.startswith("stats."):
        key = base[len("stats."):]
        if key.endswith(".values") or key.endswith(".mean"):
            key, _dot, part = key.rpartition(".")
            measured = _("times measured per match") if part == "values" else _("mean")
            return f"{stat_label(game, key)}, {measured}"
        return _("{figure} per match").format(figure=stat_label(game, key))
    return name


# -- tables ----------------------------------------------------------------------------
def table(rows: list[tuple[str, ...]], left: int = 1, width: int | None = None) -> list[str]:
    """Rows as aligned columns, the first `left` text (left-aligned), the rest numbers.

    When a row would be wider than `width`, the number columns are split
    into several tables one under the other, each repeating the text
    columns, so no line runs past the width and no cell is cut.
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    if width is not None and left < len(widths):
        # A row name too long to leave room for the widest number column is broken between words onto lines of its own.
        room = width - sum(widths[1:]) - 2 * (len(widths) - 1) if left == len(widths) - 1 else \
            width - sum(widths[1:left]) - max(widths[left:]) - 2 * left
        if widths[0] > room >= 20:
            rows = [piece for row in rows for piece in _name_broken(row, room)]
            widths[0] = max(len(r[0]) for r in rows)
    groups = [list(range(left, len(widths)))]
    if width is not None and groups[0]:
        room = width - sum(widths[:left]) - 2 * left
        groups, current, used = [], [], 0
        for column in range(left, len(widths)):
            if current and used + widths[column] > room:
                groups.append(current)
                current, used = [], 0
            current.append(column)
            used += widths[column] + 2
        groups.append(current)
    out: list[str] = []
    for n, group in enumerate(groups):
        if n:
            out.append("")
        columns = list(range(left)) + group
        out += ["  ".join(r[i].ljust(widths[i]) if i < left else r[i].rjust(widths[i]) for i in columns).rstrip() for r in rows]
    return out


def _name_broken(row: tuple[str, ...], room: int) -> list[tuple[str, ...]]:
    """`row` as rows whose first cell fits `room`: the name's first lines alone, its last one with the figures (indented two)."""
    if len(row[0]) <= room:
        return [row]
    lines = fit(row[0], room)
    blank = ("",) * (len(row) - 1)
    return [(line, *blank) for line in lines[:-1]] + [(lines[-1], *row[1:])]


def _text(line: str, width: int | None) -> list[str]:
    return fit(line, width) if line else [line]


def _heading(line: str, found: dict[str, Any], width: int | None) -> list[str]:
    """The first line, the partial line when a stop cut the run short, and a blank line."""
    lines = _text(line, width)
    if found.get("partial"):
        games = found["games"]
        lines += _text(_("partial: interrupted after {done} of {asked} matches").format(
            done=number(games), asked=number(found.get("games_requested", games))), width)
    return lines + [""]


def summary_lines(summary: dict[str, Any], game: Game, rules_path: str | None, width: int | None = None) -> list[str]:
    """One rule set's summary: the seats, per-seat figures, the sides when the game has them, then the whole-match figures."""
    games = summary["games"]
    players = summary["players"]
    label = lambda key: stat_label(game, key)  # noqa: E731
    rules = _("rules from {path}").format(path=rules_path) if rules_path else _("rules default")
    lines = _heading(
        ngettext("{title}: {count} match, {players} players, seed {seed}, {rules}", "{title}: {count} matches, {players} players, seed {seed}, {rules}",
                 games).format(title=shown_title(game), count=number(games), players=players, seed=summary["seed"], rules=rules)
        + house_rules_text(summary.get("house_rules")),
        summary, width)
    scores = summary.get("scores")
    rows = [(_("seat"), _("kind"), _("matches won"), _("win rate")) + ((_("score"), _("per match")) if scores else ())]
    for seat, (kind, wins, rate) in enumerate(zip(summary["seats"], summary["wins"], summary["win_rate"])):
        rows.append((str(seat), kind, number(wins), share_text(rate)) + ((number(scores["total"][seat]), number(scores["mean"][seat])) if scores else ()))
    lines += table(rows, left=2, width=width)
    if _fractional(summary["wins"]):
        lines += _text(_(SHARED_WINS_NOTE), width)

    stats = dict(summary["stats"])
    per_seat = dict(summary.get("seat_stats") or {})
    _fold_seat_families(stats, per_seat, players)
    score_totals = list(scores["total"]) if scores else None
    per_seat = {name: values for name, values in per_seat.items() if list(values["total"]) != score_totals}
    seat_labels = {label(name): sum(values["total"]) for name, values in per_seat.items()}
    lines += _per_seat_table(_("per seat, in all {count} matches").format(count=number(games)), [str(s) for s in range(players)], per_seat, label, width)

    sides = summary.get("sides")
    if sides:
        side_scores = sides.get("scores")
        rows = [(_("side"), _("seats"), _("matches won"), _("win rate")) + ((_("score"), _("per match")) if side_scores else ())]
        for n, (seats, wins, rate) in enumerate(zip(sides["seats"], sides["wins"], sides["win_rate"])):
            cells = (str(n), " ".join(map(str, seats)), number(wins), share_text(rate))
            rows.append(cells + ((number(side_scores["total"][n]), number(side_scores["mean"][n])) if side_scores else ()))
        lines += ["", *table(rows, left=2, width=width)]
        if _fractional(sides["wins"]) and not _fractional(summary["wins"]):
            lines += _text(_(SHARED_WINS_NOTE), width)
        # Per-side figures are the per-seat ones summed over partners: the per-seat table above already says them.
    lines += ["", *_text(_("matches drawn: {draws} · matches stopped at the limit: {stopped} · decisions per match: {decisions}").format(
        draws=number(summary["draws"]), stopped=number(summary["limit_reached"]), decisions=number(summary["decisions"]["mean"])), width)]
    # A whole-match figure that is only the sum of a per-seat one above is not shown twice.
    numbers = [(k, v) for k, v in stats.items() if "total" in v and seat_labels.get(label(k), object()) != v["total"]]
    lists = [(k, v) for k, v in stats.items() if "count" in v]
    if numbers:
        rows = [(_("in all {count} matches").format(count=number(games)), _("total"), _("per match"))] + [(label(k), number(v["total"]), number(v["mean"])) for k, v in numbers]
        lines += ["", *table(rows, width=width)]
    if lists:
        rows = [(_("figure"), _("times measured"), _("mean"), _("median"))]
        rows += [(label(k), number(v["count"]), number(v["mean"]), number(v["median"])) for k, v in lists]
        lines += ["", *table(rows, width=width)]
    return lines


def _fractional(wins: Sequence[float]) -> bool:
    return any(float(w) != int(w) for w in wins)


_SEAT_FAMILY = re.compile(r"(?P<name>.+)_seat_(?P<seat>\d+)\Z")


def _fold_seat_families(stats: dict[str, Any], per_seat: dict[str, Any], players: int) -> None:
    """`hands_won_seat_0` … `hands_won_seat_{n-1}` (numbers, every seat present): one per-seat figure `hands_won` instead."""
    families: dict[str, dict[int, str]] = {}
    for key, value in stats.items():
        found = _SEAT_FAMILY.match(key)
        if found and "total" in value and int(found["seat"]) < players:
            families.setdefault(found["name"], {})[int(found["seat"])] = key
    for name, keys in families.items():
        if len(keys) != players or name in per_seat:
            continue
        per_seat[name] = {"total": [stats[keys[s]]["total"] for s in range(players)], "mean": [stats[keys[s]]["mean"] for s in range(players)]}
        for key in keys.values():
            del stats[key]


def _per_seat_table(title: str, columns: list[str], figures: dict[str, Any], label: Callable[[str], str], width: int | None) -> list[str]:
    """Per-seat (or per-side) totals: one row per figure, one column per seat."""
    if not figures:
        return []
    rows = [(title, *columns)] + [(label(name), *map(number, values["total"])) for name, values in figures.items()]
    return ["", *table(rows, width=width)]


# -- comparisons ---------------------------------------------------------------------------
def _estimate(found: dict[str, Any] | None, signed: bool = False) -> str:
    if found is None or found.get("mean") is None:
        return "-"
    mean = found["mean"]
    text = short_number(mean, signed)
    if found.get("low") is None:
        return text
    half = (found["high"] - found["low"]) / 2
    return f"{text} ± {short_number(half)}"


def short_number(value: float | None, signed: bool = False) -> str:
    """An estimate to three significant figures (thousands whole), `+` before a gain when `signed`, `-` for none, as the reader writes numbers."""
    if value is None:
        return "-"
    if value == 0:
        return "0"
    text = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    if "e" in text:  # a tiny value: plain digits read better than an exponent
        text = f"{value:.6f}".rstrip("0").rstrip(".")
    return written_number(f"+{text}" if signed and value > 0 else text)


def comparison_lines(result: dict[str, Any], game: Game, width: int | None = None) -> list[str]:
    """A paired comparison as a table: one row per figure, each rule set's mean ± 95% half-width, then each difference from the first."""
    sets = result["rule_sets"]
    names = [chr(ord("A") + n) if n < 26 else f"R{n}" for n in range(len(sets))]
    lines = _heading(
        _("{title}: {count} matches under each of {sets} rule sets, the same deals (seed {seed}), {players} players; "
          "± is the half-width of a 95% interval").format(
            title=shown_title(game), count=number(result["games"]), sets=len(sets), seed=result["seed"], players=result["players"]), result, width)
    for name, found in zip(names, sets):
        label = found["label"] or _("default rules")
        lines += _text(f"  {name}{apart(': ')}{label}{house_rules_text(found.get('house_rules'))}", width)
    head = (_("figure"), *names, *[f"{n} - A" for n in names[1:]])
    rows = [head]
    for key, figure in result["figures"].items():
        cells = [_estimate(m) for m in figure["means"]] + [_estimate(d, signed=True) for d in figure["differences"][1:]]
        rows.append((figure_label(game, key, result["seats"]), *cells))
    lines += ["", *table(rows, width=width)]
    return lines
