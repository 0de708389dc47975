"""The registered cribbage game: identity, limits, sides, and what a human sees.

This module owns `CribbageGame`, the `muggins.Game` the plugin registers
under the name `cribbage_muggins`: player counts 2 to 4, the rules and state
classes (the state is imported on first use), the bound on decisions the
contract kit enforces, the partnerships for simulation figures (`sides`),
`render` (scores, starter, the running count and its cards while pegging,
the seat's own hand sorted, the shown hands and crib) and `describe` (one
line per event, including the full breakdown after each settled count).
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import Game, parse_card

from .rules import DEAL, CribbageRules

__all__ = ["CribbageGame"]


def _card(code: str | None) -> str:
    return str(parse_card(code)) if code else "—"


def _cards(codes: Any) -> str:
    return " ".join(_card(c) for c in codes)


def _who(seat: int, viewer: int | None, *, obj: bool = False) -> str:
    if seat == viewer:
        return "you" if obj else "You"
    return f"seat {seat}"


def _verb(seat: int, viewer: int | None, plain: str, third: str) -> str:
    return plain if seat == viewer else third


def _owner(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def breakdown_lines(items: Any) -> list[str]:
    """Each scoring item of a show breakdown as `fifteen 2 (5♥ J♣)`."""
    lines = []
    for item in items:
        kind, cards = item["kind"], item["cards"]
        if kind == "run":
            kind = f"run of {len(cards)}"
        elif kind == "pair" and len(cards) == 3:
            kind = "pair royal"
        lines.append(f"{kind} {item['points']} ({_cards(cards)})")
    return lines


class CribbageGame(Game):
    """Cribbage for 2, 3 or 4 players (4 in partnerships) with muggins (seed 002, RULES.md)."""

    name = "cribbage_muggins"
    title = "Cribbage with muggins"
    players = range(2, 5)
    default_players = 2
    version = "1.0"
    Rules = CribbageRules
    State = "cribbage_muggins.state:CribbageState"

    def max_decisions(self, rules: CribbageRules, players: int) -> int:
        # Per deal: the discards, every card pegged, every count and every response to it.
        per_deal = players + players * 4 + (players + 1) * players
        sides = 2 if rules.partnerships else players
        # Every deal scores at least the last card, and no settlement lowers the sum of the scores.
        return per_deal * (sides * (rules.target - 1) + 1) + 16

    def sides(self, rules: CribbageRules, players: int) -> tuple[tuple[int, ...], ...] | None:
        if rules.partnerships and players == 4:
            return ((0, 2), (1, 3))
        return None

    # -- what a human sees -----------------------------------------------------------
    def _side_name(self, view: Mapping[str, Any], side: int, viewer: int | None) -> str:
        seats = view["sides"][side]
        if len(seats) == 1:
            return "you" if seats[0] == viewer else f"seat {seats[0]}"
        if viewer in seats:
            partner = [s for s in seats if s != viewer][0]
            return f"you & seat {partner}"
        return "seats " + " & ".join(map(str, seats))

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        rules = []
        if view["partnerships"]:
            rules.append("partnerships")
        rules.append("muggins" if view["muggins"] else "shows scored automatically")
        if view["lowball"]:
            rules.append("lowball: first to the target loses")
        lines = [f"Cribbage to {view['target']} · deal {view['deal'] + 1} · {_owner(view['dealer'], seat)} crib · " + ", ".join(rules)]
        lines.append("Scores: " + " · ".join(f"{self._side_name(view, side, seat)} {points}" for side, points in enumerate(view["scores"])))
        if view["starter"]:
            lines.append(f"Starter: {_card(view['starter'])}")
        phase = view["phase"]
        if phase == "peg":
            seq = _cards(view["sequence"]) or "(new count)"
            lines.append(f"Count {view['count']}: {seq}")
            played = [f"{_who(s, seat)} {_cards(p)}" for s, p in enumerate(view["played"]) if p]
            if played:
                lines.append("Played: " + " · ".join(played))
            left = [f"{_who(s, seat)} {n}" for s, n in enumerate(view["cards_left"]) if s != seat]
            lines.append("Cards left: " + " · ".join(left))
        if seat is not None:
            label = "Your cards" if phase != "peg" else "Your hand"
            lines.append(f"{label}: {_cards(view['hand']) or '(none left)'}")
            if view.get("laid_away") and view.get("crib") is None:
                lines.append(f"You laid away: {_cards(view['laid_away'])}")
        for s, codes in sorted(view["shown"].items(), key=lambda kv: int(kv[0])):
            lines.append(f"Shown, {_owner(int(s), seat)} hand: {_cards(codes)}")
        if view.get("crib"):
            lines.append(f"Shown, the crib: {_cards(view['crib'])}")
        if view.get("announced"):
            a = view["announced"]
            lines.append(f"{_who(a['seat'], seat)} {_verb(a['seat'], seat, 'count', 'counts')} {a['points']} for {_owner(a['seat'], seat) if a['what'] == 'hand' else 'the'} {a['what']}.")
        if phase == "over" and view.get("winners") is not None:
            names = ", ".join(_who(s, seat) for s in view["winners"])
            lines.append(f"Game over: {names} {'win' if seat in view['winners'] or len(view['winners']) > 1 else 'wins'}.")
        return "\n".join(lines)

    def describe(self, event: Mapping[str, Any], seat: int | None) -> str | None:
        kind = event["type"]
        if kind == "peg":
            who = _who(event["seat"], seat)
            line = f"{who} {_verb(event['seat'], seat, 'play', 'plays')} {_card(event['card'])}: count {event['count']}"
            if event["points"]:
                line += f" — {', '.join(event['why'])} for {event['points']}"
            return line + "."
        if kind == "go":
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'say', 'says')} go (count {event['count']})."
        if kind == "go_point":
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'peg', 'pegs')} 1 for {event['why']}."
        if kind == "count_reset":
            return f"The count starts again from 0; {_who(event['next'], seat, obj=True)} to lead."
        if kind == "score":
            if event["why"] in ("pegging", "go", "last card", "his heels"):
                return None  # the peg, go and heels lines already say it
            sign = "+" if event["points"] >= 0 else "−"
            return f"  {_who(event['seat'], seat)}: {sign}{abs(event['points'])} ({event['why']}), now {event['total']}."
        if kind == "announce":
            whose = ("your" if event["seat"] == seat else "their") if event["what"] == "hand" else "the"
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'count', 'counts')} {event['points']} for {whose} {event['what']}."
        if kind == "response":
            answer = event["response"]
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'answer', 'answers')}: {answer}."
        if kind == "settlement":
            whose = "the crib" if event["what"] == "crib" else f"{_owner(event['seat'], seat)} hand"
            head = f"Settled, {whose}: announced {event['announced']}, true count {event['true']}"
            if event["claim"]:
                head += f"; {event['claim']} by {_who(event['caller'], seat, obj=True)} → {event['outcome']}"
            elif event["announced"] != event["true"]:
                head += " → the announced count stands"
            detail = "; ".join(breakdown_lines(event["breakdown"])) or "nothing scores"
            return f"{head}. Breakdown: {detail}."
        if kind == "show":
            whose = "the crib" if event["what"] == "crib" else f"{_owner(event['seat'], seat)} hand"
            return f"Show {whose}: {_cards(event['cards'])} with {_card(event['starter'])}."
        if kind == "show_score":
            detail = "; ".join(breakdown_lines(event["breakdown"])) or "nothing"
            whose = "the crib" if event["what"] == "crib" else f"{_owner(event['seat'], seat)} hand"
            return f"{whose[0].upper()}{whose[1:]} scores {event['points']}: {detail}."
        if kind == "cut":
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'cut', 'cuts')}; the starter is {_card(event['starter'])}."
        if kind == "heels":
            return f"His heels: {_who(event['seat'], seat)} {_verb(event['seat'], seat, 'peg', 'pegs')} 2 for the jack turned."
        if kind == "deal":
            extra = " and one card from the pack to the crib" if event["crib_from_pack"] else ""
            return f"Deal {event['deal'] + 1}: {_who(event['dealer'], seat)} {_verb(event['dealer'], seat, 'deal', 'deals')} {event['cards_each']} cards each{extra}."
        if kind == "hand":
            return f"Your cards: {_cards(event['cards'])}." if event["seat"] == seat else None
        if kind == "discard":
            if event["seat"] == seat:
                return None
            return f"seat {event['seat']} lays away {event['count']} card{'s' if event['count'] > 1 else ''} to the crib."
        if kind == "laid_away":
            return f"You lay away {_cards(event['cards'])}." if event["seat"] == seat else None
        if kind == "cut_for_deal":
            cuts = ", ".join(f"{_who(s, seat)} {_card(c)}" for s, c in zip(event["seats"], event["cards"]))
            if len(event["lowest"]) > 1:
                return f"Cut for deal: {cuts}; tie for lowest, cut again."
            return f"Cut for deal: {cuts}; {_who(event['lowest'][0], seat)} {_verb(event['lowest'][0], seat, 'deal', 'deals')} first."
        if kind == "note":
            return f"Note: {event['text']}"
        if kind == "game_over":
            names = ", ".join(_who(s, seat) for s in event["winners"]) or "nobody"
            how = "reached the target first and lose" if event["lowball"] else "reached the target"
            reached = ", ".join(_who(s, seat) for s in event["reached_seats"])
            skunks = [s for s, flag in enumerate(event["skunked"]) if flag]
            tail = f"; skunked: {', '.join(_who(s, seat, obj=True) for s in skunks)}" if skunks else ""
            return f"Game over ({event['why']}): {reached} {how}; winner{'s' if len(event['winners']) > 1 else ''}: {names}; scores {event['scores']}{tail}."
        return None

    def deal_table(self, players: int) -> tuple[int, int, int]:
        """(cards each, cards each lays away, cards from the pack to the crib)."""
        return DEAL[players]
