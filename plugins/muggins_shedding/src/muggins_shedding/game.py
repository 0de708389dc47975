"""The registered shedding game: identity, limits, house-rule hooks, and what a human sees.

This module owns `SheddingGame`, the `muggins.Game` the plugin registers
under the name `muggins_shedding`: its player counts (3 to 7), its rules
class and state class, the bound on decisions the contract kit enforces,
the answers of house-rule plugins to the game's three hooks (touching
ranks, the order of destinations, penalty cards; asked once per match,
through `muggins.call_house_rules`), `render` (the table for a human:
every common top, every discard top with stock sizes, the exposed card,
each destination numbered as in the play menu, numbers padded alike when
there are ten or more, the hands won in words, a line for each house rule
a plugin changed), `glance` (every pile top on two lines, numbered as in
the play menu, which a terminal player prints under each window's move so
the placement can be judged without the whole table), `describe` (one line per
event: exposures, placements, calls, corrections, penalty cards one by one,
recycles, wins, draws) and `standings` (the end-of-hand banner a terminal
player frames and pauses on).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from muggins import Game, parse_card

from . import houserules
from .houserules import STANDARD_ORDER, order_to_data, order_words
from .rules import SheddingRules

_STANDARD_ORDER = order_to_data(STANDARD_ORDER)

__all__ = ["SheddingGame"]


def _card(code: str | None) -> str:
    return str(parse_card(code)) if code else "—"


class SheddingGame(Game):
    """Muggins, the Victorian shedding game (seeds 000/001, RULES.md)."""

    name = "muggins_shedding"
    title = "Muggins, the shedding game"
    players = range(3, 8)
    default_players = 4
    version = "1.0"
    #: "1": `search` with no options plays with expert rollouts and the expert as its prior (`search_defaults`,
    #: `search_prior`); records of the first bots replay with their bots' choices unchecked.
    bots_version = "1"
    #: What `search` with no options plays by: the strongest configuration measured (docs/games/muggins_shedding.md).
    search_defaults = {"rollout": "expert"}
    Rules = SheddingRules
    stat_labels = {
        "errors": "misplaced cards", "calls": "Muggins calls", "calls_upheld": "calls upheld", "penalties": "penalty cards given",
        "recycles": "discards turned over", "exposures": "cards turned per hand", "exposures_won": "cards turned per won hand",
        "hands": "hands played", "hands_drawn": "hands drawn", "hands_drawn_turn_limit": "hands drawn at the turn limit",
        "hands_drawn_repetition": "hands drawn by repetition",
    }
    State = "muggins_shedding.state:SheddingState"  # imported on first use: `muggins list` stays quick

    def search_prior(self, view: Mapping[str, Any], decision: Any, seat: int) -> Mapping[str, float] | None:
        """The search player's prior over the choices, from the seat's view alone (`muggins_shedding.search_hints`)."""
        from .search_hints import search_prior

        return search_prior(view, decision, seat)

    def __init__(self, hooks: Any = None) -> None:
        #: A pluggy hook relay to ask for house-rule hooks. The core sets its registry's
        #: relay at registration; None (a game made outside any registry) = the process registry's.
        self.hooks = hooks

    def max_decisions(self, rules: SheddingRules, players: int) -> int:
        # Per exposure at most: the play, every other player in the window, the offender's correction.
        # The house-rule hooks change none of it: a destination order with tiers still asks for one
        # correction at most, and penalty cards move without any decision.
        return rules.hands_for(players) * rules.turn_limit * (players + 1) + 16

    # -- the house-rule hooks ---------------------------------------------
    # Each is asked once per match, by `SheddingState.new` (through `house_rules`), never in the play loop.
    # Through `muggins.call_house_rules`: the relay the core handed the game at registration
    # (`self.hooks`, or one given to the constructor; a game made outside any registry asks the
    # process registry), and only the plugins the rules' `[plugins]` table leaves switched on.
    def adjacent_pairs(self, rules: SheddingRules, players: int) -> list[tuple[int, int]]:
        """Extra touching rank pairs from `muggins_shedding_adjacent_ranks`, every plugin's added (plugin-name order).

        The pairs are stored in the state, its records and its view, so a
        replay or a saved match does not depend on the hook. A plugin's
        unusable answer is a `HouseRuleError` naming it.
        """
        return houserules.adjacent_pairs(self, rules, players)

    def destination_order(self, rules: SheddingRules, players: int) -> tuple[tuple[str, ...], ...]:
        """The order of priority among destinations from `muggins_shedding_destination_order` (tiers of kinds).

        The standard order `(("common",), ("opponent",), ("own",))` when no
        plugin answers; two plugins giving different orders are a conflict.
        """
        return houserules.destination_order(self, rules, players)

    def penalty_cards(self, rules: SheddingRules, players: int) -> int:
        """Cards each donor gives on an upheld call, from `muggins_shedding_penalty_cards` (standard: 1)."""
        return houserules.penalty_cards(self, rules, players)

    def house_rules(self, rules: SheddingRules, players: int) -> houserules.SheddingHouseRules:
        """Everything the house-rule plugins in force decide for a match, checked: a `SheddingHouseRules`.

        Built from `adjacent_pairs`, `destination_order` and `penalty_cards`,
        so a variant made by subclassing the game may override any one of them.
        """
        return houserules.SheddingHouseRules(
            houserules.normalise_pairs(self.adjacent_pairs(rules, players)),
            houserules.normalise_order(self.destination_order(rules, players)),
            houserules.check_penalty(self.penalty_cards(rules, players)),
        )

    def describe_rules(self, rules: SheddingRules, players: int) -> str:
        """`penalty 2 cards from each donor; K–A touch; a fitting card goes to: …`, or the standard game's words."""
        house = self.house_rules(rules, players)
        parts = [f"penalty {house.penalty} card{'' if house.penalty == 1 else 's'} from each donor"]
        if house.adjacent:
            parts.append(f"{pairs_text(house.adjacent)} touch")
        if not house.standard_order:
            parts.append(f"a fitting card goes to {order_words(house.order)}")
        return "; ".join(parts)

    # -- what a human sees --------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n = view["players"]
        k = len(view["commons"])
        lines = [
            f"Hand {view['hand'] + 1} of {view['hands']} · dealer seat {view['dealer']} · "
            f"exposure {view['exposures']} of at most {view['turn_limit']}",
            f"Hands won: {standings_text(view['wins'], seat)}",
        ]
        if view.get("adjacent_extra"):
            pairs = ", ".join(f"{_rank(a)}–{_rank(b)}" for a, b in view["adjacent_extra"])
            lines.append(f"House rule: also touching {pairs}")
        order = view.get("destination_order")
        if order and order != _STANDARD_ORDER:
            lines.append(f"House rule: place on {order_words(order)}")
        penalty = view.get("penalty_cards", 1)
        if penalty != 1:
            lines.append("House rule: no penalty cards on an upheld Muggins" if penalty == 0 else
                         f"House rule: each other player gives {penalty} penalty cards on an upheld Muggins")
        # With ten or more destinations the numbers take two digits: pad them all alike so the rows line up.
        number_width = len(f"[{k + n}]")
        commons = "  ".join(f"[{j + 1}] {_card(top)} ({size})" for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])))
        lines.append(f"Common piles:  {commons}")
        lines.append("Discards (top, cards) and closed stocks:")
        for s in range(n):
            who = "you" if s == seat else f"seat {s}"
            size = view["discard_sizes"][s]
            top = _card(view["discards"][s]) if size else "empty"
            turn = "  ← to play" if s == view["mover"] and view["phase"] in ("play", "correct") else ""
            number = f"[{k + s + 1}]".rjust(number_width)
            lines.append(f"  {number} {who:>7}: {top:>5} ({size})   stock {view['stock_sizes'][s]}{turn}")
        mover = "you" if view["mover"] == seat else f"seat {view['mover']}"
        if view["phase"] == "play" and view["exposed"]:
            lines.append(f"{mover.capitalize()} turned {_card(view['exposed'])}.")
        elif view["phase"] == "correct" and view["exposed"]:
            where = "a fitting common pile" if order in (None, _STANDARD_ORDER) else "one of the fitting piles"
            lines.append(f"Muggins! {_card(view['exposed'])} must go on {where}.")
        last = view.get("last")
        if last:
            # Worded as the narration words it, so a player printing both can tell they say the same.
            placed = self.describe({"type": "place", "seat": view["mover"], "card": last["card"], "pile": last["pile"], "on": last["under"]}, seat)
            lines.append(placed[0].upper() + placed[1:])
        return "\n".join(lines)

    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """Every pile top, numbered as in the play menu: what a placement is judged by, for a terminal player's window."""
        k = len(view["commons"])
        commons = "  ".join(f"[{j + 1}] {_card(top)}" for j, top in enumerate(view["commons"]))
        discards = "  ".join(
            f"[{k + s + 1}] {'you' if s == seat else f'seat {s}'} {_card(view['discards'][s]) if view['discard_sizes'][s] else 'empty'}"
            for s in range(view["players"]))
        return [f"Common piles: {commons}", f"Discards: {discards}"]

    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """Every pile a placement is judged against (the commons, then each discard in turn), for the terminal's default pace."""
        return len(view["commons"]) + view["players"]

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`muggins_shedding.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The turned card a placement or correction moves, and the pile's zone (`muggins_shedding.layout`)."""
        from .layout import choice_move

        return choice_move(action)

    def describe(self, event: Mapping[str, Any], seat: int | None) -> str | None:
        kind = event["type"]
        if kind == "expose":
            return f"{_who(event['seat'], seat)} turned {_card(event['card'])}."
        if kind == "place":
            on = f"on {_card(event['on'])}" if event["on"] else "empty"
            return f"{_who(event['seat'], seat)} put {_card(event['card'])} on {_pile(event['pile'], seat, event['seat'])} ({on})."
        if kind == "call":
            head = f"{_who(event['seat'], seat)} called Muggins on {_who(event['against'], seat, obj=True)}"
            if event["upheld"]:
                where = " or ".join(_pile(p, seat) for p in event["correct"])
                return f"{head}: upheld — {_card(event['card'])} belonged on {where}."
            return f"{head}: not upheld — {_card(event['card'])} on {_pile(event['pile'], seat)} was correct; no penalty."
        if kind == "correction":
            return f"{_card(event['card'])} moves from {_pile(event['from_pile'], seat)} to {_pile(event['pile'], seat)}."
        if kind == "penalty":
            if event["card"] is None:
                return f"{_who(event['donor'], seat)} {'have' if event['donor'] == seat else 'has'} no cards and give{'' if event['donor'] == seat else 's'} none."
            give = "give" if event["donor"] == seat else "gives"
            return f"{_who(event['donor'], seat)} {give} {_card(event['card'])} to the bottom of {_owner(event['seat'], seat)} stock."
        if kind == "recycle":
            return f"{_who(event['seat'], seat)} turned {_owner(event['seat'], seat, own=True)} discard over: {event['count']} card{'' if event['count'] == 1 else 's'} {'becomes' if event['count'] == 1 else 'become'} the stock."
        if kind == "deal":
            commons = " ".join(_card(c) for c in event["commons"])
            return f"Hand {event['hand'] + 1}: seat {event['dealer']} deals; common piles {commons}; {_who(event['first'], seat, obj=True)} to start."
        if kind == "win":
            mine = event["seat"] == seat
            how = ("have" if mine else "has") + " no cards left" if event["how"] == "shed" else "gave away " + ("your" if mine else "their") + " last card"
            return f"{_who(event['seat'], seat)} {how} and won hand {event['hand'] + 1}."
        if kind == "draw":
            why = "the turn limit" if event["reason"] == "turn_limit" else "an exact repetition of the position"
            return f"Hand {event['hand'] + 1} is drawn after {event['exposures']} exposures ({why})."
        if kind == "match_end":
            if not event["winners"]:
                return "Match over: no hand was won."
            names = ", ".join(_who(s, seat) for s in event["winners"])
            share = " share the match" if len(event["winners"]) > 1 else " won the match"
            return f"Match over: {names}{share} ({standings_text(event['wins'], seat)})."
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The end-of-hand banner for a terminal player: the hand's outcome and the hands won so far."""
        kind = event["type"]
        if kind == "win":
            head = f"Hand {event['hand'] + 1} goes to {_who(event['seat'], seat, obj=True)}."
        elif kind == "draw":
            head = f"Hand {event['hand'] + 1} is drawn: nobody scores."
        else:
            return None
        # The draw event carries no tally (older records lack it): its banner says the hand alone.
        return [head, f"Hands won: {standings_text(event['wins'], seat)}"] if "wins" in event else [head]


def _rank(r: int) -> str:
    return ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[r - 1]


def _who(s: int, viewer: int | None, *, obj: bool = False) -> str:
    return ("you" if obj else "You") if s == viewer else f"seat {s}"


def _owner(s: int, viewer: int | None, *, own: bool = False) -> str:
    if s == viewer:
        return "your"
    return "their" if own else f"seat {s}'s"


def _pile(name: str, viewer: int | None, actor: int | None = None) -> str:
    kind, number = name.split()
    if kind == "common":
        return f"common pile {number}"
    if int(number) == viewer:
        return "your own discard" if actor == viewer else "your discard"
    return "their own discard" if int(number) == actor else f"seat {number}'s discard"


def standings_text(wins: Iterable[int], viewer: int | None) -> str:
    """`you: 0 hands · seat 1: 1 hand · seat 2: 0 hands`: hands won per seat, in words."""
    return " · ".join(f"{_who(s, viewer, obj=True)}: {w} hand{'' if w == 1 else 's'}" for s, w in enumerate(wins))


def pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{_rank(a)}–{_rank(b)}" for a, b in pairs)
