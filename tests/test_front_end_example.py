"""The front end of docs/front-ends.md, docs/examples/line_front_end.py, as a program talking JSON lines: whole matches, records that verify, public names only.

The test is the other end of its two streams, in process: the example's
output is read a line at a time as it is flushed, and each line the example
asks for is an answer to the frame it sent last that asks one (a window's
standing answer mostly, else a seeded random choice), so every decision of
the people's seats comes through the example's protocol; bots play the other
seats. Each record the example writes then passes `muggins replay --verify`.
A second part reads the example's source with `ast`: every name it imports
from a muggins package is in that module's `__all__`, and it reaches no
`_private` attribute.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import random
import selectors
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from muggins.i18n import set_language

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "line_front_end.py"

#: Each game with seats and house rules that make a short match: two people where a window can ask one before the other.
MATCHES = {
    "cribbage_muggins": (["human", "expert"], {"target": 61}),
    "muggins_shedding": (["human", "novice", "human"], {"hands": 1}),
    "willughby_fishing": (["human", "expert", "novice", "human", "random"], {"deals": 1}),
}


@pytest.fixture(autouse=True)
def _english_again():
    """The example sets the process's language, as a front end does once at its start: each test leaves it unset again."""
    yield
    set_language(None)


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("line_front_end", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class OtherEnd:
    """The example's stdout (what it flushes is read, a line at a time) and its stdin (each line an answer to the last frame that asks)."""

    def __init__(self, seed: int, stop_after: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.stop_after = stop_after
        self.pending = ""
        self.received: list[dict[str, Any]] = []
        self.read = 0
        self.answered = 0

    def write(self, text: str) -> int:
        self.pending += text
        return len(text)

    def flush(self) -> None:
        *whole, self.pending = self.pending.split("\n")
        self.received.extend(json.loads(line) for line in whole)

    def lines(self) -> Iterator[str]:
        while self.stop_after is None or self.answered < self.stop_after:
            new, self.read = self.received[self.read:], len(self.received)
            asking = [m for m in new if m.get("decision")]
            assert asking, f"a line was asked for after no frame asking one: {new}"
            frame = asking[-1]
            decision = frame["decision"]
            standing = decision["standing"]
            text = standing if standing is not None and self.rng.random() < 0.9 else self.rng.choice(decision["choices"])["text"]
            self.answered += 1
            yield json.dumps({"seat": frame["seat"], "step": frame["step"], "answer": text})

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.received if "error" in m]


def _play(argv: list[str], end: OtherEnd) -> int:
    return _example().main(argv, end.lines(), end)


def _replay_verifies(path: str) -> str:
    from muggins_cli.main import cli

    done = CliRunner().invoke(cli, ["replay", "--verify", path])
    assert done.exit_code == 0, done.output
    return done.output


@pytest.mark.plugins
@pytest.mark.parametrize("name", sorted(MATCHES))
def test_the_example_plays_a_whole_match_whose_record_verifies(name, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", name)
    seats, rules = MATCHES[name]
    end = OtherEnd(seed=5)
    assert _play([name, *seats, "--seed", "5", "--rules", json.dumps(rules)], end) == 0
    assert end.errors() == []
    path = end.received[0]["record"]
    people = [seat for seat, spec in enumerate(seats) if spec == "human"]
    last = end.received[-len(people):]
    assert [frame["seat"] for frame in last] == people and all(frame["over"] and frame["result"] for frame in last)
    assert end.answered > 0 and all(m.get("seat") in people for m in end.received[1:])  # no bot's frame is sent
    shown = [event for m in end.received[1:] for event in m["events"]]
    assert shown, "the frames carry the events each person may see"
    assert _replay_verifies(path).startswith("ok: ")


def _lines_from(stream: Any) -> Iterator[bytes]:
    """The lines a program writes to `stream`, each as soon as it is flushed, until it closes the stream."""
    waiting = selectors.DefaultSelector()
    waiting.register(stream, selectors.EVENT_READ)
    kept = b""
    while True:
        while b"\n" not in kept:
            # A guard, not a timing check: a line the program never flushes would otherwise hang the test.
            assert waiting.select(timeout=60), "the program sent no line: each line must be flushed as it is sent"
            chunk = os.read(stream.fileno(), 1 << 16)
            if not chunk:
                return
            kept += chunk
        line, kept = kept.split(b"\n", 1)
        yield line


@pytest.mark.plugins
def test_the_example_as_a_program_over_pipes_plays_as_it_does_in_process(tmp_path, monkeypatch):
    name = "cribbage_muggins"
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", name)
    seats, rules = MATCHES[name]
    argv = [name, *seats, "--seed", "5", "--rules", json.dumps(rules)]
    in_process = OtherEnd(seed=5)
    assert _play(argv, in_process) == 0
    env = {**os.environ, "MUGGINS_RECORDS": str(tmp_path)}
    over_pipes = OtherEnd(seed=5)
    answers = over_pipes.lines()
    with subprocess.Popen([sys.executable, str(EXAMPLE), *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env) as program:
        for line in _lines_from(program.stdout):
            over_pipes.received.append(json.loads(line))
            if over_pipes.received[-1].get("decision"):  # one person: each frame that asks is answered at once
                program.stdin.write(next(answers).encode() + b"\n")
                program.stdin.flush()
    assert program.returncode == 0
    path = over_pipes.received[0]["record"]
    assert Path(path).parent == tmp_path
    assert over_pipes.received[1:] == in_process.received[1:]
    assert _replay_verifies(path).startswith("ok: ")


@pytest.mark.plugins
def test_a_match_cut_short_is_finished_by_reopening_it(monkeypatch):
    name = "cribbage_muggins"
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", name)
    seats, rules = MATCHES[name]
    first = OtherEnd(seed=6, stop_after=4)
    assert _play([name, *seats, "--seed", "6", "--rules", json.dumps(rules)], first) == 1
    path = first.received[0]["record"]
    assert first.received[-1] == {"error": "end of input: the match stops here; continue it with --reopen", "record": path}
    second = OtherEnd(seed=7)
    assert _play(["--reopen", path], second) == 0
    assert second.errors() == [] and second.received[0] == {"record": path} and second.received[-1]["result"]
    assert _replay_verifies(path).startswith("ok: ")
    shown_again = OtherEnd(seed=8)
    assert _play(["--reopen", path], shown_again) == 0
    assert [m["seat"] for m in shown_again.received[1:]] == [None]  # a finished record seats nobody: a spectator's last frame
    assert shown_again.received[1]["result"] == second.received[-1]["result"]


@pytest.mark.plugins
def test_a_refused_answer_is_one_error_line_and_the_frame_again(monkeypatch):
    name = "cribbage_muggins"
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", name)
    end = OtherEnd(seed=8)
    answers = end.lines()

    def wrong_first() -> Iterator[str]:
        yield "not json"
        yield json.dumps({"seat": 0, "step": -1, "answer": "x"})
        yield from answers

    example = _example()
    seats, rules = MATCHES[name]
    assert example.main([name, *seats, "--seed", "8", "--rules", json.dumps(rules)], wrong_first(), end) == 0
    errors = end.errors()
    assert len(errors) == 2 and errors[1]["error"].startswith("that answer came too late")
    first_frame = end.received[1]
    assert end.received[2] == errors[0] and end.received[3]["step"] == first_frame["step"] and end.received[3]["events"] == []


@pytest.mark.plugins
def test_the_example_speaks_the_language_of_muggins_lang(monkeypatch):
    name = "cribbage_muggins"
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", name)
    monkeypatch.setenv("MUGGINS_LANG", "fr")
    end = OtherEnd(seed=8, stop_after=1)
    answers = end.lines()

    def stale_first() -> Iterator[str]:
        yield json.dumps({"seat": 0, "step": -1, "answer": "x"})
        yield from answers

    seats, rules = MATCHES[name]
    assert _example().main([name, *seats, "--seed", "8", "--rules", json.dumps(rules)], stale_first(), end) == 1
    first_frame, refusal = end.received[1], end.received[2]
    assert first_frame["lines"][0].startswith("Coupe pour la donne")
    assert refusal["error"].startswith("cette réponse arrive trop tard")
    assert first_frame["decision"]["choices"][0]["text"].startswith("discard ")  # what is sent back is the same in every language


def test_a_request_no_match_is_made_from_is_one_error_line(monkeypatch):
    end = OtherEnd(seed=9)
    assert _play(["no_such_game", "human"], end) == 2
    assert len(end.received) == 1 and "unknown game 'no_such_game'" in end.received[0]["error"]


def _muggins_module(name: str | None) -> bool:
    return name is not None and name.split(".")[0] in {"muggins", "muggins_cli", "muggins_web", *MATCHES}


def test_the_example_uses_public_names_alone():
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    imported = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _muggins_module(node.module):
            assert node.level == 0 and not any(part.startswith("_") for part in node.module.split(".")), node.module
            public = importlib.import_module(node.module).__all__
            for alias in node.names:
                assert alias.name in public, f"{alias.name} is not in {node.module}.__all__"
                imported.append(alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert not _muggins_module(alias.name), f"import names from {alias.name}, so each is checked against its __all__"
        elif isinstance(node, ast.Attribute):
            assert not node.attr.startswith("_"), f"line {node.lineno}: .{node.attr}"
    assert {"Session", "RecordStore", "get_registry"} <= set(imported)
    assert len(EXAMPLE.read_text(encoding="utf-8").splitlines()) <= 80, "docs/front-ends.md calls it a small example"
