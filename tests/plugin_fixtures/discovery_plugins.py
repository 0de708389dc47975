"""Plugins for the discovery tests: copies of Tally under chosen game names, and plugins that quit the process.

A plugin packaged in a zip file or an .egg folder is a one-line module that
builds its plugin here, so the tests check where the entry point was found
and imported from, not what the game does.
"""

import sys

from muggins import hookimpl

import muggins_tally


class NamedTally:
    """Registers Tally under `game_name` (an impostor when that is a name another plugin ships)."""

    def __init__(self, game_name):
        self.game_name = game_name

    @hookimpl
    def muggins_register_games(self, register):
        game = muggins_tally.TallyGame()
        game.name = self.game_name
        register(game)


class RegistersTwice:
    @hookimpl
    def muggins_register_games(self, register):
        for _ in range(2):
            game = muggins_tally.TallyGame()
            game.name = "twice"
            register(game)


class ExitsOnRegister:
    @hookimpl
    def muggins_register_games(self, register):
        sys.exit("the plugin gave up")


class ExitsOnRegisterPlayers:
    @hookimpl
    def muggins_register_players(self, register):
        raise SystemExit(4)


class ImpostorWithAMisspelledHook(NamedTally):
    """Registers a rival 'tally' but is dropped for implementing a hook that does not exist."""

    @hookimpl
    def muggins_register_game(self, register):
        pass


class ExitsOnCommands:
    @hookimpl
    def muggins_register_commands(self, cli):
        sys.exit(5)


class InterruptedOnRegister:
    @hookimpl
    def muggins_register_games(self, register):
        import signal

        signal.raise_signal(signal.SIGINT)  # Ctrl-C, not a KeyboardInterrupt the plugin raises itself


def named_tally(game_name):
    return NamedTally(game_name)


impostor = NamedTally("tally")
second_impostor = NamedTally("tally")
tally_copy = NamedTally("tally_copy")
another_copy = NamedTally("another_copy")
impostor_with_a_misspelled_hook = ImpostorWithAMisspelledHook("tally")
registers_twice = RegistersTwice()
exits_on_register = ExitsOnRegister()
exits_on_register_players = ExitsOnRegisterPlayers()
exits_on_commands = ExitsOnCommands()
interrupted_on_register = InterruptedOnRegister()
