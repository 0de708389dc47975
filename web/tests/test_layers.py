"""The web package stands on the core, beside the CLI: no module names the CLI (`muggins serve` is a plugin's command), nor the test kit."""

from __future__ import annotations

import ast
from pathlib import Path

import muggins_web

PACKAGE = Path(muggins_web.__file__).parent


def _imported(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_module_imports_anything_from_the_cli_or_the_test_kit():
    offending = {}
    for path in sorted(PACKAGE.glob("*.py")):
        named = {n for n in _imported(path) if n.split(".")[0] == "muggins_cli" or n.startswith("muggins.testing")}
        if named:
            offending[path.name] = sorted(named)
    assert offending == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from muggins_cli.recording import new_record\n")
    assert "muggins_cli.recording" in _imported(sample)
