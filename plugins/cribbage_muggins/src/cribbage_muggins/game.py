"""The registered cribbage game: identity, limits, sides, and what a human sees.

This module owns `CribbageGame`, the `muggins.Game` the plugin registers
under the name `cribbage_muggins`: player counts 2 to 4, the rules and state
classes (the state is imported on first use), the bound on decisions the
contract kit enforces, the partnerships for simulation figures (`sides`),
`render` (the scores per side in words, the starter, one row per seat with
a `←` on the seat to act, the running count and its cards while pegging,
the seat's own hand sorted, its cards in the crib, the shown hands and
crib, the count on the table worded as its narration so a terminal prints
it once), `describe` (one line per event, the breakdown of each settled
count on one compact line, the points a settled claim moved with their
reason: a false muggins call's read as such) and `standings` (the banner at the end of each
deal, hung on the next deal's event because that is the first to carry the
scores after the crib, and at game over: winner, final scores, skunks,
the skunk lines read from the event's own `skunk_line` and
`double_skunk_line`). `rules_in_force` asks the house-rule plugins what a
match plays by (`house`), `house_rule_settings` names the target and lines
they set over the rules' own, and `describe_rules` says it all in one line; a variant game subclasses `CribbageGame` with
its own name, title and `Rules` and gets everything else, bots included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from muggins import Game, parse_card

from .hooks_in_use import PEG_HOOK, SHOW_HOOK, TARGET_HOOK, implemented  # noqa: F401  # PEG_HOOK: still importable from here
from .rules import DEAL, NO_LINE, CribbageRules

if TYPE_CHECKING:
    from .house import RulesInForce

__all__ = ["CribbageGame", "breakdown_text", "scores_text"]

#: (cards each, cards from the pack to the crib) -> players, to read the table size off a deal event

#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"discard": "to lay away", "peg": "to play", "count": "to count", "respond": "to answer"}


def _card(code: str | None) -> str:
    return str(parse_card(code)) if code else "—"


def _cards(codes: Any) -> str:
    return " ".join(_card(c) for c in codes)


def _sorted_cards(codes: Iterable[str]) -> str:
    return " ".join(str(c) for c in sorted(parse_card(code) for code in codes))


def _who(seat: int, viewer: int | None, *, obj: bool = False) -> str:
    if seat == viewer:
        return "you" if obj else "You"
    return f"seat {seat}"


def _verb(seat: int, viewer: int | None, plain: str, third: str) -> str:
    return plain if seat == viewer else third


def _owner(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sides(players: int, nsides: int) -> list[list[int]]:
    """The seats of each side: every seat alone, or seats 0 and 2 against 1 and 3 (a side is seat % sides)."""
    return [[s for s in range(players) if s % nsides == side] for side in range(nsides)]


def side_name(seats: Sequence[int], viewer: int | None) -> str:
    """`you`, `seat 1`, `you and seat 2`, `seats 1 and 3`."""
    if len(seats) == 1:
        return _who(seats[0], viewer, obj=True)
    if viewer in seats:
        return " and ".join(["you"] + [f"seat {s}" for s in seats if s != viewer])
    return "seats " + " and ".join(map(str, seats))


def scores_text(scores: Sequence[int], players: int, viewer: int | None) -> str:
    """`you: 61 · seat 1: 58`, or for partnerships `you and seat 2: 61 · seats 1 and 3: 58`."""
    sides = _sides(players, len(scores))
    return " · ".join(f"{side_name(seats, viewer)}: {points}" for seats, points in zip(sides, scores))


def _pair_rank(item: Mapping[str, Any]) -> str | None:
    return item["cards"][0][0] if item["kind"] == "pair" and len(item["cards"]) == 2 else None


def breakdown_lines(items: Any) -> list[str]:
    """Each scoring item of a show breakdown as `fifteen 2 (5♥ J♣)`; the pairs of one rank as one pair royal.

    The show lists every pair of three or four of a kind apart (three pairs
    for a pair royal); a reader counts them as one, so they are put together.
    """
    items = list(items)
    pairs_of: dict[str, list[Mapping[str, Any]]] = {}
    for item in items:
        rank = _pair_rank(item)
        if rank is not None:
            pairs_of.setdefault(rank, []).append(item)
    lines, done = [], set()
    for item in items:
        kind, cards, points = item["kind"], list(item["cards"]), item["points"]
        rank = _pair_rank(item)
        if rank is not None and len(pairs_of[rank]) > 1:
            if rank in done:
                continue
            done.add(rank)
            group = pairs_of[rank]
            cards = sorted({c for pair in group for c in pair["cards"]}, key=lambda code: parse_card(code))
            kind = {3: "pair royal", 6: "double pair royal"}.get(len(group), "pairs")
            points = sum(pair["points"] for pair in group)
        elif kind == "run":
            kind = f"run of {len(cards)}"
        elif kind == "pair" and len(cards) == 3:
            kind = "pair royal"
        elif kind == "pair" and len(cards) == 4:
            kind = "double pair royal"
        lines.append(f"{kind} {points} ({_cards(cards)})")
    return lines


def breakdown_text(items: Any) -> str:
    """The breakdown on one line: `fifteen 2 (5♦ K♣) · pair 2 (6♥ 6♠) · … = 14`, or `nothing scores`."""
    items = list(items)
    if not items:
        return "nothing scores"
    return " · ".join(breakdown_lines(items)) + f" = {sum(item['points'] for item in items)}"


def _skunk_text(event: Mapping[str, Any], viewer: int | None) -> str:
    """`seat 1 is skunked (under 91)`, `seats 1 and 3 are double-skunked (under 61)`, or "" when nobody was.

    The line comes from the event's `skunk_line` / `double_skunk_line`; an
    event without them (a record made before they were added) names no line.
    """
    players, nsides = len(event["skunked"]), len(event["scores"])
    found = []
    for side, seats in enumerate(_sides(players, nsides)):
        if any(event["double_skunked"][s] for s in seats):
            line = event.get("double_skunk_line")
            found.append(f"{side_name(seats, viewer)} {_are(seats, viewer)} double-skunked" + (f" (under {line})" if line else ""))
        elif any(event["skunked"][s] for s in seats):
            line = event.get("skunk_line")
            found.append(f"{side_name(seats, viewer)} {_are(seats, viewer)} skunked" + (f" (under {line})" if line else ""))
    return ", ".join(found)


def _score_reason(event: Mapping[str, Any], viewer: int | None) -> str:
    """Why a settlement moved points: `muggins`, `false muggins call by you`, `overcount called by seat 1`.

    Older records' score events have no `outcome`: their reason is the bare `why`.
    """
    outcome, caller = event.get("outcome"), event.get("caller")
    if caller is None or outcome is None or caller == event["seat"]:
        return event["why"]
    if outcome == "false muggins":
        return f"false muggins call by {_who(caller, viewer, obj=True)}"
    return f"{event['why']} called by {_who(caller, viewer, obj=True)}"


def _are(seats: Sequence[int], viewer: int | None) -> str:
    return "are" if len(seats) > 1 or viewer in seats else "is"


#: `RulesInForce.from_rules`, found on first use: its module imports the scoring tables, which `muggins list` never needs.
_from_rules: Any = None


def _plain_rules_in_force(rules: CribbageRules) -> "RulesInForce":
    """The rules' own target and lines with the standard scoring."""
    global _from_rules
    if _from_rules is None:
        from .house import RulesInForce

        _from_rules = RulesInForce.from_rules
    return _from_rules(rules)


class CribbageGame(Game):
    """Cribbage for 2, 3 or 4 players (4 in partnerships) with muggins (seed 002, RULES.md)."""

    name = "cribbage_muggins"
    title = "Cribbage with muggins"
    players = range(2, 5)
    default_players = 2
    version = "1.0"
    #: "2": the expert (and the novice, which plays like it) pegs by the points a card pegs less the best
    #: reply it invites; records of the first bots replay with their bots' choices unchecked.
    #: "3": `search` with no options plays with expert rollouts and the advisor's prior (`search_defaults`,
    #: `search_prior`); records of earlier bots replay with their bots' choices unchecked.
    #: "4": `search` searches only once a side is within `search_hints.LATE_NEED` of the target and plays
    #: the expert's choice, unsearched, before.
    bots_version = "4"
    #: What `search` with no options plays by: the strongest configuration measured (docs/games/cribbage_muggins.md).
    search_defaults = {"rollout": "expert"}
    Rules = CribbageRules
    stat_labels = {
        "counts": "shows counted", "counts_exact": "counts announced right", "counts_low": "counts announced too low",
        "counts_high": "counts announced too high", "points_missed": "points missed by counters",
        "points_overcounted": "points overcounted", "muggins_calls": "muggins calls", "muggins_points": "points won by muggins",
        "false_muggins": "false muggins calls", "false_muggins_points": "points paid for false muggins",
        "overcount_calls": "overcount calls", "overcount_points": "points won by overcount calls",
        "false_overcounts": "false overcount calls", "heels": "his heels", "margin": "final margin",
        "skunks": "skunks", "double_skunks": "double skunks", "skunked": "skunked", "double_skunked": "double-skunked",
        "peg_points": "points pegged (his heels included)", "show_points": "points from shows (hands and cribs)",
    }
    State = "cribbage_muggins.state:CribbageState"

    def search_prior(self, view: Mapping[str, Any], decision: Any, seat: int) -> Mapping[str, float] | None:
        """The search player's prior over the choices, from the seat's view alone (`cribbage_muggins.search_hints`)."""
        from .search_hints import search_prior

        return search_prior(view, decision, seat)

    def rules_in_force(self, rules: CribbageRules, players: int) -> "RulesInForce":
        """What a match under `rules` plays by: the rules combined with the answers of the house-rule plugins in force.

        Asks each of the game's hooks (`hookspecs`) once; HouseRuleError, in
        one line naming the plugin, for an answer the game cannot use. With
        no plugin answering: the rules' own target and lines, standard scoring.
        """
        if not implemented(self, SHOW_HOOK, PEG_HOOK, TARGET_HOOK):
            return _plain_rules_in_force(rules)
        from .house import rules_in_force

        return rules_in_force(self, rules, players)

    def house_rule_settings(self, rules: CribbageRules, players: int) -> list[Any]:
        """The target and skunk lines a house-rule plugin sets for a match, beside the rules' own values (no line: -1, as in the rules)."""
        from muggins.houserules import RuleSetting

        if not implemented(self, TARGET_HOOK):
            return []
        house = self.rules_in_force(rules, players)
        played = {"target": house.target, "skunk_line": house.skunk_line, "double_skunk_line": house.double_skunk_line}
        return [RuleSetting(key, getattr(rules, key), NO_LINE if played[key] is None else played[key], house.set_by[key])
                for key in ("target", "skunk_line", "double_skunk_line") if key in house.set_by]

    def describe_rules(self, rules: CribbageRules, players: int) -> str:
        """`to 91 (by target_91), skunked under 61, double-skunked under 31; show: nobs 2 (by nobs2); pegging: go 2 (by go2)`."""
        house = self.rules_in_force(rules, players)
        by = house.set_by

        def whose(key: str) -> str:
            return f" (by {by[key]})" if key in by else ""

        parts = [f"{'lowball ' if rules.lowball else ''}to {house.target}{whose('target')}"]
        for key, words, line in (("skunk_line", "skunked", house.skunk_line), ("double_skunk_line", "double-skunked", house.double_skunk_line)):
            parts.append(f"{words} under {line}{whose(key)}" if line is not None else f"no {words.removesuffix('ed')}{whose(key)}")
        text = ", ".join(parts)
        for name, table, prefix in (("show", house.show, "show:"), ("pegging", house.peg, "peg:")):
            changes = table.changes()
            if changes:
                text += f"; {name}: " + ", ".join(f"{item} {points}{whose(prefix + item)}" for item, points in changes.items())
        return text

    def max_decisions(self, rules: CribbageRules, players: int) -> int:
        # Per deal: the discards, every card pegged, every count and every response to it.
        per_deal = players + players * 4 + (players + 1) * players
        sides = 2 if rules.partnerships else players
        target = self.rules_in_force(rules, players).target if implemented(self, TARGET_HOOK) else rules.target
        # Every deal scores at least the last card (or a 31: house rules keep both at 1 or more),
        # and no settlement lowers the sum of the scores.
        return per_deal * (sides * (target - 1) + 1) + 16

    def sides(self, rules: CribbageRules, players: int) -> tuple[tuple[int, ...], ...] | None:
        if rules.partnerships and players == 4:
            return ((0, 2), (1, 3))
        return None

    # -- what a human sees -----------------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n, phase = view["players"], view["phase"]
        rules = []
        if view["partnerships"]:
            rules.append("partnerships")
        rules.append("muggins" if view["muggins"] else "shows scored automatically")
        if view["lowball"]:
            rules.append("lowball: first to the target loses")
        lines = [f"Cribbage to {view['target']} · deal {view['deal'] + 1} · {_owner(view['dealer'], seat)} crib · " + ", ".join(rules)]
        lines.append(f"Scores: {scores_text(view['scores'], n, seat)}")
        if view["starter"]:
            lines.append(f"Starter: {_card(view['starter'])}")
        if phase == "peg":
            lines.append(f"Count {view['count']}: {_cards(view['sequence']) or '(new count)'}")
        lines.extend(self._seat_rows(view, seat))
        if seat is not None:
            if phase == "peg":
                lines.append(f"Your hand: {_sorted_cards(view['hand']) or '(none left)'}")
            elif view["hand"]:
                # Worded as the deal's narration of the hand, so a terminal prints it once.
                lines.append(f"Your cards: {_sorted_cards(view['hand'])}.")
            if view.get("laid_away") and view.get("crib") is None:
                unseen = view["crib_size"] - len(view["laid_away"])
                more = f" and {unseen} face down" if unseen else ""
                lines.append(f"In {_owner(view['dealer'], seat)} crib: your {_sorted_cards(view['laid_away'])}{more}")
        if view.get("crib"):
            lines.append(f"The crib: {_cards(view['crib'])}")
        if view.get("announced"):
            a = view["announced"]
            # Worded exactly as the narration of the count, so a player printing both can tell they say the same.
            lines.append(self.describe({"type": "announce", "seat": a["seat"], "what": a["what"], "points": a["points"]}, seat) or "")
        if phase == "over" and view.get("winners") is not None:
            names = side_name(view["winners"], seat)
            lines.append(f"Game over: {names} {'win' if seat in view['winners'] or len(view['winners']) > 1 else 'wins'}.")
        return "\n".join(lines)

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`cribbage_muggins.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[Any, str | None] | None:
        """The card a pegging play moves, or the card or two cards a lay-away moves, and its zone (`cribbage_muggins.layout`)."""
        from .layout import choice_move

        return choice_move(action)

    def _seat_rows(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """One row per seat: dealer, partner, what it played or showed, and `← to play` on the seat to act."""
        n, phase = view["players"], view["phase"]
        rows = []
        for s in range(n):
            who = "you" if s == seat else f"seat {s}"
            marks = []
            if s == view["dealer"]:
                marks.append("dealer")
            if view["partnerships"] and seat is not None and s != seat and s % 2 == seat % 2:
                marks.append("your partner")
            if phase == "peg":
                played = view["played"][s]
                marks.append(f"played {_cards(played)}" if played else "nothing played")
                left = view["cards_left"][s]
                marks.append(f"{left} card{'' if left == 1 else 's'} left")
            shown = view["shown"].get(str(s))
            if shown:
                marks.append(f"hand {_cards(shown)}")
            turn = f"   ← {_TO_ACT[phase]}" if s == view.get("to_act") and phase in _TO_ACT else ""
            rows.append(f"  {who:>7}" + (f": {' · '.join(marks)}" if marks else "") + turn)
        return rows

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
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'peg', 'pegs')} {event.get('points', 1)} for {event['why']}."
        if kind == "deal_over":
            return f"Deal {event['deal'] + 1} is over: {scores_text(event['scores'], event['players'], seat)}."
        if kind == "count_reset":
            return f"The count starts again from 0; {_who(event['next'], seat, obj=True)} to lead."
        if kind == "score":
            if event["why"] in ("pegging", "go", "last card", "his heels", "hand count", "crib count"):
                # The peg, go, heels and count lines already say it; a count's line then stays the
                # latest narration, which a terminal player leaves out when it redraws the table.
                return None
            sign = "+" if event["points"] >= 0 else "−"
            return f"  {_who(event['seat'], seat)}: {sign}{abs(event['points'])} ({_score_reason(event, seat)}), now {event['total']}."
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
            return f"{head}. Breakdown: {breakdown_text(event['breakdown'])}."
        if kind == "show":
            whose = "the crib" if event["what"] == "crib" else f"{_owner(event['seat'], seat)} hand"
            return f"Show {whose}: {_cards(event['cards'])} with {_card(event['starter'])}."
        if kind == "show_score":
            whose = "the crib" if event["what"] == "crib" else f"{_owner(event['seat'], seat)} hand"
            return f"{_capital(whose)} scores {event['points']}: {breakdown_text(event['breakdown'])}."
        if kind == "cut":
            return f"{_who(event['seat'], seat)} {_verb(event['seat'], seat, 'cut', 'cuts')}; the starter is {_card(event['starter'])}."
        if kind == "heels":
            return f"His heels: {_who(event['seat'], seat)} {_verb(event['seat'], seat, 'peg', 'pegs')} {event.get('points', 2)} for the jack turned."
        if kind == "deal":
            extra = " and one card from the pack to the crib" if event["crib_from_pack"] else ""
            dealt = f"Deal {event['deal'] + 1}: {_who(event['dealer'], seat)} {_verb(event['dealer'], seat, 'deal', 'deals')} {event['cards_each']} cards each{extra}."
            return dealt
        if kind == "hand":
            # Worded as the table words the hand, so a terminal drawing the table next prints it once.
            return f"Your cards: {_sorted_cards(event['cards'])}." if event["seat"] == seat else None
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
            players = len(event["skunked"])
            names = side_name(event["winners"], seat) if event["winners"] else "nobody"
            one = len(event["reached_seats"]) == 1 and seat not in event["reached_seats"]
            how = f"reached the target first and {'loses' if one else 'lose'}" if event["lowball"] else "reached the target"
            reached = side_name(event["reached_seats"], seat)
            skunks = _skunk_text(event, seat)
            tail = f"; {skunks}" if skunks else ""
            won = "win" if len(event["winners"]) > 1 or seat in event["winners"] else "wins"
            return f"Game over ({event['why']}): {reached} {how}; {names} {won} ({scores_text(event['scores'], players, seat)}){tail}."
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner after each deal (scores after the crib, who deals next) and at game over (winner, scores, skunks)."""
        kind = event["type"]
        if kind == "deal_over":
            players = event["players"]
            dealer = event["next_dealer"]
            if dealer == seat:
                crib = "the crib is yours"
            elif seat is not None and players == 4 and len(event["scores"]) == 2 and dealer % 2 == seat % 2:
                crib = "the crib is your partner's"
            else:
                crib = "the crib is theirs"
            return [
                f"After deal {event['deal'] + 1}: {scores_text(event['scores'], players, seat)}",
                f"{_capital(_who(dealer, seat))} {_verb(dealer, seat, 'deal', 'deals')} next; {crib}.",
            ]
        if kind == "game_over":
            players = len(event["skunked"])
            winners = event["winners"]
            if not winners:
                head = "Game over: nobody wins."
            else:
                won = "win" if len(winners) > 1 or seat in winners else "wins"
                head = f"Game over: {side_name(winners, seat)} {won}."
            if event["lowball"]:
                head += f" {_capital(side_name(event['reached_seats'], seat))} reached the target first (lowball)."
            lines = [head, f"Final scores: {scores_text(event['scores'], players, seat)}"]
            skunks = _skunk_text(event, seat)
            lines.append(_capital(skunks) + "." if skunks else "No skunk.")
            return lines
        return None

    def deal_table(self, players: int) -> tuple[int, int, int]:
        """(cards each, cards each lays away, cards from the pack to the crib)."""
        return DEAL[players]
