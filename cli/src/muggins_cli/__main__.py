"""`python -m muggins_cli`: the same as the `muggins` script (spawn-safe: runs only as a script)."""

from muggins_cli.main import main

if __name__ == "__main__":
    main()
