"""The plugin entry point: registers the cribbage game, its bots and its commands (filled in as they land)."""
