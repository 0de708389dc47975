"""The registered Willughby fishing game: identity, limits, and what a human sees.

This module owns `FishingGame`, the `muggins.Game` the plugin registers
under the name `willughby_fishing`: exactly five players, its rules and
state classes, the bound on decisions the contract kit enforces, `render`
(the table for a human: their hand, the field grouped by rank, every
collection's size, who has lain down, the pot and the chip ledger) and
`describe` (one line per record event: the cut, antes, the deal, claims,
captures, lie-downs, the stop, the reward, the dealer's sweep, the
settlement and the end of the match).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins import Game, parse_card

from .rules import PLAYERS, FishingRules

__all__ = ["FishingGame"]

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_WHAT = {
    "field_four": "the four left in the layout",
    "left_pair": "the pair left on the table",
    "laid_down": "the unclaimed set(s) of the laid-down hand",
    "other_pair": "the other pair",
}


def _cards(codes: Sequence[str]) -> str:
    return " ".join(str(parse_card(c)) for c in codes) if codes else "—"


def _who(seat: int | None, viewer: int | None) -> str:
    return "You" if seat == viewer else f"seat {seat}"


def _by_rank(codes: Sequence[str]) -> str:
    groups: dict[str, list[str]] = {}
    for code in codes:
        card = parse_card(code)
        groups.setdefault(_RANKS[card.rank - 1], []).append(str(card))
    return "  ".join(f"[{' '.join(cards)}]" for cards in groups.values()) if groups else "(empty)"


class FishingGame(Game):
    """The Willughby fishing game, "Laugh and Lie Down" (seed 004, RULES.md)."""

    name = "willughby_fishing"
    title = "The Willughby fishing game (Laugh and Lie Down)"
    players = range(PLAYERS, PLAYERS + 1)
    default_players = PLAYERS
    version = "1.0"
    Rules = FishingRules
    State = "willughby_fishing.state:FishingState"  # imported on first use: `muggins list` stays quick

    def max_decisions(self, rules: FishingRules, players: int) -> int:
        # Per deal at most: 3 layout fours + done, a layout window, 5 players' claims (at most 3 sets
        # each) and dones, then 40 turns (each takes a hand card) each followed by a 4-seat window.
        return rules.deals * (4 + 4 + 20 + 40 * 5) + 16

    # -- what a human sees ----------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n = view["players"]
        lines = [f"Deal {view['deal'] + 1} of {view['deals']} · dealer seat {view['dealer']} · pot {view['pot']} chips · "
                 f"reward: {'last player holding cards' if view['reward_rule'] == 'last_holder' else 'last capture'}"]
        lines.append(f"Table ({len(view['field'])}): {_by_rank(view['field'])}")
        if view.get("hand") is not None:
            lines.append(f"Your hand ({len(view['hand'])}): {_by_rank(view['hand'])}")
        lines.append("Seat        hand  collection  chips")
        for s in range(n):
            who = "you" if s == seat else f"seat {s}"
            marks = []
            if s == view["dealer"]:
                marks.append("dealer")
            if view["laid_down"][s]:
                marks.append("lain down")
            elif view["hand_sizes"][s] == 0:
                marks.append("no cards")
            if s == view.get("to_move"):
                marks.append("to play")
            size = len(view["collections"][s])
            pairs = f"({size // 2} pair{'' if size == 2 else 's'})"
            lines.append(f"  {who:>7}  {view['hand_sizes'][s]:>5}  {size:>5} {pairs:<10} {view['ledger'][s]:>+5}"
                         + (f"   {', '.join(marks)}" if marks else ""))
        return "\n".join(lines)

    def describe(self, event: Mapping[str, Any], seat: int | None) -> str | None:
        kind = event["type"]
        if kind == "cut":
            rounds = "; then ".join(", ".join(f"{_who(s, seat)} {_cards([c])}" for s, c in rnd) for rnd in event["rounds"])
            return f"Cut for deal: {rounds} — {_who(event['dealer'], seat)} cut lowest and deal{'' if event['dealer'] == seat else 's'} first."
        if kind == "ante":
            return f"Deal {event['deal'] + 1}: seat {event['dealer']} deals; antes {event['antes']} make a pot of {event['pot']}."
        if kind == "deal":
            return f"Eight cards each; the table: {_cards(event['field'])}."
        if kind == "hand":
            return f"Your hand: {_cards(event['cards'])}." if event["seat"] == seat else None
        if kind == "field_four":
            return f"{_who(event['seat'], seat)} (dealer) take{'' if event['seat'] == seat else 's'} the four {_RANKS[event['rank'] - 1]}s of the layout."
        if kind == "hand_claim":
            verb = "lay" if event["seat"] == seat else "lays"
            kept = " and keep" + ("s" if event["seat"] != seat else "") + " the third" if event["kept"] else ""
            return f"{_who(event['seat'], seat)} {verb} {_cards(event['cards'])} from hand into the collection{kept}."
        if kind == "capture":
            verb = "play" if event["seat"] == seat else "plays"
            return f"{_who(event['seat'], seat)} {verb} {_cards(event['played'])} and take{'' if event['seat'] == seat else 's'} {_cards(event['taken'])}."
        if kind == "lie_down":
            verb = "cannot capture and lie" if event["seat"] == seat else "cannot capture and lies"
            return f"{_who(event['seat'], seat)} {verb} down: {_cards(event['cards'])} go to the table."
        if kind == "claim":
            who = _who(event["seat"], seat)
            if not event["upheld"]:
                return f"{who} claim{'' if event['seat'] == seat else 's'}, but there is nothing to take (no cost)."
            return f"{who} claim{'' if event['seat'] == seat else 's'} {_WHAT[event['what']]}: {_cards(event['cards'])}."
        if kind == "stop":
            if event["holder"] is None:
                return "Nobody holds cards: the hand stops."
            return f"Only {_who(event['holder'], seat) if event['holder'] != seat else 'you'} hold{'' if event['holder'] == seat else 's'} cards: the hand stops."
        if kind == "reward":
            how = {"last_holder": "as the last holding cards", "last_capture": "for the last capture", "dealer": "as dealer (no capture was made)"}[event["how"]]
            return f"{_who(event['seat'], seat)} take{'' if event['seat'] == seat else 's'} {event['chips']} chips {how}."
        if kind == "sweep":
            hand = f"the last hand {_cards(event['hand'])} and " if event["hand"] else ""
            return f"{_who(event['seat'], seat)} (dealer) sweep{'' if event['seat'] == seat else 's'} {hand}the table {_cards(event['field'])} into the collection."
        if kind == "settle":
            parts = ", ".join(f"{'you' if s == seat else f'seat {s}'} {size} cards {chips:+d}" for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])))
            return f"Settlement: {parts}; chips now {event['ledger']}."
        if kind == "match_end":
            names = ", ".join(_who(s, seat) for s in event["winners"])
            return f"Match over: chips {event['ledger']}; {names} {'share' if len(event['winners']) > 1 else 'win'}{'' if len(event['winners']) > 1 or event['winners'] == [seat] else 's'} the match."
        return None
