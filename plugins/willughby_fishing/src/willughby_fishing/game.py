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
Every word a player reads goes through the game's own catalogue (domain
`willughby_fishing`, `locale/` beside this module; cards as the player's
language names them, V D R in French); events and records keep codes.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from muggins import Capabilities, Game, parse_card
from muggins.i18n import N_, translator
from muggins.wording import TranslatedLabels, rank_word

from .rules import HAND_SIZE, PLAYERS, FishingRules
from .terms import STANDARD_TERMS, FishingTerms, house_rules, tariff_text

# The game's own catalogue (domain willughby_fishing, in locale/ beside this module): every word a player reads.
_translator = translator("willughby_fishing", package_file=__file__)
_, ngettext, pgettext = _translator.gettext, _translator.ngettext, _translator.pgettext

__all__ = ["FishingGame", "ledger_text"]

_WHAT = {
    "field_four": N_("the four left in the layout"),
    "left_pair": N_("the pair left on the table"),
    "laid_down": N_("the unclaimed set(s) of the laid-down hand"),
    "other_pair": N_("the other pair"),
}


#: What the seat to act is asked to do, by phase, for the `←` on its row.
_TO_ACT = {"turn": N_("to play"), "hand_claim": N_("to claim from hand"), "field_claim": N_("to take the layout's fours"),
           "window": N_("to claim or let it be")}


def _rank(r: int) -> str:
    """A rank's letter as a player reads it: in French V, D, R (valet, dame, roi); the codes typed stay as documented."""
    return rank_word(r)


def _card(code: str) -> str:
    """A card as a player reads it: `10♥`, `J♠` (in French `V♠`). Records keep the code (`TH`)."""
    found = parse_card(code)
    return _rank(int(found.rank)) + found.suit.symbol


def _cards(codes: Sequence[str]) -> str:
    return " ".join(_card(c) for c in codes) if codes else "—"


def _name(seat: int, viewer: int | None) -> str:
    """A seat in a list or on a row: `you`, `seat 2`."""
    return _("you") if seat == viewer else pgettext("list", "seat {seat}").format(seat=seat)


def _subject(seat: int, viewer: int | None) -> str:
    """A seat as the subject of a sentence: `you`, `seat 2` (in French `le joueur 2`)."""
    return _("you") if seat == viewer else pgettext("subject", "seat {seat}").format(seat=seat)


def _signed(chips: int) -> str:
    """`+3`, `−1` (a true minus sign), `0`."""
    return f"+{chips}" if chips > 0 else f"−{-chips}" if chips < 0 else "0"


def _chips(n: int) -> str:
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


def _pairs(size: int) -> str:
    return ngettext("{n} pair", "{n} pairs", size // 2).format(n=size // 2)


def ledger_text(ledger: Sequence[int], viewer: int | None) -> str:
    """`you: +3 · seat 1: −1 · seat 2: 0 …`: each seat's net chips in words."""
    return " · ".join(_("{who}: {chips}").format(who=_name(s, viewer), chips=_signed(chips)) for s, chips in enumerate(ledger))


def _by_rank(codes: Sequence[str]) -> str:
    groups: dict[int, list] = {}
    for code in codes:
        card = parse_card(code)
        groups.setdefault(card.rank, []).append(card)
    return "  ".join(f"[{' '.join(_card(c.code) for c in sorted(groups[rank]))}]" for rank in sorted(groups)) if groups else _("(empty)")


def _field_line(codes: Sequence[str]) -> str:
    return _("Table ({n}): {cards}").format(n=len(codes), cards=_by_rank(codes))


def _hand_line(codes: Sequence[str]) -> str:
    return _("Your hand ({n}): {cards}").format(n=len(codes), cards=_by_rank(codes))


def _winners_named(winners: Sequence[int], viewer: int | None) -> str:
    return _(" and ").join(_subject(s, viewer) for s in winners)


class FishingGame(Game):
    """The Willughby fishing game, "Laugh and Lie Down" (seed 004, RULES.md)."""

    name = "willughby_fishing"
    title = N_("The Willughby fishing game (Laugh and Lie Down)")
    translations = _translator
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
    stat_labels = TranslatedLabels(_, {
        "deals": N_("deals played"), "captures": N_("captures made"), "captures_of_four": N_("captures of four cards"),
        "incomplete_captures": N_("captures leaving a claimable pair"),
        "lie_downs": N_("hands laid down"), "field_fours": N_("fours in the layout"), "field_fours_forgotten": N_("layout fours the dealer forgot"),
        "hand_claims": N_("sets claimed from hand"), "hand_claims_forgotten": N_("sets in hand forgotten"),
        "other_pairs_laid": N_("other pairs laid out of turn"), "other_pairs_forgotten": N_("other pairs forgotten"),
        "oversights": N_("claimable oversights"), "oversights_claimed": N_("oversights claimed"), "oversights_missed": N_("oversights nobody claimed"),
        "claims_refused": N_("claims refused"), "windows": N_("claim windows"), "stops_one_holder": N_("hands stopped with one holder"),
        "stops_no_holder": N_("hands stopped with nobody holding cards"), "rewards": N_("rewards taken"), "claims_made": N_("claims won"),
        "claims_missed": N_("claims missed"), "claims_forgotten": N_("own claims forgotten"),
    })
    #: What the game offers beyond the required protocol (the contract kit checks it against the methods).
    capabilities = Capabilities(determinize=True, search_prior=True, layout=True, choice_move=True, play_forced=True, from_position=True)
    State = "willughby_fishing.state:FishingState"  # imported on first use: `muggins list` stays quick

    def search_prior(self, view: Mapping[str, Any], decision: Any, seat: int) -> Mapping[str, float] | None:
        """The search player's prior over the choices, from the seat's view alone (`willughby_fishing.search_hints`)."""
        from .search_hints import search_prior

        return search_prior(view, decision, seat)

    def house_rules(self, rules: FishingRules, players: int = PLAYERS) -> FishingTerms:
        """The terms (stakes, tariff, kinds of claim) a match under `rules` is played by: the game's house-rule entry, named as in every shipped game.

        Asks the house-rule plugins of the registry the game was registered
        with (`willughby_fishing.hookspecs`), as `FishingState.new` does once
        per match; HouseRuleError (one line naming the plugins) when their
        answers cannot be used.
        """
        return house_rules(self, rules, players)

    def terms(self, rules: FishingRules, players: int = PLAYERS) -> FishingTerms:
        """`house_rules`, under the name it had before the three games shared one (kept for callers written then)."""
        return self.house_rules(rules, players)

    def describe_rules(self, rules: FishingRules, players: int) -> str:
        """`5 deals; antes 3 and 2, reward 5 (last holder); a chip for each pair over or short of 8 cards`, and the claims closed."""
        from .terms import CLAIM_KINDS

        terms = self.terms(rules, players)
        rule = _("last holder") if rules.reward == "last_holder" else _("last capture") if rules.reward == "last_capture" else \
            rules.reward.replace("_", " ")
        text = ngettext("{deals} deal; antes {dealer} and {other}, reward {reward} ({rule}); {tariff}",
                        "{deals} deals; antes {dealer} and {other}, reward {reward} ({rule}); {tariff}", rules.deals).format(
            deals=rules.deals, dealer=terms.ante_dealer, other=terms.ante_other, reward=terms.reward, rule=rule, tariff=terms.tariff_text())
        closed = [_(CLAIM_KINDS[kind]) for kind in CLAIM_KINDS if not terms.claimable(kind)]
        return text + (_("; never claimable: {kinds}").format(kinds=", ".join(closed)) if closed else "")

    def max_decisions(self, rules: FishingRules, players: int) -> int:
        # Per deal at most: 3 layout fours + done, a layout window, 5 players' claims (at most 3 sets
        # each) and dones, then 40 turns (each takes a hand card) each followed by a 4-seat window.
        return rules.deals * (4 + 4 + 20 + 40 * 5) + 16

    # -- what a human sees ----------------------------------------------------
    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        n, phase = view["players"], view["phase"]
        reward = view["terms"]["stakes"]["reward"] if "terms" in view else STANDARD_TERMS.reward
        values = {"deal": view["deal"] + 1, "deals": view["deals"], "dealer": _name(view["dealer"], seat), "pot": _chips(view["pot"]),
                  "reward": _chips(reward)}
        if view["reward_rule"] == "last_holder":
            lines = [_("Deal {deal} of {deals} · dealer {dealer} · pot {pot} · reward {reward}: last player holding cards").format(**values)]
        else:
            lines = [_("Deal {deal} of {deals} · dealer {dealer} · pot {pot} · reward {reward}: last capture").format(**values)]
        # Worded as the deal's narration of the table and the hand, so a terminal prints them once.
        lines.append(_field_line(view["field"]))
        if view.get("hand") is not None:
            lines.append(_hand_line(view["hand"]))
        to_act = view.get("to_move") if phase == "turn" else view.get("claimer") if phase == "hand_claim" else (
            view["dealer"] if phase == "field_claim" else (view.get("window") or {}).get("responder"))
        names = [_name(s, seat) for s in range(n)]
        # At least as wide as the English rows always were; as wide as the longest name in a longer language.
        width = max(7, *map(len, names))
        heading = {"seat": _("Seat"), "hand": _("hand"), "collection": _("collection"), "chips": _("chips")}
        lines.append(f"{heading['seat']:<{width + 5}}{heading['hand']:>4}  {heading['collection']:<17}{heading['chips']}")
        for s in range(n):
            marks = []
            if s == view["dealer"]:
                marks.append(_("dealer"))
            if view["laid_down"][s]:
                marks.append(_("lain down"))
            elif view["hand_sizes"][s] == 0:
                marks.append(_("no cards"))
            size = len(view["collections"][s])
            pairs = _pairs(size)
            row = f"  {names[s]:>{width}}  {view['hand_sizes'][s]:>5}  {size:>5} ({pairs}){'':<{9 - len(pairs)}} {_signed(view['ledger'][s]):>5}"
            row += f"   {', '.join(marks)}" if marks else ""
            if s == to_act:
                row += f"   ← {_(_TO_ACT[phase])}"
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
        mine = seat is not None and event.get("seat") == seat
        if kind == "layout_claims":
            return _("Claims on the layout: a four the dealer has not taken goes to the first player who claims it.")
        if kind == "cut":
            # The English names the viewer "You" in this list, as it always has; French lists say "vous".
            rounds = _("; then ").join(", ".join(f"{pgettext('cut', 'You') if s == seat else _name(s, seat)} {_cards([c])}" for s, c in rnd)
                                       for rnd in event["rounds"])
            if event["dealer"] == seat:
                return _("Cut for deal: {rounds} — You cut lowest and deal first.").format(rounds=rounds)
            return _("Cut for deal: {rounds} — seat {seat} cut lowest and deals first.").format(rounds=rounds, seat=event["dealer"])
        if kind == "ante":
            dealer, antes = event["dealer"], event["antes"]
            others = {a for s, a in enumerate(antes) if s != dealer}
            if len(others) == 1:
                values = {"seat": dealer, "ante": antes[dealer], "others": others.pop()}
                paid = (_("you ante {ante}, the others {others} each") if dealer == seat else
                        _("seat {seat} antes {ante}, the others {others} each")).format(**values)
            else:
                paid = _("antes {antes}").format(antes=", ".join(f"{_name(s, seat)} {a}" for s, a in enumerate(antes)))
            values = {"deal": event["deal"] + 1, "seat": dealer, "cards": HAND_SIZE, "paid": paid, "pot": event["pot"]}
            if dealer == seat:
                return _("Deal {deal}: you deal {cards} cards each; {paid}: a pot of {pot}.").format(**values)
            return _("Deal {deal}: seat {seat} deals {cards} cards each; {paid}: a pot of {pot}.").format(**values)
        if kind == "deal":
            return _field_line(event["field"])
        if kind == "hand":
            return _hand_line(event["cards"]) if mine else None
        if kind == "field_four":
            values = {"seat": event["seat"], "rank": _rank(event["rank"])}
            return (_("You (dealer) take the four {rank}s of the layout.") if mine else
                    _("seat {seat} (dealer) takes the four {rank}s of the layout.")).format(**values)
        if kind == "hand_claim":
            kept = (_(" and keep the third") if mine else _(" and keeps the third")) if event["kept"] else ""
            values = {"seat": event["seat"], "cards": _cards(event["cards"]), "kept": kept}
            return (_("You lay {cards} from hand into the collection{kept}.") if mine else
                    _("seat {seat} lays {cards} from hand into the collection{kept}.")).format(**values)
        if kind == "capture":
            values = {"seat": event["seat"], "played": _cards(event["played"]), "taken": _cards(event["taken"])}
            return (_("You play {played} and take {taken}.") if mine else _("seat {seat} plays {played} and takes {taken}.")).format(**values)
        if kind == "lie_down":
            count = len(event["cards"])
            values = {"seat": event["seat"], "cards": _cards(event["cards"])}
            if mine:
                return ngettext("You cannot capture and lie down: {cards} goes to the table.",
                                "You cannot capture and lie down: {cards} go to the table.", count).format(**values)
            return ngettext("seat {seat} cannot capture and lies down: {cards} goes to the table.",
                            "seat {seat} cannot capture and lies down: {cards} go to the table.", count).format(**values)
        if kind == "claim":
            if not event["upheld"]:
                return (_("You claim, but there is nothing to take (no cost).") if mine else
                        _("seat {seat} claims, but there is nothing to take (no cost).")).format(seat=event["seat"])
            values = {"seat": event["seat"], "what": _(_WHAT[event["what"]]), "cards": _cards(event["cards"])}
            return (_("You claim {what}: {cards}.") if mine else _("seat {seat} claims {what}: {cards}.")).format(**values)
        if kind == "stop":
            if event["holder"] is None:
                return _("Nobody holds cards: the hand stops.")
            if event["holder"] == seat:
                return _("Only you hold cards: the hand stops.")
            return _("Only seat {seat} holds cards: the hand stops.").format(seat=event["holder"])
        if kind == "reward":
            how = {"last_holder": _("as the last holding cards"), "last_capture": _("for the last capture"),
                   "dealer": _("as dealer (no capture was made)")}[event["how"]]
            values = {"seat": event["seat"], "chips": _chips(event["chips"]), "how": how}
            return (_("You take {chips} {how}.") if mine else _("seat {seat} takes {chips} {how}.")).format(**values)
        if kind == "sweep":
            hand = _("the last hand {cards} and ").format(cards=_cards(event["hand"])) if event["hand"] else ""
            values = {"seat": event["seat"], "hand": hand, "field": _cards(event["field"])}
            return (_("You (dealer) sweep {hand}the table {field} into the collection.") if mine else
                    _("seat {seat} (dealer) sweeps {hand}the table {field} into the collection.")).format(**values)
        if kind == "settle":
            parts = ", ".join(ngettext("{who} {size} card {chips}", "{who} {size} cards {chips}", size).format(
                who=_name(s, seat), size=size, chips=_signed(chips)) for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])))
            return _("Deal {deal} settled: {parts}; chips now {ledger}.").format(deal=event["deal"] + 1, parts=parts,
                                                                                 ledger=ledger_text(event["ledger"], seat))
        if kind == "match_end":
            winners = event["winners"]
            values = {"names": _winners_named(winners, seat), "ledger": ledger_text(event["ledger"], seat)}
            if len(winners) > 1:
                text = pgettext("you", "Match over: {names} share the match ({ledger}).") if seat in winners else \
                    pgettext("they", "Match over: {names} share the match ({ledger}).")
            elif winners == [seat]:
                text = _("Match over: {names} win the match ({ledger}).")
            else:
                text = _("Match over: {names} wins the match ({ledger}).")
            return text.format(**values)
        return None

    def standings(self, event: Mapping[str, Any], seat: int | None) -> list[str] | None:
        """The banner at each deal's settlement (collections, chips won or paid, the ledger) and at the match's end (ranking)."""
        kind = event["type"]
        if kind == "settle":
            tariff = event.get("tariff") or STANDARD_TERMS.tariff_dict()  # records made before the tariff was recorded
            lines = [_("Deal {deal} is over: {tariff}.").format(deal=event["deal"] + 1, tariff=tariff_text(tariff["per_pair"], tariff["empty"]))]
            width = max(len(str(size)) for size in event["sizes"])
            names = [_name(s, seat) for s in range(len(event["sizes"]))]
            name_width = max(7, *map(len, names))
            for s, (size, chips) in enumerate(zip(event["sizes"], event["chips"])):
                mine = s == seat
                if chips > 0:
                    paid = (ngettext("win {n} chip", "win {n} chips", chips) if mine else ngettext("wins {n} chip", "wins {n} chips", chips))
                elif chips < 0:
                    paid = (ngettext("pay {n} chip", "pay {n} chips", -chips) if mine else ngettext("pays {n} chip", "pays {n} chips", -chips))
                else:
                    paid = _("break even") if mine else _("breaks even")
                paid = paid.format(n=abs(chips))
                lines.append(_("  {who}: {size} cards ({pairs}), {paid}").format(
                    who=f"{names[s]:>{name_width}}", size=f"{size:>{width}}", pairs=_pairs(size), paid=paid))
            lines.append(_("Chips: {ledger}").format(ledger=ledger_text(event["ledger"], seat)))
            return lines
        if kind == "match_end":
            ledger = event["ledger"]
            winners = event["winners"]
            values = {"names": _winners_named(winners, seat), "best": _signed(max(ledger))}
            if len(winners) > 1:
                head = pgettext("you", "Match over: {names} share the match with {best}.") if seat in winners else \
                    pgettext("they", "Match over: {names} share the match with {best}.")
            elif winners == [seat]:
                head = _("Match over: {names} win the match with {best}.")
            else:
                head = _("Match over: {names} wins the match with {best}.")
            lines = [_capital(head.format(**values))]
            order = sorted(range(len(ledger)), key=lambda s: (-ledger[s], s))
            names = [_name(s, seat) for s in range(len(ledger))]
            name_width = max(7, *map(len, names))
            for s in order:
                place = 1 + sum(1 for other in ledger if other > ledger[s])  # equal chips share a place
                lines.append(f"  {place}. {names[s]:<{name_width}} {_signed(ledger[s]):>4}")
            return lines
        return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
