"""`muggins ladder`: kinds of player rated against each other, checked input, progress, stops and the text of the tables.

`run` reads what the user gave (the game, the `--seat` kinds, the rules
files, the player count) into `BadInput` lines (exit 2), including the
missing optional package openskill (with the install command that works
where this muggins runs, `openskill_advice`), runs `muggins.ladder.ladder` on worker
processes or a Dask cluster with the progress line of `muggins simulate`
(`study.Progress`, counting matches), and turns Ctrl-C, SIGTERM and SIGHUP
into the ladder of the blocks finished so far, marked partial (exit 130,
143, 129). `ladder_lines` is its text: the ratings, the per-kind figures,
the pairwise win rates, one set per rule set, and with several rule sets
the gap between the strongest and the weakest kind with its paired
difference; numbers are formatted and tables fitted as `summary.py` does.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Sequence

import click

from muggins.game import Game
from muggins.i18n import written_number
from muggins.typography import apart

from .errors import BadInput, GameError
from .i18n import _, ngettext
from .info import shown_title
from .warnings_and_defaults import house_rules_text
from .summary import number, short_number, table

__all__ = ["run", "ladder_lines", "openskill_advice"]


def run(game_name: str, kinds: Sequence[str], count: int, players: int | None, rules_paths: Sequence[str], seed: int | None, workers: int,
        cluster: str | None, as_json: bool) -> None:
    """Check the input, play the ladder and print it (JSON with `as_json`); a stop prints what was folded, then exits with its code."""
    from muggins.engine import MatchAborted
    from muggins.plugins import output_to_stderr
    from muggins.simulate import WorkersLost

    from . import study

    stopped = None
    # SIGTERM and SIGHUP while the input is checked and house-rule hooks asked, before the run's own handlers: a line and 143/129.
    with output_to_stderr(), study.signals_stop_the_run():
        try:
            result, game, stopped = _run(game_name, kinds, count, players, rules_paths, seed, workers, cluster)
        except (MatchAborted, WorkersLost) as exc:
            raise GameError(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        from .style import line_width

        for line in ladder_lines(result, game, line_width(sys.stdout)):
            click.echo(line)
    if stopped is not None:
        from . import study

        raise study.Stopped(_("interrupted after {done} of {asked} matches; the ladder is partial").format(
            done=number(result["games"]), asked=number(result["games_planned"])), stopped)


def _run(game_name: str, kinds: Sequence[str], count: int, players: int | None, rules_paths: Sequence[str], seed: int | None, workers: int,
         cluster: str | None) -> tuple[dict[str, Any], Game, int | None]:
    """Check what was asked and run it: the ladder, the game, and the exit code of a stop (None)."""
    from muggins.ladder import RatingsUnavailable, design_for, ladder, rating_model
    from muggins.rng import new_seed
    from muggins.simulate import SimulationInterrupted, chunk_bounds, usable_cpus

    from . import study
    from .checks import check_kinds, check_playable, check_plugin_switches, read_rules, warn_overridden
    from .simulating import _stderr_is_terminal
    from .info import find_game
    from .warnings_and_defaults import registry as get_registry

    kinds = list(kinds)
    if len(set(kinds)) < len(kinds):
        twice = next(k for k in kinds if kinds.count(k) > 1)
        raise BadInput(_("--seat {kind} is given twice; a ladder rates each kind once").format(kind=twice))
    if len(kinds) < 2:
        raise BadInput(_("a ladder needs at least two kinds of player: give --seat twice or more (got {count})").format(count=len(kinds)))
    try:
        rating_model()
    except RatingsUnavailable as exc:
        raise BadInput(_("ratings need the optional package openskill: {advice}").format(advice=openskill_advice())) from exc
    registry = get_registry()
    game = find_game(registry, game_name)
    players = game.default_players if players is None else players
    if players not in game.players:
        raise BadInput(_("{game} is played by {low} to {high} players, not {players}").format(
            game=game.name, low=game.players.start, high=game.players.stop - 1, players=players))
    paths = list(rules_paths)
    rule_sets = [read_rules(game, path) for path in paths or [None]]
    for path, rules in zip(paths or [None], rule_sets):
        check_plugin_switches(registry, game, rules, path)
        check_playable(game, rules, players, path)
    for kind in kinds:
        check_kinds(registry, game, [kind] * players, allow_human=False)
    from muggins.houserules import HouseRuleError

    for path, rules in zip(paths or [None], rule_sets):
        try:
            warn_overridden(game, rules, players, path)
        except HouseRuleError:
            pass  # refused: the ladder says so, once, when it is planned
    if cluster is None and workers > 1 and workers > usable_cpus():
        usable = usable_cpus()
        click.echo(ngettext("muggins: warning: --workers {workers} is more than the {usable} CPU this process may use; using {usable}",
                            "muggins: warning: --workers {workers} is more than the {usable} CPUs this process may use; using {usable}",
                            usable).format(workers=workers, usable=usable), err=True)
        workers = usable
    if seed is None:
        seed = new_seed()
    design = design_for(kinds, players, count)
    blocks = design.blocks_for(count)
    stopped = None
    try:
        with study.signals_stop_the_run() as caught, study.cluster_runner(cluster, game) as runner:
            progress = study.Progress(_("ladder of {game}").format(game=game.name), blocks * design.block, len(list(chunk_bounds(blocks))), sys.stderr) if _stderr_is_terminal() else None
            try:
                result = ladder(game, kinds, count, players=players, rule_sets=rule_sets, labels=paths or None, seed=seed, workers=workers,
                                progress=progress, registry=registry, runner=runner)
            finally:
                if progress is not None:
                    progress.close()
    except SimulationInterrupted as exc:
        result, stopped = exc.summary, caught["exit"]
    return result, game, stopped


def openskill_advice() -> str:
    """How to install openskill where this muggins runs, as it can be typed.

    In the muggins uv workspace (this muggins runs from its `.venv`) the
    default install has it, so `uv sync` there brings it back; a `pip
    install` there would be undone by the next sync. Elsewhere: pip into the
    interpreter this muggins runs in, the core with its `ladder` extra from
    where the core was installed (its folder, as it is not on PyPI).
    """
    import shlex

    from .scaffold import _source_of, workspace_root

    root = workspace_root()
    if root is not None:
        return _("cd {folder} && uv sync (the workspace installs it by default)").format(folder=shlex.quote(str(root)))
    return f"{shlex.quote(sys.executable)} -m pip install {shlex.quote(_source_of('muggins-core') + '[ladder]')}"


# -- text ------------------------------------------------------------------------------
def _estimate(found: dict[str, Any] | None, signed: bool = False) -> str:
    """`mean ± half-width` of a `{mean, low, high}` (just the mean without an interval)."""
    if found is None or found.get("mean") is None:
        return "-"
    if found.get("low") is None:
        return short_number(found["mean"], signed)
    return f"{short_number(found['mean'], signed)} ± {short_number((found['high'] - found['low']) / 2)}"


def _rate(pair: dict[str, Any]) -> str:
    if pair["win_rate"] is None:
        return "-"
    ci = pair.get("ci95")
    return short_number(pair["win_rate"]) + (_(" ({low} to {high})").format(low=short_number(ci[0]), high=short_number(ci[1])) if ci else "")


def _rule_set_lines(found: dict[str, Any], width: int | None) -> list[str]:
    scored = any(k["score"] is not None for k in found["kinds"])
    per_kind = {k["kind"]: k for k in found["kinds"]}
    rows = [(_("kind"), "mu", "sigma", _("ordinal"), _("matches"), _("seats"), _("win share")) + ((_("score per seat"),) if scored else ())]
    for rating in found["ratings"]:
        kind = per_kind[rating["kind"]]
        mu, sigma, ordinal = (written_number(f"{rating[key]:.2f}") for key in ("mu", "sigma", "ordinal"))
        rows.append((rating["kind"], mu, sigma, ordinal, number(kind["matches"]), number(kind["seats"]), _estimate(kind["win_share"]))
                    + ((number(kind["score"]),) if scored else ()))
    lines = table(rows, width=width)
    rows = [("a", "b", _("matches"), _("a ahead of b (95%)"))]
    rows += [(p["a"], p["b"], number(p["matches"]), _rate(p)) for p in found["pairs"]]
    return lines + [""] + table(rows, left=2, width=width)


def ladder_lines(result: dict[str, Any], game: Game, width: int | None = None) -> list[str]:
    """The ladder as text: a heading, then per rule set the ratings and per-kind table and the pairs table, then the gap with several rule sets."""
    from .style import fit

    def text(line: str) -> list[str]:
        return fit(line, width, prose=True) if line else [line]

    design = result["design"]
    how = _("every ordering of the kinds") if design["name"] == "orderings" else _("the cyclic rotations of the kinds")
    sets = result["rule_sets"]
    under = _(" under each of {count} rule sets").format(count=len(sets)) if len(sets) > 1 else ""
    if len(sets) > 1:
        rules = ""
    else:
        rules = (_(", rules from {path}").format(path=sets[0]["label"]) if sets[0]["label"] else _(", rules default")) + house_rules_text(sets[0]["house_rules"])
    lines = text(_("{title}: ladder of {kinds} kinds, {games} matches{under} in blocks of {block} seatings ({how}, each block on one deal), "
                   "{players} players, seed {seed}").format(
        title=shown_title(game), kinds=len(result["kinds"]), games=number(result["games"]), under=under, block=design["block"], how=how,
        players=result["players"], seed=result["seed"]) + rules)
    if result["games_planned"] != result["games_requested"] and not result["partial"]:
        lines += text(_("(--games {count} rounded up to whole blocks)").format(count=number(result["games_requested"])))
    if result["partial"]:
        lines += text(_("partial: interrupted after {done} of {asked} matches").format(done=number(result["games"]), asked=number(result["games_planned"])))
    lines += text(_("Ratings: OpenSkill, Plackett-Luce (ordinal = mu - 3 sigma); ± is the half-width of a 95% interval over blocks."))
    names = [chr(ord("A") + n) if n < 26 else f"R{n}" for n in range(len(sets))]
    for name, found in zip(names, sets):
        lines.append("")
        if len(sets) > 1:
            label = found["label"] or _("default rules")
            lines += text(f"{name}{apart(': ')}{label}{house_rules_text(found.get('house_rules'))}")
        lines += _rule_set_lines(found, width)
    gap = result.get("gap")
    if gap:
        lines += [""] + text(_("The gap, {strongest} (strongest) minus {weakest} (weakest), under each rule set and "
                               "its difference from A's on the same deals and seatings:").format(strongest=gap["strongest"], weakest=gap["weakest"]))
        rows = [("", *names, *[f"{n} - A" for n in names[1:]])]
        for key, label in (("win_share_difference", _("win share")), ("rating_difference", _("rating (mu)"))):
            rows.append((label, *[_estimate(r[key], signed=True) for r in gap["rule_sets"]], *[_estimate(d[key], signed=True) for d in gap["differences"][1:]]))
        lines += table(rows, width=width)
        lines += text(_("The win share intervals are paired over blocks; the rating intervals come from the ratings' sigmas, not paired."))
    return lines
