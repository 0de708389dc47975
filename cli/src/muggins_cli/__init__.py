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


def run() -> None:
    """The `muggins` console script: Ctrl-C while the program loads is one line and exit 130, then `main.main`.

    Importing Click, pluggy and the command group takes a tenth of a second;
    a Ctrl-C in that time would otherwise print a traceback of the import.
    Once loaded, `main` handles Ctrl-C itself (KeyboardInterrupt).
    """
    import os
    import signal

    def loading_interrupted(signum: int, frame: object) -> None:
        try:
            os.write(2, b"muggins: error: interrupted\n")
        finally:
            os._exit(130)

    signal.signal(signal.SIGINT, loading_interrupted)
    from .main import main

    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
