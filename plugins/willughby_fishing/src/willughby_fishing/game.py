"""The registered Willughby fishing game: identity, limits, and what a human sees.

This module owns `FishingGame`, the `muggins.Game` the plugin registers
under the name `willughby_fishing`: exactly five players, its rules and
state classes, the bound on decisions the contract kit enforces, `render`
(the table for a human: the field and their hand grouped by rank, worded
as their narration so a terminal prints them once, one row per seat with
its hand and collection sizes, chips, dealer, who has lain down and a `←`
on the seat to act, the pot and the chip ledger in words), `glance` (the
table and the seat's hand, the two lines a claim window is judged by, which
a terminal player prints under the window's move), `describe` (one
line per record event: the cut, antes, the deal, claims, captures,
lie-downs, the stop, the reward, the dealer's sweep, the settlement and the
end of the match) and `standings` (the banners at each deal's settlement
and at the end of the match, ranked by net chips). Chips are narrated from
the events, which carry the match's terms (the antes, the reward, the
tariff), so a house-rule plugin's stakes are told as they are played;
`terms` gives the terms a match under given rules would be played by.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins import Game, parse_card

from .rules import HAND_SIZE, PLAYERS, FishingRules
from .terms import STANDARD_TERMS, FishingTerms, ask_terms, tariff_text

__all__ = ["FishingGame", "ledger_text"]

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_WHAT = {
    "field_four": "the four left in the layout",
    "left_pair": "the pair left on the table",
    "laid_down": "the unclaimed set(s) of the laid-down hand",
    "other_pair": "the other pair",
}


#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"turn": "to play", "hand_claim": "to claim from hand", "field_claim": "to take the layout's fours",
           "window": "to claim or let it be"}


def _cards(codes: Sequence[str]) -> str:
    return " ".join(str(parse_card(c)) for c in codes) if codes else "—"


def _who(seat: int | None, viewer: int | None) -> str:
    return "You" if seat == viewer else f"seat {seat}"


def _name(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _s(seat: int, viewer: int | None) -> str:
    """The third-person `s` of a verb whose subject is `seat`: none for you."""
    return "" if seat == viewer else "s"


def _signed(chips: int) -> str:
    """`+3`, `−1` (a true minus sign), `0`."""
    return f"+{chips}" if chips > 0 else f"−{-chips}" if chips < 0 else "0"


def _chips(n: int) -> str:
    return f"{n} chip{'' if n == 1 else 's'}"


def _pairs(size: int) -> str:
    return f"{size // 2} pair{'' if size == 2 else 's'}"


def ledger_text(ledger: Sequence[int], viewer: int | None) -> str:
    """`you: +3 · seat 1: −1 · seat 2: 0 …`: each seat's net chips in words."""
    return " · ".join(f"{_name(s, viewer)}: {_signed(chips)}" for s, chips in enumerate(ledger))


def _by_rank(codes: Sequence[str]) -> str:
    groups: dict[int, list] = {}
    for code in codes:
        card = parse_card(code)
        groups.setdefault(card.rank, []).append(card)
    return "  ".join(f"[{' '.join(str(c) for c in sorted(groups[rank]))}]" for rank in sorted(groups)) if groups else "(empty)"


def _field_line(codes: Sequence[str]) -> str:
    return f"Table ({len(codes)}): {_by_rank(codes)}"


def _hand_line(codes: Sequence[str]) -> str:
    return f"Your hand ({len(codes)}): {_by_rank(codes)}"


class FishingGame(Game):
    """The Willughby fishing game, "Laugh and Lie Down" (seed 004, RULES.md)."""

    name = "willughby_fishing"
    title = "The Willughby fishing game (Laugh and Lie Down)"
    players = range(PLAYERS, PLAYERS + 1)
    default_players = PLAYERS
    version = "1.0"
    #: "2": the expert (and the novice, which plays like it) captures one card at a time, the rank with most
    #: cards unseen first; records of the first bots replay with their bots' choices unchecked.
    #: "3": `search` with no options plays with expert rollouts and the expert as its prior (`search_defaults`,
    #: `search_prior`); records of earlier bots replay with their bots' choices unchecked.
    bots_version = "3"
    #: What `search` with no options plays by: the strongest configuration measured (docs/games/willughby_fishing.md).
    search_defaults = {"rollout": "expert"}
    Rules = FishingRules
    stat_labels = {
        "captures_of_four": "captures of four cards", "incomplete_captures": "captures leaving a claimable pair",
        "lie_downs": "hands laid down", "field_fours": "fours in the layout", "field_fours_forgotten": "layout fours the dealer forgot",
        "hand_claims": "sets claimed from hand", "hand_claims_forgotten": "sets in hand forgotten",
        "other_pairs_laid": "other pairs laid out of turn", "other_pairs_forgotten": "other pairs forgotten",
        "oversights": "claimable oversights", "oversights_claimed": "oversights claimed", "oversights_missed": "oversights nobody claimed",
        "claims_refused": "claims refused", "windows": "claim windows", "stops_one_holder": "hands stopped with one holder",
        "stops_no_holder": "hands stopped with nobody holding cards", "rewards": "rewards taken", "claims_made": "claims won",
        "claims_missed": "claims missed", "claims_forgotten": "own claims forgotten",
    }
    State = "willughby_fishing.state:FishingState"  # imported on first use: `muggins list` stays quick

    def search_prior(self, view: Mapping[str, Any], decision: Any, seat: int) -> Mapping[str, float] | None:
        """The search player's prior over the choices, from the seat's view alone (`willughby_fishing.search_hints`)."""
        from .search_hints import search_prior

        return search_prior(view, decision, seat)

    def terms(self, rules: FishingRules, players: int = PLAYERS) -> FishingTerms:
        """The terms (stakes, tariff, kinds of claim) a match under `rules` is played by.

        Asks the house-rule plugins of the registry the game was registered
        with (`willughby_fishing.hookspecs`), as `FishingState.new` does once
        per match; HouseRuleError (one line naming the plugins) when their
        answers cannot be used.
        """
        return ask_terms(self, rules, players)

    def describe_rules(self, rules: FishingRules, players: int) -> str:
        """`5 deals; antes 3 and 2, reward 5 (last holder); a chip for each pair over or short of 8 cards`, and the claims closed."""
        from .terms import CLAIM_KINDS

        terms = self.terms(rules, players)
        text = (f"{rules.deals} deal{'s' if rules.deals != 1 else ''}; antes {terms.ante_dealer} and {terms.ante_other}, "
                f"reward {terms.reward} ({rules.reward.replace('_', ' ')}); {terms.tariff_text()}")
        closed = [CLAIM_KINDS[kind] for kind in CLAIM_KINDS if not terms.claimable(kind)]
        return text + (f"; never claimable: {', '.join(closed)}" if closed else "")

    def max_decisions(self, rules: FishingRules, players: int) -> int:
        # Per deal at most: 3 layout fours + done, a layout window, 5 players' claims (at most 3 sets
        # each) and dones, then 40 turns (each takes a hand card) each followed by a 4-seat window.
        return rules.deals * (4 + 4 + 20 + 40 * 5) + 16

    # -- what a human sees ----------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n, phase = view["players"], view["phase"]
        reward = view["terms"]["stakes"]["reward"] if "terms" in view else STANDARD_TERMS.reward
        lines = [f"Deal {view['deal'] + 1} of {view['deals']} · dealer {_name(view['dealer'], seat)} · pot {_chips(view['pot'])} · "
                 f"reward {_chips(reward)}: {'last player holding cards' if view['reward_rule'] == 'last_holder' else 'last capture'}"]
        # Worded as the deal's narration of the table and the hand, so a terminal prints them once.
        lines.append(_field_line(view["field"]))
        if view.get("hand") is not None:
            lines.append(_hand_line(view["hand"]))
        to_act = view.get("to_move") if phase == "turn" else view.get("claimer") if phase == "hand_claim" else (
            view["dealer"] if phase == "field_claim" else (view.get("window") or {}).get("responder"))
        lines.append("Seat        hand  collection       chips")
        for s in range(n):
            who = "you" if s == seat else f"seat {s}"
            marks = []
            if s == view["dealer"]:
                marks.append("dealer")
            if view["laid_down"][s]:
                marks.append("lain down")
            elif view["hand_sizes"][s] == 0:
                marks.append("no cards")
            size = len(view["collections"][s])
            row = f"  {who:>7}  {view['hand_sizes'][s]:>5}  {size:>5} ({_pairs(size)}){'':<{9 - len(_pairs(size))}} {_signed(view['ledger'][s]):>5}"
            row += f"   {', '.join(marks)}" if marks else ""
            if s == to_act:
                row += f"   ← {_TO_ACT[phase]}"
            lines.append(row)
        return "\n".join(lines)

    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """What a claim window is judged by, for a terminal player to print under its move: the table and your hand by rank."""
        lines = [_field_line(view["field"])]
        if view.get("hand") is not None:
            lines.append(_hand_line(view["hand"]))
        return lines

    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """What a claim after a capture is judged by, for the terminal's default pace: the captured rank on the table and in your hand.

        The glance groups both by rank so that each is one look, however many
        cards they show; the windows that ask for more (a new layout, a hand
        laid down) wait for an answer whatever the pace.
        """
        return 2

    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`willughby_fishing.layout`)."""
        from .layout import table_layout

        return table_layout(view, seat)

    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The hand card a capture plays onto the table (`willughby_fishing.layout`)."""
        from .layout import choice_move

        return choice_move(action)

    def describe(self, event: Mapping[str, Any], seat: int | None) -> str | None:
        kind = event["type"]
        if kind == "layout_claims":
            return "Claims on the layout: a four the dealer has not taken goes to the first player who claims it."
        if kind == "cut":
            rounds = "; then ".join(", ".join(f"{_who(s, seat)} {_cards([c])}" for s, c in rnd) for rnd in event["rounds"])
            return f"Cut for deal: {rounds} — {_who(event['dealer'], seat)} cut lowest and deal{'' if event['dealer'] == seat else 's'} first."
        if kind == "ante":
            dealer, antes = event["dealer"], event["antes"]
            others = {a for s, a in enumerate(antes) if s != dealer}
            if len(others) == 1:
                paid = f"{_name(dealer, seat)} ante{_s(dealer, seat)} {antes[dealer]}, the others {others.pop()} each"
            else:
                paid = "antes " + ", ".join(f"{_name(s, seat)} {a}" for s, a in enumerate(antes))
            return (f"Deal {event['deal'] + 1}: {_name(dealer, seat)} deal{_s(dealer, seat)} {HAND_SIZE} cards each; "
                    f"{paid}: a pot of {event['pot']}.")
        if kind == "deal":
            return _field_line(event["field"])
        if kind == "hand":
            return _hand_line(event["cards"]) if event["seat"] == seat else None
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
            return f"{_who(event['seat'], seat)} {verb} down: {_cards(event['cards'])} {'goes' if len(event['cards']) == 1 else 'go'} to the table."
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
            return f"{_who(event['seat'], seat)} take{'' if event['seat'] == seat else 's'} {_chips(event['chips'])} {how}."
        if kind == "sweep":
            hand = f"the last hand {_cards(event['hand'])} and " if event["hand"] else ""
            return f"{_who(event['seat'], seat)} (dealer) sweep{'' if event['seat'] == seat else 's'} {hand}the table {_cards(event['field'])} into the collection."
        if kind == "settle":
            parts = ", ".join(f"{_name(s, seat)} {size} cards {_signed(chips)}" for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])))
            return f"Deal {event['deal'] + 1} settled: {parts}; chips now {ledger_text(event['ledger'], seat)}."
        if kind == "match_end":
            winners = event["winners"]
            names = " and ".join(_name(s, seat) for s in winners)
            verb = "share" if len(winners) > 1 else "win" if winners == [seat] else "wins"
            return f"Match over: {names} {verb} the match ({ledger_text(event['ledger'], seat)})."
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner at each deal's settlement (collections, chips won or paid, the ledger) and at the match's end (ranking)."""
        kind = event["type"]
        if kind == "settle":
            tariff = event.get("tariff") or STANDARD_TERMS.tariff_dict()  # records made before the tariff was recorded
            lines = [f"Deal {event['deal'] + 1} is over: {tariff_text(tariff['per_pair'], tariff['empty'])}."]
            width = max(len(str(size)) for size in event["sizes"])
            for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])):
                if chips > 0:
                    paid = f"win{_s(s, seat)} {_chips(chips)}"
                elif chips < 0:
                    paid = f"pay{_s(s, seat)} {_chips(-chips)}"
                else:
                    paid = f"break{_s(s, seat)} even"
                lines.append(f"  {_name(s, seat):>7}: {size:>{width}} cards ({_pairs(size)}), {paid}")
            lines.append(f"Chips: {ledger_text(event['ledger'], seat)}")
            return lines
        if kind == "match_end":
            ledger = event["ledger"]
            winners = event["winners"]
            names = " and ".join(_name(s, seat) for s in winners)
            best = _signed(max(ledger))
            verb = "share the match" if len(winners) > 1 else "win the match" if winners == [seat] else "wins the match"
            lines = [f"Match over: {names} {verb} with {best}."]
            order = sorted(range(len(ledger)), key=lambda s: (-ledger[s], s))
            for s in order:
                place = 1 + sum(1 for other in ledger if other > ledger[s])  # equal chips share a place
                lines.append(f"  {place}. {_name(s, seat):<7} {_signed(ledger[s]):>4}")
            return lines
        return None
