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
