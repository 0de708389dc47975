"""Misbehaving plugins for the loader tests: each fails in its own way."""

from muggins import hookimpl

import muggins_tally


class RaisesOnRegister:
    @hookimpl
    def muggins_register_games(self, register):
        raise RuntimeError("database not found")


class DuplicateTally:
    @hookimpl
    def muggins_register_games(self, register):
        register(muggins_tally.TallyGame())


class NotAGame:
    @hookimpl
    def muggins_register_games(self, register):
        register("tally")


class Misspelled:
    @hookimpl
    def muggins_register_game(self, register):  # no such hook
        pass


class BadPlayers:
    @hookimpl
    def muggins_register_players(self, register):
        register("random", lambda **kw: None)  # clashes with the built-in kind


class GoodPlayers:
    @hookimpl
    def muggins_register_players(self, register):
        register("cheater", lambda rng, **kw: muggins_tally_player(rng), description="tally only", games=("tally",))
        register("expert", lambda rng, **kw: muggins_tally_player(rng), games=("tally",))


class Commands:
    @hookimpl
    def muggins_register_commands(self, cli):
        raise RuntimeError("no commands today")


class Listener:
    seen: list = []

    @hookimpl
    def muggins_on_event(self, game, event):
        Listener.seen.append((game, event["type"]))


class HookspecGame:
    """A game that publishes its own hook, and a house-rule plugin implementing it."""

    class Specs:
        from muggins import hookspec

        @hookspec(firstresult=True)
        def muggins_tally_bonus(self, card):
            """Extra points for a card."""

    @hookimpl
    def muggins_register_games(self, register):
        game = muggins_tally.TallyGame()
        game.name = "tally_bonus"
        register(game, hookspecs=HookspecGame.Specs)


class BonusRule:
    @hookimpl
    def muggins_tally_bonus(self, card):
        return 5


def muggins_tally_player(rng):
    from muggins.players import ExpertPlayer

    return ExpertPlayer(rng)


raises_on_register = RaisesOnRegister()
duplicate_tally = DuplicateTally()
not_a_game = NotAGame()
misspelled = Misspelled()
bad_players = BadPlayers()
good_players = GoodPlayers()
commands = Commands()
listener = Listener()
hookspec_game = HookspecGame()
bonus_rule = BonusRule()
