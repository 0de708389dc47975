"""The command line reads top-down: no module of muggins_cli imports, at load, a module that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

import muggins_cli

PACKAGE = Path(muggins_cli.__file__).parent


def _load_time_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        found: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only: lazy imports are fine
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
        graph[path.stem] = found
    return graph


def test_no_module_of_the_command_line_imports_its_importer_back():
    graph = _load_time_imports()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = sorted(module for module in graph if reaches(module, module, {module}))
    assert circles == [], f"modules in an import circle: {circles}"
    assert graph["session"] == set() and "main" not in set().union(*(graph[m] for m in graph if m != "__main__"))
