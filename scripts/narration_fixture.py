"""Every text the shipped games show a player, in English and in French, for a few seeded bot matches: written once, compared after.

Usage: `uv run python scripts/narration_fixture.py write` (re)writes
`tests/fixtures/narration-<game>.txt.gz`; `check` says whether today's texts
are those files' to the byte (the test `tests/test_narration_fixture.py`
does the same). For each game and player count a few matches are played
by bots (novice, expert and random seats in turn) under shortened rule
sets (each match the next one its seats can play), and the file holds, per
match: the title, the rules in words (`describe_rules`) and the figures'
labels (`stat_labels`); each event's narration (`describe`) and banner
(`standings`) for a spectator and every seat, the seats reading the same
text named together; the table as text (`render`) and the window's lines
(`glance`, `compared`) for the seat to act at every 50th decision, and at
the end for every seat. Only the shipped games are loaded, so an installed
house-rule plugin cannot change a word.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import Any, Iterator

from muggins.i18n import using_language
from muggins.players import make_players
from muggins.plugins import load_registry, reset_registry
from muggins.rules import rules_from_dict

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
GAMES = ("muggins_shedding", "cribbage_muggins", "willughby_fishing")
LANGUAGES = ("en", "fr")
SEATS = ("novice", "expert", "expert", "random", "expert", "novice")
#: Matches per player count, each under the next of the game's rule sets: a handful, the files staying small.
MATCHES = {"muggins_shedding": 2, "cribbage_muggins": 3, "willughby_fishing": 4}
#: The table is drawn at every VIEW_EVERY-th decision (and at the end): enough to meet every phase.
VIEW_EVERY = 50
RULE_SETS = {
    "muggins_shedding": [{"hands": 1, "turn_limit": 40}, {"hands": 1, "turn_limit": 24, "opponent_discards": "nearest_only", "repetition": "draw"}],
    "cribbage_muggins": [{"target": 61}, {"target": 61, "partnerships": True}, {"target": 31, "lowball": True}, {"target": 31, "muggins": False}],
    "willughby_fishing": [{"deals": 2}, {"reward": "last_capture", "deals": 1}],
}


def _seat_name(seat: int | None) -> str:
    return "-" if seat is None else str(seat)


def _texts(label: str, found: Any) -> Iterator[str]:
    """`label: text` for one text, one line per line of a text of several lines or of a list; nothing for None."""
    if found is None:
        return
    if isinstance(found, str):
        found = found.split("\n")
    for line in found:
        yield f"{label}: {line}" if not isinstance(line, str) or line else f"{label}:"


def _both(label: str, show: Any) -> Iterator[str]:
    """`show()`'s text in each language, each line labelled with the language."""
    for language in LANGUAGES:
        with using_language(language):
            found = show()
        yield from _texts(f"{label} {language}", found)


def _by_seat(label: str, seats: list[int | None], show: Any) -> Iterator[str]:
    """`show(seat)`'s text in each language for every seat, the seats that read the same text named together (`- 1 2`)."""
    for language in LANGUAGES:
        with using_language(language):
            shown: dict[str, list[str]] = {}
            for seat in seats:
                found = show(seat)
                if found is not None:
                    key = found if isinstance(found, str) else "\n".join(found)
                    shown.setdefault(key, []).append(_seat_name(seat))
        for text, names in shown.items():
            yield from _texts(f"{label} {language} {' '.join(names)}", text)


def match_lines(registry: Any, name: str, rules_data: dict[str, Any], players: int, seed: int) -> Iterator[str]:
    """Every text of one seeded bot match, in both languages."""
    game = registry.game(name)
    rules = rules_from_dict(game.Rules, rules_data)
    yield f"### {name} players={players} seed={seed} rules={sorted(rules_data.items())}"
    yield from _both("title", game.shown_title)
    yield from _both("rules", lambda: game.describe_rules(rules, players))
    labels = game.stat_labels
    yield from _both("labels", lambda: [f"{key} = {labels[key]}" for key in sorted(labels)])
    kinds = [SEATS[(seed + s) % len(SEATS)] for s in range(players)]
    seated = make_players(registry, game, kinds, seed)
    state = game.new(rules, players, seed)
    seats: list[int | None] = [None, *range(players)]
    events, decisions = state.opening_events(), 0
    while True:
        for number, ev in enumerate(events):
            where = f"d{decisions}.e{number} {ev['type']}"
            yield from _by_seat(f"{where} say", seats, lambda seat: game.describe(ev, seat))
            yield from _by_seat(f"{where} banner", seats, lambda seat: game.standings(ev, seat))
        found = state.decision()
        if found is None:
            break
        if decisions % VIEW_EVERY == 0:
            yield from _views(game, state, f"d{decisions} view", (found.seat,))
        view = state.view(found.seat)
        events = state.apply(found.seat, seated[found.seat].choose(view, found))
        decisions += 1
    yield from _views(game, state, "end view", seats)
    yield from _both("result", lambda: repr(state.result()))


def _views(game: Any, state: Any, where: str, seats: Any) -> Iterator[str]:
    for seat in seats:
        view = state.view(seat)
        yield from _both(f"{where} render {_seat_name(seat)}", lambda: game.render(view, seat))
        glance, compared = getattr(game, "glance", None), getattr(game, "compared", None)
        if glance is not None and seat is not None:
            yield from _both(f"{where} glance {_seat_name(seat)}", lambda: glance(view, seat))
        if compared is not None and seat is not None:
            yield from _texts(f"{where} compared {_seat_name(seat)}", str(compared(view, seat)))


def game_text(registry: Any, name: str) -> str:
    """The whole fixture of one game: every match of every player count and rule set, in order."""
    game = registry.game(name)
    lines: list[str] = []
    rule_sets = RULE_SETS[name]
    for players in game.players:
        for match in range(MATCHES[name]):
            seed = 1000 * players + match
            lines.extend(match_lines(registry, name, _playable(game, rule_sets, players + match, players), players, seed))
    return "\n".join(lines) + "\n"


def _playable(game: Any, rule_sets: list[dict[str, Any]], start: int, players: int) -> dict[str, Any]:
    """The first of the rule sets, from `start` round, that `players` seats can play (partnerships want four)."""
    for step in range(len(rule_sets)):
        rules_data = rule_sets[(start + step) % len(rule_sets)]
        try:
            game.check_rules(rules_from_dict(game.Rules, rules_data), players)
        except ValueError:
            continue
        return rules_data
    raise ValueError(f"no rule set of {game.name} plays with {players} players")


def fixture_path(name: str) -> Path:
    """The game's fixture, gzipped text (`zcat` shows it): some 200 KB of text a game is 40 KB or less this way."""
    return FIXTURES / f"narration-{name}.txt.gz"


def fixture_text(name: str) -> str | None:
    """The text the fixture of `name` holds, or None when there is none."""
    path = fixture_path(name)
    return gzip.decompress(path.read_bytes()).decode("utf-8") if path.exists() else None


def shipped_registry() -> Any:
    registry = load_registry(only=list(GAMES))
    reset_registry(registry)
    return registry


def main(argv: list[str]) -> int:
    if argv[1:] not in (["write"], ["check"]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    registry = shipped_registry()
    differ = []
    for name in GAMES:
        text = game_text(registry, name)
        path = fixture_path(name)
        if argv[1] == "write":
            FIXTURES.mkdir(parents=True, exist_ok=True)
            path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
        elif fixture_text(name) != text:
            differ.append(name)
    if differ:
        print(f"texts differ from the fixture: {', '.join(differ)}", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
