"""Shell completion for `play` (game names, seat kinds and their options, record files) and how it is switched on."""

from __future__ import annotations

from click.shell_completion import ShellComplete

from muggins_cli.main import cli


def complete(registry, *words: str) -> list[tuple[str, str]]:
    """What the shell is offered for the last word of `muggins WORDS...`."""
    *args, incomplete = words
    shell = ShellComplete(cli, {}, "muggins", "_MUGGINS_COMPLETE")
    return [(item.value, item.type) for item in shell.get_completions(args, incomplete)]


def test_game_names_complete(registry):
    assert complete(registry, "play", "ta") == [("tally", "plain")]
    assert complete(registry, "play", "zz") == []


def test_seat_kinds_and_their_options_complete_for_the_game_typed(registry):
    assert [v for v, _ in complete(registry, "play", "tally", "--seat", "")] == ["expert", "human", "novice", "random", "search"]
    assert [v for v, _ in complete(registry, "play", "tally", "--opponents", "")] == ["expert", "novice", "random", "search"]
    assert [v for v, _ in complete(registry, "play", "tally", "--opponents", "novice:")] == ["novice:error_rate=", "novice:attention="]
    assert [v for v, _ in complete(registry, "play", "tally", "--seat", "novice:e")] == ["novice:error_rate="]
    assert complete(registry, "play", "tally", "--seat", "wizard:") == []


def test_record_files_complete_and_fall_back_to_the_shell(registry, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "muggins-tally-5.jsonl").write_text("{}\n")
    (tmp_path / "muggins-tally-6.jsonl").write_text("{}\n")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "a.jsonl").write_text("{}\n")
    assert complete(registry, "play", "tally", "--record", "mug") == [("muggins-tally-5.jsonl", "plain"), ("muggins-tally-6.jsonl", "plain")]
    assert complete(registry, "play", "tally", "--record", "old/") == [("old/a.jsonl", "plain")]
    assert complete(registry, "play", "tally", "--record", "no") == [("no", "file")]  # the shell's own file completion


def test_completion_without_any_game_offers_nothing(bare_run, monkeypatch):
    monkeypatch.setenv("MUGGINS_LOAD_PLUGINS", "")
    from muggins.plugins import load_registry, reset_registry

    reset_registry(load_registry())
    shell = ShellComplete(cli, {}, "muggins", "_MUGGINS_COMPLETE")
    assert [item.value for item in shell.get_completions(["play"], "")] == []


def test_the_docs_say_how_to_turn_completion_on():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    assert '_MUGGINS_COMPLETE=bash_source muggins' in text and '_MUGGINS_COMPLETE=zsh_source muggins' in text
    assert "_MUGGINS_COMPLETE=fish_source muggins" in text


def test_every_command_taking_a_game_or_a_record_completes_it(registry, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.jsonl").write_text("{}\n")
    assert complete(registry, "rules", "t") == [("tally", "plain")]
    for command in ("replay", "resume"):
        assert complete(registry, command, "m") == [("m.jsonl", "plain")]
