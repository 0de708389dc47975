"""Registration of the Willughby fishing game with the muggins core (filled
in as the game lands)."""
