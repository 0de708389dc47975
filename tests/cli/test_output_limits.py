"""Two last inputs of issue 37: a `--lang` of thousands of characters is quoted short, and `ulimit -f` is not called a full disk."""

from __future__ import annotations

import resource
import subprocess
import sys

MUGGINS = [sys.executable, "-m", "muggins_cli"]


def test_a_3000_character_lang_is_quoted_in_40_characters(run):
    result = run("--lang", "x" * 3000, "list")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert f"'{'x' * 39}…' is not one of 'en', 'fr'" in line and len(line) < 140


def test_a_file_size_limit_is_said_as_such(subprocess_env, tmp_path):
    def small_files() -> None:  # Python ignores SIGXFSZ, so a write past the limit fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))

    with open(tmp_path / "out.json", "wb") as out:
        done = subprocess.run([*MUGGINS, "simulate", "tally", "--games", "2"], env=subprocess_env, cwd=tmp_path, stdout=out, stderr=subprocess.PIPE,
                              text=True, timeout=120, preexec_fn=small_files)
    assert done.returncode == 1
    assert done.stderr == "muggins: error: cannot write the output: the file size limit (ulimit -f) was reached\n"


def test_a_record_past_the_file_size_limit_says_so_and_resumes(subprocess_env, tmp_path):
    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))  # the header and opening fit, the match does not

    seats = ["--seat", "expert", "--seat", "expert", "--seat", "expert"]
    done = subprocess.run([*MUGGINS, "play", "tally", *seats, "--seed", "4", "--record", "r.jsonl"], env=subprocess_env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert done.returncode == 1, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("muggins: error: cannot write record r.jsonl: the file size limit (ulimit -f) was reached; the record keeps ")
    assert line.endswith("; raise the limit, then continue with: muggins resume r.jsonl") and "free some space" not in line
    resumed = subprocess.run([*MUGGINS, "resume", "r.jsonl"], env=subprocess_env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
