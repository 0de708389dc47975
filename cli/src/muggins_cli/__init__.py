"""muggins_cli: the `muggins` command line for every installed muggins game.

This package owns the Click application (`main.py`: the command group, lazy
plugin commands, one-line errors and exit codes), the command bodies
(`commands.py`: list, plugins, rules, play, simulate, replay, resume), the
terminal player (`human.py`), what every command shares — the plugin
registry, warnings, defaults — (`session.py`, which imports no other module
of the package) and the CLI's error types (`errors.py`). It
imports the game core lazily so that start-up stays close to bare Click.
See docs/cli.md.
"""

__version__ = "0.1.0"
