"""Fixtures for cribbage's game tests: the cribbage plugin alone, hand-made positions, acting by text.

`registry` (the cribbage plugin loaded alone, so the game's own bots are
used, and made the process registry), `game`, `position(...)`
(`CribbageState.from_position`) and `act(state, text)` (take the choice
with that text for the seat to act) come from the muggins pytest plugin's
`muggins_game` factory.
"""

from muggins.testing.pytest_plugin import game_fixtures

registry, game, position, act = game_fixtures("cribbage_muggins")
