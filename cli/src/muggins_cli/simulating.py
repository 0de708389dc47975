"""The body of `muggins simulate`: many bot matches summed up, or several rule sets compared on the same deals.

The game, rules files, player count and seats are checked by the core as
for any match (`checks.py`, `muggins.request`), with no person's seat; the
run itself, its progress line, signals and clusters are `study.py`'s and
`muggins.simulate`'s, and the summary's lines `summary.py`'s. Only the
summary reaches standard output.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Sequence

import click

from muggins.engine import MatchAborted
from muggins.game import Game
from muggins.houserules import HouseRuleError
from muggins.request import MatchRequest

from .checks import checked, warn_overridden
from .errors import GameError
from .i18n import _, ngettext
from .session import registry as get_registry

__all__ = ["simulate"]


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # closed (`2>&-`) or replaced by something without a terminal
        return False


def simulate(game_name: str, count: int, players: int | None, seats: Sequence[str], rules_paths: Sequence[str] | str | None, seed: int | None, workers: int, as_json: bool, cluster: str | None = None) -> None:
    """One rule set: a summary; several `--rules`: a paired comparison; `--cluster`: the chunks run on Dask.

    `--workers` above the CPUs this process may use is capped, with one
    warning line. Everything that runs plugin code (checking the seats, the
    matches) runs with standard output sent to standard error, so only the
    summary reaches standard output; plugin code that ends a match exits 1
    naming the plugin, and so do worker processes that keep dying.
    """
    from muggins.plugins import output_to_stderr
    from muggins.simulate import WorkersLost

    from . import study

    stopped = None
    # SIGTERM and SIGHUP while the seats are checked and house-rule hooks asked, before the run's own handlers: a line and 143/129.
    with output_to_stderr(), study.signals_stop_the_run():
        try:
            summary, comparing, game, paths, stopped = _simulate(game_name, count, players, seats, rules_paths, seed, workers, cluster)
        except (MatchAborted, WorkersLost) as exc:
            raise GameError(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
    else:
        from .style import line_width
        from .summary import comparison_lines, summary_lines

        width = line_width(sys.stdout)
        lines = comparison_lines(summary, game, width) if comparing else summary_lines(summary, game, paths[0] if paths else None, width)
        for line in lines:
            click.echo(line)
    if stopped is not None:
        from . import study
        from .summary import number

        raise study.Stopped(_("interrupted after {done} of {asked} matches; the summary is partial").format(
            done=number(summary["games"]), asked=number(count)), stopped)


def _simulate(game_name: str, count: int, players: int | None, seats: Sequence[str], rules_paths: Sequence[str] | str | None, seed: int | None,
              workers: int, cluster: str | None) -> tuple[dict[str, Any], bool, Game, list[str], int | None]:
    """Check what was asked and run it: the summary, whether it compares rule sets, the game, the rules paths, and the exit code of a stop (None)."""
    from muggins.simulate import SimulationInterrupted, decision_bound_warning, simulate as run
    from muggins.study import compare

    from . import study

    paths = [rules_paths] if isinstance(rules_paths, str) else list(rules_paths or ())
    registry = get_registry()
    first = checked(registry, MatchRequest(game_name, players, list(seats) or None, rules_file=paths[0] if paths else None, seed=seed, people=()))
    game, rules, players, kinds = first.game, first.rules, first.players, list(first.seats)
    rule_sets = [rules] + [checked(registry, MatchRequest(game, players, kinds, rules_file=path, seed=first.seed, people=())).rules for path in paths[1:]]
    for path, each in zip(paths or [None], rule_sets):
        try:
            warn_overridden(game, each, players, path)
        except HouseRuleError:
            pass  # refused: the run says so, once, when it is planned
        warning = decision_bound_warning(game, each, players, kinds, registry=registry)
        if warning:
            click.echo(_("muggins: warning: {message}").format(message=f"{path + ': ' if path else ''}{warning}"), err=True)
    if cluster is None and workers > 1:
        from muggins.simulate import usable_cpus

        usable = usable_cpus()
        if workers > usable:
            click.echo(ngettext("muggins: warning: --workers {workers} is more than the {usable} CPU this process may use; using {usable}",
                                "muggins: warning: --workers {workers} is more than the {usable} CPUs this process may use; using {usable}",
                                usable).format(workers=workers, usable=usable), err=True)
            workers = usable
    seed = first.seed  # drawn by the check when none was given
    comparing = len(rule_sets) > 1
    stopped = None
    try:
        with study.signals_stop_the_run() as caught, study.cluster_runner(cluster, game) as runner:
            with study.progress_line(_("simulating {game}").format(game=game.name), count, _stderr_is_terminal()) as progress:
                if comparing:
                    summary = compare(game, rule_sets, players, kinds, seed, count, workers, progress, registry=registry, runner=runner, labels=paths)
                else:
                    summary = run(game, rules, players, kinds, seed, count, workers, progress, registry=registry, runner=runner)
    except SimulationInterrupted as exc:
        summary, stopped = exc.summary, caught["exit"]
    return summary, comparing, game, paths, stopped
