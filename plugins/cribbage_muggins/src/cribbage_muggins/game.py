"""The registered cribbage game: identity, limits, sides and the house rules in force.

This module owns `CribbageGame`, the `muggins.Game` the plugin registers
under the name `cribbage_muggins`: player counts 2 to 4, the rules, state
and presenter classes (the state and the presenter are imported on first
use), the bound on decisions the contract kit enforces, the partnerships
for simulation figures (`sides`), `house_rules` (what a match plays by,
asking the house-rule plugins, `house`) and `house_rule_settings` (the
target and lines they set over the rules' own). What a player reads and a
front end draws is the presenter's (`cribbage_muggins.presenter`, with the
narration of each event as data in `cribbage_muggins.narration`), through
the game's own catalogue (domain `cribbage_muggins`, `locale/` beside this
module); events and records keep their English codes. A variant game
subclasses `CribbageGame` with its own name, title and `Rules` and gets
everything else, bots and presenter included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from muggins import Capabilities, Game
from muggins.i18n import N_, translator
from muggins.presenter import hands_to_presenter
from muggins.wording import TranslatedLabels

from .hooks_in_use import PEG_HOOK, SHOW_HOOK, TARGET_HOOK, implemented  # noqa: F401  # PEG_HOOK: still importable from here
# The text helpers other modules (and plugins) import from here: still importable from here.
from .presenter import _card, _item, breakdown_lines, breakdown_text, scores_text, side_name  # noqa: F401
from .rules import DEAL, NO_LINE, CribbageRules

if TYPE_CHECKING:
    from .house import RulesInForce

__all__ = ["CribbageGame", "breakdown_text", "scores_text"]

# The game's own catalogue (domain cribbage_muggins, in locale/ beside this module): its title and its figures' labels.
_translator = translator("cribbage_muggins", package_file=__file__)
_ = _translator.gettext


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
    Presenter = "cribbage_muggins.presenter:CribbagePresenter"
    #: The research adapters' observation: the default encoding's vector, read from the view without the layout's labels and board.
    rl_encoding = "cribbage_muggins.encoding:CribbageEncoding"

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

    # -- what a human sees: `cribbage_muggins.presenter` ------------------------------
    # Found by a front end's probe on the game class (`muggins.projection`), so they stay here, handing over.
    @hands_to_presenter
    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`CribbagePresenter.layout`)."""
        return self.presenter().layout(view, seat)

    @hands_to_presenter
    def choice_move(self, action: Any) -> tuple[Any, str | None] | None:
        """The card or cards a choice moves, and its zone (`CribbagePresenter.choice_move`)."""
        return self.presenter().choice_move(action)

    def deal_table(self, players: int) -> tuple[int, int, int]:
        """(cards each, cards each lays away, cards from the pack to the crib)."""
        return DEAL[players]

