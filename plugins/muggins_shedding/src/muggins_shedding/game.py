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

from muggins import Capabilities, Game, parse_card
from muggins.i18n import N_, translator
from muggins.typography import apart
from muggins.wording import TranslatedLabels, rank_word

from . import houserules
from .houserules import STANDARD_ORDER, order_to_data
from .order_words import order_text
from .rules import SheddingRules

_STANDARD_ORDER = order_to_data(STANDARD_ORDER)

# The game's own catalogue (domain muggins_shedding, in locale/ beside this module): every word a player reads.
_translator = translator("muggins_shedding", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

__all__ = ["SheddingGame"]


class SheddingGame(Game):
    """Muggins, the Victorian shedding game (seeds 000/001, RULES.md)."""

    name = "muggins_shedding"
    title = N_("Muggins, the shedding game")
    translations = _translator
    players = range(3, 8)
    default_players = 4
    version = "1.0"
    #: "1": `search` with no options plays with expert rollouts and the expert as its prior (`search_defaults`,
    #: `search_prior`); records of the first bots replay with their bots' choices unchecked.
    bots_version = "1"
    #: What `search` with no options plays by: the strongest configuration measured (docs/games/muggins_shedding.md).
    search_defaults = {"rollout": "expert"}
    Rules = SheddingRules
    stat_labels = TranslatedLabels(_, {
        "errors": N_("misplaced cards"), "calls": N_("Muggins calls"), "calls_upheld": N_("calls upheld"), "penalties": N_("penalty cards given"),
        "recycles": N_("discards turned over"), "exposures": N_("cards turned per hand"), "exposures_won": N_("cards turned per won hand"),
        "hands": N_("hands played"), "hands_drawn": N_("hands drawn"), "hands_drawn_turn_limit": N_("hands drawn at the turn limit"),
        "hands_drawn_repetition": N_("hands drawn by repetition"),
    })
    #: What the game offers beyond the required protocol (the contract kit checks it against the methods).
    capabilities = Capabilities(determinize=True, search_prior=True, layout=True, choice_move=True, play_forced=True, from_position=True)
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
        """Everything the house-rule plugins in force decide for a match, checked: a `SheddingHouseRules` (the game's house-rule entry).

        Built from `adjacent_pairs`, `destination_order` and `penalty_cards`,
        so a variant made by subclassing the game may override any one of them.
        """
        return houserules.house_rules(self, rules, players)

    def describe_rules(self, rules: SheddingRules, players: int) -> str:
        """`penalty 2 cards from each donor; K–A touch; a fitting card goes to: …`, or the standard game's words."""
        house = self.house_rules(rules, players)
        parts = [ngettext("penalty {n} card from each donor", "penalty {n} cards from each donor", house.penalty).format(n=house.penalty)]
        if house.adjacent:
            parts.append(_("{pairs} touch").format(pairs=pairs_text(house.adjacent)))
        if not house.standard_order:
            parts.append(_("a fitting card goes to {order}").format(order=order_text(house.order)))
        return apart("; ").join(parts)

    # -- what a human sees --------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n = view["players"]
        k = len(view["commons"])
        lines = [
            _("Hand {hand} of {hands} · dealer seat {dealer} · exposure {exposures} of at most {limit}").format(
                hand=view["hand"] + 1, hands=view["hands"], dealer=view["dealer"], exposures=view["exposures"], limit=view["turn_limit"]),
            _("Hands won: {standings}").format(standings=standings_text(view["wins"], seat)),
        ]
        if view.get("adjacent_extra"):
            lines.append(_("House rule: also touching {pairs}").format(pairs=pairs_text(view["adjacent_extra"])))
        order = view.get("destination_order")
        if order and order != _STANDARD_ORDER:
            lines.append(_("House rule: place on {order}").format(order=order_text(order)))
        penalty = view.get("penalty_cards", 1)
        if penalty != 1:
            lines.append(_("House rule: no penalty cards on an upheld Muggins") if penalty == 0 else
                         ngettext("House rule: each other player gives {n} penalty card on an upheld Muggins",
                                  "House rule: each other player gives {n} penalty cards on an upheld Muggins", penalty).format(n=penalty))
        # With ten or more destinations the numbers take two digits: pad them all alike so the rows line up.
        number_width = len(f"[{k + n}]")
        commons = "  ".join(f"[{j + 1}] {_card(top)} ({size})" for j, (top, size) in enumerate(zip(view["commons"], view["common_sizes"])))
        lines.append(_("Common piles:  {commons}").format(commons=commons))
        lines.append(_("Discards (top, cards) and closed stocks:"))
        names = [_name(s, seat) for s in range(n)]
        # Each language's seat names have their own length: the column is as wide as the longest (at least 7, as ever).
        name_width = max(7, *(len(name) for name in names))
        for s in range(n):
            size = view["discard_sizes"][s]
            top = _card(view["discards"][s]) if size else _("empty")
            turn = _("  ← to play") if s == view["mover"] and view["phase"] in ("play", "correct") else ""
            number = f"[{k + s + 1}]".rjust(number_width)
            lines.append(_("  {number} {who}: {top} ({size})   stock {stock}{turn}").format(
                number=number, who=names[s].rjust(name_width), top=top.rjust(5), size=size, stock=view["stock_sizes"][s], turn=turn))
        if view["phase"] == "play" and view["exposed"]:
            if view["mover"] == seat:
                lines.append(_("You turned {card}.").format(card=_card(view["exposed"])))
            else:
                lines.append(_("Seat {seat} turned {card}.").format(seat=view["mover"], card=_card(view["exposed"])))
        elif view["phase"] == "correct" and view["exposed"]:
            if order in (None, _STANDARD_ORDER):
                lines.append(_("Muggins! {card} must go on a fitting common pile.").format(card=_card(view["exposed"])))
            else:
                lines.append(_("Muggins! {card} must go on one of the fitting piles.").format(card=_card(view["exposed"])))
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
            f"[{k + s + 1}] {_name(s, seat)} {_card(view['discards'][s]) if view['discard_sizes'][s] else _('empty')}"
            for s in range(view["players"]))
        return [_("Common piles: {commons}").format(commons=commons), _("Discards: {discards}").format(discards=discards)]

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
        # One message per person (you or another seat): French conjugates the verb with its subject.
        if kind == "expose":
            if event["seat"] == seat:
                return _("You turned {card}.").format(card=_card(event["card"]))
            return _("seat {seat} turned {card}.").format(seat=event["seat"], card=_card(event["card"]))
        if kind == "place":
            on = _("on {card}").format(card=_card(event["on"])) if event["on"] else _("empty")
            values = {"seat": event["seat"], "card": _card(event["card"]), "pile": _pile(event["pile"], seat, event["seat"]), "on": on}
            if event["seat"] == seat:
                return _("You put {card} on {pile} ({on}).").format(**values)
            return _("seat {seat} put {card} on {pile} ({on}).").format(**values)
        if kind == "call":
            if event["seat"] == seat:
                head = _("You called Muggins on seat {against}").format(against=event["against"])
            elif event["against"] == seat:
                head = _("seat {seat} called Muggins on you").format(seat=event["seat"])
            else:
                head = _("seat {seat} called Muggins on seat {against}").format(seat=event["seat"], against=event["against"])
            if event["upheld"]:
                where = _(" or ").join(_pile(p, seat) for p in event["correct"])
                return _("{head}: upheld — {card} belonged on {where}.").format(head=head, card=_card(event["card"]), where=where)
            return _("{head}: not upheld — {card} on {pile} was correct; no penalty.").format(
                head=head, card=_card(event["card"]), pile=_pile(event["pile"], seat))
        if kind == "correction":
            return _("{card} moves from {source} to {pile}.").format(
                card=_card(event["card"]), source=_pile(event["from_pile"], seat), pile=_pile(event["pile"], seat))
        if kind == "penalty":
            donor, to = event["donor"], event["seat"]
            if event["card"] is None:
                if donor == seat:
                    return _("You have no cards and give none.")
                return _("seat {donor} has no cards and gives none.").format(donor=donor)
            card = _card(event["card"])
            if donor == seat:
                return _("You give {card} to the bottom of seat {seat}'s stock.").format(card=card, seat=to)
            if to == seat:
                return _("seat {donor} gives {card} to the bottom of your stock.").format(donor=donor, card=card)
            return _("seat {donor} gives {card} to the bottom of seat {seat}'s stock.").format(donor=donor, card=card, seat=to)
        if kind == "recycle":
            count = event["count"]
            if event["seat"] == seat:
                return ngettext("You turned your discard over: {count} card becomes the stock.",
                                "You turned your discard over: {count} cards become the stock.", count).format(count=count)
            return ngettext("seat {seat} turned their discard over: {count} card becomes the stock.",
                            "seat {seat} turned their discard over: {count} cards become the stock.", count).format(seat=event["seat"], count=count)
        if kind == "deal":
            commons = " ".join(_card(c) for c in event["commons"])
            values = {"hand": event["hand"] + 1, "dealer": event["dealer"], "commons": commons, "first": event["first"]}
            if event["first"] == seat:
                return _("Hand {hand}: seat {dealer} deals; common piles {commons}; you to start.").format(**values)
            return _("Hand {hand}: seat {dealer} deals; common piles {commons}; seat {first} to start.").format(**values)
        if kind == "win":
            values = {"seat": event["seat"], "hand": event["hand"] + 1}
            mine = event["seat"] == seat
            if event["how"] == "shed":
                text = _("You have no cards left and won hand {hand}.") if mine else _("seat {seat} has no cards left and won hand {hand}.")
            else:
                text = (_("You gave away your last card and won hand {hand}.") if mine else
                        _("seat {seat} gave away their last card and won hand {hand}."))
            return text.format(**values)
        if kind == "draw":
            why = _("the turn limit") if event["reason"] == "turn_limit" else _("an exact repetition of the position")
            return _("Hand {hand} is drawn after {exposures} exposures ({why}).").format(hand=event["hand"] + 1, exposures=event["exposures"], why=why)
        if kind == "match_end":
            winners = event["winners"]
            if not winners:
                return _("Match over: no hand was won.")
            standings = standings_text(event["wins"], seat)
            if len(winners) > 1:
                names = ", ".join(_subject(s, seat) for s in winners)
                return _("Match over: {names} share the match ({standings}).").format(names=names, standings=standings)
            if winners[0] == seat:
                return _("Match over: You won the match ({standings}).").format(standings=standings)
            return _("Match over: seat {seat} won the match ({standings}).").format(seat=winners[0], standings=standings)
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The end-of-hand banner for a terminal player: the hand's outcome and the hands won so far."""
        kind = event["type"]
        if kind == "win":
            if event["seat"] == seat:
                head = _("Hand {hand} goes to you.").format(hand=event["hand"] + 1)
            else:
                head = _("Hand {hand} goes to seat {seat}.").format(hand=event["hand"] + 1, seat=event["seat"])
        elif kind == "draw":
            head = _("Hand {hand} is drawn: nobody scores.").format(hand=event["hand"] + 1)
        else:
            return None
        # The draw event carries no tally (older records lack it): its banner says the hand alone.
        return [head, _("Hands won: {standings}").format(standings=standings_text(event["wins"], seat))] if "wins" in event else [head]


def _rank(r: int) -> str:
    """A rank's letter as a player reads it: in French V, D, R (valet, dame, roi); the codes typed stay as documented."""
    return rank_word(r)


def _card(code: str | None) -> str:
    """A card as a player reads it: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`)."""
    if not code:
        return "—"
    found = parse_card(code)
    return _rank(int(found.rank)) + found.suit.symbol


def _name(s: int, viewer: int | None) -> str:
    """A seat in a list or table: `you`, `seat 2`."""
    return _("you") if s == viewer else _("seat {seat}").format(seat=s)


def _subject(s: int, viewer: int | None) -> str:
    """A seat as the subject of a sentence: `You`, `seat 2`."""
    return _("You") if s == viewer else _("seat {seat}").format(seat=s)


def _pile(name: str, viewer: int | None, actor: int | None = None) -> str:
    kind, number = name.split()
    if kind == "common":
        return _("common pile {number}").format(number=number)
    if int(number) == viewer:
        return _("your own discard") if actor == viewer else _("your discard")
    return _("their own discard") if int(number) == actor else _("seat {seat}'s discard").format(seat=number)


def standings_text(wins: Iterable[int], viewer: int | None) -> str:
    """`you: 0 hands · seat 1: 1 hand · seat 2: 0 hands`: hands won per seat, in words."""
    return " · ".join(ngettext("{who}: {n} hand", "{who}: {n} hands", w).format(who=_name(s, viewer), n=w) for s, w in enumerate(wins))


def pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{_rank(a)}–{_rank(b)}" for a, b in pairs)
