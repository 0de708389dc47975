"""What the terminal's game commands ask before they run: the core's request check, its refusals as `BadInput` lines, and house-rule warnings.

`play`, `simulate` and `ladder` read a game, house rules files, a player
count and seat specs from the command line; the core's
`muggins.request.MatchRequest` checks and fills them exactly as it does a
browser table's request, and this module turns its `RequestRefused` into
one `BadInput` line (exit 2). It also prints what the terminal says about
house rules before a match or a run: each value of a rules file that a
house-rule plugin in force overrides (a warning), and the plugins in force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from muggins.game import Game
from muggins.houserules import house_rule_plugins
from muggins.limits import clip_path
from muggins.request import CheckedRequest, MatchRequest, RequestRefused, check_playable as core_check_playable, read_house_rules
from muggins.match_checks import HUMAN, SessionError, check_seats

from .errors import BadInput
from .i18n import _
from .style import echo_fitted

if TYPE_CHECKING:
    from muggins.registry import Registry


def checked(registry: Registry, request: MatchRequest) -> CheckedRequest:
    """The request checked and filled by the core (`MatchRequest.check`); its refusal as one BadInput line."""
    try:
        return request.check(registry)
    except RequestRefused as exc:
        raise BadInput(exc.lines[0]) from exc


def first_state(request: CheckedRequest) -> Any:
    """The match's first state, a house-rule plugin's refusal at creation as one BadInput line."""
    try:
        return request.new_state()
    except RequestRefused as exc:
        raise BadInput(exc.lines[0]) from exc


def read_rules(game: Game, path: str | None) -> Any:
    """The house rules from a TOML file, or the game's defaults (BadInput, one line, for a file that cannot be used)."""
    if path is None:
        return game.Rules()
    try:
        return read_house_rules(game, path)
    except RequestRefused as exc:
        raise BadInput(exc.lines[0]) from exc


def check_plugin_switches(registry: Registry, game: Game, rules: Any, source: str | None) -> None:
    """BadInput (one line) when the rules' `[plugins]` table names a plugin that is not an installed house rule of `game`."""
    from muggins.houserules import check_switches

    try:
        check_switches(registry, game, rules)
    except ValueError as exc:
        raise BadInput(f"{clip_path(source) + ': ' if source else ''}{exc}") from exc


def check_playable(game: Game, rules: Any, players: int, source: str | None) -> None:
    """BadInput (one line) when the rules cannot be played by this many players (`Game.check_rules`)."""
    try:
        core_check_playable(game, rules, players, clip_path(source) if source else None)
    except RequestRefused as exc:
        raise BadInput(exc.lines[0]) from exc


def check_kinds(registry: Registry, game: Game, seats: Sequence[str], *, allow_human: bool) -> None:
    """BadInput (one line) for a seat spec that cannot be played: an unknown kind, a bad option, a person's seat in a bots-only run."""
    try:
        check_seats(registry, game, seats, front_end=(HUMAN,) if allow_human else ())
    except SessionError as exc:
        raise BadInput(str(exc)) from exc


def warn_overridden(game: Game, rules: Any, players: int, source: str | None) -> None:
    """A warning line for each value the rules chose that a house-rule plugin in force overrides (`target = 151`, played to 91)."""
    from muggins.houserules import chosen_rules_overridden

    from .session import warn

    for setting in chosen_rules_overridden(game, rules, players):
        warn(f"{clip_path(source) + ': ' if source else ''}{setting.describe()}")


def announce_house_rules(registry: Registry, game: Game, rules: Any, players: int, source: str | None) -> None:
    """Before a match: the rules' values a plugin overrides (warnings), and with a house-rule plugin in force one line
    naming the plugins and what the match plays by (`Game.describe_rules`: the target, the scoring changed)."""
    warn_overridden(game, rules, players, source)
    plugins = house_rule_plugins(registry, game, rules)
    if plugins:
        from muggins.houserules import unchanging_plugins

        described = game.describe_rules(rules, players)
        idle = set(unchanging_plugins(registry, game, rules, players, plugins))
        named = [p.describe() + (_(" (changes nothing with these rules)") if p.name in idle else "") for p in plugins]
        echo_fitted(_("house rules in force: {rules}").format(rules=", ".join(named)) + (f"; {described}" if described else ""))
