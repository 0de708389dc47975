"""Every screen docs/ shows, in both languages, is what the program prints: each output block is run, checked or says why not.

A screen is a fenced block of the guides in one of these forms:

- a command and its output: the block's first line is `$ muggins ARGS`
  (or `$ uv run muggins ARGS`), the rest what it prints; after a comment
  `<!-- smaller: --games 12 --workers 1 -->` (a run too long for the
  suite) the block's command is run with those options in place of its
  own and the block's shape is compared: its lines with every number (and
  record name) read as one, whatever the count (`| columns: none` runs it
  as piped, no line broken); `<!-- shape: why -->` compares a block's
  shape so when its command is run as shown (a date, a record's random name);
- an excerpt of a game: the block follows a comment
  `<!-- screen: uv run muggins ARGS | input: ["answer", ...] -->`
  naming the command (a fixed `--seed`) and the lines a player types
  (`&&` between commands runs them in turn: a match stopped, then resumed);
- a piece of a command's JSON: `<!-- json in: muggins ARGS -->`, the block
  a part of what the command prints;
- forms of the program's lines that need a fault or a plugin the suite
  cannot give in place (a full disk, a broken plugin): `<!-- form: why -->`,
  each line one of the catalogues' messages (English, or French on
  docs/fr) with its fields filled in;
- a block a test of this module checks in its own way: `<!-- checked by:
  test_name -->`.

Each is run in process at 80 columns with the three shipped games and the
browser table installed, the records folder written
`~/.config/muggins/records`; a block's lines must be the program's: a
whole output equal line for line, or, where a line `…` marks a cut or the
block is an excerpt of a game, each run of lines between cuts found
whole in the output, in order. On every page of docs/ other blocks
(commands to type, TOML, Python, a server's configuration) carry a
language other than `text` or hold only command lines, so a screen cannot
be left unchecked by accident; a block that is none of these says why in
a `<!-- not run: why -->` comment before it; an interactive Python
session (```pycon) is run as a doctest.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import shutil
import struct
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from muggins.i18n import set_language
from muggins.plugins import load_registry, reset_registry

ROOT = Path(__file__).resolve().parents[2]
#: Every page of docs/ in both languages: each screen on them is run, and a block of output that is not one fails the guard test.
PAGES = GUARDED = sorted((ROOT / "docs").rglob("*.md"))
SHIPPED = "muggins_shedding,cribbage_muggins,willughby_fishing,muggins_web"
RECORDS_SHOWN = "~/.config/muggins/records"
CUT = {"…", "..."}

#: A fenced block, also one indented under a list item (its lines then lose that indent).
FENCE = re.compile(r"^(?P<indent>[ ]*)```(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)```$", re.S | re.M)
#: The languages of blocks that hold what the program prints: none, or `text`.
OUTPUT = {"", "text"}
#: The comment right before a block saying how it is checked (or why it is not).
COMMENT = re.compile(r"<!--\s*(?P<kind>screen|smaller|shape|json in|form|checked by|not run):\s*(?P<what>.*?)\s*-->\s*\n*$", re.S)
MARKER = re.compile(r"(?P<command>.*?)(?:\s*\|\s*input:\s*(?P<input>\[.*?\]))?", re.S)
COMMAND = re.compile(r"^\$ (?P<uv>uv run (?:--group dev )?)?(muggins|printf) (?P<args>.+)$")
#: What a block that is not a screen may hold: commands to type (and their comments), nothing the program prints.
TYPED = re.compile(r"^\s*($|#|(uv|pip|python3?|~/\S+|cd|printf|export|git)\b|muggins(?=\s)(?![\s\u202f]*:))")


def shell_words(command: str) -> list[str]:
    """A shown command as the test runs it: `muggins ARGS` as its ARGS (after `uv run [--group dev]`), a `printf` as itself."""
    words = shlex.split(command, comments=True)
    if words[-2:] == ["<", "/dev/null"]:  # no input, as each command has in the test
        words = words[:-2]
    if words[:2] == ["uv", "run"]:
        words = words[4:] if words[2:4] == ["--group", "dev"] else words[2:]
    return words[1:] if words[:1] == ["muggins"] else words


def comment_before(text: str, start: int) -> tuple[str, str] | None:
    """(kind, what) of the comment that ends right before the block beginning at `start`: `("screen", "uv run muggins …")`."""
    opening = text.rfind("<!--", 0, start)
    found = COMMENT.match(text[opening:start].rstrip(" ")) if opening >= 0 else None
    return (found["kind"], found["what"]) if found else None


@dataclass
class Block:
    page: str
    line: int
    info: str
    body: list[str]
    comment: tuple[str, str] | None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """Every fenced block of `page`, its lines without the indent of a list item, with the comment before it."""
    text = page.read_text(encoding="utf-8")
    found = []
    for block in FENCE.finditer(text):
        indent = len(block["indent"])
        body = [line[indent:] for line in block["body"].rstrip("\n").split("\n")]
        found.append(Block(str(page.relative_to(ROOT)), text.count("\n", 0, block.start()) + 1, block["info"].strip(), body,
                           comment_before(text, block.start())))
    return found


def with_options(args: list[str], options: list[str]) -> list[str]:
    """`args` with each `--option value` of `options` in place of its own (added at the end if missing); `--workers` takes
    the place of `--cluster`."""
    given = dict(zip(options[::2], options[1::2]))
    out, words, used = [], iter(args), set()
    for word in words:
        option = "--workers" if word == "--cluster" and "--workers" in given else word
        if option in given:
            next(words)
            if option not in used:
                out += [option, given[option]]
                used.add(option)
            continue
        out.append(word)
    return out + [word for option, value in given.items() if option not in used for word in (option, value)]


@dataclass
class Screen:
    page: str
    line: int
    commands: list[list[str]]  # run in turn in one folder (a match stopped, then resumed)
    uv: bool
    input: list[str] | None
    expected: list[str]
    whole: bool  # a command's whole output, not an excerpt
    shape: bool = False  # a smaller run: the lines compared with their numbers read as one
    columns: str = "80"  # the COLUMNS it runs at; "none": as piped


    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def screens() -> list[Screen]:
    found = []
    for page in PAGES:
        for block in blocks(page):
            if block.info not in OUTPUT:
                continue
            kind, what = block.comment or ("", "")
            body, name, line = block.body, block.page, block.line
            command = COMMAND.match(body[0])
            if kind == "screen":
                marker = MARKER.fullmatch(what)
                commands = []
                for part in marker["command"].split("&&"):
                    words = shlex.split(part)
                    uv = words[:2] == ["uv", "run"]
                    words = words[2:] if uv else words
                    assert words[0] == "muggins", f"{name}:{line}: a screen's command runs muggins"
                    commands.append(words[1:])
                answers = json.loads(marker["input"]) if marker["input"] else None
                found.append(Screen(name, line, commands, uv, answers, body, whole=False))
            elif command is not None and kind in ("", "smaller", "shape"):
                # Each `$ ` line is a command (`$ printf 'x' > f` writes a file); the other lines are what they print.
                commands = [shell_words(line[2:]) for line in body if line.startswith("$ ")]
                printed = [line for line in body if not line.startswith("$ ")]
                uv = any(line.startswith("$ uv run ") for line in body)
                columns = "80"
                if kind == "smaller":
                    options, _, settings = what.partition("|")
                    columns = settings.partition("columns:")[2].strip() or columns
                    commands = [args if args[:1] == ["printf"] else with_options(args, shlex.split(options)) for args in commands]
                found.append(Screen(name, line, commands, uv, None, printed, whole=not CUT & {line.strip() for line in body},
                                    shape=kind in ("smaller", "shape"), columns=columns))
    return found


def unchecked_blocks() -> list[str]:
    """Blocks of output that no test runs or checks and that do not say why: neither screens nor commands to type."""
    left = []
    for page in GUARDED:
        for block in blocks(page):
            body = block.body
            if block.comment and block.comment[0] in ("smaller", "shape") and not COMMAND.match(body[0]):
                left.append(f"{block.where}: a {block.comment[0]} check needs a `$ muggins` block: {body[0][:40]}")
                continue
            if block.info not in OUTPUT or block.comment is not None or COMMAND.match(body[0]):
                continue
            typed = [bool(TYPED.match(line)) or (n > 0 and body[n - 1].rstrip().endswith("\\")) for n, line in enumerate(body)]
            if block.info == "text" or not all(typed):
                left.append(f"{block.where}: {body[0][:60]}")
    return left


def _records_folder(tmp_path: Path) -> Path:
    """A records folder whose path is as long as the one the guides show, where the system's temporary folder allows:
    a line naming it is then broken to fit where the guides break it, however deep pytest's own folders are."""
    base = Path(tempfile.gettempdir())
    room = len(RECORDS_SHOWN) - len(str(base)) - len("/") - 8 - len("/records")  # mkdtemp adds 8 characters to its prefix
    if room < 1:
        return tmp_path / "records"
    return Path(tempfile.mkdtemp(prefix="m" * room, dir=base)) / "records"


@pytest.fixture
def shipped(monkeypatch, tmp_path):
    """The three games and the browser table installed, in a fresh folder with its own records folder; the language put back after."""
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", SHIPPED)
    records = _records_folder(tmp_path)
    monkeypatch.setenv("MUGGINS_RECORDS", str(records))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    reset_registry(load_registry())
    yield tmp_path
    reset_registry()
    set_language(None)
    if not records.is_relative_to(tmp_path):
        shutil.rmtree(records.parent, ignore_errors=True)


#: What each run printed, by what it ran: a command shown twice in the guides (a ladder, a seeded match) runs once.
_RUNS: dict[tuple, list[str]] = {}


def run(screen: Screen, folder: Path, monkeypatch) -> list[str]:
    hinting = any(args[:1] not in (["ladder"], ["simulate"], ["printf"]) for args in screen.commands)  # only these never name a resume command
    key = (tuple(map(tuple, screen.commands)), tuple(screen.input or ()), screen.input is None, screen.uv and hinting, screen.columns)
    if key not in _RUNS:
        _RUNS[key] = run_afresh(screen, folder, monkeypatch)
    return list(_RUNS[key])


def run_afresh(screen: Screen, folder: Path, monkeypatch) -> list[str]:
    from muggins_cli.main import cli

    if screen.uv:
        monkeypatch.setenv("UV", "uv")  # as `uv run` sets it: the resume hint reads `uv run muggins`
        monkeypatch.delenv("VIRTUAL_ENV", raising=False)  # as from the project's own folder: no `--project DIR` in the hint
    if screen.columns == "none":
        monkeypatch.delenv("COLUMNS")
    else:
        monkeypatch.setenv("COLUMNS", screen.columns)
    answers = None if screen.input is None else "".join(answer + "\n" for answer in screen.input)
    output = ""
    for n, args in enumerate(screen.commands):
        if args[:1] == ["printf"]:  # `printf 'text' > file`: a file the next command reads
            assert args[-2] == ">", args
            (folder / args[-1]).write_text(args[1].encode().decode("unicode_escape"), encoding="utf-8")
            continue
        set_language(None)  # each command chooses its language afresh, as a new process does
        output += CliRunner().invoke(cli, args, input=answers if n == 0 else "", catch_exceptions=False).output
    return [line.rstrip() for line in output.replace(os.environ["MUGGINS_RECORDS"], RECORDS_SHOWN).split("\n")]


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


#: What a smaller run may print otherwise: a record's random name, a number (`4,000`, `-0.0079`, `3.6%`).
RANDOM_NAME = re.compile(r"\b[0-9a-f]{10}\b")
FIGURE = re.compile(r"[−+-]?\d+(?:[,.\u202f]\d+)*\u202f?%?")


def shape(lines: list[str]) -> list[str]:
    """`lines` as a run of another count prints them too: each number read as `#`, runs of spaces as one, and a line
    broken to fit (its next lines indented) joined up, since a longer number breaks it elsewhere."""
    joined: list[str] = []
    for line in lines:
        if line[:1] == " " and joined and joined[-1]:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return [" ".join(FIGURE.sub("#", RANDOM_NAME.sub("#", line)).split()) for line in joined]


ALL = screens()


def test_the_guides_show_screens_for_every_game_in_both_languages():
    pages = {screen.page for screen in ALL}
    for game in ("muggins_shedding", "cribbage_muggins", "willughby_fishing"):
        assert f"docs/fr/{game}.md" in pages and f"docs/games/{game}.md" in pages, game
    assert {"docs/cli.md", "docs/simulation.md", "docs/fr/README.md"} <= pages
    assert any(screen.shape for screen in ALL) and any(screen.columns == "none" for screen in ALL)
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
    if screen.shape:
        expected = [line for part in chunks(screen.expected) for line in [*shape(part), "…"]][:-1]
        output = shape(output)
        if screen.whole:
            assert expected == output, f"{screen}: a smaller run prints, numbers read as #:\n" + "\n".join(output)
            return
    else:
        expected = screen.expected
    if screen.whole:
        assert expected == output, f"{screen}: the program prints\n" + "\n".join(output)
        return
    missing = missing_chunk(expected, output)
    assert missing is None, f"{screen}: not printed as shown:\n" + "\n".join(missing or []) + "\n--- the program prints:\n" + "\n".join(output)


def commented(kind: str) -> list[Block]:
    """The blocks of output the comment before which is of `kind` (`form`, `json in`, `checked by`)."""
    return [block for page in PAGES for block in blocks(page) if block.info in OUTPUT and block.comment and block.comment[0] == kind]


def contains(whole: object, part: object) -> bool:
    """Whether `part` is `whole`, a table of some of its keys with their values, or is so somewhere inside it."""
    if whole == part or (isinstance(whole, dict) and isinstance(part, dict) and all(k in whole and whole[k] == v for k, v in part.items())):
        return True
    inside = whole.values() if isinstance(whole, dict) else whole if isinstance(whole, list) else ()
    return any(contains(item, part) for item in inside)


@pytest.mark.parametrize("block", commented("json in"), ids=lambda block: block.where)
def test_a_piece_of_json_in_the_guides_is_in_what_the_command_prints(block, shipped, monkeypatch):
    words = shlex.split(block.comment[1])
    words = words[2:] if words[:2] == ["uv", "run"] else words
    assert words[0] == "muggins", block.where
    screen = Screen(block.page, block.line, [words[1:]], False, None, [], whole=True)
    printed = json.loads("\n".join(run(screen, shipped, monkeypatch)))
    text = "\n".join(block.body)
    shown = json.loads(text if text.lstrip().startswith(("{", "[")) else "{" + text + "}")
    assert contains(printed, shown), f"{block.where}: not in what `{block.comment[1]}` prints"


#: A field of a catalogue's message: `{path}`, `{count:,}`, `%(name)s`.
FIELD = re.compile(r"(\{[^{}]*\}|%\(\w+\)[sdr]|%[sd])")


def compiled_messages(path: Path) -> list[tuple[list[str], list[str]]]:
    """(msgid and plural, translations) of each message of a compiled catalogue (`.mo`), read as gettext reads it but
    keeping the English plural, which `gettext.GNUTranslations` drops; a message's context is left out."""
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, ids_at, texts_at = struct.unpack_from(f"{order}3I", data, 8)
    found = []
    for n in range(count):
        pieces = []
        for table in (ids_at, texts_at):
            length, offset = struct.unpack_from(f"{order}2I", data, table + 8 * n)
            pieces.append(data[offset:offset + length].decode("utf-8").split("\0"))
        ids, texts = pieces
        if ids != [""]:
            found.append(([text.rpartition("\x04")[2] for text in ids], texts))
    return found


@functools.cache
def message_forms(language: str) -> tuple[tuple[str, re.Pattern, int], ...]:
    """Every message of every catalogue in `language` (English: the msgids; French: their translations) as its longest
    run of words (looked for first, quickly), a pattern whose fields match any text, and how many of its characters are
    its own words."""
    forms = []
    for mo in sorted([*ROOT.glob("*/src/*/locale/fr/LC_MESSAGES/*.mo"), *ROOT.glob("plugins/*/src/*/locale/fr/LC_MESSAGES/*.mo")]):
        for ids, texts in compiled_messages(mo):
            for text in ids if language == "en" else texts:
                if text:
                    parts = FIELD.split(text)
                    # A field ends where the words after it begin; one that ends the message takes the rest of the line.
                    pattern = "".join(re.escape(part) if n % 2 == 0 else "(.+)" if n == len(parts) - 2 and not parts[-1] else "(.+?)"
                                      for n, part in enumerate(parts))
                    forms.append((max(parts[::2], key=len), re.compile(pattern, re.S), sum(len(part) for part in parts[::2])))
    return tuple(forms)


#: What a message's fields hold rather than its words: a quoted name, a path or file, a name of a game or plugin
#: (`cribbage_muggins`, `shedding-king-queen`), an error as Python words it, a number.
DATA = re.compile(r"'[^']*'|\"[^\"]*\"|\S*/\S*|\S+\.\w+\b|\b\w+[_-][\w-]+|\b\w+(?:Error|Exit|Exception): .*$|[−+-]?\d[\d,.:]*")


def a_form_of_a_message(line: str, language: str) -> bool:
    """Whether `line` is worded by the catalogues: at least three quarters of its letters are the own words of messages
    found in it (`muggins: error: {message}`, then the message inside) or what fields hold (`DATA`), so a message
    reworded in the code leaves the old words uncovered."""
    covered = bytearray(len(line))
    for found in DATA.finditer(line):
        covered[found.start():found.end()] = b"\x01" * (found.end() - found.start())
    for longest, pattern, own in message_forms(language):
        if own < 8 or longest not in line:
            continue
        for found in pattern.finditer(line):
            mask = bytearray(b"\x01" * (found.end() - found.start()))
            for group in range(1, (pattern.groups or 0) + 1):
                if found.start(group) >= 0:
                    mask[found.start(group) - found.start():found.end(group) - found.start()] = bytes(found.end(group) - found.start(group))
            for at, bit in enumerate(mask, found.start()):
                covered[at] |= bit
    letters = [at for at, char in enumerate(line) if char.isalpha()]
    return not letters or sum(covered[at] for at in letters) >= 0.75 * len(letters)


@pytest.mark.parametrize("block", commented("form"), ids=lambda block: block.where)
def test_a_form_of_the_programs_lines_is_worded_as_the_catalogues_say(block):
    # Lines the suite cannot make the program print here (a full disk, a broken plugin): each is still held to the
    # program's own wording, so a message reworded in the code cannot stay behind in the guides.
    language = "fr" if block.page.startswith("docs/fr/") else "en"
    lines: list[str] = []
    for line in block.body:  # a line broken to fit a terminal (its next lines indented) is one message
        if line[:1] == " " and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    unworded = [line for line in lines if line.strip() and line.strip() not in CUT and not a_form_of_a_message(line, language)]
    assert unworded == [], f"{block.where}: no message of the catalogues says:\n" + "\n".join(unworded)


def test_a_block_checked_by_a_test_names_one_of_this_module():
    named = [block.comment[1] for block in commented("checked by")]
    assert named and all(callable(globals().get(name)) and name.startswith("test_") for name in named), named


def test_the_steps_muggins_new_prints_are_those_shown(shipped, monkeypatch):
    # `muggins new` writes where it is run and names this muggins' own folders: the block's first command is run as in
    # the workspace (/home/me/muggins), its second as from a venv with pip (/home/me/venv), each into the test's folder.
    from muggins_cli import scaffold
    from muggins_cli.main import cli

    (block,) = [block for block in commented("checked by") if block.comment[1] == "test_the_steps_muggins_new_prints_are_those_shown"]
    sections: list[list[str]] = []
    for line in block.body:
        if line.startswith("$ "):
            sections.append([line])
        elif line.strip():
            sections[-1].append(line)
    assert len(sections) == 2, block.where
    workspace, venv = shipped / "muggins", shipped / "venv" / "bin"
    workspace.mkdir()
    venv.mkdir(parents=True)
    (venv / "muggins").write_text("")  # the venv's own script, which the last step names
    printed = []
    for section, root in zip(sections, (workspace, None)):
        monkeypatch.setattr(scaffold, "workspace_root", lambda prefix=None, root=root: root)
        monkeypatch.setattr(sys, "executable", str(venv / "python"))
        monkeypatch.chdir(workspace if root else shipped)
        result = CliRunner().invoke(cli, shell_words(section[0][2:]), input="", catch_exceptions=False)
        assert result.exit_code == 0, result.output
        text = result.output.replace(str(ROOT), "/home/me/muggins").replace(str(shipped), "/home/me")
        printed.append([section[0], *text.rstrip("\n").split("\n")])
    assert [line for section in sections for line in section] == [line for section in printed for line in section], \
        f"{block.where}: `muggins new` prints\n" + "\n\n".join("\n".join(section) for section in printed)
