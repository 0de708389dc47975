"""What can be played at a browser table, and a request for one read from its JSON into the core's request value.

This module owns the lobby form's input and output: every installed game
as the form shows it (player counts, seat kinds with their options, every
house rule with its type, default, bounds and words), and reading a
request for a table (`read_request`): its JSON's shape, then the match's
part (game, rules, players, seats, seed) as a `muggins.request.MatchRequest`
that the core checks and fills exactly as it does `muggins play`'s options
(with what a browser table lets a bot cost the server everyone plays on,
`muggins_web.bots`), then what only a table has: the pace, whether the
windows that ask for a check wait or are timed too, when the table starts
and which seat its host plays. A request that is wrong is a `LobbyError`
listing every line, worded in the language of the request (the core's
and the games' lines through their own catalogues). Nothing here makes a
table.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import TYPE_CHECKING, Any

from muggins.game import Game
from muggins.houserules import house_rule_plugins
from muggins.limits import clip
from muggins.request import CheckedRequest, MatchRequest, RequestRefused
from muggins.rules import describe_type, rules_to_dict
from muggins.seat_words import COMMON_RATES, kind_words, option_words, rate_choice_words
from muggins.match_checks import HUMAN, default_opponent

from .bots import check_web_seat, web_option_max
from .languages import _, game_title
from .notes import MAX_PACE
from .window_timer import CHECKS, CHECKS_TIMED, CHECKS_WAIT

if TYPE_CHECKING:
    from muggins.registry import Registry

__all__ = ["LobbyError", "START_BY_HOST", "START_NOW", "TableRequest", "check_request", "game_info", "games", "house_rules_in_force",
           "read_request"]

#: When a table starts: at once (what a request that does not say asks for), or when its host says so.
START_NOW, START_BY_HOST = "now", "host"


class LobbyError(ValueError):
    """A request a table cannot be made from: one line per thing wrong (`lines`); `status` is the HTTP answer's."""

    status = 400

    def __init__(self, lines: list[str] | str) -> None:
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        super().__init__("\n".join(self.lines))


def games(registry: Registry) -> list[dict[str, Any]]:
    """Every installed game as the lobby form needs it."""
    return [game_info(registry, game) for _name, game in sorted(registry.games.items())]

def game_info(registry: Registry, game: Game) -> dict[str, Any]:
    """One game as the lobby form shows it, its words in the language in force.

    Each seat kind carries `words` (one player of the kind, "a novice"),
    each of its options a `label` (what it means) and, for a chance or an
    option whose values have words, `choices`: `{"value", "label"}` pairs,
    the default's value "" (the spec then leaves the option out, as the
    kind's own default).
    """
    kinds = []
    for name in registry.kind_names(game.name):
        kind = registry.player_kind(name, game.name)
        options = []
        for o in kind.options:
            doc = _words(game, o.help, o.shown_help)
            top = web_option_max(name, o.name, o.max)
            options.append({"name": o.name, "type": o.type.__name__, "default": o.default, "min": o.min, "max": top, "doc": doc,
                            "label": doc or o.name, "choices": _option_choices(o, game, registry, top)})
        kinds.append({"name": name, "words": kind_words(kind, name, game), "doc": _words(game, kind.description, kind.shown_description),
                      "options": _plain(options)})
    defaults = rules_to_dict(game.Rules())
    hints = {f.name: f for f in dataclasses.fields(game.Rules)}
    types = typing.get_type_hints(game.Rules)
    rules = []
    for name, f in hints.items():
        meta = f.metadata
        rules.append({"name": name, "type": describe_type(types[name]), "default": defaults.get(name), "doc": _words(game, meta.get("doc", "")),
                      "min": meta.get("min"), "max": meta.get("max"), "choices": _choices(types[name])})
    return {
        "name": game.name, "title": game_title(game), "version": str(game.version),
        "players": {"min": game.players.start, "max": game.players.stop - 1, "default": game.default_players},
        "kinds": [{"name": HUMAN, "words": kind_words(None, HUMAN), "options": []}, *kinds], "default_opponent": default_opponent(registry, game),
        "rules": _plain(rules),
        # The installed house-rule plugins, each a switch of the form (`rules.plugins`); read from the hooks they
        # implement, no plugin code run: whether the game refuses them is `house_rules_in_force`, asked off the loop.
        "house_rules": _plain([{**plugin.to_dict(), "hooks": list(plugin.hooks)} for plugin in house_rule_plugins(registry, game, installed=True)]),
    }


def house_rules_in_force(registry: Registry, data: Any) -> dict[str, Any]:
    """What the game `data` names makes of its house-rule plugins under the switches of `data`'s rules, as `muggins list` says it.

    `data` is a lobby request's part: `game`, `players` (the default count
    when left out) and `rules` (its `plugins` table switches plugins off).
    The answer: `in_force` (the plugins the switches leave on) and `refusal`,
    the game's one line refusing their answers (two plugins setting one rule
    two ways, a value it cannot play), or None; the same line a table
    request under those rules is refused with. This runs the plugins' code
    (a match is made, as `play` would): the lobby runs it in its plugin work.
    LobbyError for a request that names no installed game or whose rules are wrong.
    """
    from muggins.houserules import check_in_force, check_switches
    from muggins.rules import RulesError, rules_from_dict

    if not isinstance(data, dict):
        raise LobbyError(_("the request must be a JSON object with game, players, seats and rules"))
    try:
        game = registry.game(data.get("game") if isinstance(data.get("game"), str) else "")
    except KeyError as exc:  # the core's line, in its catalogue: the installed games named
        raise LobbyError(str(exc.args[0])) from None
    players = data.get("players", game.default_players)
    if isinstance(players, bool) or not isinstance(players, int) or players not in game.players:
        players = game.default_players  # the count is the table request's to refuse; the plugins are checked at the default
    try:
        rules = rules_from_dict(game.Rules, data.get("rules") or {}, source="rules")
        check_switches(registry, game, rules)  # a switch naming no installed plugin, as a table's request is refused
    except (RulesError, ValueError) as exc:
        raise LobbyError(str(exc)) from exc
    checked = check_in_force(registry, game, rules, players)
    return {"in_force": [plugin.name for plugin in checked.plugins], "refusal": checked.refusal}

def _option_choices(option: Any, game: Any, registry: Registry, top: Any) -> list[dict[str, str]] | None:
    """The choices the form offers for a seat option, each labelled in words; None for an option typed as a number or text.

    A chance (a float from 0 to 1) is offered at the common rates within
    its bounds and its default, each said as how often; an option whose
    values have words (a bool, a text option's choices) at those values.
    """
    if option.value_words and option.type in (bool, str):
        values = [key for key, _said in option.value_words]
    elif option.type is float and option.min is not None and option.min >= 0 and top is not None and top <= 1:
        values = sorted({rate for rate in COMMON_RATES if option.min <= rate <= top} | {float(option.default)})
    else:
        return None
    choices = []
    for value in values:
        if option.type is float:
            label = rate_choice_words(value)
        else:
            label = option_words(option, value, game, registry) or str(value)
        text = str(value).lower() if isinstance(value, bool) else (f"{value:g}" if isinstance(value, float) else str(value))
        if value == option.default:
            choices.append({"value": "", "label": _("{choice} (default)").format(choice=label)})
        else:
            choices.append({"value": text, "label": label})
    return choices


def _words(game: Any, text: str, core: Any = None) -> str:
    """A game's words (a bot's description or option, a rule's doc) in the reader's language: the game's own catalogue
    first, then the core's (the built-in kinds'), else as written."""
    translate = getattr(game, "translate", None)
    shown = translate(text) if callable(translate) and text else text
    if shown == text and core is not None:
        shown = core()
    return shown


@dataclasses.dataclass(frozen=True)
class TableRequest:
    """A request for a table, checked: the match's (`muggins.request.CheckedRequest`) and what the table itself was asked for."""

    match: CheckedRequest
    pace: float
    checks: str
    start: str
    host_seat: int | None


def read_request(registry: Registry, data: Any, pace: float) -> TableRequest:
    """The request for a table read from its JSON, the match's part checked by the core as every front end's is; LobbyError listing what is wrong.

    This reads what only a table has (its pace, whether windows that ask
    for a check are timed, when it starts, the host's seat) and the JSON's
    shape; the game, rules, players, seats and seed are the core's
    `MatchRequest.check`, with what a browser table lets a bot cost the
    server everyone plays on (`muggins_web.bots.check_web_seat`).
    """
    if not isinstance(data, dict):
        raise LobbyError(_("the request must be a JSON object with game, players, seats and rules"))
    unknown = sorted(set(data) - {"game", "players", "seats", "rules", "seed", "pace", "checks", "start", "host_seat"})
    if unknown:
        raise LobbyError(_("unknown field {field}; a table takes game, players, seats, rules, seed, pace, checks, start and host_seat").format(
            field=repr(clip(unknown[0]))))
    start = data.get("start", START_NOW)
    if start not in (START_NOW, START_BY_HOST):
        raise LobbyError(_("start must be \"{now}\" (the table starts at once) or \"{host}\" (when its host starts it)").format(
            now=START_NOW, host=START_BY_HOST))
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
        raise LobbyError(_("seed must be a whole number from 0 up"))
    request = MatchRequest(data.get("game"), data.get("players"), data.get("seats"), rules=data.get("rules", {}), seed=seed)
    try:
        checked = request.check(registry, seat_limit=check_web_seat)
    except RequestRefused as exc:
        raise LobbyError(exc.lines) from exc
    pace = data.get("pace", pace)
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
        raise LobbyError(_("pace must be a number of seconds from 0 (windows wait) to {most}").format(most=f"{MAX_PACE:g}"))
    checks = data.get("checks", CHECKS_WAIT)
    if checks not in CHECKS:
        raise LobbyError(_("checks must be \"{wait}\" (a challenge that asks for a check waits for every answer) or \"{timed}\" "
                           "(it closes after the pace too), not {given}").format(wait=CHECKS_WAIT, timed=CHECKS_TIMED,
                                                                                given=clip(repr(checks))))
    host_seat = data.get("host_seat")
    if host_seat is not None and (isinstance(host_seat, bool) or not isinstance(host_seat, int)
                                  or not 0 <= host_seat < checked.players or checked.seats[host_seat] != HUMAN):
        raise LobbyError(_("host_seat must be the number of a person's (\"{human}\") seat, the one the host plays; not {given}").format(
            human=HUMAN, given=clip(str(host_seat))))
    return TableRequest(checked, float(pace), checks, start, host_seat)


def check_request(registry: Registry, data: Any, pace: float) -> tuple[Game, Any, int, list[str], int, float]:
    """`read_request` as the tuple it was before the request had a value: the game, its rules, the player count, the seats, the seed and the pace."""
    read = read_request(registry, data, pace)
    match = read.match
    return match.game, match.rules, match.players, list(match.seats), match.seed, read.pace

def _choices(tp: Any) -> list[Any] | None:
    if typing.get_origin(tp) is typing.Literal:
        return list(typing.get_args(tp))
    return None


def _plain(data: Any) -> Any:
    """JSON-ready data (tuples to lists, other values as text)."""
    return json.loads(json.dumps(data, default=str))
