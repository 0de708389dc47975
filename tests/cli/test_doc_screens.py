"""Every screen the guides show is what the program prints: the English guides' and docs/fr's screens are run and compared.

A screen is a fenced block of the guides in one of two forms:

- a command and its output: the block's first line is `$ muggins ARGS`
  (or `$ uv run muggins ARGS`), the rest what it prints;
- an excerpt of a game: the block follows a comment
  `<!-- screen: uv run muggins ARGS | input: ["answer", ...] -->`
  naming the command (a fixed `--seed`) and the lines a player types
  (`&&` between commands runs them in turn: a match stopped, then resumed).

Each is run in process at 80 columns with the three shipped games and the
browser table installed, the records folder written
`~/.config/muggins/records`; a block's lines must be the program's: a
whole output equal line for line, or, where a line `…` marks a cut or the
block is an excerpt of a game, each run of lines between cuts found
whole in the output, in order. On the game guides (docs/games, docs/fr) other blocks (commands to type, TOML,
Python, a server's configuration) carry a language or hold only command
lines, so a screen cannot be left unchecked by accident; a run too long for
the suite says so in a `<!-- not run: why -->` comment before it; an interactive
Python session (```pycon) is run as a doctest.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from muggins.i18n import set_language
from muggins.plugins import load_registry, reset_registry

ROOT = Path(__file__).resolve().parents[2]
#: Pages every screen of which is run (a block of output on them that is not a screen fails the guard test).
GUARDED = sorted([*(ROOT / "docs" / "fr").glob("*.md"), *(ROOT / "docs" / "games").glob("*.md")])
#: Pages whose `$ muggins` screens and marked excerpts are run; the command-line reference shows forms of lines besides.
PAGES = GUARDED + [ROOT / "docs" / "cli.md"]
SHIPPED = "muggins_shedding,cribbage_muggins,willughby_fishing,muggins_web"
RECORDS_SHOWN = "~/.config/muggins/records"
CUT = {"…", "..."}

FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.S | re.M)
MARKER = re.compile(r"<!--\s*screen:\s*(?P<command>.*?)(?:\s*\|\s*input:\s*(?P<input>\[.*?\]))?\s*-->\s*\n*$", re.S)
COMMAND = re.compile(r"^\$ (?P<uv>uv run (?:--group dev )?)?(muggins|printf) (?P<args>.+)$")
#: What a block that is not a screen may hold: commands to type (and their comments), nothing the program prints.
TYPED = re.compile(r"^\s*($|#|(uv|pip|python3?|~/\S+|cd|printf|export|git)\b|muggins(?=\s)(?![\s\u202f]*:))")


def shell_words(command: str) -> list[str]:
    """A shown command as the test runs it: `muggins ARGS` as its ARGS (after `uv run [--group dev]`), a `printf` as itself."""
    words = shlex.split(command, comments=True)
    if words[:2] == ["uv", "run"]:
        words = words[4:] if words[2:4] == ["--group", "dev"] else words[2:]
    return words[1:] if words[:1] == ["muggins"] else words


def not_run_before(text: str, start: int) -> bool:
    """Whether a `<!-- not run: why -->` comment ends right before the block at `start` (a run too long for the suite)."""
    opening = text.rfind("<!--", 0, start)
    return opening >= 0 and re.match(r"<!--\s*not run:.*?-->\s*\n*$", text[opening:start], re.S) is not None


def marker_before(text: str, start: int) -> re.Match | None:
    """The screen comment that ends right before a block beginning at `start`, if one does."""
    opening = text.rfind("<!--", 0, start)
    return MARKER.match(text, opening, start) if opening >= 0 else None


@dataclass
class Screen:
    page: str
    line: int
    commands: list[list[str]]  # run in turn in one folder (a match stopped, then resumed)
    uv: bool
    input: list[str] | None
    expected: list[str]
    whole: bool  # a command's whole output, not an excerpt

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def screens() -> list[Screen]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            if block["info"].strip():
                continue
            line = text.count("\n", 0, block.start()) + 1
            body = block["body"].rstrip("\n").split("\n")
            if not_run_before(text, block.start()):
                continue
            marker = marker_before(text, block.start())
            command = COMMAND.match(body[0])
            name = str(page.relative_to(ROOT))
            if marker is not None:
                commands = []
                for part in marker["command"].split("&&"):
                    words = shlex.split(part)
                    uv = words[:2] == ["uv", "run"]
                    words = words[2:] if uv else words
                    assert words[0] == "muggins", f"{name}:{line}: a screen's command runs muggins"
                    commands.append(words[1:])
                answers = json.loads(marker["input"]) if marker["input"] else None
                found.append(Screen(name, line, commands, uv, answers, body, whole=False))
            elif command is not None:
                # Each `$ ` line is a command (`$ printf 'x' > f` writes a file); the other lines are what they print.
                commands = [shell_words(line[2:]) for line in body if line.startswith("$ ")]
                printed = [line for line in body if not line.startswith("$ ")]
                uv = any(line.startswith("$ uv run ") for line in body)
                found.append(Screen(name, line, commands, uv, None, printed, whole=not CUT & {line.strip() for line in body}))
    return found


def unchecked_blocks() -> list[str]:
    """Blocks without a language that are neither screens nor commands to type: output a test does not run."""
    left = []
    for page in GUARDED:
        text = page.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            body = block["body"].rstrip("\n").split("\n")
            if block["info"].strip() or COMMAND.match(body[0]) or marker_before(text, block.start()) or not_run_before(text, block.start()):
                continue
            typed = [bool(TYPED.match(line)) or (n > 0 and body[n - 1].rstrip().endswith("\\")) for n, line in enumerate(body)]
            if not all(typed):
                left.append(f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, block.start()) + 1}: {body[0][:60]}")
    return left


@pytest.fixture
def shipped(monkeypatch, tmp_path):
    """The three games and the browser table installed, in a fresh folder with its own records folder; the language put back after."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", SHIPPED)
    monkeypatch.setenv("MUGGINS_RECORDS", str(tmp_path / "records"))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    reset_registry(load_registry())
    yield tmp_path
    reset_registry()
    set_language(None)


def run(screen: Screen, folder: Path, monkeypatch) -> list[str]:
    from muggins_cli.main import cli

    if screen.uv:
        monkeypatch.setenv("UV", "uv")  # as `uv run` sets it: the resume hint reads `uv run muggins`
        monkeypatch.delenv("VIRTUAL_ENV", raising=False)  # as from the project's own folder: no `--project DIR` in the hint
    answers = None if screen.input is None else "".join(answer + "\n" for answer in screen.input)
    output = ""
    for n, args in enumerate(screen.commands):
        if args[:1] == ["printf"]:  # `printf 'text' > file`: a file the next command reads
            assert args[-2] == ">", args
            (folder / args[-1]).write_text(args[1].encode().decode("unicode_escape"), encoding="utf-8")
            continue
        set_language(None)  # each command chooses its language afresh, as a new process does
        output += CliRunner().invoke(cli, args, input=answers if n == 0 else "", catch_exceptions=False).output
    return [line.rstrip() for line in output.replace(str(folder / "records"), RECORDS_SHOWN).split("\n")]


def chunks(lines: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for line in lines:
        if line.strip() in CUT:
            parts.append([])
        else:
            parts[-1].append(line.rstrip())
    return [part for part in parts if part]


def missing_chunk(expected: list[str], output: list[str]) -> list[str] | None:
    """The first run of the block's lines not found whole in `output` after the previous one, else None."""
    at = 0
    for part in chunks(expected):
        for start in range(at, len(output) - len(part) + 1):
            if output[start:start + len(part)] == part:
                at = start + len(part)
                break
        else:
            return part
    return None


ALL = screens()


def test_the_guides_show_screens_for_every_game_in_both_languages():
    pages = {screen.page for screen in ALL}
    for game in ("muggins_shedding", "cribbage_muggins", "willughby_fishing"):
        assert f"docs/fr/{game}.md" in pages and f"docs/games/{game}.md" in pages, game
    assert len(ALL) >= 20


def test_no_block_of_program_output_is_left_unchecked():
    assert unchecked_blocks() == []


def python_sessions() -> list[tuple[str, str]]:
    """The guides' interactive Python sessions (```pycon blocks): where each is and its text."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            if block["info"].strip() == "pycon":
                found.append((f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, block.start()) + 1}", block["body"]))
    return found


@pytest.mark.parametrize("where, session", python_sessions(), ids=[where for where, _ in python_sessions()])
def test_a_python_session_in_the_guides_prints_what_it_shows(where, session):
    import doctest

    test = doctest.DocTestParser().get_doctest(session, {}, where, where, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, where


@pytest.mark.parametrize("screen", ALL, ids=str)
def test_a_screen_in_the_guides_is_what_the_program_prints(screen, shipped, monkeypatch):
    output = run(screen, shipped, monkeypatch)
    while output and not output[-1]:
        output.pop()
    if screen.whole:
        assert screen.expected == output, f"{screen}: the program prints\n" + "\n".join(output)
        return
    missing = missing_chunk(screen.expected, output)
    assert missing is None, f"{screen}: not printed as shown:\n" + "\n".join(missing or []) + "\n--- the program prints:\n" + "\n".join(output)
