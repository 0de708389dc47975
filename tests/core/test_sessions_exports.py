"""Every name the two front ends import from `muggins.match_checks` is one of its public names (`__all__`)."""

from __future__ import annotations

import ast
from pathlib import Path

import muggins.match_checks

ROOT = Path(__file__).resolve().parents[2]
FRONT_ENDS = (ROOT / "cli" / "src" / "muggins_cli", ROOT / "web" / "src" / "muggins_web")


def _imported_from_sessions() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for package in FRONT_ENDS:
        for path in package.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "muggins.match_checks import" not in text:
                continue
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.ImportFrom) and node.module == "muggins.match_checks":
                    for alias in node.names:
                        found.setdefault(alias.name, []).append(str(path.relative_to(ROOT)))
    return found


def test_the_front_ends_import_only_public_names_from_sessions():
    imported = _imported_from_sessions()
    assert "default_opponent" in imported  # both front ends ask it for a seat left unnamed
    private = {name: where for name, where in imported.items() if name not in muggins.match_checks.__all__}
    assert private == {}
    assert all(hasattr(muggins.match_checks, name) for name in muggins.match_checks.__all__)


def test_the_former_module_name_still_gives_every_public_name():
    import muggins.sessions as former

    assert former.__all__ == muggins.match_checks.__all__
    assert all(getattr(former, name) is getattr(muggins.match_checks, name) for name in former.__all__)
    assert former.FrontEndFactory is muggins.match_checks.FrontEndFactory
