"""Muggins Whist: whist for four in partnerships, with revoke claims that later cards prove (a muggins example game).

This package owns the game's identity and house rules (`game`), what a
player reads and the browser draws (`presenter`), the rules engine
(`state`), its expert (`bots`) and the plugin module the `muggins` entry
point names (`plugin`). Importing it stays cheap: the rules engine is
imported only when a match starts.
"""

from .game import WhistGame, WhistRules

__all__ = ["WhistGame", "WhistRules"]
