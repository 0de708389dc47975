"""`python -m muggins_cli`: the same as the `muggins` script (spawn-safe: runs only as a script)."""

from muggins_cli import run

if __name__ == "__main__":
    run()
