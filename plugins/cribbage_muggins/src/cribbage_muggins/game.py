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
`double_skunk_line`). `house_rules` asks the house-rule plugins what a
match plays by (`house`), `house_rule_settings` names the target and lines
they set over the rules' own, and `describe_rules` says it all in one line. Every word a player reads goes through
the game's own catalogue (domain `cribbage_muggins`, `locale/` beside this
module; cards as the player's language names them, V D R in French),
while events and records keep their English codes; a variant game subclasses `CribbageGame` with
its own name, title and `Rules` and gets everything else, bots included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from muggins import Capabilities, Game, parse_card
from muggins.i18n import N_, translator
from muggins.wording import TranslatedLabels, rank_word

from .hooks_in_use import PEG_HOOK, SHOW_HOOK, TARGET_HOOK, implemented  # noqa: F401  # PEG_HOOK: still importable from here
from .rules import DEAL, NO_LINE, CribbageRules

if TYPE_CHECKING:
    from .house import RulesInForce

__all__ = ["CribbageGame", "breakdown_text", "scores_text"]

# The game's own catalogue (domain cribbage_muggins, in locale/ beside this module): every word a player reads.
_translator = translator("cribbage_muggins", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"discard": N_("to lay away"), "peg": N_("to play"), "count": N_("to count"), "respond": N_("to answer")}

#: The scoring items and reasons the state names in its events (codes of the records, English words), in the player's language.
#: A name a house-rule plugin adds is shown as it comes.
_ITEMS = {
    "fifteen": N_("fifteen"), "pair": N_("pair"), "pairs": N_("pairs"), "pair royal": N_("pair royal"),
    "double pair royal": N_("double pair royal"), "run": N_("run"), "flush": N_("flush"), "nobs": N_("nobs"),
    "thirty-one": N_("thirty-one"), "go": N_("go"), "last card": N_("last card"), "his heels": N_("his heels"),
    "run card": N_("run card"), "hand four-flush": N_("hand four-flush"), "five-flush": N_("five-flush"),
    "crib four-flush": N_("crib four-flush"), "muggins": N_("muggins"), "overcount": N_("overcount"),
    "pegging": N_("pegging"), "hand count": N_("hand count"), "crib count": N_("crib count"), "settlement": N_("settlement"),
}
#: How a settlement ended (the event's `outcome`).
_OUTCOMES = {"stands": N_("stands"), "muggins upheld": N_("muggins upheld"), "false muggins": N_("false muggins"),
             "overcount upheld": N_("overcount upheld"), "false overcount": N_("false overcount")}
#: The notes the state makes (the event carries the English), in the player's language.
_NOTES = {"Lowball is played without muggins: every show is scored automatically.":
          N_("Lowball is played without muggins: every show is scored automatically.")}


def _item(name: str) -> str:
    """A scoring item's name as a player reads it: `fifteen`, `run of 4`; an unknown name (a house rule's) as it is."""
    if name.startswith("run of "):
        return _("run of {n}").format(n=name.removeprefix("run of "))
    found = _ITEMS.get(name)
    return _(found) if found is not None else name


def _claim(claim: str) -> str:
    """A claim as a player reads it: `muggins 3`, `overcount`."""
    if claim.startswith("muggins "):
        return _("muggins {points}").format(points=claim.removeprefix("muggins "))
    return _item(claim)


def _rank(r: int) -> str:
    """A rank's letter as a player reads it: in French V, D, R (valet, dame, roi); the codes typed stay as documented."""
    return rank_word(r)


def _card(code: str | None) -> str:
    """A card as a player reads it: `10♥`, `J♠` (in French `V♠`); a dash for none. Records keep the code (`TH`)."""
    if not code:
        return "—"
    found = parse_card(code)
    return _rank(int(found.rank)) + found.suit.symbol


def _cards(codes: Any) -> str:
    return " ".join(_card(c) for c in codes)


def _sorted_cards(codes: Iterable[str]) -> str:
    return " ".join(_card(c.code) for c in sorted(parse_card(code) for code in codes))


def _who(seat: int, viewer: int | None, *, obj: bool = False) -> str:
    """A seat as the subject (`You`, `seat 1`, in French `le joueur 1`) or object (`you`, `seat 1`) of a sentence."""
    if seat == viewer:
        return _("you") if obj else _("You")
    return pgettext("object", "seat {seat}").format(seat=seat) if obj else pgettext("subject", "seat {seat}").format(seat=seat)


def _name(seat: int, viewer: int | None) -> str:
    """A seat in a list or on a row: `you`, `seat 1`."""
    return _("you") if seat == viewer else pgettext("list", "seat {seat}").format(seat=seat)


def _person(seats: Sequence[int], viewer: int | None, you: str, one: str, many: str) -> str:
    """The wording for a side: the viewer's (`you`, `you and seat 2`), one other seat, or several."""
    if viewer in seats:
        return you
    return one if len(seats) == 1 else many


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sides(players: int, nsides: int) -> list[list[int]]:
    """The seats of each side: every seat alone, or seats 0 and 2 against 1 and 3 (a side is seat % sides)."""
    return [[s for s in range(players) if s % nsides == side] for side in range(nsides)]


def side_name(seats: Sequence[int], viewer: int | None, *, subject: bool = False) -> str:
    """`you`, `seat 1`, `you and seat 2`, `seats 1 and 3`; as a sentence's subject, French puts the article in."""
    # The contexts are written out: the extractor reads only literal ones.
    if len(seats) == 1:
        if seats[0] == viewer:
            return _("you")
        return (pgettext("subject", "seat {seat}") if subject else pgettext("list", "seat {seat}")).format(seat=seats[0])
    if viewer in seats:
        others = [s for s in seats if s != viewer]
        if len(others) > 1:
            return _("you and seats {seats}").format(seats=_(" and ").join(map(str, others)))
        return (pgettext("subject", "you and seat {seat}") if subject else pgettext("list", "you and seat {seat}")).format(seat=others[0])
    numbers = _(" and ").join(map(str, seats))
    return (pgettext("subject", "seats {seats}") if subject else pgettext("list", "seats {seats}")).format(seats=numbers)


def scores_text(scores: Sequence[int], players: int, viewer: int | None) -> str:
    """`you: 61 · seat 1: 58`, or for partnerships `you and seat 2: 61 · seats 1 and 3: 58`."""
    sides = _sides(players, len(scores))
    return " · ".join(_("{side}: {points}").format(side=side_name(seats, viewer), points=points) for seats, points in zip(sides, scores))


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
        lines.append(f"{_item(kind)} {points} ({_cards(cards)})")
    return lines


def breakdown_text(items: Any) -> str:
    """The breakdown on one line: `fifteen 2 (5♦ K♣) · pair 2 (6♥ 6♠) · … = 14`, or `nothing scores`."""
    items = list(items)
    if not items:
        return _("nothing scores")
    return " · ".join(breakdown_lines(items)) + f" = {sum(item['points'] for item in items)}"


def _skunk_text(event: Mapping[str, Any], viewer: int | None) -> str:
    """`seat 1 is skunked (under 91)`, `seats 1 and 3 are double-skunked (under 61)`, or "" when nobody was.

    The line comes from the event's `skunk_line` / `double_skunk_line`; an
    event without them (a record made before they were added) names no line.
    """
    players, nsides = len(event["skunked"]), len(event["scores"])
    found = []
    for side, seats in enumerate(_sides(players, nsides)):
        name = side_name(seats, viewer, subject=True)
        if any(event["double_skunked"][s] for s in seats):
            line = event.get("double_skunk_line")
            text = _person(seats, viewer, pgettext("you", "{side} are double-skunked"), _("{side} is double-skunked"),
                           pgettext("they", "{side} are double-skunked"))
        elif any(event["skunked"][s] for s in seats):
            line = event.get("skunk_line")
            text = _person(seats, viewer, pgettext("you", "{side} are skunked"), _("{side} is skunked"), pgettext("they", "{side} are skunked"))
        else:
            continue
        found.append(text.format(side=name) + (_(" (under {line})").format(line=line) if line else ""))
    return ", ".join(found)


def _score_reason(event: Mapping[str, Any], viewer: int | None) -> str:
    """Why a settlement moved points: `muggins`, `false muggins call by you`, `overcount called by seat 1`.

    Older records' score events have no `outcome`: their reason is the bare `why`.
    """
    outcome, caller = event.get("outcome"), event.get("caller")
    if caller is None or outcome is None or caller == event["seat"]:
        return _item(event["why"])
    who = _who(caller, viewer, obj=True)
    if outcome == "false muggins":
        return _("false muggins call by {who}").format(who=who)
    if event["why"] == "muggins":
        return _("muggins called by {who}").format(who=who)
    if event["why"] == "overcount":
        return _("overcount called by {who}").format(who=who)
    return _("{why} called by {who}").format(why=_item(event["why"]), who=who)


def _whose(event: Mapping[str, Any], viewer: int | None) -> str:
    """`the crib`, `your hand`, `seat 1's hand`."""
    if event["what"] == "crib":
        return _("the crib")
    return _("your hand") if event["seat"] == viewer else _("seat {seat}'s hand").format(seat=event["seat"])


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
    title = N_("Cribbage with muggins")
    translations = _translator
    players = range(2, 5)
    default_players = 2
    version = "1.0"
    #: "2": the expert (and the novice, which plays like it) pegs by the points a card pegs less the best
    #: reply it invites; records of the first bots replay with their bots' choices unchecked.
    #: "3": `search` with no options plays with expert rollouts and the advisor's prior (`search_defaults`,
    #: `search_prior`); records of earlier bots replay with their bots' choices unchecked.
    #: "4": `search` searches only once a side is within `search_hints.LATE_NEED` of the target and plays
    #: the expert's choice, unsearched, before.
    #: "5": `search` searches every discard and play at four times its simulations (`LATE_NEED` 1000).
    bots_version = "5"
    #: What `search` with no options plays by: the strongest configuration measured (docs/games/cribbage_muggins.md).
    search_defaults = {"rollout": "expert"}
    Rules = CribbageRules
    stat_labels = TranslatedLabels(_, {
        "deals": N_("deals played"), "counts": N_("shows counted"), "counts_exact": N_("counts announced right"), "counts_low": N_("counts announced too low"),
        "counts_high": N_("counts announced too high"), "points_missed": N_("points missed by counters"),
        "points_overcounted": N_("points overcounted"), "muggins_calls": N_("muggins calls"), "muggins_points": N_("points won by muggins"),
        "false_muggins": N_("false muggins calls"), "false_muggins_points": N_("points paid for false muggins"),
        "overcount_calls": N_("overcount calls"), "overcount_points": N_("points won by overcount calls"),
        "false_overcounts": N_("false overcount calls"), "heels": N_("his heels"), "margin": N_("final margin"),
        "skunks": N_("skunks"), "double_skunks": N_("double skunks"), "skunked": N_("skunked"), "double_skunked": N_("double-skunked"),
        "peg_points": N_("points pegged (his heels included)"), "show_points": N_("points from shows (hands and cribs)"),
    })
    #: What the game offers beyond the required protocol (the contract kit checks it against the methods).
    capabilities = Capabilities(determinize=True, search_prior=True, layout=True, choice_move=True, order_free_seats=True,
                                from_position=True, horizon_returns=True)
    State = "cribbage_muggins.state:CribbageState"

    def search_prior(self, view: Mapping[str, Any], decision: Any, seat: int) -> Mapping[str, float] | None:
        """The search player's prior over the choices, from the seat's view alone (`cribbage_muggins.search_hints`)."""
        from .search_hints import search_prior

        return search_prior(view, decision, seat)

    def house_rules(self, rules: CribbageRules, players: int) -> "RulesInForce":
        """What a match under `rules` plays by: the rules combined with the answers of the house-rule plugins in force.

        The game's house-rule entry, named as in every shipped game. Asks
        each of the game's hooks (`hookspecs`) once; HouseRuleError, in
        one line naming the plugin, for an answer the game cannot use. With
        no plugin answering: the rules' own target and lines, standard scoring.
        """
        if not implemented(self, SHOW_HOOK, PEG_HOOK, TARGET_HOOK):
            return _plain_rules_in_force(rules)
        from .house import house_rules

        return house_rules(self, rules, players)

    def rules_in_force(self, rules: CribbageRules, players: int) -> "RulesInForce":
        """`house_rules`, under the name it had before the three games shared one (kept for callers written then)."""
        return self.house_rules(rules, players)

    def house_rule_settings(self, rules: CribbageRules, players: int) -> list[Any]:
        """The target and skunk lines a house-rule plugin sets for a match, beside the rules' own values (no line: -1, as in the rules)."""
        from muggins.houserules import RuleSetting

        if not implemented(self, TARGET_HOOK):
            return []
        house = self.house_rules(rules, players)
        played = {"target": house.target, "skunk_line": house.skunk_line, "double_skunk_line": house.double_skunk_line}
        return [RuleSetting(key, getattr(rules, key), NO_LINE if played[key] is None else played[key], house.set_by[key])
                for key in ("target", "skunk_line", "double_skunk_line") if key in house.set_by]

    def describe_rules(self, rules: CribbageRules, players: int) -> str:
        """`to 91 (by target_91), skunked under 61, double-skunked under 31; show: nobs 2 (by nobs2); pegging: go 2 (by go2)`."""
        house = self.rules_in_force(rules, players)
        by = house.set_by

        def whose(key: str) -> str:
            return _(" (by {plugin})").format(plugin=by[key]) if key in by else ""

        target = (_("lowball to {target}") if rules.lowball else _("to {target}")).format(target=house.target)
        parts = [target + whose("target")]
        line = house.skunk_line
        parts.append((_("skunked under {line}").format(line=line) if line is not None else _("no skunk")) + whose("skunk_line"))
        line = house.double_skunk_line
        parts.append((_("double-skunked under {line}").format(line=line) if line is not None else _("no double-skunk"))
                     + whose("double_skunk_line"))
        text = ", ".join(parts)
        for heading, table, prefix in ((_("; show: "), house.show, "show:"), (_("; pegging: "), house.peg, "peg:")):
            changes = table.changes()
            if changes:
                text += heading + ", ".join(f"{_item(item)} {points}{whose(prefix + item)}" for item, points in changes.items())
        return text

    def max_decisions(self, rules: CribbageRules, players: int) -> int:
        # Per deal: the discards, every card pegged, every count and every response to it.
        per_deal = players + players * 4 + (players + 1) * players
        sides = 2 if rules.partnerships else players
        target = self.house_rules(rules, players).target if implemented(self, TARGET_HOOK) else rules.target
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
            rules.append(_("partnerships"))
        rules.append(_("muggins") if view["muggins"] else _("shows scored automatically"))
        if view["lowball"]:
            rules.append(_("lowball: first to the target loses"))
        values = {"target": view["target"], "deal": view["deal"] + 1, "dealer": view["dealer"], "rules": ", ".join(rules)}
        if view["dealer"] == seat:
            lines = [_("Cribbage to {target} · deal {deal} · your crib · {rules}").format(**values)]
        else:
            lines = [_("Cribbage to {target} · deal {deal} · seat {dealer}'s crib · {rules}").format(**values)]
        lines.append(_("Scores: {scores}").format(scores=scores_text(view["scores"], n, seat)))
        if view["starter"]:
            lines.append(_("Starter: {card}").format(card=_card(view["starter"])))
        if phase == "peg":
            lines.append(_("Count {count}: {cards}").format(count=view["count"], cards=_cards(view["sequence"]) or _("(new count)")))
        lines.extend(self._seat_rows(view, seat))
        if seat is not None:
            if phase == "peg":
                lines.append(_("Your hand: {cards}").format(cards=_sorted_cards(view["hand"]) or _("(none left)")))
            elif view["hand"]:
                # Worded as the deal's narration of the hand, so a terminal prints it once.
                lines.append(_("Your cards: {cards}.").format(cards=_sorted_cards(view["hand"])))
            if view.get("laid_away") and view.get("crib") is None:
                unseen = view["crib_size"] - len(view["laid_away"])
                more = ngettext(" and {n} face down", " and {n} face down", unseen).format(n=unseen) if unseen else ""
                cards = _sorted_cards(view["laid_away"])
                if view["dealer"] == seat:
                    lines.append(_("In your crib: your {cards}{more}").format(cards=cards, more=more))
                else:
                    lines.append(_("In seat {dealer}'s crib: your {cards}{more}").format(dealer=view["dealer"], cards=cards, more=more))
        if view.get("crib"):
            lines.append(_("The crib: {cards}").format(cards=_cards(view["crib"])))
        if view.get("announced"):
            a = view["announced"]
            # Worded exactly as the narration of the count, so a player printing both can tell they say the same.
            lines.append(self.describe({"type": "announce", "seat": a["seat"], "what": a["what"], "points": a["points"]}, seat) or "")
        if phase == "over" and view.get("winners") is not None:
            lines.append(_won_text(view["winners"], seat))
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
        names = [_name(s, seat) for s in range(n)]
        # At least as wide as the English rows always were; as wide as the longest name in a longer language.
        width = max(7, *map(len, names))
        rows = []
        for s in range(n):
            marks = []
            if s == view["dealer"]:
                marks.append(_("dealer"))
            if view["partnerships"] and seat is not None and s != seat and s % 2 == seat % 2:
                marks.append(_("your partner"))
            if phase == "peg":
                played = view["played"][s]
                marks.append(_("played {cards}").format(cards=_cards(played)) if played else _("nothing played"))
                left = view["cards_left"][s]
                marks.append(ngettext("{n} card left", "{n} cards left", left).format(n=left))
            shown = view["shown"].get(str(s))
            if shown:
                marks.append(_("hand {cards}").format(cards=_cards(shown)))
            turn = f"   ← {_(_TO_ACT[phase])}" if s == view.get("to_act") and phase in _TO_ACT else ""
            rows.append(f"  {names[s]:>{width}}" + (_(": {marks}").format(marks=" · ".join(marks)) if marks else "") + turn)
        return rows

    def describe(self, event: Mapping[str, Any], seat: int | None) -> str | None:
        kind = event["type"]
        mine = event.get("seat") == seat and seat is not None
        if kind == "peg":
            values = {"seat": event["seat"], "card": _card(event["card"]), "count": event["count"]}
            line = (_("You play {card}: count {count}") if mine else _("seat {seat} plays {card}: count {count}")).format(**values)
            if event["points"]:
                line += ngettext(" — {why} for {points}", " — {why} for {points}", event["points"]).format(
                    why=_(", ").join(_item(w) for w in event["why"]), points=event["points"])
            return line + "."
        if kind == "go":
            return (_("You say go (count {count}).") if mine else _("seat {seat} says go (count {count}).")).format(
                seat=event["seat"], count=event["count"])
        if kind == "go_point":
            points = event.get("points", 1)
            values = {"seat": event["seat"], "points": points, "why": _item(event["why"])}
            if mine:
                return ngettext("You peg {points} for {why}.", "You peg {points} for {why}.", points).format(**values)
            return ngettext("seat {seat} pegs {points} for {why}.", "seat {seat} pegs {points} for {why}.", points).format(**values)
        if kind == "deal_over":
            return _("Deal {deal} is over: {scores}.").format(deal=event["deal"] + 1, scores=scores_text(event["scores"], event["players"], seat))
        if kind == "count_reset":
            if event["next"] == seat:
                return _("The count starts again from 0; you to lead.")
            return _("The count starts again from 0; seat {seat} to lead.").format(seat=event["next"])
        if kind == "score":
            if event["why"] in ("pegging", "go", "last card", "his heels", "hand count", "crib count"):
                # The peg, go, heels and count lines already say it; a count's line then stays the
                # latest narration, which a terminal player leaves out when it redraws the table.
                return None
            values = {"seat": event["seat"], "sign": "+" if event["points"] >= 0 else "−", "points": abs(event["points"]),
                      "reason": _score_reason(event, seat), "total": event["total"]}
            if mine:
                return _("  You: {sign}{points} ({reason}), now {total}.").format(**values)
            return _("  seat {seat}: {sign}{points} ({reason}), now {total}.").format(**values)
        if kind == "announce":
            values = {"seat": event["seat"], "points": event["points"]}
            if event["what"] == "hand":
                return (_("You count {points} for your hand.") if mine else _("seat {seat} counts {points} for their hand.")).format(**values)
            return (_("You count {points} for the crib.") if mine else _("seat {seat} counts {points} for the crib.")).format(**values)
        if kind == "response":
            answer = event["response"]
            values = {"seat": event["seat"], "answer": _claim(answer), "points": answer.removeprefix("muggins ")}
            if answer == "accept":
                return (_("You answer: accept.") if mine else _("seat {seat} answers: accept.")).format(**values)
            if answer.startswith("muggins "):
                return (_("You answer: muggins {points}.") if mine else _("seat {seat} answers: muggins {points}.")).format(**values)
            if answer == "overcount":
                return (_("You answer: overcount.") if mine else _("seat {seat} answers: overcount.")).format(**values)
            return (_("You answer: {answer}.") if mine else _("seat {seat} answers: {answer}.")).format(**values)
        if kind == "settlement":
            head = _("Settled, {whose}: announced {announced}, true count {true}").format(
                whose=_whose(event, seat), announced=event["announced"], true=event["true"])
            if event["claim"]:
                outcome = _OUTCOMES.get(event["outcome"])
                head += _("; {claim} by {who} → {outcome}").format(
                    claim=_claim(event["claim"]), who=_who(event["caller"], seat, obj=True),
                    outcome=_(outcome) if outcome else event["outcome"])
            elif event["announced"] != event["true"]:
                head += _(" → the announced count stands")
            return _("{head}. Breakdown: {breakdown}.").format(head=head, breakdown=breakdown_text(event["breakdown"]))
        if kind == "show":
            values = {"seat": event["seat"], "cards": _cards(event["cards"]), "starter": _card(event["starter"])}
            if event["what"] == "crib":
                return _("Show the crib: {cards} with {starter}.").format(**values)
            return (_("Show your hand: {cards} with {starter}.") if mine else _("Show seat {seat}'s hand: {cards} with {starter}.")).format(**values)
        if kind == "show_score":
            values = {"seat": event["seat"], "points": event["points"], "breakdown": breakdown_text(event["breakdown"])}
            if event["what"] == "crib":
                return _("The crib scores {points}: {breakdown}.").format(**values)
            if mine:
                return _("Your hand scores {points}: {breakdown}.").format(**values)
            return _("Seat {seat}'s hand scores {points}: {breakdown}.").format(**values)
        if kind == "cut":
            values = {"seat": event["seat"], "starter": _card(event["starter"])}
            return (_("You cut; the starter is {starter}.") if mine else _("seat {seat} cuts; the starter is {starter}.")).format(**values)
        if kind == "heels":
            points = event.get("points", 2)
            if mine:
                return ngettext("His heels: You peg {points} for the jack turned.", "His heels: You peg {points} for the jack turned.",
                                points).format(points=points)
            return ngettext("His heels: seat {seat} pegs {points} for the jack turned.", "His heels: seat {seat} pegs {points} for the jack turned.",
                            points).format(seat=event["seat"], points=points)
        if kind == "deal":
            extra = _(" and one card from the pack to the crib") if event["crib_from_pack"] else ""
            values = {"deal": event["deal"] + 1, "dealer": event["dealer"], "cards": event["cards_each"], "extra": extra}
            if event["dealer"] == seat:
                return _("Deal {deal}: You deal {cards} cards each{extra}.").format(**values)
            return _("Deal {deal}: seat {dealer} deals {cards} cards each{extra}.").format(**values)
        if kind == "hand":
            # Worded as the table words the hand, so a terminal drawing the table next prints it once.
            return _("Your cards: {cards}.").format(cards=_sorted_cards(event["cards"])) if mine else None
        if kind == "discard":
            if mine:
                return None
            return ngettext("seat {seat} lays away {n} card to the crib.", "seat {seat} lays away {n} cards to the crib.",
                            event["count"]).format(seat=event["seat"], n=event["count"])
        if kind == "laid_away":
            return _("You lay away {cards}.").format(cards=_cards(event["cards"])) if mine else None
        if kind == "cut_for_deal":
            # The English names the viewer "You" in this list, as it always has; French lists say "vous".
            cuts = ", ".join(f"{pgettext('cut', 'You') if s == seat else _name(s, seat)} {_card(c)}" for s, c in zip(event["seats"], event["cards"]))
            if len(event["lowest"]) > 1:
                return _("Cut for deal: {cuts}; tie for lowest, cut again.").format(cuts=cuts)
            first = event["lowest"][0]
            if first == seat:
                return _("Cut for deal: {cuts}; You deal first.").format(cuts=cuts)
            return _("Cut for deal: {cuts}; seat {seat} deals first.").format(cuts=cuts, seat=first)
        if kind == "note":
            note = _NOTES.get(event["text"])
            return _("Note: {text}").format(text=_(note) if note else event["text"])
        if kind == "game_over":
            players = len(event["skunked"])
            reached_seats, winners = event["reached_seats"], event["winners"]
            if event["lowball"]:
                how = _person(reached_seats, seat, pgettext("you", "{side} reached the target first and lose"),
                              _("{side} reached the target first and loses"), pgettext("they", "{side} reached the target first and lose"))
            else:
                how = _person(reached_seats, seat, pgettext("you", "{side} reached the target"), _("{side} reached the target"),
                              pgettext("they", "{side} reached the target"))
            if winners:
                won = _person(winners, seat, pgettext("you", "{side} win"), _("{side} wins"), pgettext("they", "{side} win"))
                won = won.format(side=side_name(winners, seat, subject=True))
            else:
                won = _("nobody wins")
            skunks = _skunk_text(event, seat)
            why = _ITEMS.get(event["why"])
            return _("Game over ({why}): {reached}; {won} ({scores}){tail}.").format(
                why=_(why) if why else event["why"], reached=how.format(side=side_name(reached_seats, seat, subject=True)), won=won,
                scores=scores_text(event["scores"], players, seat), tail=_("; {skunks}").format(skunks=skunks) if skunks else "")
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner after each deal (scores after the crib, who deals next) and at game over (winner, scores, skunks)."""
        kind = event["type"]
        if kind == "deal_over":
            players = event["players"]
            dealer = event["next_dealer"]
            if dealer == seat:
                nxt = _("You deal next; the crib is yours.")
            elif seat is not None and players == 4 and len(event["scores"]) == 2 and dealer % 2 == seat % 2:
                nxt = _("Seat {seat} deals next; the crib is your partner's.").format(seat=dealer)
            else:
                nxt = _("Seat {seat} deals next; the crib is theirs.").format(seat=dealer)
            return [_("After deal {deal}: {scores}").format(deal=event["deal"] + 1, scores=scores_text(event["scores"], players, seat)), nxt]
        if kind == "game_over":
            players = len(event["skunked"])
            head = _won_text(event["winners"], seat)
            if event["lowball"]:
                reached = event["reached_seats"]
                first = _person(reached, seat, pgettext("you", "{side} reached the target first (lowball)."),
                                _("{side} reached the target first (lowball)."), pgettext("they", "{side} reached the target first (lowball)."))
                head += " " + _capital(first.format(side=side_name(reached, seat, subject=True)))
            lines = [head, _("Final scores: {scores}").format(scores=scores_text(event["scores"], players, seat))]
            skunks = _skunk_text(event, seat)
            lines.append(_capital(skunks) + "." if skunks else _("No skunk."))
            return lines
        return None

    def deal_table(self, players: int) -> tuple[int, int, int]:
        """(cards each, cards each lays away, cards from the pack to the crib)."""
        return DEAL[players]


def _won_text(winners: Sequence[int], seat: int | None) -> str:
    """`Game over: you win.`, `Game over: seats 1 and 3 win.`, `Game over: nobody wins.`"""
    if not winners:
        return _("Game over: nobody wins.")
    won = _person(winners, seat, pgettext("you", "Game over: {side} win."), _("Game over: {side} wins."), pgettext("they", "Game over: {side} win."))
    return won.format(side=side_name(winners, seat, subject=True))
