"""The registered Willughby fishing game: identity, limits and the terms a match is played by.

This module owns `FishingGame`, the `muggins.Game` the plugin registers
under the name `willughby_fishing`: exactly five players, its rules, state
and presenter classes, the bound on decisions the contract kit enforces,
and `terms`, the terms a match under given rules would be played by (the
house-rule plugins asked). What a player reads and a front end draws is the
presenter's (`willughby_fishing.presenter`, with the narration of each
event as data in `willughby_fishing.narration`), through the game's own
catalogue (domain `willughby_fishing`, `locale/` beside this module);
events and records keep codes.
"""

from __future__ import annotations

from typing import Any, Mapping

from muggins import Capabilities, Game
from muggins.i18n import N_, translator
from muggins.presenter import hands_to_presenter
from muggins.wording import TranslatedLabels

# The text helper other modules (and plugins) import from here: still importable from here.
from .presenter import ledger_text  # noqa: F401
from .rules import PLAYERS, FishingRules
from .terms import FishingTerms, house_rules

# The game's own catalogue (domain willughby_fishing, in locale/ beside this module): its title and its figures' labels.
_translator = translator("willughby_fishing", package_file=__file__)
_ = _translator.gettext

__all__ = ["FishingGame", "ledger_text"]


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
    Presenter = "willughby_fishing.presenter:FishingPresenter"
    #: The research adapters' observation: the default encoding's vector, read from the view without the layout's labels.
    rl_encoding = "willughby_fishing.encoding:FishingEncoding"

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

    def max_decisions(self, rules: FishingRules, players: int) -> int:
        # Per deal at most: 3 layout fours + done, a layout window, 5 players' claims (at most 3 sets
        # each) and dones, then 40 turns (each takes a hand card) each followed by a 4-seat window.
        return rules.deals * (4 + 4 + 20 + 40 * 5) + 16

    # -- what a human sees: `willughby_fishing.presenter` -------------------------------
    # Found by the front ends' probes on the game (`muggins.projection`, the terminal's window), so they stay here, handing over.
    @hands_to_presenter
    def glance(self, view: Mapping[str, Any], seat: int | None) -> list[str]:
        """The table and your hand by rank, what a claim window is judged by (`FishingPresenter.glance`)."""
        return self.presenter().glance(view, seat)

    @hands_to_presenter
    def compared(self, view: Mapping[str, Any], seat: int | None) -> int:
        """What a claim after a capture is judged by, for the terminal's default pace (`FishingPresenter.compared`)."""
        return self.presenter().compared(view, seat)

    @hands_to_presenter
    def layout(self, view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The table as data for a front end that draws cards (`FishingPresenter.layout`)."""
        return self.presenter().layout(view, seat)

    @hands_to_presenter
    def choice_move(self, action: Any) -> tuple[str, str | None] | None:
        """The hand card a capture plays onto the table (`FishingPresenter.choice_move`)."""
        return self.presenter().choice_move(action)
