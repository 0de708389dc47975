"""What a bot may cost at a browser table: the most simulations a search may run per decision, and the seconds one decision may take.

This module owns the web's bounds on bots, which the terminal does not
need (there a person chose to wait for their own bot). A server answers
everyone from one process, so a seat asking for a search of a hundred
million simulations is refused when the table is made (or the host seats
it), with one line giving the most allowed (`WEB_OPTION_MAX`, also the
`max` the lobby form and `/api/games` show); and a decision still running
after `THINK_LIMIT` seconds is stopped (`muggins.thinking`: the search
checks between simulations), which stops the table with a line saying
why, its record whole to the last move.
"""

from __future__ import annotations

from typing import Any

from muggins.limits import clip
from muggins.players import parse_seat

__all__ = ["WEB_OPTION_MAX", "THINK_LIMIT", "check_web_seat", "web_option_max"]

#: The most a seat option may be at a browser table, by (kind, option): about a second a decision at the most.
WEB_OPTION_MAX: dict[tuple[str, str], int] = {("search", "iterations"): 2000}
#: Seconds one bot decision may take at a browser table before it is stopped.
THINK_LIMIT = 30.0


def web_option_max(kind: str, option: str, declared: Any) -> Any:
    """The bound the web shows and enforces for `kind`'s `option`: its own `max`, lowered to the web's cap."""
    cap = WEB_OPTION_MAX.get((kind, option))
    if cap is None:
        return declared
    return cap if declared is None else min(declared, cap)


def check_web_seat(spec: str) -> None:
    """ValueError (one line) if a seat spec asks more of a bot than a browser table allows; other faults are the seats' checks'."""
    try:
        kind, options = parse_seat(spec)
    except ValueError:
        return  # the seat check says what is wrong with it
    for name, text in options.items():
        cap = WEB_OPTION_MAX.get((kind, name))
        if cap is None:
            continue
        try:
            value = int(text)
        except ValueError:
            continue  # not a number: the seat check refuses it
        if value > cap:
            raise ValueError(f"seat {clip(spec)!r}: {name} is at most {cap} at a browser table "
                             f"(each of its decisions runs on the server everyone plays on), not {clip(text, 20)}")
