"""Hostile and broken plugins against the core: registration checks, kind conflicts, loading guards, faults named by plugin.

Every plugin here is a one-module distribution written into a temporary
site directory on `sys.path`, next to Tally, and found by the same
entry-point discovery as any installed plugin (`install`). What is checked:
a malformed registration is one line naming the plugin and leaves nothing
behind while the rest registers; a kind two plugins register for one game
is a conflict neither wins; what a plugin does to the process while it
loads is undone; and SystemExit, a KeyboardInterrupt the plugin raises
itself, a RecursionError or an impossible choice from plugin code during a
match become a `PluginFault` naming the plugin, while a raising listener is
only switched off.
"""

from __future__ import annotations

import os
import signal
import sys
import textwrap

import pytest

from muggins.engine import Match
from muggins.players import make_players
from muggins.plugins import KindConflict, PluginFault, blame, genuine_interrupt, load_registry, reset_registry
from muggins.simulate import play_one, simulate


@pytest.fixture
def install(plugin_site):
    """`install(name, source)` writes module `name` (the plugin itself, entry point `name`) as distribution `fake-name` 0.1."""
    return lambda name, source: plugin_site.install(name, source, distribution=f"fake-{name}", version="0.1")


def load(*names: str):
    return load_registry(only=["tally", *names])


def plugin_errors(registry, name: str) -> list[str]:
    return [line for line in registry.errors if f"'{name}'" in line]


# -- malformed games (F10, F11, F26) ----------------------------------------------------------
GAME_SOURCE = """
    from muggins import hookimpl
    from muggins_tally import TallyGame

    class Bad(TallyGame):
        name = "bad"
{override}

    class Good(TallyGame):
        name = "good"

    @hookimpl
    def muggins_register_games(register):
        register(Bad())
        register(Good())
"""


@pytest.mark.parametrize("override, message", [
    ("name = 5", "a game's name must be text, not int 5"),
    ("name = None", "a game's name must be text, not None"),
    ("name = ''", "game name '' cannot make a record's file name"),
    ("name = 'a/b'", "game name 'a/b' cannot make a record's file name"),
    ("name = '..'", "game name '..' cannot make a record's file name"),
    ("name = 'two words'", "game name 'two words' cannot make a record's file name"),
    ("name = 'x' * 65", "cannot make a record's file name"),
    ("name = property(lambda self: 'bad')", "a game's name must be text, not computed"),
    ("title = None", "game 'bad': title must be one printable line of text"),
    ("title = 'two\\nlines'", "game 'bad': title must be one printable line of text"),
    ("players = [3, 4]", "game 'bad': players must be a range of player counts"),
    ("players = range(0, 3)", "game 'bad': players must be a range of player counts"),
    ("players = range(2, 7, 2)", "game 'bad': players must be a range of player counts"),
    ("default_players = 9", "game 'bad': default_players must be a whole number from 2 to 4, not int 9"),
    ("default_players = True", "game 'bad': default_players must be a whole number from 2 to 4"),
    ("version = 1", "game 'bad': version must be printable text"),
    ("Rules = None", "game 'bad': Rules must be a class"),
    ("State = 5", "game 'bad': State must be a State class or its path"),
    ("stat_labels = {'a': 1}", "game 'bad': stat_labels must be a dict of text by text"),
    ("capabilities = {'layout': True}", "game 'bad': capabilities must be a muggins.Capabilities (or None, worked out from its methods), not dict"),
])
def test_a_malformed_game_is_one_line_naming_the_plugin_and_its_next_game_registers(install, override, message):
    install("games", GAME_SOURCE.format(override=textwrap.indent(override, " " * 8)))
    registry = load("games")
    errors = plugin_errors(registry, "games")
    assert len(errors) == 1 and errors[0].startswith("plugin 'games' failed to register games: PluginError: ")
    assert message in errors[0]
    assert sorted(registry.games) == ["good", "tally"] and registry.conflicts == {}
    assert registry.game_sources["good"].name == "games"


def test_a_failed_hookspecs_registration_leaves_no_phantom_conflict(install):
    install("specs", """
        from muggins import hookimpl, hookspec
        from muggins_tally import TallyGame

        class Core:
            @hookspec
            def muggins_on_event(self, game, event):
                "a core hook again"

        def named(name):
            game = TallyGame()
            game.name = name
            return game

        @hookimpl
        def muggins_register_games(register):
            register(named("hsb"), hookspecs=5)
            register(named("core_again"), hookspecs=Core)
            register(named("fine"))
    """)
    registry = load("specs")
    errors = plugin_errors(registry, "specs")
    assert len(errors) == 2
    assert "game 'hsb': hookspecs must be a module or class of muggins hook specs, not int 5" in errors[0]
    assert "game 'core_again': its hookspecs define muggins_on_event, which already has a spec" in errors[1]
    assert sorted(registry.games) == ["fine", "tally"] and registry.conflicts == {}
    with pytest.raises(KeyError, match="unknown game 'hsb'"):
        registry.game("hsb")


def test_a_house_rule_implementing_a_game_hook_with_the_wrong_arguments_is_named_and_the_game_registers(install):
    install("withspecs", """
        from muggins import hookimpl, hookspec
        from muggins_tally import TallyGame

        class Specs:
            @hookspec(firstresult=True)
            def muggins_specs_bonus(self, card):
                "Extra points for a card."

        class Game(TallyGame):
            name = "withspecs"

        @hookimpl
        def muggins_register_games(register):
            register(Game(), hookspecs=Specs)
    """)
    install("awrongrule", """
        from muggins import hookimpl

        @hookimpl
        def muggins_specs_bonus(card, extra):
            return 1
    """)
    registry = load("withspecs", "awrongrule")
    assert "withspecs" in registry.games
    assert registry.errors == [
        "plugin 'awrongrule' implements muggins_specs_bonus with argument(s) extra, which game 'withspecs' does not pass; it is not used"]
    assert "awrongrule" not in [p.name for p in registry.plugins]


# -- kinds of player: checks and conflicts (F14) --------------------------------------------------
IMPOSTOR = """
    from muggins import hookimpl
    from muggins.players import RandomPlayer

    @hookimpl
    def muggins_register_players(register):
        register("expert", lambda rng, **kw: RandomPlayer(rng), games=("tally", "zz"))
        register("shared", lambda rng, **kw: RandomPlayer(rng))
"""


def test_a_kind_two_plugins_register_for_one_game_is_a_conflict_neither_wins(install):
    install("impostor", IMPOSTOR)
    install("genuine", IMPOSTOR.replace('games=("tally", "zz")', 'games=("tally",)'))
    registry = load("genuine", "impostor")
    assert registry.errors == [
        "player kind 'expert' for tally is registered by more than one plugin: fake-genuine 0.1 (plugin 'genuine') and "
        "fake-impostor 0.1 (plugin 'impostor'); neither is used; choose one with MUGGINS_LOAD_PLUGINS",
        "generic player kind 'shared' is registered by more than one plugin: fake-genuine 0.1 (plugin 'genuine') and "
        "fake-impostor 0.1 (plugin 'impostor'); neither is used; choose one with MUGGINS_LOAD_PLUGINS",
    ]
    with pytest.raises(KindConflict, match="player kind 'expert' for tally is registered by more than one plugin"):
        registry.player_kind("expert", "tally")
    with pytest.raises(KindConflict, match="generic player kind 'shared'"):
        registry.seat("shared", "tally")
    assert "expert" not in registry.kind_names("tally") and "shared" not in registry.kind_names("tally")
    assert registry.player_kind("expert", "zz").plugin == "impostor"  # no rival there
    assert registry.player_kind("expert", "other").plugin == "muggins.builtin"  # the generic expert elsewhere
    # either plugin alone is used as before
    alone = load("impostor")
    assert alone.errors == [] and alone.player_kind("expert", "tally").plugin == "impostor"


@pytest.mark.parametrize("call, message", [
    ("register(5, factory)", "a player kind's name must be text, not int 5"),
    ("register('human', factory)", "player kind name 'human' is the terminal player's"),
    ("register('two words', factory)", "player kind name 'two words' must be at most 64 printable characters without spaces"),
    ("register('k', 5)", "player kind 'k': the factory must be callable, not int 5"),
    ("register('k', factory, description=None)", "player kind 'k': description must be text, not None"),
    ("register('k', factory, games='tally')", "player kind 'k': games must be a list of game names, not the text 'tally'"),
    ("register('k', factory, games=('tally', 5))", "player kind 'k': games must be game names (text)"),
    ("register('random', factory)", "player kind 'random' is already registered: it is built into muggins and cannot be replaced"),
    ("register('good', factory)", "player kind 'good' is already registered by this plugin"),
])
def test_a_malformed_kind_is_one_line_and_the_plugins_other_kinds_register(install, call, message):
    install("kinds", f"""
        from muggins import hookimpl
        from muggins.players import RandomPlayer

        def factory(rng, **kw):
            return RandomPlayer(rng)

        @hookimpl
        def muggins_register_players(register):
            register("good", factory)
            {call}
            register("after", factory, games=("tally",))
    """)
    registry = load("kinds")
    assert len(registry.errors) == 1 and registry.errors[0].startswith(f"plugin 'kinds' failed to register players: PluginError: {message}")
    assert {"good", "after"} <= set(registry.kind_names("tally"))


# -- what a plugin does to the process while it loads (F15, F22) ----------------------------------
def test_output_at_import_goes_to_stderr_and_the_streams_are_put_back(install, capfd):
    install("noisy", """
        import os, sys
        print("printed at import")
        os.write(1, b"written to fd 1 at import\\n")
        sys.stdout.close()
        sys.stdout = None
        sys.stderr = None
    """)
    before = sys.stdout, sys.stderr
    capfd.readouterr()
    registry = load("noisy")
    assert (sys.stdout, sys.stderr) == before and not sys.stdout.closed
    out, err = capfd.readouterr()
    assert out == "" and "printed at import" in err and "written to fd 1 at import" in err
    assert "tally" in registry.games and registry.errors == []


def test_a_plugin_changing_the_process_at_import_is_undone_before_the_next_loads(install, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    install("aachanger", """
        import os, signal, sys
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        sys.setrecursionlimit(sys.getrecursionlimit() + 1234)  # a change the loader must undo (lowering it would depend on how deep the test runs)
        os.chdir("/")
        try:
            ANSWER = input("a question at import? ")
        except EOFError:
            ANSWER = None
    """)
    install("bbafter", """
        import sys
        LIMIT = sys.getrecursionlimit()
    """)
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    limit = sys.getrecursionlimit()
    registry = load("aachanger", "bbafter")
    assert registry.errors == []
    assert sys.modules["aachanger"].ANSWER is None  # standard input reads empty while plugins load
    assert sys.modules["bbafter"].LIMIT == limit  # undone before the next plugin's import
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == handlers
    assert sys.getrecursionlimit() == limit and os.getcwd() == str(tmp_path)


def test_a_keyboard_interrupt_a_plugin_raises_itself_while_loading_is_its_error(install):
    install("kiimport", "raise KeyboardInterrupt\n")
    install("kihook", """
        from muggins import hookimpl

        @hookimpl
        def muggins_register_games(register):
            raise KeyboardInterrupt
    """)
    registry = load("kiimport", "kihook")
    assert registry.errors == [
        "plugin 'kiimport' from fake-kiimport failed to load: KeyboardInterrupt",
        "plugin 'kihook' failed to register games: KeyboardInterrupt",
    ]
    assert "tally" in registry.games


def test_a_real_ctrl_c_while_a_plugin_imports_still_stops_loading(install, ctrl_c_raises):
    install("ctrlc", "import signal\nsignal.raise_signal(signal.SIGINT)\n")
    with pytest.raises(KeyboardInterrupt):
        load("ctrlc")


# -- faults during a match (F13, F21, F28) ------------------------------------------------------------
BOTS = """
    import os, signal, sys
    from muggins import hookimpl

    class Bot:
        def __init__(self, rng, how="", **kw):
            self.how, self.n = how, 0
        def choose(self, view, decision):
            self.n += 1
            if self.n > 2:
                if self.how == "exit":
                    sys.exit(3)
                if self.how == "interrupt":
                    raise KeyboardInterrupt
                if self.how == "signal":
                    signal.raise_signal(signal.SIGINT)
                if self.how == "recurse":
                    return deep(0)
                if self.how == "value":
                    raise ValueError("bad bot")
                if self.how == "impossible":
                    return "nonsense"
            return decision.correct[0]

    def deep(n):
        return deep(n + 1)

    def kind(how):
        return lambda rng, **kw: Bot(rng, how)

    @hookimpl
    def muggins_register_players(register):
        for how in ("exit", "interrupt", "signal", "recurse", "value", "impossible"):
            register(how, kind(how), games=("tally",))
        register("quitfactory", lambda rng, **kw: sys.exit(0), games=("tally",))
        register("nobody", lambda rng, **kw: None, games=("tally",))
"""


@pytest.fixture
def bots(install):
    install("bots", BOTS)
    registry = load("bots")
    assert registry.errors == []
    reset_registry(registry)
    return registry


def _match(registry, seats, seed=3, **kwargs):
    tally = registry.game("tally")
    state = tally.new(tally.Rules(), len(seats), seed)
    return Match(state, make_players(registry, tally, seats, seed), registry=registry, **kwargs)


@pytest.mark.parametrize("how, message", [
    ("exit", "fake-bots 0.1 (plugin 'bots') raised SystemExit: 3 in choose()"),
    ("interrupt", "fake-bots 0.1 (plugin 'bots') raised KeyboardInterrupt in choose()"),
    ("recurse", "fake-bots 0.1 (plugin 'bots') raised RecursionError: maximum recursion depth exceeded"),
    ("impossible", "fake-bots 0.1 (plugin 'bots'): its bot in seat 0 chose 'nonsense', which is not among the choices"),
])
def test_a_bot_ending_the_match_is_a_plugin_fault_naming_the_plugin(bots, how, message):
    match = _match(bots, [how, "expert", "expert"])
    with pytest.raises(PluginFault) as raised:
        match.run()
    assert str(raised.value).startswith(message) and raised.value.plugin == "bots"
    assert match.decisions > 0  # the match ran until the bot's own failure


def test_a_match_given_no_registry_names_the_plugin_by_the_registry_its_seating_came_from(bots):
    tally = bots.game("tally")
    seated = make_players(bots, tally, ["exit", "expert", "expert"], 3)
    assert seated.registry is bots
    with pytest.raises(PluginFault, match=r"^fake-bots 0.1 \(plugin 'bots'\) raised SystemExit: 3 in choose\(\)$") as raised:
        Match(tally.new(tally.Rules(), 3, 3), seated).run()
    assert raised.value.plugin == "bots"


def test_with_no_registry_given_a_fault_says_plugin_code_though_a_process_registry_is_loaded(bots):
    # `bots` is the process-wide registry too (reset_registry): nothing below the plugin layer reads it.
    tally = bots.game("tally")
    players = list(make_players(bots, tally, ["exit", "expert", "expert"], 3))  # a plain list: no seating, no registry
    with pytest.raises(PluginFault) as raised:
        Match(tally.new(tally.Rules(), 3, 3), players).run()
    assert (str(raised.value), raised.value.plugin) == ("plugin code raised SystemExit: 3", None)
    assert blame(raised.value.__cause__) is None and blame(raised.value.__cause__, bots)[0].name == "bots"


def test_a_bots_ordinary_error_keeps_its_type_and_is_blamed_on_the_plugin(bots):
    with pytest.raises(ValueError, match="bad bot") as raised:
        _match(bots, ["value", "expert", "expert"]).run()
    info, where = blame(raised.value, bots)
    assert (info.name, where) == ("bots", "choose")


def test_a_real_ctrl_c_in_a_bot_is_still_an_interrupt(bots, monkeypatch):
    from muggins_cli.main import _interrupted

    previous = signal.signal(signal.SIGINT, _interrupted)  # as the command line has it
    try:
        with pytest.raises(KeyboardInterrupt) as raised:
            _match(bots, ["signal", "expert", "expert"]).run()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not isinstance(raised.value, PluginFault) and genuine_interrupt(raised.value)


@pytest.mark.parametrize("kind, message", [
    ("quitfactory", "fake-bots 0.1 (plugin 'bots') raised SystemExit: 0 in <lambda>()"),
    ("nobody", "fake-bots 0.1 (plugin 'bots'): the factory of player kind 'nobody' returned NoneType, which has no choose(view, decision)"),
])
def test_a_factory_that_exits_or_makes_no_player_is_a_plugin_fault(bots, kind, message):
    with pytest.raises(PluginFault) as raised:
        make_players(bots, bots.game("tally"), ["expert", kind], 1)
    assert str(raised.value) == message and raised.value.plugin == "bots"


def test_a_game_exiting_in_its_own_code_is_a_plugin_fault_naming_the_game(install):
    install("exitgame", """
        import sys
        from muggins import hookimpl
        from muggins_tally import TallyGame, TallyState

        class State(TallyState):
            def _apply(self, action):
                sys.exit(0)

        class Game(TallyGame):
            name = "exitgame"
            State = State

        @hookimpl
        def muggins_register_games(register):
            register(Game())
    """)
    registry = load("exitgame")
    game = registry.game("exitgame")
    match = Match(game.new(game.Rules(), 2, 1), make_players(registry, game, ["random", "random"], 1), registry=registry)
    with pytest.raises(PluginFault, match=r"^fake-exitgame 0.1 \(plugin 'exitgame'\) raised SystemExit: 0 in _apply\(\)$"):
        match.run()

    # A search's rollouts are matches of their own, handed no registry: their seating carries the search's.
    import random

    from muggins.search import SearchPlayer

    world = game.new(game.Rules(), 2, 1)
    for rollout in ("random", "expert"):
        search = SearchPlayer(random.Random(1), game=game, rollout=rollout, registry=registry)
        rollouts = search._rollout_players(world, 5)
        assert rollouts.registry is registry and len(rollouts) == 2
        with pytest.raises(PluginFault, match=r"^fake-exitgame 0.1 \(plugin 'exitgame'\) raised SystemExit: 0 in _apply\(\)$"):
            Match(game.new(game.Rules(), 2, 1), rollouts).run()


LISTENERS = """
    import sys
    from muggins import hookimpl

    HEARD = []

    @hookimpl
    def muggins_on_event(game, event):
        HEARD.append(event["type"])
        if event["type"] == "play":
            {failure}
"""


@pytest.mark.parametrize("failure, said", [
    ("raise ValueError('listener broke')", "ValueError: listener broke"),
    ("sys.exit(0)", "SystemExit: 0"),
    ("raise KeyboardInterrupt", "KeyboardInterrupt"),
])
def test_a_raising_listener_is_switched_off_for_the_match_and_said_once(install, failure, said):
    install("aalistener", LISTENERS.format(failure=failure))
    install("bbwatcher", LISTENERS.format(failure="pass"))
    registry = load("aalistener", "bbwatcher")
    warned: list[str] = []
    registry.warn = warned.append
    quiet = load()
    results = []
    for seed in (3, 4):
        results.append(_match(registry, ["expert", "random", "novice"], seed).run())
        assert results[-1] == _match(quiet, ["expert", "random", "novice"], seed).run()  # the match is not changed
    assert warned == [f"fake-aalistener 0.1 (plugin 'aalistener') raised {said} in muggins_on_event(); it hears no more events of this match"]
    broken, watcher = sys.modules["aalistener"].HEARD, sys.modules["bbwatcher"].HEARD
    assert broken.count("play") == 2  # the first play of each match, then silence
    assert watcher.count("play") > 2  # the other listener heard everything


# -- simulation (F12, F13, F21) ------------------------------------------------------------------------
def test_a_fault_in_a_simulated_match_names_the_plugin_and_the_match(bots):
    with pytest.raises(PluginFault, match=r"^fake-bots 0.1 \(plugin 'bots'\) raised SystemExit: 3 in choose\(\) \(match 0 of the run\)$"):
        simulate("tally", kinds=["exit", "expert", "expert"], games=3, registry=bots)
    with pytest.raises(PluginFault, match=r"\(match 5 of the run\)$"):
        play_one(bots, bots.game("tally"), bots.game("tally").Rules(), 3, ["interrupt", "expert", "expert"], 1, 5)


@pytest.fixture
def worker_env(install, monkeypatch):
    """`worker_env(*names)`: spawned workers (which find the plugin site on PYTHONPATH) load only these plugins and Tally."""

    def allow(*names: str) -> None:
        monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", ",".join(["tally", *names]))

    return allow


def test_a_bot_that_exits_in_a_worker_is_a_plugin_fault_not_an_endless_respawn(worker_env, bots):
    worker_env("bots")
    with pytest.raises(PluginFault, match=r"^fake-bots 0.1 \(plugin 'bots'\) raised (SystemExit: 3|KeyboardInterrupt) in choose\(\) \(match \d+ of the run\)$"):
        simulate("tally", kinds=["exit", "interrupt", "expert"], games=40, workers=2, registry=bots)


def test_a_listener_failing_in_workers_is_said_once(install, worker_env):
    install("aalistener", LISTENERS.format(failure="raise ValueError('listener broke')"))
    worker_env("aalistener")
    registry = load("aalistener")
    reset_registry(registry)
    warned: list[str] = []
    registry.warn = warned.append
    summary = simulate("tally", kinds=["expert", "random", "novice"], games=40, workers=2, registry=registry, seed=2)
    assert summary["games"] == 40
    assert summary == simulate("tally", kinds=["expert", "random", "novice"], games=40, registry=load(), seed=2) | {"house_rules": []}
    assert warned == ["fake-aalistener 0.1 (plugin 'aalistener') raised ValueError: listener broke in muggins_on_event(); it hears no more events of this match"]


def test_workers_that_keep_dying_stop_the_run_naming_the_plugins(install, worker_env):
    from muggins import simulate as simulation

    worker_env("bots")
    install("bots", BOTS.replace('if self.how == "exit":\n                    sys.exit(3)', 'if self.how == "exit":\n                    os._exit(0)'))
    registry = load("bots")
    reset_registry(registry)
    with pytest.raises(simulation.WorkersLost) as raised:
        simulate("tally", kinds=["exit", "expert", "expert"], games=40, workers=2, registry=registry)
    message = str(raised.value)
    assert message.startswith("worker processes died 6 times without an answer (the last: exit code 0); the run stops, since at most 5 are replaced for 2 workers")
    assert message.endswith(
        "code in these matches ends its process (os._exit, a crash): "
        "fake-bots 0.1 (plugin 'bots') for seat kind 'exit'; muggins-tally 1.0 (plugin 'tally') for game 'tally'")


NO_BOUND = """
    from muggins import hookimpl
    from muggins_tally import TallyGame

    class Game(TallyGame):
        name = "nobound"
        def max_decisions(self, rules, players):
            return None

    @hookimpl
    def muggins_register_games(register):
        register(Game())
"""


def test_a_game_whose_decision_bound_is_not_a_number_is_a_plugin_fault(install):
    install("nobound", NO_BOUND)
    registry = load("nobound")
    game = registry.game("nobound")
    message = r"^fake-nobound 0.1 \(plugin 'nobound'\): game 'nobound': max_decisions\(\) must return a number of decisions, not None$"
    with pytest.raises(PluginFault, match=message):
        Match(game.new(game.Rules(), 2, 1), make_players(registry, game, ["random", "random"], 1), registry=registry)
    with pytest.raises(PluginFault, match=message.replace("$", r" \(match 0 of the run\)$")):
        simulate(game, games=2, registry=registry)


def test_a_decision_bound_checked_without_a_registry_is_the_problem_alone(install):
    from muggins.engine import decision_limit

    install("nobound", NO_BOUND)
    registry = load("nobound")
    reset_registry(registry)  # loaded process-wide, and still not reached for
    game = registry.game("nobound")
    with pytest.raises(ValueError, match=r"^game 'nobound': max_decisions\(\) must return a number of decisions, not None$") as raised:
        decision_limit(game, game.Rules(), 2)
    assert not isinstance(raised.value, PluginFault)
    with pytest.raises(PluginFault, match="plugin 'nobound'"):
        decision_limit(game, game.Rules(), 2, registry)


def test_a_plugin_unregistered_for_a_bad_hook_leaves_neither_its_kinds_nor_a_conflict(install):
    install("genuine", IMPOSTOR.replace('games=("tally", "zz")', 'games=("tally",)'))
    install("misspelt", IMPOSTOR + """
    @hookimpl
    def muggins_register_game(register):  # no such hook: the plugin is not used
        pass
""")
    registry = load("genuine", "misspelt")
    assert len(registry.errors) == 1 and registry.errors[0].startswith("plugin 'misspelt' implements an unknown hook")
    assert registry.kind_conflicts == {}
    assert registry.player_kind("expert", "tally").plugin == "genuine"
    assert all(kind.plugin != "misspelt" for kind in registry.players)


def test_a_plugin_whose_attributes_exit_when_read_is_one_line(install):
    install("getattrexit", """
        import sys
        from muggins import hookimpl

        @hookimpl
        def muggins_register_players(register):
            pass

        def __getattr__(name):
            sys.exit(4)
    """)
    registry = load("getattrexit")
    assert "tally" in registry.games
    assert plugin_errors(registry, "getattrexit") == [
        "plugin 'getattrexit' has a MUGGINS_SUPPORTS that cannot be read: SystemExit: 4; it is not used"]
