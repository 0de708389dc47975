"""The core's plugin hooks. Every hook is named `muggins_*` and documented here.

Hooks are for extension, not game flow: a plugin registers games, players
and commands through `register` callbacks (so the core can validate them and
refuse duplicates) and may listen to events. A game may publish hook specs
of its own (passed as `register(game, hookspecs=module)`) so small
house-rule plugins can change one of its rules.
"""

from __future__ import annotations

from typing import Any, Callable

import pluggy

hookspec = pluggy.HookspecMarker("muggins")
hookimpl = pluggy.HookimplMarker("muggins")


@hookspec
def muggins_register_games(register: Callable[..., None]) -> None:
    """Register games: call `register(game)` once per `muggins.Game` instance.

    A game that publishes hook specs of its own passes them as
    `register(game, hookspecs=module_or_class)`. Registering a name twice is
    refused with an error naming both plugins.
    """


@hookspec
def muggins_register_players(register: Callable[..., None]) -> None:
    """Register kinds of player: `register(name, factory, description="", games=(), options=(), words="")`.

    `factory(rng=, game=, seat=, **options)` returns an object with
    `choose(view, decision) -> Action`. With `games` the kind serves only
    those game names and takes precedence over a generic kind of that name.
    `options` declares the seat options the kind takes
    (`muggins.players.PlayerOption`), so `KIND:name=value,...` seats are
    checked and converted before the factory sees them. `words` names one
    player of the kind as a player reads a seat ("a novice"), and each
    option's `words` its value (`muggins.seat_words`); a kind without them
    is shown by its name and options.
    """


@hookspec
def muggins_register_commands(cli: Any) -> None:
    """Add Click commands to the `muggins` group: `@cli.command()` inside the hook.

    Called lazily, only when a command that is not built in is asked for or
    the command list is shown, so plugins cost nothing at start-up otherwise.
    """


@hookspec
def muggins_on_event(game: str, event: dict[str, Any]) -> None:
    """Observe every event of every match the engine runs (`game` is its name).

    Events are plain data; do not modify them. The engine skips this hook
    entirely when no plugin implements it, so an unused hook costs nothing.
    """
