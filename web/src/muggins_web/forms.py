"""What can be played at a browser table, and a request to play checked exactly as `muggins play` checks its options.

This module owns the lobby form's side of the web: every installed game
as the form shows it (player counts, seat kinds with their options, every
house rule with its type, default, bounds and words), and checking a
request for a table (`check_request`): the game, the player count, the
seats (`muggins.sessions.check_seats`, then what a browser table lets a
bot cost the server everyone plays on, `muggins_web.bots`), each house
rule (`muggins.rules.rules_from_dict`, one line per bad value, then the
house-rule switches and `Game.check_rules`), the seed, the pace, whether
the windows that ask for a check wait or are timed too, when the table
starts and which seat its host plays. A request that is wrong is a
`LobbyError` listing every line, worded in the language of the request
(the core's and the games' lines through their own catalogues). Nothing
here makes a table.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any

from muggins.game import Game
from muggins.houserules import check_switches
from muggins.limits import clip
from muggins.rng import new_seed
from muggins.rules import RulesError, describe_type, rules_from_dict, rules_to_dict
from muggins.seat_words import COMMON_RATES, kind_words, option_words, rate_choice_words
from muggins.sessions import HUMAN, SessionError, check_seats, default_opponent

from .bots import check_web_seat, web_option_max
from .languages import _
from .notes import MAX_PACE
from .window_timer import CHECKS, CHECKS_TIMED, CHECKS_WAIT

__all__ = ["LobbyError", "START_BY_HOST", "START_NOW", "check_request", "game_info", "games"]

#: When a table starts: at once (what a request that does not say asks for), or when its host says so.
START_NOW, START_BY_HOST = "now", "host"


class LobbyError(ValueError):
    """A request a table cannot be made from: one line per thing wrong (`lines`); `status` is the HTTP answer's."""

    status = 400

    def __init__(self, lines: list[str] | str) -> None:
        self.lines = [lines] if isinstance(lines, str) else list(lines)
        super().__init__("\n".join(self.lines))


def games(registry: Any) -> list[dict[str, Any]]:
    """Every installed game as the lobby form needs it."""
    return [game_info(registry, game) for _name, game in sorted(registry.games.items())]

def game_info(registry: Any, game: Game) -> dict[str, Any]:
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
        "name": game.name, "title": game.shown_title() if hasattr(game, "shown_title") else getattr(game, "title", game.name), "version": str(game.version),
        "players": {"min": game.players.start, "max": game.players.stop - 1, "default": game.default_players},
        "kinds": [{"name": HUMAN, "words": kind_words(None, HUMAN), "options": []}, *kinds], "default_opponent": default_opponent(registry, game),
        "rules": _plain(rules),
    }

def _option_choices(option: Any, game: Any, registry: Any, top: Any) -> list[dict[str, str]] | None:
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


def check_request(registry: Any, data: Any, pace: float) -> tuple[Game, Any, int, list[str], int, float]:
    """The game, its rules, the player count, one seat spec per seat, the seed and the pace; LobbyError listing what is wrong."""
    if not isinstance(data, dict):
        raise LobbyError(_("the request must be a JSON object with game, players, seats and rules"))
    unknown = sorted(set(data) - {"game", "players", "seats", "rules", "seed", "pace", "checks", "start", "host_seat"})
    if unknown:
        raise LobbyError(_("unknown field {field}; a table takes game, players, seats, rules, seed, pace, checks, start and host_seat").format(
            field=repr(clip(unknown[0]))))
    if data.get("start", START_NOW) not in (START_NOW, START_BY_HOST):
        raise LobbyError(_("start must be \"{now}\" (the table starts at once) or \"{host}\" (when its host starts it)").format(
            now=START_NOW, host=START_BY_HOST))
    name = data.get("game")
    games = registry.games
    if not isinstance(name, str) or name not in games:
        raise LobbyError(_("unknown game {game}; installed games: {games}").format(
            game=repr(clip(str(name))), games=", ".join(sorted(games)) or _("none")))
    game = games[name]
    seats = data.get("seats", [HUMAN])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise LobbyError(_("seats must be a list of seat kinds such as \"human\" or \"novice:error_rate=0.2\""))
    players = data.get("players", max(game.default_players, len(seats)))
    low, high = game.players.start, game.players.stop - 1
    if isinstance(players, bool) or not isinstance(players, int) or players not in game.players:
        raise LobbyError(_("{game} is played by {low} to {high} players, not {players}").format(
            game=game.name, low=low, high=high, players=clip(str(players))))
    if len(seats) > players:
        raise LobbyError(_("{seats} seats for {players} players; give at most one per seat").format(seats=len(seats), players=players))
    kinds = list(seats) + [default_opponent(registry, game)] * (players - len(seats))
    try:
        check_seats(registry, game, kinds, front_end=(HUMAN,))
    except SessionError as exc:
        raise LobbyError(str(exc)) from exc
    web_refusals = []
    for spec in dict.fromkeys(kinds):  # what a browser table allows a bot to cost the server everyone plays on
        try:
            check_web_seat(spec)
        except ValueError as exc:
            web_refusals.append(str(exc))
    if web_refusals:
        raise LobbyError(web_refusals)
    rules = _rules(registry, game, data.get("rules", {}), players)
    seed = data.get("seed")
    if seed is None:
        seed = new_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise LobbyError(_("seed must be a whole number from 0 up"))
    pace = data.get("pace", pace)
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
        raise LobbyError(_("pace must be a number of seconds from 0 (windows wait) to {most}").format(most=f"{MAX_PACE:g}"))
    if data.get("checks", CHECKS_WAIT) not in CHECKS:
        raise LobbyError(_("checks must be \"{wait}\" (a challenge that asks for a check waits for every answer) or \"{timed}\" "
                           "(it closes after the pace too), not {given}").format(wait=CHECKS_WAIT, timed=CHECKS_TIMED,
                                                                                given=clip(repr(data["checks"]))))
    host_seat = data.get("host_seat")
    if host_seat is not None and (isinstance(host_seat, bool) or not isinstance(host_seat, int)
                                  or not 0 <= host_seat < players or kinds[host_seat] != HUMAN):
        raise LobbyError(_("host_seat must be the number of a person's (\"{human}\") seat, the one the host plays; not {given}").format(
            human=HUMAN, given=clip(str(host_seat))))
    return game, rules, players, kinds, seed, float(pace)

def _rules(registry: Any, game: Game, given: Any, players: int) -> Any:
    """The house rules, checked as a TOML file's are: every bad value named on a line of its own."""
    if not isinstance(given, dict):
        raise LobbyError(_("rules must be an object of house rules, as in a rules TOML file"))
    lines = []
    for key, value in given.items():
        try:
            rules_from_dict(game.Rules, {key: value}, source="rules")
        except RulesError as exc:
            lines.append(str(exc))
    if lines:
        raise LobbyError(lines)
    try:
        rules = rules_from_dict(game.Rules, given, source="rules")
        check_switches(registry, game, rules)
        game.check_rules(rules, players)
    except (RulesError, ValueError) as exc:
        raise LobbyError(f"{clip(str(exc), 200)}") from exc
    return rules

def _choices(tp: Any) -> list[Any] | None:
    if typing.get_origin(tp) is typing.Literal:
        return list(typing.get_args(tp))
    return None


def _plain(data: Any) -> Any:
    """JSON-ready data (tuples to lists, other values as text)."""
    return json.loads(json.dumps(data, default=str))
