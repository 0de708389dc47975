"""An output encoding without the signs muggins writes (Latin-1 has no `♥`, no narrow no-break space): stand-ins, never a stopped match."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from muggins_cli.style import write_what_the_encoding_can

MUGGINS = [sys.executable, "-m", "muggins_cli"]
NNBSP = "\u202f"
pytestmark = pytest.mark.plugins
pytest.importorskip("cribbage_muggins")


def _muggins(*args: str, env: dict[str, str], cwd) -> subprocess.CompletedProcess:
    return subprocess.run([*MUGGINS, *args], env=env, cwd=cwd, capture_output=True, timeout=300)


@pytest.fixture
def latin1_env(subprocess_env, tmp_path):
    return dict(subprocess_env, PYTHONIOENCODING="latin-1", MUGGINS_LOAD_PLUGINS="cribbage_muggins", MUGGINS_RECORDS=str(tmp_path),
                MUGGINS_LANG="en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_bot_match_replay_and_simulation_finish_on_a_latin1_output(latin1_env, tmp_path, language):
    played = _muggins("--lang", language, "play", "cribbage_muggins", "--seat", "novice", "--opponents", "novice", "--seed", "3",
                      "--record", "r.jsonl", env=latin1_env, cwd=tmp_path)
    assert played.returncode == 0, played.stderr.decode("latin-1")
    out = played.stdout.decode("latin-1")
    assert "internal error" not in played.stderr.decode("latin-1")
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) > 10 and "result" in json.loads(lines[-1])  # the whole match, to its result
    assert "♥" not in out and any(f"{rank}H" in out for rank in ("A", "2", "5", "10", "J", "Q", "K"))  # 5♥ written as 5H
    replayed = _muggins("--lang", language, "replay", "r.jsonl", env=latin1_env, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr.decode("latin-1")
    assert replayed.stdout.decode("latin-1").count("\n") > 10
    simulated = _muggins("--lang", language, "simulate", "cribbage_muggins", "--games", "3", "--seed", "1", env=latin1_env, cwd=tmp_path)
    assert simulated.returncode == 0, simulated.stderr.decode("latin-1")
    if language == "fr":  # French numbers take narrow no-break spaces, which Latin-1 lacks: plain spaces
        assert "\u202f" not in simulated.stdout.decode("latin-1") and "é".encode("latin-1") in simulated.stdout


def test_the_stand_ins_fit_the_encoding():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="latin-1", errors="strict")
    write_what_the_encoding_can(stream)
    stream.write("10♥ · 5\u202f% … «à» ← ☃\n")
    stream.flush()
    assert raw.getvalue().decode("latin-1") == "10H · 5 % ... «à» <- ?\n"
    ascii_raw = io.BytesIO()
    narrow = io.TextIOWrapper(ascii_raw, encoding="ascii", errors="strict")
    write_what_the_encoding_can(narrow)
    narrow.write("é«♣»\n")
    narrow.flush()
    assert ascii_raw.getvalue() == b'e"C"\n'
    typeset = io.BytesIO()
    french = io.TextIOWrapper(typeset, encoding="latin-1", errors="strict")
    write_what_the_encoding_can(french)
    french.write(f"main{NNBSP}: 16,63{NNBSP}; crib{NNBSP}: \u22124,02 «{NNBSP}expert{NNBSP}»\n")
    french.flush()
    assert typeset.getvalue().decode("latin-1") == "main : 16,63 ; crib : -4,02 « expert »\n"
    wide = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    write_what_the_encoding_can(wide)
    assert wide.errors == "strict"  # UTF-8 output keeps its bytes exactly
