"""cribbage_muggins: cribbage for 2, 3 or 4 players with the muggins counting rule.

The package owns the game plugin (`plugin`), its house rules (`rules`),
the hooks it publishes for house-rule plugins (`hookspecs`) and what a
match plays by once they have answered (`house`), the registered game with
its rendering and narration (`game`), the state machine of a whole game
(`state`), the bots (`bots`), the scoring functions (`scoring`:
`score_show`, `score_total`, `score_peg`, and other scorings,
`ShowScoring`, `PegScoring`), discard analysis (`analysis`) and CLI
commands (`commands`). Importing the package imports nothing heavy; import
the submodule you need.
"""

__version__ = "1.0.0"
