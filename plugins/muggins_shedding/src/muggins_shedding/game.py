"""The registered shedding game: identity, limits and the house-rule hooks.

This module owns `SheddingGame`, the `muggins.Game` the plugin registers
under the name `muggins_shedding`: its player counts (3 to 7), its rules,
state and presenter classes, the bound on decisions the contract kit
enforces, and the answers of house-rule plugins to the game's four hooks
(touching ranks added and parted, the order of destinations, penalty cards; asked once per
match, through `muggins.call_house_rules`). What a player reads and a front
end draws is the presenter's (`muggins_shedding.presenter`, with the
narration of each event as data in `muggins_shedding.narration`).
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import Capabilities, Game
from muggins.i18n import N_, translator
from muggins.presenter import hands_to_presenter
from muggins.wording import TranslatedLabels

from . import houserules
from .order_words import order_text  # noqa: F401  # still importable from here
# The text helpers other modules (and plugins) import from here: still importable from here.
from .presenter import pairs_text, standings_text  # noqa: F401
from .rules import SheddingRules

# The game's own catalogue (domain muggins_shedding, in locale/ beside this module): its title and its figures' labels.
_translator = translator("muggins_shedding", package_file=__file__)
_ = _translator.gettext

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
    Presenter = "muggins_shedding.presenter:SheddingPresenter"
    #: The research adapters' observation: the default encoding's vector, read from the view without the layout's labels.
    rl_encoding = "muggins_shedding.encoding:SheddingEncoding"

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

    def parted_pairs(self, rules: SheddingRules, players: int) -> list[tuple[int, int]]:
        """Rank pairs that no longer touch, from `muggins_shedding_parted_ranks`, every plugin's (plugin-name order).

        Taken away from the touching pairs after every plugin's additions
        (`houserules.touching`): a pair both added and parted does not touch.
        """
        return houserules.parted_pairs(self, rules, players)

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

    # -- what a human sees: `muggins_shedding.presenter` --------------------------------
    # Found by the front ends' probes on the game (`muggins.projection`, the terminal's window), so they stay here, handing over.
    @hands_to_presenter
    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """Every pile top, numbered as in the play menu (`SheddingPresenter.glance`)."""
        return self.presenter().glance(view, seat)

    @hands_to_presenter
    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """Every pile a placement is judged against, for the terminal's default pace (`SheddingPresenter.compared`)."""
        return self.presenter().compared(view, seat)

    @hands_to_presenter
    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`SheddingPresenter.layout`)."""
        return self.presenter().layout(view, seat)

    @hands_to_presenter
    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The turned card a placement or correction moves, and the pile's zone (`SheddingPresenter.choice_move`)."""
        return self.presenter().choice_move(action)
