"""muggins_cli: the `muggins` command line for every installed muggins game.

This package owns the Click application (`main.py`: the command group, lazy
plugin commands, one-line errors and exit codes), the command bodies
(`info.py`: list, plugins, rules; `commands.py`: play and resume;
`replaying.py`, `simulating.py`; the request checks they share,
`checks.py`, and the result's lines, `results.py`), the
terminal player (`human.py`), what every command shares — the plugin
registry, warnings, defaults — (`warnings_and_defaults.py`, which imports
no other module of the package; `session.py` is its old name, re-exporting
it) and the CLI's error types (`errors.py`, its `BadInput` the core's
`muggins.front_end.BadInput` too); the plugins' commands as `--help` lists
them from the discovery snapshot are `plugin_commands.py`'s. It
imports the game core lazily so that start-up stays close to bare Click.
See docs/cli.md.
"""

__version__ = "0.1.0"


def run() -> None:
    """The `muggins` console script: Ctrl-C while the program loads is one line and exit 130, then `main.main`.

    Importing Click, pluggy and the command group takes a tenth of a second,
    and `main` puts its own Ctrl-C handler in place only once it runs; a
    Ctrl-C before that (even while the first import starts) would otherwise
    print a traceback of the import. Nothing is imported before the `try`,
    so every moment of loading is covered. The line is English until the
    CLI's words are loaded (`muggins_cli.i18n`), in the language `--lang`,
    MUGGINS_LANG or the locale chooses from then on.
    """
    try:
        import signal

        # Ctrl-C raises from here on, also in a process started with it ignored (a background job of a script):
        # `main` takes over only the default handler.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from .main import main

        main()
    except KeyboardInterrupt:  # before `main` took Ctrl-C over, or after it gave it back: nothing to stop cleanly
        _say_interrupted()
        raise SystemExit(130) from None


def _say_interrupted() -> None:
    import os  # loaded by the interpreter's own start-up: importing it here cannot be interrupted half-way
    import sys

    line = "muggins: error: interrupted\n"
    words = sys.modules.get("muggins_cli.i18n")
    if words is not None and hasattr(words, "interrupted_line"):  # loaded whole: the line can be in the player's language
        try:
            line = words.interrupted_line(sys.argv[1:]) + "\n"
        except BaseException:  # noqa: BLE001 - a second Ctrl-C, an unreadable catalogue: the English line
            pass
    try:
        os.write(2, line.encode(getattr(sys.stderr, "encoding", None) or "utf-8", "replace"))
    except (OSError, LookupError):  # no standard error (2>&-): the exit code says it
        pass
